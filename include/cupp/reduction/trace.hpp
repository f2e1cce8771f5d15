#pragma once
/// \file
/// `np.trace`: the sums along the diagonals of an array (NumPy lists it with linear algebra; here
/// with the reductions, since it is one: a whole-array sum for a 2-D input, one thread per
/// remaining element otherwise).

#include <cupp/detail/launch.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/reduction/reduce.hpp>

namespace cupp {

namespace detail {
/// The sum along one short axis (a diagonal) for each element of the others.
template <class T, class R> struct diagonal_sum {
  const T* src;
  offset_map map;
  index_t length, stride;
  CUPP_HD R operator()(index_t i) const {
    const T* p = src + map(i);
    R acc = R(0);
    for (index_t k = 0; k < length; ++k)
      acc = plus{}(acc, static_cast<R>(p[k * stride]));
    return acc;
  }
};
} // namespace detail

/// `np.trace(a, offset, axis1, axis2)`: sums of the offset diagonals of the (axis1, axis2) planes;
/// a 0-d array for a 2-D input, else an array of the remaining axes (no sync).
template <class T>
[[nodiscard]] auto trace(const ndarray<T>& a, index_t offset = 0, index_t axis1 = 0,
                         index_t axis2 = 1) {
  using R = sum_result_t<T>;
  detail::check_devices(a);
  const ndarray<T> d = diagonal(a, offset, axis1, axis2); // the diagonal is its last axis
  if (d.ndim() == 1) return sum(d);
  shape_t rest, rest_strides;
  for (int k = 0; k + 1 < d.ndim(); ++k) {
    rest.push_back(d.shape()[k]);
    rest_strides.push_back(d.strides()[k]);
  }
  ndarray<R> out(rest);
  detail::launch_transform(
      out.size(), out.data(),
      detail::diagonal_sum<T, R>{d.data(), detail::make_offset_map(rest, rest_strides),
                                 d.shape()[d.ndim() - 1], d.strides()[d.ndim() - 1]});
  return out;
}

namespace linalg {
/// `np.linalg.trace(x, offset=0)`: the sums of the diagonals of the last two axes.
template <class T> [[nodiscard]] auto trace(const ndarray<T>& x, index_t offset = 0) {
  return cupp::trace(x, offset, -2, -1);
}
} // namespace linalg

} // namespace cupp
