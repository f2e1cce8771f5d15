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
#include <new>
#include <string>
#include <type_traits>

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

stream::stream() : device_(current_device()) {
  CUPP_CUDA_CHECK(cudaStreamCreateWithFlags(&s_, cudaStreamNonBlocking));
  mr::remember_stream(s_); // the handle may be a destroyed stream's
}
stream::~stream() {
  try {
    mr::forget_stream(s_); // blocks the pools cached for this stream become free for all
  } catch (const error&) {
  }
  cudaStreamDestroy(s_);
}
void stream::synchronize() const {
  CUPP_CUDA_CHECK(cudaStreamSynchronize(s_));
  detail::raise_pending_fault();
}
bool stream::done() const {
  const cudaError_t status = cudaStreamQuery(s_);
  if (status == cudaErrorNotReady) return false;
  CUPP_CUDA_CHECK(status);
  return true;
}

void synchronize() {
  CUPP_CUDA_CHECK(cudaStreamSynchronize(current_stream()));
  detail::raise_pending_fault();
}
void device_synchronize() {
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
  const int n = device_count();
  if (id < 0 || id >= n)
    throw value_error("device id " + std::to_string(id) + " is out of range for " +
                      std::to_string(n) + " device(s)");
  CUPP_CUDA_CHECK(cudaSetDevice(id));
}

device_properties get_device_properties(int id) {
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
