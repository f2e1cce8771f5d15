#pragma once
/// \file
/// Devices and streams: the current device and current stream are per host thread and set with RAII
/// guards. Every cupp operation is enqueued on the current stream; nothing synchronises except the
/// calls documented as sync points (`item()`, copies to the host, printing, `synchronize()`).

#include <cupp/core/config.hpp>

#include <cstddef>
#include <functional>
#include <string>
#include <utility>

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

/// How a stream is made (CuPy's `Stream(non_blocking, priority)`). cupp's streams are
/// non-blocking by default, unlike CuPy's: they never wait implicitly for the legacy default
/// stream, whose work then orders nothing on them.
struct stream_options {
  bool non_blocking = true;
  /// Lower is more urgent; CUDA clamps it into stream_priority_range().
  int priority = 0;
};

/// A stream of the current device: owned (`cupp::stream s;`, destroyed with it) or adopted from
/// other code (external_stream). Every cupp operation runs on the current stream (stream_guard).
class stream {
public:
  stream() : stream(stream_options{}) {}
  explicit stream(const stream_options& options);
  ~stream();
  stream(const stream&) = delete;
  stream& operator=(const stream&) = delete;
  [[nodiscard]] native_stream native() const noexcept { return s_; }
  /// The device it was made on.
  [[nodiscard]] int device() const noexcept { return device_; }
  /// Its priority as the device applied it (clamped into stream_priority_range()).
  [[nodiscard]] int priority() const noexcept { return options_.priority; }
  [[nodiscard]] bool non_blocking() const noexcept { return options_.non_blocking; }
  /// Waits for all work enqueued on this stream (a sync point).
  void synchronize() const;
  /// True when all work enqueued on this stream is done (no wait; CuPy's `Stream.done`).
  [[nodiscard]] bool done() const;
  /// Makes this stream's later work wait for `e` on the device (CuPy's `Stream.wait_event`).
  void wait_event(const event& e) const;
  /// A new event marking the work enqueued so far on this stream (CuPy's `Stream.record()`).
  [[nodiscard]] event record() const;
  /// Runs `f` on a runtime thread once the work enqueued so far is done (`cudaLaunchHostFunc`;
  /// at once on the host backend, whose work has run). `f` must not call CUDA or cupp (the
  /// runtime's rule) and must not throw: an exception escaping it terminates the program.
  void launch_host_func(std::function<void()> f) const;

protected:
  struct adopt_tag {};
  stream(adopt_tag, native_stream s, int device, stream_options options) noexcept
      : s_(s), device_(device), options_(options), owned_(false) {}

private:
  native_stream s_{};
  int device_ = 0;
  stream_options options_;
  bool owned_ = true;
};

/// A stream made by other code, used by cupp without owning it (CuPy's `ExternalStream`):
/// `device` -1 means the device the stream belongs to (the current one on the host backend).
/// Its owner destroys it, after `mr::forget_stream(s)` when cupp has run work on it, which
/// returns the memory cupp holds for the stream. CUDA's per-thread default stream
/// (`cudaStreamPerThread`) is refused: one handle naming a different stream on each thread
/// would let memory freed on one thread's stream be reused on another's unordered.
class external_stream : public stream {
public:
  explicit external_stream(native_stream s, int device = -1);

private:
  external_stream(native_stream s, std::pair<int, stream_options> found)
      : stream(adopt_tag{}, s, found.first, found.second) {}
  // the stream's device and options, asked of the backend (value_error for a refused stream)
  static std::pair<int, stream_options> inspect(native_stream s, int device);
};

/// The priorities streams of the current device can have: `greatest` is the most urgent and,
/// as in CUDA, numerically the lowest (both 0 on the host backend).
struct priority_range {
  int least = 0;
  int greatest = 0;
};
[[nodiscard]] priority_range stream_priority_range();

/// Waits for all work on the current stream (a sync point; CuPy's `Stream.synchronize()`).
void synchronize();

/// Waits for all work on the current device (`cudaDeviceSynchronize`).
void device_synchronize();

/// Number of devices this build can run on: CUDA devices; on the host backend 1, or
/// CUPP_HOST_DEVICES (which lets programs and tests take the multi-device paths on one CPU).
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

/// Whether device `device` can map memory of device `peer` (`cudaDeviceCanAccessPeer`; true
/// between distinct host-backend devices, which share the host's memory).
[[nodiscard]] bool can_access_peer(int device, int peer);

/// Lets the current device's kernels read and write device `peer`'s memory, so that operations
/// accept arrays of `peer` (`cudaDeviceEnablePeerAccess`; a second call does nothing).
/// value_error where can_access_peer says no.
void enable_peer_access(int peer);

namespace detail {
void enable_peer_backend(int peer); // the backend's part of enable_peer_access
/// value_error ("device id 3 is out of range for 1 device(s)") unless 0 <= id < device_count().
void check_device_id(int id);
[[noreturn]] void throw_device_mismatch(int array_device, int current);
bool peer_enabled(int device, int peer) noexcept;
/// Raises value_error unless memory of `array_device` is usable on device `current` (the same
/// device, or a peer enable_peer_access admitted): every operation checks its operands so.
inline void check_device(int array_device, int current) {
  if (array_device != current && !peer_enabled(current, array_device))
    throw_device_mismatch(array_device, current);
}
/// True when memory of `array_device` is not usable from the current device: copies and reads
/// of such an array then run on its own device (and stream). A peer array is read where it is
/// used, on the current stream, which orders it after the work that wrote it.
inline bool elsewhere(int array_device) {
  const int current = current_device();
  return array_device != current && !peer_enabled(current, array_device);
}
} // namespace detail

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
