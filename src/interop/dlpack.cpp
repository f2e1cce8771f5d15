// DLPack export and import (interop/dlpack.hpp). An export's manager context holds a reference to
// the array's storage and the int64 shape and strides the tensor points to; an import's view
// holds the producer's tensor and calls its deleter when the last view goes.
#include <cupp/core/event.hpp>
#include <cupp/interop/dlpack.hpp>
#include <cupp/ndarray.hpp>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "adopt.hpp"

namespace cupp {

namespace {

#if defined(CUPP_BACKEND_CUDA)
constexpr DLDeviceType backend_device = kDLCUDA;
#else
constexpr DLDeviceType backend_device = kDLCPU;
#endif

struct export_context {
  std::shared_ptr<void> owner;
  std::vector<int64_t> shape, strides;
};

// Fills t from a and returns the context that keeps a's memory alive.
export_context* describe(const array& a, DLTensor& t) {
  auto* ctx = new export_context{a.owner(), {}, {}};
  for (int i = 0; i < a.ndim(); ++i) {
    ctx->shape.push_back(a.shape()[i]);
    ctx->strides.push_back(a.strides()[i]);
  }
  t.data = a.data();
  t.device = {backend_device, static_cast<int32_t>(a.device())};
  t.ndim = a.ndim();
  t.dtype = to_dlpack_dtype(a.dtype());
  t.shape = ctx->shape.data();
  t.strides = ctx->strides.data();
  t.byte_offset = 0;
  return ctx;
}

// The consumer's stream waits for the work enqueued so far on the current stream.
void order_for_consumer(const dlpack_kw& kw) {
  if (!kw.stream || *kw.stream == current_stream()) return;
  event e(false);
  e.record(current_stream());
  wait_event(*kw.stream, e);
}

// The view of t's memory (owner calls `release`), a copy when the tensor is read-only.
template <class Release>
array adopt(const DLTensor& t, bool read_only, const dlpack_kw& kw, Release release) {
  const bool device_ok = t.device.device_type == backend_device ||
                         (backend_device == kDLCUDA && t.device.device_type == kDLCUDAManaged);
  if (!device_ok) {
    const int device_type = t.device.device_type; // `t` is the tensor's: gone with release()
    release();
    throw value_error("from_dlpack: the tensor's memory is on DLPack device type " +
                      std::to_string(device_type) + ", which cupp's " +
                      std::string(backend_device == kDLCUDA ? "CUDA" : "host") +
                      " backend cannot use");
  }
  dtype d{};
  try {
    d = from_dlpack_dtype(t.dtype);
  } catch (...) {
    release();
    throw;
  }
  if (kw.stream) detail::wait_for_producer(*kw.stream);
  shape_t shape, strides;
  for (int i = 0; i < t.ndim; ++i)
    shape.push_back(t.shape[i]);
  strides = t.strides ? shape_t(t.strides, t.strides + t.ndim) : c_strides(shape);
  auto* data = static_cast<std::byte*>(t.data) + t.byte_offset;
  std::shared_ptr<void> owner(static_cast<void*>(data), [release](void*) { release(); });
  const int device = backend_device == kDLCUDA ? t.device.device_id : 0;
  const array view = detail::view_of(d, data, shape, strides, owner, device);
  if (!read_only) return view;
  // cupp's arrays are writable: a read-only tensor is copied, and the copy keeps the tensor
  // until it goes itself (the copy is asynchronous: releasing the tensor now could free memory
  // its kernel has yet to read)
  const array copy = view.copy();
  auto both = std::make_shared<std::pair<std::shared_ptr<void>, std::shared_ptr<void>>>(
      copy.owner(), view.owner());
  return copy.visit([&](const auto& c) -> array {
    using T = typename std::decay_t<decltype(c)>::value_type;
    return ndarray<T>(c.data(), c.shape(), c.strides(), both, c.device());
  });
}

} // namespace

DLDataType to_dlpack_dtype(dtype d) {
  const auto bits = static_cast<uint8_t>(8 * dtype_size(d));
  switch (dtype_kind(d)) {
  case 'b':
    return {kDLBool, 8, 1};
  case 'i':
    return {kDLInt, bits, 1};
  case 'u':
    return {kDLUInt, bits, 1};
  case 'c':
    return {kDLComplex, bits, 1};
  default:
    return {static_cast<uint8_t>(d == dtype::bfloat16 ? kDLBfloat : kDLFloat), bits, 1};
  }
}

dtype from_dlpack_dtype(DLDataType t) {
  if (t.lanes == 1) {
    for (int i = 0; i < dtype_count; ++i) {
      const DLDataType c = to_dlpack_dtype(static_cast<dtype>(i));
      if (c.code == t.code && c.bits == t.bits) return static_cast<dtype>(i);
    }
  }
  throw type_error("from_dlpack: no cupp dtype for DLPack type code " + std::to_string(t.code) +
                   ", bits " + std::to_string(t.bits) + ", lanes " + std::to_string(t.lanes));
}

DLManagedTensorVersioned* to_dlpack_versioned(const array& a, const dlpack_kw& kw) {
  auto* m = new DLManagedTensorVersioned{};
  m->version = {DLPACK_MAJOR_VERSION, DLPACK_MINOR_VERSION};
  m->manager_ctx = describe(a, m->dl_tensor);
  m->flags = kw.read_only ? DLPACK_FLAG_BITMASK_READ_ONLY : 0;
  m->deleter = [](DLManagedTensorVersioned* self) {
    delete static_cast<export_context*>(self->manager_ctx);
    delete self;
  };
  order_for_consumer(kw);
  return m;
}

DLManagedTensor* to_dlpack(const array& a, const dlpack_kw& kw) {
  auto* m = new DLManagedTensor{};
  m->manager_ctx = describe(a, m->dl_tensor);
  m->deleter = [](DLManagedTensor* self) {
    delete static_cast<export_context*>(self->manager_ctx);
    delete self;
  };
  order_for_consumer(kw);
  return m;
}

array from_dlpack(DLManagedTensorVersioned* t, const dlpack_kw& kw) {
  if (!t) throw value_error("from_dlpack: null tensor");
  if (t->version.major != DLPACK_MAJOR_VERSION) {
    // the standard: a consumer must not read a tensor of another major version (its layout may
    // differ), and must still release it
    const uint32_t major = t->version.major;
    if (t->deleter) t->deleter(t);
    throw value_error("from_dlpack: DLPack major version " + std::to_string(major) +
                      " (cupp reads version " + std::to_string(DLPACK_MAJOR_VERSION) + ")");
  }
  return adopt(t->dl_tensor, (t->flags & DLPACK_FLAG_BITMASK_READ_ONLY) != 0, kw, [t] {
    if (t->deleter) t->deleter(t);
  });
}

array from_dlpack(DLManagedTensor* t, const dlpack_kw& kw) {
  if (!t) throw value_error("from_dlpack: null tensor");
  return adopt(t->dl_tensor, false, kw, [t] {
    if (t->deleter) t->deleter(t);
  });
}

} // namespace cupp
