// Many host threads at once, each on streams of its own: mixed operations checked against values
// known in closed form, for CUPP_SOAK_SECONDS (2 by default; the GPU check runs it longer), then
// the pool back to its baseline. Catch2's checks are not thread-safe: the threads count what went
// wrong and the main thread checks the counts.
#include "testing.hpp"

#include <cupp/cupp.hpp>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

namespace cp = cupp;

namespace {

double soak_seconds() {
  const char* env = std::getenv("CUPP_SOAK_SECONDS");
  return env && *env ? std::atof(env) : 2.0;
}

// One round of mixed work on the current stream; false when a value is wrong.
bool round_is_right(std::int64_t round, cp::random::Generator& rng) {
  const std::int64_t n = 4096 + round % 7;
  const auto a = cp::arange<std::int64_t>(n);
  bool ok = cp::sum(a * 2 + round).item() == n * (n - 1) + round * n;
  const auto reversed = cp::ndarray<std::int64_t>(a(cp::slice(cp::none, cp::none, -1)));
  ok = ok && cp::sum(cp::sort(reversed) != a).item() == 0;
  const auto idx = cp::asarray<std::int64_t>({0, n - 1, 5});
  ok = ok && cp::take(a, idx).get() == std::vector<std::int64_t>{0, n - 1, 5};
  const auto m = cp::full<float>({32, 32}, static_cast<float>(round % 5));
  ok = ok && cp::max(cp::matmul(m, cp::ones<float>({32, 32}))).item() == 32.0f * (round % 5);
  ok = ok && cp::sum(a.to_device(cp::current_device())).item() == n * (n - 1) / 2;
  const auto u = rng.random<float>({1000});
  ok = ok && cp::min(u).item() >= 0.0f && cp::max(u).item() < 1.0f;
  return ok;
}

} // namespace

TEST_CASE("threads on their own streams run mixed work at once", "[core][soak]") {
  auto& pool = cp::mr::get_default_memory_pool();
  cp::synchronize();
  const std::size_t before = pool.used_bytes();
  const double seconds = soak_seconds();
  constexpr int threads = 8;
  std::atomic<std::int64_t> rounds{0}, wrong{0}, errors{0};
  std::vector<std::thread> pool_of_threads;
  for (int t = 0; t < threads; ++t)
    pool_of_threads.emplace_back([&, t] {
      try {
        cp::stream s;
        cp::stream_guard g(s);
        auto rng = cp::random::default_rng(static_cast<std::uint64_t>(t));
        const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
        for (std::int64_t r = 0; std::chrono::steady_clock::now() < end; ++r) {
          if (!round_is_right(r, rng)) ++wrong;
          ++rounds;
        }
      } catch (...) {
        ++errors;
      }
    });
  for (auto& th : pool_of_threads)
    th.join();
  INFO(rounds.load() << " rounds in " << seconds << " s");
  CHECK(rounds > threads);
  CHECK(wrong == 0);
  CHECK(errors == 0);
  cp::synchronize();
  CHECK(pool.used_bytes() == before); // the streams and their workspaces are gone
}

TEST_CASE("a kernel's fault is raised once, by the first thread to reach a sync point",
          "[core][soak]") {
  const auto a = cp::arange<int>(3);
  for (int round = 0; round < 20; ++round) {
    std::atomic<int> raised{0};
    std::atomic<bool> stop{false};
    std::thread other([&] { // syncs in a loop while this thread makes the fault
      while (!stop) {
        try {
          cp::synchronize();
        } catch (const cp::index_error&) {
          ++raised;
        }
      }
    });
    const auto r = cp::take(a, cp::asarray<std::int64_t>({0, 7})); // 7 is out of bounds
    try {
      cp::synchronize();
    } catch (const cp::index_error&) {
      ++raised;
    }
    stop = true;
    other.join();
    CHECK(raised == 1);
  }
}
