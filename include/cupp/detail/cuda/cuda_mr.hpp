#pragma once
// CUDA leaf of detail/cuda_mr.hpp: the accessibility properties of cupp's resources and the checks
// against libcu++'s `cuda::mr` concepts (which need the CUDA runtime's stream type).

#include <cupp/memory/adaptors.hpp>
#include <cupp/memory/pool.hpp>
#include <cupp/memory/upstream.hpp>

#include <cuda/memory_resource>

namespace cupp::mr {
// Memory from these is usable by kernels (pinned host memory too).
inline void get_property(const pool_resource&, ::cuda::mr::device_accessible) noexcept {}
inline void get_property(const device_malloc_resource&, ::cuda::mr::device_accessible) noexcept {}
inline void get_property(const device_async_resource&, ::cuda::mr::device_accessible) noexcept {}
inline void get_property(const pinned_malloc_resource&, ::cuda::mr::device_accessible) noexcept {}
inline void get_property(const pinned_malloc_resource&, ::cuda::mr::host_accessible) noexcept {}
inline void get_property(const host_malloc_resource&, ::cuda::mr::host_accessible) noexcept {}
} // namespace cupp::mr

static_assert(
    ::cuda::mr::async_resource_with<cupp::mr::pool_resource, ::cuda::mr::device_accessible>);
static_assert(::cuda::mr::async_resource_with<cupp::mr::device_malloc_resource,
                                              ::cuda::mr::device_accessible>);
static_assert(::cuda::mr::async_resource_with<cupp::mr::device_async_resource,
                                              ::cuda::mr::device_accessible>);
static_assert(
    ::cuda::mr::async_resource_with<cupp::mr::pinned_malloc_resource, ::cuda::mr::device_accessible,
                                    ::cuda::mr::host_accessible>);
static_assert(
    ::cuda::mr::async_resource_with<cupp::mr::host_malloc_resource, ::cuda::mr::host_accessible>);
static_assert(::cuda::mr::async_resource<cupp::mr::limiting_adaptor>);
static_assert(::cuda::mr::async_resource<cupp::mr::statistics_adaptor>);
static_assert(::cuda::mr::async_resource<cupp::mr::memory_resource>);
