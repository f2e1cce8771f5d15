// The axis reductions (axis_check.hpp) for the unsigned integers.
#include "reduction/axis_check.hpp"

using unsigned_kind = cupp_test::kind_dtypes<'u'>;
CUPP_AXIS_TEST_CASES(unsigned_kind, "the unsigned integers")
