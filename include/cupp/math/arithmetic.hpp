#pragma once
/// \file
/// The first ufuncs: add, subtract, multiply, divide (true_divide), negative, absolute, sqrt, as
/// functions and operators over arrays, expressions and weak C++ scalars, with NumPy broadcasting
/// and NEP 50 promotion. Each returns a lazy expression (see expr/node.hpp).

#include <cupp/core/config.hpp>
#include <cupp/core/dtype.hpp>
#include <cupp/expr/node.hpp>

#include <cmath>
#include <type_traits>

namespace cupp {

namespace ops {

/// Integer arithmetic wraps modulo 2^bits as in NumPy. Signed overflow is undefined in C++ and
/// small types promote to (signed) int, so integers compute in an unsigned type of at least 32
/// bits.
template <class R, bool = std::is_integral_v<R> && !std::is_same_v<R, bool>> struct wrap {
  using type = R;
};
template <class R> struct wrap<R, true> {
  using type = std::common_type_t<unsigned, std::make_unsigned_t<R>>;
};
template <class R> using wrap_t = typename wrap<R>::type;

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
    } else {
      return static_cast<R>(static_cast<wrap_t<R>>(a) * static_cast<wrap_t<R>>(b));
    }
  }
};

/// true_divide: integers divide as float64, floats keep their dtype.
template <class P> struct divide {
  using result_type = std::conditional_t<std::is_floating_point_v<P>, P, double>;
  CUPP_HD result_type operator()(result_type a, result_type b) const { return a / b; }
};

template <class T> struct negative {
  static_assert(!std::is_same_v<T, bool>,
                "The numpy boolean negative, the `-` operator, is not supported, use the `~` "
                "operator or the logical_not function instead.");
  using result_type = T;
  CUPP_HD T operator()(T a) const { return static_cast<T>(-static_cast<wrap_t<T>>(a)); }
};

template <class T> struct absolute {
  using result_type = T;
  CUPP_HD T operator()(T a) const {
    if constexpr (std::is_unsigned_v<T> || std::is_same_v<T, bool>) {
      return a;
    } else if constexpr (std::is_floating_point_v<T>) {
      return std::fabs(a); // clears the sign of -0.0 and keeps NaN, as NumPy
    } else {
      // the most negative integer stays itself, as NumPy
      return a < 0 ? static_cast<T>(-static_cast<wrap_t<T>>(a)) : a;
    }
  }
};

template <class T> struct sqrt {
  static_assert(
      sizeof(T) > 1 || std::is_floating_point_v<T>,
      "NumPy computes sqrt of bool, int8 and uint8 arrays in float16, which cupp does not "
      "have yet: convert the array to float32 first");
  using result_type = float_result_t<T>;
  CUPP_HD result_type operator()(result_type a) const { return std::sqrt(a); }
};

} // namespace ops

/// Enables the operators when at least one operand is a cupp array or expression.
template <class A, class B>
inline constexpr bool any_expression_v = expr::is_expression_v<A> || expr::is_expression_v<B>;

/// `np.add`.
template <class A, class B> [[nodiscard]] auto add(const A& a, const B& b) {
  return expr::make_binary<ops::add>(a, b);
}
/// `np.subtract`.
template <class A, class B> [[nodiscard]] auto subtract(const A& a, const B& b) {
  return expr::make_binary<ops::subtract>(a, b);
}
/// `np.multiply`.
template <class A, class B> [[nodiscard]] auto multiply(const A& a, const B& b) {
  return expr::make_binary<ops::multiply>(a, b);
}
/// `np.divide` / `np.true_divide`.
template <class A, class B> [[nodiscard]] auto divide(const A& a, const B& b) {
  return expr::make_binary<ops::divide>(a, b);
}
/// `np.negative`.
template <class A, class = std::enable_if_t<expr::is_expression_v<A>>>
[[nodiscard]] auto negative(const A& a) {
  return expr::make_unary<ops::negative>(a);
}
/// `np.absolute` / `np.abs`.
template <class A, class = std::enable_if_t<expr::is_expression_v<A>>>
[[nodiscard]] auto abs(const A& a) {
  return expr::make_unary<ops::absolute>(a);
}
/// `np.absolute`.
template <class A, class = std::enable_if_t<expr::is_expression_v<A>>>
[[nodiscard]] auto absolute(const A& a) {
  return expr::make_unary<ops::absolute>(a);
}
/// `np.sqrt`.
template <class A, class = std::enable_if_t<expr::is_expression_v<A>>>
[[nodiscard]] auto sqrt(const A& a) {
  return expr::make_unary<ops::sqrt>(a);
}

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
  return a;
}

} // namespace cupp
