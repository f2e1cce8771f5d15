// CBLAS (OpenBLAS) backend of the dense linear-algebra facility: row-major calls map directly
// (recorded instead during a graph capture, as every host facility).
#define CUPP_HOST_ONLY_TU
#include <cupp/detail/blas.hpp>
#include <cupp/detail/host/record.hpp>

#include <cblas.h>

#include <algorithm>
#include <vector>

namespace cupp::detail {

namespace {
CBLAS_TRANSPOSE op(bool trans) { return trans ? CblasTrans : CblasNoTrans; }

// CBLAS's four gemms as one overload set (run where called)
void cblas_gemm(bool ta, bool tb, index_t m, index_t n, index_t k, const float* a, index_t lda,
                const float* b, index_t ldb, float* c, index_t ldc) {
  cblas_sgemm(CblasRowMajor, op(ta), op(tb), m, n, k, 1.0f, a, lda, b, ldb, 0.0f, c, ldc);
}
void cblas_gemm(bool ta, bool tb, index_t m, index_t n, index_t k, const double* a, index_t lda,
                const double* b, index_t ldb, double* c, index_t ldc) {
  cblas_dgemm(CblasRowMajor, op(ta), op(tb), m, n, k, 1.0, a, lda, b, ldb, 0.0, c, ldc);
}
// CBLAS takes complex scalars by pointer; complex64/complex128 have its layout.
void cblas_gemm(bool ta, bool tb, index_t m, index_t n, index_t k, const complex64* a, index_t lda,
                const complex64* b, index_t ldb, complex64* c, index_t ldc) {
  const complex64 one(1), zero(0);
  cblas_cgemm(CblasRowMajor, op(ta), op(tb), m, n, k, &one, a, lda, b, ldb, &zero, c, ldc);
}
void cblas_gemm(bool ta, bool tb, index_t m, index_t n, index_t k, const complex128* a, index_t lda,
                const complex128* b, index_t ldb, complex128* c, index_t ldc) {
  const complex128 one(1), zero(0);
  cblas_zgemm(CblasRowMajor, op(ta), op(tb), m, n, k, &one, a, lda, b, ldb, &zero, c, ldc);
}

// float16/bfloat16: op(A) and op(B) widened to dense float32 matrices, one sgemm, C rounded once
// (the GPU's tensor-core GEMM with float32 sums, up to the order of the sums)
template <class H>
void cblas_gemm_half(bool ta, bool tb, index_t m, index_t n, index_t k, const H* a, index_t lda,
                     const H* b, index_t ldb, H* c, index_t ldc) {
  std::vector<float> fa(static_cast<std::size_t>(m * k)), fb(static_cast<std::size_t>(k * n)),
      fc(static_cast<std::size_t>(m * n));
  for (index_t i = 0; i < m; ++i)
    for (index_t j = 0; j < k; ++j)
      fa[static_cast<std::size_t>(i * k + j)] =
          static_cast<float>(ta ? a[j * lda + i] : a[i * lda + j]);
  for (index_t i = 0; i < k; ++i)
    for (index_t j = 0; j < n; ++j)
      fb[static_cast<std::size_t>(i * n + j)] =
          static_cast<float>(tb ? b[j * ldb + i] : b[i * ldb + j]);
  cblas_gemm(false, false, m, n, k, fa.data(), std::max<index_t>(k, 1), fb.data(),
             std::max<index_t>(n, 1), fc.data(), std::max<index_t>(n, 1));
  for (index_t i = 0; i < m; ++i)
    for (index_t j = 0; j < n; ++j)
      c[i * ldc + j] = H(fc[static_cast<std::size_t>(i * n + j)]);
}
void cblas_gemm(bool ta, bool tb, index_t m, index_t n, index_t k, const float16* a, index_t lda,
                const float16* b, index_t ldb, float16* c, index_t ldc) {
  cblas_gemm_half(ta, tb, m, n, k, a, lda, b, ldb, c, ldc);
}
void cblas_gemm(bool ta, bool tb, index_t m, index_t n, index_t k, const bfloat16* a, index_t lda,
                const bfloat16* b, index_t ldb, bfloat16* c, index_t ldc) {
  cblas_gemm_half(ta, tb, m, n, k, a, lda, b, ldb, c, ldc);
}

// One gemm per matrix of the batch, spread over OpenMP threads (OpenBLAS runs single-threaded
// inside the region); a single product keeps OpenBLAS's own threads.
template <class T>
void gemm_each(bool ta, bool tb, index_t m, index_t n, index_t k, const T* a, index_t lda,
               index_t sa, const T* b, index_t ldb, index_t sb, T* c, index_t ldc, index_t sc,
               index_t count) {
  run_or_record([=] {
    if (count == 1) return cblas_gemm(ta, tb, m, n, k, a, lda, b, ldb, c, ldc);
#pragma omp parallel for schedule(static)
    for (index_t i = 0; i < count; ++i)
      cblas_gemm(ta, tb, m, n, k, a + i * sa, lda, b + i * sb, ldb, c + i * sc, ldc);
  });
}
} // namespace

void gemm(bool ta, bool tb, index_t m, index_t n, index_t k, const float* a, index_t lda,
          const float* b, index_t ldb, float* c, index_t ldc) {
  gemm_each(ta, tb, m, n, k, a, lda, 0, b, ldb, 0, c, ldc, 0, 1);
}
void gemm(bool ta, bool tb, index_t m, index_t n, index_t k, const double* a, index_t lda,
          const double* b, index_t ldb, double* c, index_t ldc) {
  gemm_each(ta, tb, m, n, k, a, lda, 0, b, ldb, 0, c, ldc, 0, 1);
}
void gemm(bool ta, bool tb, index_t m, index_t n, index_t k, const complex64* a, index_t lda,
          const complex64* b, index_t ldb, complex64* c, index_t ldc) {
  gemm_each(ta, tb, m, n, k, a, lda, 0, b, ldb, 0, c, ldc, 0, 1);
}
void gemm(bool ta, bool tb, index_t m, index_t n, index_t k, const complex128* a, index_t lda,
          const complex128* b, index_t ldb, complex128* c, index_t ldc) {
  gemm_each(ta, tb, m, n, k, a, lda, 0, b, ldb, 0, c, ldc, 0, 1);
}

void gemm_batched(bool ta, bool tb, index_t m, index_t n, index_t k, const float* a, index_t lda,
                  index_t sa, const float* b, index_t ldb, index_t sb, float* c, index_t ldc,
                  index_t sc, index_t count) {
  gemm_each(ta, tb, m, n, k, a, lda, sa, b, ldb, sb, c, ldc, sc, count);
}
void gemm_batched(bool ta, bool tb, index_t m, index_t n, index_t k, const double* a, index_t lda,
                  index_t sa, const double* b, index_t ldb, index_t sb, double* c, index_t ldc,
                  index_t sc, index_t count) {
  gemm_each(ta, tb, m, n, k, a, lda, sa, b, ldb, sb, c, ldc, sc, count);
}
void gemm_batched(bool ta, bool tb, index_t m, index_t n, index_t k, const complex64* a,
                  index_t lda, index_t sa, const complex64* b, index_t ldb, index_t sb,
                  complex64* c, index_t ldc, index_t sc, index_t count) {
  gemm_each(ta, tb, m, n, k, a, lda, sa, b, ldb, sb, c, ldc, sc, count);
}
void gemm_batched(bool ta, bool tb, index_t m, index_t n, index_t k, const complex128* a,
                  index_t lda, index_t sa, const complex128* b, index_t ldb, index_t sb,
                  complex128* c, index_t ldc, index_t sc, index_t count) {
  gemm_each(ta, tb, m, n, k, a, lda, sa, b, ldb, sb, c, ldc, sc, count);
}

void gemm_batched(bool ta, bool tb, index_t m, index_t n, index_t k, const float16* a, index_t lda,
                  index_t sa, const float16* b, index_t ldb, index_t sb, float16* c, index_t ldc,
                  index_t sc, index_t count) {
  gemm_each(ta, tb, m, n, k, a, lda, sa, b, ldb, sb, c, ldc, sc, count);
}
void gemm_batched(bool ta, bool tb, index_t m, index_t n, index_t k, const bfloat16* a, index_t lda,
                  index_t sa, const bfloat16* b, index_t ldb, index_t sb, bfloat16* c, index_t ldc,
                  index_t sc, index_t count) {
  gemm_each(ta, tb, m, n, k, a, lda, sa, b, ldb, sb, c, ldc, sc, count);
}

void dot(index_t n, const float* x, index_t incx, const float* y, index_t incy, float* result) {
  run_or_record([=] { *result = cblas_sdot(n, x, incx, y, incy); });
}
void dot(index_t n, const double* x, index_t incx, const double* y, index_t incy, double* result) {
  run_or_record([=] { *result = cblas_ddot(n, x, incx, y, incy); });
}
void dot(index_t n, const complex64* x, index_t incx, const complex64* y, index_t incy,
         complex64* result) {
  run_or_record([=] { cblas_cdotu_sub(n, x, incx, y, incy, result); });
}
void dot(index_t n, const complex128* x, index_t incx, const complex128* y, index_t incy,
         complex128* result) {
  run_or_record([=] { cblas_zdotu_sub(n, x, incx, y, incy, result); });
}
void dotc(index_t n, const complex64* x, index_t incx, const complex64* y, index_t incy,
          complex64* result) {
  run_or_record([=] { cblas_cdotc_sub(n, x, incx, y, incy, result); });
}
void dotc(index_t n, const complex128* x, index_t incx, const complex128* y, index_t incy,
          complex128* result) {
  run_or_record([=] { cblas_zdotc_sub(n, x, incx, y, incy, result); });
}

} // namespace cupp::detail
