#pragma once
/// \file
/// The continuous distributions of numpy.random.Generator on one element's stream, ported from
/// NumPy's numpy/random/src/distributions/distributions.c (the Generator functions, not the
/// legacy ones), with the same algorithms, thresholds and edge values. Two replacements: the
/// standard normal is Box-Muller and the standard exponential is -log(1 - u) instead of NumPy's
/// ziggurats (sequential rejection methods with table look-ups; these forms are branch-light on a
/// GPU, and packed.hpp uses the same ones). The elementary functions are cupp's portable ones
/// (math.hpp), so the host and the GPU compute the same bits.
///
/// Each distribution is a functor `<numpy_name>_dist` whose operator() takes the stream and the
/// parameters in NumPy's order; the comment above it gives the parameters' valid domain (NumPy's
/// ValueErrors are raised before the kernel, so the functors assume it). The building blocks
/// (standard_normal, standard_exponential, standard_gamma...) are free functions.

#include <cupp/core/config.hpp>
#include <cupp/detail/fault.hpp>
#include <cupp/detail/random/math.hpp>
#include <cupp/detail/random/stream.hpp>
#include <cupp/detail/random/unit_math.hpp>

#include <cmath>

namespace cupp::detail::random {

inline constexpr double pi = 3.141592653589793;

// --- building blocks ---------------------------------------------------------------------------

/// What the building blocks need at each precision: NumPy's _f functions (standard_gamma_f...)
/// draw 24-bit uniforms and compute in float32.
template <class Real> struct real_ops;
template <> struct real_ops<double> {
  CUPP_HD static double uniform(element_stream& s) { return s.next_double(); }
  CUPP_HD static double log(double x) { return pm::log(x); }
  CUPP_HD static double pow(double x, double y) { return pm::pow(x, y); }
  CUPP_HD static bool& has_normal(element_stream& s) { return s.has_normal; }
  CUPP_HD static double& normal(element_stream& s) { return s.normal; }
};
template <> struct real_ops<float> {
  CUPP_HD static float uniform(element_stream& s) { return s.next_float(); }
  CUPP_HD static float log(float x) { return pm::logf(x); }
  CUPP_HD static float pow(float x, float y) { return pm::powf(x, y); }
  CUPP_HD static bool& has_normal(element_stream& s) { return s.has_normal_f; }
  CUPP_HD static float& normal(element_stream& s) { return s.normal_f; }
};

/// Standard normal by Box-Muller (unit_math.hpp): u1 = 1 - u in (0, 1], u2 in [0, 1); returns
/// r cos(2 pi u2) and keeps r sin(2 pi u2) for the next call.
template <class Real> CUPP_HD Real standard_normal_t(element_stream& s) {
  using op = real_ops<Real>;
  if (op::has_normal(s)) {
    op::has_normal(s) = false;
    return op::normal(s);
  }
  const Real u1 = Real(1) - op::uniform(s);
  Real z[2];
  unit::box_muller(u1, op::uniform(s), z);
  op::normal(s) = z[1];
  op::has_normal(s) = true;
  return z[0];
}
CUPP_HD inline double standard_normal(element_stream& s) { return standard_normal_t<double>(s); }
CUPP_HD inline float standard_normal_f(element_stream& s) { return standard_normal_t<float>(s); }

/// Standard exponential by inversion, -log(1 - u) (NumPy's method='inv'; unit_math.hpp).
template <class Real> CUPP_HD Real standard_exponential_t(element_stream& s) {
  return unit::exponential(real_ops<Real>::uniform(s));
}
CUPP_HD inline double standard_exponential(element_stream& s) {
  return standard_exponential_t<double>(s);
}
CUPP_HD inline float standard_exponential_f(element_stream& s) {
  return standard_exponential_t<float>(s);
}

/// What standard gamma computes from its shape alone: prepared once per call when the shape is a
/// scalar (generate_impl.hpp).
template <class Real> struct gamma_setup {
  Real shape;
  Real inv_shape; // shape < 1: the power 1 / shape
  Real b, c;      // shape > 1: Marsaglia & Tsang's d = shape - 1/3 and 1 / sqrt(9 d)
};
template <class Real> CUPP_HD gamma_setup<Real> prepare_gamma(Real shape) {
  const Real one = 1;
  gamma_setup<Real> g{shape, 0, 0, 0};
  if (shape < one) {
    g.inv_shape = one / shape;
  } else {
    g.b = shape - one / Real(3);
    g.c = one / std::sqrt(Real(9) * g.b);
  }
  return g;
}
/// Marsaglia & Tsang's log test, log(u) < x^2 / 2 + d (1 - v + log v) with v = (1 + y)^3, y = c x,
/// decided without its two logarithms where bounds settle it: +1 accept, -1 reject, 0 undecided.
/// With 9 d c^2 = 1 the right side is 3 d g(y), g(y) = log(1 + y) - y + y^2/2 - y^3/3 =
/// -y^4/4 + y^5/5 - y^6/6 + ..., which lies between partial sums of that series: alternating for
/// 0 <= y <= 1; for -0.95 <= y < 0 every term is negative and the tail past y^6/6, below
/// a^7 / (6 (1 - a)) for a = -y, is below a^7 times 1/3, 2/3, 4/3 or 10/3 as a is at most 1/2,
/// 3/4, 7/8 or 0.95. log(u) = log(1 + t) lies between t - t^2/2 + t^3/3 and that less
/// t^4 / (4 u), at most t^4 / 2 for u >= 1/2 and t^4 for u >= 1/4 (no reject is tried below).
/// Products only: a division costs more than the logarithms it spares.
/// A bound must win by a margin (2^-40 of the terms' size in double, 2^-12 in float) far above
/// the logarithms' and the bounds' rounding, so the decision is the one the logarithms compute:
/// the same values. At shape 2 the squeeze leaves 8.3% of the elements (94% of warps) to the
/// logarithms, the bounds about 0.4%.
template <class Real> CUPP_HD int gamma_log_test_bounds(Real u, Real x, Real v, Real y, Real d) {
  constexpr Real one = 1, half = Real(0.5), third = one / 3, fifth = one / 5, sixth = one / 6;
  if (!(y >= Real(-0.95) && y <= one)) return 0;
  const Real t = u - one, t2 = t * t;
  const Real log_hi = t - t2 * half + t2 * t * third;
  const Real y2 = y * y, y4 = y2 * y2, y5 = y4 * y, y6 = y4 * y2;
  const Real g5 = y5 * fifth - y4 * Real(0.25); // the series to y^5
  const Real g_hi = y >= 0 ? g5 : g5 - y6 * sixth;
  const Real tail = y >= -half          ? third
                    : y >= Real(-0.75)  ? 2 * third
                    : y >= Real(-0.875) ? 4 * third
                                        : 10 * third;
  const Real g_lo = y >= 0 ? g_hi - y6 * sixth : g_hi + y6 * y * tail;
  const Real margin =
      (sizeof(Real) == 8 ? Real(0x1p-40) : Real(0x1p-12)) * (one + x * x * half + d * (one + v));
  if (log_hi + margin < 3 * d * g_lo) return 1;
  if (u >= Real(0.25) && log_hi - t2 * t2 * (u >= half ? half : one) - margin > 3 * d * g_hi)
    return -1;
  return 0;
}

/// Standard gamma, NumPy's random_standard_gamma(_f): shape 1 is the exponential; shape < 1
/// NumPy's rejection from a uniform and an exponential (a power envelope below 1 - shape, an
/// exponential one above); shape > 1 Marsaglia & Tsang (2000), "A simple method for generating
/// gamma variables": a cubed shifted normal, accepted by a squeeze or the log test. Integer shapes
/// 2 to 4 (Erlang's law) are the sum of that many standard exponentials, taken as -log of the
/// product of as many uniforms in (0, 1]: one logarithm and no rejection, where Marsaglia and
/// Tsang spend a Box-Muller pair, a uniform and a squeeze (about 460 instructions an element at
/// shape 2, ncu on an H100). The product stays a normal number (at least 2^-96 in float32).
template <class Real> CUPP_HD Real standard_gamma_t(element_stream& s, const gamma_setup<Real>& g) {
  using op = real_ops<Real>;
  const Real one = 1, shape = g.shape;
  if (shape == one) return standard_exponential_t<Real>(s);
  if (shape == 0) return 0;
  if (shape == Real(2) || shape == Real(3) || shape == Real(4)) {
    Real p = one - op::uniform(s);
    for (int k = 1; k < static_cast<int>(shape); ++k)
      p *= one - op::uniform(s);
    return Real(0) - op::log(p); // +0, not -0, for a product of 1
  }
  if (shape < one) {
    for (;;) {
      const Real u = op::uniform(s);
      const Real v = standard_exponential_t<Real>(s);
      if (u <= one - shape) {
        const Real x = op::pow(u, g.inv_shape);
        if (x <= v) return x;
      } else {
        const Real y = -op::log((one - u) / shape);
        const Real x = op::pow(one - shape + shape * y, g.inv_shape);
        if (x <= v + y) return x;
      }
    }
  }
  for (;;) {
    Real x, v;
    do {
      x = standard_normal_t<Real>(s);
      v = one + g.c * x;
    } while (v <= 0);
    v = v * v * v;
    const Real u = op::uniform(s);
    if (u < one - Real(0.0331) * (x * x) * (x * x)) return g.b * v;
    const int bound = gamma_log_test_bounds(u, x, v, g.c * x, g.b);
    if (bound > 0) return g.b * v;
    if (bound < 0) continue;
    // log(0) = -inf is fine here
    if (op::log(u) < Real(0.5) * x * x + g.b * (one - v + op::log(v))) return g.b * v;
  }
}
CUPP_HD inline double standard_gamma(element_stream& s, double shape) {
  return standard_gamma_t<double>(s, prepare_gamma(shape));
}
CUPP_HD inline float standard_gamma_f(element_stream& s, float shape) {
  return standard_gamma_t<float>(s, prepare_gamma(shape));
}

CUPP_HD inline double chisquare(element_stream& s, double df) {
  return 2.0 * standard_gamma(s, df / 2.0);
}

/// Beta, NumPy's random_beta: for a, b <= 1 Johnk's algorithm (X = U^(1/a), Y = V^(1/b),
/// accepted when X + Y <= 1; logarithms when X or Y underflows; a Bernoulli(a / (a + b)) when
/// both are below 3e-103), else the ratio of two gammas. b may be 0 (dirichlet's stick-breaking
/// reaches it): then the result is 1, as in NumPy.
CUPP_HD inline double beta(element_stream& s, double a, double b) {
  if (a <= 1.0 && b <= 1.0) {
    constexpr double tiny = 3e-103; // NumPy's BETA_TINY_THRESHOLD
    if (a < tiny && b < tiny) return (a + b) * s.next_double() < a ? 1.0 : 0.0;
    for (;;) {
      const double u = s.next_double();
      const double v = s.next_double();
      const double x = pm::pow(u, 1.0 / a);
      const double y = pm::pow(v, 1.0 / b);
      const double xpy = x + y;
      if (xpy <= 1.0 && u + v > 0.0) { // both u and v 0 (about 1 in 1e106) is rejected
        if (x > 0 && y > 0) return x / xpy;
        const double delta = pm::log(u) / a - pm::log(v) / b;
        if (delta > 0) return pm::exp(-pm::log1p(pm::exp(-delta)));
        return pm::exp(delta - pm::log1p(pm::exp(delta)));
      }
    }
  }
  const double ga = standard_gamma(s, a);
  const double gb = standard_gamma(s, b);
  return ga / (ga + gb);
}

// --- functors ----------------------------------------------------------------------------------

// standard_normal, standard_exponential, normal and exponential have no functor here: the
// Generator draws them packed (packed.hpp); the functions above serve the other laws.
/// numpy.random.Generator.standard_gamma: shape >= 0.
struct standard_gamma_dist {
  using setup = gamma_setup<double>;
  CUPP_HD static setup prepare(double shape) { return prepare_gamma(shape); }
  CUPP_HD double draw(element_stream& s, const setup& g) const { return standard_gamma_t(s, g); }
  CUPP_HD double operator()(element_stream& s, double shape) const {
    return draw(s, prepare(shape));
  }
};
/// numpy.random.Generator.standard_gamma(dtype=float32): shape >= 0.
struct standard_gamma_f_dist {
  using setup = gamma_setup<float>;
  CUPP_HD static setup prepare(float shape) { return prepare_gamma(shape); }
  CUPP_HD float draw(element_stream& s, const setup& g) const { return standard_gamma_t(s, g); }
  CUPP_HD float operator()(element_stream& s, float shape) const { return draw(s, prepare(shape)); }
};

/// numpy.random.Generator.gamma: shape >= 0, scale >= 0.
struct gamma_dist {
  struct setup {
    gamma_setup<double> shape;
    double scale;
  };
  CUPP_HD static setup prepare(double shape, double scale) { return {prepare_gamma(shape), scale}; }
  CUPP_HD double draw(element_stream& s, const setup& g) const {
    return g.scale * standard_gamma_t(s, g.shape);
  }
  CUPP_HD double operator()(element_stream& s, double shape, double scale) const {
    return draw(s, prepare(shape, scale));
  }
};
/// numpy.random.Generator.beta: a > 0, b > 0.
struct beta_dist {
  CUPP_HD double operator()(element_stream& s, double a, double b) const { return beta(s, a, b); }
};
/// numpy.random.Generator.chisquare: df > 0.
struct chisquare_dist {
  CUPP_HD double operator()(element_stream& s, double df) const { return chisquare(s, df); }
};
/// numpy.random.Generator.f: dfnum > 0, dfden > 0.
struct f_dist {
  CUPP_HD double operator()(element_stream& s, double dfnum, double dfden) const {
    const double num = chisquare(s, dfnum) * dfden;
    return num / (chisquare(s, dfden) * dfnum);
  }
};
/// numpy.random.Generator.standard_t: df > 0. A normal over the root of a scaled gamma.
struct standard_t_dist {
  CUPP_HD double operator()(element_stream& s, double df) const {
    const double num = standard_normal(s);
    const double denom = standard_gamma(s, df / 2);
    return std::sqrt(df / 2) * num / std::sqrt(denom);
  }
};
/// numpy.random.Generator.standard_cauchy: the ratio of two normals.
struct standard_cauchy_dist {
  CUPP_HD double operator()(element_stream& s) const {
    const double num = standard_normal(s);
    return num / standard_normal(s);
  }
};
/// numpy.random.Generator.laplace: scale >= 0. Inversion; u = 0 (log 0) is drawn again.
struct laplace_dist {
  CUPP_HD double operator()(element_stream& s, double loc, double scale) const {
    for (;;) {
      const double u = s.next_double();
      if (u >= 0.5) return loc - scale * pm::log(2.0 - u - u);
      if (u > 0.0) return loc + scale * pm::log(u + u);
    }
  }
};
/// numpy.random.Generator.logistic: scale >= 0. Inversion; u = 0 is drawn again.
struct logistic_dist {
  CUPP_HD double operator()(element_stream& s, double loc, double scale) const {
    for (;;) {
      const double u = s.next_double();
      if (u > 0.0) return loc + scale * pm::log(u / (1.0 - u));
    }
  }
};
/// numpy.random.Generator.gumbel: scale >= 0. Inversion of 1 - u in (0, 1]; 1 is drawn again.
struct gumbel_dist {
  CUPP_HD double operator()(element_stream& s, double loc, double scale) const {
    for (;;) {
      const double u = 1.0 - s.next_double();
      if (u < 1.0) return loc - scale * pm::log(-pm::log(u));
    }
  }
};
/// numpy.random.Generator.pareto (Lomax, i.e. Pareto II minus 1): a > 0.
struct pareto_dist {
  CUPP_HD double operator()(element_stream& s, double a) const {
    return pm::expm1(standard_exponential(s) / a);
  }
};
/// numpy.random.Generator.power: a > 0.
struct power_dist {
  CUPP_HD double operator()(element_stream& s, double a) const {
    return pm::pow(-pm::expm1(-standard_exponential(s)), 1.0 / a);
  }
};
/// numpy.random.Generator.weibull: a >= 0 (a = 0 gives 0).
struct weibull_dist {
  CUPP_HD double operator()(element_stream& s, double a) const {
    if (a == 0.0) return 0.0;
    return pm::pow(standard_exponential(s), 1.0 / a);
  }
};
/// numpy.random.Generator.rayleigh: scale >= 0.
struct rayleigh_dist {
  CUPP_HD double operator()(element_stream& s, double scale) const {
    return scale * std::sqrt(2.0 * standard_exponential(s));
  }
};
/// numpy.random.Generator.lognormal: sigma >= 0.
struct lognormal_dist {
  CUPP_HD double operator()(element_stream& s, double mean, double sigma) const {
    return pm::exp(mean + sigma * standard_normal(s));
  }
};
/// numpy.random.Generator.triangular: left <= mode <= right, left < right. Inversion.
struct triangular_dist {
  static constexpr bool relation_first = true;
  /// NumPy's checks, in its order (NaN passes them and gives NaN).
  CUPP_HD static relation_fault relation(double left, double mode, double right) {
    if (left > mode) return relation_fault::left_gt_mode;
    if (mode > right) return relation_fault::mode_gt_right;
    if (left == right) return relation_fault::left_eq_right;
    return relation_fault::none;
  }
  CUPP_HD double operator()(element_stream& s, double left, double mode, double right) const {
    const double base = right - left;
    const double leftbase = mode - left;
    const double ratio = leftbase / base;
    const double leftprod = leftbase * base;
    const double rightprod = (right - mode) * base;
    const double u = s.next_double();
    if (u <= ratio) return left + std::sqrt(u * leftprod);
    return right - std::sqrt((1.0 - u) * rightprod);
  }
};
/// numpy.random.Generator.wald (inverse Gaussian): mean > 0, scale > 0. Michael, Schucany &
/// Haas (1976): the root of a chi-square(1) equation, then one of its two roots by a uniform.
struct wald_dist {
  CUPP_HD double operator()(element_stream& s, double mean, double scale) const {
    double y = standard_normal(s);
    y = mean * y * y;
    const double d = 1 + std::sqrt(1 + 4 * scale / y);
    const double x = mean * (1 - 2 / d);
    const double u = s.next_double();
    if (u <= mean / (mean + x)) return x;
    return mean * mean / x;
  }
};
/// numpy.random.Generator.vonmises: kappa >= 0 (NaN gives NaN); the result is in [-pi, pi].
/// Best & Fisher (1979) rejection with NumPy's branches: kappa < 1e-8 uniform, kappa < 1e-5
/// the second-order Taylor form of s = (1 + rho^2) / (2 rho), kappa > 1e6 the wrapped normal.
struct vonmises_dist {
  CUPP_HD double operator()(element_stream& s, double mu, double kappa) const {
    if (kappa != kappa) return kappa;
    if (kappa < 1e-8) return pi * (2 * s.next_double() - 1);
    double sr;
    if (kappa < 1e-5) {
      sr = 1. / kappa + kappa;
    } else if (kappa <= 1e6) {
      const double r = 1 + std::sqrt(1 + 4 * kappa * kappa);
      const double rho = (r - std::sqrt(2 * r)) / (2 * kappa);
      sr = (1 + rho * rho) / (2 * rho);
    } else {
      double result = mu + std::sqrt(1. / kappa) * standard_normal(s);
      if (result < -pi) result += 2 * pi;
      if (result > pi) result -= 2 * pi;
      return result;
    }
    double w;
    for (;;) {
      const double z = pm::cospi(s.next_double());
      w = (1 + sr * z) / (sr + z);
      const double y = kappa * (sr - w);
      const double v = s.next_double();
      // v = 0 is fine: y >= 0 accepts in the first test and y < 0 rejects in both
      if (y * (2 - y) - v >= 0 || pm::log(y / v) + 1 - y >= 0) break;
    }
    const double u = s.next_double();
    double result = pm::acos(w);
    if (u < 0.5) result = -result;
    result += mu;
    const bool neg = result < 0;
    double mod = std::fabs(result);
    mod = std::fmod(mod + pi, 2 * pi) - pi;
    return neg ? -mod : mod;
  }
};

} // namespace cupp::detail::random
