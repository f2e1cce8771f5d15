// The axis reductions (axis_check.hpp) for bool and the signed integers.
#include "reduction/axis_check.hpp"

using dtypes = cupp_test::kind_dtypes<'b', 'i'>;

TEMPLATE_LIST_TEST_CASE(
    "axis reductions of a C-contiguous 3-D array (bool and the signed integers)",
    "[reduction][axis]", dtypes) {
  axis_test::contiguous_3d<TestType>();
}

TEMPLATE_LIST_TEST_CASE("axis reductions of views (bool and the signed integers)",
                        "[reduction][axis][views]", dtypes) {
  axis_test::views<TestType>();
}

TEMPLATE_LIST_TEST_CASE("axis reductions around kernel block sizes (bool and the signed integers)",
                        "[reduction][axis][sizes]", dtypes) {
  axis_test::block_sizes<TestType>();
}

TEMPLATE_LIST_TEST_CASE(
    "prod wraps integers like NumPy's int64/uint64 (bool and the signed integers)",
    "[reduction][axis]", dtypes) {
  axis_test::prod_wraps<TestType>();
}
