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

/// Copies host data the program owns (asarray's) to device memory `dst`: as copy_bytes_async,
/// but capture_error during a graph capture on both backends, since a launch would read memory
/// the program may have freed by then.
void copy_from_host_async(void* dst, const void* host, std::size_t bytes, native_stream s);

/// Copies device memory to host memory and waits for it (a sync point).
void copy_to_host(void* dst, const void* src, std::size_t bytes, native_stream s);

/// Copies `bytes` of device `src_device`'s memory to `dst` on the current device, on its current
/// stream, after the work so far on `src_device`'s current stream, which then waits for the copy
/// (so storage it frees is not reused before the copy read it): events, no host sync.
void copy_between_devices(void* dst, const void* src, int src_device, std::size_t bytes);

/// Faults in freshly allocated host memory with several threads (and huge pages where the system
/// offers them): a single thread touching 80 MB page by page is slower than the copy itself.
void prefault_host(void* p, std::size_t bytes);

} // namespace cupp::detail
