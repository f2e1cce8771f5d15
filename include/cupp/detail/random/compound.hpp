#pragma once
/// \file
/// The distributions of numpy.random.Generator that mix a Poisson and gammas (NumPy's
/// random_negative_binomial, random_noncentral_chisquare, random_noncentral_f in
/// distributions.c), on one element's stream.

#include <cupp/core/config.hpp>
#include <cupp/detail/fault.hpp>
#include <cupp/detail/random/continuous.hpp>
#include <cupp/detail/random/discrete.hpp>
#include <cupp/detail/random/generate.hpp>
#include <cupp/detail/random/stream.hpp>

#include <cmath>
#include <cstdint>

namespace cupp::detail::random {

/// Noncentral chi-square, NumPy's random_noncentral_chisquare: NaN for nonc NaN, the central one
/// for nonc = 0; for df > 1 a chi-square(df - 1) plus a squared normal of mean sqrt(nonc), else a
/// chi-square(df + 2 N) with N Poisson(nonc / 2).
CUPP_HD inline double noncentral_chisquare(element_stream& s, double df, double nonc) {
  if (nonc != nonc) return nonc;
  if (nonc == 0) return chisquare(s, df);
  if (1 < df) {
    const double chi2 = chisquare(s, df - 1);
    const double n = standard_normal(s) + std::sqrt(nonc);
    return chi2 + n * n;
  }
  const std::int64_t i = poisson(s, nonc / 2.0);
  return chisquare(s, df + 2 * static_cast<double>(i));
}

/// numpy.random.Generator.negative_binomial: n > 0, 0 < p <= 1. A Poisson of a gamma(n,
/// (1 - p) / p) mean; p = 1 gives 0.
struct negative_binomial_dist {
  static constexpr bool relation_first = false; // after n's and p's own checks, as NumPy
  /// NumPy's bound on the Poisson mean: (1 - p) / p * (n + 10 sqrt(n)) <= POISSON_LAM_MAX.
  CUPP_HD static relation_fault relation(double n, double p, double) {
    const double max_lam = (1 - p) / p * (n + 10 * std::sqrt(n));
    return max_lam > poisson_lam_max ? relation_fault::lam_too_large : relation_fault::none;
  }
  CUPP_HD std::int64_t operator()(element_stream& s, double n, double p) const {
    return poisson(s, standard_gamma(s, n) * ((1 - p) / p));
  }
};
/// numpy.random.Generator.noncentral_chisquare: df > 0, nonc >= 0.
struct noncentral_chisquare_dist {
  CUPP_HD double operator()(element_stream& s, double df, double nonc) const {
    return noncentral_chisquare(s, df, nonc);
  }
};
/// numpy.random.Generator.noncentral_f: dfnum > 0, dfden > 0, nonc >= 0.
struct noncentral_f_dist {
  CUPP_HD double operator()(element_stream& s, double dfnum, double dfden, double nonc) const {
    const double t = noncentral_chisquare(s, dfnum, nonc) * dfden;
    return t / (chisquare(s, dfden) * dfnum);
  }
};

} // namespace cupp::detail::random
