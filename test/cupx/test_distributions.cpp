// cupx::stats' distributions (norm expon uniform gamma chi2 beta t poisson binom) against SciPy:
// every method over points inside, on and outside the support, valid and invalid shape
// parameters, loc and scale (test/fixtures/special_distributions.txt, written by
// scripts/gen_special_fixtures.py from scripts/special/distributions.py), float64 and float32,
// contiguous and strided.
#include "cupx/special/special_testing.hpp"

#include <cupx/stats/distributions.hpp>

#define DIST_CASE(DIST, METHOD, N)                                                                 \
  TEST_CASE("stats " #DIST "." #METHOD " matches SciPy", "[stats][distributions]") {               \
    cupp_test::check_special<N>("distributions", #DIST "_" #METHOD,                                \
                                [](const auto&... a) { return cupx::stats::DIST.METHOD(a...); });  \
  }
#define CONTINUOUS(DIST, N)                                                                        \
  DIST_CASE(DIST, pdf, N)                                                                          \
  DIST_CASE(DIST, logpdf, N)                                                                       \
  DIST_CASE(DIST, cdf, N)                                                                          \
  DIST_CASE(DIST, logcdf, N)                                                                       \
  DIST_CASE(DIST, sf, N)                                                                           \
  DIST_CASE(DIST, logsf, N)                                                                        \
  DIST_CASE(DIST, ppf, N)                                                                          \
  DIST_CASE(DIST, isf, N)
#define DISCRETE(DIST, N)                                                                          \
  DIST_CASE(DIST, pmf, N)                                                                          \
  DIST_CASE(DIST, logpmf, N)                                                                       \
  DIST_CASE(DIST, cdf, N)                                                                          \
  DIST_CASE(DIST, sf, N)                                                                           \
  DIST_CASE(DIST, ppf, N)

CONTINUOUS(norm, 3)
CONTINUOUS(expon, 3)
CONTINUOUS(uniform, 3)
CONTINUOUS(gamma, 4)
CONTINUOUS(chi2, 4)
CONTINUOUS(beta, 5)
CONTINUOUS(t, 4)
DISCRETE(poisson, 3)
DISCRETE(binom, 4)

#undef DISCRETE
#undef CONTINUOUS
#undef DIST_CASE
