#pragma once
/// \file
/// The arithmetic ufuncs: add, subtract, multiply, divide (true_divide), negative, positive,
/// absolute, as functions and operators over arrays, expressions and weak C++ scalars, with NumPy
/// broadcasting and NEP 50 promotion. Each returns a lazy expression (see expr/node.hpp), or with
/// an out= array as last argument writes into it (expr/out.hpp). sqrt and the other functions are
/// math/functions.hpp.

#include <cupp/core/config.hpp>
#include <cupp/core/dtype.hpp>
#include <cupp/detail/complex_math.hpp>
#include <cupp/expr/node.hpp>
#include <cupp/expr/out.hpp>

#include <cmath>
#include <type_traits>

namespace cupp {

namespace ops {

using detail::wrap_t; // integers wrap as in NumPy (core/dtype.hpp)

/// NumPy has no bool loop for some ufuncs (square, power, floor_divide, shifts...): bool operands
/// compute in, and give, int8 (`np.square(bool_array)` is int8).
template <class P>
using int8_if_bool_t = std::conditional_t<std::is_same_v<P, bool>, std::int8_t, P>;

template <class R> struct add {
  using result_type = R;
  CUPP_HD R operator()(R a, R b) const {
    return static_cast<R>(static_cast<wrap_t<R>>(a) + static_cast<wrap_t<R>>(b));
  }
};

template <class R> struct subtract {
  static_assert(!std::is_same_v<R, bool>,
                "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, "
                "the `^` operator, or the logical_xor function instead.");
  using result_type = R;
  CUPP_HD R operator()(R a, R b) const {
    return static_cast<R>(static_cast<wrap_t<R>>(a) - static_cast<wrap_t<R>>(b));
  }
};

template <class R> struct multiply {
  using result_type = R;
  CUPP_HD R operator()(R a, R b) const {
    if constexpr (std::is_same_v<R, bool>) {
      return a && b;
    } else if constexpr (is_complex_v<R>) {
      return detail::c_mul(a, b);
    } else {
      return static_cast<R>(static_cast<wrap_t<R>>(a) * static_cast<wrap_t<R>>(b));
    }
  }
};

/// true_divide: integers divide as float64, floats and complex keep their dtype (complex numbers
/// divide with NumPy's Smith's algorithm).
template <class P> struct divide {
  using result_type = std::conditional_t<is_inexact_v<P>, P, double>;
  CUPP_HD result_type operator()(result_type a, result_type b) const {
    if constexpr (is_complex_v<P>) {
      return detail::c_div(a, b);
    } else {
      return a / b;
    }
  }
};
template <class P> using true_divide = divide<P>;

template <class T> struct negative {
  static_assert(!std::is_same_v<T, bool>,
                "The numpy boolean negative, the `-` operator, is not supported, use the `~` "
                "operator or the logical_not function instead.");
  using result_type = T;
  CUPP_HD T operator()(T a) const { return static_cast<T>(-static_cast<wrap_t<T>>(a)); }
};

template <class T> struct positive {
  static_assert(!std::is_same_v<T, bool>,
                "ufunc 'positive' did not contain a loop with signature matching types bool");
  using result_type = T;
  CUPP_HD T operator()(T a) const { return a; }
};

/// absolute of a complex number is its magnitude, a real number (NumPy's hypot, no overflow).
template <class T> struct absolute {
  using result_type = real_t<T>;
  CUPP_HD result_type operator()(T a) const {
    if constexpr (is_complex_v<T>) {
      return detail::c_abs(a);
    } else if constexpr (std::is_unsigned_v<T> || std::is_same_v<T, bool>) {
      return a;
    } else if constexpr (std::is_floating_point_v<T>) {
      return std::fabs(a); // clears the sign of -0.0 and keeps NaN, as NumPy
    } else {
      // the most negative integer stays itself, as NumPy
      return a < 0 ? static_cast<T>(-static_cast<wrap_t<T>>(a)) : a;
    }
  }
};

template <class T> using abs = absolute<T>;

} // namespace ops

/// Enables the operators when at least one operand is a cupp array or expression and the other
/// an array, expression or scalar (expr/node.hpp).
template <class A, class B> inline constexpr bool any_expression_v = expr::is_operand_pair_v<A, B>;

#include <cupp/math/detail/ufunc_macros.hpp>

/// `np.add`, `np.subtract`, `np.multiply`, `np.divide` / `np.true_divide`.
CUPP_BINARY_UFUNC(add)
CUPP_BINARY_UFUNC(subtract)
CUPP_BINARY_UFUNC(multiply)
// true_divide's loop for integers is float64's: an integer scalar next to an integer array
// converts to float64 unchecked (`uint8_array / -129` is float64 in NumPy, no OverflowError)
CUPP_BINARY_UFUNC_RULE(divide, expr::scalar_rule::to_float)
CUPP_BINARY_UFUNC_RULE(true_divide, expr::scalar_rule::to_float)
/// `np.negative`, `np.positive`, `np.absolute` / `np.abs`.
CUPP_UNARY_UFUNC(negative)
CUPP_UNARY_UFUNC(positive)
CUPP_UNARY_UFUNC(absolute)
CUPP_UNARY_UFUNC(abs)

template <class A, class B, class = std::enable_if_t<any_expression_v<A, B>>>
[[nodiscard]] auto operator+(const A& a, const B& b) {
  return add(a, b);
}
template <class A, class B, class = std::enable_if_t<any_expression_v<A, B>>>
[[nodiscard]] auto operator-(const A& a, const B& b) {
  return subtract(a, b);
}
template <class A, class B, class = std::enable_if_t<any_expression_v<A, B>>>
[[nodiscard]] auto operator*(const A& a, const B& b) {
  return multiply(a, b);
}
template <class A, class B, class = std::enable_if_t<any_expression_v<A, B>>>
[[nodiscard]] auto operator/(const A& a, const B& b) {
  return divide(a, b);
}
template <class A, class = std::enable_if_t<expr::is_expression_v<A>>>
[[nodiscard]] auto operator-(const A& a) {
  return negative(a);
}
template <class A, class = std::enable_if_t<expr::is_expression_v<A>>>
[[nodiscard]] auto operator+(const A& a) {
  return positive(a);
}

} // namespace cupp

#undef CUPP_BINARY_UFUNC_RULE
#undef CUPP_BINARY_UFUNC
#undef CUPP_UNARY_UFUNC
