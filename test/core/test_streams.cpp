// cupp::stream's options (blocking, priority), host functions in stream order, external_stream
// (a stream cupp adopts without owning), and their errors.
#include "testing.hpp"

#include <cupp/core/context.hpp>
#include <cupp/core/event.hpp>
#include <cupp/creation.hpp>
#include <cupp/memory/pool.hpp>
#include <cupp/reduction/reduce.hpp>

#include <atomic>
#include <cstdlib>
#include <string>
#include <thread>

TEST_CASE("streams are made non-blocking or blocking, with a priority", "[core][streams]") {
  const auto range = cupp::stream_priority_range();
  CHECK(range.greatest <= range.least); // CUDA: lower is more urgent
  cupp::stream plain;
  CHECK(plain.non_blocking());
  CHECK(plain.priority() == 0);
  CHECK(plain.device() == cupp::current_device());
  cupp::stream urgent({.non_blocking = false, .priority = range.greatest});
  CHECK_FALSE(urgent.non_blocking());
  CHECK(urgent.priority() == range.greatest);
  // out of range priorities are clamped, as CUDA does
  cupp::stream beyond({.priority = range.greatest - 100});
  CHECK(beyond.priority() == range.greatest);
  cupp::stream lazy({.priority = range.least + 100});
  CHECK(lazy.priority() == range.least);
  // distinct streams are distinct handles on both backends (the pools key their blocks by them)
  CHECK(plain.native() != urgent.native());
  CHECK(plain.native() != cupp::native_stream{});
  for (cupp::stream* s : {&plain, &urgent, &beyond, &lazy}) {
    cupp::stream_guard g(*s);
    const auto total = cupp::sum(cupp::arange<std::int64_t>(1000));
    CHECK(total.item() == 499500);
  }
}

TEST_CASE("a host function runs after the work enqueued before it", "[core][streams]") {
  cupp::stream s;
  cupp::stream_guard g(s);
  auto& pinned = cupp::mr::get_default_pinned_memory_pool();
  for (int round = 0; round < 10; ++round) {
    const cupp::index_t n = 1 << 20;
    auto* host = static_cast<double*>(pinned.allocate(sizeof(double)));
    const auto total = cupp::sum(cupp::arange<double>(n) + round);
    cupp::detail::copy_bytes_async(host, total.data(), sizeof(double), s.native());
    std::atomic<double> seen{-1.0};
    std::atomic<int> calls{0};
    s.launch_host_func([&] { // the copy is done when this runs
      seen = *host;
      ++calls;
    });
    s.synchronize();
    CHECK(calls == 1);
    CHECK(seen == static_cast<double>(n) * (n - 1) / 2 + static_cast<double>(round) * n);
    pinned.deallocate(host, sizeof(double));
  }
}

TEST_CASE("external_stream adopts a stream without owning it", "[core][streams]") {
  cupp::stream owner({.non_blocking = false});
  {
    cupp::external_stream adopted(owner.native());
    CHECK(adopted.native() == owner.native());
    CHECK(adopted.device() == cupp::current_device());
    CHECK_FALSE(adopted.non_blocking()); // asked of the stream
    cupp::stream_guard g(adopted);
    const auto total = cupp::sum(cupp::ones<float>({4096}));
    CHECK(total.item() == 4096.0f);
  } // not destroyed: its owner still runs work
  cupp::stream_guard g(owner);
  const auto total = cupp::sum(cupp::ones<float>({100}));
  owner.synchronize();
  CHECK(total.item() == 100.0f);

  cupp::external_stream legacy(cupp::native_stream{}); // the default stream
  CHECK(legacy.device() == cupp::current_device());
  CHECK_THROWS_WITH_WORDS(cupp::external_stream(owner.native(), cupp::device_count()),
                          cupp::value_error, "out of range");
  // CUDA's cudaStreamPerThread: one handle naming a different stream on each thread
  CHECK_THROWS_WITH_WORDS(cupp::external_stream(reinterpret_cast<cupp::native_stream>(0x2)),
                          cupp::value_error, "cudaStreamPerThread");
}

TEST_CASE("the per-thread default stream option gives each thread a stream of its own",
          "[core][streams]") {
  const char* env = std::getenv("CUPP_PER_THREAD_DEFAULT_STREAM");
  if (!env || std::string(env) != "1") { // the ctest entry test_core_per_thread_stream sets it
    CHECK(cupp::current_stream() == cupp::native_stream{}); // the legacy default stream
    return;
  }
  const cupp::native_stream here = cupp::current_stream();
  CHECK(here != cupp::native_stream{});
  cupp::native_stream there{};
  std::int64_t total = 0;
  std::thread other([&] {
    there = cupp::current_stream();
    total = cupp::sum(cupp::arange<std::int64_t>(1000)).item();
  });
  other.join();
  CHECK(there != cupp::native_stream{});
  CHECK(there != here);
  CHECK(total == 499500);
  {
    cupp::stream_guard legacy(cupp::native_stream{}); // still the program's to choose
    CHECK(cupp::current_stream() == cupp::native_stream{});
  }
  CHECK(cupp::current_stream() == here);
}
