// Generator.integers beyond scalar int64 bounds: array bounds of any integer dtype broadcast
// against each other and size (each element from its own range, unbiased), uint64 bounds up to
// 2^64, int64's full range, and NumPy's bound errors (at once for scalars, at the next sync point
// for arrays). The scalar path keeps its bits (test_bits.cpp's digests, and values below).
#include "random_testing.hpp"
#include "testing.hpp"

#include <cupp/random/random.hpp>

#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

using cupp::random::default_rng;

namespace {
// An array of dtype T and this shape from host values (std::vector<bool> has no data()).
template <class T, class V>
cupp::ndarray<T> array_of(const std::vector<V>& v, cupp::shape_t shape) {
  const auto t = std::make_unique<T[]>(v.size());
  for (std::size_t k = 0; k < v.size(); ++k)
    t[k] = static_cast<T>(v[k]);
  return cupp::asarray(t.get(), shape);
}
// (rows, 1) and (1, cols)
template <class T, class V> cupp::ndarray<T> column(const std::vector<V>& v) {
  return array_of<T>(v, {static_cast<cupp::index_t>(v.size()), 1});
}
template <class T> cupp::ndarray<T> row(const std::vector<T>& v) {
  return array_of<T>(v, {1, static_cast<cupp::index_t>(v.size())});
}
} // namespace

TEMPLATE_TEST_CASE("integers with array bounds draws each element from its own range",
                   "[random][integers]", bool, std::int8_t, std::uint8_t, std::int16_t,
                   std::uint16_t, std::int32_t, std::uint32_t, std::int64_t, std::uint64_t) {
  using T = TestType;
  using L = std::numeric_limits<T>;
  auto rng = default_rng(11);
  // lows (3, 1) as int64 against highs (1, 4) of T: every pair is a non-empty range
  std::vector<std::int64_t> lows;
  std::vector<T> highs;
  if constexpr (std::is_same_v<T, bool>) {
    lows = {0, 0, 0};
    highs = {true, true, true, true};
  } else if constexpr (std::is_signed_v<T>) {
    lows = {static_cast<std::int64_t>(L::min()), -3, 0};
    highs = {1, 7, 100, L::max()};
  } else {
    lows = {0, 2, 50};
    highs = {51, 60, 100, L::max()};
  }
  const std::int64_t reps = 3000;
  for (bool endpoint : {false, true}) {
    INFO("endpoint " << endpoint);
    const auto low = column<std::int64_t>(lows);
    const auto high = row(highs);
    const auto x = rng.template integers<T>(low, high, {reps, 3, 4}, endpoint);
    REQUIRE(x.shape() == cupp::shape_t{reps, 3, 4});
    const auto h = cupp_test::host(x);
    std::vector<T> lo(12, L::max()), hi(12, L::min());
    for (std::size_t k = 0; k < h.size(); ++k) {
      const std::size_t c = k % 12, i = c / 4, j = c % 4;
      const std::int64_t l = lows[i];
      const T v = h[k];
      if constexpr (std::is_signed_v<T>) {
        REQUIRE(static_cast<std::int64_t>(v) >= l);
      } else {
        REQUIRE(v >= static_cast<T>(l));
      }
      if (endpoint) {
        REQUIRE(v <= highs[j]);
      } else {
        REQUIRE(v < highs[j]);
      }
      if (v < lo[c]) lo[c] = v;
      if (hi[c] < v) hi[c] = v;
    }
    // the small ranges are covered to their ends: [-3, 1), [0, 7], [2, 51)...
    if constexpr (!std::is_same_v<T, bool>) {
      CHECK(static_cast<std::int64_t>(lo[4]) == lows[1]);
      CHECK(static_cast<std::int64_t>(hi[4]) == static_cast<std::int64_t>(highs[0]) - !endpoint);
      CHECK(static_cast<std::int64_t>(hi[9]) == static_cast<std::int64_t>(highs[1]) - !endpoint);
      // the dtype's whole range: its top half appears
      CHECK(hi[3] > L::max() / 2);
    } else {
      CHECK(hi[0] == endpoint); // [0, 1) is 0; [0, 1] has both
    }
  }
}

TEMPLATE_TEST_CASE("integers with array bounds is uniform on each range", "[random][integers]",
                   bool, std::int8_t, std::uint8_t, std::int16_t, std::uint16_t, std::int32_t,
                   std::uint32_t, std::int64_t, std::uint64_t) {
  using T = TestType;
  auto rng = default_rng(12);
  const cupp::index_t m = 1 << 17;
  const std::int64_t top = std::is_same_v<T, bool> ? 2 : 10;
  const std::vector<std::int64_t> lows =
      std::is_same_v<T, bool> ? std::vector<std::int64_t>{0, 1} : std::vector<std::int64_t>{0, 3};
  // rows of lows (2, 1) of dtype T against a scalar high, and a 64-bit range (two words)
  const auto x = cupp_test::host(rng.template integers<T>(column<T>(lows), top, {2, m}));
  for (std::size_t r = 0; r < 2; ++r) {
    const std::int64_t l = lows[r];
    std::vector<double> counts(static_cast<std::size_t>(top - l), 0.0);
    for (cupp::index_t k = 0; k < m; ++k) {
      const auto v = static_cast<std::int64_t>(x[r * m + static_cast<std::size_t>(k)]);
      REQUIRE(v >= l);
      REQUIRE(v < top);
      counts[static_cast<std::size_t>(v - l)] += 1;
    }
    if (counts.size() < 2) continue;
    const std::vector<double> pmf(counts.size(), 1.0 / static_cast<double>(counts.size()));
    const auto [stat, df] = cupp_test::chi_square(counts, pmf, static_cast<double>(m));
    CHECK(stat < cupp_test::chi_square_critical(df));
  }
  if constexpr (sizeof(T) == 8) { // 3 * 2^40 values: a third each, unbiased
    const std::int64_t range = std::int64_t{3} << 40;
    const auto y = cupp_test::host(
        rng.template integers<T>(cupp::zeros<T>({m}), cupp::asarray<std::int64_t>({range})));
    std::vector<double> counts(3, 0.0);
    for (T v : y)
      counts[static_cast<std::size_t>(static_cast<std::int64_t>(v) >> 40)] += 1;
    const auto [stat, df] = cupp_test::chi_square(counts, {1 / 3.0, 1 / 3.0, 1 / 3.0}, m);
    CHECK(stat < cupp_test::chi_square_critical(df));
  }
}

TEST_CASE("integers: uint64 bounds up to 2^64 and int64's whole range", "[random][integers]") {
  auto rng = default_rng(13);
  constexpr std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
  constexpr std::uint64_t half = std::uint64_t{1} << 63;
  const cupp::index_t n = 1 << 16;
  // NumPy's integers(0, 2**64, dtype=np.uint64): [0, 2^64 - 1]
  auto all = cupp_test::host(rng.integers<std::uint64_t>(0, max, n, true));
  const auto above = std::count_if(all.begin(), all.end(), [&](auto v) { return v >= half; });
  CHECK(above > n / 2 - 1000);
  CHECK(above < n / 2 + 1000);
  // the top ten values, open and closed, scalar and array bounds
  for (bool endpoint : {false, true}) {
    const std::uint64_t hi = max, lo = max - 9; // [max - 9, max) or [max - 9, max]
    for (const auto& v : {cupp_test::host(rng.integers<std::uint64_t>(lo, hi, n, endpoint)),
                          cupp_test::host(rng.integers<std::uint64_t>(
                              cupp::asarray<std::uint64_t>({lo}), hi, n, endpoint))}) {
      std::vector<double> counts(endpoint ? 10 : 9, 0.0);
      for (auto x : v) {
        REQUIRE(x >= lo);
        REQUIRE(x <= max - !endpoint);
        REQUIRE(x - lo < counts.size());
        counts[x - lo] += 1;
      }
      const std::vector<double> pmf(counts.size(), 1.0 / static_cast<double>(counts.size()));
      const auto [stat, df] = cupp_test::chi_square(counts, pmf, n);
      CHECK(stat < cupp_test::chi_square_critical(df));
    }
  }
  // [2^63, 2^64): only the top half
  const auto top = cupp_test::host(rng.integers<std::uint64_t>(half, max, n, true));
  CHECK(*std::min_element(top.begin(), top.end()) >= half);
  CHECK(*std::max_element(top.begin(), top.end()) > max - (max >> 4));
  // int64's whole range, scalar and array bounds
  constexpr std::int64_t imin = std::numeric_limits<std::int64_t>::min();
  constexpr std::int64_t imax = std::numeric_limits<std::int64_t>::max();
  for (const auto& v :
       {cupp_test::host(rng.integers<std::int64_t>(imin, imax, n, true)),
        cupp_test::host(rng.integers<std::int64_t>(cupp::asarray<std::int64_t>({imin}),
                                                   cupp::asarray<std::int64_t>({imax}), n, true)),
        cupp_test::host(rng.integers<std::int64_t>(imin, imax, n))}) {
    const auto neg = std::count_if(v.begin(), v.end(), [](auto x) { return x < 0; });
    CHECK(neg > n / 2 - 1000);
    CHECK(neg < n / 2 + 1000);
    CHECK(*std::min_element(v.begin(), v.end()) < imin / 16 * 15);
    CHECK(*std::max_element(v.begin(), v.end()) > imax / 16 * 15);
  }
  // an int64 result from uint64 bounds below 2^63 (and int8 and uint16 bound arrays into int32)
  const auto mixed = cupp_test::host(rng.integers<std::int32_t>(
      cupp::asarray<std::int8_t>({-5, 0}), cupp::asarray<std::uint16_t>({{3}, {60000}})));
  REQUIRE(mixed.size() == 4);
  CHECK((mixed[0] >= -5 && mixed[0] < 3 && mixed[1] >= 0 && mixed[1] < 3));
  CHECK((mixed[2] >= -5 && mixed[2] < 60000 && mixed[3] >= 0 && mixed[3] < 60000));
}

TEST_CASE("integers with array bounds: shapes, and the value at i does not depend on the size",
          "[random][integers]") {
  const auto low = cupp::asarray<std::int32_t>({{0}, {100}, {200}});    // (3, 1)
  const auto high = cupp::asarray<std::int64_t>({300, 400, 500, 1000}); // (4,)
  auto rng = default_rng(14);
  CHECK(rng.integers(low, high).shape() == cupp::shape_t{3, 4});
  CHECK(rng.integers(low, high, {2, 3, 4}).shape() == cupp::shape_t{2, 3, 4});
  CHECK(rng.integers(high).shape() == cupp::shape_t{4}); // integers(high): [0, high)
  CHECK(rng.integers(0, cupp::full<std::int64_t>({}, 5)).shape() == cupp::shape_t{}); // 0-d
  CHECK(rng.integers(low, 1000, {0}).size() == 0);
  auto a = default_rng(15), b = default_rng(15);
  const auto x = cupp_test::host(a.integers(cupp::asarray<std::int64_t>({0}), 1000, {7}));
  const auto y = cupp_test::host(b.integers(cupp::asarray<std::int64_t>({0}), 1000, {100000}));
  CHECK(std::equal(x.begin(), x.end(), y.begin()));
  // element-wise as a scalar call of the same range would be, not the same bits (another stream)
  const auto z = cupp_test::host(default_rng(15).integers(0, 1000, {100000}));
  CHECK(z != y);
  // a strided (reversed) bound
  const auto rev =
      cupp::asarray<std::int64_t>({10, 20, 30})(cupp::slice(cupp::none, cupp::none, -1));
  const auto r = cupp_test::host(rng.integers(rev, 31));
  CHECK((r[0] >= 30 && r[1] >= 20 && r[1] < 31 && r[2] >= 10));
}

TEST_CASE("scalar integers keep their values", "[random][integers]") {
  // the values of the int64-bounds version (before array bounds), on the packed path
  auto rng = default_rng(42);
  CHECK(cupp_test::host(rng.integers<std::int32_t>(0, 1000, {8})) ==
        std::vector<std::int32_t>{157, 67, 57, 682, 957, 608, 733, 98});
  CHECK(cupp_test::host(rng.integers<std::int8_t>(-100, 100, {6})) ==
        std::vector<std::int8_t>{-99, 29, -65, -3, 53, -8});
  CHECK(cupp_test::host(rng.integers<std::uint64_t>(0, std::int64_t{3} << 40, {4})) ==
        std::vector<std::uint64_t>{2549042758935u, 936459967714u, 2407757035653u, 249258029536u});
  CHECK(cupp_test::host(rng.integers(10, {}, {5})) == std::vector<std::int64_t>{6, 7, 1, 2, 4});
  CHECK(cupp_test::host(rng.integers<std::int64_t>(
            std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max(), {3},
            true)) == std::vector<std::int64_t>{-3488157383277416805, -5109012752399117470,
                                                -2058192021224685731});
}

TEST_CASE("integers' bound errors are NumPy's", "[random][integers]") {
  auto rng = default_rng(16);
  using cupp::value_error;
  constexpr std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
  // scalars: at once
  CHECK_THROWS_WITH_WORDS(rng.integers<std::int64_t>(0, max), value_error,
                          "high is out of bounds for int64");
  CHECK_THROWS_WITH_WORDS(rng.integers<std::int64_t>(0, std::uint64_t{1} << 63, {}, true),
                          value_error, "high is out of bounds for int64");
  CHECK(rng.integers<std::int64_t>(0, std::uint64_t{1} << 63).shape() == cupp::shape_t{});
  CHECK_THROWS_WITH_WORDS(rng.integers<std::uint32_t>(0, std::int64_t{1} << 32, {}, true),
                          value_error, "high is out of bounds for uint32");
  CHECK_THROWS_WITH_WORDS(rng.integers<std::int8_t>(-129, 0), value_error,
                          "low is out of bounds for int8");
  CHECK_THROWS_WITH_WORDS(rng.integers<std::uint64_t>(-1, 5), value_error,
                          "low is out of bounds for uint64");
  CHECK_THROWS_WITH_WORDS(rng.integers<bool>(0, 3), value_error, "high is out of bounds for bool");
  CHECK_THROWS_WITH_WORDS(rng.integers(std::numeric_limits<std::int64_t>::min()), value_error,
                          "high <= 0");
  CHECK_THROWS_WITH_WORDS(rng.integers(-5, std::numeric_limits<std::int64_t>::min()), value_error,
                          "low >= high");
  CHECK_THROWS_WITH_WORDS(rng.integers<std::uint64_t>(max, max), value_error, "low >= high");
  // arrays: in the kernel, raised at the next sync point
  const auto i8 = [](std::initializer_list<std::int8_t> v) { return cupp::asarray(v); };
  const auto i64 = [](std::initializer_list<std::int64_t> v) { return cupp::asarray(v); };
  auto bad = rng.integers<std::uint8_t>(i8({0, -1}), 5);
  CHECK_THROWS_WITH_WORDS(bad.get(), value_error, "low is out of bounds for uint8");
  CHECK_THROWS_WITH_WORDS(rng.integers<std::int8_t>(0, i64({1, 2, 300})).get(), value_error,
                          "high is out of bounds for int8");
  CHECK(rng.integers<std::int8_t>(0, i64({1, 2, 128})).get().size() == 3); // open: 127 is the top
  CHECK_THROWS_WITH_WORDS(rng.integers<std::int8_t>(0, i64({1, 2, 128}), {}, true).get(),
                          value_error, "high is out of bounds for int8");
  CHECK_THROWS_WITH_WORDS(rng.integers<bool>(i64({0}), i64({2, 3})).get(), value_error,
                          "high is out of bounds for bool");
  CHECK_THROWS_WITH_WORDS(
      rng.integers<std::int64_t>(cupp::asarray<std::uint64_t>({std::uint64_t{1} << 63}), max).get(),
      value_error, "low is out of bounds for int64"); // NumPy's 64-bit check
  CHECK_THROWS_WITH_WORDS(rng.integers<std::uint8_t>(i64({300}), 256).get(), value_error,
                          "low >= high"); // NumPy's 8- to 32-bit path: no check of low's top
  CHECK_THROWS_WITH_WORDS(rng.integers(i64({1, 5}), i64({3, 5})).get(), value_error, "low >= high");
  CHECK_THROWS_WITH_WORDS(rng.integers(i64({1, 5}), i64({3, 4}), {}, true).get(), value_error,
                          "low > high");
  CHECK_THROWS_WITH_WORDS(rng.integers(i64({2, 0})).get(), value_error, "high <= 0");
  CHECK_THROWS_WITH_WORDS(rng.integers(0, i64({2, -1}), {}, true).get(), value_error, "high < 0");
  CHECK_THROWS_WITH_WORDS(rng.integers(i64({0, 0}), i64({2, 0})).get(), value_error, "high <= 0");
  CHECK_THROWS_WITH_WORDS(rng.integers(i64({std::numeric_limits<std::int64_t>::min()}),
                                       std::numeric_limits<std::int64_t>::min())
                              .get(),
                          value_error, "low >= high");
  // the fault is cleared: the next draw is fine
  CHECK(rng.integers(i64({1, 5}), 10).get().size() == 2);
  // shapes: at once, as the other distributions
  CHECK_THROWS_WITH_WORDS(rng.integers(i64({1, 2, 3}), i64({5, 6})), value_error,
                          "could not be broadcast");
  CHECK_THROWS_WITH_WORDS(rng.integers(cupp::zeros<std::int64_t>({3, 2}), 5, {3, 1}), value_error,
                          "Output size (3, 1) is not compatible with broadcast dimensions of "
                          "inputs (3, 2).");
  CHECK_THROWS_WITH_WORDS(rng.integers(i64({0, 1, 2}), 5, {2}), value_error, "shape mismatch");
  // an empty size returns before any check, as NumPy
  CHECK(rng.integers(i64({5, 6, 7}), i64({0, 1}), {0}).size() == 0);
}
