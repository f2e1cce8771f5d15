#pragma once
/// \file
/// Stream-ordering events, the one interface the pools and staged copies use (CUDA events on the
/// CUDA backend; no-ops on the host backend, where work runs at once).

#include <cupp/core/context.hpp>

namespace cupp::detail {

using event_handle = void*;

[[nodiscard]] event_handle event_create();
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
