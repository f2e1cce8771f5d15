#pragma once
/// \file
/// DLPack 1.0: arrays exchanged with other libraries (PyTorch, CuPy, JAX...) without copies.
/// `to_dlpack(a)` exports a view of `a`'s memory that keeps it alive until the consumer calls the
/// tensor's deleter; `from_dlpack(t)` adopts a producer's tensor as a `cupp::array` view whose last
/// owner calls the deleter. Both structs of the standard: the versioned
/// `DLManagedTensorVersioned` (flags, version) and the legacy `DLManagedTensor`.
///
/// Streams (the array API's contract): the producer's work on the data is ordered before the
/// consumer's by an event, never by a host sync. Exporting with `{.stream = s}` makes the
/// consumer's stream s wait for the work enqueued so far on cupp's current stream; importing
/// with `{.stream = s}` makes cupp's current stream wait for the producer's stream s.
///
/// The structs are the standard's own layout, declared here under dlpack.h's include guard: a
/// program that includes dlpack.h (or PyTorch's ATen/dlpack.h) first gets its definitions, and the
/// two never both compile.

#include <cupp/array.hpp>
#include <cupp/core/context.hpp>
#include <cupp/core/keywords.hpp>

#include <cstdint>
#include <optional>

#ifndef DLPACK_DLPACK_H_
#define DLPACK_DLPACK_H_
#define DLPACK_MAJOR_VERSION 1
#define DLPACK_MINOR_VERSION 0
#define DLPACK_FLAG_BITMASK_READ_ONLY (1UL << 0UL)
#define DLPACK_FLAG_BITMASK_IS_COPIED (1UL << 1UL)
extern "C" {
typedef struct {
  uint32_t major;
  uint32_t minor;
} DLPackVersion;
typedef enum {
  kDLCPU = 1,
  kDLCUDA = 2,
  kDLCUDAHost = 3,
  kDLOpenCL = 4,
  kDLVulkan = 7,
  kDLMetal = 8,
  kDLVPI = 9,
  kDLROCM = 10,
  kDLROCMHost = 11,
  kDLExtDev = 12,
  kDLCUDAManaged = 13,
  kDLOneAPI = 14,
  kDLWebGPU = 15,
  kDLHexagon = 16,
  kDLMAIA = 17,
} DLDeviceType;
typedef struct {
  DLDeviceType device_type;
  int32_t device_id;
} DLDevice;
typedef enum {
  kDLInt = 0U,
  kDLUInt = 1U,
  kDLFloat = 2U,
  kDLOpaqueHandle = 3U,
  kDLBfloat = 4U,
  kDLComplex = 5U,
  kDLBool = 6U,
} DLDataTypeCode;
typedef struct {
  uint8_t code;
  uint8_t bits;
  uint16_t lanes;
} DLDataType;
typedef struct {
  void* data;
  DLDevice device;
  int32_t ndim;
  DLDataType dtype;
  int64_t* shape;
  int64_t* strides;
  uint64_t byte_offset;
} DLTensor;
typedef struct DLManagedTensor {
  DLTensor dl_tensor;
  void* manager_ctx;
  void (*deleter)(struct DLManagedTensor* self);
} DLManagedTensor;
typedef struct DLManagedTensorVersioned {
  DLPackVersion version;
  void* manager_ctx;
  void (*deleter)(struct DLManagedTensorVersioned* self);
  uint64_t flags;
  DLTensor dl_tensor;
} DLManagedTensorVersioned;
}
#endif

namespace cupp {

/// Keywords of `to_dlpack` / `from_dlpack`.
struct dlpack_kw {
  detail::kw_guard guard_{};
  /// Export: the consumer's stream, made to wait for cupp's current stream. Import: the
  /// producer's stream, which cupp's current stream waits for. None: the same stream (or the
  /// caller orders them).
  std::optional<native_stream> stream = std::nullopt;
  /// Export: mark the tensor read-only (DLPACK_FLAG_BITMASK_READ_ONLY). Import: ignored.
  bool read_only = false;
};

/// The DLPack dtype of a cupp dtype (`{kDLFloat, 32, 1}` for float32...).
[[nodiscard]] DLDataType to_dlpack_dtype(dtype d);
/// The cupp dtype of a DLPack dtype; type_error for one cupp has not (lanes > 1, opaque...).
[[nodiscard]] dtype from_dlpack_dtype(DLDataType t);

/// Exports `a` as a versioned DLPack tensor (the consumer owns it: it calls its deleter).
[[nodiscard]] DLManagedTensorVersioned* to_dlpack_versioned(const array& a,
                                                            const dlpack_kw& kw = {});
/// Exports `a` as a legacy DLPack tensor (DLPack < 1.0 consumers).
[[nodiscard]] DLManagedTensor* to_dlpack(const array& a, const dlpack_kw& kw = {});

/// Adopts a producer's tensor (no copy; its deleter runs when the last view is gone). A
/// read-only tensor is copied (cupp's arrays are writable), and its deleter runs at once.
/// value_error for memory on another kind of device than the backend's (CUDA: kDLCUDA or
/// kDLCUDAManaged; host: kDLCPU), type_error for a dtype cupp has not.
[[nodiscard]] array from_dlpack(DLManagedTensorVersioned* t, const dlpack_kw& kw = {});
[[nodiscard]] array from_dlpack(DLManagedTensor* t, const dlpack_kw& kw = {});

} // namespace cupp
