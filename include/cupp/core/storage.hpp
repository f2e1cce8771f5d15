#pragma once
/// \file
/// The owned storage of arrays without Thrust's headers: `make_storage<T>` makes a
/// `thrust::device_vector<T, cupp::allocator<T>>` (memory/allocator.hpp) of n uninitialised
/// elements on a device and returns its owner and first element. It is compiled once per dtype in
/// src/core/storage.cpp, so that a translation unit using arrays does not parse Thrust's vector
/// (about 6 s of nvcc per translation unit on the 2-core machine).

#include <cupp/core/config.hpp>
#include <cupp/core/dtype_table.hpp>

#include <memory>

namespace cupp::detail {

template <class T> struct storage {
  std::shared_ptr<void> owner; ///< the device_vector
  T* data;
};

/// n uninitialised elements of T in `device`'s current memory resource, on the current stream.
template <class T> [[nodiscard]] storage<T> make_storage(index_t n, int device);

#define CUPP_STORAGE_EXTERN(T, ...) extern template storage<T> make_storage<T>(index_t, int);
CUPP_DTYPE_TABLE(CUPP_STORAGE_EXTERN)
#undef CUPP_STORAGE_EXTERN

} // namespace cupp::detail
