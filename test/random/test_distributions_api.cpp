// The Generator's other distributions through its public methods: KS against closed-form CDFs and
// chi-square against exact pmfs (p = 1e-6, fixed seeds), result shapes, broadcasting, and
// NumPy's parameter errors. The algorithms' own moment and switch-point tests are in
// test_distributions.cpp.
#include "random_testing.hpp"
#include "testing.hpp"

#include <cupp/random/random.hpp>

#include <cmath>
#include <functional>
#include <limits>

using cupp::random::default_rng;

namespace {
using cupp_test::binomial_pmf;
using cupp_test::hypergeometric_pmf;
using cupp_test::normal_cdf;
using cupp_test::pi;
constexpr cupp::index_t n = 1 << 20;

void check_ks(const cupp::ndarray<double>& a, const std::function<double(double)>& cdf) {
  const auto h = cupp_test::host(a);
  CHECK(cupp_test::ks_statistic(h, cdf) < cupp_test::ks_critical(h.size()));
}
void check_pmf(const cupp::ndarray<std::int64_t>& a, std::int64_t first,
               const std::function<double(std::int64_t)>& pmf, std::int64_t last) {
  const auto h = cupp_test::host(a);
  std::vector<double> counts(static_cast<std::size_t>(last - first + 2), 0.0), p(counts.size());
  for (auto v : h) {
    REQUIRE(v >= first);
    counts[static_cast<std::size_t>(std::min(v, last + 1) - first)] += 1;
  }
  double tail = 1;
  for (std::int64_t k = first; k <= last; ++k) {
    p[static_cast<std::size_t>(k - first)] = pmf(k);
    tail -= pmf(k);
  }
  p.back() = std::max(tail, 0.0); // everything above `last`
  const auto [stat, df] = cupp_test::chi_square(counts, p, static_cast<double>(h.size()));
  CHECK(stat < cupp_test::chi_square_critical(df));
}
} // namespace

TEST_CASE("continuous distributions follow their CDFs", "[random][distributions]") {
  auto rng = default_rng(31337);
  check_ks(rng.gamma(2.0, 3.0, n),
           [](double x) { return x <= 0 ? 0 : 1 - std::exp(-x / 3) * (1 + x / 3); });
  check_ks(rng.standard_gamma(1.0, n), [](double x) { return x <= 0 ? 0 : -std::expm1(-x); });
  check_ks(rng.standard_gamma<float>(2.0, n).astype<double>(),
           [](double x) { return x <= 0 ? 0 : 1 - std::exp(-x) * (1 + x); });
  check_ks(rng.beta(2.0, 2.0, n), [](double x) { return std::clamp(x * x * (3 - 2 * x), 0., 1.); });
  check_ks(rng.chisquare(2.0, n), [](double x) { return x <= 0 ? 0 : -std::expm1(-x / 2); });
  check_ks(rng.pareto(3.0, n), [](double x) { return x <= 0 ? 0 : 1 - std::pow(1 + x, -3.0); });
  check_ks(rng.power(2.5, n), [](double x) { return std::pow(std::clamp(x, 0., 1.), 2.5); });
  check_ks(rng.rayleigh(2.0, n), [](double x) { return x <= 0 ? 0 : -std::expm1(-x * x / 8); });
  check_ks(rng.weibull(1.5, n),
           [](double x) { return x <= 0 ? 0 : -std::expm1(-std::pow(x, 1.5)); });
  check_ks(rng.gumbel(1.0, 2.0, n), [](double x) { return std::exp(-std::exp(-(x - 1) / 2)); });
  check_ks(rng.laplace(-1.0, 0.5, n), [](double x) {
    const double z = (x + 1) / 0.5;
    return z < 0 ? 0.5 * std::exp(z) : 1 - 0.5 * std::exp(-z);
  });
  check_ks(rng.logistic(2.0, 3.0, n), [](double x) { return 1 / (1 + std::exp(-(x - 2) / 3)); });
  check_ks(rng.lognormal(0.5, 0.25, n),
           [](double x) { return x <= 0 ? 0 : normal_cdf((std::log(x) - 0.5) / 0.25); });
  check_ks(rng.standard_cauchy(n), [](double x) { return 0.5 + std::atan(x) / pi; });
  check_ks(rng.standard_t(1.0, n), [](double x) { return 0.5 + std::atan(x) / pi; });
  check_ks(rng.triangular(0.0, 0.3, 1.0, n), [](double x) {
    if (x <= 0) return 0.0;
    if (x >= 1) return 1.0;
    return x < 0.3 ? x * x / 0.3 : 1 - (1 - x) * (1 - x) / 0.7;
  });
  // a 1% error in a scale is seen at this size
  const auto g = cupp_test::host(rng.gamma(2.0, 3.0, n));
  CHECK(cupp_test::ks_statistic(g, [](double x) {
          return x <= 0 ? 0 : 1 - std::exp(-x / 3.03) * (1 + x / 3.03);
        }) > cupp_test::ks_critical(g.size()));
}

TEST_CASE("discrete distributions follow their pmfs", "[random][distributions]") {
  auto rng = default_rng(4242);
  for (double lam : {3.0, 20.0, 40.0}) // inversion through the call's table, and PTRS
    check_pmf(
        rng.poisson(lam, n), 0,
        [&](std::int64_t k) { return std::exp(k * std::log(lam) - lam - std::lgamma(k + 1.0)); },
        static_cast<std::int64_t>(lam * 3 + 20));
  for (auto [bn, bp] : {std::pair{10.0, 0.3}, std::pair{200.0, 0.4}, std::pair{50.0, 0.9}})
    check_pmf(rng.binomial(bn, bp, n), 0, binomial_pmf(bn, bp), static_cast<std::int64_t>(bn));
  check_pmf(
      rng.geometric(0.2, n), 1, [](std::int64_t k) { return 0.2 * std::pow(0.8, k - 1.0); }, 80);
  check_pmf(rng.hypergeometric(10.0, 5.0, 6.0, n), 1, hypergeometric_pmf(10, 5, 6), 6);
  check_pmf(
      rng.logseries(0.6, n), 1,
      [](std::int64_t k) { return -std::pow(0.6, k) / (k * std::log1p(-0.6)); }, 60);
  check_pmf(
      rng.zipf(2.0, n), 1, [](std::int64_t k) { return 6 / (pi * pi * k * k); }, 200);
  check_pmf(
      rng.negative_binomial(3.0, 0.4, n), 0,
      [](std::int64_t k) {
        return std::exp(std::lgamma(k + 3.0) - std::lgamma(3.0) - std::lgamma(k + 1.0) +
                        3 * std::log(0.4) + k * std::log(0.6));
      },
      80);
}

TEST_CASE("distributions broadcast array parameters and keep NumPy's edges",
          "[random][distributions]") {
  auto rng = default_rng(8);
  const auto shape = cupp::asarray<double>({0.0, 1.0, 2.0});
  const auto r = rng.gamma(shape, 2.0, {4, 3});
  CHECK(r.shape() == cupp::shape_t{4, 3});
  const auto h = cupp_test::host(r);
  for (int row = 0; row < 4; ++row)
    CHECK(h[3 * row] == 0.0); // shape 0 gives 0
  CHECK(cupp_test::host(rng.binomial(0.0, 0.5, {5})) == std::vector<std::int64_t>(5, 0));
  CHECK(cupp_test::host(rng.poisson(0.0, {5})) == std::vector<std::int64_t>(5, 0));
  CHECK(rng.poisson(cupp::ones<float>({2, 1}), {2, 6}).shape() == cupp::shape_t{2, 6});
  CHECK(rng.standard_cauchy().shape() == cupp::shape_t{});
  cupp::ndarray<float> out({7});
  rng.standard_gamma(2.0, out);
  auto again = cupp_test::host(out);
  CHECK(std::all_of(again.begin(), again.end(), [](float v) { return v > 0; }));
}

// A scalar parameter's set-up is prepared once on the host (generate_impl.hpp), an array's on the
// device per element: the same code, so the same bits, which this compares on each backend.
TEST_CASE("scalar and array parameters give the same values", "[random][distributions]") {
  const cupp::index_t m = 4099;
  const auto same = [&](double a, double b, const auto& draw) {
    INFO(a << ", " << b);
    auto r1 = default_rng(77), r2 = default_rng(77);
    CHECK(cupp_test::host(draw(r1, a, b)) ==
          cupp_test::host(draw(r2, cupp::full<double>({m}, a), cupp::full<double>({m}, b))));
  };
  const auto poisson = [&](auto& g, const auto& lam, const auto&) { return g.poisson(lam, {m}); };
  const auto binomial = [&](auto& g, const auto& n, const auto& p) {
    return g.binomial(n, p, {m});
  };
  const auto gamma = [&](auto& g, const auto& k, const auto& t) { return g.gamma(k, t, {m}); };
  const auto gamma_f = [&](auto& g, const auto& k, const auto&) {
    return g.template standard_gamma<float>(k, {m});
  };
  // below lam 32 and n min(p, 1 - p) 30 the scalar's table and the array's summed terms
  for (double lam : {0.0, 1e-9, 3.5, 10.0, 31.99, 37.25, 1e6})
    same(lam, 0, poisson);
  for (auto [n, p] : {std::pair{20.0, 0.3},
                      {20.0, 0.9},
                      {1000.0, 0.3},
                      {1000.0, 0.8},
                      {0.0, 0.5},
                      {1.0, 0.5},
                      {1e9, 3e-8},
                      {100.0, 0.3}})
    same(n, p, binomial);
  for (double k : {0.0, 0.3, 1.0, 2.0, 150.5}) {
    same(k, 2.5, gamma);
    same(k, 0, gamma_f);
  }
}

TEST_CASE("distribution parameters are checked with NumPy's messages", "[random][distributions]") {
  auto rng = default_rng(9);
  using cupp::value_error;
  CHECK_THROWS_WITH_WORDS(rng.beta(0.0, 1.0), value_error, "a <= 0");
  CHECK_THROWS_WITH_WORDS(rng.gamma(-1.0), value_error, "shape < 0");
  CHECK_THROWS_WITH_WORDS(rng.chisquare(0.0), value_error, "df <= 0");
  CHECK_THROWS_WITH_WORDS(rng.binomial(5.0, 1.5), value_error, "p < 0, p > 1 or p is NaN");
  CHECK_THROWS_WITH_WORDS(rng.binomial(-1.0, 1.5), value_error, "p < 0, p > 1 or p is NaN");
  CHECK_THROWS_WITH_WORDS(rng.binomial(-1.0, 0.5), value_error, "n < 0");
  CHECK_THROWS_WITH_WORDS(rng.geometric(0.0), value_error, "p <= 0, p > 1 or p contains NaNs");
  CHECK_THROWS_WITH_WORDS(rng.logseries(1.0), value_error, "p < 0, p >= 1 or p is NaN");
  CHECK_THROWS_WITH_WORDS(rng.zipf(1.0), value_error, "a <= 1 or a is NaN");
  CHECK_THROWS_WITH_WORDS(rng.poisson(-1.0), value_error, "lam < 0 or lam is NaN");
  CHECK_THROWS_WITH_WORDS(rng.poisson(1e19), value_error, "lam value too large");
  CHECK_THROWS_WITH_WORDS(rng.negative_binomial(std::nan(""), 0.5), value_error,
                          "n must not be NaN");
  CHECK_THROWS_WITH_WORDS(rng.negative_binomial(1e18, 1e-10), value_error, "n too large");
  CHECK_THROWS_WITH_WORDS(rng.hypergeometric(1e9, 1.0, 1.0), value_error,
                          "both ngood and nbad must be less than 1000000000");
  CHECK_THROWS_WITH_WORDS(rng.hypergeometric(2.0, 2.0, 5.0), value_error, "ngood + nbad < nsample");
  CHECK_THROWS_WITH_WORDS(rng.triangular(1.0, 0.0, 2.0), value_error, "left > mode");
  CHECK_THROWS_WITH_WORDS(rng.triangular(0.0, 3.0, 2.0), value_error, "mode > right");
  CHECK_THROWS_WITH_WORDS(rng.triangular(1.0, 1.0, 1.0), value_error, "left == right");
  CHECK_THROWS_WITH_WORDS(rng.wald(1.0, 0.0), value_error, "scale <= 0");
  CHECK_THROWS_WITH_WORDS(rng.vonmises(0.0, -1.0), value_error, "kappa < 0");
  // array parameters: checked in the kernel, raised at the next sync with the array wording
  CHECK_THROWS_WITH_WORDS(cupp_test::host(rng.binomial(5.0, cupp::asarray<double>({0.5, 2.0}))),
                          value_error, "p < 0, p > 1 or p contains NaNs");
  CHECK_THROWS_WITH_WORDS(cupp_test::host(rng.poisson(cupp::asarray<double>({1.0, std::nan("")}))),
                          value_error, "lam value too large");
}

TEST_CASE("array parameters are checked against each other in the kernel",
          "[random][distributions]") {
  auto rng = default_rng(10);
  using cupp::overflow_error;
  using cupp::value_error;
  const auto a = [](std::initializer_list<double> v) { return cupp::asarray(v); };
  const double nan = std::nan("");
  // triangular: NumPy's order within an element; equal left and mode (or mode and right) pass
  CHECK_THROWS_WITH_WORDS(rng.triangular(a({0.0, 2.0}), 1.0, 3.0).get(), value_error,
                          "left > mode");
  CHECK_THROWS_WITH_WORDS(rng.triangular(0.0, a({0.5, 4.0}), 3.0).get(), value_error,
                          "mode > right");
  CHECK_THROWS_WITH_WORDS(rng.triangular(a({0.0, 1.0}), 1.0, a({2.0, 1.0})).get(), value_error,
                          "left == right");
  CHECK_THROWS_WITH_WORDS(rng.triangular(a({2.0}), 1.0, 0.5).get(), value_error, "left > mode");
  const auto t = rng.triangular(a({0.0, 0.0, nan}), a({0.0, 1.0, 0.5}), a({1.0, 1.0, 1.0})).get();
  CHECK((t[0] >= 0 && t[0] <= 1 && t[1] >= 0 && t[1] <= 1 && std::isnan(t[2]))); // NaN passes
  // hypergeometric: the counts' bound, then the sum, then each count's sign (NumPy's order)
  CHECK_THROWS_WITH_WORDS(rng.hypergeometric(a({2.0, 3.0}), 2.0, 5.0).get(), value_error,
                          "ngood + nbad < nsample");
  CHECK_THROWS_WITH_WORDS(rng.hypergeometric(a({1e9}), 1.0, 0.0).get(), value_error,
                          "both ngood and nbad must be less than 1000000000");
  CHECK_THROWS_WITH_WORDS(rng.hypergeometric(1.0, a({5.0, 2e9}), a({0.0, 3e9})).get(), value_error,
                          "both ngood and nbad must be less than 1000000000");
  CHECK_THROWS_WITH_WORDS(rng.hypergeometric(a({-5.0}), 1.0, 0.0).get(), value_error,
                          "ngood + nbad < nsample");
  CHECK_THROWS_WITH_WORDS(rng.hypergeometric(a({-1.0}), 5.0, 1.0).get(), value_error, "ngood < 0");
  CHECK_THROWS_WITH_WORDS(rng.hypergeometric(2.5, 2.9, a({5.0})).get(), value_error,
                          "ngood + nbad < nsample"); // counts truncated: 2 + 2 < 5
  CHECK(rng.hypergeometric(a({2.0, 3.0}), 2.0, 4.0).get().size() == 2);
  // uniform: a finite range (an OverflowError), then not negative (-0.0 is)
  CHECK_THROWS_WITH_WORDS(rng.uniform(a({0.0, -1e308}), a({1.0, 1e308})).get(), overflow_error,
                          "Range exceeds valid bounds");
  CHECK_THROWS_WITH_WORDS(rng.uniform(a({nan}), 1.0).get(), overflow_error,
                          "Range exceeds valid bounds");
  CHECK_THROWS_WITH_WORDS(rng.uniform(a({0.0, 1.0}), 0.5).get(), value_error, "high - low < 0");
  CHECK_THROWS_WITH_WORDS(rng.uniform(a({0.0}), a({-0.0})).get(), value_error, "high - low < 0");
  CHECK_THROWS_WITH_WORDS(rng.uniform(0.0, -0.0), value_error, "high - low < 0");
  CHECK_THROWS_WITH_WORDS(rng.uniform(0.0, std::numeric_limits<double>::infinity()), overflow_error,
                          "high - low range exceeds valid bounds");
  CHECK(rng.uniform(a({1.0, 2.0}), 2.0).get()[1] == 2.0); // low == high gives low
  // negative_binomial: n's and p's own checks, then the Poisson mean's bound
  CHECK_THROWS_WITH_WORDS(rng.negative_binomial(a({3.0, 1e18}), 1e-10).get(), value_error,
                          "n too large or p too small, see Generator.negative_binomial Notes");
  CHECK_THROWS_WITH_WORDS(rng.negative_binomial(1e18, a({0.5, 1e-10})).get(), value_error,
                          "n too large or p too small");
  CHECK_THROWS_WITH_WORDS(rng.negative_binomial(a({-1.0}), a({1e-10})).get(), value_error,
                          "n <= 0");
  CHECK(rng.negative_binomial(a({3.0, 10.0}), 0.5).get().size() == 2);
  // the fault is cleared once raised
  CHECK(rng.triangular(a({0.0}), 0.5, 1.0).get().size() == 1);
}
