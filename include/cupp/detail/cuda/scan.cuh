#pragma once
// CUDA implementation of the scan facility (see detail/scan.hpp): CUB DeviceScan, by key for runs.

#include <cupp/detail/cuda/cub_call.cuh>

#include <cub/device/device_scan.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

namespace cupp::detail {

template <class Out, class F, class Op>
void scan_runs(index_t n, index_t len, F f, Out out, Op op) {
  if (n <= 0) return;
  const auto in = thrust::make_transform_iterator(thrust::counting_iterator<index_t>(0), f);
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
