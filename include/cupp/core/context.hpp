#pragma once
/// \file
/// Devices and streams: the current device and current stream are per host thread and set with RAII
/// guards. Every cupp operation is enqueued on the current stream; nothing synchronises except the
/// calls documented as sync points (`item()`, copies to the host, printing, `synchronize()`).

#include <cupp/core/config.hpp>

#include <cstddef>
#include <string>

// The CUDA runtime's stream type is a pointer to this struct (`typedef struct CUstream_st*
// cudaStream_t` in driver_types.h), so naming it needs no CUDA header and no backend test.
struct CUstream_st;

namespace cupp {

/// The backend's native stream handle: `cudaStream_t` itself on the CUDA backend; on the host
/// backend work runs at once and the handle is only a token (null for the default stream).
using native_stream = ::CUstream_st*;

/// The calling thread's current stream on the current device (initially the default stream):
/// each (thread, device) has its own, so switching devices switches streams.
[[nodiscard]] native_stream current_stream() noexcept;

class stream;

/// Sets the calling thread's current stream on the current device for its lifetime, restoring
/// the previous one after. A cupp::stream must belong to the current device (value_error).
class stream_guard {
public:
  explicit stream_guard(native_stream s) noexcept;
  explicit stream_guard(const stream& s);
  ~stream_guard();
  stream_guard(const stream_guard&) = delete;
  stream_guard& operator=(const stream_guard&) = delete;

private:
  int device_;
  native_stream previous_;
};

class event;

/// An owned stream of the current device (CuPy's `cupy.cuda.Stream(non_blocking=True)`).
class stream {
public:
  stream();
  ~stream();
  stream(const stream&) = delete;
  stream& operator=(const stream&) = delete;
  [[nodiscard]] native_stream native() const noexcept { return s_; }
  /// The device it was made on.
  [[nodiscard]] int device() const noexcept { return device_; }
  /// Waits for all work enqueued on this stream (a sync point).
  void synchronize() const;
  /// True when all work enqueued on this stream is done (no wait; CuPy's `Stream.done`).
  [[nodiscard]] bool done() const;
  /// Makes this stream's later work wait for `e` on the device (CuPy's `Stream.wait_event`).
  void wait_event(const event& e) const;

private:
  native_stream s_{};
  int device_ = 0;
};

/// Waits for all work on the current stream (a sync point; CuPy's `Stream.synchronize()`).
void synchronize();

/// Waits for all work on the current device (`cudaDeviceSynchronize`).
void device_synchronize();

/// Number of devices this build can run on: CUDA devices, or 1 (the host) on the host backend.
[[nodiscard]] int device_count();

/// The calling thread's current device id.
[[nodiscard]] int current_device();

/// Makes `id` the calling thread's current device (CuPy's `Device(id).use()`).
void set_device(int id);

/// Makes `id` the calling thread's current device for its lifetime.
class device_guard {
public:
  explicit device_guard(int id);
  ~device_guard();
  device_guard(const device_guard&) = delete;
  device_guard& operator=(const device_guard&) = delete;

private:
  int previous_;
};

/// What the self-check prints about a device (CuPy's `getDeviceProperties`).
struct device_properties {
  std::string name;
  std::size_t total_memory = 0; ///< bytes
  int major = 0;                ///< compute capability (0 on the host backend)
  int minor = 0;
  int multiprocessor_count = 0; ///< SMs, or OpenMP threads on the host backend
};

/// Properties of device `id`.
[[nodiscard]] device_properties get_device_properties(int id);

/// CUDA runtime and driver versions as CUDA encodes them (13000 = 13.0); 0 on the host backend.
[[nodiscard]] int runtime_version();
[[nodiscard]] int driver_version();

/// Free and total bytes of the current device (CuPy's `cuda.runtime.memGetInfo()`).
struct memory_info {
  std::size_t free = 0;
  std::size_t total = 0;
};
[[nodiscard]] memory_info mem_info();

} // namespace cupp
