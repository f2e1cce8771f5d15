#pragma once
// CUDA implementation of the reduction facility (see detail/reduce.hpp): CUB DeviceReduce with its
// scratch from the current memory resource, stream-ordered.

#include <cupp/core/context.hpp>
#include <cupp/detail/check.hpp>
#include <cupp/detail/scratch.hpp>

#include <cub/device/device_reduce.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

namespace cupp::detail {

template <class R, class F, class Op> void reduce_flat(index_t n, F f, R* out, R init, Op op) {
  const cudaStream_t s = current_stream();
  auto in =
      thrust::make_transform_iterator(thrust::counting_iterator<index_t>(0), cast_to<R, F>{f});
  std::size_t bytes = 0;
  CUPP_CUDA_CHECK(cub::DeviceReduce::Reduce(nullptr, bytes, in, out, n, op, init, s));
  scratch tmp(bytes);
  CUPP_CUDA_CHECK(cub::DeviceReduce::Reduce(tmp.data(), bytes, in, out, n, op, init, s));
}

/// Overload for a contiguous array of the result type: CUB's vectorised loads need a raw pointer.
template <class R, class Op> void reduce_flat(index_t n, const R* in, R* out, R init, Op op) {
  const cudaStream_t s = current_stream();
  std::size_t bytes = 0;
  CUPP_CUDA_CHECK(cub::DeviceReduce::Reduce(nullptr, bytes, in, out, n, op, init, s));
  scratch tmp(bytes);
  CUPP_CUDA_CHECK(cub::DeviceReduce::Reduce(tmp.data(), bytes, in, out, n, op, init, s));
}

} // namespace cupp::detail
