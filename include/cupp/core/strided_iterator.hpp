#pragma once
/// \file
/// The iterator over an array's elements in C order, usable with any Thrust algorithm. A contiguous
/// array coalesces to one dimension of stride 1, so the mapping is a multiply; other views
/// decompose the flat index over their (coalesced) shape.

#include <cupp/core/config.hpp>
#include <cupp/core/shape.hpp>

#include <thrust/device_ptr.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/permutation_iterator.h>
#include <thrust/iterator/transform_iterator.h>

namespace cupp {

namespace detail {

/// Maps a flat C-order index to an element offset over a shape with element strides.
struct offset_map {
  int ndim = 0;
  index_t extent[max_dims] = {};
  index_t stride[max_dims] = {};

  CUPP_HD index_t operator()(index_t i) const {
    if (ndim == 1) return i * stride[0];
    index_t offset = 0;
    for (int d = ndim - 1; d >= 0; --d) {
      const index_t q = i / extent[d];
      offset += (i - q * extent[d]) * stride[d];
      i = q;
    }
    return offset;
  }
};

/// Merges dimensions that are contiguous with each other and drops extent-1 dimensions, so that the
/// index arithmetic is as short as the layout allows (a C-contiguous array becomes one dimension).
inline offset_map make_offset_map(const shape_t& shape, const shape_t& strides) {
  offset_map m;
  for (int d = 0; d < shape.size(); ++d) {
    if (shape[d] == 1) continue;
    if (m.ndim > 0 && m.stride[m.ndim - 1] == strides[d] * shape[d]) {
      m.extent[m.ndim - 1] *= shape[d];
      m.stride[m.ndim - 1] = strides[d];
    } else {
      m.extent[m.ndim] = shape[d];
      m.stride[m.ndim] = strides[d];
      ++m.ndim;
    }
  }
  if (m.ndim == 0) { // 0-d or all extents 1: one element at offset 0
    m.ndim = 1;
    m.extent[0] = 1;
    m.stride[0] = 0;
  }
  return m;
}

} // namespace detail

/// Random-access iterator over the elements of an array view in C order (writable).
template <class T>
using strided_iterator = thrust::permutation_iterator<
    thrust::device_ptr<T>,
    thrust::transform_iterator<detail::offset_map, thrust::counting_iterator<index_t>>>;

} // namespace cupp
