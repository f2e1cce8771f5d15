// The per-element distributions (detail/random/distributions.hpp) against their laws, on the
// host: sample i of a test point is drawn from element_stream(key, i), one stream per sample as
// the kernels draw them. Sample means and variances are checked within 5 standard errors of the
// exact values (the error of the variance from the exact 4th central moment; 6 errors from the
// sample's own 4th moment where it is not known), discrete laws also by chi-square against the
// exact pmf and continuous ones by Kolmogorov-Smirnov where the CDF is closed (both at
// p = 1e-6). At 10^6 samples a 1% error of a scale parameter fails. Each point's call number is
// a hash of its name, so the seeds are fixed: a run that passes keeps passing.
// CUPP_RANDOM_Z=1 prints every point's z-scores.
#include "catch.hpp"
#include "random_testing.hpp"

#include <cupp/detail/random/distributions.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <limits>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace {
using cupp_test::binomial_pmf;
using cupp_test::hypergeometric_pmf;
using cupp_test::normal_cdf;
using cupp_test::pi;

namespace dr = cupp::detail::random;
using i64 = std::int64_t;

constexpr std::size_t n_samples = 1000000;
// for points whose checks keep their power with fewer samples (large means, small supports,
// near-uniform laws) or that are slow
constexpr std::size_t n_small = n_samples / 4;
constexpr double not_a_number = std::numeric_limits<double>::quiet_NaN();
const double euler_gamma = 0.5772156649015329;

bool verbose() { return std::getenv("CUPP_RANDOM_Z") != nullptr; }

std::uint64_t call_of(const std::string& name) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : name)
    h = (h ^ c) * 0x100000001b3ull;
  return h & ((std::uint64_t{1} << 48) - 1);
}

/// Sample i = f(element_stream(key, i)), i < n, as doubles.
template <class F>
std::vector<double> draw(const std::string& name, F f, std::size_t n = n_samples) {
  const dr::call_key key{0x243F6A88u, 0x85A308D3u, call_of(name)};
  std::vector<double> x(n);
  for (std::size_t i = 0; i < n; ++i) {
    dr::element_stream s(key, i);
    x[i] = static_cast<double>(f(s));
  }
  return x;
}

/// Rows of a row-valued distribution: row i = f(element_stream(key, i), out, stride) with k
/// values at stride 2 (the entries between must stay untouched), as k columns of n samples and
/// the row sums.
struct rows {
  std::vector<std::vector<double>> cols;
  std::vector<double> sums;
  bool strided = true;
};
template <class T, class F>
rows draw_rows(const std::string& name, std::size_t k, std::size_t n, F f) {
  const dr::call_key key{0x243F6A88u, 0x85A308D3u, call_of(name)};
  rows r{std::vector<std::vector<double>>(k, std::vector<double>(n)), std::vector<double>(n)};
  std::vector<T> out(2 * k);
  for (std::size_t i = 0; i < n; ++i) {
    dr::element_stream s(key, i);
    std::fill(out.begin(), out.end(), T(-7));
    f(s, out.data(), cupp::index_t{2});
    for (std::size_t j = 0; j < k; ++j) {
      r.cols[j][i] = static_cast<double>(out[2 * j]);
      r.sums[i] += static_cast<double>(out[2 * j]);
      r.strided = r.strided && out[2 * j + 1] == T(-7);
    }
  }
  return r;
}

/// Mean, variance and 4th central moment of a law (mu4 NaN: not known).
struct law {
  double mean, var, mu4 = not_a_number;
};
/// The law from the raw moments E X, E X^2, E X^3, E X^4.
law from_raw(double r1, double r2, double r3, double r4) {
  return {r1, r2 - r1 * r1, r4 - 4 * r1 * r3 + 6 * r1 * r1 * r2 - 3 * r1 * r1 * r1 * r1};
}
law gamma_law(double k, double theta) {
  return {k * theta, k * theta * theta, (3 * k * k + 6 * k) * std::pow(theta, 4)};
}
law beta_law(double a, double b) {
  const double s = a + b, var = a * b / (s * s * (s + 1));
  const double excess =
      6 * ((a - b) * (a - b) * (s + 1) - a * b * (s + 2)) / (a * b * (s + 2) * (s + 3));
  return {a / s, var, (3 + excess) * var * var};
}
/// A law given by its mean, variance and excess kurtosis.
law kurtosis_law(double mean, double var, double excess) {
  return {mean, var, (3 + excess) * var * var};
}

/// The z-scores of the sample's mean and variance against `l`; fails beyond 5 (6 when the
/// variance's error comes from the sample's 4th moment).
void check_moments(const std::string& name, const std::vector<double>& x, const law& l) {
  const double n = static_cast<double>(x.size());
  double m = 0;
  for (double v : x)
    m += v;
  m /= n;
  double m2 = 0, m4 = 0;
  for (double v : x) {
    const double d = v - m;
    m2 += d * d;
    m4 += d * d * d * d;
  }
  const double s2 = m2 / (n - 1);
  m4 /= n;
  const double z_mean = (m - l.mean) / std::sqrt(l.var / n);
  const bool exact4 = !std::isnan(l.mu4);
  const double z_var =
      (s2 - l.var) / std::sqrt(exact4 ? (l.mu4 - l.var * l.var) / n : (m4 - s2 * s2) / n);
  if (verbose())
    std::printf("%-44s z_mean %7.3f  z_var %7.3f%s\n", name.c_str(), z_mean, z_var,
                exact4 ? "" : " (sample mu4)");
  INFO(name << ": mean " << m << " (exact " << l.mean << "), variance " << s2 << " (exact " << l.var
            << ")");
  CHECK(std::fabs(z_mean) < 5);
  CHECK(std::fabs(z_var) < (exact4 ? 5 : 6));
}

/// Kolmogorov-Smirnov of the sample against `cdf` at p = 1e-6.
void check_cdf(const std::string& name, const std::vector<double>& x,
               const std::function<double(double)>& cdf) {
  const double d = cupp_test::ks_statistic(x, cdf), crit = cupp_test::ks_critical(x.size());
  if (verbose()) std::printf("%-44s KS %.5f (critical %.5f)\n", name.c_str(), d, crit);
  INFO(name << ": KS statistic " << d);
  CHECK(d < crit);
}

/// Pearson's chi-square of the sample against `pmf` on lo, lo + 1, ...: one bin per value
/// while the values above still expect 5 draws (and below `cap`), the rest in one bin; returns
/// the statistic over its critical value at p = 1e-6 (above 1: rejected). Values below lo or not
/// integral fail.
double chi_square_ratio(const std::string& name, const std::vector<double>& x,
                        const std::function<double(double)>& pmf, i64 lo,
                        i64 cap = std::numeric_limits<i64>::max()) {
  const double n = static_cast<double>(x.size());
  std::vector<double> p;
  double cdf = 0;
  for (i64 k = lo; k < cap; ++k) {
    const double pk = pmf(static_cast<double>(k));
    if (n * (1 - cdf - pk) < 5) break;
    p.push_back(pk);
    cdf += pk;
  }
  p.push_back(1 - cdf);
  std::vector<double> counts(p.size());
  std::size_t outside = 0;
  for (double v : x) {
    if (v < static_cast<double>(lo) || v != std::floor(v)) {
      ++outside;
      continue;
    }
    const double k = v - static_cast<double>(lo);
    counts[k < static_cast<double>(p.size() - 1) ? static_cast<std::size_t>(k) : p.size() - 1] += 1;
  }
  INFO(name);
  CHECK(outside == 0);
  const auto [stat, df] = cupp_test::chi_square(counts, p, n);
  const double crit = cupp_test::chi_square_critical(df);
  if (verbose())
    std::printf("%-44s chi2 %10.1f (df %5d, critical %8.1f)\n", name.c_str(), stat, df, crit);
  return stat / crit;
}

/// The chi-square test of the sample against `pmf` (chi_square_ratio) and, with `moments`, its
/// mean and variance against the pmf's own (summed until the terms vanish).
void check_pmf(const std::string& name, const std::vector<double>& x,
               const std::function<double(double)>& pmf, i64 lo, bool moments = true,
               i64 cap = std::numeric_limits<i64>::max()) {
  const double ratio = chi_square_ratio(name, x, pmf, lo, cap);
  INFO(name << ": chi-square " << ratio << " times its critical value");
  CHECK(ratio < 1);
  if (!moments) return;
  std::vector<double> q;
  double pmax = 0;
  i64 argmax = lo;
  for (i64 k = lo;; ++k) {
    const double pk = pmf(static_cast<double>(k));
    q.push_back(pk);
    if (pk > pmax) {
      pmax = pk;
      argmax = k;
    }
    if (pmax > 0 && k > argmax && pk < 1e-22 * pmax) break;
  }
  double mean = 0;
  for (std::size_t j = 0; j < q.size(); ++j)
    mean += q[j] * static_cast<double>(lo + static_cast<i64>(j));
  double var = 0, mu4 = 0;
  for (std::size_t j = 0; j < q.size(); ++j) {
    const double d = static_cast<double>(lo + static_cast<i64>(j)) - mean;
    var += q[j] * d * d;
    mu4 += q[j] * d * d * d * d;
  }
  check_moments(name, x, {mean, var, mu4});
}

/// Every sample equals v (NaN: every sample is NaN).
void check_all(const std::string& name, const std::vector<double>& x, double v) {
  INFO(name);
  CHECK(std::all_of(x.begin(), x.end(),
                    [v](double y) { return std::isnan(v) ? std::isnan(y) : y == v; }));
}
/// 1000 samples of a degenerate parameter point all equal v.
template <class F> void check_constant(const std::string& name, double v, F f) {
  check_all(name, draw(name, f, 1000), v);
}

} // namespace

TEST_CASE("the per-element normal and exponential deviates follow their laws",
          "[random][distributions]") {
  const law std_normal{0, 1, 3};
  auto x = draw("standard_normal", [](auto& s) { return dr::standard_normal(s); });
  check_moments("standard_normal", x, std_normal);
  check_cdf("standard_normal", x, normal_cdf);
  x = draw("standard_normal_f", [](auto& s) { return dr::standard_normal_f(s); });
  check_moments("standard_normal_f", x, std_normal);
  check_cdf("standard_normal_f", x, normal_cdf);
  x = draw("normal(3, 0.5)", [](auto& s) { return 3 + 0.5 * dr::standard_normal(s); });
  check_moments("normal(3, 0.5)", x, {3, 0.25, 3 * 0.0625});

  const auto exp_cdf = [](double x) { return x < 0 ? 0 : -std::expm1(-x); };
  x = draw("standard_exponential", [](auto& s) { return dr::standard_exponential(s); });
  check_moments("standard_exponential", x, gamma_law(1, 1));
  check_cdf("standard_exponential", x, exp_cdf);
  x = draw("standard_exponential_f", [](auto& s) { return dr::standard_exponential_f(s); });
  check_moments("standard_exponential_f", x, gamma_law(1, 1));
  check_cdf("standard_exponential_f", x, exp_cdf);
  x = draw("exponential(2)", [](auto& s) { return 2 * dr::standard_exponential(s); });
  check_moments("exponential(2)", x, gamma_law(1, 2));
  check_cdf("exponential(2)", x, [&](double v) { return exp_cdf(v / 2); });
  // a 1% error of the scale is seen at this size
  CHECK(cupp_test::ks_statistic(x, [&](double v) { return exp_cdf(v / 2.02); }) >
        cupp_test::ks_critical(x.size()));
}

TEST_CASE("gamma, beta and the chi-square family follow their laws", "[random][distributions]") {
  for (double k : {0.3, 1.0, 2.5}) {
    const std::string name = "standard_gamma(" + std::to_string(k) + ")";
    check_moments(name, draw(name, [k](auto& s) { return dr::standard_gamma_dist{}(s, k); }),
                  gamma_law(k, 1));
  }
  for (float k : {0.3f, 4.0f}) {
    const std::string name = "standard_gamma_f(" + std::to_string(k) + ")";
    check_moments(name, draw(name, [k](auto& s) { return dr::standard_gamma_f_dist{}(s, k); }),
                  gamma_law(k, 1));
  }
  // integer shapes 2 to 4 (Erlang's law, drawn as -log of a product of uniforms) against the
  // closed form 1 - e^-x (1 + x + ... + x^(k-1) / (k-1)!)
  for (int k : {2, 3, 4}) {
    const auto erlang_cdf = [k](double v) {
      double term = 1, sum = 1;
      for (int i = 1; i < k; ++i)
        sum += term *= v / i;
      return v <= 0 ? 0.0 : 1 - std::exp(-v) * sum;
    };
    const std::string name = "standard_gamma(" + std::to_string(k) + ".0)";
    const auto x = draw(name, [k](auto& s) { return dr::standard_gamma_dist{}(s, double(k)); });
    check_moments(name, x, gamma_law(k, 1));
    check_cdf(name, x, erlang_cdf);
    const std::string name_f = "standard_gamma_f(" + std::to_string(k) + ".0)";
    const auto y = draw(name_f, [k](auto& s) { return dr::standard_gamma_f_dist{}(s, float(k)); });
    check_moments(name_f, y, gamma_law(k, 1));
    check_cdf(name_f, y, erlang_cdf);
  }
  check_moments("gamma(2.5, 3)",
                draw("gamma(2.5, 3)", [](auto& s) { return dr::gamma_dist{}(s, 2.5, 3); }),
                gamma_law(2.5, 3));
  check_constant("standard_gamma(0)", 0, [](auto& s) { return dr::standard_gamma_dist{}(s, 0); });
  check_constant("gamma(2, 0)", 0, [](auto& s) { return dr::gamma_dist{}(s, 2, 0); });

  // Johnk for a, b <= 1, else gammas (one of shape < 1 here)
  for (auto [a, b] : {std::pair{0.5, 0.7}, std::pair{0.8, 4.0}}) {
    const std::string name = "beta(" + std::to_string(a) + ", " + std::to_string(b) + ")";
    check_moments(name, draw(name, [a, b](auto& s) { return dr::beta_dist{}(s, a, b); }),
                  beta_law(a, b));
  }
  // both below 3e-103: a Bernoulli(a / (a + b))
  check_moments("beta(1e-104, 3e-104)",
                draw(
                    "beta(1e-104, 3e-104)",
                    [](auto& s) { return dr::beta_dist{}(s, 1e-104, 3e-104); }, n_samples / 10),
                {0.25, 0.1875, 0.25 * 0.75 * (1 - 3 * 0.25 * 0.75)});

  check_moments("chisquare(3)",
                draw("chisquare(3)", [](auto& s) { return dr::chisquare_dist{}(s, 3); }),
                gamma_law(1.5, 2));
  // noncentral: cumulants 2^(j-1) (j-1)! (df + j nonc); the three branches
  for (auto [df, nonc] : {std::pair{3.0, 2.0}, std::pair{0.5, 1.5}, std::pair{2.0, 0.0}}) {
    const std::string name =
        "noncentral_chisquare(" + std::to_string(df) + ", " + std::to_string(nonc) + ")";
    const double k2 = 2 * (df + 2 * nonc), k4 = 48 * (df + 4 * nonc);
    check_moments(
        name,
        draw(name, [df, nonc](auto& s) { return dr::noncentral_chisquare_dist{}(s, df, nonc); }),
        {df + nonc, k2, k4 + 3 * k2 * k2});
  }
  check_constant("noncentral_chisquare(2, nan)", not_a_number,
                 [](auto& s) { return dr::noncentral_chisquare_dist{}(s, 2, not_a_number); });

  {
    const double d1 = 5, d2 = 20;
    const double var = 2 * d2 * d2 * (d1 + d2 - 2) / (d1 * (d2 - 2) * (d2 - 2) * (d2 - 4));
    const double excess = 12 *
                          (d1 * (5 * d2 - 22) * (d1 + d2 - 2) + (d2 - 4) * (d2 - 2) * (d2 - 2)) /
                          (d1 * (d2 - 6) * (d2 - 8) * (d1 + d2 - 2));
    check_moments("f(5, 20)", draw("f(5, 20)", [=](auto& s) { return dr::f_dist{}(s, d1, d2); }),
                  kurtosis_law(d2 / (d2 - 2), var, excess));
  }
  {
    const double d1 = 5, d2 = 20, nc = 2;
    const double var = 2 * (d2 / d1) * (d2 / d1) *
                       ((d1 + nc) * (d1 + nc) + (d1 + 2 * nc) * (d2 - 2)) /
                       ((d2 - 2) * (d2 - 2) * (d2 - 4));
    check_moments("noncentral_f(5, 20, 2)",
                  draw("noncentral_f(5, 20, 2)",
                       [=](auto& s) { return dr::noncentral_f_dist{}(s, d1, d2, nc); }),
                  {d2 * (d1 + nc) / (d1 * (d2 - 2)), var});
  }
  check_moments("standard_t(12)",
                draw("standard_t(12)", [](auto& s) { return dr::standard_t_dist{}(s, 12); }),
                kurtosis_law(0, 12.0 / 10, 6.0 / 8));
}

TEST_CASE("the location-scale and power-transformed laws follow their laws",
          "[random][distributions]") {
  check_cdf("standard_cauchy", draw("standard_cauchy", dr::standard_cauchy_dist{}),
            [&](double v) { return 0.5 + std::atan(v) / pi; });

  auto x = draw("laplace(1, 2)", [](auto& s) { return dr::laplace_dist{}(s, 1, 2); });
  check_moments("laplace(1, 2)", x, kurtosis_law(1, 8, 3));
  check_cdf("laplace(1, 2)", x, [](double v) {
    return v < 1 ? 0.5 * std::exp((v - 1) / 2) : 1 - 0.5 * std::exp(-(v - 1) / 2);
  });
  x = draw("logistic(1, 2)", [](auto& s) { return dr::logistic_dist{}(s, 1, 2); });
  check_moments("logistic(1, 2)", x, kurtosis_law(1, 4 * pi * pi / 3, 1.2));
  check_cdf("logistic(1, 2)", x, [](double v) { return 1 / (1 + std::exp(-(v - 1) / 2)); });
  x = draw("gumbel(1, 2)", [](auto& s) { return dr::gumbel_dist{}(s, 1, 2); });
  check_moments("gumbel(1, 2)", x, kurtosis_law(1 + 2 * euler_gamma, pi * pi * 4 / 6, 2.4));
  check_cdf("gumbel(1, 2)", x, [](double v) { return std::exp(-std::exp(-(v - 1) / 2)); });
  x = draw("lognormal(0.5, 0.4)", [](auto& s) { return dr::lognormal_dist{}(s, 0.5, 0.4); });
  const auto raw_lognormal = [](double j) { return std::exp(j * 0.5 + j * j * 0.16 / 2); };
  check_moments("lognormal(0.5, 0.4)", x,
                from_raw(raw_lognormal(1), raw_lognormal(2), raw_lognormal(3), raw_lognormal(4)));
  check_cdf("lognormal(0.5, 0.4)", x,
            [](double v) { return v <= 0 ? 0 : normal_cdf((std::log(v) - 0.5) / 0.4); });
  x = draw("rayleigh(2)", [](auto& s) { return dr::rayleigh_dist{}(s, 2); });
  const auto raw_rayleigh = [](double j) {
    return std::pow(2.0, j) * std::pow(2.0, j / 2) * std::tgamma(1 + j / 2);
  };
  check_moments("rayleigh(2)", x,
                from_raw(raw_rayleigh(1), raw_rayleigh(2), raw_rayleigh(3), raw_rayleigh(4)));
  check_cdf("rayleigh(2)", x, [](double v) { return v < 0 ? 0 : -std::expm1(-v * v / 8); });

  // pareto (Lomax): E X^j from Beta functions; a = 5 has a 4th moment, a = 1.5 no variance
  x = draw("pareto(5)", [](auto& s) { return dr::pareto_dist{}(s, 5); });
  {
    const double a = 5;
    check_moments("pareto(5)", x,
                  kurtosis_law(1 / (a - 1), a / ((a - 1) * (a - 1) * (a - 2)),
                               6 * (a * a * a + a * a - 6 * a - 2) / (a * (a - 3) * (a - 4))));
  }
  check_cdf("pareto(5)", x, [](double v) { return v < 0 ? 0 : 1 - std::pow(1 + v, -5.0); });
  x = draw("power(0.5)", [](auto& s) { return dr::power_dist{}(s, 0.5); });
  check_moments("power(0.5)", x, beta_law(0.5, 1)); // power(a) is Beta(a, 1)
  check_cdf("power(0.5)", x, [](double v) { return v <= 0 ? 0 : v >= 1 ? 1 : std::sqrt(v); });
  x = draw("weibull(0.7)", [](auto& s) { return dr::weibull_dist{}(s, 0.7); });
  const auto raw_weibull = [](double j) { return std::tgamma(1 + j / 0.7); };
  check_moments("weibull(0.7)", x,
                from_raw(raw_weibull(1), raw_weibull(2), raw_weibull(3), raw_weibull(4)));
  check_cdf("weibull(0.7)", x,
            [](double v) { return v <= 0 ? 0 : -std::expm1(-std::pow(v, 0.7)); });
  check_constant("weibull(0)", 0, [](auto& s) { return dr::weibull_dist{}(s, 0); });

  for (auto [l, m, r] : {std::tuple{-1.0, 0.5, 3.0}, std::tuple{0.0, 0.0, 1.0}}) {
    const std::string name = "triangular(" + std::to_string(l) + ", " + std::to_string(m) + ", " +
                             std::to_string(r) + ")";
    x = draw(name, [=](auto& s) { return dr::triangular_dist{}(s, l, m, r); });
    check_moments(
        name, x,
        kurtosis_law((l + m + r) / 3, (l * l + m * m + r * r - l * m - l * r - m * r) / 18, -0.6));
    check_cdf(name, x, [=](double v) {
      if (v <= l) return 0.0;
      if (v >= r) return 1.0;
      if (v <= m) return (v - l) * (v - l) / ((r - l) * (m - l));
      return 1 - (r - v) * (r - v) / ((r - l) * (r - m));
    });
  }
  {
    const double mu = 2, lam = 1;
    const std::string name = "wald(2, 1)";
    x = draw(name, [mu, lam](auto& s) { return dr::wald_dist{}(s, mu, lam); });
    check_moments(name, x, kurtosis_law(mu, mu * mu * mu / lam, 15 * mu / lam));
    check_cdf(name, x, [mu, lam](double v) {
      if (v <= 0) return 0.0;
      const double a = std::sqrt(lam / v);
      return normal_cdf(a * (v / mu - 1)) + std::exp(2 * lam / mu) * normal_cdf(-a * (v / mu + 1));
    });
  }
}

TEST_CASE("vonmises follows its law in every branch", "[random][distributions]") {
  // cos(x - mu) and sin(x - mu) have means I1/I0 and 0, variances (1 + I2/I0) / 2 - (I1/I0)^2
  // and (1 - I2/I0) / 2
  for (auto [mu, kappa] : {std::pair{1.0, 0.0}, std::pair{-2.0, 5e-6}, std::pair{0.5, 0.5},
                           std::pair{3.0, 8.0}, std::pair{-3.0, 300.0}}) {
    const std::string name = "vonmises(" + std::to_string(mu) + ", " + std::to_string(kappa) + ")";
    // the near-uniform branches at fewer samples
    const auto x = draw(
        name, [=](auto& s) { return dr::vonmises_dist{}(s, mu, kappa); },
        kappa < 1e-3 ? n_small : n_samples);
    CHECK(std::all_of(x.begin(), x.end(), [&](double v) { return std::fabs(v) <= pi; }));
    const double i0 = std::cyl_bessel_i(0.0, kappa), a1 = std::cyl_bessel_i(1.0, kappa) / i0,
                 a2 = std::cyl_bessel_i(2.0, kappa) / i0;
    std::vector<double> c(x.size()), s(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
      c[i] = std::cos(x[i] - mu);
      s[i] = std::sin(x[i] - mu);
    }
    check_moments(name + " cos", c, {a1, (1 + a2) / 2 - a1 * a1});
    check_moments(name + " sin", s, {0, (1 - a2) / 2});
  }
  // kappa > 1e6: a wrapped normal of variance 1 / kappa (the von Mises law to O(1 / kappa^2));
  // mu near -pi wraps the results
  const double mu = -3.1414, kappa = 4e6;
  const auto x =
      draw("vonmises(-3.1414, 4e6)", [=](auto& s) { return dr::vonmises_dist{}(s, mu, kappa); });
  CHECK(std::all_of(x.begin(), x.end(), [&](double v) { return std::fabs(v) <= pi; }));
  CHECK(std::any_of(x.begin(), x.end(), [&](double v) { return v > 0; }));
  std::vector<double> z(x.size());
  for (std::size_t i = 0; i < x.size(); ++i)
    z[i] = std::remainder(x[i] - mu, 2 * pi) * std::sqrt(kappa);
  check_moments("vonmises(-3.1414, 4e6) wrapped", z, {0, 1, 3});
  check_constant("vonmises(0, nan)", not_a_number,
                 [](auto& s) { return dr::vonmises_dist{}(s, 0, not_a_number); });
}

TEST_CASE("poisson, binomial and negative_binomial follow their pmfs", "[random][distributions]") {
  // inversion below 32 (the terms summed per element here: no table), PTRS from 32
  for (double lam : {0.01, 0.5, 5.0, 10.0, 31.99, 32.0, 50.0, 1e5}) {
    const std::string name = "poisson(" + std::to_string(lam) + ")";
    const auto x = draw(name, [lam](auto& s) { return dr::poisson_dist{}(s, lam); });
    const auto pmf = [](double l) {
      return [l](double k) { return std::exp(k * std::log(l) - l - std::lgamma(k + 1)); };
    };
    check_pmf(name, x, pmf(lam), 0);
    if (lam == 5.0) // a 1% error of lam is seen at this size
      CHECK(chi_square_ratio(name + " vs 5.05", x, pmf(5.05), 0) > 1);
  }
  check_constant("poisson(0)", 0, [](auto& s) { return dr::poisson_dist{}(s, 0); });

  // inversion for n min(p, 1 - p) <= 30, BTPE above; p > 1/2 counts the failures
  for (auto [n, p] :
       {std::pair{20.0, 0.3}, std::pair{50.0, 0.9}, std::pair{200.0, 0.8}, std::pair{2000.0, 0.4},
        std::pair{1e6, 0.3}, std::pair{1000.0, 0.03}, std::pair{100.0, 0.7}, std::pair{3.0, 0.5},
        std::pair{1e9, 3e-8}, std::pair{60.0, 0.5}}) {
    const std::string name = "binomial(" + std::to_string(n) + ", " + std::to_string(p) + ")";
    check_pmf(name, draw(name, [n, p](auto& s) { return dr::binomial_dist{}(s, n, p); }),
              binomial_pmf(n, p), 0);
  }
  check_constant("binomial(0, 0.5)", 0, [](auto& s) { return dr::binomial_dist{}(s, 0, 0.5); });
  check_constant("binomial(10, 0)", 0, [](auto& s) { return dr::binomial_dist{}(s, 10, 0); });
  check_constant("binomial(10, 1)", 10, [](auto& s) { return dr::binomial_dist{}(s, 10, 1); });

  for (auto [n, p] : {std::pair{3.0, 0.4}, std::pair{0.5, 0.1}}) {
    const std::string name =
        "negative_binomial(" + std::to_string(n) + ", " + std::to_string(p) + ")";
    check_pmf(
        name, draw(name, [n, p](auto& s) { return dr::negative_binomial_dist{}(s, n, p); }),
        [n, p](double k) {
          return std::exp(std::lgamma(k + n) - std::lgamma(k + 1) - std::lgamma(n) +
                          n * std::log(p) + k * std::log1p(-p));
        },
        0);
  }
  check_constant("negative_binomial(3, 1)", 0,
                 [](auto& s) { return dr::negative_binomial_dist{}(s, 3, 1); });
}

TEST_CASE("geometric, hypergeometric, logseries and zipf follow their pmfs",
          "[random][distributions]") {
  // search from p = 1/3, inversion below
  for (double p : {0.5, 0.333333333333333333333333, 0.2, 0.01}) {
    const std::string name = "geometric(" + std::to_string(p) + ")";
    check_pmf(
        name, draw(name, [p](auto& s) { return dr::geometric_dist{}(s, p); }),
        [p](double k) { return std::exp(std::log(p) + (k - 1) * std::log1p(-p)); }, 1);
  }
  check_constant("geometric(1)", 1, [](auto& s) { return dr::geometric_dist{}(s, 1); });

  // the simple method below 10 items or within 10 of the total, HRUA otherwise
  for (auto [g, b, n] :
       {std::tuple{5.0, 8.0, 4.0}, std::tuple{10.0, 5.0, 12.0}, std::tuple{3.0, 1000.0, 9.0},
        std::tuple{500.0, 700.0, 300.0}, std::tuple{700.0, 500.0, 900.0},
        std::tuple{30.0, 20.0, 40.0}, std::tuple{1e6, 2e6, 1e5}}) {
    const std::string name = "hypergeometric(" + std::to_string(g) + ", " + std::to_string(b) +
                             ", " + std::to_string(n) + ")";
    check_pmf(name,
              draw(
                  name, [=](auto& s) { return dr::hypergeometric_dist{}(s, g, b, n); }, n_small),
              hypergeometric_pmf(g, b, n), static_cast<i64>(std::max(0.0, n - b)));
  }
  check_constant("hypergeometric(0, 10, 5)", 0,
                 [](auto& s) { return dr::hypergeometric_dist{}(s, 0, 10, 5); });
  check_constant("hypergeometric(10, 0, 5)", 5,
                 [](auto& s) { return dr::hypergeometric_dist{}(s, 10, 0, 5); });

  for (double p : {0.3, 0.9, 0.999}) {
    const std::string name = "logseries(" + std::to_string(p) + ")";
    check_pmf(
        name, draw(name, [p](auto& s) { return dr::logseries_dist{}(s, p); }),
        [p](double k) { return -std::pow(p, k) / (k * std::log1p(-p)); }, 1);
  }
  check_constant("logseries(0)", 1, [](auto& s) { return dr::logseries_dist{}(s, 0); });

  // zipf: no finite variance for a <= 3, so the pmf alone (a = 1.1: a tail bin from 2000 on;
  // 1.1 near the pole of the envelope, 3 where 1% of a is seen at 10^6 samples)
  for (auto [a, n] : {std::pair{1.1, n_small}, std::pair{3.0, n_samples}}) {
    const std::string name = "zipf(" + std::to_string(a) + ")";
    const double zeta = std::riemann_zeta(a);
    check_pmf(
        name,
        draw(
            name, [a](auto& s) { return dr::zipf_dist{}(s, a); }, n),
        [a, zeta](double k) { return std::pow(k, -a) / zeta; }, 1, false, 2001);
  }
  check_constant("zipf(2000)", 1, [](auto& s) { return dr::zipf_dist{}(s, 2000); });
}

TEST_CASE("multinomial and dirichlet rows follow their marginals", "[random][distributions]") {
  // the last probability is ignored: its count takes the trials left
  struct point {
    double n;
    std::vector<double> p;
  };
  for (const auto& [n, p] : {point{20, {0.2, 0.5, 0.3}}, point{500, {0.1, 0.6, 0.25, 0.5}},
                             point{200, {0.0, 0.3, 0.7}}}) {
    const auto k = static_cast<cupp::index_t>(p.size());
    const std::string name = "multinomial(" + std::to_string(n) + ", k=" + std::to_string(k) + ")";
    const auto r =
        draw_rows<std::int64_t>(name, p.size(), n_small, [&](auto& s, auto* out, auto stride) {
          dr::multinomial_row{}(s, n, p.data(), k, out, stride);
        });
    CHECK(r.strided);
    CHECK(std::all_of(r.sums.begin(), r.sums.end(), [n](double v) { return v == n; }));
    double rest = 1;
    for (std::size_t j = 0; j < p.size(); ++j) {
      const double pj = j + 1 < p.size() ? p[j] : rest;
      rest -= p[j];
      if (pj == 0)
        check_all(name + " [" + std::to_string(j) + "]", r.cols[j], 0);
      else
        check_pmf(name + " [" + std::to_string(j) + "]", r.cols[j], binomial_pmf(n, pj), 0);
    }
  }

  // gammas normalized; below 0.1 everywhere, stick-breaking with betas (a 0 alpha included)
  for (const auto& alpha :
       {std::vector<double>{0.5, 2, 3.5}, std::vector<double>{0.05, 0.02, 0.08, 0.01},
        std::vector<double>{0.05, 0.0, 0.02}}) {
    const auto k = static_cast<cupp::index_t>(alpha.size());
    std::string name = "dirichlet(";
    for (double a : alpha)
      name += std::to_string(a) + " ";
    name += ")";
    const auto r =
        draw_rows<double>(name, alpha.size(), n_small, [&](auto& s, auto* out, auto stride) {
          dr::dirichlet_row{}(s, alpha.data(), k, out, stride);
        });
    CHECK(r.strided);
    CHECK(std::all_of(r.sums.begin(), r.sums.end(),
                      [](double v) { return std::fabs(v - 1) < 1e-12; }));
    double a0 = 0;
    for (double a : alpha)
      a0 += a;
    for (std::size_t j = 0; j < alpha.size(); ++j) {
      if (alpha[j] == 0) {
        check_all(name + " zero", r.cols[j], 0);
        continue;
      }
      check_moments(name + " [" + std::to_string(j) + "]", r.cols[j],
                    beta_law(alpha[j], a0 - alpha[j]));
    }
  }
  std::vector<double> zeros{0.0, 0.0};
  double row[2] = {1, 1};
  dr::element_stream s(dr::call_key{1, 2, 3}, 0);
  dr::dirichlet_row{}(s, zeros.data(), 2, row, 1);
  CHECK((row[0] == 0 && row[1] == 0));
}

TEST_CASE("multivariate_hypergeometric rows follow their marginals by both methods",
          "[random][distributions]") {
  struct point {
    std::int64_t nsample;
    std::vector<std::int64_t> colors;
  };
  for (const auto& [nsample, colors] : {point{7, {5, 10, 15}}, point{22, {5, 10, 15}},
                                        point{400, {200, 300, 0, 500}}, point{0, {3, 4}}}) {
    const auto k = static_cast<cupp::index_t>(colors.size());
    std::int64_t total = 0;
    for (auto c : colors)
      total += c;
    for (int method = 0; method < 2; ++method) {
      const std::string name = std::string("multivariate_hypergeometric_") +
                               (method ? "marginals" : "count") + "(" + std::to_string(nsample) +
                               ", total=" + std::to_string(total) + ")";
      const std::size_t n = nsample > 100 ? n_small / 4 : n_small;
      const auto r =
          draw_rows<std::int64_t>(name, colors.size(), n, [&](auto& s, auto* out, auto stride) {
            if (method == 0)
              dr::multivariate_hypergeometric_count_row{}(s, nsample, colors.data(), k, out,
                                                          stride);
            else
              dr::multivariate_hypergeometric_marginals_row{}(s, nsample, colors.data(), k, out,
                                                              stride);
          });
      CHECK(r.strided);
      CHECK(std::all_of(r.sums.begin(), r.sums.end(),
                        [&](double v) { return v == static_cast<double>(nsample); }));
      for (std::size_t j = 0; j < colors.size(); ++j) {
        const auto g = static_cast<double>(colors[j]), b = static_cast<double>(total) - g,
                   ns = static_cast<double>(nsample);
        if (g == 0 || ns == 0) {
          check_all(name + " [" + std::to_string(j) + "]", r.cols[j], 0);
          continue;
        }
        check_pmf(name + " [" + std::to_string(j) + "]", r.cols[j], hypergeometric_pmf(g, b, ns),
                  static_cast<i64>(std::max(0.0, ns - b)));
      }
    }
  }
}
