#pragma once
/// \file
/// The dense linear-algebra facility: cuBLAS on the CUDA backend, CBLAS (OpenBLAS) on the host
/// backend, both behind these functions (src/cuda/blas.cpp, src/host/blas.cpp). Matrices are
/// row-major with a leading dimension (row stride); `trans` selects the transposed operand. All
/// calls are enqueued on the current stream and write device memory (no synchronisation).

#include <cupp/core/complex.hpp>
#include <cupp/core/config.hpp>
#include <cupp/core/half.hpp>

namespace cupp::detail {

/// C (m x n) = op(A) (m x k) * op(B) (k x n), row-major, C with leading dimension ldc.
void gemm(bool trans_a, bool trans_b, index_t m, index_t n, index_t k, const float* a, index_t lda,
          const float* b, index_t ldb, float* c, index_t ldc);
void gemm(bool trans_a, bool trans_b, index_t m, index_t n, index_t k, const double* a, index_t lda,
          const double* b, index_t ldb, double* c, index_t ldc);
void gemm(bool trans_a, bool trans_b, index_t m, index_t n, index_t k, const complex64* a,
          index_t lda, const complex64* b, index_t ldb, complex64* c, index_t ldc);
void gemm(bool trans_a, bool trans_b, index_t m, index_t n, index_t k, const complex128* a,
          index_t lda, const complex128* b, index_t ldb, complex128* c, index_t ldc);

/// `count` products C_i = op(A_i) op(B_i) in one call (strided batched GEMM): matrix i of an
/// operand at its pointer + i * its stride (0: one matrix for the whole batch).
void gemm_batched(bool trans_a, bool trans_b, index_t m, index_t n, index_t k, const float* a,
                  index_t lda, index_t stride_a, const float* b, index_t ldb, index_t stride_b,
                  float* c, index_t ldc, index_t stride_c, index_t count);
void gemm_batched(bool trans_a, bool trans_b, index_t m, index_t n, index_t k, const double* a,
                  index_t lda, index_t stride_a, const double* b, index_t ldb, index_t stride_b,
                  double* c, index_t ldc, index_t stride_c, index_t count);
void gemm_batched(bool trans_a, bool trans_b, index_t m, index_t n, index_t k, const complex64* a,
                  index_t lda, index_t stride_a, const complex64* b, index_t ldb, index_t stride_b,
                  complex64* c, index_t ldc, index_t stride_c, index_t count);
void gemm_batched(bool trans_a, bool trans_b, index_t m, index_t n, index_t k, const complex128* a,
                  index_t lda, index_t stride_a, const complex128* b, index_t ldb, index_t stride_b,
                  complex128* c, index_t ldc, index_t stride_c, index_t count);
/// float16 and bfloat16: float32 products and sums (tensor cores on the GPU), rounded once into C.
void gemm_batched(bool trans_a, bool trans_b, index_t m, index_t n, index_t k, const float16* a,
                  index_t lda, index_t stride_a, const float16* b, index_t ldb, index_t stride_b,
                  float16* c, index_t ldc, index_t stride_c, index_t count);
void gemm_batched(bool trans_a, bool trans_b, index_t m, index_t n, index_t k, const bfloat16* a,
                  index_t lda, index_t stride_a, const bfloat16* b, index_t ldb, index_t stride_b,
                  bfloat16* c, index_t ldc, index_t stride_c, index_t count);

/// *result (device memory) = sum x[i*incx] * y[i*incy] for i < n.
void dot(index_t n, const float* x, index_t incx, const float* y, index_t incy, float* result);
void dot(index_t n, const double* x, index_t incx, const double* y, index_t incy, double* result);
void dot(index_t n, const complex64* x, index_t incx, const complex64* y, index_t incy,
         complex64* result);
void dot(index_t n, const complex128* x, index_t incx, const complex128* y, index_t incy,
         complex128* result);
/// *result = sum conj(x[i*incx]) * y[i*incy] (np.vdot).
void dotc(index_t n, const complex64* x, index_t incx, const complex64* y, index_t incy,
          complex64* result);
void dotc(index_t n, const complex128* x, index_t incx, const complex128* y, index_t incy,
          complex128* result);

} // namespace cupp::detail
