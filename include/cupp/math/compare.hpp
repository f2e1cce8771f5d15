#pragma once
/// \file
/// Comparison and logic ufuncs, giving bool arrays: equal, not_equal, less, less_equal, greater,
/// greater_equal (and the C++ operators == != < <= > >=), logical_and/or/xor/not, isnan, isinf,
/// isfinite, isposinf, isneginf, signbit, isclose; and the selections maximum, minimum (NaN
/// propagates), fmax, fmin (NaN ignored), clip and where(cond, x, y). All are lazy expressions
/// that fuse with the rest (expr/node.hpp); operands promote as NumPy 2's (NEP 50). Integers
/// compare exactly, int64 with uint64 and with weak scalars out of the array's range included.

#include <cupp/core/keywords.hpp>
#include <cupp/core/ndarray.hpp>
#include <cupp/detail/reduce.hpp>
#include <cupp/expr/cast.hpp>
#include <cupp/math/arithmetic.hpp>

#include <cmath>
#include <limits>

namespace cupp {

namespace ops {

using expr::is_nan;

/// a < b and a == b for integers (bool included) of any signedness, exactly: NumPy 2 compares
/// int64 with uint64 without going through float64, where their promotion would take it.
template <class A, class B> CUPP_HD constexpr bool int_less(A a, B b) {
  if constexpr (std::is_signed_v<A> == std::is_signed_v<B>) {
    return a < b;
  } else if constexpr (std::is_signed_v<A>) {
    return a < A(0) || static_cast<std::make_unsigned_t<A>>(a) < b;
  } else {
    return b >= B(0) && a < static_cast<std::make_unsigned_t<B>>(b);
  }
}
template <class A, class B> CUPP_HD constexpr bool int_equal(A a, B b) {
  if constexpr (std::is_signed_v<A> == std::is_signed_v<B>) {
    return a == b;
  } else if constexpr (std::is_signed_v<A>) {
    return a >= A(0) && static_cast<std::make_unsigned_t<A>>(a) == b;
  } else {
    return int_equal(b, a);
  }
}

// Comparisons take each operand in its own dtype: integers compare exactly (INT), anything else in
// the promoted dtype P, as NumPy's loops do (int32 with float32 in float64); complex numbers
// (x, y: the operands in P) compare in NumPy's lexicographic order (COMPLEX).
#define CUPP_COMPARISON(NAME, OP, INT, COMPLEX)                                                    \
  template <class P> struct NAME {                                                                 \
    using result_type = bool;                                                                      \
    template <class A, class B> CUPP_HD bool operator()(A a, B b) const {                          \
      if constexpr (std::is_integral_v<A> && std::is_integral_v<B>) {                              \
        return INT;                                                                                \
      } else if constexpr (is_complex_v<P>) {                                                      \
        const P x = a, y = b;                                                                      \
        return COMPLEX;                                                                            \
      } else {                                                                                     \
        return static_cast<P>(a) OP static_cast<P>(b);                                             \
      }                                                                                            \
    }                                                                                              \
  };
CUPP_COMPARISON(equal, ==, int_equal(a, b), x == y)
CUPP_COMPARISON(not_equal, !=, !int_equal(a, b), x != y)
CUPP_COMPARISON(less, <, int_less(a, b), detail::complex_less(x, y))
CUPP_COMPARISON(less_equal, <=, !int_less(b, a), detail::complex_less_equal(x, y))
CUPP_COMPARISON(greater, >, int_less(b, a), detail::complex_less(y, x))
CUPP_COMPARISON(greater_equal, >=, !int_less(a, b), detail::complex_less_equal(y, x))
#undef CUPP_COMPARISON

// Logic tests each operand for nonzero in its own dtype (an out-of-range weak integer is nonzero).
template <class P> struct logical_and {
  using result_type = bool;
  template <class A, class B> CUPP_HD bool operator()(A a, B b) const {
    return a != A(0) && b != B(0);
  }
};
template <class P> struct logical_or {
  using result_type = bool;
  template <class A, class B> CUPP_HD bool operator()(A a, B b) const {
    return a != A(0) || b != B(0);
  }
};
template <class P> struct logical_xor {
  using result_type = bool;
  template <class A, class B> CUPP_HD bool operator()(A a, B b) const {
    return (a != A(0)) != (b != B(0));
  }
};
template <class T> struct logical_not {
  using result_type = bool;
  CUPP_HD bool operator()(T a) const { return a == T(0); }
};

template <class T> struct isnan {
  using result_type = bool;
  CUPP_HD bool operator()(T a) const { return is_nan(a); }
};
template <class T> struct isinf {
  using result_type = bool;
  CUPP_HD bool operator()(T a) const {
    if constexpr (is_complex_v<T>) { // either part infinite
      return isinf<real_t<T>>{}(a.real()) || isinf<real_t<T>>{}(a.imag());
    } else if constexpr (std::is_floating_point_v<T>) {
      return a == std::numeric_limits<T>::infinity() || a == -std::numeric_limits<T>::infinity();
    } else {
      return false;
    }
  }
};
template <class T> struct isfinite {
  using result_type = bool;
  CUPP_HD bool operator()(T a) const { return !is_nan(a) && !isinf<T>{}(a); }
};
template <class T> struct isposinf {
  static_assert(!is_complex_v<T>, "isposinf is not defined for complex values (NumPy raises "
                                  "TypeError)");
  using result_type = bool;
  CUPP_HD bool operator()(T a) const {
    if constexpr (std::is_floating_point_v<T>) {
      return a == std::numeric_limits<T>::infinity();
    } else {
      return false;
    }
  }
};
template <class T> struct isneginf {
  static_assert(!is_complex_v<T>, "isneginf is not defined for complex values (NumPy raises "
                                  "TypeError)");
  using result_type = bool;
  CUPP_HD bool operator()(T a) const {
    if constexpr (std::is_floating_point_v<T>) {
      return a == -std::numeric_limits<T>::infinity();
    } else {
      return false;
    }
  }
};
template <class T> struct signbit {
  static_assert(!is_complex_v<T>,
                "ufunc 'signbit' not supported for complex input types (as in NumPy)");
  static constexpr bool native_half = true; // the sign bit itself (GCC 12 miscompiles the float
                                            // route for bfloat16 vectors: an internal error)
  using result_type = bool;
  CUPP_HD bool operator()(T a) const {
    if constexpr (is_half_v<T>) {
      return (a.bits & 0x8000u) != 0;
    } else if constexpr (std::is_floating_point_v<T>) {
      return std::signbit(a);
    } else if constexpr (std::is_signed_v<T>) {
      return a < 0;
    } else {
      return false;
    }
  }
};

/// maximum / minimum: NaN propagates; fmax / fmin: NaN is ignored (unless both are NaN).
/// Equal operands (0.0, -0.0) give the second, as NumPy's float32/float64 loops; NumPy's float16
/// loop keeps the first. Complex numbers order lexicographically, as NumPy's (a NaN in either
/// part counts as NaN).
template <class P> struct maximum {
  static constexpr bool native_half = true;
  using result_type = P;
  CUPP_HD P operator()(P a, P b) const {
    if constexpr (is_complex_v<P>) {
      return detail::nan_max{}(a, b);
    } else if constexpr (std::is_same_v<P, float16>) {
      return is_nan(a) ? a : (is_nan(b) ? b : (a < b ? b : a));
    } else {
      return is_nan(a) ? a : (is_nan(b) ? b : (b < a ? a : b));
    }
  }
};
template <class P> struct minimum {
  static constexpr bool native_half = true;
  using result_type = P;
  CUPP_HD P operator()(P a, P b) const {
    if constexpr (is_complex_v<P>) {
      return detail::nan_min{}(a, b);
    } else if constexpr (std::is_same_v<P, float16>) {
      return is_nan(a) ? a : (is_nan(b) ? b : (b < a ? b : a));
    } else {
      return is_nan(a) ? a : (is_nan(b) ? b : (a < b ? a : b));
    }
  }
};
template <class P> struct fmax {
  using result_type = P;
  CUPP_HD P operator()(P a, P b) const {
    if constexpr (is_complex_v<P>) { // NumPy's complex fmax: a unless b is NaN or CGE(a, b) fails
      return is_nan(b) || detail::complex_ge(a, b) ? a : b;
    } else {
      return is_nan(b) ? a : (is_nan(a) ? b : (a < b ? b : a));
    }
  }
};
template <class P> struct fmin {
  using result_type = P;
  CUPP_HD P operator()(P a, P b) const {
    if constexpr (is_complex_v<P>) {
      return is_nan(b) || detail::complex_le(a, b) ? a : b;
    } else {
      return is_nan(b) ? a : (is_nan(a) ? b : (b < a ? b : a));
    }
  }
};

/// where(cond, x, y): x where cond is true, else y, in the promoted dtype of x and y.
template <class C, class P> struct where {
  using result_type = P;
  CUPP_HD P operator()(C c, P x, P y) const { return c != C(0) ? x : y; }
};

/// clip(a, lo, hi) = minimum(maximum(a, lo), hi), NaN propagating as NumPy's.
template <class P> struct clip {
  using result_type = P;
  CUPP_HD P operator()(P a, P lo, P hi) const { return minimum<P>{}(maximum<P>{}(a, lo), hi); }
};

/// isclose: |a - b| <= atol + rtol * |b|, infinities equal only to themselves; integers compare in
/// float64 (NumPy converts b to float first); complex numbers by the magnitudes of a - b and b,
/// infinite where either part is (NumPy's isclose is this formula on complex values).
template <class P> struct isclose {
  using result_type = bool;
  using F = std::conditional_t<std::is_floating_point_v<P> || is_complex_v<P>, P, double>;
  double rtol, atol;
  bool equal_nan;
  template <class A, class B> CUPP_HD bool operator()(A a, B b) const {
    if constexpr (is_complex_v<P>) {
      const P x = a, y = b;
      if (is_nan(x) || is_nan(y)) return equal_nan && is_nan(x) && is_nan(y);
      if (isinf<P>{}(x) || isinf<P>{}(y)) return x == y;
      return static_cast<double>(detail::c_abs(P(x - y))) <=
             atol + rtol * static_cast<double>(detail::c_abs(y));
    } else {
      return real_close(static_cast<F>(a), static_cast<F>(b));
    }
  }

private:
  CUPP_HD bool real_close(F x, F y) const {
    if (is_nan(x) || is_nan(y)) return equal_nan && is_nan(x) && is_nan(y);
    if (isinf<F>{}(x) || isinf<F>{}(y)) return x == y;
    const F d = x > y ? x - y : y - x;
    const F m = y < 0 ? -y : y;
    return static_cast<double>(d) <= atol + rtol * static_cast<double>(m);
  }
};

} // namespace ops

namespace expr {
/// Builds the node of a ternary operation `Fn<C, P>` (condition dtype C, x and y promoted to P).
/// Scalars x and y are weak, and wrap when out of range, as np.where's; two scalars keep the
/// default dtypes of their kinds (`np.where(c, 1, 2.5)` is float64, `np.where(c, 1, 2)` int64).
template <template <class, class> class Fn, class Cond, class X, class Y>
[[nodiscard]] auto make_select(const Cond& c, const X& x, const Y& y) {
  static_assert(is_expression_v<Cond>, "the condition must be a cupp array or expression");
  using VX = typename detail::value_or_void<X>::type;
  using VY = typename detail::value_or_void<Y>::type;
  auto ox = as_operand<std::conditional_t<std::is_void_v<VX>, VY, VX>, scalar_rule::wrap>(x);
  auto oy = as_operand<std::conditional_t<std::is_void_v<VY>, VX, VY>, scalar_rule::wrap>(y);
  auto oc = operand(c);
  using P = promote_t<value_type_t<decltype(ox)>, value_type_t<decltype(oy)>>;
  using C = value_type_t<decltype(oc)>;
  node<Fn<C, P>, decltype(oc), decltype(ox), decltype(oy)> n{Fn<C, P>{}, {oc, ox, oy}};
  (void)broadcast_shape(n);
  return n;
}

/// A clip bound: a weak scalar of the array's dtype T, except that an integer beyond the side it
/// bounds clips nothing and saturates (NumPy 2: `np.clip(int8_array, -1000, 1000)` is the array;
/// `np.clip(int8_array, 1000, 5)` raises overflow_error).
template <class T, class X> [[nodiscard]] auto clip_bound(const X& x, bool lower) {
  if constexpr (is_scalar_v<X> && std::is_integral_v<X> && !std::is_same_v<X, bool> &&
                std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    constexpr T min = std::numeric_limits<T>::min(), max = std::numeric_limits<T>::max();
    if (lower ? ops::int_less(x, min) : ops::int_less(max, x)) return scalar<T>{lower ? min : max};
  }
  return as_operand<T>(x);
}

/// The node of clip(a, lo, hi), its shapes not checked (see binary_node).
template <class A, class L, class H>
[[nodiscard]] auto clip_node(const A& a, const L& lo, const H& hi) {
  static_assert(is_expression_v<A>, "clip needs a cupp array or expression");
  using T = value_type_t<A>;
  auto ol = clip_bound<T>(lo, true);
  auto oh = clip_bound<T>(hi, false);
  auto oa = operand(a);
  using P = promote_t<promote_t<T, value_type_t<decltype(ol)>>, value_type_t<decltype(oh)>>;
  return node<ops::clip<P>, decltype(oa), decltype(ol), decltype(oh)>{{}, {oa, ol, oh}};
}
} // namespace expr

#include <cupp/math/detail/ufunc_macros.hpp>

// Comparisons and logic take integer scalars at their value (see expr::scalar_rule).
#define CUPP_EXACT_UFUNC(NAME) CUPP_BINARY_UFUNC_RULE(NAME, expr::scalar_rule::exact)
/// `np.equal`, `np.not_equal`, `np.less`, `np.less_equal`, `np.greater`, `np.greater_equal`.
CUPP_EXACT_UFUNC(equal)
CUPP_EXACT_UFUNC(not_equal)
CUPP_EXACT_UFUNC(less)
CUPP_EXACT_UFUNC(less_equal)
CUPP_EXACT_UFUNC(greater)
CUPP_EXACT_UFUNC(greater_equal)
/// `np.logical_and`, `np.logical_or`, `np.logical_xor`, `np.logical_not`.
CUPP_EXACT_UFUNC(logical_and)
CUPP_EXACT_UFUNC(logical_or)
CUPP_EXACT_UFUNC(logical_xor)
#undef CUPP_EXACT_UFUNC
CUPP_UNARY_UFUNC(logical_not)
/// `np.maximum`, `np.minimum` (NaN propagates), `np.fmax`, `np.fmin` (NaN ignored).
CUPP_BINARY_UFUNC(maximum)
CUPP_BINARY_UFUNC(minimum)
CUPP_BINARY_UFUNC(fmax)
CUPP_BINARY_UFUNC(fmin)
/// `np.isnan`, `np.isinf`, `np.isfinite`, `np.isposinf`, `np.isneginf`, `np.signbit`.
CUPP_UNARY_UFUNC(isnan)
CUPP_UNARY_UFUNC(isinf)
CUPP_UNARY_UFUNC(isfinite)
CUPP_UNARY_UFUNC(isposinf)
CUPP_UNARY_UFUNC(isneginf)
CUPP_UNARY_UFUNC(signbit)

/// `np.where(condition, x, y)`: x and y (arrays, expressions or scalars) broadcast with condition.
template <class C, class X, class Y>
[[nodiscard]] auto where(const C& condition, const X& x, const Y& y) {
  return expr::make_select<ops::where>(condition, x, y);
}

/// `np.clip(a, a_min, a_max)` with scalar or array bounds.
template <class A, class L, class H> [[nodiscard]] auto clip(const A& a, const L& lo, const H& hi) {
  auto n = expr::clip_node(a, lo, hi);
  (void)expr::broadcast_shape(n);
  return n;
}
/// `np.clip(a, a_min, a_max, out=out)`.
template <class A, class L, class H, class R>
ndarray<R> clip(const A& a, const L& lo, const H& hi, ndarray<R> out) {
  return expr::ufunc_out(std::move(out), expr::clip_node(a, lo, hi));
}

/// NumPy's keywords of isclose and allclose (core/keywords.hpp):
/// `cp::isclose(a, b, {.atol = 1e-6, .equal_nan = true})`.
struct isclose_kw {
  detail::kw_guard guard_{};
  double rtol = 1e-5;
  double atol = 1e-8;
  bool equal_nan = false;
};

/// `np.isclose(a, b, rtol, atol, equal_nan)`.
template <class A, class B>
[[nodiscard]] auto isclose(const A& a, const B& b, double rtol = 1e-5, double atol = 1e-8,
                           bool equal_nan = false) {
  auto n = expr::make_binary<ops::isclose, expr::scalar_rule::exact>(a, b);
  n.op.rtol = rtol;
  n.op.atol = atol;
  n.op.equal_nan = equal_nan;
  return n;
}
template <class A, class B>
[[nodiscard]] auto isclose(const A& a, const B& b, const isclose_kw& kw) {
  return isclose(a, b, kw.rtol, kw.atol, kw.equal_nan);
}

template <class A, class B, class = std::enable_if_t<any_expression_v<A, B>>>
[[nodiscard]] auto operator==(const A& a, const B& b) {
  return equal(a, b);
}
template <class A, class B, class = std::enable_if_t<any_expression_v<A, B>>>
[[nodiscard]] auto operator!=(const A& a, const B& b) {
  return not_equal(a, b);
}
template <class A, class B, class = std::enable_if_t<any_expression_v<A, B>>>
[[nodiscard]] auto operator<(const A& a, const B& b) {
  return less(a, b);
}
template <class A, class B, class = std::enable_if_t<any_expression_v<A, B>>>
[[nodiscard]] auto operator<=(const A& a, const B& b) {
  return less_equal(a, b);
}
template <class A, class B, class = std::enable_if_t<any_expression_v<A, B>>>
[[nodiscard]] auto operator>(const A& a, const B& b) {
  return greater(a, b);
}
template <class A, class B, class = std::enable_if_t<any_expression_v<A, B>>>
[[nodiscard]] auto operator>=(const A& a, const B& b) {
  return greater_equal(a, b);
}

// ---- the ndarray's methods (declared in core/ndarray.hpp) ---------------------------------------

template <class V>
template <class L, class H>
auto ndarray<V>::clip(const L& lo, const H& hi) const {
  const auto n = cupp::clip(*this, lo, hi);
  return ndarray<expr::value_type_t<decltype(n)>>(n);
}

} // namespace cupp

#undef CUPP_BINARY_UFUNC_RULE
#undef CUPP_BINARY_UFUNC
#undef CUPP_UNARY_UFUNC
