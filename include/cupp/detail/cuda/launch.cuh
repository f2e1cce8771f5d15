#pragma once
// CUDA implementation of the launch facility (see detail/launch.hpp).

#include <cupp/core/context.hpp>
#include <cupp/detail/memcpy.hpp>

#include <algorithm>
#include <climits>

namespace cupp::detail {

inline constexpr int block_threads = 256;
// Elements per thread per tile: their loads are all issued before the first store, which keeps
// enough bytes in flight to reach the copy bandwidth on Hopper.
inline constexpr int items_per_thread = 4;

template <class T, class F>
__global__ void __launch_bounds__(block_threads)
    transform_kernel(T* __restrict__ out, F f, index_t n) {
  constexpr index_t tile = index_t{block_threads} * items_per_thread;
  for (index_t base = index_t{blockIdx.x} * tile + threadIdx.x; base < n;
       base += index_t{gridDim.x} * tile) {
    T v[items_per_thread];
    CUPP_UNROLL
    for (int k = 0; k < items_per_thread; ++k) {
      const index_t i = base + index_t{k} * block_threads;
      if (i < n) v[k] = f(i);
    }
    CUPP_UNROLL
    for (int k = 0; k < items_per_thread; ++k) {
      const index_t i = base + index_t{k} * block_threads;
      if (i < n) out[i] = v[k];
    }
  }
}

template <class F>
__global__ void __launch_bounds__(block_threads) for_each_kernel(F f, index_t n) {
  for (index_t i = index_t{blockIdx.x} * block_threads + threadIdx.x; i < n;
       i += index_t{gridDim.x} * block_threads)
    f(i);
}

inline unsigned grid_for(index_t n, index_t per_block) {
  return static_cast<unsigned>(std::min<index_t>((n + per_block - 1) / per_block, INT_MAX));
}

template <class T, class F> void launch_transform(index_t n, T* out, F f) {
  if (n <= 0) return;
  transform_kernel<<<grid_for(n, index_t{block_threads} * items_per_thread), block_threads, 0,
                     current_stream()>>>(out, f, n);
  check_last_launch("transform_kernel", __FILE__, __LINE__);
}

template <class F> void launch_for_each(index_t n, F f) {
  if (n <= 0) return;
  for_each_kernel<<<grid_for(n, block_threads), block_threads, 0, current_stream()>>>(f, n);
  check_last_launch("for_each_kernel", __FILE__, __LINE__);
}

} // namespace cupp::detail
