// The NumPy fixture of the float ufuncs, part 1 of 3: test/fixtures/ufunc_functions_1.inc, written
// by scripts/gen_ufunc_fixtures.py, run by math/ufunc_check.hpp. The cases by hand:
// test_functions.cpp.
#include "math/ufunc_check.hpp"

#include <cupp/math/functions.hpp>

TEST_CASE("float ufuncs match NumPy (1 of 3)", "[math][functions]") {
#include "fixtures/ufunc_functions_1.inc"
}
