// CUDA backend's upstream resource: the driver's stream-ordered allocator.
#define CUPP_HOST_ONLY_TU
#include <cupp/detail/check.hpp>
#include <cupp/memory/resource.hpp>

#include <cuda_runtime_api.h>

#include <atomic>
#include <cstdint>
#include <string>

namespace cupp::mr {

namespace {

constexpr int max_devices = 64;

class cuda_async_resource final : public memory_resource {
  // The driver's pool returns freed memory to the OS at every synchronisation unless told to keep
  // it: keep it, so that a warm allocation costs no mapping (CuPy's and RMM's choice too).
  void keep_freed_memory() {
    const int device = current_device();
    if (device >= max_devices || configured_[device].load(std::memory_order_acquire)) return;
    cudaMemPool_t pool = nullptr;
    CUPP_CUDA_CHECK(cudaDeviceGetDefaultMemPool(&pool, device));
    std::uint64_t threshold = UINT64_MAX;
    CUPP_CUDA_CHECK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold));
    configured_[device].store(true, std::memory_order_release);
  }

  void* do_allocate(std::size_t bytes, std::size_t, native_stream s) override {
    if (bytes == 0) return nullptr;
    keep_freed_memory();
    void* p = nullptr;
    const cudaError_t status = cudaMallocAsync(&p, bytes, s);
    if (status == cudaErrorMemoryAllocation) {
      cudaGetLastError();
      const memory_info m = mem_info();
      throw out_of_memory("Out of memory allocating " + std::to_string(bytes) +
                          " bytes (device free " + std::to_string(m.free) + " of " +
                          std::to_string(m.total) + " bytes)");
    }
    CUPP_CUDA_CHECK(status);
    return p;
  }
  void do_deallocate(void* p, std::size_t, std::size_t, native_stream s) noexcept override {
    cudaFreeAsync(p, s); // cannot throw from a deallocation; a failure here leaves a sticky error
  }

  std::atomic<bool> configured_[max_devices] = {};
};

} // namespace

memory_resource* default_resource() {
  static cuda_async_resource r;
  return &r;
}

} // namespace cupp::mr
