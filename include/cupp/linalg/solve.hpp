#pragma once
/// \file
/// numpy.linalg's LU family: `solve`, `inv`, `det`, `slogdet`, `matrix_power`, `tensorsolve`,
/// `tensorinv`. Every function takes stacks of matrices (..., n, n) with NumPy 2's broadcasting
/// of the leading axes. A singular matrix raises `linalg_error("Singular matrix")` at the next
/// sync point (the factorisation's result is checked on the device, no sync is added); the other
/// matrices of the stack keep valid results. Shape errors raise at the call.

#include <cupp/linalg/compute_type.hpp>

#include <vector>

namespace cupp::linalg {

/// `slogdet`'s result (NumPy's SlogdetResult): det = sign * exp(logabsdet); sign is 0 and
/// logabsdet -inf for a singular matrix.
template <class T> struct slogdet_result {
  ndarray<T> sign;
  ndarray<real_t<T>> logabsdet;
};

namespace impl {
template <class T> [[nodiscard]] ndarray<T> solve(const ndarray<T>& a, const ndarray<T>& b);
template <class T> [[nodiscard]] ndarray<T> inv(const ndarray<T>& a);
template <class T> [[nodiscard]] ndarray<T> det(const ndarray<T>& a);
template <class T> [[nodiscard]] slogdet_result<T> slogdet(const ndarray<T>& a);
template <class T> [[nodiscard]] ndarray<T> matrix_power(const ndarray<T>& a, long long n);
template <class T>
[[nodiscard]] ndarray<T> tensorsolve(const ndarray<T>& a, const ndarray<T>& b,
                                     const std::vector<index_t>& axes);
template <class T> [[nodiscard]] ndarray<T> tensorinv(const ndarray<T>& a, index_t ind);
} // namespace impl

/// `np.linalg.solve(a, b)`: x with a @ x == b. a is (..., n, n); b is (n,) (one vector for every
/// matrix) or (..., n, k), NumPy 2's rule: a b of 2 or more dimensions is a stack of matrices.
template <class A, class B> [[nodiscard]] auto solve(const ndarray<A>& a, const ndarray<B>& b) {
  using T = compute2_t<A, B>;
  return impl::solve<T>(impl::as<T>(a), impl::as<T>(b));
}

/// `np.linalg.inv(a)` of (..., n, n).
template <class A> [[nodiscard]] auto inv(const ndarray<A>& a) {
  return impl::inv<compute_t<A>>(impl::as<compute_t<A>>(a));
}

/// `np.linalg.det(a)` of (..., n, n): an array of shape (...) (0-d for one matrix, no sync).
template <class A> [[nodiscard]] auto det(const ndarray<A>& a) {
  return impl::det<compute_t<A>>(impl::as<compute_t<A>>(a));
}

/// `np.linalg.slogdet(a)`: sign and log|det| of (..., n, n), without det's overflow.
template <class A> [[nodiscard]] auto slogdet(const ndarray<A>& a) {
  return impl::slogdet<compute_t<A>>(impl::as<compute_t<A>>(a));
}

/// `np.linalg.matrix_power(a, n)`: a @ a @ ... (n times) by repeated squaring; n == 0 gives the
/// identity, n < 0 powers of inv(a). Integer matrices keep their dtype for n >= 0, computed in
/// float64 (exact while the values stay below 2^53; NumPy multiplies integers exactly); a
/// negative power of one raises value_error (NumPy's is float64: convert it first).
template <class A> [[nodiscard]] ndarray<A> matrix_power(const ndarray<A>& a, long long n) {
  using T = compute_t<A>;
  if constexpr (std::is_same_v<T, A>) {
    return impl::matrix_power<T>(a, n);
  } else {
    if (n < 0)
      throw value_error("matrix_power: a negative power of an integer matrix is float64 in "
                        "NumPy; convert the matrix with astype<double>() first");
    return ndarray<A>(astype<A>(impl::matrix_power<T>(impl::as<T>(a), n)));
  }
}

/// `np.linalg.tensorsolve(a, b, axes)`: x with tensordot(a, x, x.ndim) == b; `axes` of a are
/// moved to the end first.
template <class A, class B>
[[nodiscard]] auto tensorsolve(const ndarray<A>& a, const ndarray<B>& b,
                               const std::vector<index_t>& axes = {}) {
  using T = compute2_t<A, B>;
  return impl::tensorsolve<T>(impl::as<T>(a), impl::as<T>(b), axes);
}

/// `np.linalg.tensorinv(a, ind)`: the inverse of a reshaped to a square matrix by its first
/// `ind` axes against the rest.
template <class A> [[nodiscard]] auto tensorinv(const ndarray<A>& a, index_t ind = 2) {
  return impl::tensorinv<compute_t<A>>(impl::as<compute_t<A>>(a), ind);
}

} // namespace cupp::linalg
