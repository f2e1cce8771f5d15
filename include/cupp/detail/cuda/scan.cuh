#pragma once
// CUDA implementation of the scan facility (see detail/scan.hpp): CUB DeviceScan, by key for runs.

#include <cupp/core/context.hpp>
#include <cupp/detail/check.hpp>
#include <cupp/detail/scratch.hpp>

#include <cub/device/device_scan.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

namespace cupp::detail {

template <class R, class F, class Op> void scan_runs(index_t n, index_t len, F f, R* out, Op op) {
  if (n <= 0) return;
  const cudaStream_t s = current_stream();
  const auto in = thrust::make_transform_iterator(thrust::counting_iterator<index_t>(0), f);
  std::size_t bytes = 0;
  if (len >= n) {
    CUPP_CUDA_CHECK(cub::DeviceScan::InclusiveScan(nullptr, bytes, in, out, op, n, s));
    scratch tmp(bytes);
    CUPP_CUDA_CHECK(cub::DeviceScan::InclusiveScan(tmp.data(), bytes, in, out, op, n, s));
    return;
  }
  const auto keys = thrust::make_transform_iterator(thrust::counting_iterator<index_t>(0), run_of{len});
  CUPP_CUDA_CHECK(cub::DeviceScan::InclusiveScanByKey(nullptr, bytes, keys, in, out, op, n,
                                                      ::cuda::std::equal_to<>{}, s));
  scratch tmp(bytes);
  CUPP_CUDA_CHECK(cub::DeviceScan::InclusiveScanByKey(tmp.data(), bytes, keys, in, out, op, n,
                                                      ::cuda::std::equal_to<>{}, s));
}

} // namespace cupp::detail
