#pragma once
// CUDA implementation of window_tile (see ../plane_tiles.hpp): a block of 32x8 threads per tile,
// the staged inputs in static shared memory.

#include <cupp/detail/cuda/launch.cuh>
#include <cupp/detail/plane_tiles.hpp>

namespace cupp::detail {

template <class T, class R, class Op>
__global__ void __launch_bounds__(plane_cols* plane_threads_y)
    window_tile_kernel(const T* __restrict__ in, R* __restrict__ out,
                       const index_t* __restrict__ offsets, int ndim, index_t count, plane_tiles g,
                       boundary mode, T cval, Op op) {
  __shared__ alignas(16) unsigned char raw[plane_bytes];
  __shared__ int soff[plane_taps];
  T* s = reinterpret_cast<T*>(raw);
  const int tx = threadIdx.x, ty = threadIdx.y;
  for (int j = ty * plane_cols + tx; j < count; j += plane_cols * plane_threads_y)
    soff[j] = tap_offset(offsets, ndim, g, j);
  for (index_t tile = blockIdx.x; tile < g.count(); tile += gridDim.x) {
    const tile_origin o(g, tile);
    __syncthreads(); // the offsets are written, the previous tile is consumed
    stage_part(s, in + o.p * g.h * g.w, g, o, mode, cval, tx, ty);
    __syncthreads();
    window_part(s, soff, count, out, g, o, op, tx, ty);
  }
}

inline dim3 tile_grid(const plane_tiles& g) { return dim3(grid_for(g.count(), 1)); }

template <class T, class R, class Op>
void window_tile(const T* in, R* out, const index_t* offsets, int ndim, index_t count,
                 const plane_tiles& g, boundary mode, T cval, const Op& op) {
  if (g.count() == 0) return;
  launch<&window_tile_kernel<T, R, Op>>("window_tile_kernel", tile_grid(g),
                                        dim3(plane_cols, plane_threads_y), in, out, offsets, ndim,
                                        count, g, mode, cval, op);
}

} // namespace cupp::detail
