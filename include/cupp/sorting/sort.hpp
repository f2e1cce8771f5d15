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

#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>

namespace cupp {

namespace detail {

/// Sort keys: floating-point values as unsigned integers of the same order, with every NaN
/// canonical and last (CUB's segmented sort compares short segments with `<`, which NaN breaks;
/// radix sort orders bits). Other dtypes are their own keys.
template <class T>
using sort_key_t = std::conditional_t<
    is_floating_v<T>,
    std::conditional_t<sizeof(T) == 2, std::uint16_t,
                       std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>>,
    T>;

template <class T> struct encode_key {
  using result_type = sort_key_t<T>;
  CUPP_HD result_type operator()(T x) const {
    if constexpr (is_floating_v<T>) {
      using K = result_type;
      if (x != x) x = std::numeric_limits<T>::quiet_NaN();
      K k;
      memcpy(&k, &x, sizeof(K));
      constexpr K sign = K(1) << (8 * sizeof(K) - 1);
      return (k & sign) ? K(~k) : K(k | sign);
    } else {
      return x;
    }
  }
};
template <class T> struct decode_key {
  using result_type = T;
  CUPP_HD T operator()(sort_key_t<T> k) const {
    if constexpr (is_floating_v<T>) {
      using K = sort_key_t<T>;
      constexpr K sign = K(1) << (8 * sizeof(K) - 1);
      k = (k & sign) ? K(k & ~sign) : K(~k);
      T x;
      memcpy(&x, &k, sizeof(T));
      return x;
    } else {
      return k;
    }
  }
};

struct position_in_run {
  index_t len;
  CUPP_HD index_t operator()(index_t i) const { return i % len; }
};

/// `a` (any layout) with each run of its last axis sorted, C-contiguous; with `positions`, also
/// each element's position in its run before sorting (the argsort).
template <class T>
ndarray<T> sorted_last_axis(const ndarray<T>& a, ndarray<index_t>* positions) {
  using K = sort_key_t<T>;
  ndarray<K> keys(a.shape());
  expr::assign_to(keys, expr::node<encode_key<T>, ndarray<T>>{{}, {a}});
  ndarray<K> sorted(a.shape());
  const index_t n = a.size(), len = a.ndim() ? a.shape()[a.ndim() - 1] : 1;
  if (positions) *positions = ndarray<index_t>(a.shape());
  if (n > 0) {
    if (positions) {
      ndarray<index_t> in(a.shape());
      launch_transform(n, in.data(), position_in_run{len});
      sort_runs(n, len, keys.data(), sorted.data(), in.data(), positions->data());
    } else {
      sort_runs(n, len, keys.data(), sorted.data(), static_cast<const index_t*>(nullptr),
                static_cast<index_t*>(nullptr));
    }
  }
  if constexpr (std::is_same_v<K, T>) {
    return sorted;
  } else {
    return evaluate(expr::node<decode_key<T>, ndarray<K>>{{}, {sorted}});
  }
}

} // namespace detail

/// `np.sort(a, axis)`: a sorted copy; `axis = cupp::none` sorts the flattened array.
template <class T>
[[nodiscard]] ndarray<T> sort(const ndarray<T>& a, std::optional<index_t> axis = -1) {
  if (!axis) return sort(ravel(a), 0);
  const int ax = detail::normalize_axis(*axis, a.ndim());
  return ascontiguousarray(moveaxis(detail::sorted_last_axis(moveaxis(a, ax, -1), nullptr), -1, ax));
}

/// `np.argsort(a, axis)` (stable): int64 positions along `axis` that sort it.
template <class T>
[[nodiscard]] ndarray<index_t> argsort(const ndarray<T>& a, std::optional<index_t> axis = -1) {
  if (!axis) return argsort(ravel(a), 0);
  const int ax = detail::normalize_axis(*axis, a.ndim());
  ndarray<index_t> positions;
  (void)detail::sorted_last_axis(moveaxis(a, ax, -1), &positions);
  return ascontiguousarray(moveaxis(positions, -1, ax));
}

} // namespace cupp
