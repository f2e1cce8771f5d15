#pragma once
/// \file
/// Bitwise ufuncs for integer and bool arrays: bitwise_and/or/xor (operators & | ^),
/// bitwise_not/invert (~), left_shift/right_shift (<< >>), gcd, lcm. Shifts by a count outside
/// [0, bits) give what NumPy gives: 0, or -1 for right shifts of negative numbers.

#include <cupp/math/arithmetic.hpp>

namespace cupp {

namespace ops {

template <class P> CUPP_HD constexpr void require_integer() {
  static_assert(std::is_integral_v<P>,
                "ufunc not supported for the input types: bitwise operations need integer or bool "
                "arrays");
}

template <class P> struct bitwise_and {
  using result_type = P;
  CUPP_HD P operator()(P a, P b) const {
    require_integer<P>();
    return static_cast<P>(a & b);
  }
};
template <class P> struct bitwise_or {
  using result_type = P;
  CUPP_HD P operator()(P a, P b) const {
    require_integer<P>();
    return static_cast<P>(a | b);
  }
};
template <class P> struct bitwise_xor {
  using result_type = P;
  CUPP_HD P operator()(P a, P b) const {
    require_integer<P>();
    return static_cast<P>(a ^ b);
  }
};
template <class T> struct bitwise_not {
  using result_type = T;
  CUPP_HD T operator()(T a) const {
    require_integer<T>();
    if constexpr (std::is_same_v<T, bool>) {
      return !a;
    } else {
      return static_cast<T>(~a);
    }
  }
};
template <class T> using invert = bitwise_not<T>;

// Shifts of bool compute in int8 (NumPy has no bool loop for them).
template <class T> struct left_shift {
  using P = int8_if_bool_t<T>;
  using result_type = P;
  CUPP_HD P operator()(P a, P b) const {
    require_integer<P>();
    constexpr P bits = sizeof(P) * 8;
    if (b < 0 || b >= bits) return P(0);
    return static_cast<P>(static_cast<wrap_t<P>>(a) << b);
  }
};
template <class T> struct right_shift {
  using P = int8_if_bool_t<T>;
  using result_type = P;
  CUPP_HD P operator()(P a, P b) const {
    require_integer<P>();
    constexpr P bits = sizeof(P) * 8;
    if (b < 0 || b >= bits) return a < P(0) ? P(-1) : P(0); // arithmetic shift, as NumPy
    return static_cast<P>(a >> b);
  }
};

/// |a| as an unsigned magnitude (the signed minimum's magnitude does not fit the signed type).
template <class P> CUPP_HD wrap_t<P> magnitude(P a) {
  if constexpr (std::is_signed_v<P>) {
    return a < 0 ? static_cast<wrap_t<P>>(0u - static_cast<wrap_t<P>>(a))
                 : static_cast<wrap_t<P>>(a);
  } else {
    return static_cast<wrap_t<P>>(a);
  }
}
/// gcd and lcm on magnitudes, wrapped back to P as NumPy's (lcm(6, INT32_MAX) is -6).
template <class P> struct gcd {
  static_assert(std::is_integral_v<P> && !std::is_same_v<P, bool>, "gcd needs integer arrays");
  using result_type = P;
  CUPP_HD static wrap_t<P> of(wrap_t<P> a, wrap_t<P> b) {
    while (b != 0) {
      const wrap_t<P> t = a % b;
      a = b;
      b = t;
    }
    return a;
  }
  CUPP_HD P operator()(P a, P b) const { return static_cast<P>(of(magnitude(a), magnitude(b))); }
};
template <class P> struct lcm {
  static_assert(std::is_integral_v<P> && !std::is_same_v<P, bool>, "lcm needs integer arrays");
  using result_type = P;
  CUPP_HD P operator()(P a, P b) const {
    const wrap_t<P> x = magnitude(a), y = magnitude(b), g = gcd<P>::of(x, y);
    return g == 0 ? P(0) : static_cast<P>(x / g * y);
  }
};

} // namespace ops

#include <cupp/math/detail/ufunc_macros.hpp>

/// `np.bitwise_and`, `np.bitwise_or`, `np.bitwise_xor`, `np.bitwise_not` / `np.invert`.
CUPP_BINARY_UFUNC(bitwise_and)
CUPP_BINARY_UFUNC(bitwise_or)
CUPP_BINARY_UFUNC(bitwise_xor)
CUPP_UNARY_UFUNC(bitwise_not)
CUPP_UNARY_UFUNC(invert)
/// `np.left_shift`, `np.right_shift`.
CUPP_BINARY_UFUNC(left_shift)
CUPP_BINARY_UFUNC(right_shift)
/// `np.gcd`, `np.lcm`.
CUPP_BINARY_UFUNC(gcd)
CUPP_BINARY_UFUNC(lcm)

template <class A, class B, class = std::enable_if_t<any_expression_v<A, B>>>
[[nodiscard]] auto operator&(const A& a, const B& b) {
  return bitwise_and(a, b);
}
template <class A, class B, class = std::enable_if_t<any_expression_v<A, B>>>
[[nodiscard]] auto operator|(const A& a, const B& b) {
  return bitwise_or(a, b);
}
template <class A, class B, class = std::enable_if_t<any_expression_v<A, B>>>
[[nodiscard]] auto operator^(const A& a, const B& b) {
  return bitwise_xor(a, b);
}
template <class A, class = std::enable_if_t<expr::is_expression_v<A>>>
[[nodiscard]] auto operator~(const A& a) {
  return bitwise_not(a);
}
/// Both operands arrays, expressions or scalars (so that `std::cout << a` stays printing).
template <class A, class B>
inline constexpr bool shift_operands_v = any_expression_v<A, B> &&
                                         (expr::is_expression_v<A> ||
                                          is_scalar_v<A>)&&(expr::is_expression_v<B> ||
                                                            is_scalar_v<B>);

template <class A, class B, class = std::enable_if_t<shift_operands_v<A, B>>>
[[nodiscard]] auto operator<<(const A& a, const B& b) {
  return left_shift(a, b);
}
template <class A, class B, class = std::enable_if_t<shift_operands_v<A, B>>>
[[nodiscard]] auto operator>>(const A& a, const B& b) {
  return right_shift(a, b);
}

} // namespace cupp

#undef CUPP_BINARY_UFUNC_RULE
#undef CUPP_BINARY_UFUNC
#undef CUPP_UNARY_UFUNC
