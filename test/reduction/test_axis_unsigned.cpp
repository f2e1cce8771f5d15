// The axis reductions (axis_check.hpp) for the unsigned integers.
#include "reduction/axis_check.hpp"

using dtypes = cupp_test::kind_dtypes<'u'>;
CUPP_AXIS_TEST_CASES(dtypes, "the unsigned integers")
