#pragma once
/// \file
/// numpy.linalg's SVD-based functions: `lstsq`, `pinv`, `matrix_rank`. Ranks are int64 arrays on
/// the device (no sync): a value that needs a host decision (a rank, lstsq's) stays there until
/// the caller reads it.

#include <cupp/linalg/compute_type.hpp>

#include <cstdint>
#include <optional>

namespace cupp::linalg {

/// `lstsq`'s result: x minimising |b - a x|, the squared residual norms per column of b, the
/// rank of a (a 0-d int64 array) and a's singular values. NumPy returns empty residuals unless
/// rank == n < m, a decision that needs the rank on the host; cupp returns them whenever m > n
/// (read `rank` to know whether they are meaningful) and empty for m <= n.
template <class T> struct lstsq_result {
  ndarray<T> x;
  ndarray<real_t<T>> residuals;
  ndarray<std::int64_t> rank;
  ndarray<real_t<T>> s;
};

/// `pinv`'s keywords (NumPy's rcond=1e-15 by default; rtol, when given, replaces it).
struct pinv_kw {
  std::optional<double> rcond;
  bool hermitian = false;
  std::optional<double> rtol;
};

/// `matrix_rank`'s keywords: an absolute `tol`, or `rtol` relative to the largest singular value
/// (by default max(m, n) * eps, NumPy's).
struct rank_kw {
  std::optional<double> tol;
  bool hermitian = false;
  std::optional<double> rtol;
};

namespace impl {
template <class T>
[[nodiscard]] lstsq_result<T> lstsq(const ndarray<T>& a, const ndarray<T>& b,
                                    std::optional<double> rcond);
template <class T> [[nodiscard]] ndarray<T> pinv(const ndarray<T>& a, const pinv_kw& kw);
template <class T>
[[nodiscard]] ndarray<std::int64_t> matrix_rank(const ndarray<T>& a, const rank_kw& kw);
} // namespace impl

/// `np.linalg.lstsq(a, b, rcond=None)`: a (m, n), b (m,) or (m, k); singular values below
/// rcond * the largest (default: eps * max(m, n)) count as zero.
template <class A, class B>
[[nodiscard]] auto lstsq(const ndarray<A>& a, const ndarray<B>& b,
                         std::optional<double> rcond = std::nullopt) {
  using T = compute2_t<A, B>;
  return impl::lstsq<T>(impl::as<T>(a), impl::as<T>(b), rcond);
}

/// `np.linalg.pinv(a, rcond, hermitian, rtol)`: the pseudo-inverse of (..., m, n), (..., n, m).
template <class A> [[nodiscard]] auto pinv(const ndarray<A>& a, const pinv_kw& kw = {}) {
  return impl::pinv<compute_t<A>>(impl::as<compute_t<A>>(a), kw);
}

/// `np.linalg.matrix_rank(A, tol, hermitian, rtol)`: int64 ranks of shape (...) (0-d for one
/// matrix; for a 1-D or 0-d A, 1 unless every element is 0).
template <class A>
[[nodiscard]] ndarray<std::int64_t> matrix_rank(const ndarray<A>& a, const rank_kw& kw = {}) {
  return impl::matrix_rank<compute_t<A>>(impl::as<compute_t<A>>(a), kw);
}

} // namespace cupp::linalg
