// The CUDA array interface (interop/cuda_array_interface.hpp): NumPy's typestr from the .npy
// code's descr table (src/io/npy_format.hpp), the view and the stream wait of adopt.hpp.
#include <cupp/core/error.hpp>
#include <cupp/interop/cuda_array_interface.hpp>

#include <string>

#include "../io/npy_format.hpp"
#include "adopt.hpp"

namespace cupp {

cuda_array_interface to_cuda_array_interface(const array& a) {
  cuda_array_interface d;
  d.data = a.data();
  d.shape.assign(a.shape().begin(), a.shape().end());
  if (!a.is_c_contiguous()) {
    std::vector<index_t> bytes;
    for (const index_t s : a.strides())
      bytes.push_back(s * a.itemsize());
    d.strides = std::move(bytes);
  }
  d.typestr = detail::npy::descr_of(a.dtype());
  const native_stream s = current_stream();
  d.stream = s ? reinterpret_cast<std::uintptr_t>(s) : std::uintptr_t{1};
  return d;
}

array from_cuda_array_interface(const cuda_array_interface& d, std::shared_ptr<void> owner,
                                int device) {
  if (d.version != 2 && d.version != 3)
    throw value_error("__cuda_array_interface__ version " + std::to_string(d.version) +
                      " (cupp reads versions 2 and 3)");
  if (d.read_only)
    throw value_error("__cuda_array_interface__ describes read-only memory; cupp's arrays are "
                      "writable (copy the data into a cupp array instead)");
  if (d.stream && *d.stream == 0)
    throw value_error("__cuda_array_interface__ stream 0 is disallowed by the protocol (use 1 "
                      "for the legacy default stream)");
  std::pair<dtype, bool> t{};
  try {
    const dtype bf16 = dtype::bfloat16; // '<V2' is ml_dtypes' bfloat16 here too
    t = detail::npy::dtype_of_descr(d.typestr, &bf16);
  } catch (const io_error& e) {
    throw type_error(std::string("__cuda_array_interface__: ") + e.what());
  }
  if (t.second)
    throw value_error("__cuda_array_interface__: big-endian data ('" + d.typestr + "')");
  const auto itemsize = static_cast<index_t>(dtype_size(t.first));
  const shape_t shape(d.shape.begin(), d.shape.end());
  shape_t strides = c_strides(shape);
  if (d.strides) {
    if (d.strides->size() != d.shape.size())
      throw value_error("__cuda_array_interface__: strides and shape differ in length");
    for (std::size_t i = 0; i < d.strides->size(); ++i) {
      if ((*d.strides)[i] % itemsize)
        throw value_error("__cuda_array_interface__: stride " + std::to_string((*d.strides)[i]) +
                          " is not a multiple of the " + std::to_string(itemsize) + "-byte item");
      strides[static_cast<int>(i)] = (*d.strides)[i] / itemsize;
    }
  }
  if (device >= 0) detail::check_device_id(device);
  if (d.stream) // 1 is CUDA's legacy default stream, cupp's null stream
    detail::wait_for_producer(*d.stream == 1 ? nullptr
                                             : reinterpret_cast<native_stream>(*d.stream));
  return detail::view_of(t.first, d.data, shape, strides, std::move(owner),
                         device < 0 ? current_device() : device);
}

} // namespace cupp
