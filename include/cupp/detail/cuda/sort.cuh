#pragma once
// CUDA implementation of the sort facility (see detail/sort.hpp): CUB DeviceRadixSort for one run,
// DeviceSegmentedSort (stable) for many.

#include <cupp/detail/cuda/cub_call.cuh>

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_segmented_sort.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <cstdint>
#include <type_traits>

namespace cupp::detail {

struct run_start {
  index_t len;
  CUPP_HD index_t operator()(index_t i) const { return i * len; }
};

template <class K, class V>
void sort_runs(index_t n, index_t len, const K* keys_in, K* keys_out, const V* values_in,
               V* values_out) {
  if (n <= 0) return;
  if constexpr (std::is_same_v<K, bool>) { // radix-sort the bytes
    sort_runs(n, len, reinterpret_cast<const std::uint8_t*>(keys_in),
              reinterpret_cast<std::uint8_t*>(keys_out), values_in, values_out);
  } else {
    if (len >= n) {
      cub_call("cub::DeviceRadixSort", [&](void* tmp, std::size_t& bytes, cudaStream_t s) {
        return values_out
                   ? cub::DeviceRadixSort::SortPairs(tmp, bytes, keys_in, keys_out, values_in,
                                                     values_out, n, 0, int(sizeof(K) * 8), s)
                   : cub::DeviceRadixSort::SortKeys(tmp, bytes, keys_in, keys_out, n, 0,
                                                    int(sizeof(K) * 8), s);
      });
      return;
    }
    const index_t runs = n / len;
    const auto begin =
        thrust::make_transform_iterator(thrust::counting_iterator<index_t>(0), run_start{len});
    const auto end = begin + 1;
    cub_call("cub::DeviceSegmentedSort", [&](void* tmp, std::size_t& bytes, cudaStream_t s) {
      return values_out
                 ? cub::DeviceSegmentedSort::StableSortPairs(
                       tmp, bytes, keys_in, keys_out, values_in, values_out, n, runs, begin, end, s)
                 : cub::DeviceSegmentedSort::StableSortKeys(tmp, bytes, keys_in, keys_out, n, runs,
                                                            begin, end, s);
    });
  }
}

} // namespace cupp::detail
