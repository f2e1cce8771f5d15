#pragma once
/// \file
/// The reduction engine: every reduction of cupp (sum, max, var, argmax, any... over all elements
/// or chosen axes, of an array or of a fused expression) is `detail::reduce` with a reducer of
/// reduction/reducers.hpp. One engine means one summation order: `sum(a)` and `sum(a, {0, 1})`
/// run the same kernels.
///
/// The layout picks the kernel: reduced axes innermost in memory -> a group of threads per output
/// reading one run (runs split in chunks when there are few); reduced axes outer -> a thread per
/// output walking them, the range split in chunks when there are few outputs; neither -> a copy
/// with the reduced axes last. A whole contiguous array with a reducer that has a `flat_op` goes to
/// the backend's device-wide reduction (CUB), whose vectorised loads win there. An expression is
/// read through its flat evaluator: it is reduced without a temporary.
///
/// Arrays are reduced by `reduce_array`, explicitly instantiated in src/reduction/ for every
/// (reducer, dtype) of CUPP_REDUCERS below, so a translation unit that reduces an array compiles
/// no reduction kernel; an expression's kernels are compiled where it is reduced.

#include <cupp/detail/reduce.hpp>
#include <cupp/detail/segmented.hpp>
#include <cupp/expr/bind.hpp>
#include <cupp/expr/evaluate.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/ndarray.hpp>
#include <cupp/reduction/axes.hpp>
#include <cupp/reduction/reducers.hpp>

#include <string>
#include <type_traits>
#include <vector>

namespace cupp::detail {

/// Runs `red` over `src`, a source of `shape` with element offsets `strides`, into `out` (the
/// `outputs` results in C order of the kept axes). False, with nothing launched, when neither the
/// kept nor the reduced axes are innermost: the caller copies.
template <class Red, class Src>
bool reduce_layout(Src src, const shape_t& shape, const shape_t& strides, const axis_split& sp,
                   const Red& red, typename Red::result_t* out, index_t outputs) {
  if (outputs == 1) { // one run: of any single stride, else copied
    const offset_map all = make_offset_map(shape, strides);
    if (all.ndim > 1) return false;
    reduce_rows(src, offset_map{}, all.ndim == 1 ? all.stride[0] : 1, 1, sp.len, red, out);
    return true;
  }
  shape_t ks, kst, rs, rst; // kept and reduced extents/strides, in axis order
  for (int d = 0; d < shape.size(); ++d) {
    (sp.reduced[static_cast<std::size_t>(d)] ? rs : ks).push_back(shape[d]);
    (sp.reduced[static_cast<std::size_t>(d)] ? rst : kst).push_back(strides[d]);
  }
  const offset_map kept = make_offset_map(ks, kst), red_map = make_offset_map(rs, rst);
  if (red_map.ndim == 1 && (red_map.stride[0] == 1 || kept.stride[kept.ndim - 1] != 1)) {
    reduce_rows(src, kept, red_map.stride[0], outputs, sp.len, red, out);
  } else if (kept.stride[kept.ndim - 1] == 1) {
    reduce_columns(src, kept, red_map, outputs, sp.len, red, out);
  } else {
    return false;
  }
  return true;
}

template <class Red, class T>
concept flat_reducer = requires {
  typename Red::flat_op;
}
&&std::is_same_v<typename Red::acc_t, T>&& std::is_same_v<typename Red::result_t, T>;

/// `red` over the reduced axes of `a` into `out` (contiguous, `outputs` results, each of at least
/// one element). Instantiated in src/reduction/ for the reducers of CUPP_REDUCERS.
template <class Red, class T>
void reduce_array(const ndarray<T>& a, const axis_split& sp, Red red, typename Red::result_t* out,
                  index_t outputs) {
  if constexpr (flat_reducer<Red, T>) {
    if (outputs == 1 && a.is_c_contiguous()) {
      reduce_flat(sp.len, static_cast<const T*>(a.data()), out, red.init(),
                  typename Red::flat_op{});
      return;
    }
  }
  if (reduce_layout(static_cast<const T*>(a.data()), a.shape(), a.strides(), sp, red, out, outputs))
    return;
  std::vector<index_t> order; // kept axes, then reduced ones
  for (int pass = 0; pass < 2; ++pass)
    for (int d = 0; d < a.ndim(); ++d)
      if (sp.reduced[static_cast<std::size_t>(d)] == (pass == 1)) order.push_back(d);
  const ndarray<T> c = transpose(a, order).copy();
  reduce_rows(static_cast<const T*>(c.data()), make_offset_map(shape_t{outputs}, shape_t{sp.len}),
              1, outputs, sp.len, red, out);
}

/// `red` over the reduced axes of the expression `e` of `shape`, read through its flat evaluator
/// (no temporary unless the layout needs the copy).
template <class Red, class E>
void reduce_expression(const E& e, const shape_t& shape, const axis_split& sp, const Red& red,
                       typename Red::result_t* out, index_t outputs) {
  const shape_t strides = c_strides(shape);
  bool done = false;
  expr::with_flat_evaluator(e, shape, [&](const auto& f, index_t) {
    using F = std::decay_t<decltype(f)>;
    done = reduce_layout(flat_source<F>{f}, shape, strides, sp, red, out, outputs);
  });
  if (!done) reduce_array(expr::evaluate(e), sp, red, out, outputs);
}

/// The reduction of `e` (an array or an expression) over `ax` with NumPy's result shape (keepdims)
/// and NumPy's errors: `empty_error` (a reduction without an identity: maximum) is raised when the
/// reduced length is 0, even where no output element remains (max of shape (0, 0) along axis 1,
/// as NumPy); otherwise outputs of nothing are the reducer's empty state.
template <class Red, class E>
ndarray<typename Red::result_t> reduce(const E& e, const axes& ax, bool keepdims, Red red,
                                       const char* empty_error = nullptr) {
  using R = typename Red::result_t;
  if constexpr (expr::is_indexed_v<E>) {
    return reduce(e.copy(), ax, keepdims, red, empty_error);
  } else {
    // an array reduction reads a.data() and never reaches the expressions' device check
    if constexpr (!expr::traits<E>::is_node) check_devices(e);
    const shape_t shape = expr::broadcast_shape(e);
    const axis_split sp = split_axes(shape, ax);
    ndarray<R> out(sp.kept_shape);
    auto shaped = [&] { return keepdims ? out.reshape(sp.keepdims_shape) : out; };
    if (sp.len == 0 && empty_error) throw value_error(std::string(empty_error));
    if (out.size() == 0) return shaped();
    if (sp.len == 0) { // sums of nothing: the reducer's empty state
      out.fill(red.finish(red.init(), 0));
      return shaped();
    }
    if constexpr (expr::traits<E>::is_node) {
      reduce_expression(e, shape, sp, red, out.data(), out.size());
    } else {
      reduce_array(e, sp, red, out.data(), out.size());
    }
    return shaped();
  }
}

template <class T> using mean_t = std::conditional_t<is_inexact_v<T>, T, double>;

// The reducers of the reductions for an input dtype T, named so that one macro argument is one
// reducer: these are the (reducer, dtype) pairs compiled in src/reduction/.
template <class T> using sum_of = sum_reducer<T, sum_result_t<T>>;
template <class T> using prod_of = prod_reducer<T, sum_result_t<T>>;
template <class T> using max_of = extreme_reducer<T, nan_max>;
template <class T> using min_of = extreme_reducer<T, nan_min>;
template <class T> using argmax_of = arg_reducer<T, true>;
template <class T> using argmin_of = arg_reducer<T, false>;
template <class T> using any_of = logical_reducer<T, false>;
template <class T> using all_of = logical_reducer<T, true>;
template <class T> using mean_of = mean_reducer<T, mean_t<T>>;
template <class T> using var_of = moments_reducer<T, mean_t<T>, false>;
template <class T> using std_of = moments_reducer<T, mean_t<T>, true>;
template <class T> using nansum_of = skip_nan<sum_of<T>>;
template <class T> using nanprod_of = skip_nan<prod_of<T>>;
template <class T> using nanmax_of = nan_extreme_reducer<T, nan_max>;
template <class T> using nanmin_of = nan_extreme_reducer<T, nan_min>;
template <class T> using nanargmax_of = nan_arg_reducer<T, true>;
template <class T> using nanargmin_of = nan_arg_reducer<T, false>;
template <class T> using nanmean_of = nan_moments_reducer<T, mean_t<T>, 0>;
template <class T> using nanvar_of = nan_moments_reducer<T, mean_t<T>, 1>;
template <class T> using nanstd_of = nan_moments_reducer<T, mean_t<T>, 2>;

/// The nan-variant of a reduction is the plain one for dtypes without NaN (NumPy's nansum of
/// integers is their sum).
template <class T, template <class> class Nan, template <class> class Plain>
using nan_or_plain = std::conditional_t<is_inexact_v<T>, Nan<T>, Plain<T>>;

/// X(reducer alias, T) for every reducer compiled for dtype T of kind `kind` (the dtype table's
/// letter): the nan-variants only where there is a NaN.
// (clang-format reflows these lists differently on every run)
// clang-format off
#define CUPP_REDUCERS(X, T, kind)                                                                  \
  X(sum_of, T) X(prod_of, T) X(max_of, T) X(min_of, T) X(ptp_reducer, T) X(argmax_of, T)           \
  X(argmin_of, T) X(count_reducer, T) X(any_of, T) X(all_of, T) X(mean_of, T) X(var_of, T)         \
  X(std_of, T) CUPP_NAN_REDUCERS_##kind(X, T)
#define CUPP_NAN_REDUCERS_b(X, T)
#define CUPP_NAN_REDUCERS_i(X, T)
#define CUPP_NAN_REDUCERS_u(X, T)
#define CUPP_NAN_REDUCERS_f(X, T)                                                                  \
  X(nansum_of, T) X(nanprod_of, T) X(nanmax_of, T) X(nanmin_of, T) X(nanargmax_of, T)             \
  X(nanargmin_of, T) X(nanmean_of, T) X(nanvar_of, T) X(nanstd_of, T)
#define CUPP_NAN_REDUCERS_c(X, T) CUPP_NAN_REDUCERS_f(X, T)
// clang-format on

#define CUPP_REDUCE_ARRAY_INSTANCE(EXTERN, Red, T)                                                 \
  EXTERN template void reduce_array<Red<T>, T>(const ndarray<T>&, const axis_split&, Red<T>,       \
                                               typename Red<T>::result_t*, index_t);
#define CUPP_REDUCE_ARRAY_EXTERN_ONE(Red, T) CUPP_REDUCE_ARRAY_INSTANCE(extern, Red, T)
#define CUPP_REDUCE_ARRAY_EXTERN(T, name, kind, c_name)                                            \
  CUPP_REDUCERS(CUPP_REDUCE_ARRAY_EXTERN_ONE, T, kind)
CUPP_DTYPE_TABLE(CUPP_REDUCE_ARRAY_EXTERN) // compiled in src/reduction/, one file per dtype
#undef CUPP_REDUCE_ARRAY_EXTERN
#undef CUPP_REDUCE_ARRAY_EXTERN_ONE

} // namespace cupp::detail
