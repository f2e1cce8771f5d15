#pragma once
/// \file
/// The ufuncs and functions of complex numbers: conjugate (conj), real, imag, angle, iscomplex,
/// isreal, iscomplexobj, isrealobj, real_if_close. They accept real operands too, as NumPy's
/// (conj of a real array is the array's values, imag of one is zeros). `a.real()` and `a.imag()`,
/// the writable views, are core/ndarray.hpp's; the arithmetic and transcendental functions of
/// complex numbers are the ordinary ufuncs (math/arithmetic.hpp, math/functions.hpp).

#include <cupp/core/ndarray.hpp>
#include <cupp/detail/complex_math.hpp>
#include <cupp/detail/reduce.hpp>
#include <cupp/expr/evaluate.hpp>
#include <cupp/math/arithmetic.hpp>
#include <cupp/math/compare.hpp>

#include <cmath>
#include <limits>
#include <variant>

namespace cupp {

namespace ops {

template <class T> struct conjugate {
  static_assert(!std::is_same_v<T, bool>,
                "ufunc 'conjugate' did not contain a loop with signature matching types bool");
  using result_type = T;
  CUPP_HD T operator()(T x) const {
    if constexpr (is_complex_v<T>) {
      return T(x.real(), -x.imag());
    } else {
      return x;
    }
  }
};
template <class T> using conj = conjugate<T>;

/// The parts as expressions (np.real / np.imag of an expression); of a real operand, the operand
/// and zeros.
template <class T> struct real_part {
  using result_type = real_t<T>;
  CUPP_HD result_type operator()(T x) const {
    if constexpr (is_complex_v<T>) {
      return x.real();
    } else {
      return x;
    }
  }
};
template <class T> struct imag_part {
  using result_type = real_t<T>;
  CUPP_HD result_type operator()(T x) const {
    if constexpr (is_complex_v<T>) {
      return x.imag();
    } else {
      return result_type(0);
    }
  }
};

/// angle: atan2(imag, real) in the float dtype of the parts (float64 for integers, as NumPy's
/// np.angle, which computes arctan2 of arrays converted to float).
template <class T> struct angle {
  using result_type = std::conditional_t<is_inexact_v<T>, real_t<T>, double>;
  bool degrees = false;
  CUPP_HD result_type operator()(T x) const {
    using F = compute_t<result_type>;
    F r;
    if constexpr (is_complex_v<T>) {
      r = detail::c_angle(x);
    } else {
      r = std::atan2(F(0), static_cast<F>(x));
    }
    return static_cast<result_type>(
        degrees ? r * F(57.295779513082320876798154814105170332405472466564) : r);
  }
};

/// 1 where |x| < bound does not hold (NaN included), for real_if_close's count.
template <class F> struct not_below {
  const F* p;
  double bound;
  CUPP_HD index_t operator()(index_t i) const {
    return std::fabs(static_cast<double>(p[i])) < bound ? 0 : 1;
  }
};

/// iscomplex: a nonzero imaginary part; isreal: a zero one (real dtypes: false / true).
template <class T> struct iscomplex {
  using result_type = bool;
  CUPP_HD bool operator()(T x) const { return imag_part<T>{}(x) != real_t<T>(0); }
};
template <class T> struct isreal {
  using result_type = bool;
  CUPP_HD bool operator()(T x) const { return imag_part<T>{}(x) == real_t<T>(0); }
};

} // namespace ops

#include <cupp/math/detail/ufunc_macros.hpp>

/// `np.conjugate` / `np.conj`.
CUPP_UNARY_UFUNC(conjugate)
CUPP_UNARY_UFUNC(conj)
/// `np.iscomplex`, `np.isreal`: elementwise tests of the imaginary part.
CUPP_UNARY_UFUNC(iscomplex)
CUPP_UNARY_UFUNC(isreal)

/// `np.real(a)`: of an array, `a.real()` (a view for complex arrays); of an expression, the real
/// parts as an expression.
template <class A, class = std::enable_if_t<expr::is_expression_v<A>>>
[[nodiscard]] auto real(const A& a) {
  if constexpr (is_ndarray_v<A>) {
    return a.real();
  } else {
    return expr::make_unary<ops::real_part>(a);
  }
}
/// `np.imag(a)`: of a complex array, the view `a.imag()`; otherwise the imaginary parts as an
/// expression (zeros for real operands).
template <class A, class = std::enable_if_t<expr::is_expression_v<A>>>
[[nodiscard]] auto imag(const A& a) {
  if constexpr (is_ndarray_v<A> && is_complex_v<expr::value_type_t<A>>) {
    return a.imag();
  } else {
    return expr::make_unary<ops::imag_part>(a);
  }
}

/// `np.angle(z, deg=False)`: the argument, in radians or degrees.
template <class A, class = std::enable_if_t<expr::is_expression_v<A>>>
[[nodiscard]] auto angle(const A& a, bool deg = false) {
  auto n = expr::make_unary<ops::angle>(a);
  n.op.degrees = deg;
  return n;
}

/// `np.iscomplexobj(a)`, `np.isrealobj(a)`: whether the dtype is complex (not the values).
template <class A> [[nodiscard]] constexpr bool iscomplexobj(const A&) {
  return is_complex_v<expr::value_type_t<A>>;
}
template <class A> [[nodiscard]] constexpr bool isrealobj(const A&) {
  return !is_complex_v<expr::value_type_t<A>>;
}

/// `np.real_if_close(a, tol=100)`: the real parts when every imaginary part is within tol machine
/// epsilons of zero (a tol of 1 or less is an absolute bound), else the array unchanged. The dtype
/// depends on the values, so for a complex array the result is a variant: the real parts (a new
/// array) or the array itself; a real array is returned as it is. A sync point for complex arrays
/// (the test is read on the host).
template <class T> [[nodiscard]] auto real_if_close(const ndarray<T>& a, double tol = 100) {
  detail::check_devices(a);
  if constexpr (is_complex_v<T>) {
    using F = real_t<T>;
    using result = std::variant<ndarray<F>, ndarray<T>>;
    const double bound = tol > 1 ? tol * std::numeric_limits<F>::epsilon() : tol;
    const ndarray<F> im = a.imag().copy();
    ndarray<index_t> beyond(shape_t{});
    detail::reduce_flat(im.size(), ops::not_below<F>{im.data(), bound}, beyond.data(), index_t(0),
                        detail::plus{});
    if (beyond.item() == 0) return result(a.real().copy());
    return result(a);
  } else {
    return a;
  }
}

// ---- the ndarray's methods (declared in core/ndarray.hpp) ---------------------------------------

template <class V> auto ndarray<V>::conj() const { return ndarray<V>(cupp::conj(*this)); }
template <class V> auto ndarray<V>::conjugate() const { return conj(); }

} // namespace cupp

#undef CUPP_BINARY_UFUNC_RULE
#undef CUPP_BINARY_UFUNC
#undef CUPP_UNARY_UFUNC
