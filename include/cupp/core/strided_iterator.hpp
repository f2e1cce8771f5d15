#pragma once
/// \file
/// The iterator over an array's elements in C order, usable with any Thrust algorithm, and
/// `ndarray::begin()`/`end()`. A contiguous
/// array coalesces to one dimension of stride 1, so the mapping is a multiply; other views
/// decompose the flat index over their (coalesced) shape.

#include <cupp/core/config.hpp>
#include <cupp/core/layout.hpp>
#include <cupp/core/ndarray.hpp>
#include <cupp/core/shape.hpp>

#include <thrust/device_ptr.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/permutation_iterator.h>
#include <thrust/iterator/transform_iterator.h>

namespace cupp {

/// Random-access iterator over the elements of an array view in C order (writable).
template <class T>
using strided_iterator = thrust::permutation_iterator<
    thrust::device_ptr<T>,
    thrust::transform_iterator<detail::offset_map, thrust::counting_iterator<index_t>>>;

template <class V> auto ndarray<V>::begin() const {
  return strided_iterator<V>(
      thrust::device_ptr<V>(data_),
      thrust::make_transform_iterator(thrust::counting_iterator<index_t>(0),
                                      detail::make_offset_map(shape_, strides_)));
}
template <class V> auto ndarray<V>::end() const { return begin() + size(); }

} // namespace cupp
