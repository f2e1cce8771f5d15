#pragma once
/// \file
/// `cupp::allocator<T>`: the Thrust allocator behind every owned array. It allocates from the
/// current device's memory resource on the current stream and leaves new elements uninitialised, so
/// `thrust::device_vector<T, cupp::allocator<T>>` of n elements costs one allocation and no kernel:
/// NumPy's `empty`. Arrays whose values are about to be written never pay for a fill.

#include <cupp/core/config.hpp>
#include <cupp/memory/resource.hpp>

#include <thrust/device_ptr.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>

#include <cstddef>

namespace cupp {

template <class T> class allocator;

namespace detail {

/// The execution policy device_vector uses for construction with cupp::allocator. Its only
/// customisation is the for_each_n below: elements are left uninitialised rather than
/// value-initialised through allocator::construct, so no kernel is launched (and no
/// synchronisation). cupp's dtypes are all trivially copyable and destructible; the complex ones
/// have a constructor that zeroes, which `empty` skips as NumPy's does.
struct storage_policy : thrust::device_execution_policy<storage_policy> {};

template <class Ptr, class Size, class T>
Ptr for_each_n(storage_policy&, Ptr first, Size n,
               thrust::detail::allocator_traits_detail::construct1_via_allocator<allocator<T>>) {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);
  return first + n;
}

} // namespace detail

/// Allocator of device memory from cupp's memory resources (Thrust's allocator requirements).
template <class T> class allocator {
public:
  using value_type = T;
  using pointer = thrust::device_ptr<T>;
  using const_pointer = thrust::device_ptr<const T>;
  using reference = thrust::device_reference<T>;
  using const_reference = thrust::device_reference<const T>;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using system_type = detail::storage_policy;
  template <class U> struct rebind { using other = allocator<U>; };

  allocator() : resource_(mr::get_current_resource()), stream_(current_stream()) {}
  /// The allocator of device `device`'s current resource on the current stream (callers that
  /// know the current device save the resource lookup asking the runtime for it again).
  explicit allocator(int device)
      : resource_(mr::get_current_resource(device)), stream_(current_stream()) {}
  template <class U>
  allocator(const allocator<U>& other) noexcept
      : resource_(other.resource()), stream_(other.stream()) {}

  [[nodiscard]] pointer allocate(size_type n) {
    return pointer(
        static_cast<T*>(resource_->allocate_async(n * sizeof(T), mr::default_alignment, stream_)));
  }
  void deallocate(pointer p, size_type n) noexcept {
    resource_->deallocate_async(p.get(), n * sizeof(T), mr::default_alignment, stream_);
  }
  /// Leaves the element uninitialised (see detail::storage_policy).
  CUPP_HD void construct(T*) {}

  system_type& system() noexcept { return system_; }
  [[nodiscard]] mr::memory_resource* resource() const noexcept { return resource_; }
  [[nodiscard]] native_stream stream() const noexcept { return stream_; }

  friend bool operator==(const allocator& a, const allocator& b) noexcept {
    return a.resource_->is_equal(*b.resource_);
  }
  friend bool operator!=(const allocator& a, const allocator& b) noexcept { return !(a == b); }

private:
  mr::memory_resource* resource_;
  native_stream stream_;
  system_type system_;
};

/// The owned storage of cupp arrays: a device_vector over cupp's allocator.
template <class T> using device_vector = thrust::device_vector<T, allocator<T>>;

} // namespace cupp
