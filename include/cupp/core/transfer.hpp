#pragma once
/// \file
/// Byte copies between host and device memory on a stream: the one transfer interface the array
/// code uses (cudaMemcpyAsync with pinned staging on the CUDA backend, src/cuda/transfer.cpp;
/// memcpy on the host backend, src/host/runtime.cpp), and the parallel first touch of new host
/// buffers (src/core/transfer.cpp). In core, next to the context whose streams it orders on.

#include <cupp/core/context.hpp>

#include <cstddef>

namespace cupp::detail {

/// Copies `bytes` from `src` to `dst`, either of which may be host or device memory. Ordered on
/// `s`; returns once pageable host source memory may be reused (as cudaMemcpyAsync does).
void copy_bytes_async(void* dst, const void* src, std::size_t bytes, native_stream s);

/// Copies device memory to host memory and waits for it (a sync point).
void copy_to_host(void* dst, const void* src, std::size_t bytes, native_stream s);

/// Faults in freshly allocated host memory with several threads (and huge pages where the system
/// offers them): a single thread touching 80 MB page by page is slower than the copy itself.
void prefault_host(void* p, std::size_t bytes);

} // namespace cupp::detail
