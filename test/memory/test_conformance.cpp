// One conformance suite run over every resource cupp has: sizes, alignment, usability of the
// memory, failure on absurd sizes without leaking, and use from several threads and streams.
#include "common/testing.hpp"

#include <cupp/interop/cuda_mr.hpp>
#include <cupp/reduction/reduce.hpp>

#include <atomic>
#include <memory>
#include <random>
#include <thread>

namespace {

struct named_resource {
  std::string name;
  cupp::mr::memory_resource* r;
  bool device_memory; // kernels may touch it (false only for plain host memory on the CUDA backend)
};

// Every resource, freshly made where it has state, so that leaks show in its statistics.
struct all_resources {
  cupp::mr::pool_resource pool{cupp::mr::device_malloc(), cupp::current_device()};
  cupp::mr::pool_resource pinned_pool{cupp::mr::pinned_malloc(), 0, true};
  cupp::mr::limiting_adaptor limited{&pool, std::size_t{4} << 30};
  cupp::mr::statistics_adaptor counted{&pool};
  std::vector<named_resource> list() {
    const bool cuda = std::string(cupp::backend_name) == "cuda";
    return {{"device_malloc", cupp::mr::device_malloc(), true},
            {"device_async", cupp::mr::device_async(), true},
            {"pinned_malloc", cupp::mr::pinned_malloc(), true},
            {"host_malloc", cupp::mr::host_malloc(), !cuda},
            {"pool", &pool, true},
            {"pinned_pool", &pinned_pool, true},
            {"limiting_adaptor", &limited, true},
            {"statistics_adaptor", &counted, true}};
  }
};

// Writes a pattern into `bytes` of memory from `r` through a cupp array and reads its sum back.
void check_usable(cupp::mr::memory_resource* r, std::size_t bytes, bool device_memory) {
  void* p = r->allocate_async(bytes, 256, cupp::current_stream());
  REQUIRE(p != nullptr);
  CHECK(reinterpret_cast<std::uintptr_t>(p) % 256 == 0);
  const auto n = static_cast<std::int64_t>(bytes / sizeof(float));
  if (device_memory && n > 0) {
    auto a = cupp::wrap(static_cast<float*>(p), {n});
    a.fill(0.5f);
    CHECK(cupp::sum(a).item() == Approx(0.5 * static_cast<double>(n)).epsilon(1e-6));
  }
  r->deallocate_async(p, bytes, 256, cupp::current_stream());
}

} // namespace

TEST_CASE("every resource: zero, tiny, odd and large sizes, alignment", "[memory][conformance]") {
  all_resources rs;
  const bool cuda = std::string(cupp::backend_name) == "cuda";
  for (const auto& [name, r, device_memory] : rs.list()) {
    INFO(name);
    CHECK(r->allocate_async(0, 256, cupp::current_stream()) == nullptr);
    r->deallocate_async(nullptr, 0, 256, cupp::current_stream()); // accepted, no effect
    for (std::size_t bytes : {1, 7, 512, 513, 4097, 1 << 20, (1 << 20) + 3, 3 << 20})
      check_usable(r, bytes, device_memory);
    for (std::size_t alignment : {1, 2, 8, 64, 128, 256}) {
      void* p = r->allocate_async(100, alignment, cupp::current_stream());
      CHECK(reinterpret_cast<std::uintptr_t>(p) % alignment == 0);
      r->deallocate_async(p, 100, alignment, cupp::current_stream());
    }
    void* s = r->allocate(1000); // the synchronous forms
    CHECK(s != nullptr);
    r->deallocate(s, 1000);
    CHECK(*r == *r);
    // 1 GiB where a GPU holds it; pinned and host memory stay smaller on the CI machine
    const bool big =
        cuda && name != "pinned_malloc" && name != "pinned_pool" && name != "host_malloc";
    check_usable(r, big ? std::size_t{1} << 30 : std::size_t{64} << 20, device_memory);
  }
  CHECK(rs.pool.used_bytes() == 0);
  CHECK(rs.pinned_pool.used_bytes() == 0);
  CHECK(rs.limited.allocated_bytes() == 0);
  CHECK(rs.counted.bytes().current == 0);
  CHECK(rs.counted.allocations().current == 0);
  CHECK(rs.counted.allocations().total > 10);
  CHECK(rs.counted.bytes().peak >= (cuda ? std::size_t{1} << 30 : std::size_t{64} << 20));
}

TEST_CASE("every resource: an absurd size raises out_of_memory and leaks nothing",
          "[memory][conformance][errors]") {
  all_resources rs;
  for (const auto& [name, r, device_memory] : rs.list()) {
    INFO(name);
    CHECK_THROWS_AS((void)r->allocate_async(std::size_t{1} << 60, 256, cupp::current_stream()),
                    cupp::out_of_memory);
    check_usable(r, 4096, device_memory); // still works
  }
  CHECK(rs.pool.used_bytes() == 0);
  CHECK(rs.limited.allocated_bytes() == 0);
  CHECK(rs.counted.bytes().current == 0);
  CHECK_THROWS_WITH_WORDS(
      (void)rs.pool.allocate_async(std::size_t{1} << 60, 256, cupp::current_stream()),
      cupp::out_of_memory, "Out of memory allocating 1,152,921,504,606,846,976 bytes", "bytes used",
      "bytes held", "limit none");
  CHECK_THROWS_WITH_WORDS((void)rs.pool.allocate_async(64, 1024, cupp::current_stream()),
                          cupp::value_error, "alignments up to 256");
}

TEST_CASE("every resource: four threads on their own streams, frees on other threads",
          "[memory][conformance][threads]") {
  all_resources rs;
  for (const auto& [name, r, device_memory] : rs.list()) {
    INFO(name);
    struct handoff {
      void* p;
      std::size_t bytes;
      cupp::native_stream s;
    };
    std::vector<handoff> passed[4];
    std::atomic<int> failures{0};
    cupp::stream streams[4]; // outlive every free ordered on them
    auto work = [&, r = r](int id) {
      try {
        const cupp::stream& own = streams[id];
        cupp::stream_guard g(own.native());
        std::mt19937 gen(id);
        std::vector<handoff> live;
        for (int i = 0; i < 300; ++i) {
          const std::size_t bytes = std::size_t{1} << (gen() % 22);
          live.push_back({r->allocate_async(bytes, 256, own.native()), bytes, own.native()});
          if (gen() % 3 == 0) {
            const auto h = live[gen() % live.size()];
            live.erase(std::find_if(live.begin(), live.end(), [&](auto& x) { return x.p == h.p; }));
            r->deallocate_async(h.p, h.bytes, 256, h.s);
          }
        }
        // half of what is left is freed by another thread
        for (std::size_t k = 0; k < live.size(); ++k) {
          if (k % 2) {
            r->deallocate_async(live[k].p, live[k].bytes, 256, live[k].s);
          } else {
            passed[(id + 1) % 4].push_back(live[k]);
          }
        }
        own.synchronize();
      } catch (...) {
        ++failures;
      }
    };
    std::vector<std::thread> threads;
    for (int id = 0; id < 4; ++id)
      threads.emplace_back(work, id);
    for (auto& t : threads)
      t.join();
    std::vector<std::thread> freers;
    for (int id = 0; id < 4; ++id)
      freers.emplace_back([&, r = r, id] {
        for (const auto& h : passed[id])
          r->deallocate_async(h.p, h.bytes, 256, h.s);
      });
    for (auto& t : freers)
      t.join();
    cupp::device_synchronize();
    CHECK(failures == 0);
  }
  CHECK(rs.pool.used_bytes() == 0);
  CHECK(rs.limited.allocated_bytes() == 0);
  CHECK(rs.counted.bytes().current == 0);
  rs.pool.free_all_blocks();
  CHECK(rs.pool.total_bytes() == 0); // everything coalesced back into whole chunks
  CHECK(rs.pool.n_free_blocks() == 0);
}
