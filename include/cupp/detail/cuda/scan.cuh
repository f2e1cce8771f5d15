#pragma once
// CUDA implementation of the scan facility (see detail/scan.hpp): CUB DeviceScan, by key for runs.

#include <cupp/detail/cuda/cub_call.cuh>
#include <cupp/detail/reduce.hpp>

#include <cub/device/device_scan.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <cuda/std/functional>
#include <type_traits>

namespace cupp::detail {

/// The operator CUB is given: its tuned policies (sm_90: 128 threads of 24 floats with a tuned
/// look-back delay) apply to its own operators only, cupp's plus gets the default (128 threads of
/// 15); for floating-point values the two are the same addition (cupp's wraps integers and ors
/// bools).
template <class A, class Op> auto cub_scan_op(Op op) {
  if constexpr (std::is_same_v<Op, plus> && std::is_floating_point_v<A>)
    return ::cuda::std::plus<>{};
  else
    return op;
}

template <class Out, class F, class Op>
void scan_runs(index_t n, index_t len, F f, Out out, Op cupp_op) {
  if (n <= 0) return;
  const auto in = thrust::make_transform_iterator(thrust::counting_iterator<index_t>(0), f);
  const auto op = cub_scan_op<decltype(f(index_t{}))>(cupp_op);
  if (len >= n) {
    cub_call("cub::DeviceScan::InclusiveScan", [&](void* tmp, std::size_t& bytes, cudaStream_t s) {
      return cub::DeviceScan::InclusiveScan(tmp, bytes, in, out, op, n, s);
    });
    return;
  }
  const auto keys =
      thrust::make_transform_iterator(thrust::counting_iterator<index_t>(0), run_of{len});
  cub_call("cub::DeviceScan::InclusiveScanByKey",
           [&](void* tmp, std::size_t& bytes, cudaStream_t s) {
             return cub::DeviceScan::InclusiveScanByKey(tmp, bytes, keys, in, out, op, n,
                                                        ::cuda::std::equal_to<>{}, s);
           });
}

} // namespace cupp::detail
