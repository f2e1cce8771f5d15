#pragma once
/// \file
/// The launch of a packed distribution with scalar parameters (detail/random/generate_impl.hpp):
/// out[i] for i < n from a row evaluator whose vectors are the groups sharing Philox blocks.
///
/// On the GPU, a grid-stride loop over the groups with a fixed grid: launch_transform's one group
/// per thread spends a quarter of the time on blocks starting and ending (256M float32 uniforms
/// on the H200, both library builds in one call, 2026-12-05: 0.400 ms with one group per thread,
/// 0.306 with this loop, CuPy 0.365; standard_normal 0.960 -> 0.871, integers 0.463 -> 0.422;
/// docs/random.md). 2048 blocks of 256 keep every SM of an H200 (132) busy, and any grid gives
/// the same values: a group's numbers depend on its index alone. The host backend runs
/// launch_transform, whose vectors are the same groups.

#include <cupp/detail/launch.hpp>

namespace cupp::detail::random {

#if defined(CUPP_BACKEND_CUDA)
inline constexpr unsigned packed_grid = 2048;

template <int V, class T, class F>
__global__ void __launch_bounds__(block_threads)
    packed_kernel(T* __restrict__ out, F f, index_t len, index_t groups) {
  for (index_t t = index_t{blockIdx.x} * block_threads + threadIdx.x; t < groups;
       t += index_t{gridDim.x} * block_threads)
    transform_vector<V>(out, f, len, groups, t);
}

template <class T, class F> void launch_packed(index_t n, T* out, F f) {
  if (n <= 0) return;
  constexpr int V = vector_width<T, F>();
  const index_t groups = (n + V - 1) / V;
  const unsigned grid = std::min(grid_for(groups, block_threads), packed_grid);
  launch<&packed_kernel<V, T, F>>("packed_kernel", dim3(grid), dim3(block_threads), out, f, n,
                                  groups);
}
#else
template <class T, class F> void launch_packed(index_t n, T* out, F f) {
  launch_transform(n, out, f);
}
#endif

} // namespace cupp::detail::random
