#pragma once
// CUDA implementation of the axis-reduction kernels (see detail/segmented.hpp).

#include <cupp/core/context.hpp>
#include <cupp/detail/cuda/launch.cuh>
#include <cupp/detail/scratch.hpp>
#include <cupp/detail/segmented.hpp>

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

// Pool scratch for the states of `chunks` chunks of `outputs` outputs; none (p null) for one chunk.
template <class A> struct partial_states {
  std::optional<scratch> mem;
  A* p = nullptr;
  partial_states(index_t chunks, index_t outputs) {
    if (chunks == 1) return;
    mem.emplace(static_cast<std::size_t>(chunks * outputs) * sizeof(A));
    p = static_cast<A*>(mem->data());
  }
};

// G threads per work item (256: a block, 32: a warp), an item being one output's run or, for few
// long runs, one chunk of it. Each thread folds every G-th element of the item (with Vec: every
// G-th 16-byte vector of a contiguous, 16-byte aligned run, then the tail) starting at position r0.
// The item's state goes to `partial` when runs are chunked, else its result to `out`.
template <int G, bool Vec, class Src, class Red>
__global__ void __launch_bounds__(256)
    rows_kernel(Src src, offset_map rows_map, index_t stride, index_t items, index_t len,
                index_t chunk, index_t chunks, Red red, typename Red::acc_t* __restrict__ partial,
                typename Red::result_t* __restrict__ out) {
  using acc_t = typename Red::acc_t;
  using T = source_value_t<Src>;
  constexpr int groups = 256 / G;
  using reduce_t =
      std::conditional_t<G == 32, cub::WarpReduce<acc_t>, cub::BlockReduce<acc_t, 256>>;
  __shared__ typename reduce_t::TempStorage temp[G == 32 ? groups : 1];
  const int lane = static_cast<int>(threadIdx.x) % G, group = static_cast<int>(threadIdx.x) / G;
  for (index_t w0 = index_t{blockIdx.x} * groups; w0 < items; w0 += index_t{gridDim.x} * groups) {
    const index_t w = w0 + group;
    acc_t acc = red.init();
    if (w < items) {
      const index_t o = w / chunks, r0 = (w - o * chunks) * chunk;
      const index_t n = len - r0 < chunk ? len - r0 : chunk;
      const index_t b = rows_map(o) + r0 * stride;
      index_t r = lane;
      if constexpr (Vec) { // a pointer source
        constexpr int V = vec16<T>::n;
        const auto* pv = reinterpret_cast<const vec16<T>*>(src + b);
        const index_t nv = n / V;
        index_t c = lane;
        // U vectors loaded before any is folded: 64 bytes in flight per thread (measured on the
        // H200 against 16 and 128: 4 waves of 4096-element chunks reach CUB's device-wide sum)
        constexpr int U = 4;
        for (; c + (U - 1) * G < nv; c += U * G) {
          vec16<T> x[U];
          CUPP_UNROLL
          for (int u = 0; u < U; ++u)
            x[u] = pv[c + u * G];
          CUPP_UNROLL
          for (int u = 0; u < U; ++u)
            acc = add_run(red, acc, x[u].v, r0 + (c + u * G) * V);
        }
        for (; c < nv; c += G)
          acc = add_run(red, acc, pv[c].v, r0 + c * V);
        r = nv * V + lane;
      }
#pragma unroll 4
      for (; r < n; r += G)
        acc = red.add(acc, src[b + r * stride], r0 + r);
    }
    const acc_t total = reduce_t(temp[G == 32 ? group : 0]).Reduce(acc, merge_with<Red>{red});
    if (lane == 0 && w < items) {
      if (partial) {
        partial[w] = total;
      } else {
        out[w] = red.finish(total, len);
      }
    }
    if constexpr (G != 32) __syncthreads(); // the shared storage is reused by the next item
  }
}

// `acc` merged with the n states p[0], p[stride], ... in order, loaded 8 at a time before they
// are merged: with each load waiting on the previous merge, one thread's 16 states made the merge
// of 4096 chunks take 3.5 us on an H100.
template <class Red>
__device__ typename Red::acc_t merge_states(const Red& red, typename Red::acc_t acc,
                                            const typename Red::acc_t* p, index_t stride,
                                            index_t n) {
  constexpr int U = 8;
  index_t c = 0;
  for (; c + U <= n; c += U) {
    typename Red::acc_t v[U];
    CUPP_UNROLL
    for (int u = 0; u < U; ++u)
      v[u] = p[(c + u) * stride];
    CUPP_UNROLL
    for (int u = 0; u < U; ++u)
      acc = red.merge(acc, v[u]);
  }
  for (; c < n; ++c)
    acc = red.merge(acc, p[c * stride]);
  return acc;
}

// A block per output merging its chunks' states in order (thread t takes a contiguous share).
template <class Red>
__global__ void __launch_bounds__(256)
    merge_chunks_kernel(const typename Red::acc_t* __restrict__ partial, index_t rows,
                        index_t chunks, index_t len, Red red,
                        typename Red::result_t* __restrict__ out) {
  using acc_t = typename Red::acc_t;
  __shared__ typename cub::BlockReduce<acc_t, 256>::TempStorage temp;
  const index_t share = (chunks + 255) / 256;
  for (index_t o = blockIdx.x; o < rows; o += gridDim.x) {
    const index_t c0 = threadIdx.x * share, c1 = c0 + share < chunks ? c0 + share : chunks;
    const acc_t acc = merge_states(red, red.init(), partial + o * chunks + c0, 1, c1 - c0);
    const acc_t total = cub::BlockReduce<acc_t, 256>(temp).Reduce(acc, merge_with<Red>{red});
    if (threadIdx.x == 0) out[o] = red.finish(total, len);
    __syncthreads();
  }
}

template <class Src, class Red>
void reduce_rows(Src src, const offset_map& rows_map, index_t stride, index_t rows, index_t len,
                 Red red, typename Red::result_t* out) {
  if (rows <= 0) return;
  using acc_t = typename Red::acc_t;
  using T = source_value_t<Src>;
  if (len < 1024) { // short runs: a warp each, 8 per block
    launch<&rows_kernel<32, false, Src, Red>>("rows_kernel", dim3(grid_for(rows, 8)), dim3(256),
                                              src, rows_map, stride, rows, len, len, index_t{1},
                                              red, static_cast<acc_t*>(nullptr), out);
    return;
  }
  // long runs: a block each; too few of them to fill the GPU (4096 blocks: ~4 waves on an H200)
  // -> chunks of 4096-element multiples (vector-aligned for any dtype), at least 16K elements
  constexpr index_t target_blocks = 4096, quantum = 4096;
  index_t chunk = len, chunks = 1;
  if (rows < target_blocks / 2) {
    chunks = std::clamp<index_t>(target_blocks / rows, 1, len / (4 * quantum) + 1);
    chunk = ((len + chunks - 1) / chunks + quantum - 1) / quantum * quantum;
    chunks = (len + chunk - 1) / chunk;
  }
  const partial_states<acc_t> partial(chunks, rows);
  acc_t* part = partial.p;
  const index_t items = rows * chunks;
  bool vec = false; // 16-byte loads: a pointer source, aligned, each run contiguous and aligned
  if constexpr (std::is_pointer_v<Src>) {
    vec =
        stride == 1 && reinterpret_cast<std::uintptr_t>(src) % 16 == 0 &&
        (rows == 1 || (rows_map.ndim == 1 && (rows_map.stride[0] * index_t{sizeof(T)}) % 16 == 0));
    if (vec)
      launch<&rows_kernel<256, true, Src, Red>>("rows_kernel", dim3(grid_for(items, 1)), dim3(256),
                                                src, rows_map, index_t{1}, items, len, chunk,
                                                chunks, red, part, out);
  }
  if (!vec)
    launch<&rows_kernel<256, false, Src, Red>>("rows_kernel", dim3(grid_for(items, 1)), dim3(256),
                                               src, rows_map, stride, items, len, chunk, chunks,
                                               red, part, out);
  if (part)
    launch<&merge_chunks_kernel<Red>>("merge_chunks_kernel", dim3(grid_for(rows, 1)), dim3(256),
                                      static_cast<const acc_t*>(part), rows, chunks, len, red, out);
}

// A thread per output and chunk of the reduced range: partial states, or results when one chunk.
template <class Src, class Red>
__global__ void __launch_bounds__(256)
    columns_kernel(Src src, offset_map cols_map, offset_map red_map, index_t cols, index_t len,
                   index_t chunk, Red red, typename Red::acc_t* __restrict__ partial,
                   typename Red::result_t* __restrict__ out) {
  const index_t o = index_t{blockIdx.x} * 256 + threadIdx.x;
  if (o >= cols) return;
  const index_t r0 = index_t{blockIdx.y} * chunk, r1 = r0 + chunk < len ? r0 + chunk : len;
  const index_t b = cols_map(o);
  auto acc = red.init();
#pragma unroll 8
  for (index_t r = r0; r < r1; ++r)
    acc = red.add(acc, src[b + red_map(r)], r);
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
  __device__ typename Red::result_t operator()(index_t o) const {
    return red.finish(merge_states(red, partial[o], partial + cols + o, cols, chunks - 1), len);
  }
};

// `threads`: how many (output, chunk) threads to aim for. 2^17, half what an H200 holds at once,
// measured fastest for a 16384^2 float32 sum over axis 0 (4.2 TB/s; 2^16 3.2, 2^20 3.6): longer
// chunks mean fewer partial states to write and merge.
template <class Src, class Red>
void reduce_columns(Src src, const offset_map& cols_map, const offset_map& red_map, index_t cols,
                    index_t len, Red red, typename Red::result_t* out,
                    index_t threads = index_t{1} << 17) {
  if (cols <= 0) return;
  index_t chunks = std::clamp<index_t>(threads / cols, 1, std::max<index_t>(len / 32, 1));
  chunks = std::min<index_t>(chunks, 65535);
  const index_t chunk = (len + chunks - 1) / chunks;
  chunks = (len + chunk - 1) / chunk;
  const dim3 grid(grid_for(cols, 256), static_cast<unsigned>(chunks));
  const partial_states<typename Red::acc_t> partial(chunks, cols);
  auto* part = partial.p;
  launch<&columns_kernel<Src, Red>>("columns_kernel", grid, dim3(256), src, cols_map, red_map, cols,
                                    len, chunk, red, part, out);
  if (part) launch_transform(cols, out, merge_partials<Red>{part, cols, chunks, len, red});
}

} // namespace cupp::detail
