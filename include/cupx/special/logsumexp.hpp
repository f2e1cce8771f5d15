#pragma once
/// \file
/// scipy.special's logsumexp, softmax and log_softmax. logsumexp is one pass of cupp's reduction
/// engine with a running maximum (the log-sum-exp trick without reading the input twice);
/// softmax and log_softmax are lazy expressions over its keepdims result, so they fuse into
/// whatever uses them. Real operands; integers and bool compute in float64, the 16-bit floats in
/// float32 (special/ufunc.hpp's dtype rule).

#include <cupx/special/ufunc.hpp>

#include <cupp/core/axes.hpp>
#include <cupp/core/complex.hpp>
#include <cupp/reduction/engine.hpp>
#include <cupp/reduction/reduce.hpp>

#include <cmath>
#include <limits>
#include <type_traits>
#include <utility>

namespace cupx::special {

namespace detail {

/// The operand of the reduction: x in P, or x with its weight (b=) as the complex number x + iw
/// (a dtype, so that the engine can copy the operand where the layout asks for it).
template <class P> struct as_weighted {
  static constexpr domain kind = domain::real;
  using result_type = cupp::complex_of_t<P>;
  CUPP_HD result_type operator()(P x, P w) const { return {x, w}; }
};
template <class P> struct identity {
  static constexpr domain kind = domain::real;
  using result_type = P;
  CUPP_HD P operator()(P x) const { return x; }
};

/// What a logsumexp reduction returns: the value, the value and sign (return_sign=True), or
/// the pair (m, s) with sum = s e^m that softmax and log_softmax divide by as SciPy's do (no
/// rounding of m + log(s): softmax([1e308, 1e308]) is [0.5, 0.5]); `softmax` makes s NaN where
/// m = +inf, as SciPy's sum of e^(x - max) is there.
enum class lse_result { value, sign, pair, softmax };

/// log(sum(w e^x)) as (m, n, r): the largest x so far, the weight n of the elements equal to it
/// and r = sum(w e^(x - m)) over the others, so the result m + log(n) + log1p(r / n) keeps
/// small contributions (logsumexp([0, -40]) is 4.2e-18, as SciPy's). Weights of 0 drop their
/// element (even an infinite or NaN one); all -inf is -inf; +inf dominates; NaN propagates.
/// Signed and pair results are complex numbers: ndarrays hold dtypes only.
template <class P, lse_result Result> struct lse_reducer {
  struct acc_t {
    P m, n, r;
  };
  using result_t = std::conditional_t<Result == lse_result::value, P, cupp::complex_of_t<P>>;
  static constexpr P neg_inf = -std::numeric_limits<P>::infinity();

  CUPP_HD acc_t init() const { return {neg_inf, P(0), P(0)}; }
  template <class V> CUPP_HD static P value(V v) {
    if constexpr (cupp::is_complex_v<V>) {
      return v.real();
    } else {
      return v;
    }
  }
  template <class V> CUPP_HD static P weight(V v) {
    if constexpr (cupp::is_complex_v<V>) {
      return v.imag();
    } else {
      return P(1);
    }
  }
  template <class V> CUPP_HD acc_t add(acc_t a, V v, cupp::index_t) const {
    const P x = value(v), w = weight(v);
    if (x == neg_inf || w == P(0)) return a;
    if (x > a.m) return {x, w, (a.n + a.r) * std::exp(a.m - x)};
    if (x == a.m) return {a.m, a.n + w, a.r};       // also +inf, where x - m is NaN
    return {a.m, a.n, a.r + w * std::exp(x - a.m)}; // NaN x lands here
  }
  CUPP_HD acc_t merge(acc_t a, acc_t b) const {
    if (a.m < b.m) {
      const acc_t t = a;
      a = b;
      b = t;
    }
    if (b.m == neg_inf) return a;
    if (a.m == b.m) return {a.m, a.n + b.n, a.r + b.r};
    return {a.m, a.n, a.r + (b.n + b.r) * std::exp(b.m - a.m)};
  }
  CUPP_HD result_t finish(acc_t a, cupp::index_t) const {
    const P sum = a.n + a.r; // the sum is sum * e^m
    if constexpr (Result == lse_result::pair || Result == lse_result::softmax) {
      const bool nan_sum = Result == lse_result::softmax && a.m == -neg_inf;
      return {a.m, nan_sum ? std::numeric_limits<P>::quiet_NaN() : sum};
    } else {
      if (a.m == neg_inf) return result_t(neg_inf);
      // log(n + r) as log(n) + log1p(r / n); n < 0 only with weights
      const P lse =
          a.n > P(0) ? a.m + std::log(a.n) + std::log1p(a.r / a.n) : a.m + std::log(std::fabs(sum));
      if constexpr (Result == lse_result::sign) {
        const P sign = sum > P(0) ? P(1) : sum < P(0) ? P(-1) : sum == P(0) ? P(0) : sum;
        return {sign == P(0) ? neg_inf : lse, sign};
      } else {
        return sum < P(0) ? std::numeric_limits<P>::quiet_NaN() : lse; // SciPy's NaN
      }
    }
  }
};

/// e^(x - m) / s and (x - m) - log(s) from the pair (m, s) of lse_result::pair.
template <class P> struct softmax_of {
  static constexpr domain kind = domain::real;
  using result_type = P;
  template <class C> CUPP_HD P operator()(P x, C ms) const {
    return std::exp(x - ms.real()) / ms.imag();
  }
};
template <class P> struct log_softmax_of {
  static constexpr domain kind = domain::real;
  using result_type = P;
  template <class C> CUPP_HD P operator()(P x, C ms) const {
    return (x - ms.real()) - std::log(ms.imag());
  }
};

template <lse_result Result, class E> auto lse(const E& operand, const cupp::reduce_kw& kw) {
  using P = cupp::real_t<cupp::expr::value_type_t<E>>;
  return cupp::detail::reduce(operand, kw.axis, kw.keepdims, lse_reducer<P, Result>{});
}

/// x with the pair (m, s) of its logsumexp over `axis`, through Fn (softmax_of, log_softmax_of).
template <template <class> class Fn, lse_result Result, class A>
auto over_pair(const A& x, const cupp::axes& axis) {
  const auto operand = make_ufunc<identity>(x);
  using P = cupp::expr::value_type_t<decltype(operand)>;
  const auto ms = lse<Result>(operand, cupp::reduce_kw{.axis = axis, .keepdims = true});
  cupp::expr::node<Fn<P>, decltype(operand), decltype(ms)> n{Fn<P>{}, {operand, ms}};
  (void)cupp::expr::broadcast_shape(n);
  return n;
}

} // namespace detail

/// `scipy.special.logsumexp(a, axis=..., keepdims=...)`: log(sum(exp(a))) over the axes without
/// overflow. `logsumexp(a)`, `logsumexp(a, 1)`, `logsumexp(a, {.axis = 1, .keepdims = true})`.
template <class A>
requires are_operands_v<A>
[[nodiscard]] auto logsumexp(const A& a, const cupp::reduce_kw& kw = {}) {
  return detail::lse<detail::lse_result::value>(make_ufunc<detail::identity>(a), kw);
}
template <class A>
requires are_operands_v<A>
[[nodiscard]] auto logsumexp(const A& a, const cupp::axes& axis) {
  return logsumexp(a, cupp::reduce_kw{.axis = axis});
}
/// `logsumexp(a, b=b)`: log(sum(b exp(a))), b an array or expression broadcast with a; a negative
/// sum gives NaN.
template <class A, class B>
requires are_operands_v<A, B> && detail::is_expression_v<B>
[[nodiscard]] auto logsumexp(const A& a, const B& b, const cupp::reduce_kw& kw = {}) {
  return detail::lse<detail::lse_result::value>(make_ufunc<detail::as_weighted>(a, b), kw);
}

/// `logsumexp(a, b=b, return_sign=True)`: the pair (log|sum(b exp(a))|, its sign).
template <class A, class B>
requires are_operands_v<A, B> && detail::is_expression_v<B>
[[nodiscard]] auto logsumexp_sign(const A& a, const B& b, const cupp::reduce_kw& kw = {}) {
  const auto r = detail::lse<detail::lse_result::sign>(make_ufunc<detail::as_weighted>(a, b), kw);
  return std::pair{r.real(), r.imag()}; // views of the pair's parts
}

/// `scipy.special.softmax(x, axis=...)`: e^(x - m) / sum(e^(x - m)) over the axes, m their
/// maximum, as SciPy's; a lazy expression (the reduction runs at the call, the division where
/// the result is used).
template <class A>
requires are_operands_v<A>
[[nodiscard]] auto softmax(const A& x, const cupp::axes& axis = cupp::all_axes) {
  return detail::over_pair<detail::softmax_of, detail::lse_result::softmax>(x, axis);
}

/// `scipy.special.log_softmax(x, axis=...)`: (x - m) - log(sum(e^(x - m))), lazily.
template <class A>
requires are_operands_v<A>
[[nodiscard]] auto log_softmax(const A& x, const cupp::axes& axis = cupp::all_axes) {
  return detail::over_pair<detail::log_softmax_of, detail::lse_result::pair>(x, axis);
}

} // namespace cupx::special
