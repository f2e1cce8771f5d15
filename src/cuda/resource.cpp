// CUDA backend's upstream resource: the driver's stream-ordered allocator.
#define CUPP_HOST_ONLY_TU
#include <cupp/detail/check.hpp>
#include <cupp/memory/resource.hpp>

#include <cuda_runtime_api.h>

#include <string>

namespace cupp::mr {

namespace {

class cuda_async_resource final : public memory_resource {
  void* do_allocate(std::size_t bytes, std::size_t, native_stream s) override {
    if (bytes == 0) return nullptr;
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
};

} // namespace

memory_resource* default_resource() {
  static cuda_async_resource r;
  return &r;
}

} // namespace cupp::mr
