#pragma once
/// \file
/// Plain upstream resources: each allocation goes to the CUDA runtime (or the host allocator).
/// Pools and adaptors sit on top of these.

#include <cupp/memory/resource.hpp>

namespace cupp::mr {

/// Device memory from `cudaMalloc`/`cudaFree` (synchronous; the pool's default upstream). On the
/// host backend: aligned operator new.
class device_malloc_resource final : public memory_resource {
  void* do_allocate(std::size_t bytes, std::size_t alignment, native_stream s) override;
  void do_deallocate(void* p, std::size_t bytes, std::size_t alignment,
                     native_stream s) noexcept override;
  [[nodiscard]] bool do_is_equal(const memory_resource& o) const noexcept override {
    return dynamic_cast<const device_malloc_resource*>(&o) != nullptr;
  }
};

/// Device memory from the driver's stream-ordered allocator (`cudaMallocAsync`/`cudaFreeAsync`),
/// which keeps freed memory cached. On the host backend: aligned operator new.
class device_async_resource final : public memory_resource {
  void* do_allocate(std::size_t bytes, std::size_t alignment, native_stream s) override;
  void do_deallocate(void* p, std::size_t bytes, std::size_t alignment,
                     native_stream s) noexcept override;
  [[nodiscard]] bool do_is_equal(const memory_resource& o) const noexcept override {
    return dynamic_cast<const device_async_resource*>(&o) != nullptr;
  }
};

/// Page-locked host memory from `cudaHostAlloc` (host and device accessible; the pinned pool's
/// upstream). On the host backend: aligned operator new.
class pinned_malloc_resource final : public memory_resource {
  void* do_allocate(std::size_t bytes, std::size_t alignment, native_stream s) override;
  void do_deallocate(void* p, std::size_t bytes, std::size_t alignment,
                     native_stream s) noexcept override;
  [[nodiscard]] bool do_is_equal(const memory_resource& o) const noexcept override {
    return dynamic_cast<const pinned_malloc_resource*>(&o) != nullptr;
  }
};

/// Ordinary host memory (aligned operator new): what the host backend's arrays live in.
class host_malloc_resource final : public memory_resource {
  void* do_allocate(std::size_t bytes, std::size_t alignment, native_stream s) override;
  void do_deallocate(void* p, std::size_t bytes, std::size_t alignment,
                     native_stream s) noexcept override;
  [[nodiscard]] bool do_is_equal(const memory_resource& o) const noexcept override {
    return dynamic_cast<const host_malloc_resource*>(&o) != nullptr;
  }
};

/// Process-wide instances of the upstream resources (they hold no state).
[[nodiscard]] device_malloc_resource* device_malloc();
[[nodiscard]] device_async_resource* device_async();
[[nodiscard]] pinned_malloc_resource* pinned_malloc();
[[nodiscard]] host_malloc_resource* host_malloc();

} // namespace cupp::mr
