#pragma once
/// \file
/// Boolean selection: nonzero, argwhere, flatnonzero, one-argument where, compress, extract (data
/// dependent sizes: each reads a count on the host, a sync point), and place, putmask, select
/// (which run without a sync). Conditions and inputs may be arrays or unevaluated expressions
/// (`cp::nonzero(a > 0)`, `cp::compress(a > 0, b)`), evaluated first as NumPy evaluates them.

#include <cupp/detail/compact.hpp>
#include <cupp/indexing/take.hpp>

#include <vector>

namespace cupp {

namespace detail {

template <class T> struct is_nonzero_op {
  using result_type = bool;
  CUPP_HD bool operator()(T x) const { return x != T(0); }
};

/// `a != 0` as a bool array (a itself when it is one).
template <class T> ndarray<bool> truth(const ndarray<T>& a) {
  if constexpr (std::is_same_v<T, bool>) {
    return a;
  } else {
    return expr::evaluate(expr::node<is_nonzero_op<T>, ndarray<T>>{{}, {a}});
  }
}

struct rows_of {
  index_t* out; // (count, nd)
  const index_t* cols[max_dims];
  int nd;
  CUPP_HD void operator()(index_t i) const {
    for (int d = 0; d < nd; ++d)
      out[i * nd + d] = cols[d][i];
  }
};

template <class T> struct place_fn {
  T* dst;
  offset_map dst_map;
  const bool* mask;    // contiguous
  const index_t* rank; // number of true mask elements before each position
  const T* values;
  index_t n_values;
  CUPP_HD void operator()(index_t i) const {
    if (mask[i]) dst[dst_map(i)] = values[rank[i] % n_values];
  }
};

template <class T> struct putmask_fn {
  T* dst;
  offset_map dst_map;
  const bool* mask;
  offset_map mask_map;
  const T* values;
  index_t n_values;
  CUPP_HD void operator()(index_t i) const {
    if (mask[mask_map(i)]) dst[dst_map(i)] = values[i % n_values];
  }
};

} // namespace detail

/// `np.nonzero(a)`: for each axis, the indices of the nonzero elements, in C order (a sync point).
template <class E> [[nodiscard]] std::vector<ndarray<index_t>> nonzero(const E& e) {
  static_assert(expr::is_expression_v<E>, "nonzero needs a cupp array or expression");
  const auto a = expr::evaluate(e);
  if (a.ndim() == 0)
    throw value_error("Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar)."
                      "nonzero() instead.");
  return detail::mask_positions(detail::truth(a));
}

/// `np.where(condition)`: nonzero(condition).
template <class E> [[nodiscard]] std::vector<ndarray<index_t>> where(const E& condition) {
  return nonzero(condition);
}

/// `np.flatnonzero(a)`: indices of the nonzero elements of the flattened array.
template <class E> [[nodiscard]] ndarray<index_t> flatnonzero(const E& e) {
  return nonzero(ravel(expr::evaluate(e)))[0];
}

/// `np.argwhere(a)`: a (count, a.ndim) array of the nonzero elements' indices.
template <class E> [[nodiscard]] ndarray<index_t> argwhere(const E& e) {
  const auto a = expr::evaluate(e);
  if (a.ndim() == 0) // NumPy: shape (1, 0) for a nonzero scalar, (0, 0) for zero (a sync point)
    return ndarray<index_t>(shape_t{detail::truth(a).item() ? 1 : 0, 0});
  const auto cols = nonzero(a);
  const index_t count = cols[0].size();
  ndarray<index_t> out(shape_t{count, a.ndim()});
  detail::rows_of f{out.data(), {}, a.ndim()};
  for (int d = 0; d < a.ndim(); ++d)
    f.cols[d] = cols[static_cast<std::size_t>(d)].data();
  detail::launch_for_each(count, f);
  return out;
}

/// `np.extract(condition, a)`: the elements of a where condition (both flattened) is nonzero.
template <class C, class A>
[[nodiscard]] ndarray<expr::value_type_t<A>> extract(const C& cond, const A& arr) {
  static_assert(expr::is_expression_v<C> && expr::is_expression_v<A>,
                "extract needs cupp arrays or expressions");
  const auto condition = expr::evaluate(cond);
  const auto a = expr::evaluate(arr);
  if (condition.size() != a.size())
    throw value_error("extract: condition has " + std::to_string(condition.size()) +
                      " elements but the array has " + std::to_string(a.size()));
  return ravel(a)(ravel(detail::truth(condition))).copy();
}

/// `np.compress(condition, a, axis)`: the slices along `axis` where the 1-D condition is true
/// (a condition shorter than the axis selects among the first elements only).
template <class C, class A>
[[nodiscard]] ndarray<expr::value_type_t<A>> compress(const C& cond, const A& arr, index_t axis) {
  static_assert(expr::is_expression_v<C> && expr::is_expression_v<A>,
                "compress needs cupp arrays or expressions");
  const auto condition = expr::evaluate(cond);
  const auto a = expr::evaluate(arr);
  const int ax = detail::normalize_axis(axis, a.ndim());
  if (condition.ndim() != 1) throw value_error("condition must be a 1-d array");
  if (condition.size() > a.shape()[ax])
    throw index_error("index " + std::to_string(condition.size() - 1) +
                      " is out of bounds for axis " + std::to_string(ax) + " with size " +
                      std::to_string(a.shape()[ax]));
  return take(a, nonzero(condition)[0], ax);
}

/// `np.compress(condition, a)`: the flattened a's elements where the 1-D condition is true.
template <class C, class A>
[[nodiscard]] ndarray<expr::value_type_t<A>> compress(const C& condition, const A& a) {
  return compress(condition, ravel(expr::evaluate(a)), 0);
}

/// `np.place(arr, mask, vals)`: the k-th true position gets vals[k % len(vals)] (in place, no
/// sync).
template <class T>
void place(const ndarray<T>& a, const ndarray<bool>& mask, const ndarray<T>& vals) {
  detail::check_devices(a, mask, vals);
  if (mask.size() != a.size()) throw value_error("place: mask and data must be the same size");
  if (vals.size() == 0) {
    if (detail::count_true(mask) == 0) return;
    throw value_error("Cannot insert from an empty array!");
  }
  const auto values = ascontiguousarray(vals);
  const auto m = ascontiguousarray(mask);
  ndarray<index_t> rank(shape_t{a.size()});
  detail::count_before(a.size(), m.data(), rank.data());
  detail::launch_for_each(
      a.size(), detail::place_fn<T>{a.data(), detail::make_offset_map(a.shape(), a.strides()),
                                    m.data(), rank.data(), values.data(), values.size()});
}

/// `np.putmask(a, mask, values)`: a.flat[i] = values.flat[i % len(values)] where mask.flat[i].
template <class T>
void putmask(const ndarray<T>& a, const ndarray<bool>& mask, const ndarray<T>& values) {
  detail::check_devices(a, mask, values);
  if (mask.size() != a.size()) throw value_error("putmask: mask and data must be the same size");
  if (values.size() == 0) return;
  const auto v = ascontiguousarray(values);
  detail::launch_for_each(
      a.size(), detail::putmask_fn<T>{
                    a.data(), detail::make_offset_map(a.shape(), a.strides()), mask.data(),
                    detail::make_offset_map(mask.shape(), mask.strides()), v.data(), v.size()});
}

/// `np.select(condlist, choicelist, default)`: for each element, the choice of the first true
/// condition, else `default_value`; everything broadcasts together.
template <class T>
[[nodiscard]] ndarray<T> select(const std::vector<ndarray<bool>>& condlist,
                                const std::vector<ndarray<T>>& choicelist, T default_value = T(0)) {
  if (condlist.size() != choicelist.size())
    throw value_error("list of cases must be same length as list of conditions");
  if (condlist.empty()) throw value_error("select with an empty condition list is not possible");
  std::vector<ndarray<T>> choices{full(shape_t{}, default_value)};
  shape_t shape;
  bool ok = true;
  for (std::size_t k = 0; k < condlist.size(); ++k) {
    ok = broadcast_into(shape, condlist[k].shape()) && ok;
    ok = broadcast_into(shape, choicelist[k].shape()) && ok;
    choices.push_back(choicelist[k]);
  }
  if (!ok) throw value_error("shape mismatch: objects cannot be broadcast to a single shape");
  // the first true condition wins: assign in reverse so earlier conditions overwrite later ones
  ndarray<index_t> pick = full(shape, index_t{0});
  for (std::size_t k = condlist.size(); k-- > 0;)
    pick(broadcast_to(condlist[k], shape)) = static_cast<index_t>(k + 1); // no sync
  return choose(pick, choices);
}

// ---- the ndarray's methods (declared in core/ndarray.hpp) ---------------------------------------

template <class V> auto ndarray<V>::nonzero() const { return cupp::nonzero(*this); }

} // namespace cupp
