#pragma once
/// \file
/// `cupp::sort` of contiguous device memory, in place, on the current stream without
/// synchronising: the engine of `cupp::sort(ndarray)` (radix sort on order-preserving keys, NaN
/// last, stable), on a raw pointer or `thrust::device_ptr` range.

#include <cupp/ndarray.hpp>
#include <cupp/sorting/sort.hpp>

#include <thrust/device_ptr.h>

namespace cupp {

/// Sorts [first, last) of device memory ascending (`std::sort`, here stable; NaN last as NumPy).
template <class T, class = std::enable_if_t<is_dtype_v<T>>> void sort(T* first, T* last) {
  const index_t n = last - first;
  if (n <= 1) return;
  ndarray<T> range = wrap(first, shape_t{n});
  range.assign(sort(range, 0));
}
template <class T> void sort(thrust::device_ptr<T> first, thrust::device_ptr<T> last) {
  sort(first.get(), last.get());
}

} // namespace cupp
