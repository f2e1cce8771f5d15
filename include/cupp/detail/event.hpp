#pragma once
/// \file
/// Stream-ordering events, the one interface the pools, staged copies and cupp::event use (CUDA
/// events on the CUDA backend; on the host backend, where work runs at once, ordering is a no-op
/// and a timing event holds the host time it was recorded at).

#include <cupp/core/context.hpp>

namespace cupp::detail {

using event_handle = void*;

[[nodiscard]] event_handle event_create();
/// An event that can time (`timing`) and whose synchronize yields the CPU (`blocking`).
[[nodiscard]] event_handle event_create(bool timing, bool blocking);
/// Milliseconds between two recorded timing events (the host backend: host time).
[[nodiscard]] float event_elapsed_ms(event_handle start, event_handle end);
void event_destroy(event_handle e) noexcept;
/// Marks the point of `s` reached so far.
void event_record(event_handle e, native_stream s);
/// Makes `s` wait (on the device) until `e` has been reached.
void stream_wait_event(native_stream s, event_handle e);
/// Waits on the host until `e` has been reached.
void event_synchronize(event_handle e);
/// True when `e` has been reached (does not wait).
[[nodiscard]] bool event_done(event_handle e);

} // namespace cupp::detail
