#pragma once
// Aligned host allocation shared by the host upstream resources of both backends (internal to
// src/).

#include <cstddef>

namespace cupp::mr::detail_host {
[[nodiscard]] void* allocate(std::size_t bytes, std::size_t alignment);
void deallocate(void* p, std::size_t alignment) noexcept;
} // namespace cupp::mr::detail_host
