// CUDA backend of the context, transfer and error facilities.
#define CUPP_HOST_ONLY_TU
#include <cupp/core/context.hpp>
#include <cupp/detail/check.hpp>
#include <cupp/detail/fault.hpp>
#include <cupp/detail/memcpy.hpp>
#include <cupp/memory/pool.hpp>

#include <cuda_runtime_api.h>

#include <new>
#include <string>

namespace cupp {

namespace detail {

void throw_cuda_error(int code, const char* message, const char* expr, const char* file, int line) {
  if (code == cudaErrorMemoryAllocation)
    throw out_of_memory(api_name(expr) + " failed: out of memory (" + message + ") at " + file +
                        ":" + std::to_string(line));
  throw cuda_error(api_name(expr), code, message, file, line);
}

fault_record* fault_slot() {
  // page-locked, mapped and portable: kernels on any device write it, the host reads it after a sync
  static fault_record* const record = [] {
    void* p = nullptr;
    CUPP_CUDA_CHECK(cudaHostAlloc(&p, sizeof(fault_record), cudaHostAllocMapped | cudaHostAllocPortable));
    return new (p) fault_record{};
  }();
  return record;
}

void check_last_launch(const char* kernel, const char* file, int line) {
  const cudaError_t status = cudaGetLastError();
  if (status != cudaSuccess)
    throw_cuda_error(status, cudaGetErrorString(status), kernel, file, line);
}

} // namespace detail

stream::stream() {
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
