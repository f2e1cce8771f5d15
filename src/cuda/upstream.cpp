// CUDA backend's upstream resources and events.
#define CUPP_HOST_ONLY_TU
#include <cupp/detail/check.hpp>
#include <cupp/detail/event.hpp>
#include <cupp/memory/upstream.hpp>

#include <cuda_runtime_api.h>

#include <atomic>
#include <cstdint>
#include <string>

namespace cupp::mr {

namespace {

// cudaMalloc-family failures become out_of_memory with the size; other failures cuda_error.
void check_alloc(cudaError_t status, std::size_t bytes, const char* api) {
  // an impossible size may be refused as an invalid value rather than as out of memory
  const bool too_large = status == cudaErrorInvalidValue && bytes > (std::size_t{1} << 40);
  if (status == cudaErrorMemoryAllocation || too_large) {
    cudaGetLastError(); // not sticky: clear it
    throw out_of_memory(std::string(api) + " could not allocate " + std::to_string(bytes) +
                        " bytes");
  }
  if (status != cudaSuccess)
    detail::throw_cuda_error(status, cudaGetErrorString(status), api, __FILE__, __LINE__);
}

constexpr int max_devices = 64;
std::atomic<bool> async_pool_configured[max_devices] = {};

// The driver's pool returns freed memory to the OS at every synchronisation unless told to keep it.
void keep_freed_memory() {
  const int device = current_device();
  if (device >= max_devices || async_pool_configured[device].load(std::memory_order_acquire))
    return;
  cudaMemPool_t pool = nullptr;
  CUPP_CUDA_CHECK(cudaDeviceGetDefaultMemPool(&pool, device));
  std::uint64_t threshold = UINT64_MAX;
  CUPP_CUDA_CHECK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold));
  async_pool_configured[device].store(true, std::memory_order_release);
}

} // namespace

void* device_malloc_resource::do_allocate(std::size_t bytes, std::size_t, native_stream) {
  void* p = nullptr;
  if (bytes) check_alloc(cudaMalloc(&p, bytes), bytes, "cudaMalloc");
  return p;
}
void device_malloc_resource::do_deallocate(void* p, std::size_t, std::size_t,
                                           native_stream) noexcept {
  cudaFree(p); // a failure here is sticky and surfaces at the next checked call
}

void* device_async_resource::do_allocate(std::size_t bytes, std::size_t, native_stream s) {
  if (!bytes) return nullptr;
  keep_freed_memory();
  void* p = nullptr;
  check_alloc(cudaMallocAsync(&p, bytes, s), bytes, "cudaMallocAsync");
  return p;
}
void device_async_resource::do_deallocate(void* p, std::size_t, std::size_t,
                                          native_stream s) noexcept {
  cudaFreeAsync(p, s);
}

void* pinned_malloc_resource::do_allocate(std::size_t bytes, std::size_t, native_stream) {
  void* p = nullptr;
  if (bytes) check_alloc(cudaHostAlloc(&p, bytes, cudaHostAllocPortable), bytes, "cudaHostAlloc");
  return p;
}
void pinned_malloc_resource::do_deallocate(void* p, std::size_t, std::size_t,
                                           native_stream) noexcept {
  cudaFreeHost(p);
}

} // namespace cupp::mr

namespace cupp::detail {

event_handle event_create() {
  cudaEvent_t e = nullptr;
  CUPP_CUDA_CHECK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
  return e;
}
event_handle event_create(bool timing, bool blocking) {
  cudaEvent_t e = nullptr;
  const unsigned flags =
      (timing ? 0u : unsigned{cudaEventDisableTiming}) | (blocking ? cudaEventBlockingSync : 0u);
  CUPP_CUDA_CHECK(cudaEventCreateWithFlags(&e, flags));
  return e;
}
float event_elapsed_ms(event_handle start, event_handle end) {
  float ms = 0;
  CUPP_CUDA_CHECK(
      cudaEventElapsedTime(&ms, static_cast<cudaEvent_t>(start), static_cast<cudaEvent_t>(end)));
  return ms;
}
void event_destroy(event_handle e) noexcept { cudaEventDestroy(static_cast<cudaEvent_t>(e)); }
void event_record(event_handle e, native_stream s) {
  CUPP_CUDA_CHECK(cudaEventRecord(static_cast<cudaEvent_t>(e), s));
}
void stream_wait_event(native_stream s, event_handle e) {
  CUPP_CUDA_CHECK(cudaStreamWaitEvent(s, static_cast<cudaEvent_t>(e), 0));
}
void event_synchronize(event_handle e) {
  CUPP_CUDA_CHECK(cudaEventSynchronize(static_cast<cudaEvent_t>(e)));
}
bool event_done(event_handle e) {
  const cudaError_t status = cudaEventQuery(static_cast<cudaEvent_t>(e));
  if (status == cudaErrorNotReady) return false;
  CUPP_CUDA_CHECK(status);
  return true;
}

} // namespace cupp::detail
