// out= for ufuncs (include/cupp/expr/out.hpp) into views of every layout, 0-d and empty outputs
// (out_check.hpp's check_out_layouts), for the unsigned integers and the floats; the other dtypes:
// test_out_layouts_signed.cpp.
#include "math/out_check.hpp"

#include <cstdint>
#include <tuple>

using unsigned_and_floats =
    std::tuple<std::uint8_t, std::uint16_t, std::uint32_t, std::uint64_t, float, double>;

TEMPLATE_LIST_TEST_CASE("out= writes views of every layout (the unsigned integers and the floats)",
                        "[math][out]", unsigned_and_floats) {
  out_test::check_out_layouts<TestType>();
}
