// The NumPy fixture of the rounding, power, division and conversion ufuncs, part 4 of 4:
// test/fixtures/ufunc_numeric_4.inc, written by scripts/gen_ufunc_fixtures.py, run by
// math/ufunc_check.hpp. The cases by hand: test_numeric.cpp.
#include "math/ufunc_check.hpp"

#include <cupp/expr/astype.hpp>
#include <cupp/math/functions.hpp>

TEST_CASE("rounding, power, division and conversion ufuncs match NumPy (4 of 4)",
          "[math][numeric]") {
#include "fixtures/ufunc_numeric_4.inc"
}
