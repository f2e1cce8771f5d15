// Host backend's "device" and "pinned" upstreams are ordinary host memory; events order nothing
// because work runs at once (a timing event keeps the host time of its record).
#define CUPP_HOST_ONLY_TU
#include <cupp/core/error.hpp>
#include <cupp/detail/event.hpp>
#include <cupp/memory/upstream.hpp>

#include <chrono>

#include "../memory/host_alloc.hpp"

namespace cupp::mr {

void* device_malloc_resource::do_allocate(std::size_t bytes, std::size_t alignment, native_stream) {
  return detail_host::allocate(bytes, alignment);
}
void device_malloc_resource::do_deallocate(void* p, std::size_t, std::size_t alignment,
                                           native_stream) noexcept {
  detail_host::deallocate(p, alignment);
}
void* device_async_resource::do_allocate(std::size_t bytes, std::size_t alignment, native_stream) {
  return detail_host::allocate(bytes, alignment);
}
void device_async_resource::do_deallocate(void* p, std::size_t, std::size_t alignment,
                                          native_stream) noexcept {
  detail_host::deallocate(p, alignment);
}
void* pinned_malloc_resource::do_allocate(std::size_t bytes, std::size_t alignment, native_stream) {
  return detail_host::allocate(bytes, alignment);
}
void pinned_malloc_resource::do_deallocate(void* p, std::size_t, std::size_t alignment,
                                           native_stream) noexcept {
  detail_host::deallocate(p, alignment);
}

} // namespace cupp::mr

namespace cupp::detail {
// A timing event is the host time of its last record (work has run by then); others are null.
struct host_event {
  std::chrono::steady_clock::time_point at{};
  bool recorded = false;
};
event_handle event_create() { return nullptr; }
event_handle event_create(bool timing, bool) { return timing ? new host_event : nullptr; }
float event_elapsed_ms(event_handle start, event_handle end) {
  const auto* a = static_cast<host_event*>(start);
  const auto* b = static_cast<host_event*>(end);
  if (!a || !b)
    throw value_error("elapsed_time needs two timing events (the event was made without timing)");
  if (!a->recorded || !b->recorded) throw value_error("elapsed_time of an event never recorded");
  return std::chrono::duration<float, std::milli>(b->at - a->at).count();
}
void event_destroy(event_handle e) noexcept { delete static_cast<host_event*>(e); }
void event_record(event_handle e, native_stream) {
  if (auto* h = static_cast<host_event*>(e)) *h = {std::chrono::steady_clock::now(), true};
}
void stream_wait_event(native_stream, event_handle) {}
void event_synchronize(event_handle) {}
bool event_done(event_handle) { return true; }
} // namespace cupp::detail
