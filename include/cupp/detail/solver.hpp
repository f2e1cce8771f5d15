#pragma once
/// \file
/// The dense-solver facility, LAPACK's routines: cuSOLVER and cuBLAS's batched routines on the
/// CUDA backend, LAPACKE (OpenBLAS) on the host backend (src/cuda/solver.cpp,
/// src/host/solver.cpp). Matrices are column-major and come in batches: `count` of them packed
/// one after another (matrix i at a + i * rows * cols, leading dimension rows), their pivots,
/// tau and info results likewise. Every call is enqueued on the current stream and leaves its
/// info results in device memory: linalg/ checks them there and raises at the next sync point.
/// Sizes must fit LAPACK's 32-bit integers (value_error otherwise).

#include <cupp/core/complex.hpp>
#include <cupp/core/config.hpp>

#include <type_traits>

namespace cupp::detail::lapack {

/// The element type, LAPACK's s, d, c, z.
enum class scalar : int { s, d, c, z };

template <class T>
inline constexpr scalar scalar_of = std::is_same_v<T, float>       ? scalar::s
                                    : std::is_same_v<T, double>    ? scalar::d
                                    : std::is_same_v<T, complex64> ? scalar::c
                                                                   : scalar::z;

/// LU with partial pivoting (getrf) of m x n matrices in place: A = P L U, L unit lower (m x k)
/// below the diagonal, U (k x n) on and above it, k = min(m, n); ipiv: k 1-based pivots per
/// matrix (row i was exchanged with row ipiv[i]); info > 0: U(info, info) is exactly zero.
void getrf(scalar t, index_t m, index_t n, index_t count, void* a, int* ipiv, int* info);

/// Solves op(A) X = B from getrf's factors of n x n matrices, B (n x nrhs) overwritten by X; op
/// is LAPACK's 'N' (A), 'T' (A^T) or 'C' (A^H).
void getrs(scalar t, char op, index_t n, index_t nrhs, index_t count, const void* lu,
           const int* ipiv, void* b);

/// Cholesky (potrf) in place: A = U^H U (`upper`) or L L^H in that triangle, the other one left
/// as it was; info > 0: the leading minor of that order is not positive definite.
void potrf(scalar t, bool upper, index_t n, index_t count, void* a, int* info);

/// Solves A X = B from potrf's factor in the `upper` (A = U^H U) or lower (A = L L^H) triangle
/// of n x n matrices, B (n x nrhs) overwritten by X.
void potrs(scalar t, bool upper, index_t n, index_t nrhs, index_t count, const void* c, void* b);

/// Triangular solve (BLAS's trsm, side right): X op(A) = B, B (m x n, leading dimension ldb)
/// overwritten by X, A n x n (leading dimension lda) read in its `upper` or lower triangle, its
/// diagonal taken as ones when `unit`; op is 'N', 'T' or 'C'. Matrix i of A is at a + i * stride_a
/// elements (0: one A for the whole batch), of B at b + i * stride_b. Right-sided because a
/// row-major n x m B is this column-major m x n one: op(A') X' = B' for row-major arrays is this
/// call on their buffers as they are (A' = A^T, its triangle swapped), without transposed copies.
/// BLAS, but listed here with the solves that use it: the CUDA batch takes the same pointer lists.
void trsm(scalar t, bool upper, char op, bool unit, index_t m, index_t n, index_t count,
          const void* a, index_t lda, index_t stride_a, void* b, index_t ldb, index_t stride_b);

/// QR (geqrf) of m x n matrices in place: R above the diagonal, the Householder vectors below,
/// min(m, n) scalars per matrix in tau.
void geqrf(scalar t, index_t m, index_t n, index_t count, void* a, void* tau);

/// Q's first q columns (orgqr/ungqr) from k reflectors of geqrf, in place in m x q matrices
/// whose first k columns hold them (k <= q <= m).
void orgqr(scalar t, index_t m, index_t q, index_t k, index_t count, void* a, const void* tau);

/// Eigenvalues (ascending, real: float for s and c) of Hermitian matrices from the `upper` or
/// lower triangle (syevd/heevd); with `vectors` A is overwritten by the eigenvectors (columns);
/// info > 0: no convergence.
void syevd(scalar t, bool vectors, bool upper, index_t n, index_t count, void* a, void* w,
           int* info);

/// Eigenvalues and, with `vectors`, right eigenvectors (geev) of general n x n matrices,
/// destroying A: w gets n complex eigenvalues per matrix (complex64 for s and c, complex128 for d
/// and z); vr the eigenvectors as columns in A's own type, for s and d LAPACK's packing of a
/// complex pair (w[j] with a positive imaginary part, then its conjugate w[j + 1]) as the columns
/// re, im; info > 0: the QR algorithm did not converge.
void geev(scalar t, bool vectors, index_t n, index_t count, void* a, void* w, void* vr, int* info);

/// SVD (gesvd) of m x n matrices, m >= n, destroying A: singular values (descending, real) in s;
/// job 'N': no vectors, 'S': U m x n and V^H n x n, 'A': U m x m; info > 0: no convergence.
void gesvd(scalar t, char job, index_t m, index_t n, index_t count, void* a, void* s, void* u,
           void* vt, int* info);

/// The smallest min(m, n) at which svd's automatic choice leaves gesvd for the QDWH polar
/// decomposition and eigh (linalg/polar.cpp), where this backend's gesvd is the slower.
index_t polar_svd_min();

} // namespace cupp::detail::lapack
