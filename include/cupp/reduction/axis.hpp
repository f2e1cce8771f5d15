#pragma once
/// \file
/// Reductions over chosen axes, NumPy's `axis=` and `keepdims=`: sum, prod, min/amin, max/amax,
/// ptp, argmin, argmax, mean, var, std, any, all, count_nonzero and the nan-variants nansum,
/// nanprod, nanmax, nanmin, nanargmax, nanargmin, nanmean, nanvar, nanstd. `axes` is one axis, a
/// list, or (default-constructed, `cupp::all_axes`) every axis. Results are new device arrays (0-d
/// when every axis is reduced); nothing synchronises. Expressions are evaluated into a temporary.
///
/// The layout picks the kernel: reduced axes innermost in memory -> a group of threads per output
/// reading one contiguous run (runs split in chunks when there are few); reduced axes outer -> a
/// thread per output walking them, the range split in chunks when there are few outputs.

#include <cupp/core/keywords.hpp>
#include <cupp/ndarray.hpp>
#include <cupp/detail/reducers.hpp>
#include <cupp/detail/segmented.hpp>
#include <cupp/expr/cast.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/math/compare.hpp>
#include <cupp/reduction/axes.hpp>
#include <cupp/reduction/reduce.hpp>

#include <optional>
#include <string>
#include <vector>

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

/// `red` over the axes `ax` of `a`; `name` and `needs_elements` give NumPy's error for empty input
/// (reductions without an identity, like maximum, cannot reduce nothing).
template <class Red, class T>
ndarray<typename Red::result_t> reduce_axes(const ndarray<T>& a, const axes& ax, bool keepdims,
                                            Red red, const char* name, bool needs_elements) {
  using R = typename Red::result_t;
  const axis_split sp = split_axes(a.shape(), ax);
  ndarray<R> out(sp.kept_shape);
  if (sp.len == 0 && needs_elements && out.size() > 0)
    throw value_error(std::string(name));
  auto shaped = [&] { return keepdims ? out.reshape(sp.keepdims_shape) : out; };
  if (out.size() == 0) return shaped();
  if (sp.len == 0) { // sums of nothing: the reducer's empty state
    const auto empty = red.finish(red.init(), 0);
    out.fill(empty);
    return shaped();
  }
  if (out.size() == 1) { // every axis: one run of a contiguous copy (chunked over the GPU)
    const ndarray<T> c = ascontiguousarray(a);
    reduce_rows(c.data(), offset_map{}, 1, 1, c.size(), red, out.data());
    return shaped();
  }
  shape_t ks, kst, rs, rst; // kept and reduced extents/strides, in axis order
  for (int d = 0; d < a.ndim(); ++d) {
    (sp.reduced[static_cast<std::size_t>(d)] ? rs : ks).push_back(a.shape()[d]);
    (sp.reduced[static_cast<std::size_t>(d)] ? rst : kst).push_back(a.strides()[d]);
  }
  const offset_map kept = make_offset_map(ks, kst), red_map = make_offset_map(rs, rst);
  if (red_map.ndim == 1 && (red_map.stride[0] == 1 || kept.stride[kept.ndim - 1] != 1)) {
    reduce_rows(a.data(), kept, red_map.stride[0], out.size(), sp.len, red, out.data());
  } else if (kept.stride[kept.ndim - 1] == 1) {
    reduce_columns(a.data(), kept, red_map, out.size(), sp.len, red, out.data());
  } else { // neither side is contiguous: copy with the reduced axes last, then reduce runs
    std::vector<index_t> order;
    for (int pass = 0; pass < 2; ++pass)
      for (int d = 0; d < a.ndim(); ++d)
        if (sp.reduced[static_cast<std::size_t>(d)] == (pass == 1)) order.push_back(d);
    const ndarray<T> c = transpose(a, order).copy();
    reduce_rows(c.data(), make_offset_map(shape_t{out.size()}, shape_t{sp.len}), 1, out.size(),
                sp.len, red, out.data());
  }
  return shaped();
}

template <class E> auto as_array(const E& e) { return evaluate(expr::operand(e)); }

/// NumPy's `out=`: the result written into `out` (cast to its dtype), which must have its shape.
template <class R, class S> ndarray<R> write_out(ndarray<R> out, const ndarray<S>& result) {
  if (out.shape() != result.shape())
    throw value_error("output parameter for reduction has shape " + shape_repr(out.shape()) +
                      ", the reduction gives " + shape_repr(result.shape()));
  out.assign(evaluate(expr::node<expr::cast<R>, ndarray<S>>{{}, {result}}));
  return out;
}

template <class T> using mean_t = std::conditional_t<is_floating_v<T>, T, double>;

} // namespace detail

/// `np.sum(a, axis, dtype=R, keepdims)`; R defaults to NumPy's (int64/uint64 for small integers).
template <class R = void, class E>
[[nodiscard]] auto sum(const E& e, const axes& ax, bool keepdims = false) {
  using T = expr::value_type_t<E>;
  using A = std::conditional_t<std::is_void_v<R>, sum_result_t<T>, R>;
  return detail::reduce_axes(detail::as_array(e), ax, keepdims, detail::sum_reducer<T, A>{}, "",
                             false);
}

/// `np.prod(a, axis, dtype=R, keepdims)`.
template <class R = void, class E>
[[nodiscard]] auto prod(const E& e, const axes& ax = all_axes, bool keepdims = false) {
  using T = expr::value_type_t<E>;
  using A = std::conditional_t<std::is_void_v<R>, sum_result_t<T>, R>;
  return detail::reduce_axes(detail::as_array(e), ax, keepdims, detail::prod_reducer<T, A>{}, "",
                             false);
}

/// `np.max(a, axis, keepdims)`; NaN propagates; raises on an empty reduction.
template <class E> [[nodiscard]] auto max(const E& e, const axes& ax, bool keepdims = false) {
  using T = expr::value_type_t<E>;
  return detail::reduce_axes(detail::as_array(e), ax, keepdims,
                             detail::extreme_reducer<T, detail::nan_max>{},
                             "zero-size array to reduction operation maximum which has no identity",
                             true);
}
/// `np.min(a, axis, keepdims)`.
template <class E> [[nodiscard]] auto min(const E& e, const axes& ax, bool keepdims = false) {
  using T = expr::value_type_t<E>;
  return detail::reduce_axes(detail::as_array(e), ax, keepdims,
                             detail::extreme_reducer<T, detail::nan_min>{},
                             "zero-size array to reduction operation minimum which has no identity",
                             true);
}
template <class E> [[nodiscard]] auto amax(const E& e, const axes& ax, bool keepdims = false) {
  return max(e, ax, keepdims);
}
template <class E> [[nodiscard]] auto amin(const E& e, const axes& ax, bool keepdims = false) {
  return min(e, ax, keepdims);
}

/// `np.ptp(a, axis, keepdims)`: max - min.
template <class E>
[[nodiscard]] auto ptp(const E& e, const axes& ax = all_axes, bool keepdims = false) {
  using T = expr::value_type_t<E>;
  return detail::reduce_axes(detail::as_array(e), ax, keepdims, detail::ptp_reducer<T>{},
                             "zero-size array to reduction operation maximum which has no identity",
                             true);
}

namespace detail {
/// argmax/argmin-like reductions: over the flattened array without an axis, else along it.
template <class Red, class E>
auto arg_reduce(const E& e, std::optional<index_t> axis, bool keepdims, Red red, const char* name) {
  if (!axis) return reduce_axes(ravel(as_array(e)), all_axes, false, red, name, true);
  return reduce_axes(as_array(e), axes(*axis), keepdims, red, name, true);
}
} // namespace detail

/// `np.argmax(a, axis, keepdims)`: int64 positions of the first maximum (the first NaN, if any);
/// without an axis, of the flattened array.
template <class E>
[[nodiscard]] auto argmax(const E& e, std::optional<index_t> axis = std::nullopt,
                          bool keepdims = false) {
  return detail::arg_reduce(e, axis, keepdims, detail::arg_reducer<expr::value_type_t<E>, true>{},
                            "attempt to get argmax of an empty sequence");
}
/// `np.argmin`, as argmax.
template <class E>
[[nodiscard]] auto argmin(const E& e, std::optional<index_t> axis = std::nullopt,
                          bool keepdims = false) {
  return detail::arg_reduce(e, axis, keepdims, detail::arg_reducer<expr::value_type_t<E>, false>{},
                            "attempt to get argmin of an empty sequence");
}

/// `np.mean(a, axis, keepdims)`: float64 for integer input; NaN for an empty reduction (NumPy
/// warns "Mean of empty slice" and returns nan; cupp returns nan without a warning).
template <class E>
[[nodiscard]] auto mean(const E& e, const axes& ax = all_axes, bool keepdims = false) {
  using T = expr::value_type_t<E>;
  return detail::reduce_axes(detail::as_array(e), ax, keepdims,
                             detail::mean_reducer<T, detail::mean_t<T>>{}, "", false);
}

/// `np.var(a, axis, ddof, keepdims)`: one pass (Welford, merged with Chan's formula).
template <class E>
[[nodiscard]] auto var(const E& e, const axes& ax = all_axes, index_t ddof = 0,
                       bool keepdims = false) {
  using T = expr::value_type_t<E>;
  detail::moments_reducer<T, detail::mean_t<T>, false> red;
  red.ddof = ddof;
  return detail::reduce_axes(detail::as_array(e), ax, keepdims, red, "", false);
}
/// `np.std(a, axis, ddof, keepdims)`.
template <class E>
[[nodiscard]] auto std(const E& e, const axes& ax = all_axes, index_t ddof = 0,
                       bool keepdims = false) {
  using T = expr::value_type_t<E>;
  detail::moments_reducer<T, detail::mean_t<T>, true> red;
  red.ddof = ddof;
  return detail::reduce_axes(detail::as_array(e), ax, keepdims, red, "", false);
}

/// `np.any(a, axis, keepdims)` / `np.all(a, axis, keepdims)`: bool results.
template <class E>
[[nodiscard]] auto any(const E& e, const axes& ax = all_axes, bool keepdims = false) {
  return detail::reduce_axes(detail::as_array(e), ax, keepdims,
                             detail::logical_reducer<expr::value_type_t<E>, false>{}, "", false);
}
template <class E>
[[nodiscard]] auto all(const E& e, const axes& ax = all_axes, bool keepdims = false) {
  return detail::reduce_axes(detail::as_array(e), ax, keepdims,
                             detail::logical_reducer<expr::value_type_t<E>, true>{}, "", false);
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
  return detail::reduce_axes(detail::as_array(e), ax, keepdims,
                             detail::count_reducer<expr::value_type_t<E>>{}, "", false);
}

// ---- nan-variants: NaN elements are skipped ----------------------------------------------------

/// `np.nansum(a, axis, keepdims)` / `np.nanprod`.
template <class R = void, class E>
[[nodiscard]] auto nansum(const E& e, const axes& ax = all_axes, bool keepdims = false) {
  using T = expr::value_type_t<E>;
  using A = std::conditional_t<std::is_void_v<R>, sum_result_t<T>, R>;
  return detail::reduce_axes(detail::as_array(e), ax, keepdims,
                             detail::skip_nan<detail::sum_reducer<T, A>>{}, "", false);
}
template <class R = void, class E>
[[nodiscard]] auto nanprod(const E& e, const axes& ax = all_axes, bool keepdims = false) {
  using T = expr::value_type_t<E>;
  using A = std::conditional_t<std::is_void_v<R>, sum_result_t<T>, R>;
  return detail::reduce_axes(detail::as_array(e), ax, keepdims,
                             detail::skip_nan<detail::prod_reducer<T, A>>{}, "", false);
}

/// `np.nanmax` / `np.nanmin`: an all-NaN slice gives NaN (NumPy also warns).
template <class E>
[[nodiscard]] auto nanmax(const E& e, const axes& ax = all_axes, bool keepdims = false) {
  using T = expr::value_type_t<E>;
  return detail::reduce_axes(detail::as_array(e), ax, keepdims,
                             detail::nan_extreme_reducer<T, detail::nan_max>{},
                             "zero-size array to reduction operation fmax which has no identity",
                             true);
}
template <class E>
[[nodiscard]] auto nanmin(const E& e, const axes& ax = all_axes, bool keepdims = false) {
  using T = expr::value_type_t<E>;
  return detail::reduce_axes(detail::as_array(e), ax, keepdims,
                             detail::nan_extreme_reducer<T, detail::nan_min>{},
                             "zero-size array to reduction operation fmin which has no identity",
                             true);
}

/// `np.nanargmax(a, axis)` / `np.nanargmin`: an all-NaN slice raises value_error "All-NaN slice
/// encountered" at the next sync point.
template <class E>
[[nodiscard]] auto nanargmax(const E& e, std::optional<index_t> axis = std::nullopt,
                             bool keepdims = false) {
  return detail::arg_reduce(e, axis, keepdims,
                            detail::nan_arg_reducer<expr::value_type_t<E>, true>{detail::fault_slot()},
                            "attempt to get argmax of an empty sequence");
}
template <class E>
[[nodiscard]] auto nanargmin(const E& e, std::optional<index_t> axis = std::nullopt,
                             bool keepdims = false) {
  return detail::arg_reduce(e, axis, keepdims,
                            detail::nan_arg_reducer<expr::value_type_t<E>, false>{detail::fault_slot()},
                            "attempt to get argmin of an empty sequence");
}

/// `np.nanmean`, `np.nanvar(ddof)`, `np.nanstd`: over the non-NaN elements (nan when none).
template <class E>
[[nodiscard]] auto nanmean(const E& e, const axes& ax = all_axes, bool keepdims = false) {
  using T = expr::value_type_t<E>;
  return detail::reduce_axes(detail::as_array(e), ax, keepdims,
                             detail::nan_moments_reducer<T, detail::mean_t<T>, 0>{}, "", false);
}
template <class E>
[[nodiscard]] auto nanvar(const E& e, const axes& ax = all_axes, index_t ddof = 0,
                          bool keepdims = false) {
  using T = expr::value_type_t<E>;
  detail::nan_moments_reducer<T, detail::mean_t<T>, 1> red;
  red.ddof = ddof;
  return detail::reduce_axes(detail::as_array(e), ax, keepdims, red, "", false);
}
template <class E>
[[nodiscard]] auto nanstd(const E& e, const axes& ax = all_axes, index_t ddof = 0,
                          bool keepdims = false) {
  using T = expr::value_type_t<E>;
  detail::nan_moments_reducer<T, detail::mean_t<T>, 2> red;
  red.ddof = ddof;
  return detail::reduce_axes(detail::as_array(e), ax, keepdims, red, "", false);
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

// ---- out= ----------------------------------------------------------------------------------------

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

template <class V> template <class R> auto ndarray<V>::sum() const {
  if constexpr (std::is_void_v<R>) {
    return cupp::sum(*this); // the whole-array reduction, as cupp::sum(a)
  } else {
    return cupp::sum<R>(*this, all_axes);
  }
}
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
