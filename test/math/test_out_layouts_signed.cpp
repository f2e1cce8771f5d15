// out= for ufuncs (include/cupp/expr/out.hpp) into views of every layout, 0-d and empty outputs
// (out_check.hpp's check_out_layouts), for bool and the signed integers; the other dtypes:
// test_out_layouts_unsigned_float.cpp.
#include "math/out_check.hpp"

#include <cstdint>
#include <tuple>

using bool_and_signed = std::tuple<bool, std::int8_t, std::int16_t, std::int32_t, std::int64_t>;

TEMPLATE_LIST_TEST_CASE("out= writes views of every layout (bool and the signed integers)",
                        "[math][out]", bool_and_signed) {
  out_test::check_out_layouts<TestType>();
}
