#pragma once
/// \file
/// Cumulative operations and differences: cumsum, cumprod, nancumsum, nancumprod (flattened, or
/// along an axis), diff and ediff1d. Scans run as CUB device scans (by key along an axis) in the
/// accumulator dtype NumPy uses (int64/uint64 for small integers and bool; float32 for float16 and
/// bfloat16, where NumPy rounds every step to float16); nothing synchronises.

#include <cupp/core/keywords.hpp>
#include <cupp/detail/scan.hpp>
#include <cupp/expr/evaluate.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/math/arithmetic.hpp>
#include <cupp/ndarray.hpp>
#include <cupp/reduction/reducers.hpp>

#include <optional>
#include <string>

namespace cupp {

namespace detail {

/// Element i of a contiguous array in the accumulator dtype; NaN becomes `nan_as` for the nan-
/// variants.
template <class T, class A, bool SkipNan> struct scan_input {
  const T* p;
  A nan_as;
  CUPP_HD A operator()(index_t i) const {
    const T x = p[i];
    if constexpr (SkipNan) {
      if (is_nan(x)) return nan_as;
    }
    return static_cast<A>(x);
  }
};

/// The scan of `a` along `axis` (moved last and made contiguous, scanned in runs, moved back), or
/// of the flattened array when `flat`.
template <class A, bool SkipNan, class T, class Op>
ndarray<A> scan_along(const ndarray<T>& a, index_t axis, bool flat, Op op, A nan_as) {
  check_devices(a);
  if constexpr (is_half_v<A>) { // scanned in float32, each result rounded once
    const auto s = scan_along<float, SkipNan>(a, axis, flat, op, static_cast<float>(nan_as));
    return evaluate(expr::node<expr::cast<A>, ndarray<float>>{{}, {s}});
  } else {
    if (flat) {
      const ndarray<T> c = ascontiguousarray(ravel(a));
      ndarray<A> out(c.shape());
      scan_runs(c.size(), c.size(), scan_input<T, A, SkipNan>{c.data(), nan_as}, out.data(), op);
      return out;
    }
    const int ax = normalize_axis(axis, a.ndim());
    const ndarray<T> moved = ascontiguousarray(moveaxis(a, ax, -1));
    ndarray<A> out(moved.shape());
    const index_t len = moved.ndim() ? moved.shape()[moved.ndim() - 1] : 1;
    if (len > 0)
      scan_runs(moved.size(), len, scan_input<T, A, SkipNan>{moved.data(), nan_as}, out.data(), op);
    return ascontiguousarray(moveaxis(out, -1, ax));
  }
}

// The scans compiled in src/reduction/ (one file per dtype) for NumPy's default accumulator:
// cumsum and cumprod, and their nan-variants where the dtype has a NaN.
#define CUPP_SCAN_INSTANCE(EXTERN, T, SkipNan, Op)                                                 \
  EXTERN template ndarray<sum_result_t<T>> scan_along<sum_result_t<T>, SkipNan, T, Op>(            \
      const ndarray<T>&, index_t, bool, Op, sum_result_t<T>);
#define CUPP_SCANS(X, T, kind) X(T, false, plus) X(T, false, times_op) CUPP_NAN_SCANS_##kind(X, T)
#define CUPP_NAN_SCANS_b(X, T)
#define CUPP_NAN_SCANS_i(X, T)
#define CUPP_NAN_SCANS_u(X, T)
#define CUPP_NAN_SCANS_f(X, T) X(T, true, plus) X(T, true, times_op)
#define CUPP_NAN_SCANS_c(X, T) CUPP_NAN_SCANS_f(X, T)
#define CUPP_SCAN_EXTERN_ONE(T, SkipNan, Op) CUPP_SCAN_INSTANCE(extern, T, SkipNan, Op)
#define CUPP_SCAN_EXTERN(T, name, kind, c_name) CUPP_SCANS(CUPP_SCAN_EXTERN_ONE, T, kind)
CUPP_DTYPE_TABLE(CUPP_SCAN_EXTERN)
#undef CUPP_SCAN_EXTERN
#undef CUPP_SCAN_EXTERN_ONE

} // namespace detail

/// NumPy's keywords of cumsum, cumprod and their nan-variants (core/keywords.hpp):
/// `cp::cumsum(a, {.axis = 1})`; dtype= is the template argument.
struct scan_kw {
  detail::kw_guard guard_{};
  std::optional<index_t> axis = std::nullopt; ///< `cupp::none`: the flattened array
};
/// diff's keywords: `cp::diff(a, {.n = 2, .axis = 0})`.
struct diff_kw {
  detail::kw_guard guard_{};
  index_t n = 1;
  index_t axis = -1;
};

/// `np.cumsum(a, axis)`; `axis = cupp::none` (the default) scans the flattened array; R is
/// NumPy's `dtype=`.
template <class R = void, class T>
[[nodiscard]] auto cumsum(const ndarray<T>& a, std::optional<index_t> axis = std::nullopt) {
  using A = detail::sum_dtype_t<R, T>;
  return detail::scan_along<A, false>(a, axis.value_or(0), !axis, detail::plus{}, A(0));
}
/// `np.cumprod(a, axis)` (integer products wrap as NumPy's).
template <class R = void, class T>
[[nodiscard]] auto cumprod(const ndarray<T>& a, std::optional<index_t> axis = std::nullopt) {
  using A = detail::sum_dtype_t<R, T>;
  return detail::scan_along<A, false>(a, axis.value_or(0), !axis, detail::times_op{}, A(1));
}
/// `np.nancumsum(a, axis)` / `np.nancumprod`: NaN counts as 0 / 1 (for dtypes without NaN,
/// cumsum and cumprod).
template <class R = void, class T>
[[nodiscard]] auto nancumsum(const ndarray<T>& a, std::optional<index_t> axis = std::nullopt) {
  using A = detail::sum_dtype_t<R, T>;
  return detail::scan_along<A, is_inexact_v<T>>(a, axis.value_or(0), !axis, detail::plus{}, A(0));
}
template <class R = void, class T>
[[nodiscard]] auto nancumprod(const ndarray<T>& a, std::optional<index_t> axis = std::nullopt) {
  using A = detail::sum_dtype_t<R, T>;
  return detail::scan_along<A, is_inexact_v<T>>(a, axis.value_or(0), !axis, detail::times_op{},
                                                A(1));
}

/// The keyword forms (`cp::cumsum<double>(a, {.axis = 0})`).
template <class R = void, class T>
[[nodiscard]] auto cumsum(const ndarray<T>& a, const scan_kw& kw) {
  return cumsum<R>(a, kw.axis);
}
template <class R = void, class T>
[[nodiscard]] auto cumprod(const ndarray<T>& a, const scan_kw& kw) {
  return cumprod<R>(a, kw.axis);
}
template <class R = void, class T>
[[nodiscard]] auto nancumsum(const ndarray<T>& a, const scan_kw& kw) {
  return nancumsum<R>(a, kw.axis);
}
template <class R = void, class T>
[[nodiscard]] auto nancumprod(const ndarray<T>& a, const scan_kw& kw) {
  return nancumprod<R>(a, kw.axis);
}

/// `np.diff(a, n, axis)`: the n-th forward difference along `axis` (default the last).
template <class T>
[[nodiscard]] ndarray<T> diff(const ndarray<T>& a, index_t n = 1, index_t axis = -1) {
  static_assert(!std::is_same_v<T, bool>,
                "diff of bool arrays (NumPy's not_equal) is not supported");
  if (n < 0) throw value_error("order must be non-negative but got " + std::to_string(n));
  if (a.ndim() == 0) throw value_error("diff requires input that is at least one dimensional");
  const int ax = detail::normalize_axis(axis, a.ndim());
  ndarray<T> r = a;
  for (index_t k = 0; k < n && r.shape()[ax] > 0; ++k) {
    const index_t len = r.shape()[ax];
    r = ndarray<T>(detail::slab(r, ax, 1, len - 1) - detail::slab(r, ax, 0, len - 1));
  }
  return r;
}

template <class T> [[nodiscard]] ndarray<T> diff(const ndarray<T>& a, const diff_kw& kw) {
  return diff(a, kw.n, kw.axis);
}

/// `np.ediff1d(a)`: differences of consecutive elements of the flattened array.
template <class T> [[nodiscard]] ndarray<T> ediff1d(const ndarray<T>& a) {
  return diff(ravel(a), 1, 0);
}

// ---- the ndarray's methods (declared in core/ndarray.hpp) ---------------------------------------

template <class V> template <class R> auto ndarray<V>::cumsum(std::optional<index_t> axis) const {
  return cupp::cumsum<R>(*this, axis);
}
template <class V> template <class R> auto ndarray<V>::cumsum(const scan_kw& kw) const {
  return cupp::cumsum<R>(*this, kw);
}
template <class V> template <class R> auto ndarray<V>::cumprod(std::optional<index_t> axis) const {
  return cupp::cumprod<R>(*this, axis);
}
template <class V> template <class R> auto ndarray<V>::cumprod(const scan_kw& kw) const {
  return cupp::cumprod<R>(*this, kw);
}

} // namespace cupp
