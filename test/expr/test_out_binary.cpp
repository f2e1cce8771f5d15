// out= forms (include/cupp/expr/out.hpp) of the binary ufuncs: arithmetic, comparison, logic,
// maximum/minimum, float and integer functions, bitwise and shifts; and clip, around and round:
// each writes what the plain form evaluates to into a scattered view (math/out_check.hpp). The
// cases by hand: test_out.cpp and test_out_layouts_*.cpp.
#include "expr/out_check.hpp"

#include <cupp/math/bitwise.hpp>
#include <cupp/math/functions.hpp>

TEST_CASE("every binary ufunc, clip and around have an out= form", "[math][out]") {
  const auto [x, y, k, s] = out_test::operands{};
  BINARY(add, x, y);
  BINARY(subtract, k, 1);
  BINARY(multiply, x, 2);
  BINARY(divide, k, s);
  BINARY(true_divide, x, y);
  BINARY(equal, k, s);
  BINARY(not_equal, x, y);
  BINARY(less, k, 1000);
  BINARY(less_equal, x, y);
  BINARY(greater, -1, k);
  BINARY(greater_equal, x, 0.5);
  BINARY(logical_and, k, s);
  BINARY(logical_or, x, 0);
  BINARY(logical_xor, k, y);
  BINARY(maximum, x, y);
  BINARY(minimum, k, s);
  BINARY(fmax, x, y);
  BINARY(fmin, x, y);
  BINARY(arctan2, x, y);
  BINARY(hypot, x, y);
  BINARY(copysign, k, y);
  BINARY(nextafter, x, y);
  BINARY(logaddexp, x, y);
  BINARY(logaddexp2, x, y);
  BINARY(heaviside, x, y);
  BINARY(float_power, x, y);
  BINARY(power, k, s);
  BINARY(floor_divide, k, s);
  BINARY(remainder, x, y);
  BINARY(mod, k, -4);
  BINARY(fmod, k, s);
  BINARY(bitwise_and, k, s);
  BINARY(bitwise_or, k, 6);
  BINARY(bitwise_xor, k, s);
  BINARY(left_shift, k, s);
  BINARY(right_shift, k, s);
  BINARY(gcd, k, s);
  BINARY(lcm, k, s);
  BINARY(ldexp, x, s);
  out_test::check_out_form(
      "clip", [](const auto& a) { return cupp::clip(a, -0.5, 1.0); },
      [](const auto& a, auto out) { return cupp::clip(a, -0.5, 1.0, out); }, x);
  out_test::check_out_form(
      "around", [](const auto& a) { return cupp::around(a, -1); },
      [](const auto& a, auto out) { return cupp::around(a, -1, out); }, k);
  out_test::check_out_form(
      "round", [](const auto& a) { return cupp::round(a, 1); },
      [](const auto& a, auto out) { return cupp::round(a, 1, out); }, x);
}
