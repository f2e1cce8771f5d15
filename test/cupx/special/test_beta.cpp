// cupx::special's beta family and distribution functions (beta betaln betainc betaincc
// betaincinv betainccinv chdtr chdtrc chdtri gdtr gdtrc nbdtr nbdtrc bdtr bdtrc pdtr pdtrc stdtr
// stdtrit) against SciPy over their domains (test/fixtures/special_beta.txt,
// scripts/special/beta.py).
#include "cupx/special/special_testing.hpp"

#include <cupx/special/beta.hpp>

SPECIAL_CASE("beta", beta, 2, false)
SPECIAL_CASE("beta", betaln, 2, false)
SPECIAL_CASE("beta", betainc, 3, false)
SPECIAL_CASE("beta", betaincc, 3, false)
SPECIAL_CASE("beta", betaincinv, 3, false)
SPECIAL_CASE("beta", betainccinv, 3, false)
SPECIAL_CASE("beta", chdtr, 2, false)
SPECIAL_CASE("beta", chdtrc, 2, false)
SPECIAL_CASE("beta", chdtri, 2, false)
SPECIAL_CASE("beta", gdtr, 3, false)
SPECIAL_CASE("beta", gdtrc, 3, false)
SPECIAL_CASE("beta", nbdtr, 3, false)
SPECIAL_CASE("beta", nbdtrc, 3, false)
SPECIAL_CASE("beta", bdtr, 3, false)
SPECIAL_CASE("beta", bdtrc, 3, false)
SPECIAL_CASE("beta", pdtr, 2, false)
SPECIAL_CASE("beta", pdtrc, 2, false)
SPECIAL_CASE("beta", stdtr, 2, false)
SPECIAL_CASE("beta", stdtrit, 2, false)
