#pragma once
/// \file
/// Events (CuPy's `cupy.cuda.Event`): a point in a stream's work that other streams wait on
/// without a host sync, the host waits on, or that times the work between two of them.
///
///   cupp::event start, stop;
///   start.record();                  // on the current stream
///   ...                              // work
///   stop.record();
///   float ms = cupp::elapsed_time(start, stop); // a sync point (waits for stop)
///
///   cupp::stream producer, consumer;
///   cupp::event ready;
///   { cupp::stream_guard g(producer); a = ...; ready.record(); }
///   consumer.wait_event(ready);      // consumer's later work sees a, with no host sync

#include <cupp/core/context.hpp>

namespace cupp {

class event {
public:
  /// `timing`: can be used with elapsed_time (CuPy's `disable_timing=False`); `blocking`:
  /// synchronize() yields the CPU instead of spinning (CuPy's `block`).
  explicit event(bool timing = true, bool blocking = false);
  ~event();
  event(event&& other) noexcept;
  event& operator=(event&& other) noexcept;
  event(const event&) = delete;
  event& operator=(const event&) = delete;

  /// Marks the work enqueued so far on `s` (default: the current stream).
  void record(native_stream s);
  void record() { record(current_stream()); }
  void record(const stream& s) { record(s.native()); }
  /// Waits on the host until the recorded work is done (a sync point: raises pending faults).
  void synchronize() const;
  /// True when the recorded work is done (no wait; true before any record, as CUDA's).
  [[nodiscard]] bool done() const;
  [[nodiscard]] bool timing() const noexcept { return timing_; }
  /// The backend's handle (`cudaEvent_t` on the CUDA backend).
  [[nodiscard]] void* native() const noexcept { return e_; }

private:
  void* e_ = nullptr;
  bool timing_ = true;
};

/// Milliseconds between two recorded timing events (CuPy's `cupy.cuda.get_elapsed_time`): waits
/// for `end`, a sync point. value_error for an event made without timing.
[[nodiscard]] float elapsed_time(const event& start, const event& end);

/// Makes `s`'s later work wait until `e`'s recorded work is done, on the device (no host sync).
void wait_event(native_stream s, const event& e);

} // namespace cupp
