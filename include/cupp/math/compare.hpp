#pragma once
/// \file
/// Comparison and logic ufuncs, giving bool arrays: equal, not_equal, less, less_equal, greater,
/// greater_equal (and the C++ operators == != < <= > >=), logical_and/or/xor/not, isnan, isinf,
/// isfinite, isposinf, isneginf, signbit, isclose; and the selections maximum, minimum (NaN
/// propagates), fmax, fmin (NaN ignored), clip and where(cond, x, y). All are lazy expressions
/// that fuse with the rest (expr/node.hpp); operands promote as NumPy 2's (NEP 50).

#include <cupp/expr/cast.hpp>
#include <cupp/math/arithmetic.hpp>

#include <cmath>
#include <limits>

namespace cupp {

namespace ops {

using expr::is_nan;

// Comparisons compute in the promoted dtype P, as NumPy's loops do.
#define CUPP_COMPARISON(NAME, OP)                                                                 \
  template <class P> struct NAME {                                                                \
    using result_type = bool;                                                                     \
    CUPP_HD bool operator()(P a, P b) const { return a OP b; }                                    \
  };
CUPP_COMPARISON(equal, ==)
CUPP_COMPARISON(not_equal, !=)
CUPP_COMPARISON(less, <)
CUPP_COMPARISON(less_equal, <=)
CUPP_COMPARISON(greater, >)
CUPP_COMPARISON(greater_equal, >=)
#undef CUPP_COMPARISON

template <class P> struct logical_and {
  using result_type = bool;
  CUPP_HD bool operator()(P a, P b) const { return a != P(0) && b != P(0); }
};
template <class P> struct logical_or {
  using result_type = bool;
  CUPP_HD bool operator()(P a, P b) const { return a != P(0) || b != P(0); }
};
template <class P> struct logical_xor {
  using result_type = bool;
  CUPP_HD bool operator()(P a, P b) const { return (a != P(0)) != (b != P(0)); }
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
    if constexpr (std::is_floating_point_v<T>) {
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
  using result_type = bool;
  CUPP_HD bool operator()(T a) const {
    if constexpr (std::is_floating_point_v<T>) {
      return std::signbit(a);
    } else if constexpr (std::is_signed_v<T>) {
      return a < 0;
    } else {
      return false;
    }
  }
};

/// maximum / minimum: NaN propagates; fmax / fmin: NaN is ignored (unless both are NaN).
template <class P> struct maximum { // equal operands (0.0, -0.0) give the second, as NumPy
  using result_type = P;
  CUPP_HD P operator()(P a, P b) const { return is_nan(a) ? a : (is_nan(b) ? b : (b < a ? a : b)); }
};
template <class P> struct minimum {
  using result_type = P;
  CUPP_HD P operator()(P a, P b) const { return is_nan(a) ? a : (is_nan(b) ? b : (a < b ? a : b)); }
};
template <class P> struct fmax {
  using result_type = P;
  CUPP_HD P operator()(P a, P b) const { return is_nan(b) ? a : (is_nan(a) ? b : (a < b ? b : a)); }
};
template <class P> struct fmin {
  using result_type = P;
  CUPP_HD P operator()(P a, P b) const { return is_nan(b) ? a : (is_nan(a) ? b : (b < a ? b : a)); }
};

/// where(cond, x, y): x where cond is true, else y, in the promoted dtype of x and y.
template <class C, class P> struct where {
  using result_type = P;
  CUPP_HD P operator()(C c, P x, P y) const { return c != C(0) ? x : y; }
};

/// clip(a, lo, hi) = minimum(maximum(a, lo), hi), NaN propagating as NumPy's.
template <class P> struct clip {
  using result_type = P;
  CUPP_HD P operator()(P a, P lo, P hi) const {
    return minimum<P>{}(maximum<P>{}(a, lo), hi);
  }
};

/// isclose: |a - b| <= atol + rtol * |b|, infinities equal only to themselves.
template <class P> struct isclose {
  using result_type = bool;
  using F = std::conditional_t<std::is_floating_point_v<P>, P, double>;
  double rtol, atol;
  bool equal_nan;
  CUPP_HD bool operator()(P a, P b) const {
    const F x = static_cast<F>(a), y = static_cast<F>(b);
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
template <template <class, class> class Fn, class Cond, class X, class Y>
[[nodiscard]] auto make_select(const Cond& c, const X& x, const Y& y) {
  static_assert(is_expression_v<Cond>, "the condition must be a cupp array or expression");
  using VX = typename detail::value_or_void<X>::type;
  using VY = typename detail::value_or_void<Y>::type;
  auto ox = as_operand<std::conditional_t<std::is_void_v<VX>, VY, VX>>(x);
  auto oy = as_operand<std::conditional_t<std::is_void_v<VY>, VX, VY>>(y);
  auto oc = operand(c);
  using P = promote_t<value_type_t<decltype(ox)>, value_type_t<decltype(oy)>>;
  using C = value_type_t<decltype(oc)>;
  node<Fn<C, P>, decltype(oc), decltype(ox), decltype(oy)> n{Fn<C, P>{}, {oc, ox, oy}};
  (void)broadcast_shape(n);
  return n;
}
} // namespace expr

#include <cupp/math/detail/ufunc_macros.hpp>

/// `np.equal`, `np.not_equal`, `np.less`, `np.less_equal`, `np.greater`, `np.greater_equal`.
CUPP_BINARY_UFUNC(equal)
CUPP_BINARY_UFUNC(not_equal)
CUPP_BINARY_UFUNC(less)
CUPP_BINARY_UFUNC(less_equal)
CUPP_BINARY_UFUNC(greater)
CUPP_BINARY_UFUNC(greater_equal)
/// `np.logical_and`, `np.logical_or`, `np.logical_xor`, `np.logical_not`.
CUPP_BINARY_UFUNC(logical_and)
CUPP_BINARY_UFUNC(logical_or)
CUPP_BINARY_UFUNC(logical_xor)
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
template <class C, class X, class Y> [[nodiscard]] auto where(const C& condition, const X& x, const Y& y) {
  return expr::make_select<ops::where>(condition, x, y);
}

/// `np.clip(a, a_min, a_max)` with scalar or array bounds.
template <class A, class L, class H> [[nodiscard]] auto clip(const A& a, const L& lo, const H& hi) {
  static_assert(expr::is_expression_v<A>, "clip needs a cupp array or expression");
  using T = expr::value_type_t<A>;
  auto ol = expr::as_operand<T>(lo);
  auto oh = expr::as_operand<T>(hi);
  auto oa = expr::operand(a);
  using P = promote_t<promote_t<T, expr::value_type_t<decltype(ol)>>, expr::value_type_t<decltype(oh)>>;
  expr::node<ops::clip<P>, decltype(oa), decltype(ol), decltype(oh)> n{ops::clip<P>{}, {oa, ol, oh}};
  (void)expr::broadcast_shape(n);
  return n;
}

/// `np.isclose(a, b, rtol, atol, equal_nan)`.
template <class A, class B>
[[nodiscard]] auto isclose(const A& a, const B& b, double rtol = 1e-5, double atol = 1e-8,
                           bool equal_nan = false) {
  auto n = expr::make_binary<ops::isclose>(a, b);
  n.op.rtol = rtol;
  n.op.atol = atol;
  n.op.equal_nan = equal_nan;
  return n;
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

} // namespace cupp

#undef CUPP_BINARY_UFUNC
#undef CUPP_UNARY_UFUNC
