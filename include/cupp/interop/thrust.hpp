#pragma once
/// \file
/// Interop with Thrust code: an array's storage is a `cupp::device_vector<T>`
/// (`thrust::device_vector<T, cupp::allocator<T>>`, memory/allocator.hpp), which `asarray` adopts
/// without copying; `ndarray::begin()`/`end()` (core/strided_iterator.hpp) are iterators any Thrust
/// algorithm takes. Kept out of the array's own header: Thrust's headers cost every translation
/// unit that includes them several seconds of nvcc.

#include <cupp/core/strided_iterator.hpp>
#include <cupp/memory/allocator.hpp>
#include <cupp/ndarray.hpp>

#include <memory>
#include <utility>

namespace cupp {

/// Adopts a device_vector's storage as a 1-D array without copying.
template <class T> [[nodiscard]] ndarray<T> asarray(device_vector<T>&& v) {
  const index_t n = static_cast<index_t>(v.size());
  auto storage = std::make_shared<device_vector<T>>(std::move(v));
  T* data = storage->data().get();
  return ndarray<T>(data, shape_t{n}, shape_t{1}, std::move(storage), current_device());
}

} // namespace cupp
