// Host backend's "device" and "pinned" upstreams are ordinary host memory; events are no-ops
// because work runs at once.
#define CUPP_HOST_ONLY_TU
#include <cupp/detail/event.hpp>
#include <cupp/memory/upstream.hpp>

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
event_handle event_create() { return nullptr; }
void event_destroy(event_handle) noexcept {}
void event_record(event_handle, native_stream) {}
void stream_wait_event(native_stream, event_handle) {}
void event_synchronize(event_handle) {}
bool event_done(event_handle) { return true; }
} // namespace cupp::detail
