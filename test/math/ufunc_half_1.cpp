// The NumPy and ml_dtypes fixture of the ufuncs on float16 and bfloat16, part 1 of 3:
// test/fixtures/ufunc_half_1.inc, written by scripts/gen_half_fixtures.py, run by
// math/ufunc_check.hpp. The cases by hand: test_half.cpp.
#include "math/ufunc_check.hpp"

#include <cupp/expr/astype.hpp>
#include <cupp/math/bitwise.hpp>
#include <cupp/math/compare.hpp>
#include <cupp/math/functions.hpp>

TEST_CASE("ufuncs on float16 and bfloat16 match NumPy and ml_dtypes (1 of 3)", "[math][half]") {
#include "fixtures/ufunc_half_1.inc"
}
