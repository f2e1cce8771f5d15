#pragma once
// CUDA implementation of the axis-reduction kernels (see detail/segmented.hpp).

#include <cupp/core/context.hpp>
#include <cupp/detail/cuda/launch.cuh>
#include <cupp/detail/reducers.hpp>
#include <cupp/detail/scratch.hpp>

#include <cub/block/block_reduce.cuh>
#include <cub/warp/warp_reduce.cuh>

#include <algorithm>
#include <cstdint>

namespace cupp::detail {

// 16 bytes of T, loaded at once.
template <class T> struct alignas(16) vec16 {
  static constexpr int n = 16 / sizeof(T);
  T v[n];
};

// G threads per output (256: a block, 32: a warp), each folding every G-th element of the run
// (with Vec: every G-th 16-byte vector of a contiguous, 16-byte aligned run, then the tail).
template <int G, bool Vec, class T, class Red>
__global__ void __launch_bounds__(256)
    rows_kernel(const T* __restrict__ base, offset_map rows_map, index_t stride, index_t rows,
                index_t len, Red red, typename Red::result_t* __restrict__ out) {
  using acc_t = typename Red::acc_t;
  constexpr int groups = 256 / G;
  using reduce_t = std::conditional_t<G == 32, cub::WarpReduce<acc_t>, cub::BlockReduce<acc_t, 256>>;
  __shared__ typename reduce_t::TempStorage temp[G == 32 ? groups : 1];
  const int lane = static_cast<int>(threadIdx.x) % G, group = static_cast<int>(threadIdx.x) / G;
  for (index_t o0 = index_t{blockIdx.x} * groups; o0 < rows; o0 += index_t{gridDim.x} * groups) {
    const index_t o = o0 + group;
    acc_t acc = red.init();
    if (o < rows) {
      const T* p = base + rows_map(o);
      index_t r = lane;
      if constexpr (Vec) {
        constexpr int V = vec16<T>::n;
        const auto* pv = reinterpret_cast<const vec16<T>*>(p);
        const index_t nv = len / V;
#pragma unroll 2
        for (index_t c = lane; c < nv; c += G) {
          const vec16<T> x = pv[c];
          CUPP_UNROLL
          for (int k = 0; k < V; ++k)
            acc = red.add(acc, x.v[k], c * V + k);
        }
        r = nv * V + lane;
      }
#pragma unroll 4
      for (; r < len; r += G)
        acc = red.add(acc, p[r * stride], r);
    }
    const acc_t total = reduce_t(temp[G == 32 ? group : 0]).Reduce(acc, merge_with<Red>{red});
    if (lane == 0 && o < rows) out[o] = red.finish(total, len);
    if constexpr (G != 32) __syncthreads(); // the shared storage is reused by the next row
  }
}

template <class T, class Red>
void reduce_rows(const T* base, const offset_map& rows_map, index_t stride, index_t rows,
                 index_t len, Red red, typename Red::result_t* out) {
  if (rows <= 0) return;
  // long runs get a block each; short ones a warp (8 outputs per block)
  const bool vec = stride == 1 && reinterpret_cast<std::uintptr_t>(base) % 16 == 0 &&
                   (rows_map.ndim == 1 && (rows_map.stride[0] * index_t{sizeof(T)}) % 16 == 0) &&
                   len * index_t{sizeof(T)} >= 256;
  const cudaStream_t s = current_stream();
  if (len >= 1024) {
    if (vec) {
      rows_kernel<256, true><<<grid_for(rows, 1), 256, 0, s>>>(base, rows_map, 1, rows, len, red, out);
    } else {
      rows_kernel<256, false><<<grid_for(rows, 1), 256, 0, s>>>(base, rows_map, stride, rows, len,
                                                                red, out);
    }
  } else {
    rows_kernel<32, false><<<grid_for(rows, 8), 256, 0, s>>>(base, rows_map, stride, rows, len,
                                                             red, out);
  }
  check_last_launch("rows_kernel", __FILE__, __LINE__);
}

// A thread per output and chunk of the reduced range: partial states, or results when one chunk.
template <class T, class Red>
__global__ void __launch_bounds__(256)
    columns_kernel(const T* __restrict__ base, offset_map cols_map, offset_map red_map,
                   index_t cols, index_t len, index_t chunk, Red red,
                   typename Red::acc_t* __restrict__ partial, typename Red::result_t* __restrict__ out) {
  const index_t o = index_t{blockIdx.x} * 256 + threadIdx.x;
  if (o >= cols) return;
  const index_t r0 = index_t{blockIdx.y} * chunk, r1 = r0 + chunk < len ? r0 + chunk : len;
  const T* p = base + cols_map(o);
  auto acc = red.init();
#pragma unroll 8
  for (index_t r = r0; r < r1; ++r)
    acc = red.add(acc, p[red_map(r)], r);
  if (partial) {
    partial[index_t{blockIdx.y} * cols + o] = acc;
  } else {
    out[o] = red.finish(acc, len);
  }
}

template <class Red> struct merge_partials {
  const typename Red::acc_t* partial;
  index_t cols, chunks, len;
  Red red;
  CUPP_HD typename Red::result_t operator()(index_t o) const {
    auto acc = partial[o];
    for (index_t c = 1; c < chunks; ++c)
      acc = red.merge(acc, partial[c * cols + o]);
    return red.finish(acc, len);
  }
};

template <class T, class Red>
void reduce_columns(const T* base, const offset_map& cols_map, const offset_map& red_map,
                    index_t cols, index_t len, Red red, typename Red::result_t* out) {
  if (cols <= 0) return;
  // enough threads to cover the GPU several times over; each folds at least 32 elements
  const index_t target_threads = index_t{1} << 20;
  index_t chunks = std::clamp<index_t>(target_threads / cols, 1, std::max<index_t>(len / 32, 1));
  chunks = std::min<index_t>(chunks, 65535);
  const index_t chunk = (len + chunks - 1) / chunks;
  chunks = (len + chunk - 1) / chunk;
  const dim3 grid(grid_for(cols, 256), static_cast<unsigned>(chunks));
  using acc_t = typename Red::acc_t;
  if (chunks == 1) {
    columns_kernel<<<grid, 256, 0, current_stream()>>>(base, cols_map, red_map, cols, len, chunk,
                                                       red, static_cast<acc_t*>(nullptr), out);
    check_last_launch("columns_kernel", __FILE__, __LINE__);
    return;
  }
  scratch partial(static_cast<std::size_t>(chunks * cols) * sizeof(acc_t));
  auto* part = static_cast<acc_t*>(partial.data());
  columns_kernel<<<grid, 256, 0, current_stream()>>>(base, cols_map, red_map, cols, len, chunk, red,
                                                     part, out);
  check_last_launch("columns_kernel", __FILE__, __LINE__);
  launch_transform(cols, out, merge_partials<Red>{part, cols, chunks, len, red});
}

} // namespace cupp::detail
