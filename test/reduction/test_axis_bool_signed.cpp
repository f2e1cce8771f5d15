// The axis reductions (axis_check.hpp) for bool and the signed integers.
#include "reduction/axis_check.hpp"

using dtypes = cupp_test::kind_dtypes<'b', 'i'>;
CUPP_AXIS_TEST_CASES(dtypes, "bool and the signed integers")
