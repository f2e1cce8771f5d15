#pragma once
/// \file
/// Where expressions run: `evaluate(e)` (and constructing an ndarray from an expression) allocates
/// the result and launches one kernel; `assign_to(out, e)` writes into an existing array or view.
/// These, reductions and printing are the only points where an expression is evaluated.

#include <cupp/core/layout.hpp>
#include <cupp/core/ndarray.hpp>
#include <cupp/detail/launch.hpp>
#include <cupp/expr/bind.hpp>
#include <cupp/expr/node.hpp>
#include <cupp/expr/overlap.hpp>

#include <algorithm>
#include <cstddef>

namespace cupp::expr {

/// Writes `f(i)` at the i-th C-order element of a non-contiguous view.
template <class T, class F> struct store_strided {
  T* out;
  cupp::detail::offset_map map;
  F f;
  CUPP_HD void operator()(index_t i) const { out[map(i)] = static_cast<T>(f(i)); }
};

/// Writes `f(i)` converted to T (the kernel's value type is the output's).
template <class T, class F> struct convert_to {
  static constexpr bool long_ops = cupp::detail::long_ops_v<F>;
  F f;
  CUPP_HD T operator()(index_t i) const { return static_cast<T>(f(i)); }
  // by rows, as the evaluator it wraps (see detail::launch_transform)
  CUPP_HD index_t rows() const { return f.rows(); }
  CUPP_HD index_t row_length() const { return f.row_length(); }
  template <int V> CUPP_HD vals<T, V> vector(index_t row, index_t c) const {
    const auto r = f.template vector<V>(row, c);
    vals<T, V> out;
    CUPP_UNROLL
    for (int k = 0; k < V; ++k)
      out.v[k] = static_cast<T>(r.v[k]);
    return out;
  }
};

/// Writes the flat evaluator `f` (over out's shape) into `out`.
template <class T, class F> void store(const ndarray<T>& out, const F& f, index_t n) {
  if (out.is_c_contiguous()) {
    cupp::detail::launch_transform(n, out.data(), convert_to<T, F>{f});
  } else {
    cupp::detail::launch_for_each(
        n, store_strided<T, F>{out.data(),
                               cupp::detail::make_offset_map(out.shape(), out.strides()), f});
  }
}

/// Copies `src` into the C-contiguous `out` with the tiled transpose when, once dimensions are
/// coalesced, the source's contiguous axis is not the last (a transpose or a permutation that
/// moves the last axis); else returns false.
template <class T> bool copy_transposed(const ndarray<T>& out, const ndarray<T>& src) {
  if (!out.is_c_contiguous() || src.shape() != out.shape() || src.size() < 2) return false;
  const stride_table t = make_stride_table(src, out.shape());
  const int last = t.nd - 1;
  const shape_t& st = t.strides[0];
  int p = -1;
  for (int d = 0; d < last; ++d)
    if (st[d] == 1) p = d;
  // thin matrices gain nothing from tiles (most of each tile would be idle)
  if (p < 0 || st[last] == 1 || t.extent[p] < 16 || t.extent[last] < 16) return false;
  shape_t extents;
  for (int d = 0; d < t.nd; ++d)
    extents.push_back(t.extent[d]);
  const shape_t cs = c_strides(extents);
  cupp::detail::transpose_layout l;
  l.e0 = t.extent[p];
  l.e1 = t.extent[last];
  l.s1 = st[last];
  l.o0 = cs[p];
  shape_t batch, src_strides, out_strides;
  for (int d = 0; d < last; ++d)
    if (d != p) {
      batch.push_back(t.extent[d]);
      src_strides.push_back(st[d]);
      out_strides.push_back(cs[d]);
    }
  l.batch = shape_size(batch);
  l.src_batch = cupp::detail::make_offset_map(batch, src_strides);
  l.out_batch = cupp::detail::make_offset_map(batch, out_strides);
  cupp::detail::launch_transpose(l, src.data(), out.data());
  return true;
}

template <class E> [[nodiscard]] ndarray<value_type_t<E>> evaluate(const E& e);

/// Evaluates `e` into `out` in place, broadcasting `e` to out's shape (`out[...] = e`). Operands
/// that overlap `out` other than element for element are copied first, as NumPy does.
template <class T, class E> void assign_to(const ndarray<T>& out, const E& e) {
  if constexpr (is_indexed_v<E>) {
    assign_to(out, e.copy());
  } else if constexpr (is_expression_v<E>) {
    shape_t shape = out.shape();
    bool ok = true;
    auto f = [&](const auto& a) { ok = broadcast_into(shape, a.shape()) && ok; };
    visit_arrays(e, f);
    if (!ok || shape != out.shape()) {
      const shape_t from = broadcast_shape(e);
      if constexpr (traits<E>::is_node || is_ndarray_v<E>) { // a scalar has no axes
        const auto extra = static_cast<std::ptrdiff_t>(from.size()) - out.ndim();
        if (extra > 0 &&
            std::all_of(from.begin(), from.begin() + extra, [](index_t d) { return d == 1; })) {
          // NumPy drops a value's leading unit axes beyond the target's: a[0:2] = ones((1, 2))
          assign_to(out, evaluate(e).reshape(shape_t(from.begin() + extra, from.end())));
          return;
        }
      }
      throw value_error("could not broadcast input array from shape " + shape_repr(from) +
                        " into shape " + shape_repr(out.shape()));
    }
    if constexpr (std::is_same_v<E, ndarray<T>>) {
      if (e.device() != out.device()) { // a copy between devices, which assignment allows
        assign_to(out, e.to_device(out.device()));
        return;
      }
    }
    cupp::detail::check_device(out.device(), current_device());
    const E src = detach(e, out, true);
    if constexpr (std::is_same_v<E, ndarray<T>>) {
      if (copy_transposed(out, src)) return;
    }
    with_flat_evaluator(src, out.shape(), [&](const auto& fn, index_t n) { store(out, fn, n); });
  } else {
    assign_to(out, as_operand<T>(e));
  }
}

/// Evaluates an expression into a new C-contiguous array (arrays pass through unchanged).
template <class E> [[nodiscard]] ndarray<value_type_t<E>> evaluate(const E& e) {
  if constexpr (traits<E>::is_node) {
    ndarray<value_type_t<E>> out(broadcast_shape(e));
    // a new array is C-contiguous: only the transform kernel is needed
    with_flat_evaluator(e, out.shape(), [&](const auto& fn, index_t n) {
      cupp::detail::launch_transform(n, out.data(), fn);
    });
    return out;
  } else { // an array passes through, checked as an operand of what evaluates it
    if constexpr (is_ndarray_v<E>) cupp::detail::check_devices(e);
    return e; // a selection (a[idx]) is checked when it is made
  }
}

// Copies between arrays of one dtype (`copy()` of a view, `ascontiguousarray`, `a[...] = b`,
// concatenate...) and fills are compiled in src/expr/, one file per dtype of the table.
#define CUPP_ASSIGN_INSTANCE(EXTERN, T)                                                            \
  EXTERN template void assign_to<T, ndarray<T>>(const ndarray<T>&, const ndarray<T>&);             \
  EXTERN template void assign_to<T, scalar<T>>(const ndarray<T>&, const scalar<T>&);
#define CUPP_ASSIGN_EXTERN(T, name, kind, c_name) CUPP_ASSIGN_INSTANCE(extern, T)
CUPP_DTYPE_TABLE(CUPP_ASSIGN_EXTERN)
#undef CUPP_ASSIGN_EXTERN

} // namespace cupp::expr

namespace cupp {

using expr::evaluate;

template <class V>
template <class E, class>
ndarray<V>::ndarray(const E& e) : ndarray(expr::evaluate(e)) {}

} // namespace cupp
