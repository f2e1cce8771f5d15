#pragma once
// CUDA implementation of line_filter (see ../line_filter.hpp). A block stages a tile of lines
// with its halo (the boundary already applied) in shared memory, then every thread runs the
// window over the tile: along the last axis a tile is a run of one line, along another axis 32
// neighbouring lines (consecutive in memory, so loads and stores coalesce) times a run of n.
// Windows too long for a tile read global memory directly.

#include <cupp/detail/cuda/launch.cuh>
#include <cupp/detail/line_filter.hpp>

#include <algorithm>

namespace cupp::detail {

inline constexpr int line_threads = 256;
inline constexpr int line_smem_bytes = 32768;
inline constexpr int row_outputs = 8; // consecutive outputs of a thread along the last axis
inline constexpr index_t row_tile = line_threads * row_outputs; // outputs per tile along it
// along another axis: lines per tile, outputs per line per tile, consecutive outputs of a thread
inline constexpr int col_width = 32;
inline constexpr index_t col_tile = 64;
inline constexpr int col_outputs = 8;
inline constexpr int stage_loads = 8; // loads in flight per thread while a tile is staged

/// A row tile's element k stored at k + k / 32: the threads' first outputs are row_outputs apart,
/// which without the skew would put several of them in each bank (4-byte values).
CUPP_HD inline int skewed(int k) { return k + (k >> 5); }

/// The bytes of a row tile: its staged values (staged_values of a whole tile), which its outputs
/// then overwrite to be stored from there: a thread's row_outputs consecutive outputs written from
/// registers would make every store instruction of a warp touch row_outputs times the sectors it
/// fills (uniform and sobel took a third longer that way than with one output per thread).
template <class T, class R> CUPP_HD index_t row_tile_bytes(index_t size) {
  const index_t staged = (skewed(static_cast<int>(row_tile + size)) + 1) * sizeof(T);
  const index_t outputs = (skewed(static_cast<int>(row_tile)) + 1) * sizeof(R);
  return staged > outputs ? staged : outputs;
}

/// The values a tile stages for `count` outputs of windows of `size`, in groups of Q.
CUPP_HD inline index_t staged_values(index_t count, index_t size, int Q) {
  return (count + Q - 1) / Q * Q + size;
}

/// Q consecutive outputs of one thread, output q the window over at(q) ... at(q + size - 1): each
/// value is read once into a sliding window of Q registers (and each weight once for Q outputs),
/// and every output still takes its steps in the order of one output at a time (the same sums).
/// at(i) is read for i up to size + Q - 1 (the tiles stage the values of a whole last group of Q
/// outputs and one more, so that no read needs a test: staged_values); put(q, r) for every q.
/// Indices are the tile's, 32-bit: 64-bit ones doubled the instructions per step.
template <int Q, class Op, class At, class Put>
__device__ void window_outputs(const Op& op, int size, At at, Put put) {
  decltype(op.init()) acc[Q];
  decltype(at(0)) v[Q];
  CUPP_UNROLL
  for (int q = 0; q < Q; ++q) {
    acc[q] = op.init();
    v[q] = at(q);
  }
  for (int j = 0; j < size; ++j) {
    CUPP_UNROLL
    for (int q = 0; q < Q; ++q)
      acc[q] = op.step(acc[q], v[q], j);
    CUPP_UNROLL
    for (int q = 0; q + 1 < Q; ++q)
      v[q] = v[q + 1];
    v[Q - 1] = at(j + Q);
  }
  CUPP_UNROLL
  for (int q = 0; q < Q; ++q)
    put(q, op.finish(acc[q]));
}

// Filters along the last axis: tile t of line `line` covers outputs [t * row_tile, + row_tile).
template <class T, class R, class Op>
__global__ void __launch_bounds__(line_threads)
    line_filter_rows_kernel(const T* __restrict__ in, R* __restrict__ out, index_t lines, index_t n,
                            index_t size, index_t shift, boundary mode, T cval, Op op) {
  __shared__ alignas(16) unsigned char raw[line_smem_bytes];
  T* s = reinterpret_cast<T*>(raw);
  R* results = reinterpret_cast<R*>(raw);
  const index_t tiles = (n + row_tile - 1) / row_tile;
  for (index_t tile = blockIdx.x; tile < lines * tiles; tile += gridDim.x) {
    const index_t line = tile / tiles, start = (tile - line * tiles) * row_tile;
    // (not std::min, which would bind the host constant to a reference in device code)
    const index_t count = n - start < row_tile ? n - start : row_tile;
    const T* src = in + line * n;
    batched_copy<stage_loads>(
        static_cast<int>(threadIdx.x), static_cast<int>(staged_values(count, size, row_outputs)),
        line_threads,
        [&](int k) {
          const index_t p = boundary_index(start + k - shift, n, mode);
          return p < 0 ? cval : src[p];
        },
        [&](int k, T v) { s[skewed(k)] = v; });
    __syncthreads();
    const int k0 = static_cast<int>(threadIdx.x) * row_outputs;
    R mine[row_outputs];
    if (k0 < count) {
      window_outputs<row_outputs>(
          op, static_cast<int>(size), [&](int i) { return s[skewed(k0 + i)]; },
          [&](int q, R r) { mine[q] = r; });
    }
    __syncthreads(); // the staged values are read: the outputs take their place
    if (k0 < count) {
      CUPP_UNROLL
      for (int q = 0; q < row_outputs; ++q)
        results[skewed(k0 + q)] = mine[q];
    }
    __syncthreads();
    for (int k = threadIdx.x; k < count; k += line_threads)
      out[line * n + start + k] = results[skewed(k)];
    __syncthreads(); // the tile is reused
  }
}

// Filters along an axis with `inner` > 1: a tile is col_width consecutive inner positions of one
// outer index times col_tile outputs along n; threads (32, 8).
template <class T, class R, class Op>
__global__ void __launch_bounds__(line_threads)
    line_filter_cols_kernel(const T* __restrict__ in, R* __restrict__ out, line_layout l,
                            index_t size, index_t shift, boundary mode, T cval, Op op) {
  __shared__ alignas(16) unsigned char raw[line_smem_bytes];
  T* s = reinterpret_cast<T*>(raw);
  const index_t k_tiles = (l.inner + col_width - 1) / col_width;
  const index_t n_tiles = (l.n + col_tile - 1) / col_tile;
  const int tx = threadIdx.x, ty = threadIdx.y, rows_step = line_threads / col_width;
  for (index_t tile = blockIdx.x; tile < l.outer * n_tiles * k_tiles; tile += gridDim.x) {
    const index_t o = tile / (n_tiles * k_tiles);
    const index_t rest = tile - o * n_tiles * k_tiles;
    const index_t n0 = (rest / k_tiles) * col_tile, k = (rest % k_tiles) * col_width + tx;
    const index_t count = l.n - n0 < col_tile ? l.n - n0 : col_tile;
    const T* src = in + o * l.n * l.inner;
    batched_copy<stage_loads>(
        ty, static_cast<int>(staged_values(count, size, col_outputs)), rows_step,
        [&](int r) {
          const index_t p = boundary_index(n0 + r - shift, l.n, mode);
          return k >= l.inner ? T(0) : p < 0 ? cval : src[p * l.inner + k];
        },
        [&](int r, T v) { s[r * col_width + tx] = v; });
    __syncthreads();
    const int r0 = ty * col_outputs;
    if (k < l.inner && r0 < count) {
      R* const dst = out + (o * l.n + n0 + r0) * l.inner + k;
      const T* const column = s + r0 * col_width + tx;
      window_outputs<col_outputs>(
          op, static_cast<int>(size), [&](int i) { return column[i * col_width]; },
          [&](int q, R r) {
            if (r0 + q < count) dst[q * l.inner] = r;
          });
    }
    __syncthreads();
  }
}

// Any window length: one output per thread, its window read from global memory.
template <class T, class R, class Op>
__global__ void __launch_bounds__(line_threads)
    line_filter_direct_kernel(const T* __restrict__ in, R* __restrict__ out, line_layout l,
                              index_t size, index_t shift, boundary mode, T cval, Op op) {
  const index_t total = l.outer * l.n * l.inner;
  for (index_t t = index_t{blockIdx.x} * line_threads + threadIdx.x; t < total;
       t += index_t{gridDim.x} * line_threads) {
    const index_t k = t % l.inner, i = (t / l.inner) % l.n, o = t / (l.inner * l.n);
    const T* src = in + o * l.n * l.inner + k;
    auto acc = op.init();
    for (index_t j = 0; j < size; ++j) {
      const index_t p = boundary_index(i + j - shift, l.n, mode);
      acc = op.step(acc, p < 0 ? cval : src[p * l.inner], j);
    }
    out[t] = op.finish(acc);
  }
}

template <class T, class R, class Op>
void line_filter(const T* in, R* out, const line_layout& l, index_t size, index_t shift,
                 boundary mode, T cval, const Op& op) {
  const index_t total = l.outer * l.n * l.inner;
  if (total <= 0) return;
  constexpr index_t capacity = line_smem_bytes / sizeof(T);
  const dim3 threads(line_threads);
  static_assert(col_outputs * (line_threads / col_width) == col_tile);
  if (l.inner == 1 && size <= capacity && row_tile_bytes<T, R>(size) <= line_smem_bytes) {
    const index_t tiles = l.outer * ((l.n + row_tile - 1) / row_tile);
    launch<&line_filter_rows_kernel<T, R, Op>>("line_filter_rows_kernel", dim3(grid_for(tiles, 1)),
                                               threads, in, out, l.outer, l.n, size, shift, mode,
                                               cval, op);
  } else if (l.inner > 1 && (col_tile + size) * col_width <= capacity) {
    const index_t tiles =
        l.outer * ((l.n + col_tile - 1) / col_tile) * ((l.inner + col_width - 1) / col_width);
    launch<&line_filter_cols_kernel<T, R, Op>>("line_filter_cols_kernel", dim3(grid_for(tiles, 1)),
                                               dim3(col_width, line_threads / col_width), in, out,
                                               l, size, shift, mode, cval, op);
  } else {
    launch<&line_filter_direct_kernel<T, R, Op>>("line_filter_direct_kernel",
                                                 dim3(grid_for(total, line_threads)), threads, in,
                                                 out, l, size, shift, mode, cval, op);
  }
}

} // namespace cupp::detail
