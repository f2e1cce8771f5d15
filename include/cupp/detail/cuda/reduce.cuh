#pragma once
// CUDA implementation of the reduction facility (see detail/reduce.hpp): CUB DeviceReduce with its
// scratch from the current memory resource, stream-ordered.

#include <cupp/detail/cuda/cub_call.cuh>

#include <cub/device/device_reduce.cuh>
#include <cub/device/device_segmented_reduce.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

namespace cupp::detail {

template <class R, class F, class Op> void reduce_flat(index_t n, F f, R* out, R init, Op op) {
  auto in =
      thrust::make_transform_iterator(thrust::counting_iterator<index_t>(0), cast_to<R, F>{f});
  cub_call("cub::DeviceReduce::Reduce", [&](void* tmp, std::size_t& bytes, cudaStream_t s) {
    return cub::DeviceReduce::Reduce(tmp, bytes, in, out, n, op, init, s);
  });
}

/// Overload for a contiguous array of the result type: CUB's vectorised loads need a raw pointer.
template <class R, class Op> void reduce_flat(index_t n, const R* in, R* out, R init, Op op) {
  cub_call("cub::DeviceReduce::Reduce", [&](void* tmp, std::size_t& bytes, cudaStream_t s) {
    return cub::DeviceReduce::Reduce(tmp, bytes, in, out, n, op, init, s);
  });
}

template <class It, class Off, class Out, class R, class Op>
void reduce_segments(index_t segments, It first, Off begin, Off end, Out out, R init, Op op) {
  cub_call("cub::DeviceSegmentedReduce::Reduce",
           [&](void* tmp, std::size_t& bytes, cudaStream_t s) {
             return cub::DeviceSegmentedReduce::Reduce(tmp, bytes, first, out, segments, begin, end,
                                                       op, init, s);
           });
}

} // namespace cupp::detail
