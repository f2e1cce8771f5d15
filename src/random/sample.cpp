// Random orders and samples (Generator.permutation, shuffle, permuted, choice, bytes): sorts of
// random keys with their ties shuffled (detail/random/sample.hpp), on the current stream, without
// a sync.
#include <cupp/detail/launch.hpp>
#include <cupp/detail/random/sample.hpp>
#include <cupp/detail/select.hpp>
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

/// The keys of one uniform random order, and the sort that turns them into the order.
void sort_orders(const dr::call_key& key, index_t n, index_t len, const std::uint32_t* keys,
                 const index_t* values, std::uint32_t* sorted_keys, std::int64_t* out) {
  detail::sort_runs<std::uint32_t>(n, len, keys, sorted_keys, values, out);
  detail::launch_for_each(n, dr::shuffle_ties<std::uint32_t>{key, sorted_keys, out, len});
}

// A uniform sample of k of [0, n) without the sort of all n keys: the candidates are the items
// whose key falls below a threshold, which about mu of them do, where mu - k and the capacity cap
// - mu are z standard deviations; they are sorted, and the first k are the sample (the first k
// items of the permutation of the same call, since no item above the threshold precedes them).
constexpr double margin_sigmas = 12; // a miss (a fault) has odds below 1e-32

struct below {
  const std::uint32_t* keys;
  std::uint64_t threshold;
  CUPP_HD bool operator()(index_t i) const { return keys[i] < threshold; }
};

ndarray<std::int64_t> uniform_sample(philox& bits, index_t n, index_t k) {
  const dr::call_key key = bits.next_call();
  const double mu = std::pow(std::sqrt(static_cast<double>(k)) + margin_sigmas, 2);
  const auto cap = static_cast<index_t>(mu + margin_sigmas * std::sqrt(mu)) + 1;
  ndarray<std::uint32_t> keys(shape_t{n});
  if (cap >= n / 2) { // as cheap to sort them all
    ndarray<index_t> values(shape_t{n});
    ndarray<std::uint32_t> sorted(shape_t{n});
    ndarray<std::int64_t> order(shape_t{n});
    detail::launch_for_each((n + 3) / 4, dr::order_keys{key, n, n, keys.data(), values.data()});
    sort_orders(key, n, n, keys.data(), values.data(), sorted.data(), order.data());
    return k == n ? order : order.reshape(shape_t{n})(slice(0, k)).copy();
  }
  detail::launch_for_each((n + 3) / 4, dr::order_keys{key, n, n, keys.data(), nullptr});
  const auto threshold =
      static_cast<std::uint64_t>(std::ceil(mu / static_cast<double>(n) * 0x1p32));
  ndarray<index_t> picked(shape_t{cap}), count(shape_t{});
  detail::select_if(n, below{keys.data(), threshold}, picked.data(), cap, count.data());
  ndarray<std::uint32_t> slot_keys(shape_t{cap}), sorted(shape_t{cap});
  ndarray<index_t> slot_values(shape_t{cap});
  ndarray<std::int64_t> order(shape_t{cap}), out(shape_t{k});
  detail::launch_for_each(cap, dr::candidate_slot{keys.data(), picked.data(), count.data(), n, cap,
                                                  slot_keys.data(), slot_values.data()});
  detail::sort_runs<std::uint32_t>(cap, cap, slot_keys.data(), sorted.data(), slot_values.data(),
                                   order.data());
  detail::launch_for_each(k,
                          dr::shuffle_ties<std::uint32_t>{key, sorted.data(), order.data(), cap});
  detail::launch_for_each(k, dr::sample_result{order.data(), out.data(), count.data(), k, cap,
                                               nullptr, detail::fault_slot()});
  return out;
}

/// NumPy's checks of p's values, on the device (raised at the next sync point).
void check_probabilities(const probabilities& p) {
  const ndarray<double>& a = p.array();
  const ndarray<double> total = sum(a);
  const ndarray<bool> negative = any(a < 0.0);
  detail::launch_for_each(
      1, dr::check_probabilities{total.data(), negative.data(), p.atol(), detail::fault_slot()});
}

/// k items drawn one after another without replacement, each with probability proportional to
/// the weights left: the k smallest Efraimidis-Spirakis keys.
ndarray<std::int64_t> weighted_sample(philox& bits, const ndarray<double>& p, index_t k) {
  const dr::call_key key = bits.next_call();
  const index_t n = p.size();
  ndarray<std::uint64_t> keys(shape_t{n}), sorted(shape_t{n});
  ndarray<index_t> values(shape_t{n});
  ndarray<std::int64_t> order(shape_t{n}), out(shape_t{k});
  detail::launch_for_each(n, dr::weighted_keys{key, p.data(), keys.data(), values.data()});
  detail::sort_runs<std::uint64_t>(n, n, keys.data(), sorted.data(), values.data(), order.data());
  detail::launch_for_each(k, dr::shuffle_ties<std::uint64_t>{key, sorted.data(), order.data(), n});
  detail::launch_for_each(k, dr::sample_result{order.data(), out.data(), nullptr, k, n,
                                               sorted.data(), detail::fault_slot()});
  return out;
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
  ndarray<std::uint32_t> keys(shape_t{n}), sorted(shape_t{n});
  ndarray<index_t> values(shape_t{n});
  ndarray<std::int64_t> order(shape_t{n});
  detail::launch_for_each((n + 3) / 4, dr::order_keys{key, n, len, keys.data(), values.data()});
  if (n > 0) sort_orders(key, n, len, keys.data(), values.data(), sorted.data(), order.data());
  return order;
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
