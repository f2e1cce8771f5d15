#pragma once
/// \file
/// scipy.special's logsumexp, softmax and log_softmax. Along the last axis of a contiguous array
/// each row is read once into registers (special/detail/rows.hpp); elsewhere logsumexp is one
/// pass of cupp's reduction engine with a running maximum (the log-sum-exp trick without reading
/// the input twice), and softmax and log_softmax divide by its keepdims (maximum, sum) pair in one
/// more pass. Real operands; integers and bool compute in float64, the 16-bit floats in float32
/// (special/ufunc.hpp's dtype rule).

#include <cupx/special/detail/rows.hpp>
#include <cupx/special/ufunc.hpp>

#include <cupp/core/axes.hpp>
#include <cupp/core/complex.hpp>
#include <cupp/detail/register_rows.hpp>
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
  CUPP_HD static P neg_inf() { return -std::numeric_limits<P>::infinity(); }

  CUPP_HD acc_t init() const { return {neg_inf(), P(0), P(0)}; }
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
    if (x == neg_inf() || w == P(0)) return a;
    if (x > a.m) return {x, w, (a.n + a.r) * std::exp(a.m - x)};
    if (x == a.m) return {a.m, a.n + w, a.r};       // also +inf, where x - m is NaN
    return {a.m, a.n, a.r + w * std::exp(x - a.m)}; // NaN x lands here
  }
  /// A run of N elements (the engine's vector loads): its maximum first, so that the N
  /// exponentials are independent of each other (add's chain of maxima serialises them), then
  /// merged in.
  template <class V, int N> CUPP_HD acc_t add_run(acc_t a, const V (&v)[N], cupp::index_t) const {
    P top = neg_inf();
    CUPP_UNROLL
    for (int k = 0; k < N; ++k)
      if (weight(v[k]) != P(0) && value(v[k]) > top) top = value(v[k]);
    acc_t run{top, P(0), P(0)};
    CUPP_UNROLL
    for (int k = 0; k < N; ++k) {
      const P x = value(v[k]), w = weight(v[k]);
      if (x == neg_inf() || w == P(0)) continue;
      if (x == top) {
        run.n += w;
      } else {
        run.r += w * std::exp(x - top); // NaN x lands here
      }
    }
    return merge(a, run);
  }
  CUPP_HD acc_t merge(acc_t a, acc_t b) const {
    if (a.m < b.m) {
      const acc_t t = a;
      a = b;
      b = t;
    }
    // a part without a finite maximum holds r = 0, or NaN where it saw a NaN, which must stay
    if (b.m == neg_inf()) return {a.m, a.n, a.r + b.r};
    if (a.m == b.m) return {a.m, a.n + b.n, a.r + b.r};
    return {a.m, a.n, a.r + (b.n + b.r) * std::exp(b.m - a.m)};
  }
  CUPP_HD result_t finish(acc_t a, cupp::index_t) const {
    const P sum = a.n + a.r; // the sum is sum * e^m
    if constexpr (Result == lse_result::pair || Result == lse_result::softmax) {
      const bool nan_sum = Result == lse_result::softmax && a.m == -neg_inf();
      return {a.m, nan_sum ? std::numeric_limits<P>::quiet_NaN() : sum};
    } else {
      if (a.m == neg_inf()) return result_t(neg_inf());
      // log(n + r) as log(n) + log1p(r / n); n < 0 only with weights
      const P lse =
          a.n > P(0) ? a.m + std::log(a.n) + std::log1p(a.r / a.n) : a.m + std::log(std::fabs(sum));
      if constexpr (Result == lse_result::sign) {
        const P sign = sum > P(0) ? P(1) : sum < P(0) ? P(-1) : sum == P(0) ? P(0) : sum;
        return {sign == P(0) ? neg_inf() : lse, sign};
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
  const auto operand = row_operand(x);
  using P = cupp::expr::value_type_t<decltype(operand)>;
  const auto ms = lse<Result>(operand, cupp::reduce_kw{.axis = axis, .keepdims = true});
  cupp::expr::node<Fn<P>, decltype(operand), decltype(ms)> n{Fn<P>{}, {operand, ms}};
  return ndarray<P>(n);
}

/// softmax (Log: log_softmax): one read and one write per element for contiguous rows along
/// the last axis that fit a block (register_rows), else the (m, s) reduction and an elementwise
/// pass.
template <bool Log, class A> auto softmax_impl(const A& x, const cupp::axes& axis) {
  const auto operand = row_operand(x);
  using P = cupp::expr::value_type_t<decltype(operand)>;
  if constexpr (cupp::is_ndarray_v<std::decay_t<decltype(operand)>>) {
    if (operand.is_c_contiguous() && is_last_axis(operand, axis) && operand.size() > 0) {
      ndarray<P> y(operand.shape());
      const cupp::index_t len = operand.shape().back();
      softmax_row_op<P> op;
      op.log = Log;
      if (cupp::detail::register_rows(operand.data(), y.data(), operand.size() / len, len, op))
        return y;
    }
  }
  if constexpr (Log) {
    return over_pair<log_softmax_of, lse_result::pair>(x, axis);
  } else {
    return over_pair<softmax_of, lse_result::softmax>(x, axis);
  }
}

} // namespace detail

/// `scipy.special.logsumexp(a, axis=..., keepdims=...)`: log(sum(exp(a))) over the axes without
/// overflow. `logsumexp(a)`, `logsumexp(a, 1)`, `logsumexp(a, {.axis = 1, .keepdims = true})`.
template <class A>
requires are_operands_v<A>
[[nodiscard]] auto logsumexp(const A& a, const cupp::reduce_kw& kw = {}) {
  const auto operand = detail::row_operand(a);
  if constexpr (cupp::is_ndarray_v<std::decay_t<decltype(operand)>>) {
    using P = typename std::decay_t<decltype(operand)>::value_type;
    if (auto rows = detail::reduce_rows(operand, kw.axis, kw.keepdims, detail::lse_row_op<P>{}))
      return *std::move(rows);
  }
  return detail::lse<detail::lse_result::value>(operand, kw);
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
/// maximum, as SciPy's. Rows along the last axis of a contiguous array of up to 4096 elements
/// (8192 for float32) take one pass: on CUDA a block per row, the row in registers.
template <class A>
requires are_operands_v<A>
[[nodiscard]] auto softmax(const A& x, const cupp::axes& axis = cupp::all_axes) {
  return detail::softmax_impl<false>(x, axis);
}

/// `scipy.special.log_softmax(x, axis=...)`: (x - m) - log(sum(e^(x - m))), m the maximum (0
/// where it is infinite, as SciPy's).
template <class A>
requires are_operands_v<A>
[[nodiscard]] auto log_softmax(const A& x, const cupp::axes& axis = cupp::all_axes) {
  return detail::softmax_impl<true>(x, axis);
}

} // namespace cupx::special
