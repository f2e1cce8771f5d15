#pragma once
/// \file
/// Reductions and scans of distributed arrays: each rank reduces its block, then, when the
/// sharded axis is among the reduced ones, one allreduce of the partial results gives every rank
/// the answer (the result is replicated); otherwise the result stays sharded along the same axis
/// and nothing is communicated. `cumsum` along the sharded axis adds to each block the sum of the
/// blocks before it (an allgather of the blocks' last values). dtypes and errors are NumPy's, as
/// cupp's one-device functions give them.

#include <cupp/detail/reduce.hpp>
#include <cupp/dist/array.hpp>
#include <cupp/dist/collectives.hpp>
#include <cupp/dist/elementwise.hpp>
#include <cupp/math/complex.hpp>
#include <cupp/math/functions.hpp>
#include <cupp/reduction/reduce.hpp>
#include <cupp/reduction/scan.hpp>

#include <algorithm>
#include <type_traits>
#include <vector>

namespace cupp::dist {

namespace impl {
// the reduced axes of `ax`, normalised and sorted
inline std::vector<int> axis_list(const axes& ax, int ndim) {
  std::vector<int> list;
  if (ax.all()) {
    for (int d = 0; d < ndim; ++d)
      list.push_back(d);
    return list;
  }
  for (const index_t a : ax.list())
    list.push_back(detail::normalize_axis(a, ndim));
  std::sort(list.begin(), list.end());
  return list;
}
inline shape_t reduced_shape(const shape_t& shape, const std::vector<int>& list, bool keepdims) {
  shape_t out;
  for (int d = 0; d < static_cast<int>(shape.size()); ++d) {
    const bool reduced = std::find(list.begin(), list.end(), d) != list.end();
    if (!reduced)
      out.push_back(shape[d]);
    else if (keepdims)
      out.push_back(1);
  }
  return out;
}

// One reduction: `local(block, axes, keepdims)` on each rank, then `op` over the ranks when the
// sharded axis is reduced. An empty block of a max/min takes the identity `fill` instead (the
// whole array is not empty: the local call raises NumPy's error when it is).
template <class T, class Local>
auto reduce(const array<T>& a, const axes& ax, bool keepdims, reduce_op op, Local local) {
  const std::vector<int> list = axis_list(ax, a.ndim());
  const axes local_axes(std::vector<index_t>(list.begin(), list.end()));
  using R = typename decltype(local(a.local(), local_axes, keepdims))::value_type;
  const shape_t shape = reduced_shape(a.shape(), list, keepdims);
  const communicator& c = a.comm();
  const bool across = a.axis() && std::find(list.begin(), list.end(), *a.axis()) != list.end();
  if (!across) {
    std::optional<int> axis = a.axis();
    if (axis && !keepdims)
      *axis -= static_cast<int>(
          std::count_if(list.begin(), list.end(), [&](int d) { return d < *axis; }));
    return array<R>(c, shape, sharding{axis}, local(a.local(), local_axes, keepdims));
  }
  // a rank whose block along the split axis is empty while the axis is not reduces nothing: it
  // contributes max's or min's identity (where the axis is empty everywhere, every rank's call
  // is the one-device call and raises, or not, as NumPy)
  const bool ordered = op == reduce_op::max || op == reduce_op::min;
  ndarray<R> part;
  if (ordered && a.local().shape()[*a.axis()] == 0 && a.shape()[*a.axis()] != 0) {
    const R fill = op == reduce_op::max ? detail::lowest_value<R>() : detail::highest_value<R>();
    part = cupp::full<R>(reduced_shape(a.local().shape(), list, keepdims), fill);
  } else {
    part = local(a.local(), local_axes, keepdims);
  }
  return array<R>(c, shape, replicated, allreduce(c, part, op));
}

// how many elements each result element reduces
inline index_t reduced_count(const shape_t& shape, const std::vector<int>& list) {
  index_t n = 1;
  for (const int d : list)
    n *= shape[d];
  return n;
}
} // namespace impl

/// `np.sum(a, axis, keepdims)`; R: NumPy's dtype=.
template <class R = void, class T>
[[nodiscard]] auto sum(const array<T>& a, const axes& ax = all_axes, bool keepdims = false) {
  return impl::reduce(
      a, ax, keepdims, reduce_op::sum,
      [](const ndarray<T>& x, const axes& l, bool k) { return ndarray(cupp::sum<R>(x, l, k)); });
}

/// `np.prod(a, axis, keepdims)`; R: NumPy's dtype=.
template <class R = void, class T>
[[nodiscard]] auto prod(const array<T>& a, const axes& ax = all_axes, bool keepdims = false) {
  return impl::reduce(
      a, ax, keepdims, reduce_op::prod,
      [](const ndarray<T>& x, const axes& l, bool k) { return ndarray(cupp::prod<R>(x, l, k)); });
}

/// `np.max(a, axis, keepdims)`.
template <class T>
[[nodiscard]] auto max(const array<T>& a, const axes& ax = all_axes, bool keepdims = false) {
  return impl::reduce(
      a, ax, keepdims, reduce_op::max,
      [](const ndarray<T>& x, const axes& l, bool k) { return ndarray(cupp::max(x, l, k)); });
}

/// `np.min(a, axis, keepdims)`.
template <class T>
[[nodiscard]] auto min(const array<T>& a, const axes& ax = all_axes, bool keepdims = false) {
  return impl::reduce(
      a, ax, keepdims, reduce_op::min,
      [](const ndarray<T>& x, const axes& l, bool k) { return ndarray(cupp::min(x, l, k)); });
}

/// `np.any(a, axis, keepdims)`.
template <class T>
[[nodiscard]] auto any(const array<T>& a, const axes& ax = all_axes, bool keepdims = false) {
  return impl::reduce(
      a, ax, keepdims, reduce_op::max,
      [](const ndarray<T>& x, const axes& l, bool k) { return ndarray(cupp::any(x, l, k)); });
}

/// `np.all(a, axis, keepdims)`.
template <class T>
[[nodiscard]] auto all(const array<T>& a, const axes& ax = all_axes, bool keepdims = false) {
  return impl::reduce(
      a, ax, keepdims, reduce_op::min,
      [](const ndarray<T>& x, const axes& l, bool k) { return ndarray(cupp::all(x, l, k)); });
}

/// `np.mean(a, axis, keepdims)`: float64 for integers, else the input's dtype (float16 and
/// bfloat16 summed in float32, as NumPy's).
template <class T>
[[nodiscard]] auto mean(const array<T>& a, const axes& ax = all_axes, bool keepdims = false) {
  using M = typename decltype(ndarray(cupp::mean(a.local())))::value_type;
  using S = std::conditional_t<is_half_v<M>, float, M>;
  const std::vector<int> list = impl::axis_list(ax, a.ndim());
  const bool across = a.axis() && std::find(list.begin(), list.end(), *a.axis()) != list.end();
  if (!across)
    return impl::reduce(
        a, ax, keepdims, reduce_op::sum,
        [](const ndarray<T>& x, const axes& l, bool k) { return ndarray(cupp::mean(x, l, k)); });
  const array<S> s = sum<S>(a, ax, keepdims);
  const auto n = static_cast<real_t<S>>(impl::reduced_count(a.shape(), list));
  const ndarray<S> m = s.local() / n;
  if constexpr (std::is_same_v<S, M>)
    return array<M>(a.comm(), s.shape(), s.layout(), m);
  else
    return array<M>(a.comm(), s.shape(), s.layout(), m.template astype<M>());
}

/// `np.var(a, axis, ddof, keepdims)`: the mean of |x - mean(x)|^2 (two passes, as NumPy's), divided
/// by N - ddof; float64 for integers, the real dtype for complex.
template <class T>
[[nodiscard]] auto var(const array<T>& a, const axes& ax = all_axes, index_t ddof = 0,
                       bool keepdims = false) {
  const auto m = mean(a, ax, true); // lines up with `a` whatever the layouts
  const auto squares = transform(
      [](const auto& x, const auto& mu) {
        if constexpr (is_complex_v<T>)
          return real((x - mu) * conj(x - mu));
        else
          return (x - mu) * (x - mu);
      },
      a, m);
  auto s = sum(squares, ax, keepdims);
  using S = typename decltype(s)::value_type;
  const double n =
      static_cast<double>(impl::reduced_count(a.shape(), impl::axis_list(ax, a.ndim())));
  s.local() /= static_cast<S>(std::max(n - static_cast<double>(ddof), 0.0));
  return s;
}

/// `np.std(a, axis, ddof, keepdims)`: the square root of var.
template <class T>
[[nodiscard]] auto std(const array<T>& a, const axes& ax = all_axes, index_t ddof = 0,
                       bool keepdims = false) {
  auto v = var(a, ax, ddof, keepdims);
  v.local() = sqrt(v.local());
  return v;
}

/// `np.cumsum(a, axis)`; R: NumPy's dtype=. A 1-D array may leave out the axis; an N-d one names
/// it (flattening a sharded array is not offered: reshape what `gather` returns).
template <class R = void, class T>
[[nodiscard]] auto cumsum(const array<T>& a, std::optional<index_t> axis = std::nullopt) {
  if (!axis && a.ndim() != 1)
    throw value_error("cupp::dist::cumsum of a " + std::to_string(a.ndim()) +
                      "-d array needs an axis (the flattened scan of a sharded array is not "
                      "offered)");
  const int ax = detail::normalize_axis(axis.value_or(0), a.ndim());
  auto local = ndarray(cupp::cumsum<R>(a.local(), ax));
  using S = typename decltype(local)::value_type;
  const communicator& c = a.comm();
  if (a.axis() == ax && c.size() > 1) {
    // each block's total (its last row along the axis), stacked over the ranks
    const index_t n = local.shape()[ax];
    shape_t row = local.shape();
    row[ax] = 1;
    const ndarray<S> last = n ? contiguous(block_view(local, ax, n - 1, 1)) : zeros<S>(row);
    const ndarray<S> totals = allgather(c, last);
    if (c.rank() > 0 && n) local += ndarray<S>(cupp::sum<S>(block_view(totals, 0, 0, c.rank()), 0));
  }
  return array<S>(c, a.shape(), a.layout(), local);
}

} // namespace cupp::dist
