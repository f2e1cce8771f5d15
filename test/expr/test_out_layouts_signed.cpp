// out= for ufuncs (include/cupp/expr/out.hpp) into views of every layout, 0-d and empty outputs
// (out_check.hpp's check_out_layouts), for bool and the signed integers; the other dtypes:
// test_out_layouts_unsigned_float.cpp.
#include "common/dtype_kinds.hpp"
#include "expr/out_check.hpp"

using bool_and_signed = cupp_test::kind_dtypes<'b', 'i'>;

TEMPLATE_LIST_TEST_CASE("out= writes views of every layout (bool and the signed integers)",
                        "[math][out]", bool_and_signed) {
  out_test::check_out_layouts<TestType>();
}
