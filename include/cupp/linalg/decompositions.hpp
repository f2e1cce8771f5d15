#pragma once
/// \file
/// numpy.linalg's factorisations: `cholesky`, `qr`, `eigh`, `eigvalsh`, `eig`, `eigvals`, `svd`,
/// `svdvals`, over
/// stacks of matrices (..., m, n). A failure (a matrix that is not positive definite, an
/// eigensolver or SVD that does not converge) raises `linalg_error` with NumPy's message at the
/// next sync point; shape errors raise at the call. Results that NumPy returns transposed from
/// LAPACK's column-major storage are views (Q, U, V^H, eigenvectors may not be C-contiguous).

#include <cupp/linalg/compute_type.hpp>

#include <string_view>

namespace cupp::linalg {

/// `qr`'s modes (NumPy's mode='reduced', 'complete', 'r', 'raw').
enum class qr_mode { reduced, complete, r, raw };

/// `qr`'s result (NumPy's QRResult): a = q @ r. Mode r leaves q empty; mode raw returns LAPACK's
/// (h, tau) in (q, r), h of shape (..., n, m) as NumPy's.
template <class T> struct qr_result { ndarray<T> q, r; };

/// `eigh`'s result (NumPy's EighResult): eigenvalues ascending (real), eigenvectors as columns.
template <class T> struct eigh_result {
  ndarray<real_t<T>> eigenvalues;
  ndarray<T> eigenvectors;
};

/// `eig`'s result (NumPy's EigResult): eigenvalues (complex, in LAPACK's order) and the right
/// eigenvectors as columns, each of unit norm with its largest component real. Always complex:
/// NumPy returns real arrays for a real input whose eigenvalues are all real, a dtype that
/// depends on the values, which a typed result cannot (CuPy's eig is complex too).
template <class T> struct eig_result {
  ndarray<complex_of_t<real_t<T>>> eigenvalues;
  ndarray<complex_of_t<real_t<T>>> eigenvectors;
};

/// `svd`'s result (NumPy's SVDResult): a = (u * s[..., None, :]) @ vh, s descending.
template <class T> struct svd_result {
  ndarray<T> u;
  ndarray<real_t<T>> s;
  ndarray<T> vh;
};

/// How `svd` decomposes a general matrix (a cupp option, as JAX's `algorithm=`): `qr` is
/// LAPACK's gesvd (bidiagonalisation, then implicit QR on the bidiagonal: NumPy's and CuPy's
/// route); `polar` the QDWH polar decomposition a = U_p H and eigh of H (QR, Cholesky and GEMM
/// steps, as JAX on TPUs); `automatic` takes polar where the backend's gesvd is the slower
/// (the CUDA backend from min(m, n) = 128, docs/linalg.md "Large SVDs") and qr elsewhere. Both
/// are backward stable (|a - u s vh| ~ eps |a|, u and vh orthonormal); their singular vectors of
/// (nearly) equal singular values may differ by a rotation, as any two SVD routines' do.
enum class svd_algorithm { automatic, qr, polar };

/// `svd`'s options (NumPy's keywords, and the algorithm).
struct svd_kw {
  bool full_matrices = true;
  bool hermitian = false; // a is Hermitian: computed from eigh
  svd_algorithm algorithm = svd_algorithm::automatic;
};

namespace impl {
template <class T> [[nodiscard]] ndarray<T> cholesky(const ndarray<T>& a, bool upper);
template <class T> [[nodiscard]] qr_result<T> qr(const ndarray<T>& a, qr_mode mode);
template <class T> [[nodiscard]] eigh_result<T> eigh(const ndarray<T>& a, bool vectors, char uplo);
template <class T> [[nodiscard]] eig_result<T> eig(const ndarray<T>& a, bool vectors);
template <class T> [[nodiscard]] svd_result<T> svd(const ndarray<T>& a, bool vectors, svd_kw kw);
char uplo_of(std::string_view uplo); // 'L' or 'U', value_error otherwise
} // namespace impl

/// `np.linalg.cholesky(a, upper=False)`: L with a = L @ L^H (or U = L^H when `upper`), from the
/// lower (upper) triangle of a.
template <class A> [[nodiscard]] auto cholesky(const ndarray<A>& a, bool upper = false) {
  return impl::cholesky<compute_t<A>>(impl::as<compute_t<A>>(a), upper);
}

/// `np.linalg.qr(a, mode)`: q (..., m, k) and r (..., k, n) with k = min(m, n) (reduced), q
/// (..., m, m) and r (..., m, n) (complete), r alone, or LAPACK's raw (h, tau).
template <class A> [[nodiscard]] auto qr(const ndarray<A>& a, qr_mode mode = qr_mode::reduced) {
  return impl::qr<compute_t<A>>(impl::as<compute_t<A>>(a), mode);
}

/// `np.linalg.eigh(a, UPLO="L")`: the eigenvalues and eigenvectors of Hermitian matrices, from
/// the lower ("L") or upper ("U") triangle.
template <class A> [[nodiscard]] auto eigh(const ndarray<A>& a, std::string_view uplo = "L") {
  return impl::eigh<compute_t<A>>(impl::as<compute_t<A>>(a), true, impl::uplo_of(uplo));
}

/// `np.linalg.eigvalsh(a, UPLO="L")`: the eigenvalues alone (real, ascending).
template <class A> [[nodiscard]] auto eigvalsh(const ndarray<A>& a, std::string_view uplo = "L") {
  return impl::eigh<compute_t<A>>(impl::as<compute_t<A>>(a), false, impl::uplo_of(uplo))
      .eigenvalues;
}

/// `np.linalg.eig(a)`: the eigenvalues and right eigenvectors of general square matrices
/// (a @ v[..., :, j] = w[..., j] * v[..., :, j]). A non-finite input raises NumPy's
/// `linalg_error("Array must not contain infs or NaNs")` at the next sync point.
template <class A> [[nodiscard]] auto eig(const ndarray<A>& a) {
  return impl::eig<compute_t<A>>(impl::as<compute_t<A>>(a), true);
}

/// `np.linalg.eigvals(a)`: the eigenvalues alone (complex).
template <class A> [[nodiscard]] auto eigvals(const ndarray<A>& a) {
  return impl::eig<compute_t<A>>(impl::as<compute_t<A>>(a), false).eigenvalues;
}

/// `np.linalg.svd(a, full_matrices=True, compute_uv=True, hermitian=False)`: u (..., m, m) or
/// (..., m, k), s (..., k), vh (..., n, n) or (..., k, n), k = min(m, n).
template <class A> [[nodiscard]] auto svd(const ndarray<A>& a, svd_kw kw = {}) {
  return impl::svd<compute_t<A>>(impl::as<compute_t<A>>(a), true, kw);
}

/// `np.linalg.svdvals(a)` (`svd(a, compute_uv=False)`): the singular values (..., k), descending.
template <class A> [[nodiscard]] auto svdvals(const ndarray<A>& a) {
  return impl::svd<compute_t<A>>(impl::as<compute_t<A>>(a), false, {}).s;
}

} // namespace cupp::linalg
