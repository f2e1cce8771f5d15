#pragma once
/// \file
/// NumPy's reductions, over every element or chosen axes (`axis=`, `keepdims=`): sum, prod,
/// min/amin, max/amax, ptp, argmin, argmax, mean, var, std, any, all, count_nonzero and the
/// nan-variants nansum, nanprod, nanmax, nanmin, nanargmax, nanargmin, nanmean, nanvar, nanstd.
/// `axes` is one axis, a list, or (default-constructed, `cupp::all_axes`, the default) every axis.
/// They take arrays and expressions (an expression is reduced without a temporary) and return new
/// device arrays, 0-d when every axis is reduced (`.item()` reads one); nothing synchronises. Every
/// one runs on the reduction engine (reduction/engine.hpp).

#include <cupp/core/keywords.hpp>
#include <cupp/math/compare.hpp>
#include <cupp/ndarray.hpp>
#include <cupp/reduction/engine.hpp>

#include <optional>
#include <string>

namespace cupp {

/// NumPy's keywords of the reductions (core/keywords.hpp): `cp::sum(a, {.axis = {0, 2},
/// .keepdims = true})` is `np.sum(a, axis=(0, 2), keepdims=True)`. dtype= is the template argument
/// (`cp::sum<double>(a, {.axis = 1})`).
struct reduce_kw {
  detail::kw_guard guard_{};
  axes axis = all_axes; ///< one axis, `{0, 2}`, or `cupp::none` (every axis)
  bool keepdims = false;
};
/// var, std, nanvar, nanstd: `cp::var(a, {.axis = 0, .ddof = 1})`.
struct var_kw {
  detail::kw_guard guard_{};
  axes axis = all_axes;
  index_t ddof = 0;
  bool keepdims = false;
};
/// argmax, argmin, nanargmax, nanargmin: one axis, or `cupp::none` (the flattened array).
struct arg_kw {
  detail::kw_guard guard_{};
  std::optional<index_t> axis = std::nullopt;
  bool keepdims = false;
};

namespace detail {

/// NumPy's `out=`: the result written into `out` (cast to its dtype), which must have its shape.
template <class R, class S> ndarray<R> write_out(ndarray<R> out, const ndarray<S>& result) {
  if (out.shape() != result.shape())
    throw value_error("output parameter for reduction has shape " + shape_repr(out.shape()) +
                      ", the reduction gives " + shape_repr(result.shape()));
  out.assign(evaluate(expr::node<expr::cast<R>, ndarray<S>>{{}, {result}}));
  return out;
}

inline constexpr const char* no_identity_max =
    "zero-size array to reduction operation maximum which has no identity";
inline constexpr const char* no_identity_min =
    "zero-size array to reduction operation minimum which has no identity";

/// argmax-like reductions: along `axis`, or without one over every axis, whose positions are those
/// of the flattened array (the engine reads every axis in C order); keepdims keeps every axis as
/// length 1 then, as NumPy 2's (found by scripts/diff_fuzz.py).
template <class Red, class E>
auto arg_reduce(const E& e, std::optional<index_t> axis, bool keepdims, Red red, const char* name) {
  if (!axis) return reduce(e, all_axes, keepdims, red, name);
  return reduce(e, axes(*axis), keepdims, red, name);
}

} // namespace detail

/// `np.sum(a, axis, dtype=R, keepdims)`; R defaults to NumPy's (int64/uint64 for small integers and
/// bool). Float sums use a tree (CUB's or the engine's) or pairwise (host) order, float16 and
/// bfloat16 accumulate in float32. The sum of nothing is 0.
template <class R = void, class E>
requires expr::is_expression_v<E>
[[nodiscard]] auto sum(const E& e, const axes& ax = all_axes, bool keepdims = false) {
  using T = expr::value_type_t<E>;
  return detail::reduce(e, ax, keepdims, detail::sum_reducer<T, detail::sum_dtype_t<R, T>>{});
}

/// `np.prod(a, axis, dtype=R, keepdims)`.
template <class R = void, class E>
requires expr::is_expression_v<E>
[[nodiscard]] auto prod(const E& e, const axes& ax = all_axes, bool keepdims = false) {
  using T = expr::value_type_t<E>;
  return detail::reduce(e, ax, keepdims, detail::prod_reducer<T, detail::sum_dtype_t<R, T>>{});
}

/// `np.max(a, axis, keepdims)` / `np.amax`; NaN propagates; raises on an empty reduction.
template <class E>
requires expr::is_expression_v<E>
[[nodiscard]] auto max(const E& e, const axes& ax = all_axes, bool keepdims = false) {
  return detail::reduce(e, ax, keepdims, detail::max_of<expr::value_type_t<E>>{},
                        detail::no_identity_max);
}
/// `np.min(a, axis, keepdims)` / `np.amin`.
template <class E>
requires expr::is_expression_v<E>
[[nodiscard]] auto min(const E& e, const axes& ax = all_axes, bool keepdims = false) {
  return detail::reduce(e, ax, keepdims, detail::min_of<expr::value_type_t<E>>{},
                        detail::no_identity_min);
}
template <class E>
[[nodiscard]] auto amax(const E& e, const axes& ax = all_axes, bool keepdims = false) {
  return max(e, ax, keepdims);
}
template <class E>
[[nodiscard]] auto amin(const E& e, const axes& ax = all_axes, bool keepdims = false) {
  return min(e, ax, keepdims);
}

/// `np.ptp(a, axis, keepdims)`: max - min.
template <class E>
[[nodiscard]] auto ptp(const E& e, const axes& ax = all_axes, bool keepdims = false) {
  return detail::reduce(e, ax, keepdims, detail::ptp_reducer<expr::value_type_t<E>>{},
                        detail::no_identity_max);
}

/// `np.argmax(a, axis, keepdims)`: int64 positions of the first maximum (the first NaN, if any);
/// without an axis, of the flattened array.
template <class E>
[[nodiscard]] auto argmax(const E& e, std::optional<index_t> axis = std::nullopt,
                          bool keepdims = false) {
  return detail::arg_reduce(e, axis, keepdims, detail::argmax_of<expr::value_type_t<E>>{},
                            "attempt to get argmax of an empty sequence");
}
/// `np.argmin`, as argmax.
template <class E>
[[nodiscard]] auto argmin(const E& e, std::optional<index_t> axis = std::nullopt,
                          bool keepdims = false) {
  return detail::arg_reduce(e, axis, keepdims, detail::argmin_of<expr::value_type_t<E>>{},
                            "attempt to get argmin of an empty sequence");
}

/// `np.mean(a, axis, keepdims)`: float64 for integer input; NaN for an empty reduction (NumPy
/// warns "Mean of empty slice" and returns nan; cupp returns nan without a warning).
template <class E>
[[nodiscard]] auto mean(const E& e, const axes& ax = all_axes, bool keepdims = false) {
  return detail::reduce(e, ax, keepdims, detail::mean_of<expr::value_type_t<E>>{});
}

/// `np.var(a, axis, ddof, keepdims)`: one pass (shifted sums, merged exactly).
template <class E>
[[nodiscard]] auto var(const E& e, const axes& ax = all_axes, index_t ddof = 0,
                       bool keepdims = false) {
  detail::var_of<expr::value_type_t<E>> red;
  red.ddof = ddof;
  return detail::reduce(e, ax, keepdims, red);
}
/// `np.std(a, axis, ddof, keepdims)`.
template <class E>
[[nodiscard]] auto std(const E& e, const axes& ax = all_axes, index_t ddof = 0,
                       bool keepdims = false) {
  detail::std_of<expr::value_type_t<E>> red;
  red.ddof = ddof;
  return detail::reduce(e, ax, keepdims, red);
}

/// `np.any(a, axis, keepdims)` / `np.all(a, axis, keepdims)`: bool results.
template <class E>
[[nodiscard]] auto any(const E& e, const axes& ax = all_axes, bool keepdims = false) {
  return detail::reduce(e, ax, keepdims, detail::any_of<expr::value_type_t<E>>{});
}
template <class E>
[[nodiscard]] auto all(const E& e, const axes& ax = all_axes, bool keepdims = false) {
  return detail::reduce(e, ax, keepdims, detail::all_of<expr::value_type_t<E>>{});
}

/// `np.allclose(a, b, rtol, atol, equal_nan)`: whether every element of isclose(a, b) holds,
/// read on the host (a sync point: NumPy returns a Python bool).
template <class A, class B>
[[nodiscard]] bool allclose(const A& a, const B& b, double rtol = 1e-5, double atol = 1e-8,
                            bool equal_nan = false) {
  return all(isclose(a, b, rtol, atol, equal_nan)).item();
}
/// `cp::allclose(a, b, {.atol = 1e-6})` (math/compare.hpp's isclose_kw).
template <class A, class B>
[[nodiscard]] bool allclose(const A& a, const B& b, const isclose_kw& kw) {
  return allclose(a, b, kw.rtol, kw.atol, kw.equal_nan);
}

/// `np.count_nonzero(a, axis, keepdims)`: int64 counts.
template <class E>
[[nodiscard]] auto count_nonzero(const E& e, const axes& ax = all_axes, bool keepdims = false) {
  return detail::reduce(e, ax, keepdims, detail::count_reducer<expr::value_type_t<E>>{});
}

// ---- nan-variants: NaN elements are skipped (for dtypes without NaN, the plain reductions) -----

/// `np.nansum(a, axis, keepdims)` / `np.nanprod`.
template <class R = void, class E>
[[nodiscard]] auto nansum(const E& e, const axes& ax = all_axes, bool keepdims = false) {
  using T = expr::value_type_t<E>;
  using Sum = detail::sum_reducer<T, detail::sum_dtype_t<R, T>>;
  return detail::reduce(e, ax, keepdims,
                        std::conditional_t<is_inexact_v<T>, detail::skip_nan<Sum>, Sum>{});
}
template <class R = void, class E>
[[nodiscard]] auto nanprod(const E& e, const axes& ax = all_axes, bool keepdims = false) {
  using T = expr::value_type_t<E>;
  using Prod = detail::prod_reducer<T, detail::sum_dtype_t<R, T>>;
  return detail::reduce(e, ax, keepdims,
                        std::conditional_t<is_inexact_v<T>, detail::skip_nan<Prod>, Prod>{});
}

/// `np.nanmax` / `np.nanmin`: an all-NaN slice gives NaN (NumPy also warns).
template <class E>
[[nodiscard]] auto nanmax(const E& e, const axes& ax = all_axes, bool keepdims = false) {
  using T = expr::value_type_t<E>;
  return detail::reduce(e, ax, keepdims,
                        detail::nan_or_plain<T, detail::nanmax_of, detail::max_of>{},
                        "zero-size array to reduction operation fmax which has no identity");
}
template <class E>
[[nodiscard]] auto nanmin(const E& e, const axes& ax = all_axes, bool keepdims = false) {
  using T = expr::value_type_t<E>;
  return detail::reduce(e, ax, keepdims,
                        detail::nan_or_plain<T, detail::nanmin_of, detail::min_of>{},
                        "zero-size array to reduction operation fmin which has no identity");
}

/// `np.nanargmax(a, axis)` / `np.nanargmin`: an all-NaN slice raises value_error "All-NaN slice
/// encountered" at the next sync point.
template <class E>
[[nodiscard]] auto nanargmax(const E& e, std::optional<index_t> axis = std::nullopt,
                             bool keepdims = false) {
  using T = expr::value_type_t<E>;
  if constexpr (is_inexact_v<T>) {
    return detail::arg_reduce(e, axis, keepdims, detail::nanargmax_of<T>{detail::fault_slot()},
                              "attempt to get argmax of an empty sequence");
  } else {
    return argmax(e, axis, keepdims);
  }
}
template <class E>
[[nodiscard]] auto nanargmin(const E& e, std::optional<index_t> axis = std::nullopt,
                             bool keepdims = false) {
  using T = expr::value_type_t<E>;
  if constexpr (is_inexact_v<T>) {
    return detail::arg_reduce(e, axis, keepdims, detail::nanargmin_of<T>{detail::fault_slot()},
                              "attempt to get argmin of an empty sequence");
  } else {
    return argmin(e, axis, keepdims);
  }
}

/// `np.nanmean`, `np.nanvar(ddof)`, `np.nanstd`: over the non-NaN elements (nan when none).
template <class E>
[[nodiscard]] auto nanmean(const E& e, const axes& ax = all_axes, bool keepdims = false) {
  using T = expr::value_type_t<E>;
  return detail::reduce(e, ax, keepdims,
                        detail::nan_or_plain<T, detail::nanmean_of, detail::mean_of>{});
}
template <class E>
[[nodiscard]] auto nanvar(const E& e, const axes& ax = all_axes, index_t ddof = 0,
                          bool keepdims = false) {
  using T = expr::value_type_t<E>;
  detail::nan_or_plain<T, detail::nanvar_of, detail::var_of> red;
  red.ddof = ddof;
  return detail::reduce(e, ax, keepdims, red);
}
template <class E>
[[nodiscard]] auto nanstd(const E& e, const axes& ax = all_axes, index_t ddof = 0,
                          bool keepdims = false) {
  using T = expr::value_type_t<E>;
  detail::nan_or_plain<T, detail::nanstd_of, detail::std_of> red;
  red.ddof = ddof;
  return detail::reduce(e, ax, keepdims, red);
}

// ---- keyword forms: each forwards to the positional form ----------------------------------------

#define CUPP_KW_FORM(NAME, KW, ...)                                                                \
  template <class E> [[nodiscard]] auto NAME(const E& e, const KW& kw) {                           \
    return NAME(e, __VA_ARGS__);                                                                   \
  }
#define CUPP_KW_FORM_DTYPE(NAME, KW, ...)                                                          \
  template <class R = void, class E> [[nodiscard]] auto NAME(const E& e, const KW& kw) {           \
    return NAME<R>(e, __VA_ARGS__);                                                                \
  }
CUPP_KW_FORM_DTYPE(sum, reduce_kw, kw.axis, kw.keepdims)
CUPP_KW_FORM_DTYPE(prod, reduce_kw, kw.axis, kw.keepdims)
CUPP_KW_FORM_DTYPE(nansum, reduce_kw, kw.axis, kw.keepdims)
CUPP_KW_FORM_DTYPE(nanprod, reduce_kw, kw.axis, kw.keepdims)
CUPP_KW_FORM(max, reduce_kw, kw.axis, kw.keepdims)
CUPP_KW_FORM(min, reduce_kw, kw.axis, kw.keepdims)
CUPP_KW_FORM(amax, reduce_kw, kw.axis, kw.keepdims)
CUPP_KW_FORM(amin, reduce_kw, kw.axis, kw.keepdims)
CUPP_KW_FORM(ptp, reduce_kw, kw.axis, kw.keepdims)
CUPP_KW_FORM(mean, reduce_kw, kw.axis, kw.keepdims)
CUPP_KW_FORM(any, reduce_kw, kw.axis, kw.keepdims)
CUPP_KW_FORM(all, reduce_kw, kw.axis, kw.keepdims)
CUPP_KW_FORM(count_nonzero, reduce_kw, kw.axis, kw.keepdims)
CUPP_KW_FORM(nanmax, reduce_kw, kw.axis, kw.keepdims)
CUPP_KW_FORM(nanmin, reduce_kw, kw.axis, kw.keepdims)
CUPP_KW_FORM(nanmean, reduce_kw, kw.axis, kw.keepdims)
CUPP_KW_FORM(var, var_kw, kw.axis, kw.ddof, kw.keepdims)
CUPP_KW_FORM(std, var_kw, kw.axis, kw.ddof, kw.keepdims)
CUPP_KW_FORM(nanvar, var_kw, kw.axis, kw.ddof, kw.keepdims)
CUPP_KW_FORM(nanstd, var_kw, kw.axis, kw.ddof, kw.keepdims)
CUPP_KW_FORM(argmax, arg_kw, kw.axis, kw.keepdims)
CUPP_KW_FORM(argmin, arg_kw, kw.axis, kw.keepdims)
CUPP_KW_FORM(nanargmax, arg_kw, kw.axis, kw.keepdims)
CUPP_KW_FORM(nanargmin, arg_kw, kw.axis, kw.keepdims)
#undef CUPP_KW_FORM
#undef CUPP_KW_FORM_DTYPE

// ---- out=
// ----------------------------------------------------------------------------------------

/// `np.sum(a, axis, out=out, keepdims=...)` (likewise prod, max, min, mean, var, std): the
/// result written into `out` (an array or a view: a handle), which is returned.
template <class E, class R>
ndarray<R> sum(const E& e, const axes& ax, bool keepdims, ndarray<R> out) {
  return detail::write_out(out, sum(e, ax, keepdims));
}
template <class E, class R>
ndarray<R> prod(const E& e, const axes& ax, bool keepdims, ndarray<R> out) {
  return detail::write_out(out, prod(e, ax, keepdims));
}
template <class E, class R>
ndarray<R> max(const E& e, const axes& ax, bool keepdims, ndarray<R> out) {
  return detail::write_out(out, max(e, ax, keepdims));
}
template <class E, class R>
ndarray<R> min(const E& e, const axes& ax, bool keepdims, ndarray<R> out) {
  return detail::write_out(out, min(e, ax, keepdims));
}
template <class E, class R>
ndarray<R> mean(const E& e, const axes& ax, bool keepdims, ndarray<R> out) {
  return detail::write_out(out, mean(e, ax, keepdims));
}
template <class E, class R>
ndarray<R> var(const E& e, const axes& ax, index_t ddof, bool keepdims, ndarray<R> out) {
  return detail::write_out(out, var(e, ax, ddof, keepdims));
}
template <class E, class R>
ndarray<R> std(const E& e, const axes& ax, index_t ddof, bool keepdims, ndarray<R> out) {
  return detail::write_out(out, std(e, ax, ddof, keepdims));
}

// ---- the ndarray's methods (declared in core/ndarray.hpp) ---------------------------------------

template <class V> template <class R> auto ndarray<V>::sum() const { return cupp::sum<R>(*this); }
template <class V> template <class R> auto ndarray<V>::sum(const axes& axis, bool keepdims) const {
  return cupp::sum<R>(*this, axis, keepdims);
}
template <class V> template <class R> auto ndarray<V>::sum(const reduce_kw& kw) const {
  return cupp::sum<R>(*this, kw);
}
template <class V> template <class R> auto ndarray<V>::prod(const axes& axis, bool keepdims) const {
  return cupp::prod<R>(*this, axis, keepdims);
}
template <class V> template <class R> auto ndarray<V>::prod(const reduce_kw& kw) const {
  return cupp::prod<R>(*this, kw);
}
template <class V> auto ndarray<V>::max() const { return cupp::max(*this); }
template <class V> auto ndarray<V>::max(const axes& axis, bool keepdims) const {
  return cupp::max(*this, axis, keepdims);
}
template <class V> auto ndarray<V>::max(const reduce_kw& kw) const { return cupp::max(*this, kw); }
template <class V> auto ndarray<V>::min() const { return cupp::min(*this); }
template <class V> auto ndarray<V>::min(const axes& axis, bool keepdims) const {
  return cupp::min(*this, axis, keepdims);
}
template <class V> auto ndarray<V>::min(const reduce_kw& kw) const { return cupp::min(*this, kw); }
template <class V> auto ndarray<V>::argmax(std::optional<index_t> axis, bool keepdims) const {
  return cupp::argmax(*this, axis, keepdims);
}
template <class V> auto ndarray<V>::argmax(const arg_kw& kw) const {
  return cupp::argmax(*this, kw);
}
template <class V> auto ndarray<V>::argmin(std::optional<index_t> axis, bool keepdims) const {
  return cupp::argmin(*this, axis, keepdims);
}
template <class V> auto ndarray<V>::argmin(const arg_kw& kw) const {
  return cupp::argmin(*this, kw);
}
template <class V> auto ndarray<V>::mean(const axes& axis, bool keepdims) const {
  return cupp::mean(*this, axis, keepdims);
}
template <class V> auto ndarray<V>::mean(const reduce_kw& kw) const {
  return cupp::mean(*this, kw);
}
template <class V> auto ndarray<V>::var(const axes& axis, index_t ddof, bool keepdims) const {
  return cupp::var(*this, axis, ddof, keepdims);
}
template <class V> auto ndarray<V>::var(const var_kw& kw) const { return cupp::var(*this, kw); }
template <class V> auto ndarray<V>::std(const axes& axis, index_t ddof, bool keepdims) const {
  return cupp::std(*this, axis, ddof, keepdims);
}
template <class V> auto ndarray<V>::std(const var_kw& kw) const { return cupp::std(*this, kw); }
template <class V> auto ndarray<V>::any(const axes& axis, bool keepdims) const {
  return cupp::any(*this, axis, keepdims);
}
template <class V> auto ndarray<V>::any(const reduce_kw& kw) const { return cupp::any(*this, kw); }
template <class V> auto ndarray<V>::all(const axes& axis, bool keepdims) const {
  return cupp::all(*this, axis, keepdims);
}
template <class V> auto ndarray<V>::all(const reduce_kw& kw) const { return cupp::all(*this, kw); }

} // namespace cupp
