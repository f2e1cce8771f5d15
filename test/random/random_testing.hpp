#pragma once
// Statistical checks of the random tests: the laws they test against, Kolmogorov-Smirnov against a
// CDF, chi-square against a pmf, with thresholds at p = 1e-6 (a correct generator fails one in a
// million runs; the seeds are fixed, so a run that passes keeps passing).
#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

namespace cupp_test {

inline const double pi = std::acos(-1.0);

/// The laws the tests check samples against.
inline double normal_cdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }
/// log C(a, b) for real a >= b >= 0.
inline double log_choose(double a, double b) {
  return std::lgamma(a + 1) - std::lgamma(b + 1) - std::lgamma(a - b + 1);
}
inline std::function<double(double)> binomial_pmf(double n, double p) {
  return [=](double k) {
    if (k > n) return 0.0;
    if (p == 0) return k == 0 ? 1.0 : 0.0; // log(0) would make 0 * -inf
    if (p == 1) return k == n ? 1.0 : 0.0;
    return std::exp(log_choose(n, k) + k * std::log(p) + (n - k) * std::log1p(-p));
  };
}
inline std::function<double(double)> hypergeometric_pmf(double good, double bad, double sample) {
  return [=](double k) {
    if (k < sample - bad || k > good || k > sample) return 0.0;
    return std::exp(log_choose(good, k) + log_choose(bad, sample - k) -
                    log_choose(good + bad, sample));
  };
}

/// The KS statistic of `x` against `cdf`.
inline double ks_statistic(std::vector<double> x, const std::function<double(double)>& cdf) {
  std::sort(x.begin(), x.end());
  const double n = static_cast<double>(x.size());
  double d = 0;
  for (std::size_t k = 0; k < x.size(); ++k) {
    const double f = cdf(x[k]);
    d = std::max({d, f - k / n, (k + 1) / n - f});
  }
  return d;
}
/// The KS statistic above which p < 1e-6 (the asymptotic Kolmogorov distribution).
inline double ks_critical(std::size_t n) {
  return std::sqrt(-0.5 * std::log(0.5e-6) / static_cast<double>(n));
}

/// Pearson's chi-square of `counts` against `n * pmf`, bins of expectation below 5 merged into
/// the next; returns (statistic, degrees of freedom).
inline std::pair<double, int> chi_square(const std::vector<double>& counts,
                                         const std::vector<double>& pmf, double n) {
  double stat = 0, obs = 0, expect = 0;
  int bins = 0;
  for (std::size_t k = 0; k < counts.size(); ++k) {
    obs += counts[k];
    expect += n * pmf[k];
    if (expect >= 5 || k + 1 == counts.size()) {
      stat += (obs - expect) * (obs - expect) / std::max(expect, 1e-300);
      obs = expect = 0;
      ++bins;
    }
  }
  return {stat, bins - 1};
}
/// The chi-square value above which p < 1e-6 for `df` degrees of freedom (Wilson-Hilferty).
inline double chi_square_critical(int df) {
  const double z = 4.753424; // the standard normal's 1 - 1e-6 quantile
  const double k = df, c = 2.0 / (9.0 * k);
  return k * std::pow(1 - c + z * std::sqrt(c), 3);
}

} // namespace cupp_test
