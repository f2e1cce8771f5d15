// Random orders and samples (Generator.permutation, shuffle, permuted, choice, bytes): sorts of
// random keys with their ties shuffled (detail/random/sample.hpp), on the current stream, without
// a sync.
#include <cupp/detail/launch.hpp>
#include <cupp/detail/random/sample.hpp>
#include <cupp/detail/reduce.hpp>
#include <cupp/detail/scan.hpp>
#include <cupp/detail/sort.hpp>
#include <cupp/random/generator.hpp>
#include <cupp/reduction/reduce.hpp>
#include <cupp/reduction/scan.hpp>
#include <cupp/sorting/search.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace cupp::random {
namespace dr = detail::random;

namespace {

/// Indices as 32-bit sort values while they fit.
bool narrow(index_t n) { return n <= (index_t{1} << 32); }

/// For each of `lanes` lanes of `len` (n in all), a random order of [0, len), lane after lane.
template <class V> ndarray<std::int64_t> orders(const dr::call_key& key, index_t n, index_t len) {
  ndarray<std::uint32_t> keys(shape_t{n}), sorted(shape_t{n});
  ndarray<V> values(shape_t{n}), sorted_values(shape_t{n});
  ndarray<std::int64_t> out(shape_t{n});
  if (n == 0) return out;
  detail::launch_for_each((n + 3) / 4, dr::order_keys<V>{key, n, len, keys.data(), values.data()});
  detail::sort_runs(n, len, keys.data(), sorted.data(), values.data(), sorted_values.data());
  detail::launch_for_each(n, dr::order_runs<std::uint32_t, V>{
                                 key, sorted.data(), sorted_values.data(), out.data(), len});
  return out;
}

// A uniform sample of k of [0, n) by NumPy's sequential method, in parallel: m draws in [0, n)
// with replacement, and the first k distinct values in the order they first come (each new value
// is uniform over those not drawn yet, so the sample is exactly a uniform k-permutation). The work
// is in proportion to m, a little above k while k is small against n, not to n: a hash table (a
// stable sort past 2^32) finds each value's first draw, a scan ranks them. m is the least number
// of draws whose distinct values D fall short of k with odds below 1e-32: D changes by at most
// one when one draw does, so McDiarmid's inequality bounds P(D <= E[D] - t) by exp(-2 t^2 / m).
constexpr double log_odds = 73.68; // ln(1e32)

/// m, or 0 when it would be above n / 2 (sorting all n keys then costs about as much).
index_t draws_for(index_t n, index_t k) {
  const double nd = static_cast<double>(n), log_miss = std::log1p(-1.0 / nd);
  double m = static_cast<double>(k);
  for (int i = 0; i < 200 && m <= nd / 2; ++i) {
    const double distinct = -nd * std::expm1(m * log_miss); // E[D]
    const double short_by = static_cast<double>(k) + std::sqrt(m * log_odds / 2) - distinct;
    if (short_by <= 0) return static_cast<index_t>(m);
    m += std::ceil(short_by);
  }
  return 0;
}

/// The sample from the m draws' first-draw flags: a scan (in C) ranks them, the first k are kept.
template <class C, class K>
ndarray<std::int64_t> first_k_of(const ndarray<K>& draws, const ndarray<std::uint8_t>& first,
                                 index_t k) {
  const index_t m = draws.size();
  ndarray<C> count(shape_t{m});
  ndarray<std::int64_t> out(shape_t{k});
  detail::scan_runs(m, m, dr::flag_count<C>{first.data()}, count.data(), detail::plus{});
  detail::launch_for_each(
      m, dr::first_k<K, C>{draws.data(), count.data(), k, m, out.data(), detail::fault_slot()});
  return out;
}

/// Populations of up to 2^32: each value's first draw through a hash table of twice m slots
/// (detail/random/sample.hpp), no sort; m < 2^31, so the ranks are 32-bit.
ndarray<std::int64_t> table_sample(const dr::call_key& key, index_t n, index_t k, index_t m) {
  ndarray<std::uint32_t> draws(shape_t{m});
  ndarray<std::uint8_t> first(shape_t{m});
  ndarray<std::int64_t> slots(shape_t{2 * m});
  const auto table = dr::first_draw_table::over(slots.data(), static_cast<std::uint64_t>(2 * m),
                                                static_cast<std::uint64_t>(n));
  detail::launch_for_each(2 * m, dr::empty_table{slots.data(), first.data(), m});
  detail::launch_for_each(m, dr::recorded_draws<dr::first_draw_table>{
                                 key, static_cast<std::uint64_t>(n - 1), table, draws.data()});
  detail::launch_for_each(2 * m, dr::flag_first_draws{slots.data(), first.data()});
  return first_k_of<std::uint32_t>(draws, first, k);
}

/// Populations of at most 32 m values: the first draws through the bitmaps of seen and repeated
/// values, the repeated values' least index through a table of m / 2 + 1 slots.
ndarray<std::int64_t> bitmap_sample(const dr::call_key& key, index_t n, index_t k, index_t m) {
  const index_t words = (n + 31) / 32;
  ndarray<std::uint32_t> draws(shape_t{m});
  ndarray<std::uint8_t> first(shape_t{m});
  ndarray<unsigned> bits(shape_t{2 * words});
  const index_t size = m / 2 + 1;
  ndarray<std::int64_t> slots(shape_t{size});
  const auto table = dr::first_draw_table::over(slots.data(), static_cast<std::uint64_t>(size),
                                                static_cast<std::uint64_t>(n));
  const dr::seen_bitmaps maps{bits.data(), bits.data() + words};
  detail::launch_for_each(std::max(2 * words, size),
                          dr::empty_bitmaps{bits.data(), words, slots.data(), size});
  detail::launch_for_each(m, dr::recorded_draws<dr::seen_bitmaps>{
                                 key, static_cast<std::uint64_t>(n - 1), maps, draws.data()});
  detail::launch_for_each(m, dr::repeated_draws{draws.data(), maps, table});
  detail::launch_for_each(m, dr::flag_first_of_bitmaps{draws.data(), maps, table, first.data()});
  return first_k_of<std::uint32_t>(draws, first, k);
}

/// Larger populations: a stable sort of the (draw, index) pairs puts each value's first draw
/// first among its equals.
ndarray<std::int64_t> sorted_sample(const dr::call_key& key, index_t n, index_t k, index_t m) {
  ndarray<std::uint64_t> draws(shape_t{m}), sorted(shape_t{m});
  ndarray<index_t> index(shape_t{m}), sorted_index(shape_t{m});
  ndarray<std::uint8_t> first(shape_t{m});
  detail::launch_for_each(
      m, dr::sample_draws{key, static_cast<std::uint64_t>(n - 1), draws.data(), index.data()});
  detail::sort_runs(m, m, draws.data(), sorted.data(), index.data(), sorted_index.data());
  detail::launch_for_each(m, dr::first_draws{sorted.data(), sorted_index.data(), first.data()});
  return first_k_of<index_t>(draws, first, k);
}

ndarray<std::int64_t> uniform_sample(philox& bits, index_t n, index_t k) {
  const dr::call_key key = bits.next_call();
  if (const index_t m = draws_for(n, k); m > 0)
    return !narrow(n)    ? sorted_sample(key, n, k, m)
           : n <= 32 * m ? bitmap_sample(key, n, k, m)
                         : table_sample(key, n, k, m);
  const ndarray<std::int64_t> order =
      narrow(n) ? orders<std::uint32_t>(key, n, n) : orders<index_t>(key, n, n);
  return k == n ? order : order(slice(0, k));
}

/// NumPy's checks of p's values, on the device (raised at the next sync point).
void check_probabilities(const probabilities& p) {
  const ndarray<double>& a = p.array();
  const ndarray<double> total = sum(a);
  const ndarray<bool> negative = any(ndarray<bool>(a < 0.0));
  detail::launch_for_each(
      1, dr::check_probabilities{total.data(), negative.data(), p.atol(), detail::fault_slot()});
}

/// k items drawn one after another without replacement, each with probability proportional to
/// the weights left: the k smallest Efraimidis-Spirakis keys.
ndarray<std::int64_t> weighted_sample(philox& bits, const ndarray<double>& p, index_t k) {
  const dr::call_key key = bits.next_call();
  const index_t n = p.size();
  ndarray<std::uint64_t> keys(shape_t{n}), sorted(shape_t{n});
  ndarray<index_t> values(shape_t{n}), sorted_values(shape_t{n});
  ndarray<std::int64_t> out(shape_t{n});
  detail::launch_for_each(n, dr::weighted_keys{key, p.data(), keys.data(), values.data()});
  detail::sort_runs(n, n, keys.data(), sorted.data(), values.data(), sorted_values.data());
  detail::launch_for_each(k, dr::order_runs<std::uint64_t, index_t>{
                                 key, sorted.data(), sorted_values.data(), out.data(), n});
  detail::launch_for_each(1, dr::check_weighted{sorted.data(), k, detail::fault_slot()});
  return out(slice(0, k));
}

/// cdf[i] / cdf[n - 1], NumPy's `cdf /= cdf[-1]`.
struct normalized {
  const double* cdf;
  index_t n;
  CUPP_HD double operator()(index_t i) const { return cdf[i] / cdf[n - 1]; }
};

} // namespace

ndarray<std::int64_t> Generator::lane_orders(index_t lanes, index_t len) {
  const dr::call_key key = bits_.next_call();
  const index_t n = lanes * len;
  return narrow(len) ? orders<std::uint32_t>(key, n, len) : orders<index_t>(key, n, len);
}

ndarray<std::int64_t> Generator::permutation(std::int64_t n) {
  return lane_orders(1, std::max<std::int64_t>(n, 0));
}

ndarray<std::int64_t> Generator::sample(std::int64_t pop, const size_arg& size, bool replace,
                                        const probabilities& p, bool array) {
  const shape_t shape = size.shape() ? *size.shape() : shape_t{};
  const index_t k = shape_size(shape);
  if (pop <= 0 && k != 0)
    throw value_error(array ? "a cannot be empty unless no samples are taken"
                            : "a must be a positive integer unless no samples are taken");
  if (p.given()) {
    if (p.array().ndim() != 1) throw value_error("p must be 1-dimensional");
    if (p.array().size() != pop) throw value_error("a and p must have same size");
  }
  if (!replace && k > pop)
    throw value_error("Cannot take a larger sample than population when replace is False");
  if (p.given()) check_probabilities(p);
  if (replace) {
    if (!p.given()) return integers<std::int64_t>(0, pop, shape);
    const ndarray<double> cdf = cumsum(p.array());
    ndarray<double> unit(shape_t{pop});
    detail::launch_transform(pop, unit.data(), normalized{cdf.data(), pop});
    return searchsorted(unit, random<double>(shape), side::right);
  }
  if (k == 0) {
    (void)bits_.next_call(); // as every call, it takes its number
    return ndarray<std::int64_t>(shape);
  }
  const ndarray<std::int64_t> s =
      p.given() ? weighted_sample(bits_, p.array(), k) : uniform_sample(bits_, pop, k);
  return s.reshape(shape);
}

ndarray<std::int64_t> Generator::choice(std::int64_t a, const size_arg& size, bool replace,
                                        const probabilities& p, bool /*shuffled*/) {
  return sample(a, size, replace, p, false);
}

std::string Generator::bytes(std::int64_t length) {
  // NumPy's: (length - 1) / 4 + 1 uint32 words (C division), little-endian, then [:length] with
  // Python's slice of a negative length
  const std::int64_t words = (length - 1) / 4 + 1;
  const std::vector<std::uint32_t> h =
      integers<std::uint32_t>(0, std::int64_t{1} << 32, shape_t{words}).get();
  std::string out(h.size() * 4, '\0');
  for (std::size_t i = 0; i < h.size(); ++i)
    for (int b = 0; b < 4; ++b)
      out[4 * i + b] = static_cast<char>(h[i] >> (8 * b) & 0xFFu);
  const auto all = static_cast<std::int64_t>(out.size());
  out.resize(static_cast<std::size_t>(length >= 0 ? std::min(length, all)
                                                  : std::max<std::int64_t>(all + length, 0)));
  return out;
}

} // namespace cupp::random
