#pragma once
// Host implementation of window_tile (see ../plane_tiles.hpp): tiles in parallel,
// each staged in a buffer on the thread's stack and computed by running every (tx, ty) share of
// the CUDA block in turn, so the host tests run the GPU's tile code.

#include <cupp/detail/host/record.hpp>
#include <cupp/detail/plane_tiles.hpp>

namespace cupp::detail {

/// f(tile) for every tile, in parallel (a tile is 1024 outputs: launch_for_each's threshold of
/// elements would run a whole image's tiles on one thread), or kept during a graph capture.
template <class F> void for_tiles(index_t n, const F& f) {
  if (recorded([=] { for_tiles(n, f); })) return;
#pragma omp parallel for schedule(static) if (n > 1)
  for (index_t tile = 0; tile < n; ++tile)
    f(tile);
}

/// f(tx, ty) for every thread of a tile's block.
template <class F> void for_block(F&& f) {
  for (int ty = 0; ty < plane_threads_y; ++ty)
    for (int tx = 0; tx < plane_cols; ++tx)
      f(tx, ty);
}

template <class T, class R, class Op>
void window_tile(const T* in, R* out, const index_t* offsets, int ndim, index_t count,
                 const plane_tiles& g, boundary mode, T cval, const Op& op) {
  for_tiles(g.count(), [=](index_t tile) {
    alignas(16) unsigned char raw[plane_bytes];
    int soff[plane_taps];
    T* s = reinterpret_cast<T*>(raw);
    for (index_t j = 0; j < count; ++j)
      soff[j] = tap_offset(offsets, ndim, g, j);
    const tile_origin o(g, tile);
    for_block(
        [&](int tx, int ty) { stage_part(s, in + o.p * g.h * g.w, g, o, mode, cval, tx, ty); });
    for_block([&](int tx, int ty) { window_part(s, soff, count, out, g, o, op, tx, ty); });
  });
}

} // namespace cupp::detail
