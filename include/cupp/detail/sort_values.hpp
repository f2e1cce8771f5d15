#pragma once
/// \file
/// The last step of sort_values (detail/sort.hpp) on both backends: a radix sort orders
/// floating-point values by their bits, which puts the NaNs whose sign bit is set first; they are
/// moved after the others, in place, on the current stream:
///
///   move_negative_nans_last(n, x, count)
///       count (one index_t of device memory) becomes c, the NaNs with the sign bit at the start
///       of x; if c > 0, x is rotated left by c as two passes of reversals (the whole run, then
///       its first n - c and last c values each), which need no second buffer
///
/// Where there is no such NaN (the first value is not one) each pass is a launch of at most 2^16
/// calls that read one value and stop.

#include <cupp/core/config.hpp>
#include <cupp/detail/launch.hpp>

#include <cstdint>
#include <cstring>

namespace cupp::detail {

template <class F> CUPP_HD bool is_negative_nan(F x) {
  using U = std::conditional_t<sizeof(F) == 4, std::uint32_t, std::uint64_t>;
  U bits;
  memcpy(&bits, &x, sizeof bits);
  return x != x && (bits >> (8 * sizeof(U) - 1)) != 0;
}

/// c: the length of x's leading run of negative NaNs (a binary search, run only when x[0] is one).
template <class F> struct count_negative_nans {
  const F* x;
  index_t n;
  index_t* count;
  CUPP_HD void operator()(index_t) const {
    index_t lo = 0, hi = n; // x[0, lo) are negative NaNs, x[hi, n) are not
    if (!is_negative_nan(x[0])) hi = 0;
    while (lo < hi) {
      const index_t mid = lo + (hi - lo) / 2;
      if (is_negative_nan(x[mid])) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    *count = lo;
  }
};

/// The reversals, `threads` calls in all: call t swaps the pairs i = t, t + threads, ... below
/// half the range [0, n), or with `rest` below half of [0, n - c) and of [n - c, n) alike.
/// Nothing when c is 0: the calls are few (not one per pair) so that this case costs a small
/// launch, not a grid over the whole run.
template <class F> struct reverse_runs {
  F* x;
  index_t n;
  const index_t* count;
  bool rest;
  index_t threads;
  CUPP_HD void operator()(index_t t) const {
    const index_t c = *count;
    if (c == 0) return;
    auto swap_in = [&](index_t first, index_t len) {
      for (index_t i = t; i < len / 2; i += threads) {
        const F v = x[first + i];
        x[first + i] = x[first + len - 1 - i];
        x[first + len - 1 - i] = v;
      }
    };
    if (!rest) {
      swap_in(0, n);
    } else {
      swap_in(0, n - c);
      swap_in(n - c, c);
    }
  }
};

template <class F> void move_negative_nans_last(index_t n, F* x, index_t* count) {
  if (n <= 0) return;
  launch_for_each(1, count_negative_nans<F>{x, n, count});
  const index_t threads = n / 2 < (index_t{1} << 16) ? n / 2 : index_t{1} << 16;
  launch_for_each(threads, reverse_runs<F>{x, n, count, false, threads});
  launch_for_each(threads, reverse_runs<F>{x, n, count, true, threads});
}

} // namespace cupp::detail
