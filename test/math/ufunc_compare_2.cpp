// The NumPy fixture of the comparison and logic ufuncs, predicates, maximum/minimum/fmax/fmin,
// where, clip and isclose, part 2 of 4: test/fixtures/ufunc_compare_2.inc, written by
// scripts/gen_ufunc_fixtures.py, run by math/ufunc_check.hpp. The cases by hand: test_compare.cpp
// and test_where_clip.cpp.
#include "math/ufunc_check.hpp"

#include <cupp/math/compare.hpp>

TEST_CASE("comparison and logic ufuncs match NumPy (2 of 4)", "[math][compare]") {
#include "fixtures/ufunc_compare_2.inc"
}
