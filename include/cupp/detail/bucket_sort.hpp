#pragma once
/// \file
/// Sorting small buckets of (key, value) pairs and gathering them in order: the last step of a
/// bucket sort whose buckets were filled by atomics (so their contents come in any order).
/// Both backends provide, in namespace cupp::detail, on the current stream:
///
///   sort_buckets(buckets, capacity, counts, ends, keys, values, keys_out, values_out)
///       bucket b holds c = min(counts[b], capacity) pairs at keys / values [b * capacity, + c);
///       ends[b] is the inclusive prefix sum of those c over the buckets; the pairs go, ordered by
///       key and then by value (ascending), to keys_out / values_out [ends[b] - c, ends[b])
///
/// capacity is at most bucket_capacity_max. CUDA: a block per bucket sorts it in shared memory
/// (a bitonic network over bucket_capacity_max slots); host: std::sort per bucket, buckets in
/// parallel (OpenMP).

#include <cupp/core/config.hpp>

namespace cupp::detail {
inline constexpr index_t bucket_capacity_max = 512;
} // namespace cupp::detail

#if defined(CUPP_BACKEND_CUDA)
#include <cupp/detail/cuda/bucket_sort.cuh>
#else
#include <cupp/detail/host/bucket_sort.hpp>
#endif
