#pragma once
// The CUDA paths of the filters over the last two axes (every 2-D filter, and N-D arrays filtered
// plane by plane), ../passes.hpp: a block stages the inputs of a 32x32 tile of outputs with its
// halo, the boundary already applied, in shared memory once, then every thread computes four
// outputs of one column from there. window_tile runs an N-D window (window_pass): one output per
// thread reading global memory (window_eval) spent its time on each tap's index arithmetic and
// re-read every input once per tap. pair_tile runs the last two passes of a separable filter
// (pair_pass): the first pass's result stays in shared memory, which halves the global traffic
// of the two passes.

#include <cupx/ndimage/detail/window.hpp>

#include <cupp/detail/cuda/launch.cuh>

namespace cupx::ndimage::detail {

inline constexpr int tile_cols = 32, tile_threads_y = 8, tile_rows = 32; // outputs per tile
inline constexpr int tile_bytes = 40960;                                 // the staged inputs
inline constexpr int tile_taps = 1024; // the taps' offsets in the staged tile

/// A stack of `planes` C-contiguous h x w planes, and the staged tile: sh x sw inputs, the
/// output (0, 0) at (lo_y, lo_x).
struct plane_tiles {
  index_t planes = 1, h = 0, w = 0;
  int lo_y = 0, lo_x = 0, sh = 0, sw = 0;
};

/// Stages the inputs of the tile whose first output is (y0, x0) of the plane `src` at `s`.
template <class T>
__device__ void stage_tile(T* s, const T* src, const plane_tiles& g, index_t y0, index_t x0,
                           boundary mode_y, boundary mode_x, T cval) {
  for (int r = threadIdx.y; r < g.sh; r += tile_threads_y) {
    const index_t y = cupp::detail::boundary_index(y0 - g.lo_y + r, g.h, mode_y);
    for (int c = threadIdx.x; c < g.sw; c += tile_cols) {
      const index_t x = cupp::detail::boundary_index(x0 - g.lo_x + c, g.w, mode_x);
      s[r * g.sw + c] = y < 0 || x < 0 ? cval : src[y * g.w + x];
    }
  }
}

template <class T, class R, class Op>
__global__ void __launch_bounds__(tile_cols* tile_threads_y)
    window_tile_kernel(const T* __restrict__ in, R* __restrict__ out, window_taps taps,
                       plane_tiles g, boundary mode, T cval, Op op) {
  __shared__ alignas(16) unsigned char raw[tile_bytes];
  __shared__ int soff[tile_taps];
  T* s = reinterpret_cast<T*>(raw);
  constexpr int per_thread = tile_rows / tile_threads_y;
  const int tx = threadIdx.x, ty = threadIdx.y, nd = taps.ndim;
  for (int j = ty * tile_cols + tx; j < taps.count; j += tile_cols * tile_threads_y) {
    const index_t dy = taps.offsets[j * nd + nd - 2], dx = taps.offsets[j * nd + nd - 1];
    soff[j] = static_cast<int>((dy + g.lo_y) * g.sw + dx + g.lo_x);
  }
  const index_t across = (g.w + tile_cols - 1) / tile_cols;
  const index_t per_plane = across * ((g.h + tile_rows - 1) / tile_rows);
  for (index_t tile = blockIdx.x; tile < g.planes * per_plane; tile += gridDim.x) {
    const index_t p = tile / per_plane, rest = tile - p * per_plane;
    const index_t y0 = rest / across * tile_rows, x0 = rest % across * tile_cols;
    const T* src = in + p * g.h * g.w;
    __syncthreads(); // the offsets are written, the previous tile is consumed
    stage_tile(s, src, g, y0, x0, mode, mode, cval);
    __syncthreads();
    const index_t x = x0 + tx;
    R* dst = out + p * g.h * g.w + x;
    const T* at = s + ty * g.sw + tx;
    const int step = tile_threads_y * g.sw;
    if constexpr (bounded_op<Op>) {
      // a gather's values fill the registers: one output at a time
      for (int k = 0; k < per_thread; ++k) {
        const index_t y = y0 + ty + k * tile_threads_y;
        if (y < g.h && x < g.w)
          dst[y * g.w] = fold_taps(op, taps.count, [&](index_t j) { return at[soff[j]]; });
        at += step;
      }
    } else {
      // a fold reads each tap's offset (and weight) once for the four outputs
      typename Op::acc_t acc[per_thread];
      CUPP_UNROLL
      for (int k = 0; k < per_thread; ++k)
        acc[k] = op.init();
      for (int j = 0; j < taps.count; ++j) {
        const T* v = at + soff[j];
        CUPP_UNROLL
        for (int k = 0; k < per_thread; ++k)
          acc[k] = op.step(acc[k], v[k * step], j);
      }
      CUPP_UNROLL
      for (int k = 0; k < per_thread; ++k) {
        const index_t y = y0 + ty + k * tile_threads_y;
        if (y < g.h && x < g.w) dst[y * g.w] = op.finish(acc[k]);
      }
    }
  }
}

/// window_pass through window_tile_kernel; false (nothing launched) where the window reaches
/// past the last two axes or its tile does not fit in shared memory.
template <class T, class R, class Op>
bool window_tile(const T* in, R* out, const window_taps& t, boundary mode, T cval, const Op& op) {
  const int nd = t.ndim;
  if (nd < 2 || t.count > tile_taps) return false;
  for (int d = 0; d < nd - 2; ++d)
    if (t.lo[d] != 0 || t.hi[d] != 0) return false;
  plane_tiles g;
  g.h = t.shape[nd - 2];
  g.w = t.shape[nd - 1];
  for (int d = 0; d < nd - 2; ++d)
    g.planes *= t.shape[d];
  const index_t sh = tile_rows + t.lo[nd - 2] + t.hi[nd - 2];
  const index_t sw = tile_cols + t.lo[nd - 1] + t.hi[nd - 1];
  if (sh * sw * static_cast<index_t>(sizeof(T)) > tile_bytes) return false;
  if (g.planes * g.h * g.w == 0) return true;
  g.lo_y = static_cast<int>(t.lo[nd - 2]);
  g.lo_x = static_cast<int>(t.lo[nd - 1]);
  g.sh = static_cast<int>(sh);
  g.sw = static_cast<int>(sw);
  const index_t tiles =
      g.planes * ((g.h + tile_rows - 1) / tile_rows) * ((g.w + tile_cols - 1) / tile_cols);
  cupp::detail::launch<&window_tile_kernel<T, R, Op>>(
      "window_tile_kernel", dim3(cupp::detail::grid_for(tiles, 1)), dim3(tile_cols, tile_threads_y),
      in, out, t, g, mode, cval, op);
  return true;
}

/// The two passes of pair_tile: along y (axis nd-2) and along x (axis nd-1), each a window of
/// `size` taps starting `shift` before its output; `mid`: the intermediate's byte offset in the
/// shared array.
struct pair_geometry {
  int size_y = 1, size_x = 1, shift_y = 0, shift_x = 0, mid = 0;
  boundary mode_y = boundary::reflect, mode_x = boundary::reflect;
};

/// Whether position i of a line of n lies past its ends.
__device__ inline bool outside(index_t i, index_t n) { return i < 0 || i >= n; }

// YFirst: the first pass runs along y, into a tile_rows x sw intermediate (the x halo included),
// else along x, into sh x tile_cols. The intermediate is the first pass's R, as two passes would
// store it; where the second pass's boundary is constant its halo holds cval, not the first pass
// over a line of cval.
template <bool YFirst, class T, class R, class Op1, class Op2>
__global__ void __launch_bounds__(tile_cols* tile_threads_y)
    pair_tile_kernel(const T* __restrict__ in, R* __restrict__ out, plane_tiles g, pair_geometry q,
                     T cval, R mid_cval, Op1 op1, Op2 op2) {
  __shared__ alignas(16) unsigned char raw[tile_bytes];
  T* s = reinterpret_cast<T*>(raw);
  R* mid = reinterpret_cast<R*>(raw + q.mid);
  constexpr int per_thread = tile_rows / tile_threads_y;
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int mh = YFirst ? tile_rows : g.sh, mw = YFirst ? g.sw : tile_cols;
  const int size1 = YFirst ? q.size_y : q.size_x, size2 = YFirst ? q.size_x : q.size_y;
  const int step1 = YFirst ? g.sw : 1, step2 = YFirst ? 1 : mw; // between one tap and the next
  const boundary mode2 = YFirst ? q.mode_x : q.mode_y;
  const index_t across = (g.w + tile_cols - 1) / tile_cols;
  const index_t per_plane = across * ((g.h + tile_rows - 1) / tile_rows);
  for (index_t tile = blockIdx.x; tile < g.planes * per_plane; tile += gridDim.x) {
    const index_t p = tile / per_plane, rest = tile - p * per_plane;
    const index_t y0 = rest / across * tile_rows, x0 = rest % across * tile_cols;
    __syncthreads(); // the previous tile is consumed
    stage_tile(s, in + p * g.h * g.w, g, y0, x0, q.mode_y, q.mode_x, cval);
    __syncthreads();
    for (int r = ty; r < mh; r += tile_threads_y) {
      for (int c = tx; c < mw; c += tile_cols) {
        const bool off = mode2 == boundary::constant &&
                         (YFirst ? outside(x0 - g.lo_x + c, g.w) : outside(y0 - g.lo_y + r, g.h));
        if (off) {
          mid[r * mw + c] = mid_cval;
          continue;
        }
        const T* v = s + r * g.sw + c;
        auto acc = op1.init();
        for (int j = 0; j < size1; ++j)
          acc = op1.step(acc, v[j * step1], j);
        mid[r * mw + c] = op1.finish(acc);
      }
    }
    __syncthreads();
    typename Op2::acc_t acc[per_thread];
    CUPP_UNROLL
    for (int k = 0; k < per_thread; ++k)
      acc[k] = op2.init();
    for (int j = 0; j < size2; ++j) {
      const R* v = mid + ty * mw + tx + j * step2;
      CUPP_UNROLL
      for (int k = 0; k < per_thread; ++k)
        acc[k] = op2.step(acc[k], v[k * tile_threads_y * mw], j);
    }
    const index_t x = x0 + tx;
    R* dst = out + p * g.h * g.w + x;
    CUPP_UNROLL
    for (int k = 0; k < per_thread; ++k) {
      const index_t y = y0 + ty + k * tile_threads_y;
      if (y < g.h && x < g.w) dst[y * g.w] = op2.finish(acc[k]);
    }
  }
}

/// The passes `q` over the planes of the C-contiguous `in` (shape[..., h, w]) into `out` through
/// pair_tile_kernel (cval as each pass reads it: T, then R); false (nothing launched) where the
/// tile does not fit in shared memory.
template <class T, class R, class Op1, class Op2>
bool pair_tile(const T* in, R* out, index_t planes, index_t h, index_t w, bool y_first,
               pair_geometry q, T cval, R mid_cval, const Op1& op1, const Op2& op2) {
  plane_tiles g;
  g.planes = planes;
  g.h = h;
  g.w = w;
  const index_t sh = tile_rows + q.size_y - 1, sw = tile_cols + q.size_x - 1;
  const index_t staged = (sh * sw * static_cast<index_t>(sizeof(T)) + 15) / 16 * 16;
  const index_t mid = (y_first ? tile_rows * sw : sh * tile_cols) * static_cast<index_t>(sizeof(R));
  if (staged + mid > tile_bytes) return false;
  if (planes * h * w == 0) return true;
  g.lo_y = q.shift_y;
  g.lo_x = q.shift_x;
  g.sh = static_cast<int>(sh);
  g.sw = static_cast<int>(sw);
  q.mid = static_cast<int>(staged);
  const dim3 grid(cupp::detail::grid_for(
      planes * ((h + tile_rows - 1) / tile_rows) * ((w + tile_cols - 1) / tile_cols), 1));
  const dim3 block(tile_cols, tile_threads_y);
  if (y_first) {
    cupp::detail::launch<&pair_tile_kernel<true, T, R, Op1, Op2>>(
        "pair_tile_kernel", grid, block, in, out, g, q, cval, mid_cval, op1, op2);
  } else {
    cupp::detail::launch<&pair_tile_kernel<false, T, R, Op1, Op2>>(
        "pair_tile_kernel", grid, block, in, out, g, q, cval, mid_cval, op1, op2);
  }
  return true;
}

} // namespace cupx::ndimage::detail
