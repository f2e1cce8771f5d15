// Linear-algebra benchmarks (issue 15), the cases of ../shared/anchors/cupy_bench_wave2.py and
// perf/cupy_bench.py's linalg block on the same inputs: large factorisations and solves, batched
// small systems, the Frobenius norm and einsum's fused sum of a product (bandwidth-bound), batched
// matmul and einsum's batched GEMM, 8192^2 float16/bfloat16/TF32 GEMMs against one direct cuBLAS
// call, and cupx::linalg's LU and triangular solves (cupyx.scipy.linalg's). Host time per call
// shows what the host waits: cupp adds no syncs (info results are checked on the device).
#include "harness.hpp"

#include <cupx/linalg.hpp>

#include <cupp/creation.hpp>
#include <cupp/detail/blas.hpp>
#include <cupp/linalg/linalg.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/random/random.hpp>

#if defined(CUPP_BACKEND_CUDA)
#include <cublas_v2.h>
#endif

#include <cstdio>
#include <string>
#include <type_traits>
#include <vector>

namespace la = cupp::linalg;
using cupp::index_t;

namespace {

// rand + k I, well conditioned, as the CuPy script's
template <class T>
cupp::ndarray<T> conditioned(cupp::random::Generator& rng, const cupp::shape_t& shape) {
  const index_t k = shape[shape.size() - 1];
  return cupp::ndarray<T>(rng.random<T>(shape) + static_cast<T>(k) * cupp::eye<T>(k));
}

// S S^T (+ shift I): symmetric positive semidefinite (definite with a shift)
template <class T> cupp::ndarray<T> gram(const cupp::ndarray<T>& s, double shift) {
  const index_t k = s.shape()[s.ndim() - 1];
  return cupp::ndarray<T>(cupp::matmul(s, cupp::ndarray<T>(s.swapaxes(-1, -2).copy())) +
                          static_cast<T>(shift) * cupp::eye<T>(k));
}

#if defined(CUPP_BACKEND_CUDA)
template <class T> constexpr cudaDataType cuda_type_of() {
  if constexpr (std::is_same_v<T, cupp::float16>) return CUDA_R_16F;
  if constexpr (std::is_same_v<T, cupp::bfloat16>) return CUDA_R_16BF;
  return CUDA_R_32F;
}
#endif

// C = A B for n x n matrices of T through cupp::matmul, and the same product as one direct
// cublasGemmEx call (CBLAS's gemm through cupp's facility on the host backend) as the baseline
template <class T>
void gemm_case(std::vector<perf::result>& rs, const char* name, index_t n,
               cupp::random::Generator& rng) {
  const auto a = rng.random<float>({n, n}).astype<T>(), b = rng.random<float>({n, n}).astype<T>();
  auto c = cupp::empty<T>({n, n});
  perf::result r{name};
  r.device_ms = perf::median_ms([&] { c = cupp::matmul(a, b); }, 10);
  r.host_us = perf::host_us_per_call([&] { c = cupp::matmul(a, b); }, 10);
  r.flops = 2.0 * n * n * n;
  r.baseline = "one cublasGemmEx";
#if defined(CUPP_BACKEND_CUDA)
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetStream(h, cupp::current_stream());
  // cupp's handles keep split-K sums in float32: the baseline too, like for like
  cublasSetMathMode(h, static_cast<cublasMath_t>(CUBLAS_DEFAULT_MATH |
                                                 CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION));
  const float one = 1, zero = 0;
  const cublasComputeType_t ct =
      std::is_same_v<T, float> ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F;
  r.baseline_ms = perf::median_ms(
      [&] {
        cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, b.data(), cuda_type_of<T>(), n,
                     a.data(), cuda_type_of<T>(), n, &zero, c.data(), cuda_type_of<T>(), n, ct,
                     CUBLAS_GEMM_DEFAULT);
      },
      10);
  cublasDestroy(h);
#else
  r.baseline = "one gemm_batched";
  r.baseline_ms = perf::median_ms(
      [&] {
        cupp::detail::gemm_batched(false, false, n, n, n, a.data(), n, 0, b.data(), n, 0, c.data(),
                                   n, 0, 1);
      },
      3);
#endif
  rs.push_back(r);
}

} // namespace

int main(int argc, char** argv) {
  const auto opt = perf::parse_options(argc, argv, "perf_linalg.json");
  std::vector<perf::result> rs;
  auto rng = cupp::random::default_rng(7);
  const index_t big = 4096 / opt.scale, half = 2048 / opt.scale;
  const int reps = opt.scale > 1 ? 2 : 5;
  // each row printed as it is measured (a run cut short still reports what it measured)
  const auto done = [&] {
    std::fprintf(stderr, "%-32s %12.4f ms %12.2f us\n", rs.back().name.c_str(), rs.back().device_ms,
                 rs.back().host_us);
  };
  const auto slow = [&](const std::string& name, int r, auto fn) {
    perf::add_slow_case(rs, name.c_str(), r, fn);
    done();
  };
  const auto fast = [&](const std::string& name, auto fn) {
    perf::add_case(rs, name.c_str(), 0, fn, 100);
    done();
  };

  // batched small systems (float32), CuPy's solve/inv/det_batched_<b>x<k>
  for (const auto [b, k] : {std::pair<index_t, index_t>{10000, 4}, {10000, 8}, {1000, 64}}) {
    const auto a = conditioned<float>(rng, {b, k, k});
    const auto rhs = rng.random<float>({b, k, 1});
    const std::string tag = std::to_string(b) + "x" + std::to_string(k);
    fast("solve_batched_" + tag, [&] { (void)la::solve(a, rhs); });
    fast("inv_batched_" + tag, [&] { (void)la::inv(a); });
    fast("det_batched_" + tag, [&] { (void)la::det(a); });
  }
  {
    const auto s32 = gram(rng.random<float>({1000, 32, 32}), 0.0);
    slow("eigh_batched_1000x32", reps, [&] { (void)la::eigh(s32); });
    fast("svd_batched_1000x32", [&] { (void)la::svd(s32); });
    const cupp::ndarray<float> pd(s32 + 32.0f * cupp::eye<float>(32));
    fast("cholesky_batched_1000x32", [&] { (void)la::cholesky(pd); });
  }
  {
    const auto t = rng.random<float>({1024, 64, 64}), u = rng.random<float>({1024, 64, 64});
    fast("matmul_batched_1024x64", [&] { (void)cupp::matmul(t, u); });
    fast("einsum_bij_bjk_1024x64", [&] { (void)cupp::einsum("bij,bjk->bik", t, u); });
  }
  // 8192^2 GEMMs on tensor cores: float16 and bfloat16 (float32 sums), and float32 with TF32
  // allowed, each against the same product as one direct library call
  gemm_case<cupp::float16>(rs, "matmul_8192sq_f16", 8192 / opt.scale, rng);
  done();
  gemm_case<cupp::bfloat16>(rs, "matmul_8192sq_bf16", 8192 / opt.scale, rng);
  done();
  la::allow_tf32(true);
  gemm_case<float>(rs, "matmul_8192sq_f32_tf32", 8192 / opt.scale, rng);
  la::allow_tf32(false);
  done();

  // large matrices
  const auto m = rng.random<float>({big, big});
  perf::add_case(
      rs, "norm_fro_4096_f32", 4.0 * big * big, [&] { (void)la::norm(m); }, 100);
  perf::add_back_to_back_case(rs, "norm_fro_4096_f32 back to back", 4.0 * big * big,
                              [&] { (void)la::norm(m); });
  {
    // sum(m * m2) in one fused pass: both inputs read once (a generator of its own, so the
    // later cases keep their inputs)
    const auto m2 = cupp::random::default_rng(8).random<float>({big, big});
    perf::add_case(
        rs, "einsum_ij_ij_4096_f32", 8.0 * big * big, [&] { (void)cupp::einsum("ij,ij->", m, m2); },
        100);
    perf::add_back_to_back_case(rs, "einsum_ij_ij_4096_f32 back to back", 8.0 * big * big,
                                [&] { (void)cupp::einsum("ij,ij->", m, m2); });
    done();
  }
  slow("qr_4096_f32", reps, [&] { (void)la::qr(m); });
  slow("det_4096_f32", reps, [&] { (void)la::det(m); });
  slow("inv_4096_f32", reps, [&] { (void)la::inv(m); });
  {
    const auto a32 = conditioned<float>(rng, {big, big});
    const auto b32 = rng.random<float>({big, 64});
    slow("solve_4096_64rhs_f32", reps, [&] { (void)la::solve(a32, b32); });
    const auto a64 = conditioned<double>(rng, {big, big});
    const auto b64 = rng.random<double>({big, 64});
    slow("solve_4096_64rhs_f64", reps, [&] { (void)la::solve(a64, b64); });
    // cupx::linalg, CuPy's cupyx.scipy.linalg: factor once, solve many; trsm reads the lower
    // triangle of the same matrix
    slow("lu_factor_4096_f32", reps, [&] { (void)cupx::linalg::lu_factor(a32); });
    const auto factors = cupx::linalg::lu_factor(a32);
    slow("lu_solve_4096_64rhs_f32", reps, [&] { (void)cupx::linalg::lu_solve(factors, b32); });
    slow("solve_triangular_4096_64rhs_f32", reps,
         [&] { (void)cupx::linalg::solve_triangular(a32, b32, {.lower = true}); });
  }
  {
    const cupp::ndarray<float> tall = m(cupp::slice(), cupp::slice(0, big / 4)).copy();
    const cupp::ndarray<float> rhs = m(cupp::slice(), cupp::slice(0, 8)).copy();
    slow("lstsq_4096x1024_f32", 2, [&] { (void)la::lstsq(tall, rhs); });
    const cupp::ndarray<float> sq = m(cupp::slice(0, half), cupp::slice(0, half)).copy();
    slow("pinv_2048_f32", 2, [&] { (void)la::pinv(sq); });
    slow("svd_2048_f32", 2, [&] { (void)la::svd(sq); });
    const cupp::ndarray<float> e = m(cupp::slice(0, big / 4), cupp::slice(0, big / 4)).copy();
    slow("eig_1024_f32", 2, [&] { (void)la::eig(e); });
    const auto s2 = gram(sq, 0.0);
    slow("eigh_2048_f32", reps, [&] { (void)la::eigh(s2); });
  }
  {
    const auto sd = gram(rng.random<double>({big, big}), static_cast<double>(big));
    slow("eigh_4096_f64", 3, [&] { (void)la::eigh(sd); });
    slow("cholesky_4096_f64", reps, [&] { (void)la::cholesky(sd); });
  }
  slow("svd_4096_f32", 2, [&] { (void)la::svd(m); });
  // the sweep behind svd's automatic choice (polar_svd_min; docs/linalg.md "Large SVDs")
  for (const index_t n : {32, 64, 128, 256, 512, 1024, 2048}) {
    const auto sq = rng.random<float>({n / opt.scale, n / opt.scale});
    for (const auto [alg, tag] :
         {std::pair{la::svd_algorithm::qr, "gesvd"}, std::pair{la::svd_algorithm::polar, "polar"}})
      slow("svd_sweep_" + std::to_string(n) + "_" + tag, 2,
           [&] { (void)la::svd(sq, {.algorithm = alg}); });
  }
  return perf::report(rs, opt.json, 0.0);
}
