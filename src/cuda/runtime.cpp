// CUDA backend of the context, transfer and error facilities.
#define CUPP_HOST_ONLY_TU
#include <cupp/core/context.hpp>
#include <cupp/core/transfer.hpp>
#include <cupp/detail/check.hpp>
#include <cupp/detail/cuda/launch_driver.hpp>
#include <cupp/detail/fault.hpp>
#include <cupp/detail/launch_check.hpp>
#include <cupp/memory/pool.hpp>

#include <cuda.h> // the driver's types only: its entry points come through the runtime
#include <cuda_runtime_api.h>

#include <climits>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <new>
#include <string>
#include <type_traits>

#include "../core/capture.hpp"

namespace cupp {

// core/context.hpp names the stream type without CUDA's headers
static_assert(std::is_same_v<native_stream, cudaStream_t>, "native_stream must be cudaStream_t");

namespace detail {

namespace {

// What a CUDA build says on a machine without a usable GPU, instead of the runtime's "CUDA driver
// version is insufficient for CUDA runtime version", which sends a user looking for drivers.
std::string with_no_gpu_hint(int code, const char* message) {
  if (code != cudaErrorNoDevice && code != cudaErrorInsufficientDriver) return message;
  return std::string(message) +
         "; no usable CUDA GPU here: this cupp was built for the CUDA backend (build it with "
         "-DCUPP_BACKEND=host, or run scripts/test.sh without a GPU, for the host backend)";
}

} // namespace

void throw_cuda_error(int code, const char* message, const char* expr, const char* file, int line) {
  if (code == cudaErrorMemoryAllocation)
    throw out_of_memory(api_name(expr) + " failed: out of memory (" + message + ") at " + file +
                        ":" + std::to_string(line));
  throw cuda_error(api_name(expr), code, with_no_gpu_hint(code, message), file, line);
}

fault_record* fault_slot() {
  // page-locked, mapped and portable: kernels on any device write it, the host reads it after a
  // sync
  static fault_record* const record = [] {
    void* p = nullptr;
    CUPP_CUDA_CHECK(
        cudaHostAlloc(&p, sizeof(fault_record), cudaHostAllocMapped | cudaHostAllocPortable));
    return new (p) fault_record{};
  }();
  return record;
}

void check_last_launch(const char* kernel, const char* file, int line) {
  const cudaError_t status = cudaGetLastError();
  if (status != cudaSuccess)
    throw_cuda_error(status, cudaGetErrorString(status), kernel, file, line);
}

namespace {

using driver_launch_fn = decltype(&::cuLaunchKernel);

// cuLaunchKernel, looked up once; null where the runtime cannot hand out driver entry points, or
// where CUPP_LAUNCH=runtime asks for the runtime's launches (a comparison, or a way around a
// driver that misbehaves).
driver_launch_fn driver_launch_entry() noexcept {
  static const driver_launch_fn fn = []() -> driver_launch_fn {
    if (const char* env = std::getenv("CUPP_LAUNCH"); env && std::strcmp(env, "runtime") == 0)
      return nullptr;
#if CUDART_VERSION >= 12050
    void* p = nullptr;
    cudaDriverEntryPointQueryResult found{};
    // the 12.0 ABI of cuLaunchKernel (unchanged since 4.0), whose null stream is the legacy
    // default stream, as in this translation unit's runtime calls; callers pass
    // cudaStreamPerThread explicitly where they mean the per-thread one
    if (cudaGetDriverEntryPointByVersion("cuLaunchKernel", &p, 12000, cudaEnableLegacyStream,
                                         &found) == cudaSuccess &&
        found == cudaDriverEntryPointSuccess && p)
      return reinterpret_cast<driver_launch_fn>(p);
    (void)cudaGetLastError(); // not sticky: launches take the runtime's path instead
#endif
    return nullptr;
  }();
  return fn;
}

} // namespace

const void* kernel_handle_of(const void* stub) noexcept {
#if CUDART_VERSION >= 12050
  if (!driver_launch_entry()) return nullptr;
  cudaKernel_t kernel = nullptr;
  if (cudaGetKernel(&kernel, stub) == cudaSuccess) return static_cast<const void*>(kernel);
  (void)cudaGetLastError(); // not sticky: this kernel takes the runtime's path
#else
  (void)stub;
#endif
  return nullptr;
}

bool driver_launch(const void* kernel, dim3 grid, dim3 block, void** args, std::size_t shared_mem,
                   cudaStream_t stream) noexcept {
  const driver_launch_fn launch = kernel ? driver_launch_entry() : nullptr;
  // a context-less kernel (CUkernel) launches as a CUfunction, in the stream's context or, for
  // the default stream, the current one (the runtime's primary context once the runtime is used)
  return launch && shared_mem <= UINT_MAX &&
         launch(static_cast<CUfunction>(const_cast<void*>(kernel)), grid.x, grid.y, grid.z, block.x,
                block.y, block.z, static_cast<unsigned>(shared_mem),
                reinterpret_cast<CUstream>(stream), args, nullptr) == CUDA_SUCCESS;
}

void launch_kernel(const void* stub, const void* kernel, dim3 grid, dim3 block, void** args,
                   std::size_t shared_mem, cudaStream_t stream, const char* name, const char* file,
                   int line) {
  if (driver_launch(kernel, grid, block, args, shared_mem, stream)) return;
  // the runtime's launch, as `<<<>>>` makes it: it also sets up this thread's context when the
  // driver found none current, and its error (the driver's refusal, if any) is reported here
  (void)cudaLaunchKernel(stub, grid, block, args, shared_mem, stream);
  check_last_launch(name, file, line);
}

} // namespace detail

stream::stream(const stream_options& options) : device_(current_device()), options_(options) {
  CUPP_CUDA_CHECK(cudaStreamCreateWithPriority(
      &s_, options.non_blocking ? cudaStreamNonBlocking : cudaStreamDefault, options.priority));
  try {
    CUPP_CUDA_CHECK(cudaStreamGetPriority(s_, &options_.priority)); // as clamped
    mr::remember_stream(s_); // the handle may be a destroyed stream's
  } catch (...) {
    cudaStreamDestroy(s_);
    throw;
  }
}
stream::~stream() {
  if (!owned_) return;
  try {
    mr::forget_stream(s_); // returns what cupp holds for the stream (pool blocks, workspaces)
  } catch (const error&) {
  }
  cudaStreamDestroy(s_);
}
void stream::synchronize() const {
  detail::require_not_capturing(s_, "stream::synchronize()");
  CUPP_CUDA_CHECK(cudaStreamSynchronize(s_));
  detail::raise_pending_fault();
}
bool stream::done() const {
  detail::require_not_capturing(s_, "stream::done()"); // a query: unsafe in a capture
  const cudaError_t status = cudaStreamQuery(s_);
  if (status == cudaErrorNotReady) return false;
  CUPP_CUDA_CHECK(status);
  return true;
}

namespace {
void CUDART_CB run_host_func(void* f) {
  const std::unique_ptr<std::function<void()>> owned(static_cast<std::function<void()>*>(f));
  (*owned)(); // an exception here cannot reach the caller: noexcept terminates, as documented
}

void CUDART_CB run_kept_host_func(void* f) { (*static_cast<std::function<void()>*>(f))(); }
} // namespace

void stream::launch_host_func(std::function<void()> f) const {
  if (std::function<void()>* kept = detail::capture_keep(s_, std::move(f))) { // runs per launch
    CUPP_CUDA_CHECK(cudaLaunchHostFunc(s_, run_kept_host_func, kept));
    return;
  }
  cudaStreamCaptureStatus status = cudaStreamCaptureStatusNone;
  CUPP_CUDA_CHECK(cudaStreamIsCapturing(s_, &status));
  if (status != cudaStreamCaptureStatusNone) // the function would be freed after one launch
    throw capture_error("launch_host_func on a stream captured other than by this thread's "
                        "cupp::capture / begin_capture");
  auto owned = std::make_unique<std::function<void()>>(std::move(f));
  CUPP_CUDA_CHECK(cudaLaunchHostFunc(s_, run_host_func, owned.get()));
  owned.release(); // run_host_func owns it now
}

std::pair<int, stream_options> external_stream::inspect(native_stream s, int device) {
  if (device >= 0) detail::check_device_id(device);
  int found = 0;
  CUPP_CUDA_CHECK(cudaStreamGetDevice(s, &found));
  if (device >= 0 && device != found)
    throw value_error("the stream belongs to device " + std::to_string(found) + ", not device " +
                      std::to_string(device));
  stream_options options;
  unsigned flags = 0;
  CUPP_CUDA_CHECK(cudaStreamGetFlags(s, &flags));
  options.non_blocking = (flags & cudaStreamNonBlocking) != 0;
  CUPP_CUDA_CHECK(cudaStreamGetPriority(s, &options.priority));
  return {found, options};
}

priority_range stream_priority_range() {
  priority_range r;
  CUPP_CUDA_CHECK(cudaDeviceGetStreamPriorityRange(&r.least, &r.greatest));
  return r;
}

bool can_access_peer(int device, int peer) {
  detail::check_device_id(device);
  detail::check_device_id(peer);
  if (device == peer) return true;
  int can = 0;
  CUPP_CUDA_CHECK(cudaDeviceCanAccessPeer(&can, device, peer));
  return can != 0;
}

namespace detail {
void enable_peer_backend(int peer) {
  const cudaError_t status = cudaDeviceEnablePeerAccess(peer, 0);
  if (status == cudaErrorPeerAccessAlreadyEnabled) { // enabled by other code: not sticky
    (void)cudaGetLastError();
    return;
  }
  CUPP_CUDA_CHECK(status);
}
} // namespace detail

void synchronize() {
  detail::require_not_capturing(current_stream(), "synchronize()");
  CUPP_CUDA_CHECK(cudaStreamSynchronize(current_stream()));
  detail::raise_pending_fault();
}
void device_synchronize() {
  detail::require_not_capturing(native_stream{}, "device_synchronize()");
  CUPP_CUDA_CHECK(cudaDeviceSynchronize());
  detail::raise_pending_fault();
}

int device_count() {
  int n = 0;
  const cudaError_t status = cudaGetDeviceCount(&n);
  if (status == cudaErrorNoDevice || status == cudaErrorInsufficientDriver) {
    cudaGetLastError(); // these are not sticky: a machine without a GPU simply has none
    return 0;
  }
  CUPP_CUDA_CHECK(status);
  return n;
}

int current_device() {
  // With one visible device it is the current one: no runtime call. This runs on every array
  // allocation and raw-kernel launch; the device count cannot change while the process runs.
  static const int count = device_count();
  if (count == 1) return 0;
  if (count == 0) { // the reason, with the hint for machines without a GPU
    int n = 0;
    const cudaError_t status = cudaGetDeviceCount(&n);
    (void)cudaGetLastError();
    detail::throw_cuda_error(status == cudaSuccess ? cudaErrorNoDevice : status,
                             cudaGetErrorString(status == cudaSuccess ? cudaErrorNoDevice : status),
                             "cudaGetDeviceCount", __FILE__, __LINE__);
  }
  int id = 0;
  CUPP_CUDA_CHECK(cudaGetDevice(&id));
  return id;
}

void set_device(int id) {
  detail::check_device_id(id);
  CUPP_CUDA_CHECK(cudaSetDevice(id));
}

device_properties get_device_properties(int id) {
  detail::check_device_id(id);
  cudaDeviceProp p{};
  CUPP_CUDA_CHECK(cudaGetDeviceProperties(&p, id));
  return {p.name, p.totalGlobalMem, p.major, p.minor, p.multiProcessorCount};
}

int runtime_version() {
  int v = 0;
  CUPP_CUDA_CHECK(cudaRuntimeGetVersion(&v));
  return v;
}

int driver_version() {
  int v = 0;
  CUPP_CUDA_CHECK(cudaDriverGetVersion(&v));
  return v;
}

memory_info mem_info() {
  memory_info m;
  CUPP_CUDA_CHECK(cudaMemGetInfo(&m.free, &m.total));
  return m;
}

} // namespace cupp
