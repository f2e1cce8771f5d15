// The axis reductions (axis_check.hpp) for bool and the signed integers.
#include "reduction/axis_check.hpp"

using bool_and_signed = cupp_test::kind_dtypes<'b', 'i'>;
CUPP_AXIS_TEST_CASES(bool_and_signed, "bool and the signed integers")
