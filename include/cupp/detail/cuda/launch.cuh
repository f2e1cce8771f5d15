#pragma once
// CUDA implementation of the launch facility (see detail/launch.hpp).

#include <cupp/core/context.hpp>
#include <cupp/core/layout.hpp>
#include <cupp/core/transfer.hpp>
#include <cupp/detail/cuda/launch_driver.hpp>
#include <cupp/detail/launch.hpp>

#include <algorithm>
#include <climits>
#include <tuple>
#include <type_traits>

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

// Row evaluators (see detail/launch.hpp): a vector of V elements per thread. An H200 sweep of
// sqrt(x*x + y*y) on 20M float32: 4.0 TB/s, against 3.2 for four scalar elements per thread and
// 3.7 for thrust::transform; one vector per thread beat a grid-stride loop.
template <int V, class T, class F>
__global__ void __launch_bounds__(block_threads)
    vector_transform_kernel(T* __restrict__ out, F f, index_t len, index_t per_row, index_t total) {
  const index_t t = index_t{blockIdx.x} * block_threads + threadIdx.x;
  if (t < total) transform_vector<V>(out, f, len, per_row, t);
}

template <class F>
__global__ void __launch_bounds__(block_threads) for_each_kernel(F f, index_t n) {
  for (index_t i = index_t{blockIdx.x} * block_threads + threadIdx.x; i < n;
       i += index_t{gridDim.x} * block_threads)
    f(i);
}

// The tiled transpose: a 64x64 tile moves through shared memory so that both the reads and the
// writes are coalesced (a strided gather reads one element per 32-byte sector). 64x8 threads, 8
// elements each, measured fastest on the H200 (3.9 TB/s for 16384^2 float32, against 3.5 TB/s for
// the classic 32x8). 16-byte elements (complex128) take 32x32 tiles: a 64x65 tile of them would
// need 65 KB of shared memory, past the 48 KB a kernel may hold statically.
template <class T> inline constexpr int tile_dim_of = sizeof(T) > 8 ? 32 : 64;
inline constexpr int tile_rows = 8;

template <class T>
__global__ void __launch_bounds__(tile_dim_of<T>* tile_rows)
    transpose_kernel(transpose_layout l, const T* __restrict__ src, T* __restrict__ out) {
  constexpr int tile_dim = tile_dim_of<T>;
  __shared__ T tile[tile_dim][tile_dim + 1]; // +1: no bank conflicts on the transposed read
  const index_t tiles1 = (l.e1 + tile_dim - 1) / tile_dim;
  const index_t b0 = index_t{blockIdx.x} * tile_dim;
  // y and z loop only past the grid limit of 65535 tiles or matrices
  for (index_t b = blockIdx.z; b < l.batch; b += gridDim.z) {
    const T* s = src + l.src_batch(b);
    T* o = out + l.out_batch(b);
    for (index_t t1 = blockIdx.y; t1 < tiles1; t1 += gridDim.y) {
      const index_t b1 = t1 * tile_dim;
      const index_t i0 = b0 + threadIdx.x;
      CUPP_UNROLL
      for (int k = 0; k < tile_dim; k += tile_rows) {
        const index_t i1 = b1 + threadIdx.y + k;
        if (i0 < l.e0 && i1 < l.e1) tile[threadIdx.y + k][threadIdx.x] = s[i0 + i1 * l.s1];
      }
      __syncthreads();
      const index_t j1 = b1 + threadIdx.x;
      CUPP_UNROLL
      for (int k = 0; k < tile_dim; k += tile_rows) {
        const index_t j0 = b0 + threadIdx.y + k;
        if (j0 < l.e0 && j1 < l.e1) o[j0 * l.o0 + j1] = tile[threadIdx.x][threadIdx.y + k];
      }
      if (t1 + gridDim.y < tiles1 || b + gridDim.z < l.batch) __syncthreads(); // tile reused
    }
  }
}

inline unsigned grid_for(index_t n, index_t per_block) {
  return static_cast<unsigned>(std::min<index_t>((n + per_block - 1) / per_block, INT_MAX));
}

/// The stream `<<<..., current_stream()>>>` would use in this translation unit: the default stream
/// is the per-thread one where the source is compiled with `--default-stream per-thread`.
inline cudaStream_t launch_stream() noexcept {
  cudaStream_t s = current_stream();
#if defined(CUDA_API_PER_THREAD_DEFAULT_STREAM)
  if (s == nullptr) s = cudaStreamPerThread;
#endif
  return s;
}

template <auto Kernel, class... P, class... A>
void launch_as(void (*)(P...), const char* name, dim3 grid, dim3 block, std::size_t shared_mem,
               const A&... a) {
  static const void* const handle = kernel_handle_of(reinterpret_cast<const void*>(Kernel));
  std::tuple<std::decay_t<P>...> values{a...}; // each argument as the parameter's exact type
  std::apply(
      [&](auto&... v) {
        void* args[] = {static_cast<void*>(&v)..., nullptr};
        launch_kernel(reinterpret_cast<const void*>(Kernel), handle, grid, block, args, shared_mem,
                      launch_stream(), name, __FILE__, __LINE__);
      },
      values);
}

/// `Kernel<<<grid, block, 0, current_stream()>>>(a...)`, the one launch path of cupp's kernels:
/// through the driver (detail/cuda/launch_driver.hpp) with the kernel's handle looked up on its
/// first launch (a static per kernel), else through the runtime; a failure raises cuda_error
/// naming `name`.
template <auto Kernel, class... A>
void launch(const char* name, dim3 grid, dim3 block, const A&... a) {
  launch_as<Kernel>(Kernel, name, grid, block, 0, a...);
}

/// launch() with `shared_mem` bytes of dynamic shared memory per block (at most 48 KB: more needs
/// the kernel's opt-in attribute).
template <auto Kernel, class... A>
void launch_shared(const char* name, dim3 grid, dim3 block, std::size_t shared_mem, const A&... a) {
  launch_as<Kernel>(Kernel, name, grid, block, shared_mem, a...);
}

template <class T, class F> void launch_transform(index_t n, T* out, F f) {
  if (n <= 0) return;
  if constexpr (row_evaluator<T, F>) {
    constexpr int V = vector_width<T, F>();
    const index_t len = f.row_length(), per_row = (len + V - 1) / V, total = f.rows() * per_row;
    launch<&vector_transform_kernel<V, T, F>>("vector_transform_kernel",
                                              dim3(grid_for(total, block_threads)),
                                              dim3(block_threads), out, f, len, per_row, total);
  } else {
    launch<&transform_kernel<T, F>>("transform_kernel",
                                    dim3(grid_for(n, index_t{block_threads} * items_per_thread)),
                                    dim3(block_threads), out, f, n);
  }
}

template <class F> void launch_for_each(index_t n, F f) {
  if (n <= 0) return;
  launch<&for_each_kernel<F>>("for_each_kernel", dim3(grid_for(n, block_threads)),
                              dim3(block_threads), f, n);
}

template <class T> void launch_transpose(const transpose_layout& l, const T* src, T* out) {
  if (l.e0 <= 0 || l.e1 <= 0 || l.batch <= 0) return;
  constexpr int tile_dim = tile_dim_of<T>;
  const dim3 grid(static_cast<unsigned>((l.e0 + tile_dim - 1) / tile_dim),
                  static_cast<unsigned>(std::min<index_t>((l.e1 + tile_dim - 1) / tile_dim, 65535)),
                  static_cast<unsigned>(std::min<index_t>(l.batch, 65535)));
  launch<&transpose_kernel<T>>("transpose_kernel", grid, dim3(tile_dim, tile_rows), l, src, out);
}

} // namespace cupp::detail
