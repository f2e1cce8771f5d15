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

/// LU with partial pivoting (getrf) of n x n matrices in place; ipiv: n 1-based pivots per
/// matrix; info > 0: U(info, info) is exactly zero (the matrix is singular).
void getrf(scalar t, index_t n, index_t count, void* a, int* ipiv, int* info);

/// Solves op(A) X = B from getrf's factors, B (n x nrhs) overwritten by X; op is A^T when
/// `trans` (not conjugated).
void getrs(scalar t, bool trans, index_t n, index_t nrhs, index_t count, const void* lu,
           const int* ipiv, void* b);

/// Cholesky (potrf) in place: A = U^H U (`upper`) or L L^H in that triangle, the other one left
/// as it was; info > 0: the leading minor of that order is not positive definite.
void potrf(scalar t, bool upper, index_t n, index_t count, void* a, int* info);

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

} // namespace cupp::detail::lapack
