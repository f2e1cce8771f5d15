// The NumPy fixture of the bitwise ufuncs, shifts, gcd and lcm, part 2 of 2:
// test/fixtures/ufunc_bitwise_2.inc, written by scripts/gen_ufunc_fixtures.py, run by
// math/ufunc_check.hpp. The cases by hand: test_bitwise.cpp.
#include "math/ufunc_check.hpp"

#include <cupp/math/bitwise.hpp>

TEST_CASE("bitwise ufuncs, shifts, gcd and lcm match NumPy (2 of 2)", "[math][bitwise]") {
#include "fixtures/ufunc_bitwise_2.inc"
}
