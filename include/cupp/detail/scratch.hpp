#pragma once
/// \file
/// Temporary device memory from the current resource on the current stream, released (stream
/// ordered) when it goes out of scope: CUB scratch and library workspaces.

#include <cupp/memory/resource.hpp>

#include <cstddef>

namespace cupp::detail {

class scratch {
public:
  explicit scratch(std::size_t bytes)
      : resource_(mr::get_current_resource()), stream_(current_stream()), bytes_(bytes),
        data_(resource_->allocate_async(bytes, mr::default_alignment, stream_)) {}
  ~scratch() { resource_->deallocate_async(data_, bytes_, mr::default_alignment, stream_); }
  scratch(const scratch&) = delete;
  scratch& operator=(const scratch&) = delete;
  [[nodiscard]] void* data() const noexcept { return data_; }

private:
  mr::memory_resource* resource_;
  native_stream stream_;
  std::size_t bytes_;
  void* data_;
};

} // namespace cupp::detail
