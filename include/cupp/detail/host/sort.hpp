#pragma once
// Host implementation of the sort facility (see detail/sort.hpp): std::stable_sort per run (NaN
// last when given floating-point keys directly).

#include <cupp/detail/host/launch.hpp>

#include <algorithm>
#include <numeric>
#include <vector>

namespace cupp::detail {

template <class K> bool nan_last_less(K a, K b) {
  if constexpr (std::is_floating_point_v<K>) {
    if (b != b) return a == a;
    if (a != a) return false;
  }
  return a < b;
}

template <class K, class V>
void sort_runs(index_t n, index_t len, const K* keys_in, K* keys_out, const V* values_in,
               V* values_out) {
  if (recorded([=] { sort_runs(n, len, keys_in, keys_out, values_in, values_out); })) return;
  if (n <= 0) return;
  if (len > n) len = n;
#pragma omp parallel for schedule(dynamic) if (n >= omp_threshold && n / len > 1)
  for (index_t first = 0; first < n; first += len) {
    if (values_out) {
      std::vector<index_t> order(static_cast<std::size_t>(len));
      std::iota(order.begin(), order.end(), first);
      std::stable_sort(order.begin(), order.end(),
                       [&](index_t x, index_t y) { return nan_last_less(keys_in[x], keys_in[y]); });
      for (index_t k = 0; k < len; ++k) {
        keys_out[first + k] = keys_in[order[static_cast<std::size_t>(k)]];
        values_out[first + k] = values_in[order[static_cast<std::size_t>(k)]];
      }
    } else {
      std::copy(keys_in + first, keys_in + first + len, keys_out + first);
      std::stable_sort(keys_out + first, keys_out + first + len, nan_last_less<K>);
    }
  }
}

} // namespace cupp::detail
