#pragma once
// CUDA implementation of warp_lines (see ../warp_lines.hpp).

#include <cupp/detail/cuda/launch.cuh>
#include <cupp/detail/warp_lines.hpp>

#include <algorithm>
#include <climits>

namespace cupp::detail {

template <class F>
__global__ void __launch_bounds__(warp_lanes) warp_lines_kernel(F f, index_t lines) {
  extern __shared__ __align__(16) unsigned char scratch[];
  const int lane = static_cast<int>(threadIdx.x);
  for (index_t line = blockIdx.x; line < lines; line += gridDim.x) {
    for (int k = 0; k < F::phases; ++k) {
      f.phase(k, line, scratch, lane);
      __syncwarp(); // the next phase (or line) reads what this one wrote
    }
  }
}

template <class F> void warp_lines(index_t lines, std::size_t bytes, const F& f) {
  if (lines <= 0) return;
  launch_shared<&warp_lines_kernel<F>>(
      "warp_lines_kernel", dim3(static_cast<unsigned>(std::min<index_t>(lines, INT_MAX))),
      dim3(warp_lanes), bytes, f, lines);
}

} // namespace cupp::detail
