// cupx::special's error-function family (erf erfc erfcx erfi dawsn wofz erfinv erfcinv ndtr
// log_ndtr ndtri ndtri_exp, real and complex where SciPy has them) against SciPy over their
// domains (test/fixtures/special_erf.txt, scripts/special/erf.py).
#include "cupx/special/special_testing.hpp"

#include <cupx/special/erf.hpp>

SPECIAL_CASE("erf", erf, 1, true)
SPECIAL_CASE("erf", erfc, 1, true)
SPECIAL_CASE("erf", erfcx, 1, true)
SPECIAL_CASE("erf", erfi, 1, true)
SPECIAL_CASE("erf", dawsn, 1, true)
SPECIAL_CASE("erf", wofz, 1, true)
SPECIAL_CASE("erf", erfinv, 1, false)
SPECIAL_CASE("erf", erfcinv, 1, false)
SPECIAL_CASE("erf", ndtr, 1, true)
SPECIAL_CASE("erf", log_ndtr, 1, false)
SPECIAL_CASE("erf", ndtri, 1, false)
SPECIAL_CASE("erf", ndtri_exp, 1, false)
