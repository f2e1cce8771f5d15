#pragma once
// The N-dimensional window of the non-separable filters (correlate, convolve with an N-D weight
// array, median_filter, rank_filter, percentile_filter, minimum/maximum_filter with a footprint)
// and its ops (rank networks and selection, generic_filter's gather). The window is a list of
// taps, each an offset per axis (and, for weighted ops, a weight). Windows in the last two axes
// run from tiles (cupp/detail/plane_tiles.hpp); the others through window_eval, one output per
// thread over a C-contiguous input of the output's shape: away from the edges the taps are read
// at precomputed flat offsets, near an edge each tap's coordinates go through the boundary rule
// (cupp::detail::boundary_index). Both run on both backends.

#include <cupp/core/config.hpp>
#include <cupp/detail/line_filter.hpp>
#include <cupp/detail/plane_tiles.hpp>

#include <array>
#include <limits>
#include <utility>

namespace cupx::ndimage::detail {

using cupp::index_t;
using cupp::detail::boundary;
using cupp::detail::fold_taps;
using cupp::detail::loop_upto;

/// The taps of a window over an input of `shape`: tap j reads the element at offset
/// offsets[j * ndim + d] along axis d from the output's position (flat[j] in a C-contiguous
/// array); every offset along d lies in [-lo[d], hi[d]].
struct window_taps {
  int ndim = 0;
  index_t count = 0;
  index_t shape[cupp::max_dims] = {};
  index_t lo[cupp::max_dims] = {}, hi[cupp::max_dims] = {};
  const index_t* flat = nullptr;
  const index_t* offsets = nullptr;
};

/// The op of the filters that need the whole window (rank filters, generic_filter): the values
/// gathered (put) into an array of Cap, then `fn(values, count)` stored as R. Up to 25 taps the
/// loops unroll and the values stay in registers; a larger Cap keeps them in local memory.
template <class T, class R, int Cap, class Fn> struct window_gather {
  static constexpr int capacity = Cap;
  static constexpr bool unrolled = Cap <= 25;
  struct acc_t {
    T v[Cap];
  };
  index_t count = 0;
  Fn fn;
  CUPP_HD void put(acc_t& a, T x, index_t j) const { a.v[j] = x; }
  CUPP_HD R finish(const acc_t& a) const { return cupp::detail::store_as<R>(fn(a.v, count)); }
};

/// The `rank`-th smallest of `count` values, by counting (branch-free).
template <class T, int Cap> struct select_rank {
  index_t rank = 0;
  CUPP_HD T operator()(const T* v, index_t count) const {
    constexpr bool unrolled = Cap <= 25;
    T r = v[0];
    loop_upto<Cap, unrolled>(count, [&](index_t i) {
      index_t less = 0, leq = 0;
      loop_upto<Cap, unrolled>(count, [&](index_t j) {
        less += v[j] < v[i];
        leq += v[j] <= v[i];
      });
      if (less <= rank && rank < leq) r = v[i];
    });
    return r;
  }
};

/// rank_filter's op over at most Cap taps (windows of more than 32 taps).
template <class T, class R, int Cap>
using rank_select = window_gather<T, R, Cap, select_rank<T, Cap>>;

/// The comparators of Batcher's odd-even merge sort of N values, in order.
template <int N> constexpr int batcher_size() {
  int c = 0;
  for (int p = 1; p < N; p <<= 1)
    for (int k = p; k >= 1; k >>= 1)
      for (int j = k % p; j + k < N; j += 2 * k)
        for (int i = 0; i < k && i + j + k < N; ++i)
          if ((i + j) / (2 * p) == (i + j + k) / (2 * p)) ++c;
  return c;
}
struct comparator {
  int lo, hi;
};
template <int N> constexpr std::array<comparator, batcher_size<N>()> batcher_pairs() {
  std::array<comparator, batcher_size<N>()> out{};
  int c = 0;
  for (int p = 1; p < N; p <<= 1)
    for (int k = p; k >= 1; k >>= 1)
      for (int j = k % p; j + k < N; j += 2 * k)
        for (int i = 0; i < k && i + j + k < N; ++i)
          if ((i + j) / (2 * p) == (i + j + k) / (2 * p)) out[c++] = {i + j, i + j + k};
  return out;
}

/// The comparators of batcher_pairs<N>() that can move a value into output `Rank`, in order: the
/// others only order values that are never picked (backwards from Rank, a comparator is kept
/// where one of its outputs is read later, and then both its inputs are). The kept ones compute
/// that output exactly as the whole network does, NaN included.
template <int N, int Rank> struct selection {
  std::array<comparator, batcher_size<N>()> kept{}; // the kept ones, in order, at the end
  int count = 0;
};
template <int N, int Rank> constexpr selection<N, Rank> select_comparators() {
  constexpr auto all = batcher_pairs<N>();
  selection<N, Rank> s;
  bool live[N] = {};
  live[Rank] = true;
  for (int i = static_cast<int>(all.size()) - 1; i >= 0; --i) {
    if (live[all[i].lo] || live[all[i].hi]) {
      live[all[i].lo] = live[all[i].hi] = true;
      s.kept[all.size() - ++s.count] = all[i];
    }
  }
  return s;
}
template <int N, int Rank> constexpr auto selection_pairs() {
  constexpr auto s = select_comparators<N, Rank>();
  std::array<comparator, s.count> out{};
  for (int i = 0; i < s.count; ++i)
    out[i] = s.kept[s.kept.size() - s.count + i];
  return out;
}
template <int N, bool Median> constexpr auto network_pairs() {
  if constexpr (Median)
    return selection_pairs<N, (N - 1) / 2>();
  else
    return batcher_pairs<N>();
}

/// rank_filter's op over at most N taps (N up to 32): the window padded with T's largest value
/// and sorted by Batcher's network, every index a constant (the values stay in registers), then
/// the rank-th picked. The network of N inputs is that of the next power of two without the
/// comparators that touch an input past N (those only ever hold the padding): 28 comparators
/// for a 3x3 window (N = 9), 140 for 5x5 (N = 25), 191 for N = 32. Median: a full window of N
/// (odd) taps and the middle rank, the comparators that reach it alone (selection_pairs): 24 for
/// 3x3, 113 for 5x5.
template <class T, class R, int N, bool Median = false> struct rank_network {
  static constexpr int capacity = N;
  static constexpr bool unrolled = true;
  struct acc_t {
    T v[N];
  };
  index_t count = 0, rank = 0;
  CUPP_HD void put(acc_t& a, T x, index_t j) const { a.v[j] = x; }
  static constexpr auto pairs = network_pairs<N, Median>();
  CUPP_HD static T largest() {
    if constexpr (cupp::is_floating_v<T>) {
      return static_cast<T>(std::numeric_limits<float>::infinity());
    } else {
      return std::numeric_limits<T>::max();
    }
  }
  template <int L, int H> CUPP_HD static void exchange(acc_t& a) {
    const T x = a.v[L], y = a.v[H];
    const bool swap = y < x;
    a.v[L] = swap ? y : x;
    a.v[H] = swap ? x : y;
  }
  CUPP_HD R finish(acc_t a) const {
    CUPP_UNROLL
    for (int j = 0; j < N; ++j)
      if (j >= count) a.v[j] = largest();
    [&]<std::size_t... C>(std::index_sequence<C...>) {
      (exchange<pairs[C].lo, pairs[C].hi>(a), ...);
    }
    (std::make_index_sequence<pairs.size()>{});
    if constexpr (Median) {
      return static_cast<R>(a.v[(N - 1) / 2]);
    } else {
      T r = a.v[0];
      CUPP_UNROLL
      for (int j = 1; j < N; ++j)
        if (j == rank) r = a.v[j];
      return static_cast<R>(r);
    }
  }
};

/// median_filter over a full 3x3 box in the last two axes: rank_network's median wherever the
/// window is evaluated tap by tap, and on the tiles the median from sorted rows
/// (box3_median_part in cupp/detail/plane_tiles.hpp), which shares each row's sort among the
/// outputs above and below it (about a third of the network's instructions per output). Without
/// NaN both give the median; with NaN each gives some value of the window (SciPy's selection
/// also depends on its order there).
template <class T, class R> struct box3_median : rank_network<T, R, 9, true> {
  static constexpr bool box3 = true;
};

/// out[t] = op over the taps around element t of `in`.
template <class T, class R, class Op> struct window_eval {
  const T* in;
  window_taps taps;
  boundary mode;
  T cval;
  Op op;

  CUPP_HD R operator()(index_t t) const {
    index_t idx[cupp::max_dims];
    bool inside = true;
    index_t rest = t;
    for (int d = taps.ndim - 1; d >= 0; --d) {
      const index_t q = rest / taps.shape[d];
      idx[d] = rest - q * taps.shape[d];
      rest = q;
      inside = inside && idx[d] >= taps.lo[d] && idx[d] + taps.hi[d] < taps.shape[d];
    }
    if (inside) return fold_taps(op, taps.count, [&](index_t j) { return in[t + taps.flat[j]]; });
    return fold_taps(op, taps.count, [&](index_t j) {
      index_t off = 0;
      bool constant = false;
      for (int d = 0; d < taps.ndim; ++d) {
        const index_t p = cupp::detail::boundary_index(idx[d] + taps.offsets[j * taps.ndim + d],
                                                       taps.shape[d], mode);
        constant = constant || p < 0;
        off = off * taps.shape[d] + p;
      }
      return constant ? cval : in[off];
    });
  }
};

} // namespace cupx::ndimage::detail
