// The FFT plan cache (CuPy's cupy.fft.config.get_plan_cache() API: sizes, memory limit, hits and
// misses, clear, show_info) and explicit plan objects. The cache is per host thread, and Catch2
// runs the tests in one thread: each test restores the settings it changes.
#include "fft/fft_testing.hpp"

#include <cupp/creation.hpp>
#include <cupp/fft/plan.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

using namespace cupp_test;
namespace f = cupp::fft;

namespace {

// Restores the cache's limits at the end of a test, whatever happens in it.
struct cache_settings {
  f::plan_cache cache = f::get_plan_cache();
  std::size_t size = cache.get_size();
  long long memsize = cache.get_memsize();
  cache_settings() = default;
  cache_settings(const cache_settings&) = delete;
  cache_settings& operator=(const cache_settings&) = delete;
  ~cache_settings() {
    cache.set_size(size);
    cache.set_memsize(memsize);
  }
};

} // namespace

TEST_CASE("plan cache: hits and misses of repeated transforms", "[fft][plan]") {
  cache_settings saved;
  f::plan_cache cache = f::get_plan_cache();
  CHECK(cache.get_size() == 16); // CuPy's default
  CHECK(cache.get_memsize() == -1);
  cache.clear();
  CHECK(cache.get_curr_size() == 0);
  CHECK(cache.get_curr_memsize() == 0);
  const auto x = random_array<cupp::complex128>({4, 8}, 81);
  const auto want = values_of(f::fft(x));
  // clear() freed the plans: the first transform after it makes its plan, the next ones find it
  cache.clear();
  const std::size_t h0 = cache.hits(), m0 = cache.misses();
  CHECK(relative_error(values_of(f::fft(x)), want) < 1e-14);
  CHECK(cache.misses() == m0 + 1);
  CHECK(cache.hits() == h0);
  CHECK(cache.get_curr_size() == 1);
  for (int i = 1; i <= 3; ++i) {
    CHECK(relative_error(values_of(f::fft(x)), want) < 1e-14);
    CHECK(cache.hits() == h0 + i);
    CHECK(cache.misses() == m0 + 1);
  }
  CHECK(cache.get_curr_size() == 1);
  // another length, precision or direction: another plan
  (void)f::fft(x, 9);
  CHECK(cache.misses() == m0 + 2);
  (void)f::fft(random_array<cupp::complex64>({4, 8}, 82));
  CHECK(cache.misses() == m0 + 3);
  (void)f::ifft(x);
  CHECK(cache.misses() == m0 + 4);
  (void)f::rfft(random_array<double>({4, 8}, 83));
  CHECK(cache.misses() == m0 + 5);
  CHECK(cache.get_curr_size() == 5);
  const std::size_t h1 = cache.hits(), m1 = cache.misses();
  (void)f::fft(x, 9);
  (void)f::ifft(x);
  CHECK(cache.hits() == h1 + 2);
  CHECK(cache.misses() == m1);
  // clear() keeps the counts
  cache.clear();
  CHECK(cache.get_curr_size() == 0);
  CHECK(cache.hits() == h1 + 2);
  CHECK(cache.misses() == m1);
  // a second handle shows the same cache
  CHECK(f::get_plan_cache().misses() == m1);
  CHECK(f::plan_cache(-1).device() == cache.device());
}

TEST_CASE("plan cache: size limits, disabling, the memory limit", "[fft][plan]") {
  cache_settings saved;
  f::plan_cache cache = f::get_plan_cache();
  cache.clear();
  const auto a = random_array<cupp::complex128>({3, 8}, 84);
  const auto b = random_array<cupp::complex128>({3, 10}, 85);
  const auto c = random_array<cupp::complex128>({3, 12}, 86);
  // at most two plans: the least recently used goes
  cache.set_size(2);
  CHECK(cache.get_size() == 2);
  (void)f::fft(a);
  (void)f::fft(b);
  (void)f::fft(c);
  CHECK(cache.get_curr_size() == 2);
  std::size_t m = cache.misses();
  (void)f::fft(c); // kept
  (void)f::fft(b); // kept
  CHECK(cache.misses() == m);
  (void)f::fft(a); // evicted: made again (and c goes)
  CHECK(cache.misses() == m + 1);
  (void)f::fft(b);
  CHECK(cache.misses() == m + 1);
  (void)f::fft(c);
  CHECK(cache.misses() == m + 2);
  // shrinking evicts at once
  cache.set_size(1);
  CHECK(cache.get_curr_size() == 1);
  // size 0: caching off, every transform makes its plans, results still right
  cache.set_size(0);
  CHECK(cache.get_curr_size() == 0);
  m = cache.misses();
  const std::size_t h = cache.hits();
  for (int i = 0; i < 3; ++i) {
    CHECK(relative_error(values_of(f::fft(a)), host_rows(values_of(a), 8, true)) < 1e-13);
    CHECK(relative_error(values_of(f::irfft(f::rfft(a.real()), 8)), values_of(a.real())) < 1e-14);
  }
  CHECK(cache.get_curr_size() == 0);
  CHECK(cache.get_curr_memsize() == 0);
  CHECK(cache.hits() == h);
  CHECK(cache.misses() >= m + 3);
  std::ostringstream off;
  cache.show_info(off);
  CHECK(off.str().find("False") != std::string::npos);
  // back on
  cache.set_size(4);
  (void)f::fft(a);
  CHECK(cache.get_curr_size() == 1);
  // the memory limit: -1 is no limit, below -1 an error, 0 keeps no plan that needs memory
  CHECK_NOTHROW(cache.set_memsize(-1));
  CHECK(cache.get_memsize() == -1);
  CHECK_THROWS_AS(cache.set_memsize(-5), cupp::value_error);
  CHECK(cache.get_memsize() == -1);
  CHECK_NOTHROW(cache.set_memsize(1 << 20));
  CHECK(cache.get_memsize() == 1 << 20);
  CHECK(cache.get_curr_memsize() <= static_cast<std::size_t>(1 << 20));
  cache.set_memsize(0);
  CHECK(cache.get_curr_memsize() == 0);
  CHECK(relative_error(values_of(f::fft(b)), host_rows(values_of(b), 10, true)) < 1e-13);
  cache.set_memsize(-1);
  cache.clear();
  CHECK(cache.get_curr_size() == 0);
}

TEST_CASE("plan cache: show_info", "[fft][plan]") {
  cache_settings saved;
  f::plan_cache cache = f::get_plan_cache();
  cache.clear();
  (void)f::fft(random_array<cupp::complex128>({2, 16}, 87));
  (void)f::rfft(random_array<float>({2, 6}, 88));
  std::ostringstream os;
  cache.show_info(os);
  const std::string info = os.str();
  INFO(info);
  CHECK(info.find("hits") != std::string::npos);
  CHECK(info.find("misses") != std::string::npos);
  CHECK(info.find("True") != std::string::npos); // enabled
  CHECK(info.find("C2C") != std::string::npos);  // one line per plan
  CHECK(info.find("R2C") != std::string::npos);
  CHECK(info.find("n=(16)") != std::string::npos);
  CHECK(info.find("2 / 16") != std::string::npos); // current / max size
}

TEST_CASE("explicit plans: made by the first transform, reused, checked", "[fft][plan]") {
  cache_settings saved;
  f::plan_cache cache = f::get_plan_cache();
  const auto x = random_array<cupp::complex128>({4, 8}, 91);
  const auto want = values_of(f::fft(x, {.axis = 0}));
  f::plan p;
  CHECK(p.size() == 0);
  const std::size_t h = cache.hits(), m = cache.misses();
  const auto y = f::fft(x, {.axis = 0, .plan = &p});
  CHECK(p.size() > 0);
  CHECK(relative_error(values_of(y), want) < 1e-14);
  const std::size_t kept = p.size();
  // the same layout again: the plan's library plans, none made, the cache untouched
  const auto y2 = f::fft(x.copy(), {.axis = 0, .plan = &p});
  CHECK(relative_error(values_of(y2), want) < 1e-14);
  CHECK(p.size() == kept);
  CHECK(cache.hits() == h);
  CHECK(cache.misses() == m);
  // another shape, axis, dtype or direction: value_error
  CHECK_THROWS_WITH_WORDS(
      (void)f::fft(random_array<cupp::complex128>({4, 6}, 92), {.axis = 0, .plan = &p}),
      cupp::value_error, "another layout");
  CHECK_THROWS_WITH_WORDS((void)f::fft(x, {.axis = 1, .plan = &p}), cupp::value_error,
                          "another layout");
  CHECK_THROWS_WITH_WORDS((void)f::ifft(x, {.axis = 0, .plan = &p}), cupp::value_error,
                          "another layout");
  CHECK_THROWS_WITH_WORDS(
      (void)f::fft(random_array<cupp::complex64>({4, 8}, 93), {.axis = 0, .plan = &p}),
      cupp::value_error, "another layout");
  // still good for its own layout after the errors
  CHECK(relative_error(values_of(f::fft(x, {.axis = 0, .plan = &p})), want) < 1e-14);
  // reset(): the next transform makes new plans, for any layout
  p.reset();
  CHECK(p.size() == 0);
  const auto z = random_array<cupp::complex128>({4, 6}, 94);
  CHECK(relative_error(values_of(f::ifft(z, {.plan = &p})), values_of(f::ifft(z))) < 1e-15);
  CHECK(p.size() > 0);
  // several axes and the real transforms take plans too
  f::plan pn;
  const auto r = random_array<double>({6, 5, 4}, 95);
  const auto rn = f::rfftn(r, {.axes = {0, 2}, .plan = &pn});
  CHECK(relative_error(values_of(rn), values_of(f::rfftn(r, {.axes = {0, 2}}))) < 1e-15);
  CHECK(pn.size() > 0);
  CHECK(relative_error(values_of(f::rfftn(r, {.axes = {0, 2}, .plan = &pn})), values_of(rn)) <
        1e-15);
  CHECK_THROWS_WITH_WORDS((void)f::rfftn(r, {.axes = {0, 1}, .plan = &pn}), cupp::value_error,
                          "another layout");
  f::plan pc;
  const auto back = f::irfftn(rn, {.s = {6, 4}, .axes = {0, 2}, .plan = &pc});
  CHECK(relative_error(values_of(back), values_of(r)) < 1e-14);
  CHECK(relative_error(values_of(f::irfftn(rn, {.s = {6, 4}, .axes = {0, 2}, .plan = &pc})),
                       values_of(r)) < 1e-14);
  // a plan with the cache disabled
  cache.set_size(0);
  f::plan p0;
  CHECK(relative_error(values_of(f::fft(x, {.axis = 0, .plan = &p0})), want) < 1e-14);
  CHECK(relative_error(values_of(f::fft(x, {.axis = 0, .plan = &p0})), want) < 1e-14);
  CHECK(cache.get_curr_size() == 0);
}

TEST_CASE("plan cache: one per host thread", "[fft][plan]") {
  cache_settings saved;
  f::plan_cache cache = f::get_plan_cache();
  cache.set_size(3);
  const auto z = random_array<cupp::complex128>({2, 8}, 96);
  const auto want = values_of(f::fft(z));
  const std::size_t size = cache.get_curr_size(), hits = cache.hits(), misses = cache.misses();
  REQUIRE(size > 0);
  // another thread: a cache of its own, empty, with the default limits; its transforms leave
  // this thread's counts alone
  std::size_t their_size = 99, their_limit = 0, their_misses = 0, their_hits = 0, their_after = 0;
  std::vector<zd> got;
  std::string error;
  std::thread t([&] {
    try {
      f::plan_cache mine = f::get_plan_cache();
      their_size = mine.get_curr_size();
      their_limit = mine.get_size();
      const std::size_t m0 = mine.misses(), h0 = mine.hits();
      got = values_of(f::fft(z));
      (void)f::fft(z);
      their_misses = mine.misses() - m0;
      their_hits = mine.hits() - h0;
      their_after = mine.get_curr_size();
    } catch (const std::exception& e) {
      error = e.what();
    }
  });
  t.join();
  CHECK(error.empty());
  CHECK(their_size == 0);
  CHECK(their_limit == 16);
  CHECK(their_misses == 1);
  CHECK(their_hits == 1);
  CHECK(their_after == 1);
  CHECK(relative_error(got, want) < 1e-14);
  CHECK(cache.get_curr_size() == size);
  CHECK(cache.hits() == hits);
  CHECK(cache.misses() == misses);
  CHECK(cache.get_size() == 3);
}

TEST_CASE("fft: several host threads at once, each planning its own transforms", "[fft][plan]") {
  // FFTW's planner is not reentrant: the threads make plans at the same time (lengths each thread
  // has not seen), their caches are their own; every result checked against the host DFT
  const auto x = random_array<cupp::complex128>({3, 40}, 97);
  const auto xv = values_of(x);
  constexpr int threads = 4, rounds = 12;
  std::vector<double> worst(threads, 0.0);
  std::vector<std::string> errors(threads);
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      try {
        for (int r = 0; r < rounds; ++r) {
          const std::int64_t n = 8 + (r * threads + t) % 31; // a crop of x's rows
          std::vector<zd> rows;
          for (std::size_t i = 0; i < 3; ++i)
            rows.insert(rows.end(), xv.begin() + i * 40, xv.begin() + i * 40 + n);
          const auto want = host_rows(rows, n, r % 2 == 0);
          const auto got = values_of(r % 2 == 0 ? f::fft(x, n) : f::ifft(x, n, -1, f::forward));
          double diff = 0;
          for (std::size_t i = 0; i < want.size() && i < got.size(); ++i)
            diff = std::max(diff, std::abs(got[i] - want[i]));
          worst[t] = std::max(worst[t], got.size() == want.size() ? diff : 1e9);
        }
      } catch (const std::exception& e) {
        errors[t] = e.what();
      }
    });
  }
  for (auto& th : pool)
    th.join();
  for (int t = 0; t < threads; ++t) {
    INFO("thread " << t);
    CHECK(errors[t].empty());
    CHECK(worst[t] < 1e-12);
  }
}
