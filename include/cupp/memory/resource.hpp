#pragma once
/// \file
/// Memory resources: every allocation cupp makes (arrays, CUB scratch, library workspaces, staging
/// buffers) goes through a resource, stream-ordered on the current stream. Resources model
/// libcu++'s `cuda::mr::async_resource` concept (allocate / deallocate, their `_async` forms taking
/// a stream, equality); interop/cuda_mr.hpp checks each of cupp's resources against it. Users
/// install their own resource per device and get the previous one back.

#include <cupp/core/context.hpp>

#include <concepts>
#include <cstddef>

namespace cupp::mr {

/// Alignment of every allocation (enough for 16-byte vector loads and cuBLAS/cuFFT).
inline constexpr std::size_t default_alignment = 256;

/// A stream reference whose `get()` is the native stream, such as libcu++'s `cuda::stream_ref`
/// (a concept rather than that type, so that this header needs no CUDA header on either backend).
template <class S>
concept stream_reference = requires(const S& s) {
  { s.get() } -> std::convertible_to<native_stream>;
};

/// A stream-ordered memory resource. Memory allocated on a stream may be used on that stream at
/// once; deallocation is ordered after the work already enqueued on the stream passed to it. The
/// synchronous forms use the default stream and return memory usable on any stream.
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
  [[nodiscard]] void* allocate(std::size_t bytes, std::size_t alignment = default_alignment);
  void deallocate(void* p, std::size_t bytes, std::size_t alignment = default_alignment) noexcept;

  /// The `_async` forms with a stream reference, such as libcu++'s `cuda::stream_ref` (what the
  /// `cuda::mr` concepts call; interop/cuda_mr.hpp).
  template <stream_reference S>
  [[nodiscard]] void* allocate_async(std::size_t bytes, std::size_t alignment, S s) {
    return do_allocate(bytes, alignment, s.get());
  }
  template <stream_reference S>
  void deallocate_async(void* p, std::size_t bytes, std::size_t alignment, S s) noexcept {
    if (p) do_deallocate(p, bytes, alignment, s.get());
  }

  [[nodiscard]] bool is_equal(const memory_resource& other) const noexcept {
    return this == &other || do_is_equal(other);
  }
  friend bool operator==(const memory_resource& a, const memory_resource& b) noexcept {
    return a.is_equal(b);
  }
  friend bool operator!=(const memory_resource& a, const memory_resource& b) noexcept {
    return !a.is_equal(b);
  }

private:
  virtual void* do_allocate(std::size_t bytes, std::size_t alignment, native_stream s) = 0;
  virtual void do_deallocate(void* p, std::size_t bytes, std::size_t alignment,
                             native_stream s) noexcept = 0;
  [[nodiscard]] virtual bool do_is_equal(const memory_resource& other) const noexcept {
    return this == &other;
  }
};

/// The resource allocations on device `device` (-1: the current device) use: the device's caching
/// pool unless the user installed another.
[[nodiscard]] memory_resource* get_current_resource(int device = -1);

/// Installs `r` for `device` (-1: the current device); returns the previous resource. nullptr
/// restores the default pool. The caller keeps `r` alive while it is installed and while memory it
/// allocated is alive.
memory_resource* set_current_resource(memory_resource* r, int device = -1);

} // namespace cupp::mr
