// The differential fuzzer's math ufunc steps (test/fuzz/steps.hpp): the exponentials, logarithms,
// trigonometric and hyperbolic functions here, the others in steps_math_rounding.cpp.
#include "steps.hpp"

#include <cupp/expr/evaluate.hpp>
#include <cupp/math/compare.hpp>
#include <cupp/math/functions.hpp>
#include <cupp/ndarray.hpp>

#include <set>
#include <stdexcept>
#include <string>

namespace fuzz {

// A sample of each math family (exponentials and logarithms, trigonometric and hyperbolic,
// rounding, powers, predicates), on the typed array: cupp::array has only the operators' ufuncs.
// The ones NumPy refuses for complex input do not compile in C++ and raise NumPy's TypeError here.
bool is_math(const std::string& op) {
  static const std::set<std::string> ops = {
      "sqrt", "exp",    "log",        "sin",   "tanh",     "arctan", "expm1", "log1p", "rint",
      "sign", "square", "reciprocal", "isnan", "isfinite", "floor",  "trunc", "cbrt",  "signbit"};
  return ops.count(op) != 0;
}
array math_step(const std::string& op, const array& a) {
  return a.visit([&](const auto& x) -> array {
#define CUPP_MATH(NAME)                                                                            \
  if (op == #NAME) return cupp::expr::evaluate(cupp::NAME(x));
    CUPP_MATH(sqrt)
    CUPP_MATH(exp)
    CUPP_MATH(log)
    CUPP_MATH(sin)
    CUPP_MATH(tanh)
    CUPP_MATH(arctan)
    CUPP_MATH(expm1)
    CUPP_MATH(log1p)
#undef CUPP_MATH
    return math_rounding_step(op, a);
  });
}

} // namespace fuzz
