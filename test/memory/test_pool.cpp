// The caching pool: statistics, splitting and coalescing, reuse across streams, limits (exactness,
// the fragmentation case, a limit below what is held), free_all_blocks, and the default pools.
#include "common/testing.hpp"

#include <cupp/memory/pool.hpp>
#include <cupp/memory/upstream.hpp>
#include <cupp/reduction/reduce.hpp>

#include <vector>

namespace {
constexpr std::size_t MiB = std::size_t{1} << 20;
void* alloc(cupp::mr::pool_resource& p, std::size_t n,
            cupp::native_stream s = cupp::native_stream{}) {
  return p.allocate_async(n, 256, s);
}
void release(cupp::mr::pool_resource& p, void* ptr, std::size_t n,
             cupp::native_stream s = cupp::native_stream{}) {
  p.deallocate_async(ptr, n, 256, s);
}
} // namespace

TEST_CASE("pool statistics, splitting and coalescing are exact", "[memory][pool]") {
  cupp::mr::pool_resource pool(cupp::mr::device_malloc(), cupp::current_device());
  CHECK(pool.used_bytes() == 0);
  CHECK(pool.total_bytes() == 0);
  void* a = alloc(pool, 1000); // rounds to 1024, from a 2 MiB chunk
  void* b = alloc(pool, 512);
  void* c = alloc(pool, 1);
  CHECK(pool.used_bytes() == 1024 + 512 + 512);
  CHECK(pool.total_bytes() == 2 * MiB);
  CHECK(pool.n_free_blocks() == 1);                             // the rest of the chunk
  CHECK(static_cast<char*>(b) == static_cast<char*>(a) + 1024); // split from the same chunk
  CHECK(static_cast<char*>(c) == static_cast<char*>(b) + 512);
  release(pool, b, 512);
  CHECK(pool.n_free_blocks() == 2);
  CHECK(pool.used_bytes() == 1536);
  CHECK(alloc(pool, 300) == b); // best fit reuses the hole, on the same stream, without waiting
  release(pool, b, 300);
  release(pool, a, 1000);
  CHECK(pool.n_free_blocks() == 2); // a+b merged; c is still in use
  release(pool, c, 1);
  CHECK(pool.n_free_blocks() == 1); // the whole chunk again
  CHECK(pool.used_bytes() == 0);
  CHECK(pool.peak_used_bytes() == 2048);
  void* big = alloc(pool, 5 * MiB + 3); // a chunk of its own, rounded to 512
  CHECK(pool.total_bytes() == 2 * MiB + 5 * MiB + 512);
  release(pool, big, 5 * MiB + 3);
  CHECK(pool.free_bytes() == pool.total_bytes());
  pool.free_all_blocks();
  CHECK(pool.total_bytes() == 0);
  CHECK(pool.n_free_blocks() == 0);
}

TEST_CASE("long runs of allocations and frees on two streams stay exact", "[memory][pool]") {
  // the pool reuses its released container nodes and block records: thousands of splits, merges
  // and stream lists that empty and refill must keep the statistics and the blocks exact
  cupp::mr::pool_resource pool(cupp::mr::device_malloc(), cupp::current_device());
  cupp::stream s1;
  const cupp::native_stream streams[] = {cupp::native_stream{}, s1.native()};
  const std::size_t sizes[] = {1000, 4096, 70000, 300, 2 * MiB + 1};
  struct live {
    char* p;
    std::size_t n;
    cupp::native_stream s;
  };
  std::vector<live> held;
  std::size_t used = 0;
  auto rounded = [](std::size_t n) { return (n + 511) / 512 * 512; };
  for (int i = 0; i < 3000; ++i) {
    if (held.size() < 6 && i % 7 != 6) {
      const std::size_t n = sizes[static_cast<std::size_t>(i) % 5];
      const cupp::native_stream s = streams[static_cast<std::size_t>(i / 3) % 2];
      char* p = static_cast<char*>(alloc(pool, n, s));
      for (const live& h : held) // no overlap with a block in use
        REQUIRE((p + rounded(n) <= h.p || h.p + rounded(h.n) <= p));
      held.push_back({p, n, s});
      used += rounded(n);
    } else {
      const std::size_t k = static_cast<std::size_t>(i) % held.size();
      release(pool, held[k].p, held[k].n, held[k].s);
      used -= rounded(held[k].n);
      held.erase(held.begin() + static_cast<std::ptrdiff_t>(k));
    }
    REQUIRE(pool.used_bytes() == used);
  }
  for (const live& h : held)
    release(pool, h.p, h.n, h.s);
  CHECK(pool.used_bytes() == 0);
  CHECK(pool.free_bytes() == pool.total_bytes());
  cupp::synchronize();
  s1.synchronize();
  pool.free_all_blocks();
  CHECK(pool.total_bytes() == 0);
  CHECK(pool.n_free_blocks() == 0);
}

TEST_CASE("a block freed on one stream is reused correctly on another", "[memory][pool][streams]") {
  cupp::mr::pool_resource pool(cupp::mr::device_malloc(), cupp::current_device());
  cupp::stream s1, s2;
  const std::int64_t n = 1 << 22;
  void* p = alloc(pool, n * sizeof(float), s1.native());
  {
    cupp::stream_guard g(s1.native());
    auto a = cupp::wrap(static_cast<float*>(p), {n});
    a.fill(1.0f);
    a += 1.0f; // still queued on s1 when the block is freed
  }
  release(pool, p, n * sizeof(float), s1.native());
  void* q = alloc(pool, n * sizeof(float), s2.native()); // s2 waits for s1's work so far
  CHECK(q == p);
  {
    cupp::stream_guard g(s2.native());
    auto b = cupp::wrap(static_cast<float*>(q), {n});
    b += 1.0f; // ordered after s1's writes: 3 everywhere
    CHECK(cupp::sum(b).item() == Approx(3.0 * n));
  }
  release(pool, q, n * sizeof(float), s2.native());
  s1.synchronize();
}

TEST_CASE("the pool's limit is exact and cached blocks make room", "[memory][pool][limit]") {
  cupp::mr::pool_resource pool(cupp::mr::device_malloc(), cupp::current_device());
  pool.set_limit(8 * MiB);
  CHECK(pool.get_limit() == 8 * MiB);
  void* a = alloc(pool, 4 * MiB);
  void* b = alloc(pool, 4 * MiB); // exactly at the limit
  CHECK(pool.total_bytes() == 8 * MiB);
  CHECK_THROWS_WITH_WORDS((void)alloc(pool, 512), cupp::out_of_memory,
                          "Out of memory allocating 512 bytes", "limit 8,388,608 bytes");
  CHECK(pool.used_bytes() == 8 * MiB); // consistent after the failure
  release(pool, b, 4 * MiB);
  void* c = alloc(pool, 3 * MiB); // fits in the cached 4 MiB block: no growth
  CHECK(pool.total_bytes() == 8 * MiB);
  release(pool, c, 3 * MiB);
  release(pool, a, 4 * MiB);

  // fragmentation: 8 MiB cached in two chunks; a 6 MiB request fits under the limit only after the
  // cached chunks go back to the device, which the pool does by itself
  void* d = alloc(pool, 6 * MiB);
  CHECK(pool.total_bytes() == 6 * MiB);
  CHECK(pool.used_bytes() == 6 * MiB);

  // a limit below what is held: new requests fail, the blocks in use stay valid; raising it again
  // lets allocations that fit succeed
  pool.set_limit(2 * MiB);
  CHECK_THROWS_AS((void)alloc(pool, 3 * MiB), cupp::out_of_memory);
  release(pool, d, 6 * MiB);
  void* e = alloc(pool, 1 * MiB); // the cached 6 MiB block is reused: reuse is never limited
  release(pool, e, 1 * MiB);
  CHECK_THROWS_AS((void)alloc(pool, 7 * MiB), cupp::out_of_memory); // releases the cache, still > 2
  CHECK(pool.total_bytes() == 0);
  pool.set_limit(16 * MiB);
  void* f = alloc(pool, 7 * MiB);
  CHECK(pool.total_bytes() == 7 * MiB);
  release(pool, f, 7 * MiB);
  pool.set_limit(0);
  CHECK_THROWS_WITH_WORDS(pool.set_limit_fraction(1.5), cupp::value_error, "within [0, 1]");
  pool.set_limit_fraction(0.5);
  CHECK(pool.get_limit() == cupp::get_device_properties(cupp::current_device()).total_memory / 2);
}

TEST_CASE("free_all_blocks returns memory to the device", "[memory][pool]") {
  auto& pool = cupp::mr::get_default_memory_pool();
  pool.free_all_blocks();
  const std::int64_t n = std::int64_t{256} << 20; // 1 GiB of float32 on the GPU
  const bool cuda = std::string(cupp::backend_name) == "cuda";
  const std::int64_t elems = cuda ? n : n / 16;
  {
    auto a = cupp::ones<float>({elems});
    CHECK(pool.used_bytes() >= static_cast<std::size_t>(elems) * 4);
  }
  cupp::synchronize();
  CHECK(pool.free_bytes() >= static_cast<std::size_t>(elems) * 4); // cached, not returned
  const auto before = cupp::mem_info().free;
  pool.free_all_blocks();
  CHECK(pool.free_bytes() < static_cast<std::size_t>(elems) * 4);
  if (cuda) CHECK(cupp::mem_info().free >= before + static_cast<std::size_t>(elems) * 4 - 64 * MiB);
}

TEST_CASE("arrays come from the default pool, which caches freed memory", "[memory][pool]") {
  auto& pool = cupp::get_default_memory_pool();
  CHECK(&pool == cupp::mr::get_current_resource());
  CHECK(&cupp::get_default_pinned_memory_pool() != &pool);
  const auto used = pool.used_bytes();
  {
    auto a = cupp::zeros<double>({1000});
    CHECK(pool.used_bytes() == used + 8192); // 8000 bytes round to 8192
  }
  CHECK(pool.used_bytes() == used);
  const auto held = pool.total_bytes();
  auto b = cupp::zeros<double>({1000}); // served from the cache
  CHECK(pool.total_bytes() == held);
  CHECK_THROWS_AS((void)cupp::get_default_memory_pool(cupp::device_count()), cupp::value_error);
}

TEST_CASE("blocks cached for a destroyed stream, and arrays outliving their stream, stay safe",
          "[memory][pool][streams]") {
  cupp::mr::pool_resource pool(cupp::mr::device_malloc(), cupp::current_device());
  auto* previous = cupp::mr::set_current_resource(&pool);
  cupp::ndarray<float> survivor;
  {
    cupp::stream temporary;
    cupp::stream_guard g(temporary.native());
    auto scratch = cupp::full<float>({1 << 20}, 2.0f); // freed on `temporary` below
    survivor = cupp::full<float>({1 << 20}, 3.0f);     // outlives `temporary`
  } // the stream is destroyed: its cached block must not be tied to the dead handle
  cupp::stream other;
  {
    cupp::stream_guard g(other.native());
    auto reuse = cupp::full<float>({1 << 20}, 5.0f); // may take the block freed on `temporary`
    CHECK(cupp::sum(reuse).item() == Approx(5.0 * (1 << 20)));
  }
  survivor = cupp::ndarray<float>(); // freed after its stream is gone
  auto again = cupp::full<float>({1 << 20}, 1.0f);
  CHECK(cupp::sum(again).item() == Approx(1.0 * (1 << 20)));
  again = cupp::ndarray<float>();
  other.synchronize();
  cupp::mr::set_current_resource(previous);
  CHECK(pool.used_bytes() == 0);
}

TEST_CASE("near the limit a small request gets a chunk of its own size", "[memory][pool][limit]") {
  cupp::mr::pool_resource pool(cupp::mr::device_malloc(), cupp::current_device());
  pool.set_limit(MiB); // smaller than the 2 MiB chunks small requests usually share
  void* a = alloc(pool, 1000);
  CHECK(pool.total_bytes() == 1024);
  void* b = alloc(pool, MiB - 1024); // exactly fills the limit
  CHECK(pool.total_bytes() == MiB);
  CHECK_THROWS_AS((void)alloc(pool, 1), cupp::out_of_memory);
  release(pool, a, 1000);
  release(pool, b, MiB - 1024);
}
