#pragma once
/// \file
/// Block sharding: how an axis of n elements is split over p ranks, as `np.array_split` splits
/// it (the first n % p ranks hold one element more), so every rank knows every block without
/// asking.

#include <cupp/core/config.hpp>

#include <algorithm>

namespace cupp::dist {

/// The elements [start, start + count) of an axis that one rank holds.
struct block {
  index_t start = 0;
  index_t count = 0;
  friend bool operator==(const block&, const block&) = default;
};

/// Rank k's block of an axis of n elements split over `parts` ranks.
[[nodiscard]] constexpr block block_of(index_t n, int parts, int k) {
  const index_t q = n / parts, r = n % parts;
  return {k * q + std::min<index_t>(k, r), q + (k < r ? 1 : 0)};
}

} // namespace cupp::dist
