// out= forms (include/cupp/expr/out.hpp) of the unary ufuncs: arithmetic, logic, predicates,
// exponentials, logarithms, trigonometric and hyperbolic functions, angle conversions, rounding and
// bitwise: each writes what the plain form evaluates to into a scattered view (math/out_check.hpp).
// The cases by hand: test_out.cpp and test_out_layouts_*.cpp.
#include "expr/out_check.hpp"

#include <cupp/math/bitwise.hpp>
#include <cupp/math/functions.hpp>

TEST_CASE("every unary ufunc has an out= form", "[math][out]") {
  const auto [x, y, k, s] = out_test::operands{};
  UNARY(negative, x);
  UNARY(positive, x);
  UNARY(absolute, x);
  UNARY(abs, k);
  UNARY(sqrt, x);
  UNARY(logical_not, k);
  UNARY(isnan, x);
  UNARY(isinf, x);
  UNARY(isfinite, x);
  UNARY(isposinf, x);
  UNARY(isneginf, x);
  UNARY(signbit, x);
  UNARY(exp, x);
  UNARY(exp2, x);
  UNARY(expm1, x);
  UNARY(log, x);
  UNARY(log2, x);
  UNARY(log10, x);
  UNARY(log1p, x);
  UNARY(sin, x);
  UNARY(cos, x);
  UNARY(tan, x);
  UNARY(arcsin, x);
  UNARY(arccos, x);
  UNARY(arctan, x);
  UNARY(sinh, x);
  UNARY(cosh, x);
  UNARY(tanh, x);
  UNARY(arcsinh, x);
  UNARY(arccosh, x);
  UNARY(arctanh, x);
  UNARY(degrees, x);
  UNARY(radians, x);
  UNARY(rad2deg, x);
  UNARY(deg2rad, x);
  UNARY(floor, x);
  UNARY(ceil, x);
  UNARY(trunc, x);
  UNARY(rint, k);
  UNARY(fix, x);
  UNARY(sign, k);
  UNARY(square, k);
  UNARY(reciprocal, x);
  UNARY(cbrt, x);
  UNARY(fabs, k);
  UNARY(spacing, x);
  UNARY(sinc, k);
  UNARY(bitwise_not, k);
  UNARY(invert, k);
}
