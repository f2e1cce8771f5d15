// The axis reductions (axis_check.hpp) for float32 and float64.
#include "reduction/axis_check.hpp"

using float_kind = cupp_test::kind_dtypes<'f'>;
CUPP_AXIS_TEST_CASES(float_kind, "float32 and float64")
