#pragma once
// The window filters whose taps lie in the last two axes (every 2-D window, and N-D arrays
// filtered plane by plane) by tiles of 32x32 outputs (cupx/ndimage/detail/passes.hpp): the tile's
// inputs with their halo, the boundary already applied, are staged once in a buffer (shared memory
// on the GPU), then each output is computed from there. window_tile runs an N-D window
// (window_pass): one output per thread reading global memory (window_eval) spent its time on each
// tap's index arithmetic and re-read every input once per tap.
//
// A tile is the work of one block of 32x8 threads; the parts below are one thread's share of
// each step, so that both backends run the same code: the CUDA kernels (cuda/plane_tiles.cuh)
// call them with threadIdx between __syncthreads, the host (host/plane_tiles.hpp) calls them for
// every (tx, ty) in turn, tiles in parallel.

#include <cupp/core/config.hpp>
#include <cupp/detail/line_filter.hpp>

namespace cupp::detail {

/// f(j) for j in [0, count), count <= N: unrolled (N a small constant, values in registers) or
/// a plain loop.
template <int N, bool Unroll, class F> CUPP_HD void loop_upto(index_t count, F&& f) {
  if constexpr (Unroll) {
    CUPP_UNROLL
    for (int j = 0; j < N; ++j) {
      if (j >= count) break;
      f(index_t{j});
    }
  } else {
    for (index_t j = 0; j < count; ++j)
      f(j);
  }
}

/// The window ops that gather the window's values into `capacity` slots (put, then finish over
/// all of them: rank filters, generic_filter) rather than fold them (init, step, finish).
template <class Op>
concept bounded_op = requires {
  Op::capacity;
};

/// op over `count` taps, tap j's value read(j): the bounded ops gather in place (their
/// accumulator is an array), the others fold.
template <class Op, class Read> CUPP_HD auto fold_taps(const Op& op, index_t count, Read&& read) {
  typename Op::acc_t acc{};
  if constexpr (bounded_op<Op>) {
    loop_upto<Op::capacity, Op::unrolled>(count, [&](index_t j) { op.put(acc, read(j), j); });
  } else {
    acc = op.init();
    loop_upto<0, false>(count, [&](index_t j) { acc = op.step(acc, read(j), j); });
  }
  return op.finish(acc);
}

inline constexpr int plane_cols = 32, plane_threads_y = 8, plane_rows = 32; // outputs per tile
inline constexpr int plane_per_thread = plane_rows / plane_threads_y;
inline constexpr int plane_bytes = 40960; // the staged inputs
inline constexpr int plane_taps = 1024;   // the taps' offsets in the staged tile
inline constexpr int plane_loads = 8;     // loads in flight per thread while a tile is staged

/// A stack of `planes` C-contiguous h x w planes, and its tiles: sh x sw staged inputs, the
/// output (0, 0) at (lo_y, lo_x).
struct plane_tiles {
  index_t planes = 1, h = 0, w = 0;
  int lo_y = 0, lo_x = 0, sh = 0, sw = 0;
  [[nodiscard]] CUPP_HD index_t across() const { return (w + plane_cols - 1) / plane_cols; }
  [[nodiscard]] CUPP_HD index_t per_plane() const {
    return across() * ((h + plane_rows - 1) / plane_rows);
  }
  [[nodiscard]] CUPP_HD index_t count() const { return planes * per_plane(); }
};

/// The plane and first output of tile `tile`.
struct tile_origin {
  index_t p, y0, x0;
  CUPP_HD tile_origin(const plane_tiles& g, index_t tile) {
    p = tile / g.per_plane();
    const index_t rest = tile - p * g.per_plane();
    y0 = rest / g.across() * plane_rows;
    x0 = rest % g.across() * plane_cols;
  }
};

/// Tap j's offset in the staged tile, from the taps' `offsets` (ndim per tap, the last two along
/// the planes).
CUPP_HD inline int tap_offset(const index_t* offsets, int nd, const plane_tiles& g, index_t j) {
  const index_t dy = offsets[j * nd + nd - 2], dx = offsets[j * nd + nd - 1];
  return static_cast<int>((dy + g.lo_y) * g.sw + dx + g.lo_x);
}

/// Thread (tx, ty)'s share of staging the inputs of the tile at `o` (of the plane `src`) at `s`.
template <class T>
CUPP_HD void stage_part(T* s, const T* src, const plane_tiles& g, const tile_origin& o,
                        boundary mode, T cval, int tx, int ty) {
  // the tile as one run of sh * sw values, so that a thread's loads are batched across rows
  batched_copy<plane_loads>(
      ty * plane_cols + tx, g.sh * g.sw, plane_cols * plane_threads_y,
      [&](int k) {
        const int r = k / g.sw;
        const index_t y = boundary_index(o.y0 - g.lo_y + r, g.h, mode);
        const index_t x = boundary_index(o.x0 - g.lo_x + (k - r * g.sw), g.w, mode);
        return y < 0 || x < 0 ? cval : src[y * g.w + x];
      },
      [&](int k, T v) { s[k] = v; });
}

/// The comparisons of box3_median_part, each picking one of its arguments (`<` as SciPy's).
template <class T> CUPP_HD T lower_of(T a, T b) { return b < a ? b : a; }
template <class T> CUPP_HD T upper_of(T a, T b) { return b < a ? a : b; }
template <class T> CUPP_HD void order_pair(T& a, T& b) {
  const T x = a;
  a = lower_of(x, b);
  b = upper_of(x, b);
}
template <class T> CUPP_HD T middle_of(T a, T b, T c) {
  order_pair(a, b);
  return upper_of(a, lower_of(b, c));
}

/// Thread (tx, ty)'s outputs of the median of a full 3x3 window: column tx, the
/// plane_per_thread consecutive rows from ty * plane_per_thread. Each of the rows they read is
/// sorted once; the median of three sorted rows is the middle of (the largest of their smallest,
/// the middle of their middles, the smallest of their largest).
template <class T, class R>
CUPP_HD void box3_median_part(const T* s, R* out, const plane_tiles& g, const tile_origin& o,
                              int tx, int ty) {
  constexpr int Q = plane_per_thread;
  const int r0 = ty * Q;
  T lo[Q + 2], mid[Q + 2], hi[Q + 2];
  CUPP_UNROLL
  for (int r = 0; r < Q + 2; ++r) {
    const T* row = s + (r0 + r) * g.sw + tx;
    T a = row[0], b = row[1], c = row[2];
    order_pair(a, b);
    order_pair(b, c);
    order_pair(a, b);
    lo[r] = a;
    mid[r] = b;
    hi[r] = c;
  }
  const index_t x = o.x0 + tx;
  CUPP_UNROLL
  for (int q = 0; q < Q; ++q) {
    const index_t y = o.y0 + r0 + q;
    if (y < g.h && x < g.w) {
      out[(o.p * g.h + y) * g.w + x] =
          static_cast<R>(middle_of(upper_of(upper_of(lo[q], lo[q + 1]), lo[q + 2]),
                                   middle_of(mid[q], mid[q + 1], mid[q + 2]),
                                   lower_of(lower_of(hi[q], hi[q + 1]), hi[q + 2])));
    }
  }
}

/// Thread (tx, ty)'s outputs of a window over the staged tile `s`: column tx, rows ty + 8k (the
/// full 3x3 median's: box3_median_part).
template <class T, class R, class Op>
CUPP_HD void window_part(const T* s, const int* soff, index_t count, R* out, const plane_tiles& g,
                         const tile_origin& o, const Op& op, int tx, int ty) {
  const index_t x = o.x0 + tx, base = o.p * g.h * g.w + x;
  const int at = ty * g.sw + tx, step = plane_threads_y * g.sw;
  if constexpr (requires { Op::box3; }) {
    box3_median_part(s, out, g, o, tx, ty);
  } else if constexpr (bounded_op<Op>) {
    // a gather's values fill the registers: one output at a time
    for (int k = 0; k < plane_per_thread; ++k) {
      const index_t y = o.y0 + ty + k * plane_threads_y;
      const T* v = s + at + k * step;
      if (y < g.h && x < g.w)
        out[base + y * g.w] = fold_taps(op, count, [&](index_t j) { return v[soff[j]]; });
    }
  } else {
    // a fold reads each tap's offset (and weight) once for the four outputs
    typename Op::acc_t acc[plane_per_thread];
    CUPP_UNROLL
    for (int k = 0; k < plane_per_thread; ++k)
      acc[k] = op.init();
    for (index_t j = 0; j < count; ++j) {
      const T* v = s + at + soff[j];
      CUPP_UNROLL
      for (int k = 0; k < plane_per_thread; ++k)
        acc[k] = op.step(acc[k], v[k * step], j);
    }
    CUPP_UNROLL
    for (int k = 0; k < plane_per_thread; ++k) {
      const index_t y = o.y0 + ty + k * plane_threads_y;
      if (y < g.h && x < g.w) out[base + y * g.w] = op.finish(acc[k]);
    }
  }
}

/// window_pass over the tiles `g` of the window `t`: one per backend.
template <class T, class R, class Op>
void window_tile(const T* in, R* out, const index_t* offsets, int ndim, index_t count,
                 const plane_tiles& g, boundary mode, T cval, const Op& op);

} // namespace cupp::detail

#if defined(CUPP_BACKEND_CUDA)
#include <cupp/detail/cuda/plane_tiles.cuh>
#else
#include <cupp/detail/host/plane_tiles.hpp>
#endif
