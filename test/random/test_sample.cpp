// Random orders and samples: permutation, shuffle, permuted, choice, bytes. Orders are checked to
// be permutations and equally likely (chi-square over all orders of small lanes, p = 1e-6), the
// tie shuffle on crafted keys, samples against exact probabilities, a uniform sample against the
// sequential draws it must equal (or the permutation of the same call, when it is most of the
// population), and NumPy's errors.
#include "random_testing.hpp"
#include "testing.hpp"

#include <cupp/detail/launch.hpp>
#include <cupp/detail/random/sample.hpp>
#include <cupp/random/random.hpp>

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

using cupp::index_t;
using cupp::ndarray;
using cupp::random::default_rng;
using cupp::random::Generator;

namespace {
bool is_permutation_of_iota(std::vector<std::int64_t> v) {
  std::sort(v.begin(), v.end());
  for (std::size_t i = 0; i < v.size(); ++i)
    if (v[i] != static_cast<std::int64_t>(i)) return false;
  return true;
}

/// The rank of an ordering of [0, len) among all len! orderings (Lehmer code).
std::size_t rank_of(const std::int64_t* v, int len) {
  std::size_t r = 0;
  for (int i = 0; i < len; ++i) {
    int smaller = 0;
    for (int j = i + 1; j < len; ++j)
      smaller += v[j] < v[i];
    r = r * (len - i) + smaller;
  }
  return r;
}

void check_uniform(const std::vector<double>& counts, double total) {
  const std::vector<double> pmf(counts.size(), 1.0 / static_cast<double>(counts.size()));
  const auto [stat, df] = cupp_test::chi_square(counts, pmf, total);
  CHECK(stat < cupp_test::chi_square_critical(df));
}
} // namespace

TEST_CASE("permutation is a permutation, reproducibly", "[random][sample]") {
  for (index_t n : {0, 1, 2, 5, 1000, 1 << 20}) { // 2^20: about a hundred tied keys
    const auto p = default_rng(5).permutation(n);
    CHECK(p.shape() == cupp::shape_t{n});
    const auto h = cupp_test::host(p);
    CHECK(is_permutation_of_iota(h));
    CHECK(h == cupp_test::host(default_rng(5).permutation(n)));
    if (n >= 5) CHECK(h != cupp_test::host(default_rng(6).permutation(n)));
  }
  CHECK(default_rng(5).permutation(-3).size() == 0);
}

TEST_CASE("every order of a lane is equally likely", "[random][sample]") {
  auto rng = default_rng(2024);
  for (int len : {2, 3, 4, 5}) {
    const index_t lanes = 60000;
    const auto x = cupp::arange<std::int64_t>(lanes * len).reshape(lanes, len);
    const auto h = cupp_test::host(rng.permuted(x, 1));
    std::size_t orders = 1;
    for (int i = 2; i <= len; ++i)
      orders *= i;
    std::vector<double> counts(orders, 0.0);
    std::vector<std::int64_t> lane(len);
    for (index_t l = 0; l < lanes; ++l) {
      for (int j = 0; j < len; ++j)
        lane[j] = h[l * len + j] - l * len; // each lane keeps its own elements
      REQUIRE(is_permutation_of_iota(lane));
      counts[rank_of(lane.data(), len)] += 1;
    }
    check_uniform(counts, static_cast<double>(lanes));
  }
  // a long permutation: every position is uniform over the values (first and last tenths)
  const index_t n = 1000, reps = 3000;
  const auto h =
      cupp_test::host(rng.permuted(cupp::arange<std::int64_t>(n * reps).reshape(reps, n), 1));
  for (index_t pos : {index_t{0}, n - 1}) {
    std::vector<double> counts(10, 0.0);
    for (index_t r = 0; r < reps; ++r)
      counts[(h[r * n + pos] - r * n) / 100] += 1;
    check_uniform(counts, static_cast<double>(reps));
  }
}

TEST_CASE("tied keys are put in random order", "[random][sample]") {
  // two lanes of 4 (whole lanes, as the library passes them: a run is looked for up to its
  // lane's end): keys 3 3 3 7, a run of 3 at position 0 and a single, every order of the run
  // equally likely; then 1 1 5 9, a run of two
  const std::vector<std::uint32_t> keys{3, 3, 3, 7, 1, 1, 5, 9};
  std::vector<double> counts(6, 0.0), pair(2, 0.0);
  const int reps = 60000;
  for (int c = 0; c < reps; ++c) {
    const std::vector<std::uint32_t> sorted{0, 1, 2, 3, 0, 1, 2, 3};
    std::vector<std::int64_t> values(8, -1);
    const cupp::detail::random::call_key key{7, 11, static_cast<std::uint64_t>(c)};
    const cupp::detail::random::order_runs<std::uint32_t, std::uint32_t> fix{
        key, keys.data(), sorted.data(), values.data(), 4};
    for (index_t r = 0; r < 8; ++r)
      fix(r);
    REQUIRE((values[6] == 2 && values[7] == 3));
    REQUIRE(values[3] == 3);
    REQUIRE(is_permutation_of_iota({values[0], values[1], values[2]}));
    counts[rank_of(values.data(), 3)] += 1;
    pair[values[4]] += 1; // the second lane's run of two
  }
  check_uniform(counts, reps);
  check_uniform(pair, reps);
}

namespace {
/// The obvious sequential reference of a uniform sample: the call's draws one after another
/// (draw j uniform in [0, n) on index j's stream), the first k distinct values in the order they
/// first come.
std::vector<std::int64_t> first_distinct_draws(const cupp::detail::random::call_key& key, index_t n,
                                               index_t k) {
  std::vector<std::int64_t> out;
  std::set<std::int64_t> seen;
  for (std::uint64_t j = 0; static_cast<index_t>(out.size()) < k; ++j) {
    cupp::detail::random::element_stream s(key, j);
    const auto v = static_cast<std::int64_t>(
        cupp::detail::random::random_interval(s, static_cast<std::uint64_t>(n - 1)));
    if (seen.insert(v).second) out.push_back(v);
  }
  return out;
}
} // namespace

TEST_CASE("a uniform sample is the first k distinct values of the call's draws",
          "[random][sample]") {
  for (auto [n, k] : {std::pair<index_t, index_t>{1 << 16, 100},
                      {1 << 16, 1},
                      {1 << 20, 5000},
                      {1 << 24, 1 << 20},       // about 31,000 repeated draws: the bitmaps
                      {100003, 30000},          // the bitmaps' last word in part
                      {100003, 700},            // random_interval's rejections (n - 1 odd)
                      {1 << 16, 1 << 14},       // m near n / 2
                      {index_t{1} << 32, 3000}, // the table's widest values
                      {index_t{1} << 33, 1000}, // 64-bit draws: the sort
                      {index_t{3} << 31, 5}}) {
    auto a = default_rng(99), b = default_rng(99);
    const auto s = cupp_test::host(a.choice(n, k, false));
    CHECK(s == first_distinct_draws(b.bit_generator().next_call(), n, k));
    CHECK(a.bit_generator().state() == b.bit_generator().state());
  }
}

TEST_CASE("a sample of most of the population is the start of a permutation", "[random][sample]") {
  // k above what draws with few repeats give (m > n / 2): all n keys are sorted
  for (auto [n, k] :
       {std::pair<index_t, index_t>{1000, 999}, {7, 7}, {1 << 16, 1 << 15}, {50, 3}}) {
    auto a = default_rng(99), b = default_rng(99);
    const auto s = cupp_test::host(a.choice(n, k, false));
    auto p = cupp_test::host(b.permutation(n));
    p.resize(static_cast<std::size_t>(k));
    CHECK(s == p);
  }
}

TEST_CASE("a uniform sample's positions are uniform and its items distinct", "[random][sample]") {
  auto rng = default_rng(31);
  const index_t n = 4096, k = 8, reps = 20000;
  std::vector<double> first(16, 0.0), last(16, 0.0);
  for (index_t r = 0; r < reps; ++r) {
    auto s = cupp_test::host(rng.choice(n, k, false));
    REQUIRE(s.size() == static_cast<std::size_t>(k));
    first[s.front() / 256] += 1;
    last[s.back() / 256] += 1;
    std::sort(s.begin(), s.end());
    REQUIRE(std::adjacent_find(s.begin(), s.end()) == s.end());
    REQUIRE((s.front() >= 0 && s.back() < n));
  }
  check_uniform(first, static_cast<double>(reps));
  check_uniform(last, static_cast<double>(reps));
}

TEST_CASE("choice with replacement", "[random][sample]") {
  auto rng = default_rng(17);
  const index_t draws = 1 << 18;
  {
    const auto h = cupp_test::host(rng.choice(10, draws));
    std::vector<double> counts(10, 0.0);
    for (auto v : h)
      counts[static_cast<std::size_t>(v)] += 1;
    check_uniform(counts, draws);
  }
  const std::vector<double> p{0.1, 0.0, 0.2, 0.3, 0.4};
  const auto h = cupp_test::host(rng.choice(5, {draws / 4, 4}, true, p));
  std::vector<double> counts(5, 0.0);
  for (auto v : h)
    counts[static_cast<std::size_t>(v)] += 1;
  CHECK(counts[1] == 0);
  const auto [stat, df] = cupp_test::chi_square(counts, p, draws);
  CHECK(stat < cupp_test::chi_square_critical(df));
  // p as a float32 array, and a 0-d result for size None
  const auto one = rng.choice(5, {}, true, cupp::asarray<float>({0.f, 0.f, 1.f, 0.f, 0.f}));
  CHECK(one.ndim() == 0);
  CHECK(one.item() == 2);
}

TEST_CASE("weighted choice without replacement draws one after another", "[random][sample]") {
  // P(first i, then j) = p_i * p_j / (1 - p_i)
  const std::vector<double> p{0.1, 0.2, 0.3, 0.4};
  auto rng = default_rng(3);
  std::map<std::pair<std::int64_t, std::int64_t>, double> counts;
  const int reps = 20000;
  for (int r = 0; r < reps; ++r) {
    const auto s = cupp_test::host(rng.choice(4, 2, false, p));
    REQUIRE(s[0] != s[1]);
    counts[{s[0], s[1]}] += 1;
  }
  std::vector<double> c, e;
  for (std::int64_t i = 0; i < 4; ++i)
    for (std::int64_t j = 0; j < 4; ++j)
      if (i != j) {
        c.push_back(counts[{i, j}]);
        e.push_back(p[i] * p[j] / (1 - p[i]));
      }
  const auto [stat, df] = cupp_test::chi_square(c, e, reps);
  CHECK(stat < cupp_test::chi_square_critical(df));
  // zero weights come last: all of the positive ones, then nothing else may be asked for
  const auto all = cupp_test::host(rng.choice(4, 2, false, {0.5, 0.0, 0.5, 0.0}));
  CHECK(((all[0] == 0 && all[1] == 2) || (all[0] == 2 && all[1] == 0)));
  CHECK_THROWS_WITH_WORDS(rng.choice(4, 3, false, {0.5, 0.0, 0.5, 0.0}).get(), cupp::value_error,
                          "Fewer non-zero entries in p than size");
}

TEST_CASE("choice of an array's slices", "[random][sample]") {
  auto rng = default_rng(8);
  const auto a = cupp::arange<float>(15).reshape(5, 3);
  const auto rows = rng.choice(a, {2, 2}, false);
  CHECK(rows.shape() == cupp::shape_t{2, 2, 3});
  const auto h = cupp_test::host(rows);
  for (index_t r = 0; r < 4; ++r) { // whole rows of a, distinct
    CHECK(static_cast<int>(h[r * 3]) % 3 == 0);
    CHECK(h[r * 3 + 1] == h[r * 3] + 1);
    CHECK(h[r * 3 + 2] == h[r * 3] + 2);
  }
  std::vector<float> firsts{h[0], h[3], h[6], h[9]};
  std::sort(firsts.begin(), firsts.end());
  CHECK(std::adjacent_find(firsts.begin(), firsts.end()) == firsts.end());
  CHECK(rng.choice(a, 4, true, {}, 1).shape() == cupp::shape_t{5, 4});
  CHECK(rng.choice(a, {}, true, {}, -1).shape() == cupp::shape_t{5});
  CHECK(rng.choice(cupp::zeros<float>({0}), 0).size() == 0);
}

TEST_CASE("permutation, shuffle and permuted of arrays", "[random][sample]") {
  auto rng = default_rng(12);
  const auto a = cupp::arange<std::int32_t>(12).reshape(3, 4);
  // permutation along axis 1: the columns move together
  const auto cols = cupp_test::host(rng.permutation(a, 1));
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 4; ++c)
      CHECK(cols[r * 4 + c] == cols[c] + 4 * r);
  // shuffle in place, through a view with a negative stride
  auto v = cupp::arange<double>(100);
  rng.shuffle(cupp_test::reversed(v));
  auto hv = cupp_test::host(v);
  CHECK(hv != cupp_test::host(cupp::arange<double>(100)));
  std::sort(hv.begin(), hv.end());
  CHECK(hv == cupp_test::host(cupp::arange<double>(100)));
  // permuted: each row its own order; no axis: the flattened array
  const auto rows = cupp_test::host(rng.permuted(a, 1));
  for (int r = 0; r < 3; ++r) {
    std::vector<std::int32_t> row(rows.begin() + 4 * r, rows.begin() + 4 * r + 4);
    std::sort(row.begin(), row.end());
    CHECK(row == std::vector<std::int32_t>{4 * r, 4 * r + 1, 4 * r + 2, 4 * r + 3});
  }
  auto flat = cupp_test::host(rng.permuted(a));
  std::sort(flat.begin(), flat.end());
  CHECK(flat == cupp_test::host(cupp::arange<std::int32_t>(12)));
  ndarray<std::int32_t> out(a.shape());
  rng.permuted(a, 0, out);
  const auto ho = cupp_test::host(out);
  for (int c = 0; c < 4; ++c) {
    std::vector<std::int32_t> col{ho[c], ho[4 + c], ho[8 + c]};
    std::sort(col.begin(), col.end());
    CHECK(col == std::vector<std::int32_t>{c, 4 + c, 8 + c});
  }
}

TEST_CASE("bytes", "[random][sample]") {
  const std::string b = default_rng(4).bytes(10);
  CHECK(b.size() == 10);
  const auto w =
      cupp_test::host(default_rng(4).integers<std::uint32_t>(0, std::int64_t{1} << 32, 3));
  for (std::size_t i = 0; i < 10; ++i)
    CHECK(static_cast<unsigned char>(b[i]) == (w[i / 4] >> (8 * (i % 4)) & 0xFFu));
  CHECK(default_rng(4).bytes(0).empty());
  CHECK(default_rng(4).bytes(-1).size() == 3); // NumPy's [:length] of a negative length
}

TEST_CASE("sampling errors are NumPy's", "[random][sample]") {
  using cupp::index_error;
  using cupp::type_error;
  using cupp::value_error;
  auto rng = default_rng(1);
  CHECK_THROWS_WITH_WORDS(rng.choice(0, 3), value_error,
                          "a must be a positive integer unless no samples are taken");
  CHECK(rng.choice(0, 0).size() == 0);
  CHECK_THROWS_WITH_WORDS(rng.choice(cupp::zeros<float>({0}), 2), value_error,
                          "a cannot be empty unless no samples are taken");
  CHECK_THROWS_WITH_WORDS(rng.choice(5, 6, false), value_error,
                          "Cannot take a larger sample than population when replace is False");
  CHECK_THROWS_WITH_WORDS(rng.choice(3, 2, true, {0.5, 0.5}), value_error,
                          "a and p must have same size");
  CHECK_THROWS_WITH_WORDS(rng.choice(4, 2, true, ndarray<double>(cupp::ones<double>({2, 2}) / 4.0)),
                          value_error, "p must be 1-dimensional");
  CHECK_THROWS_WITH_WORDS(rng.choice(cupp::ones<float>({3, 2}), 2, true, {}, 2), index_error,
                          "tuple index out of range");
  // p's values are checked on the device: raised at the next sync point, in NumPy's order
  const double nan = std::nan("");
  CHECK_THROWS_WITH_WORDS(rng.choice(3, 2, true, {nan, -1.0, 2.0}).get(), value_error,
                          "Probabilities contain NaN");
  CHECK_THROWS_WITH_WORDS(rng.choice(3, 2, false, {-0.5, 0.5, 1.0}).get(), value_error,
                          "Probabilities are not non-negative");
  CHECK_THROWS_WITH_WORDS(rng.choice(3, 2, true, {0.5, 0.5, 0.5}).get(), value_error,
                          "Probabilities do not sum to 1");
  // float32 p is allowed float32's tolerance
  CHECK(rng.choice(3, 2, true, cupp::asarray<float>({0.3f, 0.3f, 0.4001f})).get().size() == 2);
  CHECK_THROWS_WITH_WORDS(rng.choice(3, 2, true, {0.3, 0.3, 0.4001}).get(), value_error,
                          "Probabilities do not sum to 1");
  CHECK_THROWS_WITH_WORDS(rng.shuffle(cupp::zeros<float>({})), type_error,
                          "len() of unsized object");
  CHECK_THROWS_WITH_WORDS(rng.permuted(cupp::zeros<float>({})), type_error,
                          "len() of unsized object");
  CHECK_THROWS_AS(rng.permutation(cupp::zeros<float>({})), cupp::axis_error);
  CHECK_THROWS_AS(rng.permuted(cupp::zeros<float>({2}), 1), cupp::axis_error);
  ndarray<float> wrong({3});
  CHECK_THROWS_WITH_WORDS(rng.permuted(cupp::zeros<float>({2}), 0, wrong), value_error,
                          "out must have the same shape as x");
  // draws that held too few distinct values (odds below 1e-32: the check on crafted counts)
  const auto counts = cupp::asarray<std::uint32_t>({1, 2, 2});
  const auto draws = cupp::asarray<std::uint32_t>({4, 9, 9});
  ndarray<std::int64_t> sample({5});
  cupp::detail::launch_for_each(
      3, cupp::detail::random::first_k<std::uint32_t, std::uint32_t>{
             draws.data(), counts.data(), 5, 3, sample.data(), cupp::detail::fault_slot()});
  CHECK_THROWS_WITH_WORDS(cupp::synchronize(), cupp::error,
                          "random sample: 2 distinct values drawn for a sample of 5");
}
