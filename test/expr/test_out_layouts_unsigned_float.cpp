// out= for ufuncs (include/cupp/expr/out.hpp) into views of every layout, 0-d and empty outputs
// (out_check.hpp's check_out_layouts), for the unsigned integers and the floats; the other dtypes:
// test_out_layouts_signed.cpp.
#include "common/dtype_kinds.hpp"
#include "expr/out_check.hpp"

using unsigned_and_floats = cupp_test::kind_dtypes<'u', 'f'>;

TEMPLATE_LIST_TEST_CASE("out= writes views of every layout (the unsigned integers and the floats)",
                        "[math][out]", unsigned_and_floats) {
  out_test::check_out_layouts<TestType>();
}
