#pragma once
/// \file
/// sort and argsort along an axis (default the last; `cupp::none` sorts the flattened array), as
/// NumPy's: ascending, stable, NaN last. CUB radix sorts (segmented for many rows) on the CUDA
/// backend; nothing synchronises.

#include <cupp/core/ndarray.hpp>
#include <cupp/detail/launch.hpp>
#include <cupp/detail/sort.hpp>
#include <cupp/expr/evaluate.hpp>
#include <cupp/indexing/basic.hpp>
#include <cupp/manipulation/views.hpp>

#include <optional>

namespace cupp {

namespace detail {

/// Every NaN as the positive quiet NaN (radix sort orders bit patterns; see detail/sort.hpp).
template <class T> struct canonical_nan {
  using result_type = T;
  CUPP_HD T operator()(T x) const {
    if constexpr (std::is_floating_point_v<T>) {
      return x != x ? std::numeric_limits<T>::quiet_NaN() : x;
    } else {
      return x;
    }
  }
};

/// The sort keys: `a` with `axis` moved last, C-contiguous, NaN canonical.
template <class T> ndarray<T> sort_keys(const ndarray<T>& a, int axis) {
  const ndarray<T> moved = moveaxis(a, axis, -1);
  ndarray<T> keys(moved.shape());
  expr::assign_to(keys, expr::node<canonical_nan<T>, ndarray<T>>{{}, {moved}});
  return keys;
}

struct position_in_run {
  index_t len;
  CUPP_HD index_t operator()(index_t i) const { return i % len; }
};

/// Sorts the runs of the last axis of `keys` (and the positions, when `positions` is given).
template <class T>
ndarray<T> sort_last_axis(const ndarray<T>& keys, ndarray<index_t>* positions) {
  ndarray<T> out(keys.shape());
  const index_t n = keys.size(), len = keys.shape()[keys.ndim() - 1];
  if (n == 0) return out;
  if (positions) {
    ndarray<index_t> in(keys.shape());
    launch_transform(n, in.data(), position_in_run{len});
    *positions = ndarray<index_t>(keys.shape());
    sort_runs(n, len, keys.data(), out.data(), in.data(), positions->data());
  } else {
    sort_runs(n, len, keys.data(), out.data(), static_cast<const index_t*>(nullptr),
              static_cast<index_t*>(nullptr));
  }
  return out;
}

} // namespace detail

/// `np.sort(a, axis)`: a sorted copy; `axis = cupp::none` sorts the flattened array.
template <class T>
[[nodiscard]] ndarray<T> sort(const ndarray<T>& a, std::optional<index_t> axis = -1) {
  if (!axis) return sort(ravel(a), 0);
  const int ax = detail::normalize_axis(*axis, a.ndim());
  return ascontiguousarray(
      moveaxis(detail::sort_last_axis(detail::sort_keys(a, ax), nullptr), -1, ax));
}

/// `np.argsort(a, axis)` (stable): int64 positions along `axis` that sort it.
template <class T>
[[nodiscard]] ndarray<index_t> argsort(const ndarray<T>& a, std::optional<index_t> axis = -1) {
  if (!axis) return argsort(ravel(a), 0);
  const int ax = detail::normalize_axis(*axis, a.ndim());
  ndarray<index_t> positions;
  (void)detail::sort_last_axis(detail::sort_keys(a, ax), &positions);
  return ascontiguousarray(moveaxis(positions, -1, ax));
}

} // namespace cupp
