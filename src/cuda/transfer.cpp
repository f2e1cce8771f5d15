// Host<->device copies. Copies between pageable host memory and the device stage through pinned
// buffers from the pinned pool, in chunks: the host copies chunk i (with several threads) while
// the copy engine moves chunk i-1, which is far faster than the driver's own pageable path.
#define CUPP_HOST_ONLY_TU
#include <cupp/core/transfer.hpp>
#include <cupp/detail/check.hpp>
#include <cupp/detail/event.hpp>
#include <cupp/detail/fault.hpp>
#include <cupp/memory/pool.hpp>

#include <cuda_runtime_api.h>
#include <omp.h>

#include <algorithm>
#include <cstring>

#include "../core/capture.hpp"

namespace cupp::detail {

namespace {

constexpr std::size_t staged_threshold = std::size_t{1} << 20; // smaller copies go direct
constexpr std::size_t chunk_bytes = std::size_t{4} << 20;
constexpr int n_buffers = 4;

cudaMemoryType memory_type(const void* p) {
  cudaPointerAttributes a{};
  const cudaError_t status = cudaPointerGetAttributes(&a, p);
  if (status != cudaSuccess) {
    cudaGetLastError();
    return cudaMemoryTypeUnregistered;
  }
  return a.type;
}

// memcpy of host memory spread over threads: one thread cannot keep up with the copy engine.
void parallel_memcpy(void* dst, const void* src, std::size_t bytes) {
  constexpr std::size_t slice = std::size_t{512} << 10;
  const auto slices = static_cast<std::int64_t>((bytes + slice - 1) / slice);
  const int threads = static_cast<int>(std::min<std::int64_t>({slices, 8, omp_get_max_threads()}));
#pragma omp parallel for num_threads(threads) schedule(static)
  for (std::int64_t i = 0; i < slices; ++i) {
    const std::size_t off = static_cast<std::size_t>(i) * slice;
    std::memcpy(static_cast<char*>(dst) + off, static_cast<const char*>(src) + off,
                std::min(slice, bytes - off));
  }
}

// Pinned staging buffers and their events for one staged copy; the buffers go back to the pinned
// pool ordered after the copy's work on the stream.
class staging {
public:
  explicit staging(native_stream s) : pool_(mr::get_default_pinned_memory_pool()), s_(s) {
    for (int k = 0; k < n_buffers; ++k) {
      buffer_[k] = static_cast<char*>(pool_.allocate_async(chunk_bytes, mr::default_alignment, s));
      event_[k] = event_create();
    }
  }
  ~staging() {
    for (int k = 0; k < n_buffers; ++k) {
      pool_.deallocate_async(buffer_[k], chunk_bytes, mr::default_alignment, s_);
      event_destroy(event_[k]);
    }
  }
  staging(const staging&) = delete;
  staging& operator=(const staging&) = delete;
  char* buffer(int k) const { return buffer_[k]; }
  event_handle event(int k) const { return event_[k]; }

private:
  mr::pool_resource& pool_;
  native_stream s_;
  char* buffer_[n_buffers] = {};
  event_handle event_[n_buffers] = {};
};

void staged_to_device(char* dst, const char* src, std::size_t bytes, native_stream s) {
  staging st(s);
  for (std::size_t off = 0, i = 0; off < bytes; off += chunk_bytes, ++i) {
    const int k = static_cast<int>(i % n_buffers);
    const std::size_t len = std::min(chunk_bytes, bytes - off);
    if (i >= n_buffers) event_synchronize(st.event(k)); // its previous chunk has left the buffer
    parallel_memcpy(st.buffer(k), src + off, len);
    CUPP_CUDA_CHECK(cudaMemcpyAsync(dst + off, st.buffer(k), len, cudaMemcpyHostToDevice, s));
    event_record(st.event(k), s);
  }
}

void staged_to_host(char* dst, const char* src, std::size_t bytes, native_stream s) {
  staging st(s);
  const std::size_t chunks = (bytes + chunk_bytes - 1) / chunk_bytes;
  auto issue = [&](std::size_t i) {
    const int k = static_cast<int>(i % n_buffers);
    const std::size_t off = i * chunk_bytes;
    CUPP_CUDA_CHECK(cudaMemcpyAsync(st.buffer(k), src + off, std::min(chunk_bytes, bytes - off),
                                    cudaMemcpyDeviceToHost, s));
    event_record(st.event(k), s);
  };
  for (std::size_t i = 0; i < std::min<std::size_t>(chunks, n_buffers); ++i)
    issue(i);
  for (std::size_t i = 0; i < chunks; ++i) {
    const int k = static_cast<int>(i % n_buffers);
    const std::size_t off = i * chunk_bytes;
    event_synchronize(st.event(k));
    parallel_memcpy(dst + off, st.buffer(k), std::min(chunk_bytes, bytes - off));
    if (i + n_buffers < chunks) issue(i + n_buffers);
  }
}

} // namespace

void copy_bytes_async(void* dst, const void* src, std::size_t bytes, native_stream s) {
  if (!bytes) return;
  if (capture_resource(current_device()) && (memory_type(src) == cudaMemoryTypeUnregistered ||
                                             memory_type(dst) == cudaMemoryTypeUnregistered))
    require_not_capturing(s, "a copy of pageable host memory (asarray of host data, get)");
  if (bytes >= staged_threshold && memory_type(src) == cudaMemoryTypeUnregistered &&
      memory_type(dst) == cudaMemoryTypeDevice) {
    staged_to_device(static_cast<char*>(dst), static_cast<const char*>(src), bytes, s);
    return;
  }
  CUPP_CUDA_CHECK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDefault, s));
}

void copy_to_host(void* dst, const void* src, std::size_t bytes, native_stream s) {
  require_not_capturing(s, "a copy to the host (item(), get(), printing)");
  if (bytes >= staged_threshold && memory_type(dst) == cudaMemoryTypeUnregistered &&
      memory_type(src) == cudaMemoryTypeDevice) {
    staged_to_host(static_cast<char*>(dst), static_cast<const char*>(src), bytes, s);
  } else {
    if (bytes) CUPP_CUDA_CHECK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDefault, s));
    CUPP_CUDA_CHECK(cudaStreamSynchronize(s));
  }
  raise_pending_fault();
}

} // namespace cupp::detail
