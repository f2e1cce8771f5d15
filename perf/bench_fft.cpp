// FFT benchmarks (issue 16), the cases of perf/cupy_bench.py's fft block on the same inputs: long
// 1-D transforms of each kind, a 4096^2 array along each axis, 2-D and 3-D transforms, a small
// transform's host time with its plan cached, and the device memory that 16 cached plans hold.
// The 16M complex64 fft's baseline is one cuFFT call on a plan made beforehand (CUDA backend).
#include "harness.hpp"

#include <cupp/creation.hpp>
#include <cupp/detail/fft.hpp>
#include <cupp/fft/fft.hpp>
#include <cupp/memory/pool.hpp>
#include <cupp/random/random.hpp>

#if defined(CUPP_BACKEND_CUDA)
#include <cuda_runtime.h>
#include <cufft.h>
#endif

#include <cstdio>
#include <string>
#include <vector>

namespace fft = cupp::fft;
using cupp::complex128;
using cupp::complex64;
using cupp::index_t;

namespace {

// Bytes of device memory in use (the whole device: plans allocate outside cupp's pool).
[[maybe_unused]] double device_used_mib() {
#if defined(CUPP_BACKEND_CUDA)
  std::size_t free = 0, total = 0;
  cudaMemGetInfo(&free, &total);
  return static_cast<double>(total - free) / (1 << 20);
#else
  return 0;
#endif
}

#if defined(CUPP_BACKEND_CUDA)
// The baseline of a column case: cuFFT's plan for the same layout (axis 0 of a C-ordered
// rows x cols array, out of place), made beforehand, timed as the last case's baseline.
template <class C>
void cufft_columns_baseline(std::vector<perf::result>& rs, const cupp::ndarray<C>& x) {
  constexpr bool dbl = sizeof(C) == 16;
  const long long rows = x.shape()[0], cols = x.shape()[1];
  long long n[1] = {rows}, embed[1] = {rows};
  cufftHandle plan = 0;
  std::size_t work = 0;
  cufftCreate(&plan);
  cufftMakePlanMany64(plan, 1, n, embed, cols, 1, embed, cols, 1, dbl ? CUFFT_Z2Z : CUFFT_C2C, cols,
                      &work);
  cufftSetStream(plan, cupp::current_stream());
  cupp::ndarray<C> out(x.shape());
  rs.back().baseline = "cuFFT plan";
  rs.back().baseline_ms = perf::median_ms([&] {
    if constexpr (dbl) {
      cufftExecZ2Z(plan, reinterpret_cast<cufftDoubleComplex*>(x.data()),
                   reinterpret_cast<cufftDoubleComplex*>(out.data()), CUFFT_FORWARD);
    } else {
      cufftExecC2C(plan, reinterpret_cast<cufftComplex*>(x.data()),
                   reinterpret_cast<cufftComplex*>(out.data()), CUFFT_FORWARD);
    }
  });
  cufftDestroy(plan);
}
#endif

} // namespace

int main(int argc, char** argv) {
  const auto opt = perf::parse_options(argc, argv, "perf_fft.json");
  std::vector<perf::result> rs;
  auto rng = cupp::random::default_rng(11);
  const index_t n16 = (index_t{1} << 24) / opt.scale, side = 4096 / opt.scale,
                cube = 256 / opt.scale;
  const auto done = [&] {
    std::fprintf(stderr, "%-32s %12.4f ms %12.2f us\n", rs.back().name.c_str(), rs.back().device_ms,
                 rs.back().host_us);
  };
  const auto add = [&](const std::string& name, double bytes, auto fn) {
    perf::add_case(rs, name.c_str(), bytes, fn, 100);
    done();
  };

  {
    const cupp::ndarray<complex64> c(cupp::astype<complex64>(rng.random<float>({n16})));
    add("fft_16M_c64", 16.0 * n16, [&] { (void)fft::fft(c); });
#if defined(CUPP_BACKEND_CUDA)
    { // the same transform as one cuFFT call, out of place, on a plan made beforehand
      cufftHandle plan = 0;
      cufftPlan1d(&plan, static_cast<int>(n16), CUFFT_C2C, 1);
      cufftSetStream(plan, cupp::current_stream());
      cupp::ndarray<complex64> out({n16});
      rs.back().baseline = "cuFFT call";
      rs.back().baseline_ms = perf::median_ms([&] {
        cufftExecC2C(plan, reinterpret_cast<cufftComplex*>(c.data()),
                     reinterpret_cast<cufftComplex*>(out.data()), CUFFT_FORWARD);
      });
      cufftDestroy(plan);
    }
#endif
    const cupp::ndarray<complex128> z(cupp::astype<complex128>(c));
    add("fft_16M_c128", 32.0 * n16, [&] { (void)fft::fft(z); });
    add("ifft_16M_c64_ortho", 16.0 * n16, [&] { (void)fft::ifft(c, {.norm = fft::ortho}); });
  }
  {
    const auto r = rng.random<float>({n16});
    add("rfft_16M_f32", 12.0 * n16, [&] { (void)fft::rfft(r); });
    const auto h = fft::rfft(r);
    add("irfft_16M_f32", 12.0 * n16, [&] { (void)fft::irfft(h); });
  }
  {
    const auto im = rng.random<float>({side, side});
    const cupp::ndarray<complex64> x(cupp::astype<complex64>(im));
    add("fft_axis0_4096sq_c64", 16.0 * side * side, [&] { (void)fft::fft(x, {.axis = 0}); });
    add("fft_axis1_4096sq_c64", 16.0 * side * side, [&] { (void)fft::fft(x, {.axis = 1}); });
    // what a transposed round trip would cost: one tiled transpose copy
    add("transpose_copy_4096sq_c64", 16.0 * side * side, [&] { (void)x.T().copy(); });
    { // columns in, rows out: cuFFT reading strided and writing contiguous (a layout experiment)
      namespace dfft = cupp::detail::fft;
      dfft::desc d;
      d.n[0] = side;
      d.istride[0] = side;
      d.ostride[0] = 1;
      d.batch = side;
      d.idist = 1;
      d.odist = side;
      const auto p = dfft::make_plan(d);
      cupp::ndarray<complex64> out({side, side});
      add("fft_columns_to_rows_4096sq_c64", 16.0 * side * side,
          [&] { dfft::execute(p, d, x.data(), out.data()); });
    }
    add("fft2_4096sq_c64", 16.0 * side * side, [&] { (void)fft::fft2(x); });
    add("rfft2_4096sq_f32", 12.0 * side * side, [&] { (void)fft::rfft2(im); });
    // the window fused into the pass that makes cuFFT's input
    const auto w = rng.random<float>({side});
    add("rfft_rows_window_4096sq_f32", 12.0 * side * side, [&] { (void)fft::rfft(im * w); });
  }
  { // columns of the lengths cupp's column kernel takes (16M values each; the square above is
    // complex64 of length 4096, which stays with cuFFT)
    const auto im = rng.random<float>({1024, n16 / 1024});
    const cupp::ndarray<complex64> x(cupp::astype<complex64>(im));
    add("fft_axis0_1024x16384_c64", 16.0 * n16, [&] { (void)fft::fft(x, {.axis = 0}); });
#if defined(CUPP_BACKEND_CUDA)
    cufft_columns_baseline(rs, x);
#endif
    add("fft_axis1_1024x16384_c64", 16.0 * n16, [&] { (void)fft::fft(x, {.axis = 1}); });
    const cupp::ndarray<complex128> z(cupp::astype<complex128>(im.reshape({side, n16 / side})));
    add("fft_axis0_4096x4096_c128", 32.0 * n16, [&] { (void)fft::fft(z, {.axis = 0}); });
#if defined(CUPP_BACKEND_CUDA)
    cufft_columns_baseline(rs, z);
#endif
    add("fft_axis1_4096x4096_c128", 32.0 * n16, [&] { (void)fft::fft(z, {.axis = 1}); });
  }
  {
    const cupp::ndarray<complex64> v(
        cupp::astype<complex64>(rng.random<float>({cube, cube, cube})));
    add("fftn_256cube_c64", 16.0 * cube * cube * cube, [&] { (void)fft::fftn(v); });
  }
  {
    const cupp::ndarray<complex64> small(cupp::astype<complex64>(rng.random<float>({1024})));
    // host time as CuPy's benchmark takes it: calls on a queue that is never full (batches of
    // 50, a sync between them), so that the figure is the call's own cost
    const auto host_case = [&](const char* name, auto fn) {
      perf::add_batched_case(rs, name, 0, fn, 2000, 50);
      done();
    };
    host_case("fft_1024_c64_cached_plan", [&] { (void)fft::fft(small); });
    { // the same plan's execution alone (cupp's backend call, no argument handling, no
      // allocation): fft() above minus this is the host cost of cupp's front end
      namespace dfft = cupp::detail::fft;
      dfft::desc d;
      d.n[0] = 1024;
      d.istride[0] = d.ostride[0] = 1;
      d.idist = d.odist = 1024;
      const auto p = dfft::cached_plan(d);
      cupp::ndarray<complex64> out({1024});
      host_case("fft_1024_c64_backend_call",
                [&] { dfft::execute(p, d, small.data(), out.data()); });
    }
#if defined(CUPP_BACKEND_CUDA)
    { // what the host waits for one cuFFT call of the same plan, the floor of the row above
      cufftHandle plan = 0;
      cufftPlan1d(&plan, 1024, CUFFT_C2C, 1);
      cufftSetStream(plan, cupp::current_stream());
      cupp::ndarray<complex64> out({1024});
      host_case("cufft_call_1024_c64", [&] {
        cufftExecC2C(plan, reinterpret_cast<cufftComplex*>(small.data()),
                     reinterpret_cast<cufftComplex*>(out.data()), CUFFT_FORWARD);
      });
      cufftDestroy(plan);
    }
#endif
  }
  { // 16 different cached plans (lengths 2^10 .. 2^25 of complex64): the device memory they
    // hold, as device_ms (MiB); cupp's plans hold no work area
    fft::get_plan_cache().clear();
    cupp::synchronize();
    cupp::mr::get_default_memory_pool().free_all_blocks();
    const double before = device_used_mib();
    for (int k = 10; k < 26; ++k) {
      const cupp::ndarray<complex64> s(cupp::zeros<complex64>({index_t{1} << k}));
      (void)fft::fft(s);
    }
    cupp::synchronize();
    cupp::mr::get_default_memory_pool().free_all_blocks();
    perf::result r{"plan_cache_16_plans_MiB"};
    r.device_ms = device_used_mib() - before;
    rs.push_back(r);
    std::fprintf(stderr, "%-32s %12.1f MiB held (plans: %zu)\n", r.name.c_str(), r.device_ms,
                 fft::get_plan_cache().get_curr_size());
  }
  return perf::report(rs, opt.json, 0.0);
}
