#pragma once
/// \file
/// scipy.stats' moment statistics on cupp arrays: zscore zmap sem variation moment skew kurtosis
/// describe gmean hmean pmean boxcox_llf. Each runs cupp's reduction engine (one pass where
/// SciPy makes several: zscore's mean and standard deviation come from one shifted-sums pass)
/// and returns arrays, or lazy expressions where the result is elementwise over the input
/// (zscore, zmap). Axis 0 by default, as SciPy's; integers and bool compute in float64, the
/// 16-bit floats in float32 (special/ufunc.hpp's rule); float32 accumulates in float64.

#include <cupx/special/elementary.hpp>
#include <cupx/special/ufunc.hpp>

#include <cupp/core/axes.hpp>
#include <cupp/core/complex.hpp>
#include <cupp/core/keywords.hpp>
#include <cupp/math/functions.hpp>
#include <cupp/reduction/engine.hpp>
#include <cupp/reduction/reduce.hpp>

#include <cmath>
#include <limits>
#include <type_traits>

namespace cupx::stats {

using cupp::ndarray;
using special::are_operands_v;

/// zscore, zmap, sem, variation: `{.axis = 1, .ddof = 1}` (SciPy's axis=0 by default).
struct moments_kw {
  cupp::detail::kw_guard guard_{};
  cupp::axes axis = 0;
  cupp::index_t ddof = 0;
};

namespace detail {

using special::domain;

/// The operand of a statistic in its compute dtype (float64 for integers, float32 for halves).
using special::detail::as_compute;
template <class A>
using operand_dtype_t = cupp::expr::value_type_t<decltype(as_compute(std::declval<const A&>()))>;

/// cupp's shifted-sums mean and variance pass, finished as the pair mean + i std (a complex
/// number carries it: ndarrays hold dtypes only).
template <class P> struct mean_std_reducer : cupp::detail::moments_reducer<P, P, true> {
  using base = cupp::detail::moments_reducer<P, P, true>;
  using result_t = cupp::complex_of_t<P>;
  CUPP_HD result_t finish(typename base::acc_t a, cupp::index_t n) const {
    return {a.n > 0 ? static_cast<P>(base::mean(a)) : std::numeric_limits<P>::quiet_NaN(),
            base::finish(a, n)};
  }
};

/// (x - mean) / std from the pair of mean_std_reducer.
template <class P> struct standardize {
  static constexpr domain kind = domain::real;
  using result_type = P;
  template <class C> CUPP_HD P operator()(P x, C ms) const { return (x - ms.real()) / ms.imag(); }
};

/// A keepdims result `r` of a reduction of `shape` over `axis` without the reduced axes.
template <class T>
ndarray<T> drop_reduced(const ndarray<T>& r, const cupp::shape_t& shape, const cupp::axes& axis) {
  return r.reshape(cupp::detail::split_axes(shape, axis).kept_shape);
}

template <class E> auto mean_std(const E& operand, const moments_kw& kw) {
  using P = cupp::expr::value_type_t<E>;
  mean_std_reducer<P> red;
  red.ddof = kw.ddof;
  return cupp::detail::reduce(operand, kw.axis, true, red);
}

/// The central moments m2, m3, m4 of a range (Pébay's one-pass update and merge, "Formulas for
/// robust, one-pass parallel computation of covariances and arbitrary-order statistical
/// moments", 2008), in float64 for float32; finished as skewness or kurtosis as SciPy's.
template <class P> struct central_moments_reducer {
  using W = std::conditional_t<std::is_same_v<P, float>, double, P>;
  struct acc_t {
    W n, mean, m2, m3, m4;
  };
  enum class statistic { skew, kurtosis };
  statistic what = statistic::skew;
  bool bias = true, fisher = true;
  using result_t = P;

  CUPP_HD acc_t init() const { return {W(0), W(0), W(0), W(0), W(0)}; }
  CUPP_HD acc_t add(acc_t a, P x, cupp::index_t) const {
    return merge(a, acc_t{W(1), static_cast<W>(x), W(0), W(0), W(0)});
  }
  CUPP_HD acc_t merge(acc_t a, acc_t b) const {
    if (b.n == W(0)) return a;
    if (a.n == W(0)) return b;
    const W n = a.n + b.n, d = b.mean - a.mean, dn = d / n, dn2 = dn * dn;
    const W ab = a.n * b.n;
    acc_t r;
    r.n = n;
    r.mean = a.mean + dn * b.n;
    r.m2 = a.m2 + b.m2 + d * dn * ab;
    r.m3 = a.m3 + b.m3 + d * dn2 * ab * (a.n - b.n) + W(3) * dn * (a.n * b.m2 - b.n * a.m2);
    r.m4 = a.m4 + b.m4 + d * dn2 * dn * ab * (a.n * a.n - ab + b.n * b.n) +
           W(6) * dn2 * (a.n * a.n * b.m2 + b.n * b.n * a.m2) +
           W(4) * dn * (a.n * b.m3 - b.n * a.m3);
    return r;
  }
  CUPP_HD P finish(acc_t a, cupp::index_t) const {
    const W n = a.n, m2 = a.m2 / n, m3 = a.m3 / n, m4 = a.m4 / n;
    // SciPy's test for a constant slice: m2 within rounding of 0 relative to the mean
    const W res = std::is_same_v<P, float> ? W(1e-6) : W(1e-15);
    if (!(m2 > (res * a.mean) * (res * a.mean))) return std::numeric_limits<P>::quiet_NaN();
    if (what == statistic::skew) {
      const W g1 = m3 / std::pow(m2, W(1.5));
      if (bias || n <= W(2)) return static_cast<P>(g1);
      return static_cast<P>(std::sqrt((n - W(1)) * n) / (n - W(2)) * g1);
    }
    W k = m4 / (m2 * m2);
    if (!bias && n > W(3))
      k = W(1) / (n - W(2)) / (n - W(3)) *
              ((n * n - W(1)) * m4 / (m2 * m2) - W(3) * (n - W(1)) * (n - W(1))) +
          W(3);
    return static_cast<P>(fisher ? k - W(3) : k);
  }
};

} // namespace detail

/// `scipy.stats.zscore(a, axis=0, ddof=0)`: (a - mean) / std along the axis, a lazy expression
/// over the input and the one-pass (mean, std) of it; NaN where the slice is constant.
template <class A>
requires are_operands_v<A>
[[nodiscard]] auto zscore(const A& a, const moments_kw& kw = {}) {
  const auto x = detail::as_compute(a);
  using P = cupp::expr::value_type_t<decltype(x)>;
  const auto ms = detail::mean_std(x, kw);
  cupp::expr::node<detail::standardize<P>, decltype(x), decltype(ms)> n{{}, {x, ms}};
  (void)cupp::expr::broadcast_shape(n);
  return n;
}

/// `scipy.stats.zmap(scores, compare, axis=0, ddof=0)`: scores standardised by compare's mean and
/// standard deviation along the axis.
template <class S, class C>
requires are_operands_v<S> && are_operands_v<C>
[[nodiscard]] auto zmap(const S& scores, const C& compare, const moments_kw& kw = {}) {
  const auto c = detail::as_compute(compare);
  const auto ms = detail::mean_std(c, kw);
  const auto x = detail::as_compute(scores);
  using P =
      cupp::promote_t<cupp::expr::value_type_t<decltype(x)>, cupp::expr::value_type_t<decltype(c)>>;
  cupp::expr::node<detail::standardize<P>, decltype(x), decltype(ms)> n{{}, {x, ms}};
  (void)cupp::expr::broadcast_shape(n);
  return n;
}

/// `scipy.stats.sem(a, axis=0, ddof=1)`: the standard error of the mean, std / sqrt(n).
template <class A>
requires are_operands_v<A>
[[nodiscard]] auto sem(const A& a, const moments_kw& kw = {.axis = 0, .ddof = 1}) {
  const auto x = detail::as_compute(a);
  using P = cupp::expr::value_type_t<decltype(x)>;
  const auto s = cupp::std(x, kw.axis, kw.ddof);
  const auto n =
      cupp::shape_size(cupp::expr::broadcast_shape(x)) / std::max<cupp::index_t>(s.size(), 1);
  return ndarray<P>(s / static_cast<P>(std::sqrt(static_cast<double>(n))));
}

/// `scipy.stats.variation(a, axis=0, ddof=0)`: std / mean.
template <class A>
requires are_operands_v<A>
[[nodiscard]] auto variation(const A& a, const moments_kw& kw = {}) {
  const auto x = detail::as_compute(a);
  const auto ms = detail::mean_std(x, kw);
  using P = cupp::expr::value_type_t<decltype(x)>;
  return detail::drop_reduced(ndarray<P>(ms.imag() / ms.real()), cupp::expr::broadcast_shape(x),
                              kw.axis);
}

/// skew and kurtosis: `{.axis = 0, .bias = true}`; kurtosis's `fisher` (excess kurtosis).
struct skew_kw {
  cupp::detail::kw_guard guard_{};
  cupp::axes axis = 0;
  bool bias = true;
};
struct kurtosis_kw {
  cupp::detail::kw_guard guard_{};
  cupp::axes axis = 0;
  bool fisher = true;
  bool bias = true;
};

/// `scipy.stats.skew(a, axis=0, bias=True)`: m3 / m2^1.5, one pass; NaN for constant slices.
template <class A>
requires are_operands_v<A>
[[nodiscard]] auto skew(const A& a, const skew_kw& kw = {}) {
  const auto x = detail::as_compute(a);
  detail::central_moments_reducer<cupp::expr::value_type_t<decltype(x)>> red;
  red.bias = kw.bias;
  return cupp::detail::reduce(x, kw.axis, false, red);
}

/// `scipy.stats.kurtosis(a, axis=0, fisher=True, bias=True)`: m4 / m2^2 (- 3), one pass.
template <class A>
requires are_operands_v<A>
[[nodiscard]] auto kurtosis(const A& a, const kurtosis_kw& kw = {}) {
  const auto x = detail::as_compute(a);
  detail::central_moments_reducer<cupp::expr::value_type_t<decltype(x)>> red;
  red.what = decltype(red)::statistic::kurtosis;
  red.bias = kw.bias;
  red.fisher = kw.fisher;
  return cupp::detail::reduce(x, kw.axis, false, red);
}

/// `scipy.stats.moment(a, order, axis=0)`: the central moment mean((a - mean)^order); order 0
/// is 1 and order 1 is 0, as SciPy's.
template <class A>
requires are_operands_v<A>
[[nodiscard]] auto moment(const A& a, int order = 1, const cupp::axes& axis = 0) {
  const auto x = detail::as_compute(a);
  using P = cupp::expr::value_type_t<decltype(x)>;
  const auto m = cupp::mean(x, axis, true);
  if (order == 0 || order == 1) {
    // SciPy: 1 and 0 of the result's shape (NaN for empty slices where the mean is)
    return detail::drop_reduced(ndarray<P>(m * P(0) + P(order == 0 ? 1 : 0)),
                                cupp::expr::broadcast_shape(x), axis);
  }
  return ndarray<P>(cupp::mean(cupp::power(x - m, P(order)), axis));
}

/// scipy.stats.describe's result.
template <class P> struct describe_result {
  cupp::index_t nobs;
  ndarray<P> min, max, mean, variance, skewness, kurtosis;
};

/// `scipy.stats.describe(a, axis=0, ddof=1, bias=True)`.
template <class A>
requires are_operands_v<A>
[[nodiscard]] auto describe(const A& a, const cupp::axes& axis = 0, cupp::index_t ddof = 1,
                            bool bias = true) {
  const auto x = detail::as_compute(a);
  using P = cupp::expr::value_type_t<decltype(x)>;
  const ndarray<P> xs(x);
  const auto ms = detail::mean_std(xs, {.axis = axis, .ddof = ddof});
  const ndarray<P> var = detail::drop_reduced(ndarray<P>(ms.imag() * ms.imag()), xs.shape(), axis);
  const auto n = cupp::shape_size(xs.shape()) / std::max<cupp::index_t>(var.size(), 1);
  return describe_result<P>{n,
                            cupp::amin(xs, axis),
                            cupp::amax(xs, axis),
                            detail::drop_reduced(ndarray<P>(ms.real()), xs.shape(), axis),
                            var,
                            skew(xs, {.axis = axis, .bias = bias}),
                            kurtosis(xs, {.axis = axis, .fisher = true, .bias = bias})};
}

/// `scipy.stats.gmean(a, axis=0)`: exp(mean(log a)); NaN where a value is negative.
template <class A>
requires are_operands_v<A>
[[nodiscard]] auto gmean(const A& a, const cupp::axes& axis = 0) {
  using P = detail::operand_dtype_t<A>;
  return ndarray<P>(cupp::exp(cupp::mean(cupp::log(detail::as_compute(a)), axis)));
}

/// `scipy.stats.hmean(a, axis=0)`: n / sum(1 / a); 0 if a value is 0, NaN if one is negative.
template <class A>
requires are_operands_v<A>
[[nodiscard]] auto hmean(const A& a, const cupp::axes& axis = 0) {
  const auto x = detail::as_compute(a);
  using P = cupp::expr::value_type_t<decltype(x)>;
  // a negative value makes the slice NaN (SciPy: "only defined if all elements are >= 0")
  const auto neg = cupp::any(x < P(0), axis);
  const ndarray<P> inv_mean = cupp::mean(P(1) / x, axis);
  return ndarray<P>(cupp::where(neg, std::numeric_limits<P>::quiet_NaN(), P(1) / inv_mean));
}

/// `scipy.stats.pmean(a, p, axis=0)`: the power mean (mean(a^p))^(1/p), gmean at p = 0; NaN
/// where a value is negative.
template <class A>
requires are_operands_v<A>
[[nodiscard]] auto pmean(const A& a, double p, const cupp::axes& axis = 0) {
  if (p == 0) return gmean(a, axis);
  const auto x = detail::as_compute(a);
  using P = cupp::expr::value_type_t<decltype(x)>;
  const auto neg = cupp::any(x < P(0), axis);
  const ndarray<P> m = cupp::mean(cupp::power(x, P(p)), axis);
  return ndarray<P>(
      cupp::where(neg, std::numeric_limits<P>::quiet_NaN(), cupp::power(m, P(1.0 / p))));
}

/// `scipy.stats.boxcox_llf(lmb, data)` along axis 0: the Box-Cox log-likelihood
/// (lmb - 1) sum(log x) - n/2 log(var(boxcox(x, lmb))).
template <class A>
requires are_operands_v<A>
[[nodiscard]] auto boxcox_llf(double lmb, const A& data) {
  const auto x = detail::as_compute(data);
  using P = cupp::expr::value_type_t<decltype(x)>;
  const ndarray<P> xs(x);
  const auto n = xs.ndim() ? xs.shape()[0] : 1;
  const ndarray<P> logsum = cupp::sum(cupp::log(xs), 0);
  const ndarray<P> var = cupp::var(special::boxcox(xs, P(lmb)), 0);
  return ndarray<P>((P(lmb) - P(1)) * logsum - P(0.5) * static_cast<P>(n) * cupp::log(var));
}

} // namespace cupx::stats
