// Backend-independent upstream pieces: aligned host allocation and the upstream instances.
#define CUPP_HOST_ONLY_TU
#include <cupp/core/error.hpp>
#include <cupp/memory/upstream.hpp>

#include "host_alloc.hpp"

#include <new>
#include <string>

namespace cupp::mr {

namespace detail_host {
void* allocate(std::size_t bytes, std::size_t alignment) {
  if (bytes == 0) return nullptr;
  void* p = ::operator new (bytes, std::align_val_t{alignment < 16 ? 16 : alignment}, std::nothrow);
  if (!p) throw out_of_memory("host allocation of " + std::to_string(bytes) + " bytes failed");
  return p;
}
void deallocate(void* p, std::size_t alignment) noexcept {
  ::operator delete (p, std::align_val_t{alignment < 16 ? 16 : alignment});
}
} // namespace detail_host

void* host_malloc_resource::do_allocate(std::size_t bytes, std::size_t alignment, native_stream) {
  return detail_host::allocate(bytes, alignment);
}
void host_malloc_resource::do_deallocate(void* p, std::size_t, std::size_t alignment,
                                         native_stream) noexcept {
  detail_host::deallocate(p, alignment);
}

device_malloc_resource* device_malloc() {
  static device_malloc_resource r;
  return &r;
}
device_async_resource* device_async() {
  static device_async_resource r;
  return &r;
}
pinned_malloc_resource* pinned_malloc() {
  static pinned_malloc_resource r;
  return &r;
}
host_malloc_resource* host_malloc() {
  static host_malloc_resource r;
  return &r;
}

} // namespace cupp::mr
