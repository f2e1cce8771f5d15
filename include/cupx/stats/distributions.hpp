#pragma once
/// \file
/// scipy.stats' distributions as fused elementwise functions: `cupx::stats::norm.pdf(x, loc,
/// scale)`, `gamma.cdf(x, a)`, `binom.pmf(k, n, p)`... Every method is a cupx ufunc over its
/// operands (x or q, the shape parameters, loc, scale: arrays, expressions or scalars that
/// broadcast), so it fuses with the expression around it. SciPy's generic rules hold: NaN for
/// invalid parameters (scale <= 0, a shape outside its domain) and for q outside [0, 1]; 0 density
/// and 0/1 probabilities outside the support; ppf(0) and ppf(1) the support's ends. Continuous:
/// pdf logpdf cdf logcdf sf logsf ppf isf (the logs accurate in both tails); discrete (poisson,
/// binom): pmf logpmf cdf sf ppf, at integer points of the support (loc shifts them). float32
/// operands compute in float64, as SciPy's do (the tails' logarithms need its range); results are
/// float32.

#include <cupx/special/detail/beta.hpp>
#include <cupx/special/detail/elementary.hpp>
#include <cupx/special/detail/erf.hpp>
#include <cupx/special/detail/gamma.hpp>
#include <cupx/special/ufunc.hpp>

#include <cmath>
#include <limits>
#include <type_traits>

namespace cupx::stats {

namespace detail {

using special::domain;

/// The methods of a distribution.
enum class method { pdf, logpdf, cdf, logcdf, sf, logsf, ppf, isf };

template <class P> CUPP_HD P nan_value() { return std::numeric_limits<P>::quiet_NaN(); }
template <class P> CUPP_HD P inf_value() { return std::numeric_limits<P>::infinity(); }

/// log(cdf) from whichever of cdf and sf is small: accurate in both tails (log1p(-sf) where the
/// cdf rounds to 1), unless D has its own (norm's log_ndtr, expon's -y).
template <class D, class P, class... S> CUPP_HD P log_cdf(P y, S... s) {
  if constexpr (requires { D::logcdf(y, s...); }) {
    return D::logcdf(y, s...);
  } else {
    const P c = D::cdf(y, s...);
    return c > P(0.5) ? std::log1p(-D::sf(y, s...)) : std::log(c);
  }
}
template <class D, class P, class... S> CUPP_HD P log_sf(P y, S... s) {
  if constexpr (requires { D::logsf(y, s...); }) {
    return D::logsf(y, s...);
  } else {
    const P c = D::sf(y, s...);
    return c > P(0.5) ? std::log1p(-D::cdf(y, s...)) : std::log(c);
  }
}

/// A continuous distribution D's method M at x (or q) with shape parameters s..., loc and scale,
/// by SciPy's rv_continuous rules around D's standardised functions.
template <class D, method M, class P, class... S>
CUPP_HD P continuous(P x, P loc, P scale, S... s) {
  if (std::isnan(x) || std::isnan(loc) || std::isnan(scale) || !(scale > P(0)) || !D::valid(s...))
    return nan_value<P>();
  const P lo = D::template lower<P>(s...), hi = D::template upper<P>(s...);
  if constexpr (M == method::ppf || M == method::isf) {
    const P q = x;
    if (!(q >= P(0) && q <= P(1))) return nan_value<P>();
    const bool low = M == method::ppf ? q == P(0) : q == P(1);
    const bool high = M == method::ppf ? q == P(1) : q == P(0);
    if (low) return lo * scale + loc;
    if (high) return hi * scale + loc;
    return (M == method::ppf ? D::ppf(q, s...) : D::isf(q, s...)) * scale + loc;
  } else {
    const P y = (x - loc) / scale;
    const bool inside = y >= lo && y <= hi;
    if constexpr (M == method::pdf) {
      return inside ? D::pdf(y, s...) / scale : P(0);
    } else if constexpr (M == method::logpdf) {
      return inside ? D::logpdf(y, s...) - std::log(scale) : -inf_value<P>();
    } else if constexpr (M == method::cdf) {
      return y <= lo   ? (lo == -inf_value<P>() ? D::cdf(y, s...) : P(0))
             : y >= hi ? P(1)
                       : D::cdf(y, s...);
    } else if constexpr (M == method::sf) {
      return y <= lo   ? P(1)
             : y >= hi ? (hi == inf_value<P>() ? D::sf(y, s...) : P(0))
                       : D::sf(y, s...);
    } else if constexpr (M == method::logcdf) {
      return y <= lo   ? (lo == -inf_value<P>() ? log_cdf<D>(y, s...) : -inf_value<P>())
             : y >= hi ? P(0)
                       : log_cdf<D>(y, s...);
    } else {
      return y <= lo   ? P(0)
             : y >= hi ? (hi == inf_value<P>() ? log_sf<D>(y, s...) : -inf_value<P>())
                       : log_sf<D>(y, s...);
    }
  }
}

/// The standard normal distribution.
struct norm_std {
  CUPP_HD static bool valid() { return true; }
  template <class P> CUPP_HD static P lower() { return -inf_value<P>(); }
  template <class P> CUPP_HD static P upper() { return inf_value<P>(); }
  template <class P> CUPP_HD static P logpdf(P y) {
    return P(-0.5) * y * y - P(0.91893853320467274178); // log(sqrt(2 pi))
  }
  template <class P> CUPP_HD static P pdf(P y) { return std::exp(logpdf(y)); }
  template <class P> CUPP_HD static P cdf(P y) { return special::detail::ndtr(y); }
  template <class P> CUPP_HD static P sf(P y) { return special::detail::ndtr(-y); }
  template <class P> CUPP_HD static P logcdf(P y) { return special::detail::log_ndtr(y); }
  template <class P> CUPP_HD static P logsf(P y) { return special::detail::log_ndtr(-y); }
  template <class P> CUPP_HD static P ppf(P q) { return special::detail::ndtri(q); }
  template <class P> CUPP_HD static P isf(P q) { return -special::detail::ndtri(q); }
};

/// The standard exponential distribution.
struct expon_std {
  CUPP_HD static bool valid() { return true; }
  template <class P> CUPP_HD static P lower() { return P(0); }
  template <class P> CUPP_HD static P upper() { return inf_value<P>(); }
  template <class P> CUPP_HD static P pdf(P y) { return std::exp(-y); }
  template <class P> CUPP_HD static P logpdf(P y) { return -y; }
  template <class P> CUPP_HD static P cdf(P y) { return -std::expm1(-y); }
  template <class P> CUPP_HD static P sf(P y) { return std::exp(-y); }
  template <class P> CUPP_HD static P logsf(P y) { return -y; }
  template <class P> CUPP_HD static P ppf(P q) { return -std::log1p(-q); }
  template <class P> CUPP_HD static P isf(P q) { return -std::log(q); }
};

/// The standard uniform distribution on [0, 1].
struct uniform_std {
  CUPP_HD static bool valid() { return true; }
  template <class P> CUPP_HD static P lower() { return P(0); }
  template <class P> CUPP_HD static P upper() { return P(1); }
  template <class P> CUPP_HD static P pdf(P) { return P(1); }
  template <class P> CUPP_HD static P logpdf(P) { return P(0); }
  template <class P> CUPP_HD static P cdf(P y) { return y; }
  template <class P> CUPP_HD static P sf(P y) { return P(1) - y; }
  template <class P> CUPP_HD static P ppf(P q) { return q; }
  template <class P> CUPP_HD static P isf(P q) { return P(1) - q; }
};

/// The gamma distribution of shape a (scale 1).
struct gamma_std {
  template <class P> CUPP_HD static bool valid(P a) { return a > P(0); }
  template <class P> CUPP_HD static P lower(P) { return P(0); }
  template <class P> CUPP_HD static P upper(P) { return inf_value<P>(); }
  template <class P> CUPP_HD static P logpdf(P y, P a) {
    return special::detail::xlogy(a - P(1), y) - y - special::detail::gammaln(a);
  }
  template <class P> CUPP_HD static P pdf(P y, P a) { return std::exp(logpdf(y, a)); }
  template <class P> CUPP_HD static P cdf(P y, P a) { return special::detail::gammainc(a, y); }
  template <class P> CUPP_HD static P sf(P y, P a) { return special::detail::gammaincc(a, y); }
  template <class P> CUPP_HD static P ppf(P q, P a) { return special::detail::gammaincinv(a, q); }
  template <class P> CUPP_HD static P isf(P q, P a) { return special::detail::gammainccinv(a, q); }
};

/// The chi-squared distribution with df degrees of freedom: gamma(df / 2) scaled by 2.
struct chi2_std {
  template <class P> CUPP_HD static bool valid(P df) { return df > P(0); }
  template <class P> CUPP_HD static P lower(P) { return P(0); }
  template <class P> CUPP_HD static P upper(P) { return inf_value<P>(); }
  template <class P> CUPP_HD static P logpdf(P y, P df) {
    return gamma_std::logpdf(y / P(2), df / P(2)) - P(0.69314718055994530942);
  }
  template <class P> CUPP_HD static P pdf(P y, P df) { return std::exp(logpdf(y, df)); }
  template <class P> CUPP_HD static P cdf(P y, P df) { return gamma_std::cdf(y / P(2), df / P(2)); }
  template <class P> CUPP_HD static P sf(P y, P df) { return gamma_std::sf(y / P(2), df / P(2)); }
  template <class P> CUPP_HD static P ppf(P q, P df) { return P(2) * gamma_std::ppf(q, df / P(2)); }
  template <class P> CUPP_HD static P isf(P q, P df) { return P(2) * gamma_std::isf(q, df / P(2)); }
};

/// The beta distribution of shapes a, b on [0, 1].
struct beta_std {
  template <class P> CUPP_HD static bool valid(P a, P b) { return a > P(0) && b > P(0); }
  template <class P> CUPP_HD static P lower(P, P) { return P(0); }
  template <class P> CUPP_HD static P upper(P, P) { return P(1); }
  template <class P> CUPP_HD static P logpdf(P y, P a, P b) {
    return special::detail::xlog1py(b - P(1), -y) + special::detail::xlogy(a - P(1), y) -
           special::detail::betaln(a, b);
  }
  template <class P> CUPP_HD static P pdf(P y, P a, P b) { return std::exp(logpdf(y, a, b)); }
  template <class P> CUPP_HD static P cdf(P y, P a, P b) {
    return special::detail::betainc(a, b, y);
  }
  template <class P> CUPP_HD static P sf(P y, P a, P b) {
    return special::detail::betaincc(a, b, y);
  }
  template <class P> CUPP_HD static P ppf(P q, P a, P b) {
    return special::detail::betaincinv(a, b, q);
  }
  template <class P> CUPP_HD static P isf(P q, P a, P b) {
    return special::detail::betainccinv(a, b, q);
  }
};

/// Student's t distribution with df degrees of freedom.
struct t_std {
  template <class P> CUPP_HD static bool valid(P df) { return df > P(0); }
  template <class P> CUPP_HD static P lower(P) { return -inf_value<P>(); }
  template <class P> CUPP_HD static P upper(P) { return inf_value<P>(); }
  template <class P> CUPP_HD static P logpdf(P y, P df) {
    if (std::isinf(df)) return norm_std::logpdf(y);
    using std::lgamma;
    return lgamma((df + P(1)) / P(2)) - lgamma(df / P(2)) -
           P(0.5) * std::log(df * P(3.14159265358979323846)) -
           (df + P(1)) / P(2) * std::log1p(y * y / df);
  }
  template <class P> CUPP_HD static P pdf(P y, P df) { return std::exp(logpdf(y, df)); }
  template <class P> CUPP_HD static P cdf(P y, P df) { return special::detail::stdtr(df, y); }
  template <class P> CUPP_HD static P sf(P y, P df) { return special::detail::stdtr(df, -y); }
  template <class P> CUPP_HD static P ppf(P q, P df) { return special::detail::stdtrit(df, q); }
  template <class P> CUPP_HD static P isf(P q, P df) { return -special::detail::stdtrit(df, q); }
};

/// The dtype a distribution computes in: float64 for float32 too, as SciPy's (whose float32
/// results are float64's rounded): the tails' logarithms need float64's range.
template <class P> using wide_t = std::conditional_t<std::is_same_v<P, float>, double, P>;

/// A continuous distribution's method as a ufunc functor: operands (x, shapes..., loc, scale).
/// (Out of line on the device: special::detail::outlined.)
template <class D, method M> struct continuous_method {
  struct call {
    template <class W, class... S> CUPP_HD W operator()(W x, W loc, W scale, S... s) const {
      return continuous<D, M>(x, loc, scale, s...);
    }
  };
  template <class P> struct op {
    static constexpr domain kind = domain::real;
    using result_type = P;
    using W = wide_t<P>;
    CUPP_HD P operator()(W x, W loc, W scale) const {
      return static_cast<P>(special::detail::outlined<W, call>(x, loc, scale));
    }
    CUPP_HD P operator()(W x, W s1, W loc, W scale) const {
      return static_cast<P>(special::detail::outlined<W, call>(x, loc, scale, s1));
    }
    CUPP_HD P operator()(W x, W s1, W s2, W loc, W scale) const {
      return static_cast<P>(special::detail::outlined<W, call>(x, loc, scale, s1, s2));
    }
  };
};

template <class D, method M, class... A> auto apply(const A&... a) {
  return special::make_ufunc<continuous_method<D, M>::template op>(a...);
}

/// The methods of a continuous distribution with K shape parameters (SciPy's rv_continuous:
/// `dist.pdf(x, *shapes, loc=0, scale=1)`).
template <class D, int K> struct continuous_distribution;

#define CUPX_DIST_METHODS0(NAME, M)                                                                \
  template <class X, class L = double, class S = double>                                           \
  requires special::are_operands_v<X, L, S>                                                        \
  [[nodiscard]] auto NAME(const X& x, const L& loc = 0.0, const S& scale = 1.0) const {            \
    return apply<D, method::M>(x, loc, scale);                                                     \
  }
#define CUPX_DIST_METHODS1(NAME, M)                                                                \
  template <class X, class A, class L = double, class S = double>                                  \
  requires special::are_operands_v<X, A, L, S>                                                     \
  [[nodiscard]] auto NAME(const X& x, const A& a, const L& loc = 0.0, const S& scale = 1.0)        \
      const {                                                                                      \
    return apply<D, method::M>(x, a, loc, scale);                                                  \
  }
#define CUPX_DIST_METHODS2(NAME, M)                                                                \
  template <class X, class A, class B, class L = double, class S = double>                         \
  requires special::are_operands_v<X, A, B, L, S>                                                  \
  [[nodiscard]] auto NAME(const X& x, const A& a, const B& b, const L& loc = 0.0,                  \
                          const S& scale = 1.0) const {                                            \
    return apply<D, method::M>(x, a, b, loc, scale);                                               \
  }
#define CUPX_DIST_ALL(K)                                                                           \
  CUPX_DIST_METHODS##K(pdf, pdf) CUPX_DIST_METHODS##K(logpdf, logpdf)                              \
      CUPX_DIST_METHODS##K(cdf, cdf) CUPX_DIST_METHODS##K(logcdf, logcdf)                          \
          CUPX_DIST_METHODS##K(sf, sf) CUPX_DIST_METHODS##K(logsf, logsf)                          \
              CUPX_DIST_METHODS##K(ppf, ppf) CUPX_DIST_METHODS##K(isf, isf)
template <class D> struct continuous_distribution<D, 0> { CUPX_DIST_ALL(0) };
template <class D> struct continuous_distribution<D, 1> { CUPX_DIST_ALL(1) };
template <class D> struct continuous_distribution<D, 2> { CUPX_DIST_ALL(2) };
#undef CUPX_DIST_ALL
#undef CUPX_DIST_METHODS0
#undef CUPX_DIST_METHODS1
#undef CUPX_DIST_METHODS2

/// The methods of a discrete distribution.
enum class dmethod { pmf, logpmf, cdf, sf, ppf };

/// The smallest integer k in [lo, hi] with cdf(k) >= q (hi: the support's end, possibly
/// infinite), by exponential search up from `guess` and bisection: SciPy's ppf of discrete
/// distributions, whatever the shape of the cdf.
template <class P, class F> CUPP_HD P discrete_ppf(P q, P guess, P lo, P hi, F cdf) {
  P a = lo - P(1), b = guess < lo ? lo : (guess > hi ? hi : guess); // cdf(a) < q <= cdf(b)?
  for (P step = P(1); cdf(b) < q; step *= P(2)) {
    a = b;
    b = b + step > hi ? hi : b + step;
    if (a == hi) return hi;
  }
  for (P step = P(1); b - step > a; step *= P(2)) { // lower the bracket's bottom
    if (cdf(b - step) < q) {
      a = b - step;
      break;
    }
    if (b - step <= lo) {
      if (cdf(lo) >= q) return lo;
      a = lo;
      break;
    }
  }
  while (b - a > P(1)) {
    const P m = std::floor((a + b) / P(2));
    if (cdf(m) >= q) {
      b = m;
    } else {
      a = m;
    }
  }
  return b;
}

/// A discrete distribution D's method M at k (or q) with shapes s... and loc, by SciPy's
/// rv_discrete rules: pmf 0 off the integers of the support, ppf(0) = lower end - 1.
template <class D, dmethod M, class P, class... S> CUPP_HD P discrete(P k, P loc, S... s) {
  if (std::isnan(k) || std::isnan(loc) || !D::valid(s...)) return nan_value<P>();
  const P lo = D::template lower<P>(s...), hi = D::template upper<P>(s...);
  if constexpr (M == dmethod::ppf) {
    const P q = k;
    if (!(q >= P(0) && q <= P(1))) return nan_value<P>();
    if (q == P(0)) return lo - P(1) + loc;
    if (q == P(1)) return hi + loc;
    return discrete_ppf(q, std::floor(D::guess(q, s...)), lo, hi,
                        [&](P j) { return D::cdf(j, s...); }) +
           loc;
  } else {
    const P y = k - loc;
    if constexpr (M == dmethod::pmf || M == dmethod::logpmf) {
      const bool on = y >= lo && y <= hi && y == std::floor(y);
      if constexpr (M == dmethod::pmf) {
        return on ? std::exp(D::logpmf(y, s...)) : P(0);
      } else {
        return on ? D::logpmf(y, s...) : -inf_value<P>();
      }
    } else {
      const P j = std::floor(y);
      if (j < lo) return M == dmethod::cdf ? P(0) : P(1);
      if (j >= hi) return M == dmethod::cdf ? P(1) : P(0);
      return M == dmethod::cdf ? D::cdf(j, s...) : D::sf(j, s...);
    }
  }
}

/// The Poisson distribution of mean mu.
struct poisson_std {
  template <class P> CUPP_HD static bool valid(P mu) { return mu >= P(0); }
  template <class P> CUPP_HD static P lower(P) { return P(0); }
  template <class P> CUPP_HD static P upper(P) { return inf_value<P>(); }
  template <class P> CUPP_HD static P logpmf(P k, P mu) {
    return special::detail::xlogy(k, mu) - special::detail::gammaln(k + P(1)) - mu;
  }
  template <class P> CUPP_HD static P cdf(P k, P mu) { return special::detail::pdtr(k, mu); }
  template <class P> CUPP_HD static P sf(P k, P mu) { return special::detail::pdtrc(k, mu); }
  template <class P> CUPP_HD static P guess(P q, P mu) {
    return mu + std::sqrt(mu) * special::detail::ndtri(q);
  }
};

/// The binomial distribution of n trials with success probability p.
struct binom_std {
  template <class P> CUPP_HD static bool valid(P n, P p) {
    return n >= P(0) && n == std::floor(n) && p >= P(0) && p <= P(1);
  }
  template <class P> CUPP_HD static P lower(P, P) { return P(0); }
  template <class P> CUPP_HD static P upper(P n, P) { return n; }
  template <class P> CUPP_HD static P logpmf(P k, P n, P p) {
    using special::detail::gammaln;
    return gammaln(n + P(1)) - gammaln(k + P(1)) - gammaln(n - k + P(1)) +
           special::detail::xlogy(k, p) + special::detail::xlog1py(n - k, -p);
  }
  template <class P> CUPP_HD static P cdf(P k, P n, P p) { return special::detail::bdtr(k, n, p); }
  template <class P> CUPP_HD static P sf(P k, P n, P p) { return special::detail::bdtrc(k, n, p); }
  template <class P> CUPP_HD static P guess(P q, P n, P p) {
    return n * p + std::sqrt(n * p * (P(1) - p)) * special::detail::ndtri(q);
  }
};

/// A discrete distribution's method as a ufunc functor: operands (k, shapes..., loc).
template <class D, dmethod M> struct discrete_method {
  struct call {
    template <class W, class... S> CUPP_HD W operator()(W k, W loc, S... s) const {
      return discrete<D, M>(k, loc, s...);
    }
  };
  template <class P> struct op {
    static constexpr domain kind = domain::real;
    using result_type = P;
    using W = wide_t<P>;
    CUPP_HD P operator()(W k, W s1, W loc) const {
      return static_cast<P>(special::detail::outlined<W, call>(k, loc, s1));
    }
    CUPP_HD P operator()(W k, W s1, W s2, W loc) const {
      return static_cast<P>(special::detail::outlined<W, call>(k, loc, s1, s2));
    }
  };
};

/// The methods of a discrete distribution with K shape parameters (`dist.pmf(k, *shapes,
/// loc=0)`).
template <class D, int K> struct discrete_distribution;

#define CUPX_DIST_METHODS1(NAME, M)                                                                \
  template <class X, class A, class L = double>                                                    \
  requires special::are_operands_v<X, A, L>                                                        \
  [[nodiscard]] auto NAME(const X& x, const A& a, const L& loc = 0.0) const {                      \
    return special::make_ufunc<discrete_method<D, dmethod::M>::template op>(x, a, loc);            \
  }
#define CUPX_DIST_METHODS2(NAME, M)                                                                \
  template <class X, class A, class B, class L = double>                                           \
  requires special::are_operands_v<X, A, B, L>                                                     \
  [[nodiscard]] auto NAME(const X& x, const A& a, const B& b, const L& loc = 0.0) const {          \
    return special::make_ufunc<discrete_method<D, dmethod::M>::template op>(x, a, b, loc);         \
  }
#define CUPX_DIST_ALL(K)                                                                           \
  CUPX_DIST_METHODS##K(pmf, pmf) CUPX_DIST_METHODS##K(logpmf, logpmf)                              \
      CUPX_DIST_METHODS##K(cdf, cdf) CUPX_DIST_METHODS##K(sf, sf) CUPX_DIST_METHODS##K(ppf, ppf)
template <class D> struct discrete_distribution<D, 1> { CUPX_DIST_ALL(1) };
template <class D> struct discrete_distribution<D, 2> { CUPX_DIST_ALL(2) };
#undef CUPX_DIST_ALL
#undef CUPX_DIST_METHODS1
#undef CUPX_DIST_METHODS2

} // namespace detail

/// `scipy.stats.norm`: `norm.pdf(x, loc, scale)`, `norm.ppf(q)`...
inline constexpr detail::continuous_distribution<detail::norm_std, 0> norm{};
/// `scipy.stats.expon`: `expon.cdf(x, loc, scale)`.
inline constexpr detail::continuous_distribution<detail::expon_std, 0> expon{};
/// `scipy.stats.uniform` on [loc, loc + scale].
inline constexpr detail::continuous_distribution<detail::uniform_std, 0> uniform{};
/// `scipy.stats.gamma`: `gamma.pdf(x, a, loc, scale)`.
inline constexpr detail::continuous_distribution<detail::gamma_std, 1> gamma{};
/// `scipy.stats.chi2`: `chi2.cdf(x, df, loc, scale)`.
inline constexpr detail::continuous_distribution<detail::chi2_std, 1> chi2{};
/// `scipy.stats.beta`: `beta.pdf(x, a, b, loc, scale)`.
inline constexpr detail::continuous_distribution<detail::beta_std, 2> beta{};
/// `scipy.stats.t`: `t.sf(x, df, loc, scale)`.
inline constexpr detail::continuous_distribution<detail::t_std, 1> t{};
/// `scipy.stats.poisson`: `poisson.pmf(k, mu, loc)`.
inline constexpr detail::discrete_distribution<detail::poisson_std, 1> poisson{};
/// `scipy.stats.binom`: `binom.cdf(k, n, p, loc)`.
inline constexpr detail::discrete_distribution<detail::binom_std, 2> binom{};

} // namespace cupx::stats
