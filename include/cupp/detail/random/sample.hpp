#pragma once
/// \file
/// The element functions of random orders (Generator.permutation, shuffle, permuted, choice
/// without replacement). A random order sorts the indices by random keys; keys that tie are then
/// put in a random order of their own, so every order is exactly equally likely whatever the key
/// width (32 bits: ties are rare and short). Sorts are stable, so the result depends only on the
/// keys, the same on both backends.
///
/// - uniform keys: index i of a call has the 32-bit key word i % 4 of block 0 of group i / 4 (the
///   packed layout of detail/random/stream.hpp);
/// - a uniform sample of k (choice without p): draws in [0, n) with replacement, the first k
///   distinct values in the order they first come (NumPy's sequential method, each new value
///   uniform over those not drawn yet), found through a hash table of each value's first draw
///   (populations of up to 2^32) or a stable sort of the draws;
/// - weighted keys (choice with p, without replacement): E_i / p_i for a standard exponential E_i
///   of index i's stream, the Efraimidis-Spirakis keys, whose order is the order of NumPy's
///   successive draws with probability proportional to the weights left;
/// - ties: the run of equal keys that starts at sorted position r is shuffled (Fisher-Yates) with
///   position r's stream from block `tie_block` on, which no key reads.
///
/// Indices travel through the sort as 32-bit values while they fit (a third fewer bytes per radix
/// pass than int64) and become the int64 result in the pass that shuffles the ties.

#include <cupp/core/config.hpp>
#include <cupp/detail/atomic.hpp>
#include <cupp/detail/fault.hpp>
#include <cupp/detail/random/continuous.hpp>
#include <cupp/detail/random/discrete.hpp>
#include <cupp/detail/random/stream.hpp>

#include <cstdint>
#include <cstring>

namespace cupp::detail::random {

inline constexpr std::uint32_t tie_block = 0x80000000u;

/// The uniform 32-bit key of index i.
CUPP_HD inline std::uint32_t order_key(const call_key& k, index_t i) {
  return block_at(k, static_cast<std::uint64_t>(i) / 4, 0).w[i % 4];
}

/// Group g's four keys and, when `values` is set, their indices within their lane of `len`.
template <class V> struct order_keys {
  call_key key;
  index_t n, len;
  std::uint32_t* keys;
  V* values;
  CUPP_HD void operator()(index_t g) const {
    const philox_block b = block_at(key, static_cast<std::uint64_t>(g), 0);
    for (int r = 0; r < 4; ++r) {
      const index_t i = 4 * g + r;
      if (i >= n) return;
      keys[i] = b.w[r];
      if (values) values[i] = static_cast<V>(len == n ? i : i % len);
    }
  }
};

/// A uniform sample's draw j: uniform in [0, top], NumPy's random_interval on index j's stream.
CUPP_HD inline std::uint64_t sample_draw(const call_key& key, std::uint64_t top, index_t j) {
  element_stream s(key, static_cast<std::uint64_t>(j));
  return random_interval(s, top);
}

/// Draw j and its index j, for the stable sort of populations above 2^32.
struct sample_draws {
  call_key key;
  std::uint64_t top;
  std::uint64_t* draws;
  index_t* index;
  CUPP_HD void operator()(index_t j) const {
    draws[j] = sample_draw(key, top, j);
    index[j] = j;
  }
};

/// Each drawn value's first draw: open addressing over `size` slots with linear probing, a slot
/// holding (value << 32 | draw index) as an int64, -1 while empty. Value v's probe starts at
/// about v * size / n, (v * scale) >> 32 with scale = size * 2^32 / n (the draws are uniform on
/// [0, n), so the starts are too; a product, where a 64-bit division took a hundred
/// instructions). Inserting keeps the least index of each value whichever thread comes first, so
/// the table, and the sample, depend only on the draws. Within one value the int64 order is the
/// index's (equal high words).
struct first_draw_table {
  std::int64_t* slots;
  std::uint64_t size, scale; // size <= n <= 2^32: scale <= 2^32
  /// The table of `size` slots at `slots` for draws of [0, n).
  static first_draw_table over(std::int64_t* slots, std::uint64_t size, std::uint64_t n) {
    return {slots, size, (size << 32) / n};
  }
  CUPP_HD std::uint64_t start(std::uint32_t v) const { return v * scale >> 32; }
  CUPP_HD std::uint64_t next(std::uint64_t s) const { return s + 1 == size ? 0 : s + 1; }
  /// The least draw index of a value in the table (it must be there).
  CUPP_HD std::uint32_t least(std::uint32_t v) const {
    for (std::uint64_t s = start(v);; s = next(s)) {
      const auto e = static_cast<std::uint64_t>(slots[s]);
      if (e >> 32 == v) return static_cast<std::uint32_t>(e);
    }
  }
  CUPP_HD void insert(std::uint32_t v, std::uint32_t j) const {
    const std::int64_t entry = static_cast<std::int64_t>(std::uint64_t{v} << 32 | j);
    for (std::uint64_t s = start(v);; s = next(s)) {
      const std::int64_t old = atomic_cas(slots + s, -1, entry);
      if (old == -1) return;
      if (static_cast<std::uint64_t>(old) >> 32 == v) {
        atomic_min(slots + s, entry);
        return;
      }
    }
  }
};

/// Populations of at most 32 m values: bitmaps of the values seen and of those drawn more than
/// once (n / 4 bytes, against the table's 16 m), one atomic or per draw; only the draws of
/// repeated values (about m^2 / 2n of them: 3% of choice(16M, 1M)'s) enter a table of m / 2 + 1
/// slots (a repeated value has two draws at least, so a slot always stays free).
struct seen_bitmaps {
  unsigned* seen;
  unsigned* repeated;
  CUPP_HD static unsigned bit(std::uint32_t v) { return 1u << (v & 31); }
  /// Marks v seen, and repeated if it was (the index is the table's, not needed here).
  CUPP_HD void insert(std::uint32_t v, std::uint32_t) const {
    if (atomic_fetch_or(seen + (v >> 5), bit(v)) & bit(v))
      atomic_fetch_or(repeated + (v >> 5), bit(v));
  }
  CUPP_HD bool is_repeated(std::uint32_t v) const { return (repeated[v >> 5] & bit(v)) != 0; }
};

/// Word i of both bitmaps and slot i of the repeated values' table cleared (one pass).
struct empty_bitmaps {
  unsigned* bits; // seen, then repeated
  index_t words;
  std::int64_t* slots;
  index_t size;
  CUPP_HD void operator()(index_t i) const {
    if (i < 2 * words) bits[i] = 0;
    if (i < size) slots[i] = -1;
  }
};

/// Draw j entered in the table when its value was drawn more than once.
struct repeated_draws {
  const std::uint32_t* draws;
  seen_bitmaps maps;
  first_draw_table table;
  CUPP_HD void operator()(index_t j) const {
    const std::uint32_t v = draws[j];
    if (maps.is_repeated(v)) table.insert(v, static_cast<std::uint32_t>(j));
  }
};

/// Draw j's first-draw flag: a value drawn once is its own first draw; a repeated one's is the
/// least index in its table slot.
struct flag_first_of_bitmaps {
  const std::uint32_t* draws;
  seen_bitmaps maps;
  first_draw_table table;
  std::uint8_t* first;
  CUPP_HD void operator()(index_t j) const {
    const std::uint32_t v = draws[j];
    first[j] = !maps.is_repeated(v) || table.least(v) == static_cast<std::uint32_t>(j) ? 1 : 0;
  }
};

/// Slot i of an empty table, and flag i of the m draws' first-draw flags cleared (one pass).
struct empty_table {
  std::int64_t* slots;
  std::uint8_t* first;
  index_t m;
  CUPP_HD void operator()(index_t i) const {
    slots[i] = -1;
    if (i < m) first[i] = 0;
  }
};

/// Draw j (populations of up to 2^32), entered in `record`: the first-draw table, or the bitmaps
/// of seen values.
template <class Record> struct recorded_draws {
  call_key key;
  std::uint64_t top;
  Record record;
  std::uint32_t* draws;
  CUPP_HD void operator()(index_t j) const {
    const auto v = static_cast<std::uint32_t>(sample_draw(key, top, j));
    draws[j] = v;
    record.insert(v, static_cast<std::uint32_t>(j));
  }
};

/// The first-draw flags from the finished table: slot i's entry, the least draw index of its
/// value, is flagged. A sweep of the slots in order, instead of a probe of the table per draw (a
/// dependent L2 round trip each: 20 us of the 80 of choice(16M, 1M) on an H100).
struct flag_first_draws {
  const std::int64_t* slots;
  std::uint8_t* first;
  CUPP_HD void operator()(index_t i) const {
    const std::int64_t e = slots[i];
    if (e != -1) first[static_cast<std::uint32_t>(e)] = 1;
  }
};

/// At sorted position p (the draws sorted stably, so equal values in the order they were drawn):
/// whether it holds its value's first draw, written at that draw's index.
struct first_draws {
  const std::uint64_t* sorted;
  const index_t* index;
  std::uint8_t* first;
  CUPP_HD void operator()(index_t p) const {
    first[index[p]] = p == 0 || sorted[p - 1] != sorted[p] ? 1 : 0;
  }
};

/// A draw's first-draw flag as a count C, for the scan that ranks the first draws.
template <class C> struct flag_count {
  const std::uint8_t* first;
  CUPP_HD C operator()(index_t j) const { return first[j]; }
};

/// The sample: draw j, when it is its value's first (count[j], the first draws up to j, rises
/// there), goes to position count[j] - 1 if that is below k. The last of the m draws checks that
/// they held k distinct values at least (raised at the next sync point).
template <class K, class C> struct first_k {
  const K* draws;
  const C* count;
  index_t k, m;
  std::int64_t* out;
  fault_record* fault;
  CUPP_HD void operator()(index_t j) const {
    const auto c = static_cast<index_t>(count[j]);
    if (c <= k && c > (j == 0 ? 0 : static_cast<index_t>(count[j - 1])))
      out[c - 1] = static_cast<std::int64_t>(draws[j]);
    if (j == m - 1 && c < k)
      report_fault(fault, fault_code::random_sample,
                   static_cast<index_t>(sample_fault::margin_missed), c, k);
  }
};

/// index i's weighted key E_i / p_i as an order-preserving unsigned integer (p_i = 0: +inf, after
/// every item of positive weight), and its index.
struct weighted_keys {
  call_key key;
  const double* p;
  std::uint64_t* keys;
  index_t* values;
  CUPP_HD void operator()(index_t i) const {
    element_stream s(key, static_cast<std::uint64_t>(i));
    const double w = standard_exponential(s) / p[i];
    std::uint64_t bits;
    std::memcpy(&bits, &w, sizeof bits);
    keys[i] = bits;
    values[i] = i;
  }
};

/// The order from the sorted keys and values: the run of equal keys that starts at position r
/// (lanes of `len` apart) is copied to `out` and shuffled there (Fisher-Yates); a position inside
/// a run is its start's work. The arrays hold whole lanes: a run is looked for up to its lane's
/// end.
template <class K, class V> struct order_runs {
  call_key key;
  const K* keys;
  const V* values;
  std::int64_t* out;
  index_t len;
  CUPP_HD void operator()(index_t r) const {
    const index_t lane_end = (r / len + 1) * len;
    if (r % len != 0 && keys[r - 1] == keys[r]) return; // inside a run
    index_t end = r + 1;
    while (end < lane_end && keys[end] == keys[r])
      ++end;
    for (index_t i = r; i < end; ++i)
      out[i] = static_cast<std::int64_t>(values[i]);
    if (end - r < 2) return; // the run is in increasing index order: the sorts are stable
    element_stream s(key, static_cast<std::uint64_t>(r), tie_block);
    for (index_t i = end - r - 1; i > 0; --i) {
      const auto j = static_cast<index_t>(random_interval(s, static_cast<std::uint64_t>(i)));
      const std::int64_t t = out[r + i];
      out[r + i] = out[r + j];
      out[r + j] = t;
    }
  }
};

/// A weighted sample's check, once: that the k-th sorted key is finite (enough items of positive
/// weight).
struct check_weighted {
  const std::uint64_t* keys;
  index_t k;
  fault_record* fault;
  CUPP_HD void operator()(index_t) const {
    if (keys[k - 1] >= 0x7FF0000000000000u)
      report_fault(fault, fault_code::random_sample, static_cast<index_t>(sample_fault::p_too_few),
                   0, 0);
  }
};

/// NumPy's checks of choice's p, given its sum and whether any entry is negative.
struct check_probabilities {
  const double* sum;
  const bool* negative;
  double atol;
  fault_record* fault;
  CUPP_HD void operator()(index_t) const {
    const double s = *sum;
    sample_fault f;
    if (s != s) {
      f = sample_fault::p_nan;
    } else if (*negative) {
      f = sample_fault::p_negative;
    } else if (s - 1. > atol || 1. - s > atol) {
      f = sample_fault::p_sum;
    } else {
      return;
    }
    report_fault(fault, fault_code::random_sample, static_cast<index_t>(f), 0, 0);
  }
};

} // namespace cupp::detail::random
