// cupx::special's hypergeometric functions hyp2f1, hyp1f1 and hyp0f1 against SciPy (and mpmath
// where SciPy is inaccurate) over their domains (test/fixtures/special_hypergeometric.txt,
// scripts/special/hypergeometric.py).
#include "cupx/special/special_testing.hpp"

#include <cupx/special/hypergeometric.hpp>

SPECIAL_CASE("hypergeometric", hyp2f1, 4, false)
SPECIAL_CASE("hypergeometric", hyp1f1, 3, false)
SPECIAL_CASE("hypergeometric", hyp0f1, 2, false)
