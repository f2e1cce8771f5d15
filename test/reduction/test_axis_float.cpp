// The axis reductions (axis_check.hpp) for float32 and float64.
#include "reduction/axis_check.hpp"

using dtypes = cupp_test::kind_dtypes<'f'>;

TEMPLATE_LIST_TEST_CASE("axis reductions of a C-contiguous 3-D array (float32 and float64)",
                        "[reduction][axis]", dtypes) {
  axis_test::contiguous_3d<TestType>();
}

TEMPLATE_LIST_TEST_CASE("axis reductions of views (float32 and float64)",
                        "[reduction][axis][views]", dtypes) {
  axis_test::views<TestType>();
}

TEMPLATE_LIST_TEST_CASE("axis reductions around kernel block sizes (float32 and float64)",
                        "[reduction][axis][sizes]", dtypes) {
  axis_test::block_sizes<TestType>();
}

TEMPLATE_LIST_TEST_CASE("prod wraps integers like NumPy's int64/uint64 (float32 and float64)",
                        "[reduction][axis]", dtypes) {
  axis_test::prod_wraps<TestType>();
}
