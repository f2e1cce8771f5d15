// The Generator's packed distributions (random, standard_normal, standard_exponential,
// integers, uniform, normal, exponential): the shape/dtype/range contract, the distribution
// (KS and chi-square at p = 1e-6), reproducibility, and NumPy's errors.
#include "random_testing.hpp"
#include "testing.hpp"

#include <cupp/random/random.hpp>

#include <cmath>
#include <limits>

using cupp::random::default_rng;

namespace {
using cupp_test::normal_cdf;
template <class T> std::vector<double> as_double(const cupp::ndarray<T>& a) {
  const auto h = cupp_test::host(a);
  return std::vector<double>(h.begin(), h.end());
}
} // namespace

TEMPLATE_TEST_CASE("random, standard_normal and standard_exponential follow their laws",
                   "[random][generator]", float, double) {
  using T = TestType;
  auto rng = default_rng(12345);
  const std::size_t n = 1 << 22;
  const auto u = as_double(rng.random<T>({static_cast<cupp::index_t>(n)}));
  CHECK(*std::min_element(u.begin(), u.end()) >= 0.0);
  CHECK(*std::max_element(u.begin(), u.end()) < 1.0);
  CHECK(cupp_test::ks_statistic(u, [](double x) { return std::clamp(x, 0.0, 1.0); }) <
        cupp_test::ks_critical(n));
  const auto z = as_double(rng.standard_normal<T>({static_cast<cupp::index_t>(n)}));
  CHECK(cupp_test::ks_statistic(z, normal_cdf) < cupp_test::ks_critical(n));
  // a 1% error of the scale is seen at this size
  CHECK(cupp_test::ks_statistic(z, [](double x) { return normal_cdf(x / 1.01); }) >
        cupp_test::ks_critical(n));
  const auto e = as_double(rng.standard_exponential<T>({static_cast<cupp::index_t>(n)}));
  CHECK(*std::min_element(e.begin(), e.end()) >= 0.0);
  CHECK(cupp_test::ks_statistic(e, [](double x) { return x < 0 ? 0 : -std::expm1(-x); }) <
        cupp_test::ks_critical(n));
}

TEST_CASE("uniform, normal and exponential take NumPy's parameters", "[random][generator]") {
  auto rng = default_rng(7);
  const std::size_t n = 1 << 21;
  const auto ni = static_cast<cupp::index_t>(n);
  const auto u = as_double(rng.uniform(-2.0, 3.0, ni));
  CHECK(cupp_test::ks_statistic(u, [](double x) { return std::clamp((x + 2) / 5, 0.0, 1.0); }) <
        cupp_test::ks_critical(n));
  const auto z = as_double(rng.normal(1.5, 2.0, {ni}));
  CHECK(cupp_test::ks_statistic(z, [](double x) { return normal_cdf((x - 1.5) / 2); }) <
        cupp_test::ks_critical(n));
  const auto e = as_double(rng.exponential(3.0, ni));
  CHECK(cupp_test::ks_statistic(e, [](double x) { return x < 0 ? 0 : -std::expm1(-x / 3); }) <
        cupp_test::ks_critical(n));

  // array parameters broadcast against each other and the size
  auto loc = cupp::arange<double>(0, 3);              // (3,)
  auto scale = cupp::asarray<double>({{1.0}, {0.0}}); // (2, 1)
  const auto r = rng.normal(loc, scale);
  CHECK(r.shape() == cupp::shape_t{2, 3});
  const auto h = cupp_test::host(r);
  CHECK(h[3] == 0.0); // scale 0: loc itself
  CHECK(h[4] == 1.0);
  CHECK(h[5] == 2.0);
  CHECK(rng.normal(loc, 1.0, {4, 3}).shape() == cupp::shape_t{4, 3});
  CHECK(rng.normal().shape() == cupp::shape_t{}); // size None, scalars: 0-d
  CHECK(rng.uniform(cupp::zeros<float>({5}), 1.0).shape() == cupp::shape_t{5});
}

TEMPLATE_TEST_CASE("integers is uniform on its range for every integer dtype",
                   "[random][generator]", bool, std::int8_t, std::uint8_t, std::int16_t,
                   std::uint16_t, std::int32_t, std::uint32_t, std::int64_t, std::uint64_t) {
  using T = TestType;
  auto rng = default_rng(99);
  const std::int64_t lo = std::is_same_v<T, bool> ? 0 : std::is_signed_v<T> ? -3 : 2;
  const std::int64_t hi = std::is_same_v<T, bool> ? 2 : lo + 7; // [lo, hi)
  const std::size_t n = 1 << 20;
  const auto x = cupp_test::host(rng.template integers<T>(lo, hi, static_cast<cupp::index_t>(n)));
  std::vector<double> counts(static_cast<std::size_t>(hi - lo), 0.0);
  for (T v : x) {
    const auto k = static_cast<std::int64_t>(v) - lo;
    REQUIRE(k >= 0);
    REQUIRE(k < hi - lo);
    counts[static_cast<std::size_t>(k)] += 1;
  }
  const std::vector<double> pmf(counts.size(), 1.0 / static_cast<double>(counts.size()));
  const auto [stat, df] = cupp_test::chi_square(counts, pmf, static_cast<double>(n));
  CHECK(stat < cupp_test::chi_square_critical(df));
  // endpoint: [lo, hi - 1] is the same range
  const auto y =
      cupp_test::host(rng.template integers<T>(lo, hi - 1, static_cast<cupp::index_t>(n), true));
  CHECK(static_cast<std::int64_t>(*std::max_element(y.begin(), y.end())) == hi - 1);
  CHECK(static_cast<std::int64_t>(*std::min_element(y.begin(), y.end())) == lo);
  // the whole range of the dtype
  using L = std::numeric_limits<T>;
  if constexpr (sizeof(T) < 8) {
    const auto w = cupp_test::host(rng.template integers<T>(L::min(), L::max(), 4096, true));
    CHECK(*std::max_element(w.begin(), w.end()) > L::max() / 2);
  }
}

TEST_CASE("integers: a range that is not a power of two is unbiased", "[random][generator]") {
  // 3 * 2^30 values: plain multiply-shift would give a third of them twice the weight
  auto rng = default_rng(5);
  const std::int64_t range = 3ll << 30;
  const auto x = cupp_test::host(rng.integers<std::int64_t>(0, range, 1 << 20));
  std::vector<double> counts(3, 0.0);
  for (auto v : x)
    counts[static_cast<std::size_t>(v / (1ll << 30))] += 1;
  const auto [stat, df] = cupp_test::chi_square(counts, {1 / 3.0, 1 / 3.0, 1 / 3.0}, 1 << 20);
  CHECK(stat < cupp_test::chi_square_critical(df));
  // 64-bit ranges use two words
  const auto big = cupp_test::host(rng.integers<std::int64_t>(0, std::int64_t{1} << 62, 1 << 16));
  CHECK(*std::max_element(big.begin(), big.end()) > (std::int64_t{1} << 61));
}

TEST_CASE("a seed gives the same values; the value at i does not depend on the size",
          "[random][generator]") {
  auto a = default_rng(2024), b = default_rng(2024), c = default_rng(2025);
  const auto x = cupp_test::host(a.random<float>({1001}));
  CHECK(x == cupp_test::host(b.random<float>({1001})));
  CHECK(x != cupp_test::host(c.random<float>({1001})));
  // the next call differs from the first
  CHECK(x != cupp_test::host(a.random<float>({1001})));
  // a shorter or longer draw of the same call gives the same leading values
  auto d = default_rng(2024);
  const auto y = cupp_test::host(d.random<float>({3, 5}));
  CHECK(std::equal(y.begin(), y.end(), x.begin()));
  auto e = default_rng(2024);
  const auto z = cupp_test::host(e.standard_normal<double>({7}));
  auto f = default_rng(2024);
  const auto zz = cupp_test::host(f.standard_normal<double>({100000}));
  CHECK(std::equal(z.begin(), z.end(), zz.begin()));
  // state round trip
  auto g = default_rng(1);
  const auto st = g.bit_generator().state();
  const auto v1 = cupp_test::host(g.integers(0, 100, {50}));
  g.bit_generator().set_state(st);
  CHECK(v1 == cupp_test::host(g.integers(0, 100, {50})));
  // spawned generators differ from each other and from the parent
  auto kids = g.spawn(2);
  CHECK(cupp_test::host(kids[0].random({8})) != cupp_test::host(kids[1].random({8})));
}

TEST_CASE("out= fills a C-contiguous array", "[random][generator]") {
  auto rng = default_rng(3);
  cupp::ndarray<float> out({4, 6});
  rng.standard_normal(out);
  auto again = default_rng(3);
  CHECK(cupp_test::host(out) == cupp_test::host(again.standard_normal<float>({4, 6})));
  // F-contiguous is filled in memory order, as NumPy's fill functions do
  auto f = cupp::ndarray<double>({6, 4}).T();
  rng.random(f);
  auto every_other = cupp::ndarray<double>({8})(cupp::slice(0, 8, 2));
  CHECK_THROWS_WITH_WORDS(rng.random(every_other), cupp::value_error,
                          "must be contiguous, writable, aligned");
  auto empty = rng.random({0, 3});
  CHECK(empty.size() == 0);
}

TEST_CASE("the Generator's errors are NumPy's", "[random][generator]") {
  auto rng = default_rng(0);
  CHECK_THROWS_WITH_WORDS(rng.normal(0.0, -1.0), cupp::value_error, "scale < 0");
  CHECK_THROWS_WITH_WORDS(rng.exponential(-1.0), cupp::value_error, "scale < 0");
  CHECK_THROWS_WITH_WORDS(rng.integers(5, 5), cupp::value_error, "low >= high");
  CHECK_THROWS_WITH_WORDS(rng.integers(0), cupp::value_error, "high <= 0");
  CHECK_THROWS_WITH_WORDS(rng.integers(-1, {}, {}, true), cupp::value_error, "high < 0");
  CHECK(rng.integers(5, 5, {0}).size() == 0); // an empty size returns before the bound checks
  CHECK_THROWS_WITH_WORDS(rng.exponential(-0.0), cupp::value_error, "scale < 0");
  CHECK(std::isnan(cupp_test::host(rng.normal(0.0, std::nan(""), {1}))[0])); // NaN passes
  CHECK_THROWS_WITH_WORDS(rng.uniform(1.0, 0.0), cupp::value_error, "high - low < 0");
  CHECK_THROWS_WITH_WORDS(rng.integers(5, 4, {}, true), cupp::value_error, "low > high");
  CHECK_THROWS_WITH_WORDS(rng.integers<std::uint8_t>(-1, 5), cupp::value_error,
                          "low is out of bounds for uint8");
  CHECK_THROWS_WITH_WORDS(rng.integers<std::int8_t>(0, 129), cupp::value_error,
                          "high is out of bounds for int8");
  CHECK_THROWS_WITH_WORDS(rng.uniform(-1e308, 1e308), cupp::overflow_error,
                          "range exceeds valid bounds");
  CHECK_THROWS_WITH_WORDS(rng.normal(cupp::zeros<double>({3}), 1.0, {2}), cupp::value_error,
                          "shape mismatch");
  CHECK_THROWS_WITH_WORDS(rng.normal(cupp::zeros<double>({3, 2}), 1.0, {3, 1}), cupp::value_error,
                          "Output size (3, 1) is not compatible with broadcast dimensions of "
                          "inputs (3, 2).");
  CHECK_THROWS_WITH_WORDS(rng.normal(cupp::zeros<double>({3}), cupp::ones<double>({2})),
                          cupp::value_error, "could not be broadcast");
  // an array parameter is checked in the kernel: the error comes at the next sync
  auto bad = cupp::asarray<double>({1.0, -2.0});
  CHECK_THROWS_WITH_WORDS(cupp_test::host(rng.normal(0.0, bad)), cupp::value_error, "scale < 0");
}

TEST_CASE("numpy.random's module functions draw from a seeded global generator",
          "[random][module]") {
  cupp::random::seed(77);
  const auto a = cupp_test::host(cupp::random::rand(3, 4));
  const auto b = cupp_test::host(cupp::random::randn(5));
  const auto c = cupp_test::host(cupp::random::randint(0, 10, {6}));
  auto g = default_rng(77);
  CHECK(a == cupp_test::host(g.random({3, 4})));
  CHECK(b == cupp_test::host(g.standard_normal({5})));
  CHECK(c == cupp_test::host(g.integers(0, 10, {6})));
  CHECK(cupp::random::rand(3, 4).shape() == cupp::shape_t{3, 4});
  CHECK(cupp::random::random_sample().shape() == cupp::shape_t{});
  cupp::random::seed(77);
  CHECK(a == cupp_test::host(cupp::random::random({3, 4})));
  CHECK_THROWS_WITH_WORDS(cupp::random::normal(0.0, -1.0), cupp::value_error, "scale < 0");
}
