#pragma once
// CUDA implementation of the selection facility (see detail/select.hpp): CUB DeviceSelect and
// DeviceScan with scratch from the current memory resource.

#include <cupp/detail/cuda/cub_call.cuh>

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
  const thrust::counting_iterator<index_t> in(0);
  cub_call("cub::DeviceSelect::If", [&](void* tmp, std::size_t& bytes, cudaStream_t s) {
    return cub::DeviceSelect::If(tmp, bytes, in, out, count, n, p, s);
  });
}

template <class T>
void select_flagged(index_t n, const T* values, const bool* flags, T* out, index_t* count) {
  cub_call("cub::DeviceSelect::Flagged", [&](void* tmp, std::size_t& bytes, cudaStream_t s) {
    return cub::DeviceSelect::Flagged(tmp, bytes, values, flags, out, count, n, s);
  });
}

template <class Pred> void exclusive_count(index_t n, Pred p, index_t* out) {
  auto in =
      thrust::make_transform_iterator(thrust::counting_iterator<index_t>(0), as_count<Pred>{p});
  cub_call("cub::DeviceScan::ExclusiveSum", [&](void* tmp, std::size_t& bytes, cudaStream_t s) {
    return cub::DeviceScan::ExclusiveSum(tmp, bytes, in, out, n, s);
  });
}

} // namespace cupp::detail
