#pragma once
// CUDA implementation of sort_buckets (see ../bucket_sort.hpp): a block of 256 threads per bucket,
// the bucket padded to 512 slots with the largest pair and sorted by a bitonic network in shared
// memory (each thread one compare-exchange per step), then written from its offset.

#include <cupp/detail/bucket_sort.hpp>
#include <cupp/detail/cuda/launch.cuh>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <limits>

namespace cupp::detail {

inline constexpr int bucket_sort_threads = static_cast<int>(bucket_capacity_max / 2);

template <class K, class V>
__global__ void __launch_bounds__(bucket_sort_threads)
    bucket_sort_kernel(index_t buckets, index_t capacity, const unsigned* __restrict__ counts,
                       const index_t* __restrict__ ends, const K* __restrict__ keys,
                       const V* __restrict__ values, K* __restrict__ keys_out,
                       V* __restrict__ values_out) {
  constexpr int n = static_cast<int>(bucket_capacity_max);
  __shared__ K sk[n];
  __shared__ V sv[n];
  for (index_t b = blockIdx.x; b < buckets; b += gridDim.x) {
    const int c = static_cast<int>(std::min<index_t>(counts[b], capacity));
    const K* kb = keys + b * capacity;
    const V* vb = values + b * capacity;
    for (int j = static_cast<int>(threadIdx.x); j < n; j += bucket_sort_threads) {
      sk[j] = j < c ? kb[j] : std::numeric_limits<K>::max();
      sv[j] = j < c ? vb[j] : std::numeric_limits<V>::max();
    }
    for (int size = 2; size <= n; size <<= 1)
      for (int stride = size / 2; stride > 0; stride >>= 1) {
        __syncthreads();
        const int t = static_cast<int>(threadIdx.x);
        const int lo = 2 * t - (t & (stride - 1)), hi = lo + stride;
        const bool up = (lo & size) == 0;
        const K k0 = sk[lo], k1 = sk[hi];
        const V v0 = sv[lo], v1 = sv[hi];
        const bool greater = k0 > k1 || (k0 == k1 && v0 > v1);
        if (greater == up) {
          sk[lo] = k1;
          sk[hi] = k0;
          sv[lo] = v1;
          sv[hi] = v0;
        }
      }
    __syncthreads();
    const index_t start = ends[b] - c;
    for (int j = static_cast<int>(threadIdx.x); j < c; j += bucket_sort_threads) {
      keys_out[start + j] = sk[j];
      values_out[start + j] = sv[j];
    }
    __syncthreads(); // the next bucket's loads reuse sk and sv
  }
}

template <class K, class V>
void sort_buckets(index_t buckets, index_t capacity, const unsigned* counts, const index_t* ends,
                  const K* keys, const V* values, K* keys_out, V* values_out) {
  if (buckets <= 0) return;
  launch<&bucket_sort_kernel<K, V>>(
      "bucket_sort_kernel", dim3(static_cast<unsigned>(std::min<index_t>(buckets, INT_MAX))),
      dim3(bucket_sort_threads), buckets, capacity, counts, ends, keys, values, keys_out,
      values_out);
}

} // namespace cupp::detail
