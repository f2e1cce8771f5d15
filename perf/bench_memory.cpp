// Memory benchmarks: warm pool allocation against the CUDA allocators, host<->device transfers
// from pageable memory, and a fragmentation run of mixed sizes freed out of order.
#include "harness.hpp"

#include <cupp/creation.hpp>
#include <cupp/memory/pool.hpp>
#include <cupp/memory/upstream.hpp>

#include <chrono>
#include <random>
#include <string>
#include <vector>

namespace {

using clock_type = std::chrono::steady_clock;

// Median wall time (ms) of a synchronous operation.
double wall_ms(const std::function<void()>& fn, int reps = 15) {
  fn();
  std::vector<double> v;
  for (int i = 0; i < reps; ++i) {
    const auto t0 = clock_type::now();
    fn();
    v.push_back(std::chrono::duration<double, std::milli>(clock_type::now() - t0).count());
  }
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

} // namespace

int main(int argc, char** argv) {
  const auto opt = perf::parse_options(argc, argv, "perf_memory.json");
  std::vector<perf::result> rs;
  const auto s = cupp::current_stream();
  const std::size_t mb64 = std::size_t{64} << 20;

  // alloc + free of 64 MB: host time per pair
  auto alloc_free = [&](const char* name, cupp::mr::memory_resource* r, int calls) {
    perf::result res{name};
    res.host_us = perf::host_us_per_call(
        [&] { r->deallocate_async(r->allocate_async(mb64, 256, s), mb64, 256, s); }, calls);
    rs.push_back(res);
  };
  alloc_free("pool alloc+free 64 MB (warm)", &cupp::get_default_memory_pool(), 100000);
  alloc_free("cudaMallocAsync+FreeAsync 64 MB", cupp::mr::device_async(), 2000);
  alloc_free("cudaMalloc+cudaFree 64 MB", cupp::mr::device_malloc(), 100);

  // 80 MB between pageable host memory and the device
  const std::int64_t n = 20'000'000; // float32: 80 MB
  std::vector<float> host(n, 1.5f), back(n, 0.0f);
  auto dev = cupp::asarray(host);
  {
    perf::result r{"H2D 80 MB pageable (asarray)"};
    r.device_ms = wall_ms([&] {
      dev = cupp::asarray(host);
      cupp::synchronize();
    });
    r.bytes = n * 4.0;
    r.baseline = "cudaMemcpy";
#if defined(CUPP_BACKEND_CUDA)
    r.baseline_ms =
        wall_ms([&] { cudaMemcpy(dev.data(), host.data(), n * 4, cudaMemcpyHostToDevice); });
#endif
    rs.push_back(r);
  }
  {
    perf::result r{"D2H 80 MB pageable (get)"};
    r.device_ms = wall_ms([&] { dev.get(back.data()); });
    r.bytes = n * 4.0;
    r.baseline = "cudaMemcpy";
#if defined(CUPP_BACKEND_CUDA)
    r.baseline_ms =
        wall_ms([&] { cudaMemcpy(back.data(), dev.data(), n * 4, cudaMemcpyDeviceToHost); });
#endif
    rs.push_back(r);
  }

#if defined(CUPP_BACKEND_CUDA)
  // The link's own ceiling: the same copies from page-locked memory, which no pageable path beats.
  {
    auto& pinned_pool = cupp::mr::get_default_pinned_memory_pool();
    void* pinned = pinned_pool.allocate_async(n * 4, 256, s);
    perf::result up{"H2D 80 MB pinned (link ceiling)"}, down{"D2H 80 MB pinned (link ceiling)"};
    up.device_ms = wall_ms([&] { cudaMemcpy(dev.data(), pinned, n * 4, cudaMemcpyHostToDevice); });
    down.device_ms =
        wall_ms([&] { cudaMemcpy(pinned, dev.data(), n * 4, cudaMemcpyDeviceToHost); });
    up.bytes = down.bytes = n * 4.0;
    rs.push_back(up);
    rs.push_back(down);
    pinned_pool.deallocate_async(pinned, n * 4, 256, s);
  }
#endif
  {
    perf::result r{"D2H 80 MB to a new vector (asnumpy)"};
    r.device_ms = wall_ms([&] { (void)cupp::asnumpy(dev); });
    r.bytes = n * 4.0;
    rs.push_back(r);
  }

  // fragmentation: 20000 operations on sizes from 256 B to 64 MB (log-uniform), freed out of order
  {
    cupp::mr::pool_resource pool(cupp::mr::device_malloc(), cupp::current_device());
    std::mt19937_64 gen(7);
    std::vector<std::pair<void*, std::size_t>> live;
    std::size_t peak_held = 0, peak_used = 0;
    double held_over_used_at_peak = 0;
    const auto t0 = clock_type::now();
    const int ops = 20000;
    for (int i = 0; i < ops; ++i) {
      if (live.size() < 64 || (live.size() < 512 && gen() % 2)) {
        const std::size_t bytes = std::size_t{256} << (gen() % 19);
        live.emplace_back(pool.allocate_async(bytes + gen() % 4096, 256, s), bytes);
      } else {
        const std::size_t k = gen() % live.size();
        pool.deallocate_async(live[k].first, live[k].second, 256, s);
        live[k] = live.back();
        live.pop_back();
      }
      if (pool.used_bytes() > peak_used) {
        peak_used = pool.used_bytes();
        held_over_used_at_peak =
            static_cast<double>(pool.total_bytes()) / static_cast<double>(peak_used);
      }
      peak_held = std::max(peak_held, pool.total_bytes());
    }
    const double us =
        std::chrono::duration<double, std::micro>(clock_type::now() - t0).count() / ops;
    for (auto& [p, b] : live)
      pool.deallocate_async(p, b, 256, s);
    std::printf("fragmentation: %d mixed ops, %.2f us/op, peak used %.1f MB, peak held %.1f MB, "
                "held/used at peak %.3f\n",
                ops, us, peak_used / 1e6, peak_held / 1e6, held_over_used_at_peak);
    perf::result r{"pool mixed sizes, out-of-order frees"};
    r.host_us = us;
    rs.push_back(r);
  }

  return perf::report(rs, opt.json, 0); // the device copy ceiling does not apply to transfers
}
