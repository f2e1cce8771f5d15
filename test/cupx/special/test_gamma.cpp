// cupx::special's gamma family (gamma loggamma rgamma digamma, real and complex; gammaln gammasgn
// psi polygamma multigammaln gammainc gammaincc gammaincinv gammainccinv) against SciPy over
// their domains (test/fixtures/special_gamma.txt, scripts/special/gamma.py).
#include "cupx/special/special_testing.hpp"

#include <cupx/special/gamma.hpp>

SPECIAL_CASE("gamma", gamma, 1, true)
SPECIAL_CASE("gamma", gammaln, 1, false)
SPECIAL_CASE("gamma", loggamma, 1, true)
SPECIAL_CASE("gamma", rgamma, 1, true)
SPECIAL_CASE("gamma", gammasgn, 1, false)
SPECIAL_CASE("gamma", digamma, 1, true)
SPECIAL_CASE("gamma", psi, 1, true)
SPECIAL_CASE("gamma", polygamma, 2, false)
SPECIAL_CASE("gamma", multigammaln, 2, false)
SPECIAL_CASE("gamma", gammainc, 2, false)
SPECIAL_CASE("gamma", gammaincc, 2, false)
SPECIAL_CASE("gamma", gammaincinv, 2, false)
SPECIAL_CASE("gamma", gammainccinv, 2, false)
