// CBLAS (OpenBLAS) backend of the dense linear-algebra facility: row-major calls map directly
// (recorded instead during a graph capture, as every host facility).
#define CUPP_HOST_ONLY_TU
#include <cupp/detail/blas.hpp>
#include <cupp/detail/host/record.hpp>

#include <cblas.h>

namespace cupp::detail {

namespace {
CBLAS_TRANSPOSE op(bool trans) { return trans ? CblasTrans : CblasNoTrans; }
} // namespace

void gemm(bool ta, bool tb, index_t m, index_t n, index_t k, const float* a, index_t lda,
          const float* b, index_t ldb, float* c, index_t ldc) {
  run_or_record([=] {
    cblas_sgemm(CblasRowMajor, op(ta), op(tb), m, n, k, 1.0f, a, lda, b, ldb, 0.0f, c, ldc);
  });
}
void gemm(bool ta, bool tb, index_t m, index_t n, index_t k, const double* a, index_t lda,
          const double* b, index_t ldb, double* c, index_t ldc) {
  run_or_record([=] {
    cblas_dgemm(CblasRowMajor, op(ta), op(tb), m, n, k, 1.0, a, lda, b, ldb, 0.0, c, ldc);
  });
}

// CBLAS takes complex scalars and results by pointer; complex64/complex128 have its layout.
void gemm(bool ta, bool tb, index_t m, index_t n, index_t k, const complex64* a, index_t lda,
          const complex64* b, index_t ldb, complex64* c, index_t ldc) {
  run_or_record([=] {
    const complex64 one(1), zero(0);
    cblas_cgemm(CblasRowMajor, op(ta), op(tb), m, n, k, &one, a, lda, b, ldb, &zero, c, ldc);
  });
}
void gemm(bool ta, bool tb, index_t m, index_t n, index_t k, const complex128* a, index_t lda,
          const complex128* b, index_t ldb, complex128* c, index_t ldc) {
  run_or_record([=] {
    const complex128 one(1), zero(0);
    cblas_zgemm(CblasRowMajor, op(ta), op(tb), m, n, k, &one, a, lda, b, ldb, &zero, c, ldc);
  });
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
