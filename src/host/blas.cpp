// CBLAS (OpenBLAS) backend of the dense linear-algebra facility: row-major calls map directly.
#define CUPP_HOST_ONLY_TU
#include <cupp/detail/blas.hpp>

#include <cblas.h>

namespace cupp::detail {

namespace {
CBLAS_TRANSPOSE op(bool trans) { return trans ? CblasTrans : CblasNoTrans; }
} // namespace

void gemm(bool ta, bool tb, index_t m, index_t n, index_t k, const float* a, index_t lda,
          const float* b, index_t ldb, float* c, index_t ldc) {
  cblas_sgemm(CblasRowMajor, op(ta), op(tb), m, n, k, 1.0f, a, lda, b, ldb, 0.0f, c, ldc);
}
void gemm(bool ta, bool tb, index_t m, index_t n, index_t k, const double* a, index_t lda,
          const double* b, index_t ldb, double* c, index_t ldc) {
  cblas_dgemm(CblasRowMajor, op(ta), op(tb), m, n, k, 1.0, a, lda, b, ldb, 0.0, c, ldc);
}

void dot(index_t n, const float* x, index_t incx, const float* y, index_t incy, float* result) {
  *result = cblas_sdot(n, x, incx, y, incy);
}
void dot(index_t n, const double* x, index_t incx, const double* y, index_t incy, double* result) {
  *result = cblas_ddot(n, x, incx, y, incy);
}

} // namespace cupp::detail
