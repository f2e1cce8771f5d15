// The Generator's multivariate distributions through its public methods: result shapes (size
// None, an int, a tuple; multinomial's broadcast n), each row's sum, the marginals against exact
// pmfs (chi-square) and CDFs (KS), the joint law of small cases against its exact pmf, p = 1e-6
// with fixed seeds; the edge cases, every NumPy error message, and reproducibility (a row
// depends only on the generator's state and the row's index).
#include "random_testing.hpp"
#include "testing.hpp"

#include <cupp/random/random.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <string>
#include <tuple>
#include <vector>

using cupp::random::default_rng;
using i64 = std::int64_t;

namespace {
using cupp_test::binomial_pmf;
using cupp_test::hypergeometric_pmf;
using cupp_test::log_choose;
constexpr cupp::index_t rows = 1 << 18;

/// Matches an exception whose message is exactly `m`.
class message_is : public cupp_test::matcher_base<std::exception> {
public:
  explicit message_is(std::string m) : m_(std::move(m)) {}
  bool match(const std::exception& e) const override { return e.what() == m_; }
  std::string describe() const override { return "message is \"" + m_ + "\""; }

private:
  std::string m_;
};
#define CHECK_THROWS_EXACTLY(expr, type, msg) CHECK_THROWS_MATCHES(expr, type, message_is(msg))

/// Column j of a C-contiguous (rows, k) result.
template <class T> std::vector<T> column(const std::vector<T>& h, std::size_t k, std::size_t j) {
  std::vector<T> c;
  c.reserve(h.size() / k);
  for (std::size_t i = j; i < h.size(); i += k)
    c.push_back(h[i]);
  return c;
}
/// The sums of the rows of a C-contiguous (rows, k) result.
template <class T> std::vector<double> row_sums(const std::vector<T>& h, std::size_t k) {
  std::vector<double> s(h.size() / k, 0.0);
  for (std::size_t i = 0; i < h.size(); ++i)
    s[i / k] += static_cast<double>(h[i]);
  return s;
}

/// Whether consecutive values are uncorrelated (|rho| below 5 standard errors, p < 1e-6): rows
/// are independent draws, not copies or shifts of one stream.
template <class T> bool uncorrelated(const std::vector<T>& c) {
  double mean = 0, var = 0, cov = 0;
  for (const T v : c)
    mean += static_cast<double>(v);
  mean /= static_cast<double>(c.size());
  for (std::size_t i = 0; i < c.size(); ++i) {
    const double x = static_cast<double>(c[i]) - mean;
    var += x * x;
    if (i + 1 < c.size()) cov += x * (static_cast<double>(c[i + 1]) - mean);
  }
  return var > 0 && std::fabs(cov / var) < 5 / std::sqrt(static_cast<double>(c.size()));
}

/// Chi-square of the values (all in [first, last]) against `pmf`.
bool fits_pmf(const std::vector<i64>& v, i64 first, i64 last,
              const std::function<double(i64)>& pmf) {
  std::vector<double> counts(static_cast<std::size_t>(last - first + 1), 0.0), p(counts.size());
  for (const i64 x : v) {
    if (x < first || x > last) return false;
    counts[static_cast<std::size_t>(x - first)] += 1;
  }
  if (first == last) return true; // one value: nothing to test
  for (i64 k = first; k <= last; ++k)
    p[static_cast<std::size_t>(k - first)] = pmf(k);
  const auto [stat, df] = cupp_test::chi_square(counts, p, static_cast<double>(v.size()));
  return stat < cupp_test::chi_square_critical(df);
}

/// Chi-square of whole rows against the joint pmf of the rows that `outcomes` lists.
bool fits_joint(const std::vector<i64>& h, std::size_t k,
                const std::map<std::vector<i64>, double>& outcomes) {
  std::map<std::vector<i64>, double> seen;
  for (std::size_t i = 0; i < h.size(); i += k) {
    std::vector<i64> r(h.begin() + static_cast<std::ptrdiff_t>(i),
                       h.begin() + static_cast<std::ptrdiff_t>(i + k));
    if (!outcomes.count(r)) return false; // an impossible row
    seen[r] += 1;
  }
  std::vector<double> counts, p;
  for (const auto& [r, pr] : outcomes) {
    counts.push_back(seen.count(r) ? seen[r] : 0.0);
    p.push_back(pr);
  }
  const auto [stat, df] = cupp_test::chi_square(counts, p, static_cast<double>(h.size() / k));
  return stat < cupp_test::chi_square_critical(df);
}

/// The regularized incomplete beta function I_x(a, b) (Lentz's continued fraction).
double beta_cf(double a, double b, double x) {
  constexpr double tiny = 1e-300;
  const double qab = a + b, qap = a + 1, qam = a - 1;
  double c = 1, d = 1 - qab * x / qap;
  d = 1 / (std::fabs(d) < tiny ? tiny : d);
  double h = d;
  for (int m = 1; m < 100000; ++m) {
    const double m2 = 2.0 * m;
    double aa = m * (b - m) * x / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    d = 1 / (std::fabs(d) < tiny ? tiny : d);
    c = 1 + aa / c;
    c = std::fabs(c) < tiny ? tiny : c;
    h *= d * c;
    aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    d = 1 / (std::fabs(d) < tiny ? tiny : d);
    c = 1 + aa / c;
    c = std::fabs(c) < tiny ? tiny : c;
    const double del = d * c;
    h *= del;
    if (std::fabs(del - 1) < 1e-15) break;
  }
  return h;
}
double beta_cdf(double a, double b, double x) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const double front = std::exp(std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) +
                                a * std::log(x) + b * std::log1p(-x));
  if (x < (a + 1) / (a + b + 2)) return front * beta_cf(a, b, x) / a;
  return 1 - front * beta_cf(b, a, 1 - x) / b;
}
/// KS against Beta(a, b) over [1e-10, 1 - 1e-10]: the supremum over a part of the line, so the
/// threshold of the whole one still holds. Outside it float64 cannot follow the law: with alpha
/// below 0.1 a few percent of the values lie within 1e-14 of 1, where the spacing of doubles is
/// 1e-16, and stick-breaking's 1 - v (NumPy's too) keeps only that absolute precision.
bool fits_beta(std::vector<double> v, double a, double b) {
  constexpr double lo = 1e-10, hi = 1 - 1e-10;
  std::sort(v.begin(), v.end());
  const auto n = static_cast<double>(v.size());
  const auto cdf = [=](double x) { return beta_cdf(a, b, x); };
  const auto below = [&](double x) { // the empirical CDF at x
    return static_cast<double>(std::upper_bound(v.begin(), v.end(), x) - v.begin()) / n;
  };
  double d = std::max(std::fabs(below(lo) - cdf(lo)), std::fabs(below(hi) - cdf(hi)));
  for (std::size_t k = 0; k < v.size(); ++k)
    if (v[k] >= lo && v[k] <= hi) {
      const double f = cdf(v[k]);
      d = std::max({d, f - static_cast<double>(k) / n, static_cast<double>(k + 1) / n - f});
    }
  return d < cupp_test::ks_critical(v.size());
}
} // namespace

// ---- multinomial -------------------------------------------------------------------------------

TEST_CASE("multinomial rows sum to n with binomial marginals", "[random][multivariate]") {
  auto rng = default_rng(20261203);
  struct point {
    double n;
    std::vector<double> p;
  };
  // inversion (n p <= 30) and BTPE; a zero probability; a last entry that is ignored (the last
  // count takes the trials left: probability 0.4, not 0.9)
  for (const auto& [n, p] : {point{30, {0.2, 0.5, 0.1, 0.2}}, point{1000, {0.3, 0.0, 0.7}},
                             point{12, {0.3, 0.3, 0.9}}}) {
    const auto k = p.size();
    const auto r = rng.multinomial(n, p, rows);
    REQUIRE(r.shape() == cupp::shape_t{rows, static_cast<cupp::index_t>(k)});
    const auto h = cupp_test::host(r);
    const auto sums = row_sums(h, k);
    CHECK(std::all_of(sums.begin(), sums.end(), [&](double s) { return s == n; }));
    CHECK(uncorrelated(column(h, k, 0)));
    double rest = 1;
    for (std::size_t j = 0; j < k; ++j) {
      const double pj = j + 1 < k ? p[j] : rest;
      rest -= p[j];
      INFO("n = " << n << ", category " << j << ", p = " << pj);
      CHECK(fits_pmf(column(h, k, j), 0, static_cast<i64>(n), binomial_pmf(n, pj)));
    }
  }
  // at this size a probability off by 0.005 is seen
  const auto h = cupp_test::host(rng.multinomial(30, {0.2, 0.8}, rows));
  CHECK_FALSE(fits_pmf(column(h, 2, 0), 0, 30, binomial_pmf(30, 0.205)));
}

TEST_CASE("multinomial rows follow the joint multinomial pmf", "[random][multivariate]") {
  auto rng = default_rng(77);
  const std::vector<double> p{0.2, 0.5, 0.3};
  std::map<std::vector<i64>, double> outcomes;
  for (i64 a = 0; a <= 4; ++a)
    for (i64 b = 0; a + b <= 4; ++b) {
      const i64 c = 4 - a - b;
      outcomes[{a, b, c}] = std::exp(std::lgamma(5.0) - std::lgamma(a + 1.0) -
                                     std::lgamma(b + 1.0) - std::lgamma(c + 1.0) +
                                     a * std::log(p[0]) + b * std::log(p[1]) + c * std::log(p[2]));
    }
  CHECK(fits_joint(cupp_test::host(rng.multinomial(4, p, rows)), 3, outcomes));
}

TEST_CASE("multinomial shapes and broadcast n", "[random][multivariate]") {
  auto rng = default_rng(5);
  using cupp::shape_t;
  CHECK(rng.multinomial(10, {0.5, 0.5}).shape() == shape_t{2});
  CHECK(rng.multinomial(10, {0.5, 0.5}, 7).shape() == shape_t{7, 2});
  CHECK(rng.multinomial(10, {0.2, 0.3, 0.5}, {2, 3}).shape() == shape_t{2, 3, 3});
  CHECK(rng.multinomial(10, {0.5, 0.5}, shape_t{}).shape() == shape_t{2});

  // an array n: its shape + (d,), or size + (d,) with n broadcast to size
  const auto n = cupp::asarray<i64>({0, 5, 100});
  const auto a = rng.multinomial(n, {0.25, 0.25, 0.5});
  REQUIRE(a.shape() == shape_t{3, 3});
  CHECK(row_sums(cupp_test::host(a), 3) == std::vector<double>{0, 5, 100});
  const auto b = rng.multinomial(n, {0.25, 0.75}, {4, 3});
  REQUIRE(b.shape() == shape_t{4, 3, 2});
  const auto sb = row_sums(cupp_test::host(b), 2);
  for (std::size_t i = 0; i < sb.size(); ++i)
    CHECK(sb[i] == std::vector<double>{0, 5, 100}[i % 3]);
  const auto col = cupp::asarray<i64>({{2}, {9}});
  const auto c = rng.multinomial(col, {0.5, 0.5}, {2, 3});
  REQUIRE(c.shape() == shape_t{2, 3, 2});
  CHECK(row_sums(cupp_test::host(c), 2) == std::vector<double>{2, 2, 2, 9, 9, 9});
  const auto zero_d = rng.multinomial(cupp::full<i64>({}, 6), {0.5, 0.5}, 4);
  CHECK(zero_d.shape() == shape_t{4, 2});
  CHECK(row_sums(cupp_test::host(zero_d), 2) == std::vector<double>(4, 6));
  // floating n is truncated, as NumPy converts a float n to int64
  CHECK(row_sums(cupp_test::host(rng.multinomial(5.7, {0.5, 0.5}, 3)), 2) ==
        std::vector<double>(3, 5));
  CHECK(cupp_test::host(rng.multinomial(-0.5, {0.5, 0.5})) == std::vector<i64>{0, 0});
  CHECK(rng.multinomial(cupp::zeros<i64>({0}), {0.5, 0.5}).shape() == shape_t{0, 2});
}

TEST_CASE("multinomial edge cases", "[random][multivariate]") {
  auto rng = default_rng(6);
  using cupp::shape_t;
  CHECK(cupp_test::host(rng.multinomial(7, {1.0}, 3)) == std::vector<i64>(3, 7)); // k = 1
  CHECK(cupp_test::host(rng.multinomial(7, {0.25})) == std::vector<i64>{7});      // the rest: all
  CHECK(cupp_test::host(rng.multinomial(0, {0.2, 0.8}, 4)) == std::vector<i64>(8, 0));
  CHECK(cupp_test::host(rng.multinomial(9, {0.0, 1.0}, 2)) == std::vector<i64>{0, 9, 0, 9});
  CHECK(cupp_test::host(rng.multinomial(9, {1.0, 0.0}, 2)) == std::vector<i64>{9, 0, 9, 0});
  CHECK(rng.multinomial(5, {0.7, 0.7}).shape() == shape_t{2}); // the last entry is not summed
  const auto empty = rng.multinomial(5, {0.5, 0.5}, 0);
  CHECK(empty.shape() == shape_t{0, 2});
  CHECK(rng.multinomial(5, {0.5, 0.5}, {2, 0}).shape() == shape_t{2, 0, 2});
  // a sum within 1e-12 of 1 is accepted
  CHECK(rng.multinomial(5, {0.5, 0.5 + 1e-13, 0.0}).shape() == shape_t{3});
}

// ---- dirichlet ---------------------------------------------------------------------------------

TEST_CASE("dirichlet rows sum to 1 with beta marginals", "[random][multivariate]") {
  auto rng = default_rng(4711);
  // gammas normalized; below 0.1 everywhere, stick-breaking with betas (a 0 alpha included)
  for (const auto& alpha :
       {std::vector<double>{0.5, 2, 3.5}, std::vector<double>{1, 1, 1, 1, 1},
        std::vector<double>{0.05, 0.02, 0.08}, std::vector<double>{0.05, 0.0, 0.09}}) {
    const auto k = alpha.size();
    const auto r = rng.dirichlet(alpha, rows);
    REQUIRE(r.shape() == cupp::shape_t{rows, static_cast<cupp::index_t>(k)});
    const auto h = cupp_test::host(r);
    const auto sums = row_sums(h, k);
    CHECK(std::all_of(sums.begin(), sums.end(), [](double s) { return std::fabs(s - 1) < 1e-12; }));
    CHECK(std::all_of(h.begin(), h.end(), [](double v) { return v >= 0 && v <= 1; }));
    CHECK(uncorrelated(column(h, k, 0)));
    double a0 = 0;
    for (const double a : alpha)
      a0 += a;
    for (std::size_t j = 0; j < k; ++j) {
      INFO("alpha[" << j << "] = " << alpha[j] << " of a sum " << a0);
      const auto c = column(h, k, j);
      if (alpha[j] == 0)
        CHECK(std::all_of(c.begin(), c.end(), [](double v) { return v == 0; }));
      else
        CHECK(fits_beta(c, alpha[j], a0 - alpha[j]));
    }
    // the joint law: x0 / (x0 + x2) is Beta(alpha0, alpha2)
    std::vector<double> ratio;
    for (std::size_t i = 0; i < h.size(); i += k)
      if (h[i] + h[i + 2] > 0) ratio.push_back(h[i] / (h[i] + h[i + 2]));
    INFO("x0 / (x0 + x2) of alpha " << alpha[0] << ", " << alpha[2]);
    CHECK(ratio.size() > rows / 2);
    CHECK(fits_beta(ratio, alpha[0], alpha[2]));
  }
  // at this size a 3% error in an alpha is seen
  const auto h = cupp_test::host(rng.dirichlet({2.0, 3.0}, rows));
  CHECK_FALSE(fits_beta(column(h, 2, 0), 2.06, 3.0));
}

TEST_CASE("dirichlet shapes and edge cases", "[random][multivariate]") {
  auto rng = default_rng(12);
  using cupp::shape_t;
  CHECK(rng.dirichlet({1.0, 2.0}).shape() == shape_t{2});
  CHECK(rng.dirichlet({1.0, 2.0}, 5).shape() == shape_t{5, 2});
  CHECK(rng.dirichlet({1.0, 2.0, 3.0}, {2, 4}).shape() == shape_t{2, 4, 3});
  const auto one = cupp_test::host(rng.dirichlet({2.5}, 3)); // k = 1: g * (1 / g), as NumPy
  CHECK(std::all_of(one.begin(), one.end(), [](double v) { return std::fabs(v - 1) <= 0x1p-52; }));
  CHECK(cupp_test::host(rng.dirichlet({0.05}, 3)) == std::vector<double>(3, 1.0));
  CHECK(cupp_test::host(rng.dirichlet({0.0, 0.0}, 2)) == std::vector<double>(4, 0.0));
  CHECK(cupp_test::host(rng.dirichlet({0.0, 3.0}, 2)) == std::vector<double>{0, 1, 0, 1});
  CHECK(cupp_test::host(rng.dirichlet({-0.0, 1.0})) == std::vector<double>{0, 1});
  const auto nan = cupp_test::host(rng.dirichlet({std::nan(""), 1.0}));
  CHECK((std::isnan(nan[0]) && std::isnan(nan[1]))); // NumPy's NaNs
  CHECK(rng.dirichlet(std::vector<double>{}).shape() == shape_t{0});
  CHECK(rng.dirichlet({}, 3).shape() == shape_t{3, 0});
  CHECK(rng.dirichlet({1.0}, 0).shape() == shape_t{0, 1});
}

// ---- multivariate_hypergeometric ---------------------------------------------------------------

TEST_CASE("multivariate_hypergeometric rows sum to nsample with hypergeometric marginals",
          "[random][multivariate]") {
  auto rng = default_rng(99);
  struct point {
    i64 nsample;
    std::vector<i64> colors;
  };
  // small samples, the complement (nsample > total / 2), an empty color, HRUA's range
  for (const auto& [nsample, colors] :
       {point{7, {5, 10, 15}}, point{22, {5, 10, 15}}, point{120, {20, 50, 0, 130}}}) {
    const auto k = colors.size();
    i64 total = 0;
    for (const i64 c : colors)
      total += c;
    for (const char* method : {"marginals", "count"}) {
      const auto r = rng.multivariate_hypergeometric(colors, nsample, rows / 4, method);
      REQUIRE(r.shape() == cupp::shape_t{rows / 4, static_cast<cupp::index_t>(k)});
      const auto h = cupp_test::host(r);
      const auto sums = row_sums(h, k);
      CHECK(std::all_of(sums.begin(), sums.end(),
                        [&](double s) { return s == static_cast<double>(nsample); }));
      CHECK(uncorrelated(column(h, k, 0)));
      for (std::size_t j = 0; j < k; ++j) {
        INFO(method << ": nsample " << nsample << " of " << total << ", color " << j);
        const auto g = static_cast<double>(colors[j]);
        CHECK(fits_pmf(
            column(h, k, j), 0, colors[j],
            hypergeometric_pmf(g, static_cast<double>(total) - g, static_cast<double>(nsample))));
      }
    }
  }
  // at this size one color's count off by one item is seen
  const auto h = cupp_test::host(rng.multivariate_hypergeometric({10, 20}, 9, rows / 4));
  CHECK_FALSE(fits_pmf(column(h, 2, 0), 0, 10, hypergeometric_pmf(11, 19, 9)));
}

TEST_CASE("multivariate_hypergeometric rows follow the joint pmf by both methods",
          "[random][multivariate]") {
  auto rng = default_rng(123);
  const std::vector<i64> colors{3, 4, 5};
  for (const i64 nsample : {4, 9}) { // 9 > 12 / 2: the complement is drawn
    std::map<std::vector<i64>, double> outcomes;
    for (i64 a = 0; a <= 3; ++a)
      for (i64 b = 0; b <= 4; ++b) {
        const i64 c = nsample - a - b;
        if (c < 0 || c > 5) continue;
        outcomes[{a, b, c}] = std::exp(log_choose(3, a) + log_choose(4, b) + log_choose(5, c) -
                                       log_choose(12, nsample));
      }
    for (const char* method : {"marginals", "count"}) {
      INFO(method << ", nsample " << nsample);
      CHECK(fits_joint(
          cupp_test::host(rng.multivariate_hypergeometric(colors, nsample, rows, method)), 3,
          outcomes));
    }
  }
}

TEST_CASE("multivariate_hypergeometric shapes and edge cases", "[random][multivariate]") {
  auto rng = default_rng(13);
  using cupp::shape_t;
  for (const char* method : {"marginals", "count"}) {
    INFO(method);
    CHECK(rng.multivariate_hypergeometric({16, 8, 4}, 6, {}, method).shape() == shape_t{3});
    CHECK(rng.multivariate_hypergeometric({16, 8, 4}, 6, 3, method).shape() == shape_t{3, 3});
    CHECK(rng.multivariate_hypergeometric({16, 8, 4}, 6, {2, 2}, method).shape() ==
          shape_t{2, 2, 3});
    CHECK(cupp_test::host(rng.multivariate_hypergeometric({3, 4}, 0, 2, method)) ==
          std::vector<i64>(4, 0));
    CHECK(cupp_test::host(rng.multivariate_hypergeometric({3, 0, 4}, 7, 2, method)) ==
          std::vector<i64>{3, 0, 4, 3, 0, 4}); // nsample = sum(colors)
    CHECK(cupp_test::host(rng.multivariate_hypergeometric({9}, 5, 2, method)) ==
          std::vector<i64>{5, 5}); // k = 1
    CHECK(cupp_test::host(rng.multivariate_hypergeometric({0, 0}, 0, 1, method)) ==
          std::vector<i64>{0, 0});
    CHECK(rng.multivariate_hypergeometric({}, 0, {}, method).shape() == shape_t{0});
    CHECK(rng.multivariate_hypergeometric({}, 0, {2, 3}, method).shape() == shape_t{2, 3, 0});
    CHECK(rng.multivariate_hypergeometric({3, 4}, 2, 0, method).shape() == shape_t{0, 2});
  }
  const std::vector<i64> colors{2, 5};
  CHECK(rng.multivariate_hypergeometric(colors, 3).shape() == shape_t{2});
  // counts beyond 2^53 are exact in int64 (the complement: all but 3 items of 2^58 + 1)
  const i64 big = i64{1} << 58;
  CHECK(cupp_test::host(rng.multivariate_hypergeometric({big, 1}, big - 2, {}, "count")) ==
        std::vector<i64>{big - 3, 1});
}

// ---- NumPy's errors ----------------------------------------------------------------------------

TEST_CASE("multivariate parameters are checked with NumPy's messages", "[random][multivariate]") {
  auto rng = default_rng(14);
  using cupp::overflow_error;
  using cupp::shape_t;
  using cupp::value_error;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();

  // multinomial, in NumPy's order: n's conversion, pvals' length, values, sum, then n
  CHECK_THROWS_EXACTLY(rng.multinomial(nan, {0.5, 0.5}), value_error,
                       "cannot convert float NaN to integer");
  CHECK_THROWS_EXACTLY(rng.multinomial(nan, std::vector<double>{}), value_error,
                       "cannot convert float NaN to integer");
  CHECK_THROWS_EXACTLY(rng.multinomial(inf, {0.5, 0.5}), overflow_error,
                       "cannot convert float infinity to integer");
  CHECK_THROWS_EXACTLY(rng.multinomial(-inf, {0.5, 0.5}), overflow_error,
                       "cannot convert float infinity to integer");
  CHECK_THROWS_EXACTLY(rng.multinomial(1e19, {0.5, 0.5}), overflow_error,
                       "Python int too large to convert to C long");
  CHECK_THROWS_EXACTLY(rng.multinomial(5, std::vector<double>{}), value_error,
                       "pvals must have at least 1 dimension and the last dimension of pvals "
                       "must be greater than 0.");
  CHECK_THROWS_EXACTLY(rng.multinomial(-1, std::vector<double>{}), value_error,
                       "pvals must have at least 1 dimension and the last dimension of pvals "
                       "must be greater than 0.");
  CHECK_THROWS_EXACTLY(rng.multinomial(5, {1.5, -0.5}), value_error,
                       "pvals < 0, pvals > 1 or pvals contains NaNs");
  CHECK_THROWS_EXACTLY(rng.multinomial(5, {nan, 0.5}), value_error,
                       "pvals < 0, pvals > 1 or pvals contains NaNs");
  CHECK_THROWS_EXACTLY(rng.multinomial(-1, {2.0, 0.0}), value_error,
                       "pvals < 0, pvals > 1 or pvals contains NaNs");
  CHECK_THROWS_EXACTLY(rng.multinomial(5, {0.7, 0.7, 0.1}), value_error, "sum(pvals[:-1]) > 1.0");
  CHECK_THROWS_EXACTLY(rng.multinomial(5, {0.5, 0.5 + 1e-11, 0.0}), value_error,
                       "sum(pvals[:-1]) > 1.0");
  CHECK_THROWS_EXACTLY(rng.multinomial(-1, {0.5, 0.5}), value_error, "n < 0");
  CHECK_THROWS_EXACTLY(rng.multinomial(-1, {0.5, 0.5}, {2, 3}), value_error, "n < 0");
  const auto n3 = cupp::asarray<i64>({1, 2, 3});
  CHECK_THROWS_EXACTLY(rng.multinomial(n3, {0.5, 0.5}, {2, 4}), value_error,
                       "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch "
                       "is between arg 0 with shape (3,) and arg 2 with shape (2, 4).");
  CHECK_THROWS_EXACTLY(rng.multinomial(cupp::ones<i64>({1, 5}), {0.5, 0.5}, {2, 4}), value_error,
                       "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch "
                       "is between arg 0 with shape (1, 5) and arg 2 with shape (2, 4).");
  CHECK_THROWS_EXACTLY(rng.multinomial(n3, {0.5, 0.5}, {3, 1}), value_error,
                       "Output size (3, 1) is not compatible with broadcast dimensions of inputs "
                       "(3, 3).");
  CHECK_THROWS_EXACTLY(rng.multinomial(cupp::ones<i64>({2, 1}), {0.5, 0.5}, 3), value_error,
                       "Output size (3,) is not compatible with broadcast dimensions of inputs "
                       "(2, 3).");
  CHECK_THROWS_EXACTLY(rng.multinomial(n3, {0.5, 0.5}, shape_t{}), value_error,
                       "Output size () is not compatible with broadcast dimensions of inputs "
                       "(3,).");
  CHECK_THROWS_EXACTLY(rng.multinomial(5, {0.5, 0.5}, -1), value_error,
                       "negative dimensions are not allowed");
  CHECK_THROWS_EXACTLY(rng.multinomial(n3, {0.5, 0.5}, {-1, 3}), value_error,
                       "negative dimensions are not allowed");
  // an array n: checked in the kernel, raised at the next sync point
  CHECK_THROWS_EXACTLY(cupp_test::host(rng.multinomial(cupp::asarray<i64>({3, -1}), {0.5, 0.5})),
                       value_error, "n < 0");
  CHECK_THROWS_EXACTLY(
      cupp_test::host(rng.multinomial(cupp::asarray<double>({3.0, nan}), {0.5, 0.5})), value_error,
      "n < 0");
  CHECK(row_sums(cupp_test::host(rng.multinomial(cupp::asarray<i64>({3, 4}), {0.5, 0.5})), 2) ==
        std::vector<double>{3, 4}); // the fault was cleared

  // dirichlet
  CHECK_THROWS_EXACTLY(rng.dirichlet({-1.0, 0.0}), value_error, "alpha < 0");
  CHECK_THROWS_EXACTLY(rng.dirichlet({1.0, -1e-300}, 3), value_error, "alpha < 0");

  // multivariate_hypergeometric, in NumPy's order
  const std::string too_many = "9223372036854775807";
  CHECK_THROWS_EXACTLY(rng.multivariate_hypergeometric({1, 2}, 1, {}, "x"), value_error,
                       "method must be \"count\" or \"marginals\".");
  CHECK_THROWS_EXACTLY(rng.multivariate_hypergeometric({1, 2}, -1, {}, "x"), value_error,
                       "method must be \"count\" or \"marginals\".");
  CHECK_THROWS_EXACTLY(rng.multivariate_hypergeometric({1, 2}, -1), value_error,
                       "nsample must be nonnegative.");
  CHECK_THROWS_EXACTLY(rng.multivariate_hypergeometric({1, -2}, -1), value_error,
                       "nsample must be nonnegative.");
  CHECK_THROWS_EXACTLY(rng.multivariate_hypergeometric({1, -2}, 1), value_error,
                       "colors must be a one-dimensional sequence of nonnegative integers not "
                       "exceeding " +
                           too_many + ".");
  CHECK_THROWS_EXACTLY(
      rng.multivariate_hypergeometric({i64{1} << 62, i64{1} << 62}, 1), value_error,
      "sum(colors) must not exceed the maximum value of a 64 bit signed integer (" + too_many +
          ")");
  CHECK_THROWS_EXACTLY(rng.multivariate_hypergeometric({1000000000}, 1), value_error,
                       "When method is \"marginals\", sum(colors) must be less than 1000000000.");
  CHECK(rng.multivariate_hypergeometric({999999999}, 1).shape() == shape_t{1});
  CHECK(rng.multivariate_hypergeometric({1000000000}, 1, {}, "count").shape() == shape_t{1});
  CHECK_THROWS_EXACTLY(rng.multivariate_hypergeometric({i64{1} << 61}, 1, {}, "count"), value_error,
                       "When method is 'count', sum(colors) must not exceed 1152921504606846975");
  CHECK_THROWS_EXACTLY(rng.multivariate_hypergeometric({1, 2}, 4), value_error,
                       "nsample > sum(colors)");
  CHECK_THROWS_EXACTLY(rng.multivariate_hypergeometric({}, 1), value_error,
                       "nsample > sum(colors)");
  CHECK_THROWS_EXACTLY(rng.multivariate_hypergeometric({1, 2}, 1, -2), value_error,
                       "negative dimensions are not allowed");
}

// ---- reproducibility ---------------------------------------------------------------------------

TEST_CASE("multivariate draws are reproducible and row-indexed", "[random][multivariate]") {
  const auto draws = [](cupp::random::Generator& rng, cupp::index_t m) {
    return std::tuple{
        cupp_test::host(rng.multinomial(50, {0.1, 0.2, 0.3, 0.4}, m)),
        cupp_test::host(rng.dirichlet({0.5, 1.5, 3.0}, m)),
        cupp_test::host(rng.dirichlet({0.01, 0.05}, m)),
        cupp_test::host(rng.multivariate_hypergeometric({10, 20, 30}, 25, m)),
        cupp_test::host(rng.multivariate_hypergeometric({10, 20, 30}, 25, m, "count"))};
  };
  auto a = default_rng(2024), b = default_rng(2024), c = default_rng(2025);
  const auto x = draws(a, 1000), y = draws(b, 1000), z = draws(c, 1000);
  CHECK(x == y);
  CHECK(std::get<0>(x) != std::get<0>(z));
  CHECK(std::get<1>(x) != std::get<1>(z));
  CHECK(std::get<3>(x) != std::get<3>(z));
  // row r depends only on (state, call, r): 10 rows are the first 10 of 1000
  auto d = default_rng(2024);
  const auto w = draws(d, 10);
  const auto prefix = [](const auto& v, std::size_t k) {
    return std::vector(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(10 * k));
  };
  CHECK(std::get<0>(w) == prefix(std::get<0>(x), 4));
  CHECK(std::get<1>(w) == prefix(std::get<1>(x), 3));
  CHECK(std::get<2>(w) == prefix(std::get<2>(x), 2));
  CHECK(std::get<3>(w) == prefix(std::get<3>(x), 3));
  CHECK(std::get<4>(w) == prefix(std::get<4>(x), 3));
  // an array n of equal counts gives the rows of the scalar n
  auto e = default_rng(7), f = default_rng(7);
  CHECK(cupp_test::host(e.multinomial(cupp::full<i64>({64}, 40), {0.3, 0.7})) ==
        cupp_test::host(f.multinomial(40, {0.3, 0.7}, 64)));
  // a call of zero rows still takes a call number, as every Generator method
  auto g = default_rng(8), h = default_rng(8), fresh = default_rng(8);
  (void)g.multinomial(5, {0.5, 0.5}, 0);
  (void)h.multivariate_hypergeometric({}, 0, 3);
  const auto second = cupp_test::host(g.dirichlet({1.0, 2.0}, 4));
  CHECK(second == cupp_test::host(h.dirichlet({1.0, 2.0}, 4)));
  CHECK(second != cupp_test::host(fresh.dirichlet({1.0, 2.0}, 4)));
}
#undef CHECK_THROWS_EXACTLY
