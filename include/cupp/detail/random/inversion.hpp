#pragma once
/// \file
/// Discrete laws drawn by inverting their distribution function: k is the smallest count whose
/// cumulative probability exceeds a uniform u. The Poisson below lam = 32 and the binomial with
/// n min(p, 1 - p) <= 30 (discrete.hpp) are drawn this way instead of NumPy's multiplication
/// method and sequential search, which cost a uniform or a division per unit of the result.
///
/// The cumulative probabilities are the terms pmf(0) = p0, pmf(k + 1) = pmf(k) (alpha - beta k) /
/// ((k + 1) gamma) summed left to right. With scalar parameters the host tabulates them once per
/// call (generate_impl.hpp uploads the table) and an element looks its u up: a guide entry and
/// about one comparison. With array parameters each element sums the same terms until they pass
/// u: the same operations, so the same k, and the same bits as the table.

#include <cupp/core/config.hpp>
#include <cupp/detail/random/stream.hpp>

#include <cmath>
#include <cstdint>

namespace cupp::detail::random {

/// pmf(0) and the ratio of successive terms; `count` terms are summed (at most
/// inversion_table::max_count), past which a uniform is drawn again. The counts cover the mean
/// plus 12 standard deviations and 24: what is left has a probability far below 2^-53, the
/// resolution of u, so a redraw happens only where rounding left the sum a few ulps short of 1.
struct inversion_law {
  double p0, alpha, beta, gamma;
  int count;
  CUPP_HD double next(double pmf, int k) const {
    return pmf * (alpha - beta * k) / ((k + 1) * gamma);
  }
};

/// A law's distribution function at 0 .. count - 1 and, for each j < guides, the smallest k with
/// cdf[k] > j / guides, where the search for a u in [j / guides, (j + 1) / guides) starts.
struct inversion_table {
  static constexpr int max_count = 128, guides = 128;
  double cdf[max_count];
  std::uint8_t guide[guides];
};

CUPP_HD inline void tabulate(const inversion_law& law, inversion_table& t) {
  double pmf = law.p0, c = pmf;
  for (int k = 0; k < law.count; ++k) {
    t.cdf[k] = c;
    pmf = law.next(pmf, k);
    c += pmf;
  }
  int k = 0;
  for (int j = 0; j < inversion_table::guides; ++j) {
    const double at = static_cast<double>(j) / inversion_table::guides; // exact
    while (k < law.count && !(t.cdf[k] > at))
      ++k;
    t.guide[j] = static_cast<std::uint8_t>(k);
  }
}

/// The smallest k < count with u < cdf(k), or count: from the table when there is one, else by
/// summing the terms.
CUPP_HD inline int invert(const inversion_law& law, const inversion_table* t, double u) {
  if (t) {
    int k = t->guide[static_cast<int>(u * inversion_table::guides)];
    while (k < law.count && !(u < t->cdf[k]))
      ++k;
    return k;
  }
  double pmf = law.p0, c = pmf;
  int k = 0;
  for (; k < law.count && !(u < c); ++k) {
    pmf = law.next(pmf, k);
    c += pmf;
  }
  return k;
}

CUPP_HD inline std::int64_t draw_inverted(element_stream& s, const inversion_law& law,
                                          const inversion_table* t) {
  for (;;) {
    const int k = invert(law, t, s.next_double());
    if (k < law.count) return k;
  }
}

/// The count of terms for a law of mean `mean` and variance `var` (at most `last` + 1).
CUPP_HD inline int inversion_count(double mean, double var, double last) {
  const double c = mean + 12.0 * std::sqrt(var) + 24.0;
  return static_cast<int>(c < last ? c : last) + 1;
}

} // namespace cupp::detail::random
