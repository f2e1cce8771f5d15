// Foundation benchmarks: copy, fused elementwise, a + b, tiny add (host overhead), sum, matmul.
// Each case reports the median device time, host time per call, bandwidth and, where there is
// one, the ratio to a direct baseline measured in the same run (cudaMemcpy, a hand-written
// thrust::transform, a raw cuBLAS call). perf/cupy_bench.py runs the same cases in CuPy.
#include "harness.hpp"

#include <cupp/creation.hpp>
#include <cupp/detail/launch.hpp>
#include <cupp/linalg/dot.hpp>
#include <cupp/math/arithmetic.hpp>
#include <cupp/math/functions.hpp>
#include <cupp/reduction/reduce.hpp>

#include <thrust/execution_policy.h>
#include <thrust/transform.h>

#include <cmath>
#include <string>

#if defined(CUPP_BACKEND_CUDA)
#include <cublas_v2.h>
#include <cuda_runtime_api.h>
#include <thrust/system/cuda/execution_policy.h>
#endif

namespace {

struct noop {
  CUPP_HD void operator()(cupp::index_t) const {}
};

#if defined(CUPP_BACKEND_CUDA)
__global__ void empty_kernel() {}
#endif

struct hypot_fn {
  CUPP_HD float operator()(float x, float y) const { return std::sqrt(x * x + y * y); }
};

// A hand-written single transform for sqrt(x*x+y*y), without synchronisation.
void raw_hypot(const float* x, const float* y, float* z, std::int64_t n) {
#if defined(CUPP_BACKEND_CUDA)
  thrust::transform(thrust::cuda::par_nosync.on(cupp::current_stream()), x, x + n, y, z,
                    hypot_fn{});
#else
  thrust::transform(thrust::host, x, x + n, y, z, hypot_fn{});
#endif
}

} // namespace

int main(int argc, char** argv) {
  const auto opt = perf::parse_options(argc, argv, "perf_core.json");
  const std::int64_t scale = opt.scale;
  const std::int64_t big = (std::int64_t{256} << 20) / scale; // 256M elements
  std::vector<perf::result> rs;

  // 1 GiB device-to-device copy: the ceiling every bandwidth figure is compared with
  const auto src = cupp::ones<float>({big});
  auto dst = cupp::empty<float>({big});
  const double copy_bytes = 2.0 * big * sizeof(float);
  const double ceiling_ms =
      perf::median_ms([&] { perf::raw_copy(dst.data(), src.data(), big * sizeof(float)); });
  const double copy_tbs = copy_bytes / (ceiling_ms * 1e-3) / 1e12;
  perf::result copy{"copy 1 GiB (a.copy())"};
  copy.device_ms = perf::median_ms([&] { (void)src.copy(); });
  copy.host_us = perf::host_us_per_call([&] { (void)src.copy(); }, 200);
  copy.bytes = copy_bytes;
  copy.baseline = "cudaMemcpy";
  copy.baseline_ms = ceiling_ms;
  rs.push_back(copy);

  // sqrt(x*x + y*y) on 20M float32: one fused kernel vs a hand-written thrust::transform
  {
    const std::int64_t n = 20'000'000 / scale;
    const auto x = cupp::linspace<float>(0, 1, n);
    const auto y = cupp::linspace<float>(1, 2, n);
    auto z = cupp::empty<float>({n});
    perf::result r{"sqrt(x*x+y*y) 20M f32 (fused)"};
    r.device_ms = perf::median_ms([&] { z = cupp::sqrt(x * x + y * y); });
    r.host_us = perf::host_us_per_call([&] { z = cupp::sqrt(x * x + y * y); }, 500);
    r.bytes = 3.0 * n * sizeof(float);
    r.baseline = "thrust::transform";
    r.baseline_ms = perf::median_ms([&] { raw_hypot(x.data(), y.data(), z.data(), n); });
    rs.push_back(r);
  }

  // a + b on 256M float32
  {
    const auto a = cupp::full<float>({big}, 1.5f);
    const auto b = cupp::full<float>({big}, 2.5f);
    cupp::ndarray<float> c;
    perf::result r{"a + b 256M f32"};
    r.device_ms = perf::median_ms([&] { c = a + b; });
    r.host_us = perf::host_us_per_call([&] { c = a + b; }, 200);
    r.bytes = 3.0 * big * sizeof(float);
    r.baseline = "copy ceiling x1.5";
    r.baseline_ms = ceiling_ms * 1.5;
    rs.push_back(r);
  }

  // row broadcast: a 16384^2 float32 matrix plus a row (the row stays in cache)
  {
    const std::int64_t n = scale == 1 ? 16384 : 1024;
    const auto m = cupp::full<float>({n, n}, 1.5f);
    const auto row = cupp::linspace<float>(0, 1, n);
    cupp::ndarray<float> c;
    perf::result r{"row broadcast add 16384^2 f32"};
    if (scale != 1) r.name = "row broadcast add 1024^2 f32";
    r.device_ms = perf::median_ms([&] { c = m + row; });
    r.host_us = perf::host_us_per_call([&] { c = m + row; }, 200);
    r.bytes = 2.0 * n * n * sizeof(float);
    rs.push_back(r);
  }

  // tiny add: 1000 float32 elements, dominated by host overhead
  {
    const auto a = cupp::ones<float>({1000});
    const auto b = cupp::ones<float>({1000});
    cupp::ndarray<float> c;
    perf::result r{"tiny add 1000 f32"};
    r.device_ms = perf::median_ms([&] { c = a + b; });
    r.host_us = perf::host_us_per_call([&] { c = a + b; }, 20000);
    rs.push_back(r);
  }

  // where the tiny add's host time goes: an empty launch, an allocation, the add into an existing
  // array
  {
    const auto a = cupp::ones<float>({1000});
    const auto b = cupp::ones<float>({1000});
    auto c = cupp::empty<float>({1000});
    perf::result launch{"  empty kernel launch"};
    launch.host_us =
        perf::host_us_per_call([] { cupp::detail::launch_for_each(1, noop{}); }, 20000);
    rs.push_back(launch);
#if defined(CUPP_BACKEND_CUDA)
    // the runtime's own launch of an empty kernel, against cupp's driver launch just above
    perf::result runtime_launch{"  empty kernel <<<>>> (runtime)"};
    runtime_launch.host_us = perf::host_us_per_call(
        [] { empty_kernel<<<1, 256, 0, cupp::current_stream()>>>(); }, 20000);
    rs.push_back(runtime_launch);
#endif
    perf::result alloc{"  empty<float>(1000) + free"};
    alloc.host_us = perf::host_us_per_call([] { (void)cupp::empty<float>({1000}); }, 20000);
    rs.push_back(alloc);
    perf::result into{"  tiny add into existing (assign)"};
    into.host_us = perf::host_us_per_call([&] { c.assign(a + b); }, 20000);
    rs.push_back(into);
  }

  // sum of 256M float32
  {
    const auto a = cupp::full<float>({big}, 0.5f);
    perf::result r{"sum 256M f32"};
    r.device_ms = perf::median_ms([&] { (void)cupp::sum(a); });
    r.host_us = perf::host_us_per_call([&] { (void)cupp::sum(a); }, 500);
    r.bytes = 1.0 * big * sizeof(float);
    rs.push_back(r);
  }

  // tiny sum: 1000 float32 elements
  {
    const auto a = cupp::ones<float>({1000});
    perf::result r{"tiny sum 1000 f32"};
    r.device_ms = perf::median_ms([&] { (void)cupp::sum(a); });
    r.host_us = perf::host_us_per_call([&] { (void)cupp::sum(a); }, 20000);
    rs.push_back(r);
  }

  // 5000x5000 float32 and float64 matmul vs a direct cuBLAS (CBLAS) call
  for (const bool f64 : {false, true}) {
    const std::int64_t n = scale == 1 ? 5000 : 512;
    auto run = [&](auto tag) {
      using T = decltype(tag);
      const auto a = cupp::linspace<T>(0, 1, n * n).reshape({n, n});
      const auto b = cupp::linspace<T>(1, 0, n * n).reshape({n, n});
      auto c = cupp::empty<T>({n, n});
      perf::result r{std::string("matmul 5000^2 ") + (f64 ? "f64" : "f32")};
      if (scale != 1) r.name = std::string("matmul 512^2 ") + (f64 ? "f64" : "f32");
      r.device_ms = perf::median_ms([&] { c = cupp::matmul(a, b); }, 10);
      r.host_us = perf::host_us_per_call([&] { c = cupp::matmul(a, b); }, 10);
      r.flops = 2.0 * n * n * n;
      r.baseline = "direct BLAS call";
#if defined(CUPP_BACKEND_CUDA)
      cublasHandle_t h;
      cublasCreate(&h);
      cublasSetStream(h, cupp::current_stream());
      const T one = 1, zero = 0;
      r.baseline_ms = perf::median_ms(
          [&] {
            if constexpr (std::is_same_v<T, float>)
              cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, b.data(), n, a.data(), n,
                          &zero, c.data(), n);
            else
              cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, b.data(), n, a.data(), n,
                          &zero, c.data(), n);
          },
          10);
      cublasDestroy(h);
#else
      r.baseline_ms = perf::median_ms(
          [&] { cupp::detail::gemm(false, false, n, n, n, a.data(), n, b.data(), n, c.data(), n); },
          3);
#endif
      rs.push_back(r);
    };
    if (f64)
      run(double{});
    else
      run(float{});
  }

  return perf::report(rs, opt.json, copy_tbs);
}
