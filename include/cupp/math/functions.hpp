#pragma once
/// \file
/// Mathematical ufuncs: exponentials and logarithms, trigonometric and hyperbolic functions,
/// rounding, sign/square/reciprocal/sqrt/cbrt, power and float_power, floor_divide, remainder
/// (mod), fmod, divmod, modf, frexp, ldexp, arctan2, hypot, copysign, nextafter, spacing,
/// logaddexp(2), heaviside, degrees/radians, nan_to_num, around, sinc. Functions of integers that
/// NumPy computes in floating point give float16 (bool and 8-bit input), float32 (16-bit) or
/// float64 (wider), as NumPy; float16 and bfloat16 results are computed in float32.
/// Ufuncs without a bool loop in NumPy (square, reciprocal, power, floor_divide, remainder, fmod)
/// compute bool in int8, as NumPy. Every ufunc has an out= form (expr/out.hpp).

#include <cupp/core/keywords.hpp>
#include <cupp/detail/fault.hpp>
#include <cupp/expr/cast.hpp>
#include <cupp/math/arithmetic.hpp>
#include <cupp/math/compare.hpp>

#include <cmath>
#include <limits>
#include <optional>
#include <utility>

namespace cupp {

namespace ops {

// Ufuncs NumPy defines for real numbers only: a complex operand does not compile.
#define CUPP_REAL_ONLY(NAME, T)                                                                    \
  static_assert(!is_complex_v<T>,                                                                  \
                "ufunc '" #NAME "' not supported for complex input types (NumPy "                  \
                "raises TypeError)")

// f(x) in float_result_t<T>, computed in C (float32 for the 16-bit floats): EXPR for real x,
// CEXPR for complex x (detail/complex_math.hpp, NumPy's complex functions).
#define CUPP_INEXACT_UNARY(NAME, EXPR, CEXPR)                                                      \
  template <class T> struct NAME {                                                                 \
    using result_type = float_result_t<T>;                                                         \
    using C = compute_t<result_type>;                                                              \
    CUPP_HD result_type operator()(C x) const {                                                    \
      if constexpr (is_complex_v<C>) {                                                             \
        return CEXPR;                                                                              \
      } else {                                                                                     \
        return EXPR;                                                                               \
      }                                                                                            \
    }                                                                                              \
  };
CUPP_INEXACT_UNARY(exp, std::exp(x), detail::c_exp(x))
CUPP_INEXACT_UNARY(exp2, std::exp2(x), detail::c_exp2(x))
CUPP_INEXACT_UNARY(expm1, std::expm1(x), detail::c_expm1(x))
CUPP_INEXACT_UNARY(log, std::log(x), detail::c_log(x))
CUPP_INEXACT_UNARY(log2, std::log2(x), detail::c_log2(x))
CUPP_INEXACT_UNARY(log10, std::log10(x), detail::c_log10(x))
CUPP_INEXACT_UNARY(log1p, std::log1p(x), detail::c_log1p(x))
CUPP_INEXACT_UNARY(sin, std::sin(x), detail::c_sin(x))
CUPP_INEXACT_UNARY(cos, std::cos(x), detail::c_cos(x))
CUPP_INEXACT_UNARY(tan, std::tan(x), detail::c_tan(x))
CUPP_INEXACT_UNARY(arcsin, std::asin(x), detail::c_arcsin(x))
CUPP_INEXACT_UNARY(arccos, std::acos(x), detail::c_arccos(x))
CUPP_INEXACT_UNARY(arctan, std::atan(x), detail::c_arctan(x))
CUPP_INEXACT_UNARY(sinh, std::sinh(x), detail::c_sinh(x))
CUPP_INEXACT_UNARY(cosh, std::cosh(x), detail::c_cosh(x))
CUPP_INEXACT_UNARY(tanh, std::tanh(x), detail::c_tanh(x))
CUPP_INEXACT_UNARY(arcsinh, std::asinh(x), detail::c_arcsinh(x))
CUPP_INEXACT_UNARY(arccosh, std::acosh(x), detail::c_arccosh(x))
CUPP_INEXACT_UNARY(arctanh, std::atanh(x), detail::c_arctanh(x))
CUPP_INEXACT_UNARY(sqrt, std::sqrt(x), detail::c_sqrt(x))
// rint of a complex number rounds both parts (half to even in the default rounding mode)
CUPP_INEXACT_UNARY(rint, std::nearbyint(x), C(std::nearbyint(x.real()), std::nearbyint(x.imag())))
#undef CUPP_INEXACT_UNARY

#define CUPP_FLOAT_UNARY(NAME, EXPR)                                                               \
  template <class T> struct NAME {                                                                 \
    CUPP_REAL_ONLY(NAME, T);                                                                       \
    using result_type = float_result_t<T>;                                                         \
    using C = compute_t<result_type>;                                                              \
    CUPP_HD result_type operator()(C x) const { return EXPR; }                                     \
  };
CUPP_FLOAT_UNARY(cbrt, std::cbrt(x))
CUPP_FLOAT_UNARY(fabs, std::fabs(x))
CUPP_FLOAT_UNARY(degrees, x* C(57.295779513082320876798154814105170332405472466564))
CUPP_FLOAT_UNARY(radians, x* C(0.017453292519943295769236907684886127134428718885417))
#undef CUPP_FLOAT_UNARY

/// The distance to the next value away from zero (-0.0 steps up, as NumPy); the 16-bit floats
/// step in their own ulps (detail::half_spacing).
template <class T> struct spacing {
  CUPP_REAL_ONLY(spacing, T);
  static constexpr bool native_half = true;
  using result_type = float_result_t<T>;
  CUPP_HD result_type operator()(result_type x) const {
    if constexpr (is_half_v<result_type>) {
      return detail::half_spacing(x);
    } else {
      constexpr auto inf = std::numeric_limits<result_type>::infinity();
      return std::nextafter(x, x < result_type(0) ? -inf : inf) - x;
    }
  }
};
template <class T> using rad2deg = degrees<T>;
template <class T> using deg2rad = radians<T>;

// Rounding keeps the dtype (integers and bool are returned unchanged, as NumPy 2; rint is a float
// function above).
#define CUPP_ROUNDING(NAME, EXPR)                                                                  \
  template <class T> struct NAME {                                                                 \
    CUPP_REAL_ONLY(NAME, T);                                                                       \
    using result_type = T;                                                                         \
    CUPP_HD T operator()(T x) const {                                                              \
      if constexpr (std::is_floating_point_v<T>) {                                                 \
        return EXPR;                                                                               \
      } else {                                                                                     \
        return x;                                                                                  \
      }                                                                                            \
    }                                                                                              \
  };
CUPP_ROUNDING(floor, std::floor(x))
CUPP_ROUNDING(ceil, std::ceil(x))
CUPP_ROUNDING(trunc, std::trunc(x))
CUPP_ROUNDING(fix, std::trunc(x))
#undef CUPP_ROUNDING

/// sign: -1, 0 or 1 for real numbers; z / |z| for complex ones (NumPy 2).
template <class T> struct sign {
  static_assert(!std::is_same_v<T, bool>, "sign of bool arrays is not supported");
  static constexpr bool native_half = true;
  using result_type = T;
  CUPP_HD T operator()(T x) const { // NaN stays NaN; -0.0 gives 0.0, as NumPy (ml_dtypes: -0.0)
    if constexpr (is_complex_v<T>) {
      return detail::c_sign(x);
    } else {
      const T zero = std::is_same_v<T, bfloat16> ? x : T(0);
      return x > T(0) ? T(1) : (x < T(0) ? T(-1) : (x == T(0) ? zero : x));
    }
  }
};
template <class T> struct square {
  using R = int8_if_bool_t<T>;
  using result_type = R;
  CUPP_HD R operator()(R x) const { return multiply<R>{}(x, x); }
};
template <class T> struct reciprocal {
  using R = int8_if_bool_t<T>;
  using result_type = R;
  CUPP_HD R operator()(R x) const {
    if constexpr (is_complex_v<R>) {
      return detail::c_reciprocal(x);
    } else if constexpr (std::is_integral_v<R>) { // NumPy: integer 1 / x; 1 / 0 gives 0 for 8 and
                                                  // 16
      if (x == R(0)) return sizeof(R) < 4 ? R(0) : std::numeric_limits<R>::min(); // bits, else min
      return static_cast<R>(R(1) / x);
    } else {
      return R(1) / x;
    }
  }
};

// f(a, b) in float_result_t<P>, computed in C (float32 for the 16-bit floats)
#define CUPP_FLOAT_BINARY(NAME, EXPR)                                                              \
  template <class P> struct NAME {                                                                 \
    CUPP_REAL_ONLY(NAME, P);                                                                       \
    using result_type = float_result_t<P>;                                                         \
    using C = compute_t<result_type>;                                                              \
    CUPP_HD result_type operator()(C a, C b) const { return EXPR; }                                \
  };
CUPP_FLOAT_BINARY(arctan2, std::atan2(a, b))
CUPP_FLOAT_BINARY(hypot, std::hypot(a, b))
CUPP_FLOAT_BINARY(copysign, std::copysign(a, b))
CUPP_FLOAT_BINARY(logaddexp, a == b ? a + C(0.69314718055994530942)
                                    : std::fmax(a, b) + std::log1p(std::exp(-std::fabs(a - b))))
CUPP_FLOAT_BINARY(logaddexp2, a == b
                                  ? a + C(1)
                                  : std::fmax(a, b) + C(1.4426950408889634074) *
                                                          std::log1p(std::exp2(-std::fabs(a - b))))
CUPP_FLOAT_BINARY(heaviside, a != a ? a : (a < 0 ? C(0) : (a > 0 ? C(1) : b)))
#undef CUPP_FLOAT_BINARY

/// nextafter: the 16-bit floats step in their own ulps (NumPy's npy_half_nextafter).
template <class P> struct nextafter {
  CUPP_REAL_ONLY(nextafter, P);
  static constexpr bool native_half = true;
  using result_type = float_result_t<P>;
  CUPP_HD result_type operator()(result_type a, result_type b) const {
    if constexpr (is_half_v<result_type>) {
      return detail::half_nextafter(a, b);
    } else {
      return std::nextafter(a, b);
    }
  }
};

/// float_power: always float64 (complex128 for complex operands, as NumPy's).
template <class P> struct float_power {
  using result_type = std::conditional_t<is_complex_v<P>, complex128, double>;
  CUPP_HD result_type operator()(result_type a, result_type b) const {
    if constexpr (is_complex_v<P>) {
      return detail::c_pow(a, b);
    } else {
      return std::pow(a, b);
    }
  }
};

/// power: integers by repeated squaring, wrapping; a negative integer exponent is NumPy's
/// "Integers to negative integer powers are not allowed." (raised at the next sync point).
template <class T> struct power {
  using P = int8_if_bool_t<T>;
  using result_type = P;
  detail::fault_record* fault = detail::fault_slot();
  CUPP_HD P operator()(P a, P b) const {
    if constexpr (is_complex_v<P>) {
      return detail::c_pow(a, b); // NumPy's npy_cpow: small integer exponents exactly
    } else if constexpr (std::is_floating_point_v<P>) {
      return std::pow(a, b);
    } else {
      if constexpr (std::is_signed_v<P>) {
        if (b < 0) {
          detail::report_fault(fault, detail::fault_code::negative_int_power, 0, 0, 0);
          return P(0);
        }
      }
      wrap_t<P> result = 1, base = static_cast<wrap_t<P>>(a);
      for (P e = b; e != 0; e = static_cast<P>(e >> 1)) {
        if (e & 1) result *= base;
        base *= base;
      }
      return static_cast<P>(result);
    }
  }
};

/// floor_divide / remainder (mod) / fmod with NumPy's rules: integers divided by zero give 0
/// (NumPy warns), the minimum divided by -1 wraps; floats follow NumPy's npy_divmod.
template <class P> CUPP_HD P float_mod(P a, P b) {
  P mod = std::fmod(a, b);
  if (b == P(0)) return mod; // nan
  if (mod != P(0)) {
    if ((b < P(0)) != (mod < P(0))) mod += b;
  } else {
    mod = std::copysign(P(0), b);
  }
  return mod;
}
template <class P> CUPP_HD P float_floordiv(P a, P b) {
  if (b == P(0)) return a / b;
  const P mod = std::fmod(a, b);
  P div = (a - mod) / b;
  if (mod != P(0) && ((b < P(0)) != (mod < P(0)))) div -= P(1);
  if (div == P(0)) return std::copysign(P(0), a / b);
  P floordiv = std::floor(div);
  if (div - floordiv > P(0.5)) floordiv += P(1);
  return floordiv;
}
template <class T> struct floor_divide {
  CUPP_REAL_ONLY(floor_divide, T);
  using P = int8_if_bool_t<T>;
  using result_type = P;
  CUPP_HD P operator()(P a, P b) const {
    if constexpr (std::is_floating_point_v<P>) {
      return float_floordiv(a, b);
    } else {
      if (b == P(0)) return P(0);
      if constexpr (std::is_signed_v<P>) {
        if (b == P(-1)) return static_cast<P>(-static_cast<wrap_t<P>>(a)); // min / -1 wraps
        const P q = static_cast<P>(a / b);
        return (a % b != 0 && ((a < 0) != (b < 0))) ? static_cast<P>(q - 1) : q;
      } else {
        return static_cast<P>(a / b);
      }
    }
  }
};
template <class T> struct remainder {
  CUPP_REAL_ONLY(remainder, T);
  using P = int8_if_bool_t<T>;
  using result_type = P;
  CUPP_HD P operator()(P a, P b) const {
    if constexpr (std::is_floating_point_v<P>) {
      return float_mod(a, b);
    } else {
      if (b == P(0)) return P(0);
      if constexpr (std::is_signed_v<P>) {
        if (b == P(-1)) return P(0);
        const P r = static_cast<P>(a % b);
        return (r != 0 && ((r < 0) != (b < 0))) ? static_cast<P>(r + b) : r;
      } else {
        return static_cast<P>(a % b);
      }
    }
  }
};
template <class P> using mod = remainder<P>;
template <class T> struct fmod {
  CUPP_REAL_ONLY(fmod, T);
  using P = int8_if_bool_t<T>;
  using result_type = P;
  CUPP_HD P operator()(P a, P b) const {
    if constexpr (std::is_floating_point_v<P>) {
      return std::fmod(a, b);
    } else {
      if (b == P(0)) return P(0);
      if constexpr (std::is_signed_v<P>) {
        if (b == P(-1)) return P(0);
      }
      return static_cast<P>(a % b); // the sign of the dividend, as C
    }
  }
};

/// modf's two parts and frexp's mantissa and exponent.
template <class T> struct modf_fraction {
  CUPP_REAL_ONLY(modf, T);
  using result_type = float_result_t<T>;
  using C = compute_t<result_type>;
  CUPP_HD result_type operator()(C x) const {
    C whole;
    return std::modf(x, &whole);
  }
};
template <class T> struct modf_whole {
  CUPP_REAL_ONLY(modf, T);
  using result_type = float_result_t<T>;
  using C = compute_t<result_type>;
  CUPP_HD result_type operator()(C x) const {
    C whole;
    (void)std::modf(x, &whole);
    return whole;
  }
};
template <class T> struct frexp_mantissa {
  CUPP_REAL_ONLY(frexp, T);
  using result_type = float_result_t<T>;
  using C = compute_t<result_type>;
  CUPP_HD result_type operator()(C x) const {
    int e;
    return std::frexp(x, &e);
  }
};
template <class T> struct frexp_exponent {
  CUPP_REAL_ONLY(frexp, T);
  using result_type = std::int32_t;
  CUPP_HD std::int32_t operator()(compute_t<float_result_t<T>> x) const {
    int e = 0;
    (void)std::frexp(x, &e);
    return e;
  }
};

/// ldexp(x, i): x * 2^i in x's float dtype.
template <class F, class I> struct ldexp {
  CUPP_REAL_ONLY(ldexp, F);
  using result_type = float_result_t<F>;
  CUPP_HD result_type operator()(compute_t<result_type> x, I i) const {
    // exponents beyond any float's range saturate (a plain int conversion would wrap)
    const auto e = i > I(100000)
                       ? 100000
                       : (static_cast<double>(i) < -100000.0 ? -100000 : static_cast<int>(i));
    return std::ldexp(x, e);
  }
};

/// nan_to_num: NaN and infinities replaced (defaults: 0 and the dtype's extremes).
template <class T> struct nan_to_num {
  static constexpr bool native_half = true; // the 16-bit floats' own extremes
  using result_type = T;
  double nan = 0, posinf = 0, neginf = 0;
  bool has_posinf = false, has_neginf = false; // else the dtype's extremes
  CUPP_HD T operator()(T x) const {
    if constexpr (is_complex_v<T>) { // each part on its own, as NumPy's
      using F = real_t<T>;
      const nan_to_num<F> part{nan, posinf, neginf, has_posinf, has_neginf};
      return T(part(x.real()), part(x.imag()));
    } else if constexpr (is_floating_v<T>) {
      if (x != x) return static_cast<T>(nan);
      if (x == std::numeric_limits<T>::infinity())
        return has_posinf ? static_cast<T>(posinf) : std::numeric_limits<T>::max();
      if (x == -std::numeric_limits<T>::infinity())
        return has_neginf ? static_cast<T>(neginf) : std::numeric_limits<T>::lowest();
    }
    return x;
  }
};

/// around(x, decimals): round half to even at 10^-decimals, as NumPy's: it multiplies (divides for
/// negative decimals), rounds and divides back, three operations of x's dtype, so a 16-bit float
/// rounds to its dtype after each.
template <class T> struct around {
  static_assert(!std::is_same_v<T, bool>, "Cannot cast ufunc 'divide' output from dtype('float64') "
                                          "to dtype('bool') with casting rule 'same_kind'");
  static constexpr bool native_half = true;
  using result_type = T;
  int decimals = 0;
  CUPP_HD T operator()(T x) const {
    if constexpr (is_complex_v<T>) { // both parts, as NumPy's
      const around<real_t<T>> part{decimals};
      return T(part(x.real()), part(x.imag()));
    } else if constexpr (is_floating_v<T>) {
      using C = compute_t<T>;
      const C f = static_cast<T>(std::pow(10.0, decimals >= 0 ? decimals : -decimals));
      const C scaled = static_cast<T>(decimals >= 0 ? C(x) * f : C(x) / f);
      const C whole = static_cast<T>(std::nearbyint(scaled));
      return static_cast<T>(decimals >= 0 ? whole / f : whole * f);
    } else {
      if (decimals >= 0) return x;
      // NumPy computes in float64 and converts back (out-of-range results as its casts give)
      const double f = std::pow(10.0, -decimals);
      return expr::cast<T>{}(std::nearbyint(static_cast<double>(x) / f) * f);
    }
  }
};

/// sinc(x) = sin(pi x) / (pi x), 1 at 0. NumPy computes pi * x in Python, so every integer (and
/// bool) dtype gives float64.
template <class T> struct sinc {
  static constexpr bool native_half = true; // NumPy's pi * x, sin and division each round to it
  using result_type = std::conditional_t<is_inexact_v<T>, T, double>;
  using C = compute_t<result_type>;
  CUPP_HD result_type operator()(result_type x) const {
    using R = result_type;
    if constexpr (is_complex_v<R>) { // NumPy: pi * x as a complex product, then sin(y) / y
      const R y = detail::c_mul(x, R(real_t<R>(3.14159265358979323846), real_t<R>(0)));
      if (y == R(0)) return R(1);
      return detail::c_div(detail::c_sin(y), y);
    } else {
      const C y = static_cast<R>(C(x) * static_cast<C>(static_cast<R>(3.14159265358979323846)));
      if (y == C(0)) return R(1); // NumPy divides sin(eps) by eps there
      return static_cast<R>(static_cast<C>(static_cast<R>(std::sin(y))) / y);
    }
  }
};

#undef CUPP_REAL_ONLY

} // namespace ops

template <> inline constexpr bool expr::float_loop_v<ops::arctan2> = true;
template <> inline constexpr bool expr::float_loop_v<ops::hypot> = true;
template <> inline constexpr bool expr::float_loop_v<ops::copysign> = true;
template <> inline constexpr bool expr::float_loop_v<ops::nextafter> = true;
template <> inline constexpr bool expr::float_loop_v<ops::logaddexp> = true;
template <> inline constexpr bool expr::float_loop_v<ops::logaddexp2> = true;
template <> inline constexpr bool expr::float_loop_v<ops::heaviside> = true;

#include <cupp/math/detail/ufunc_macros.hpp>

/// Exponentials and logarithms.
CUPP_UNARY_UFUNC(exp)
CUPP_UNARY_UFUNC(exp2)
CUPP_UNARY_UFUNC(expm1)
CUPP_UNARY_UFUNC(log)
CUPP_UNARY_UFUNC(log2)
CUPP_UNARY_UFUNC(log10)
CUPP_UNARY_UFUNC(log1p)
/// Trigonometric and hyperbolic functions and their inverses.
CUPP_UNARY_UFUNC(sin)
CUPP_UNARY_UFUNC(cos)
CUPP_UNARY_UFUNC(tan)
CUPP_UNARY_UFUNC(arcsin)
CUPP_UNARY_UFUNC(arccos)
CUPP_UNARY_UFUNC(arctan)
CUPP_UNARY_UFUNC(sinh)
CUPP_UNARY_UFUNC(cosh)
CUPP_UNARY_UFUNC(tanh)
CUPP_UNARY_UFUNC(arcsinh)
CUPP_UNARY_UFUNC(arccosh)
CUPP_UNARY_UFUNC(arctanh)
CUPP_UNARY_UFUNC(degrees)
CUPP_UNARY_UFUNC(radians)
CUPP_UNARY_UFUNC(rad2deg)
CUPP_UNARY_UFUNC(deg2rad)
/// Rounding (integers unchanged; rint gives floats), sign, square, reciprocal, sqrt, cbrt, fabs,
/// spacing, sinc.
CUPP_UNARY_UFUNC(floor)
CUPP_UNARY_UFUNC(ceil)
CUPP_UNARY_UFUNC(trunc)
CUPP_UNARY_UFUNC(rint)
CUPP_UNARY_UFUNC(fix)
CUPP_UNARY_UFUNC(sign)
CUPP_UNARY_UFUNC(square)
CUPP_UNARY_UFUNC(reciprocal)
CUPP_UNARY_UFUNC(sqrt)
CUPP_UNARY_UFUNC(cbrt)
CUPP_UNARY_UFUNC(fabs)
CUPP_UNARY_UFUNC(spacing)
CUPP_UNARY_UFUNC(sinc)
/// Binary functions of floats.
CUPP_BINARY_UFUNC(arctan2)
CUPP_BINARY_UFUNC(hypot)
CUPP_BINARY_UFUNC(copysign)
CUPP_BINARY_UFUNC(nextafter)
CUPP_BINARY_UFUNC(logaddexp)
CUPP_BINARY_UFUNC(logaddexp2)
CUPP_BINARY_UFUNC(heaviside)
CUPP_BINARY_UFUNC(float_power)
/// `np.power` (also `**`'s meaning), `np.floor_divide`, `np.remainder` / `np.mod`, `np.fmod`.
CUPP_BINARY_UFUNC(power)
CUPP_BINARY_UFUNC(floor_divide)
CUPP_BINARY_UFUNC(remainder)
CUPP_BINARY_UFUNC(mod)
CUPP_BINARY_UFUNC(fmod)
/// `a % b` is `np.remainder` (Python's `%`: the result takes the divisor's sign). C++ has no
/// `**` or `//`: `cp::power(a, b)` and `cp::floor_divide(a, b)` (`^` is bitwise_xor, as NumPy's).
template <class A, class B, class = std::enable_if_t<any_expression_v<A, B>>>
[[nodiscard]] auto operator%(const A& a, const B& b) {
  return remainder(a, b);
}
/// `np.divmod`: (floor_divide, remainder).
template <class A, class B> [[nodiscard]] auto divmod(const A& a, const B& b) {
  return std::pair{floor_divide(a, b), remainder(a, b)};
}
/// `np.divmod(a, b, out=(q, r))`.
template <class A, class B, class Q, class R>
std::pair<ndarray<Q>, ndarray<R>> divmod(const A& a, const B& b, ndarray<Q> q, ndarray<R> r) {
  return expr::ufunc_out(std::move(q), std::move(r), expr::binary_node<ops::floor_divide>(a, b),
                         expr::binary_node<ops::remainder>(a, b));
}
/// `np.modf`: (fractional part, integral part), both with x's sign.
template <class A, class = std::enable_if_t<expr::is_expression_v<A>>>
[[nodiscard]] auto modf(const A& a) {
  return std::pair{expr::make_unary<ops::modf_fraction>(a), expr::make_unary<ops::modf_whole>(a)};
}
/// `np.modf(a, out=(fraction, whole))`.
template <class A, class F, class W, class = std::enable_if_t<expr::is_expression_v<A>>>
std::pair<ndarray<F>, ndarray<W>> modf(const A& a, ndarray<F> fraction, ndarray<W> whole) {
  const auto [f, w] = modf(a);
  return expr::ufunc_out(std::move(fraction), std::move(whole), f, w);
}
/// `np.frexp`: (mantissa in [0.5, 1), int32 exponent).
template <class A, class = std::enable_if_t<expr::is_expression_v<A>>>
[[nodiscard]] auto frexp(const A& a) {
  return std::pair{expr::make_unary<ops::frexp_mantissa>(a),
                   expr::make_unary<ops::frexp_exponent>(a)};
}
/// `np.frexp(a, out=(mantissa, exponent))`.
template <class A, class M, class E, class = std::enable_if_t<expr::is_expression_v<A>>>
std::pair<ndarray<M>, ndarray<E>> frexp(const A& a, ndarray<M> mantissa, ndarray<E> exponent) {
  const auto [m, e] = frexp(a);
  return expr::ufunc_out(std::move(mantissa), std::move(exponent), m, e);
}
namespace expr {
/// The node of ldexp(x, i), its shapes not checked (see binary_node).
template <class X, class I> [[nodiscard]] auto ldexp_node(const X& x, const I& i) {
  static_assert(is_expression_v<X>, "ldexp needs a cupp array or expression for x");
  using F = value_type_t<X>;
  auto oi = as_operand<std::int64_t>(i);
  auto ox = operand(x);
  using V = value_type_t<decltype(oi)>;
  static_assert(std::is_integral_v<V>, "ldexp's exponent must be an integer");
  return node<ops::ldexp<F, V>, decltype(ox), decltype(oi)>{{}, {ox, oi}};
}
} // namespace expr
/// `np.ldexp(x, i)`: x * 2**i in x's float dtype (i an integer array or scalar).
template <class X, class I, class = std::enable_if_t<expr::is_expression_v<X>>>
[[nodiscard]] auto ldexp(const X& x, const I& i) {
  auto n = expr::ldexp_node(x, i);
  (void)expr::broadcast_shape(n);
  return n;
}
/// `np.ldexp(x, i, out=out)`.
template <class X, class I, class R, class = std::enable_if_t<expr::is_expression_v<X>>>
ndarray<R> ldexp(const X& x, const I& i, ndarray<R> out) {
  return expr::ufunc_out(std::move(out), expr::ldexp_node(x, i));
}
/// NumPy's keywords of nan_to_num: `cp::nan_to_num(x, {.posinf = 1e30})` (core/keywords.hpp).
struct nan_to_num_kw {
  detail::kw_guard guard_{};
  double nan = 0.0;
  std::optional<double> posinf = std::nullopt, neginf = std::nullopt;
};
/// `np.nan_to_num(x, nan, posinf, neginf)`.
template <class A, class = std::enable_if_t<expr::is_expression_v<A>>>
[[nodiscard]] auto nan_to_num(const A& a, double nan = 0.0, std::optional<double> posinf = {},
                              std::optional<double> neginf = {}) {
  auto n = expr::make_unary<ops::nan_to_num>(a);
  n.op.nan = nan;
  n.op.has_posinf = posinf.has_value();
  n.op.posinf = posinf.value_or(0);
  n.op.has_neginf = neginf.has_value();
  n.op.neginf = neginf.value_or(0);
  return n;
}
template <class A, class = std::enable_if_t<expr::is_expression_v<A>>>
[[nodiscard]] auto nan_to_num(const A& a, const nan_to_num_kw& kw) {
  return nan_to_num(a, kw.nan, kw.posinf, kw.neginf);
}
/// `np.around(x, decimals)` / `np.round`.
template <class A, class = std::enable_if_t<expr::is_expression_v<A>>>
[[nodiscard]] auto around(const A& a, int decimals = 0) {
  auto n = expr::make_unary<ops::around>(a);
  n.op.decimals = decimals;
  return n;
}
template <class A, class = std::enable_if_t<expr::is_expression_v<A>>>
[[nodiscard]] auto round(const A& a, int decimals = 0) {
  return around(a, decimals);
}
/// `np.around(x, decimals, out=out)` / `np.round`.
template <class A, class R, class = std::enable_if_t<expr::is_expression_v<A>>>
ndarray<R> around(const A& a, int decimals, ndarray<R> out) {
  return expr::ufunc_out(std::move(out), around(a, decimals));
}
template <class A, class R, class = std::enable_if_t<expr::is_expression_v<A>>>
ndarray<R> round(const A& a, int decimals, ndarray<R> out) {
  return around(a, decimals, std::move(out));
}
// ---- the ndarray's methods (declared in core/ndarray.hpp) ---------------------------------------

template <class V> auto ndarray<V>::round(int decimals) const {
  const auto n = cupp::around(*this, decimals);
  return ndarray<expr::value_type_t<decltype(n)>>(n);
}
template <class V> template <class E> ndarray<V>& ndarray<V>::operator%=(const E& e) {
  return compound<ops::remainder>(e);
}

} // namespace cupp

#undef CUPP_BINARY_UFUNC_RULE
#undef CUPP_BINARY_UFUNC
#undef CUPP_UNARY_UFUNC
