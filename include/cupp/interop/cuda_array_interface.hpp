#pragma once
/// \file
/// The CUDA array interface (Numba's and CuPy's `__cuda_array_interface__`, version 3): the plain
/// description of device memory that C APIs and bindings exchange, and an array viewing memory
/// so described. Strides are in bytes and absent for C-contiguous data, as the protocol says;
/// `typestr` is NumPy's ('<f4', '|b1'); `stream` is the stream the data is ready on (1 for CUDA's
/// legacy default stream; absent: no ordering needed).
///
///   const auto d = cp::to_cuda_array_interface(a);      // pass d.data, d.shape, ... to a C API
///   cp::array b = cp::from_cuda_array_interface(d, a.owner());

#include <cupp/array.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cupp {

struct cuda_array_interface {
  void* data = nullptr;
  bool read_only = false;
  std::vector<index_t> shape;
  std::optional<std::vector<index_t>> strides; ///< bytes; none: C-contiguous
  std::string typestr;
  std::optional<std::uintptr_t> stream; ///< the producer's stream (1: the legacy default)
  int version = 3;
};

/// The description of `a` on the current stream (cupp's arrays are writable: read_only false).
[[nodiscard]] cuda_array_interface to_cuda_array_interface(const array& a);

/// An array viewing the described memory (of `device`, -1: the current one), kept alive by
/// `owner` when given (else by the caller). The current stream waits for `stream` by an event.
/// type_error for a typestr cupp has not, value_error for big-endian data, version other than
/// 2 or 3, stream 0 (the protocol forbids it), or a read-only description (cupp's arrays are
/// writable: copy the data yourself if you must).
[[nodiscard]] array from_cuda_array_interface(const cuda_array_interface& d,
                                              std::shared_ptr<void> owner = {}, int device = -1);

} // namespace cupp
