#pragma once
// Host implementation of sort_buckets (see ../bucket_sort.hpp): buckets in parallel (OpenMP),
// each sorted by std::sort of its (key, value) pairs.

#include <cupp/detail/bucket_sort.hpp>
#include <cupp/detail/host/record.hpp>

#include <algorithm>
#include <utility>
#include <vector>

namespace cupp::detail {

template <class K, class V>
void sort_buckets(index_t buckets, index_t capacity, const unsigned* counts, const index_t* ends,
                  const K* keys, const V* values, K* keys_out, V* values_out) {
  if (recorded([=] {
        sort_buckets(buckets, capacity, counts, ends, keys, values, keys_out, values_out);
      }))
    return;
#pragma omp parallel
  {
    std::vector<std::pair<K, V>> pairs;
#pragma omp for schedule(static)
    for (index_t b = 0; b < buckets; ++b) {
      const index_t c = std::min<index_t>(counts[b], capacity);
      pairs.resize(static_cast<std::size_t>(c));
      for (index_t j = 0; j < c; ++j)
        pairs[j] = {keys[b * capacity + j], values[b * capacity + j]};
      std::sort(pairs.begin(), pairs.end());
      const index_t start = ends[b] - c;
      for (index_t j = 0; j < c; ++j) {
        keys_out[start + j] = pairs[j].first;
        values_out[start + j] = pairs[j].second;
      }
    }
  }
}

} // namespace cupp::detail
