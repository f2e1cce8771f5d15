#pragma once
/// \file
/// Memory resources: every allocation cupp makes (arrays, CUB scratch, library workspaces) goes
/// through the current device's resource, stream-ordered on the current stream. The interface has the
/// shape of libcu++'s `cuda::mr` async resources (allocate_async / deallocate_async with a stream);
/// users install their own resource per device and get the previous one back.

#include <cupp/core/context.hpp>

#include <cstddef>

namespace cupp::mr {

/// Alignment of every allocation (enough for 16-byte vector loads and cuBLAS/cuFFT).
inline constexpr std::size_t default_alignment = 256;

/// A stream-ordered memory resource. Memory allocated on a stream may be used on that stream at once;
/// deallocation is ordered after the work already enqueued on the stream passed to it.
class memory_resource {
public:
  virtual ~memory_resource() = default;
  /// Allocates `bytes` (nullptr for 0 bytes); throws `cupp::out_of_memory` when it cannot.
  [[nodiscard]] void* allocate_async(std::size_t bytes, std::size_t alignment, native_stream s) {
    return do_allocate(bytes, alignment, s);
  }
  void deallocate_async(void* p, std::size_t bytes, std::size_t alignment,
                        native_stream s) noexcept {
    if (p) do_deallocate(p, bytes, alignment, s);
  }
  [[nodiscard]] bool is_equal(const memory_resource& other) const noexcept {
    return this == &other || do_is_equal(other);
  }

private:
  virtual void* do_allocate(std::size_t bytes, std::size_t alignment, native_stream s) = 0;
  virtual void do_deallocate(void* p, std::size_t bytes, std::size_t alignment,
                             native_stream s) noexcept = 0;
  [[nodiscard]] virtual bool do_is_equal(const memory_resource& other) const noexcept {
    return this == &other;
  }
};

/// The backend's plain upstream resource: `cudaMallocAsync`/`cudaFreeAsync` on the CUDA backend
/// (the driver's stream-ordered allocator), aligned `operator new` on the host backend.
[[nodiscard]] memory_resource* default_resource();

/// The resource allocations on device `device` (-1: the current device) use.
[[nodiscard]] memory_resource* get_current_resource(int device = -1);

/// Installs `r` for `device` (-1: the current device); returns the previous resource. The caller
/// keeps `r` alive while it is installed and while memory it allocated is alive.
memory_resource* set_current_resource(memory_resource* r, int device = -1);

} // namespace cupp::mr
