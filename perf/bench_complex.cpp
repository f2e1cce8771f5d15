// Complex benchmarks (issue 14): multiply, abs and exp of 64M complex64, the sum of 64M complex64,
// and a 4096^2 complex64 matmul against a direct cublasCgemm call. Bandwidth counts the bytes read
// and written once (multiply: 24 per element; abs: 12; exp: 16; sum: 8).
// perf/cupy_bench.py runs the same cases in CuPy.
#include "harness.hpp"

#include <cupp/creation.hpp>
#include <cupp/expr/astype.hpp>
#include <cupp/linalg/dot.hpp>
#include <cupp/math/arithmetic.hpp>
#include <cupp/math/complex.hpp>
#include <cupp/math/functions.hpp>
#include <cupp/reduction/reduce.hpp>

#include <string>
#include <vector>

#if defined(CUPP_BACKEND_CUDA)
#include <cublas_v2.h>
#endif

int main(int argc, char** argv) {
  const auto opt = perf::parse_options(argc, argv, "perf_complex.json");
  using cupp::complex64;
  using cupp::index_t;
  std::vector<perf::result> rs;
  const index_t n = (index_t{64} << 20) / opt.scale;
  // z = x + i y with x, y on [0, 1] and [1, 0] (exp stays finite)
  const auto make = [](index_t len, double from, double to) {
    auto z = cupp::empty<complex64>({len});
    z.real() = cupp::linspace<float>(from, to, len);
    z.imag() = cupp::linspace<float>(to, from, len);
    return z;
  };
  const auto a = make(n, 0, 1), b = make(n, 1, 0);
  auto dst = cupp::empty<complex64>({n});
  const double ceiling_ms = perf::median_ms([&] {
    perf::raw_copy(dst.data(), a.data(), static_cast<std::size_t>(n) * sizeof(complex64));
  });
  const auto add = [&](const char* name, double bytes, auto fn) {
    perf::add_case(rs, name, bytes, fn);
  };
  const double per = static_cast<double>(n);
  add("multiply 64M c64", 24 * per, [&] { cupp::multiply(a, b, dst); });
  auto mag = cupp::empty<float>({n});
  add("abs 64M c64", 12 * per, [&] { cupp::abs(a, mag); });
  add("exp 64M c64", 16 * per, [&] { cupp::exp(a, dst); });
  add("sum 64M c64", 8 * per, [&] { (void)cupp::sum(a); });

  const index_t m = opt.scale == 1 ? 4096 : 512;
  const auto ma = make(m * m, 0, 1).reshape({m, m}), mb = make(m * m, 1, 0).reshape({m, m});
  auto mc = cupp::empty<complex64>({m, m});
  perf::result r{opt.scale == 1 ? "matmul 4096^2 c64" : "matmul 512^2 c64"};
  r.device_ms = perf::median_ms([&] { mc = cupp::matmul(ma, mb); }, 10);
  r.host_us = perf::host_us_per_call([&] { mc = cupp::matmul(ma, mb); }, 10);
  r.flops = 8.0 * m * m * m; // a complex multiply-add is 8 real flops
  r.baseline = "direct cublasCgemm";
#if defined(CUPP_BACKEND_CUDA)
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetStream(h, cupp::current_stream());
  const cuComplex one{1, 0}, zero{0, 0};
  const auto* pa = reinterpret_cast<const cuComplex*>(ma.data());
  const auto* pb = reinterpret_cast<const cuComplex*>(mb.data());
  auto* pc = reinterpret_cast<cuComplex*>(mc.data());
  const int im = static_cast<int>(m);
  r.baseline_ms = perf::median_ms(
      [&] {
        cublasCgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, im, im, im, &one, pb, im, pa, im, &zero, pc, im);
      },
      10);
  cublasDestroy(h);
#else
  r.baseline = "direct CBLAS call";
  r.baseline_ms = perf::median_ms(
      [&] { cupp::detail::gemm(false, false, m, m, m, ma.data(), m, mb.data(), m, mc.data(), m); },
      3);
#endif
  rs.push_back(r);
  const double copy_tbs = 2.0 * per * sizeof(complex64) / (ceiling_ms * 1e-3) / 1e12;
  return perf::report(rs, opt.json, copy_tbs);
}
