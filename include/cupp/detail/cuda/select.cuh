#pragma once
// CUDA implementation of the selection facility (see detail/select.hpp): CUB DeviceSelect and
// DeviceScan with scratch from the current memory resource.

#include <cupp/core/context.hpp>
#include <cupp/detail/check.hpp>
#include <cupp/detail/scratch.hpp>

#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

namespace cupp::detail {

/// `p(i)` as a 0/1 count, for the scan.
template <class Pred> struct as_count {
  Pred p;
  CUPP_HD index_t operator()(index_t i) const { return p(i) ? 1 : 0; }
};

template <class Pred> void select_if(index_t n, Pred p, index_t* out, index_t* count) {
  const cudaStream_t s = current_stream();
  const thrust::counting_iterator<index_t> in(0);
  std::size_t bytes = 0;
  CUPP_CUDA_CHECK(cub::DeviceSelect::If(nullptr, bytes, in, out, count, n, p, s));
  scratch tmp(bytes);
  CUPP_CUDA_CHECK(cub::DeviceSelect::If(tmp.data(), bytes, in, out, count, n, p, s));
}

template <class T>
void select_flagged(index_t n, const T* values, const bool* flags, T* out, index_t* count) {
  const cudaStream_t s = current_stream();
  std::size_t bytes = 0;
  CUPP_CUDA_CHECK(cub::DeviceSelect::Flagged(nullptr, bytes, values, flags, out, count, n, s));
  scratch tmp(bytes);
  CUPP_CUDA_CHECK(cub::DeviceSelect::Flagged(tmp.data(), bytes, values, flags, out, count, n, s));
}

template <class Pred> void exclusive_count(index_t n, Pred p, index_t* out) {
  const cudaStream_t s = current_stream();
  auto in = thrust::make_transform_iterator(thrust::counting_iterator<index_t>(0), as_count<Pred>{p});
  std::size_t bytes = 0;
  CUPP_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, bytes, in, out, n, s));
  scratch tmp(bytes);
  CUPP_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(tmp.data(), bytes, in, out, n, s));
}

} // namespace cupp::detail
