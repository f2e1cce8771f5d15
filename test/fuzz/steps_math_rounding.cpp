// The differential fuzzer's rounding, power and predicate ufunc steps (test/fuzz/steps.hpp): a
// unit of their own beside steps_math.cpp, whose kernels for every dtype took nvcc 293 s as one.
#include "steps.hpp"

#include <cupp/expr/evaluate.hpp>
#include <cupp/math/compare.hpp>
#include <cupp/math/functions.hpp>
#include <cupp/ndarray.hpp>

#include <stdexcept>
#include <string>
#include <type_traits>

namespace fuzz {

array math_rounding_step(const std::string& op, const array& a) {
  return a.visit([&](const auto& x) -> array {
    using T = typename std::decay_t<decltype(x)>::value_type;
#define CUPP_MATH(NAME)                                                                            \
  if (op == #NAME) return cupp::expr::evaluate(cupp::NAME(x));
    CUPP_MATH(rint)
    if constexpr (std::is_same_v<T, bool>) {
      if (op == "sign") throw cupp::type_error("ufunc 'sign' did not contain a loop for bool");
    } else {
      CUPP_MATH(sign)
    }
    CUPP_MATH(square)
    CUPP_MATH(reciprocal)
    CUPP_MATH(isnan)
    CUPP_MATH(isfinite)
    if constexpr (cupp::is_complex_v<T>) {
      throw cupp::type_error("ufunc '" + op + "' not supported for complex input types");
    } else {
      CUPP_MATH(floor)
      CUPP_MATH(trunc)
      CUPP_MATH(cbrt)
      CUPP_MATH(signbit)
    }
#undef CUPP_MATH
    throw std::invalid_argument("unknown operation " + op);
  });
}

} // namespace fuzz
