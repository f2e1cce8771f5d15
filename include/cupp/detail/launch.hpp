#pragma once
/// \file
/// The kernel-launch facility: the only place that chooses between the CUDA and host backends for
/// elementwise work. Both implementations provide, in namespace cupp::detail:
///
///   launch_transform(n, T* out, F f)   out[i] = f(i) for i in [0, n), on the current stream
///   launch_for_each(n, F f)            f(i) for i in [0, n), on the current stream
///   launch_transpose(transpose_layout l, const T* src, T* out)
///       for each batch b, i0 < e0, i1 < e1:
///       out[out_batch(b) + i0 * o0 + i1] = src[src_batch(b) + i0 + i1 * s1] (a tiled copy)
///
/// `f` is a `__host__ __device__` functor taken by value.

#include <cupp/core/config.hpp>
#include <cupp/core/strided_iterator.hpp>

namespace cupp::detail {
/// A batch of transposed copies: the source's contiguous axis (extent e0) becomes the result's
/// second-to-last, its last (source stride s1, extent e1) stays last; o0 is the result's stride
/// of the first. The other axes form the batch, each with its source and result offsets.
struct transpose_layout {
  index_t e0 = 0, e1 = 0, s1 = 0, o0 = 0, batch = 1;
  offset_map src_batch, out_batch;
};
} // namespace cupp::detail

#if defined(CUPP_BACKEND_CUDA)
#include <cupp/detail/cuda/launch.cuh>
#else
#include <cupp/detail/host/launch.hpp>
#endif
