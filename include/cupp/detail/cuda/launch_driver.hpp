#pragma once
/// \file
/// Kernel launches through the driver's `cuLaunchKernel` with a kernel handle looked up once (CUDA
/// backend; host-only, implemented in src/cuda/runtime.cpp). A `<<<>>>` launch goes through the
/// runtime on every call: the launch-configuration stack, the lookup of the device function a host
/// stub stands for, then the driver; for a runtime-compiled kernel the runtime also resolves the
/// kernel handle. Small launches are host-bound, so cupp's elementwise kernels and cupp::rtc
/// kernels call the driver directly with a context-less kernel handle (`cudaKernel_t`, the driver's
/// `CUkernel`), as CuPy does. The driver's entry point comes through the runtime
/// (cudaGetDriverEntryPointByVersion): programs still link only the runtime.
///
/// Everything falls back to the runtime's launch: without the entry point (CUDA before 12.5), or
/// when the driver refuses a launch (no current context yet on this thread, a bad configuration, a
/// sticky error), the runtime launches instead and reports any error exactly as before.

#include <cuda_runtime_api.h>

#include <cstddef>

namespace cupp::detail {

/// The kernel handle (a cudaKernel_t) of the __global__ function whose host stub is `stub`, or
/// nullptr when there is none to use (launches then take the runtime's path).
[[nodiscard]] const void* kernel_handle_of(const void* stub) noexcept;

/// Launches the kernel handle `kernel` through the driver on `stream`; false when nothing was
/// launched (no handle, no driver entry point, or the driver refused: the caller then launches
/// through the runtime, which reports the error).
[[nodiscard]] bool driver_launch(const void* kernel, dim3 grid, dim3 block, void** args,
                                 std::size_t shared_mem, cudaStream_t stream) noexcept;

/// `stub<<<grid, block, shared_mem, stream>>>(args)`: through the driver with `kernel` (the
/// stub's handle from kernel_handle_of, may be null), else through cudaLaunchKernel, whose failure
/// is thrown naming `name`, `file` and `line` as check_last_launch does.
void launch_kernel(const void* stub, const void* kernel, dim3 grid, dim3 block, void** args,
                   std::size_t shared_mem, cudaStream_t stream, const char* name, const char* file,
                   int line);

} // namespace cupp::detail
