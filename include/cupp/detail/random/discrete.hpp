#pragma once
/// \file
/// The discrete distributions of numpy.random.Generator on one element's stream (int64 results,
/// as NumPy's), ported from numpy/random/src/distributions/distributions.c,
/// random_hypergeometric.c and logfactorial.c with NumPy's algorithms and thresholds. Integer
/// parameters (binomial's n, hypergeometric's counts) arrive as doubles holding exact integers.
///
/// Where NumPy casts a double to int64 and then rejects the out-of-range value, the range is
/// tested first here: C leaves such a cast undefined (x86 gives INT64_MIN, a GPU saturates), and
/// both backends must take the same branch. NumPy's BTPE keeps its setup in a binomial_t cache
/// across calls; here each element computes its own, which gives the same distribution.

#include <cupp/core/config.hpp>
#include <cupp/detail/fault.hpp>
#include <cupp/detail/random/continuous.hpp>
#include <cupp/detail/random/inversion.hpp>
#include <cupp/detail/random/math.hpp>
#include <cupp/detail/random/stream.hpp>

#include <cmath>
#include <cstdint>

namespace cupp::detail::random {

/// Whether x (an integral double) is a count that int64 holds: 0 <= x < 2^63 (false for NaN).
CUPP_HD inline bool is_count(double x) { return x >= 0.0 && x < 0x1p63; }

/// x as NumPy's cast to int64 gives it on x86: truncated, INT64_MIN for NaN and out of range (C
/// leaves those undefined; both backends must agree).
CUPP_HD inline std::int64_t as_int64(double x) {
  return x >= -0x1p63 && x < 0x1p63 ? static_cast<std::int64_t>(x) : INT64_MIN;
}

/// An integer in [0, max], NumPy's random_interval: words under the smallest all-ones mask that
/// covers max (32-bit words while max < 2^32) until one is <= max.
CUPP_HD inline std::uint64_t random_interval(element_stream& s, std::uint64_t max) {
  if (max == 0) return 0;
  std::uint64_t mask = max;
  mask |= mask >> 1;
  mask |= mask >> 2;
  mask |= mask >> 4;
  mask |= mask >> 8;
  mask |= mask >> 16;
  mask |= mask >> 32;
  std::uint64_t v;
  if (max <= 0xFFFFFFFFu) {
    do {
      v = s.next_u32() & mask;
    } while (v > max);
  } else {
    do {
      v = s.next_u64() & mask;
    } while (v > max);
  }
  return v;
}

/// log(k!), NumPy's logfactorial: the Stirling series to the 1/k^3 term from k = 126 on, as
/// NumPy. Below, NumPy reads a table of 126 values, which device code could not read from host
/// memory: here its first six entries are literals (loggam would shift them up to 7 at the cost
/// of one log per step) and k = 6..125 take pm::loggam(k + 1), NumPy's random_loggam without a
/// shift (one log; within about 1e-15 relative of the table).
CUPP_HD inline double logfactorial(std::int64_t k) {
  switch (k) {
  case 0:
  case 1:
    return 0.0;
  case 2:
    return 0.69314718055994529;
  case 3:
    return 1.791759469228055;
  case 4:
    return 3.1780538303479458;
  case 5:
    return 4.7874917427820458;
  default:
    break;
  }
  if (k < 126) return pm::loggam(static_cast<double>(k) + 1.0);
  const double halfln2pi = 0.9189385332046728;
  const double x = static_cast<double>(k);
  return (x + 0.5) * pm::log(x) - x + (halfln2pi + (1.0 / x) * (1 / 12.0 - 1 / (360.0 * x * x)));
}

// --- Poisson -----------------------------------------------------------------------------------

/// Poisson's set-up for one lam (prepared once per call when lam is a scalar: its logarithms,
/// square root and quotients cost PTRS about as much as a draw). NumPy's random_poisson takes
/// PTRS from lam = 10 and the multiplication method below; here inversion (inversion.hpp) takes
/// lam < 32 and PTRS the rest; 0 for lam = 0.
inline constexpr double poisson_inversion_below = 32;
struct poisson_setup {
  double lam;
  inversion_law inv;                    // inversion
  const inversion_table* table;         // inversion with a scalar lam: set by the launch
  double loglam, b, a, loginvalpha, vr; // PTRS
  CUPP_HD const inversion_law* tabulated() const {
    return lam > 0 && lam < poisson_inversion_below ? &inv : nullptr;
  }
  CUPP_HD std::int64_t result_of(std::int64_t k) const { return k; }
};
CUPP_HD inline poisson_setup prepare_poisson(double lam) {
  poisson_setup c{};
  c.lam = lam;
  if (lam < poisson_inversion_below) {
    c.inv = {pm::exp(-lam), lam, 0.0, 1.0, inversion_count(lam, lam, 1e300)};
    return c;
  }
  const double slam = std::sqrt(lam);
  c.loglam = pm::log(lam);
  c.b = 0.931 + 2.53 * slam;
  c.a = -0.059 + 0.02483 * c.b;
  c.loginvalpha = pm::log(1.1239 + 1.1328 / (c.b - 3.4));
  c.vr = 0.9277 - 3.6224 / (c.b - 2);
  return c;
}

/// Poisson by PTRS, Hörmann (1993), "The transformed rejection method for generating Poisson
/// random variables" (lam >= 32; NumPy's from 10).
CUPP_HD inline std::int64_t poisson_ptrs(element_stream& s, const poisson_setup& c) {
  for (;;) {
    const double u = s.next_double() - 0.5;
    const double v = s.next_double();
    const double us = 0.5 - std::fabs(u);
    const double k = std::floor((2 * c.a / us + c.b) * u + c.lam + 0.43);
    if (us >= 0.07 && v <= c.vr) return static_cast<std::int64_t>(k); // k is in range here
    if (!is_count(k) || (us < 0.013 && v > us)) continue;
    // log(v) = log(0) is fine; us = 0 (u = -0.5) gave k = -inf above
    if (pm::log(v) + c.loginvalpha - pm::log(c.a / (us * us) + c.b) <=
        -c.lam + k * c.loglam - pm::loggam(k + 1))
      return static_cast<std::int64_t>(k);
  }
}

CUPP_HD inline std::int64_t poisson(element_stream& s, const poisson_setup& c) {
  if (c.lam >= poisson_inversion_below) return poisson_ptrs(s, c);
  if (c.lam == 0) return 0;
  return draw_inverted(s, c.inv, c.table);
}
CUPP_HD inline std::int64_t poisson(element_stream& s, double lam) {
  return poisson(s, prepare_poisson(lam));
}

// --- binomial ----------------------------------------------------------------------------------

/// The binomial's set-up for one (n, p), prepared once per call when both are scalars. NumPy's
/// random_binomial: 0 for n = 0 or p = 0; for p > 1/2 the failures are drawn (with 1 - p) and
/// subtracted from n; when n min(p, 1 - p) <= 30 inversion (inversion.hpp, where NumPy searches
/// sequentially), else BTPE. r is the probability drawn with (p or 1 - p), q = 1 - r.
struct binomial_setup {
  enum class method : unsigned char { zero, inversion, btpe } how;
  bool flip;
  std::int64_t n;
  double r, q;
  inversion_law inv;                                     // inversion
  const inversion_table* table;                          // inversion, scalar n and p: the launch's
  std::int64_t m;                                        // BTPE: the mode
  double p1, xm, xl, xr, c, laml, lamr, p2, p3, p4, nrq; // BTPE's regions
  CUPP_HD const inversion_law* tabulated() const {
    return how == method::inversion ? &inv : nullptr;
  }
  /// The result of a count k drawn with r: n - k when k counts the failures
  CUPP_HD std::int64_t result_of(std::int64_t k) const { return flip ? n - k : k; }
};

CUPP_HD inline void prepare_binomial_inversion(binomial_setup& c) {
  const double p = c.r, dn = static_cast<double>(c.n);
  c.q = 1.0 - p;
  const double np = dn * p;
  c.inv = {pm::exp(dn * pm::log1p(-p)), np, p, c.q, inversion_count(np, np * c.q, dn)};
}

CUPP_HD inline void prepare_binomial_btpe(binomial_setup& c) {
  const double dn = static_cast<double>(c.n);
  const double r = c.r, q = 1.0 - r;
  c.q = q;
  const double fm = dn * r + r;
  c.m = static_cast<std::int64_t>(std::floor(fm));
  const double dm = static_cast<double>(c.m);
  c.p1 = std::floor(2.195 * std::sqrt(dn * r * q) - 4.6 * q) + 0.5;
  c.xm = dm + 0.5;
  c.xl = c.xm - c.p1;
  c.xr = c.xm + c.p1;
  c.c = 0.134 + 20.5 / (15.3 + dm);
  double a = (fm - c.xl) / (fm - c.xl * r);
  c.laml = a * (1.0 + a / 2.0);
  a = (c.xr - fm) / (c.xr * q);
  c.lamr = a * (1.0 + a / 2.0);
  c.p2 = c.p1 * (1.0 + 2.0 * c.c);
  c.p3 = c.p2 + c.c / c.laml;
  c.p4 = c.p3 + c.c / c.lamr;
  c.nrq = dn * r * q;
}

CUPP_HD inline binomial_setup prepare_binomial(std::int64_t n, double p) {
  binomial_setup c{};
  c.n = n;
  if (n == 0 || p == 0.0) {
    c.how = binomial_setup::method::zero;
    return c;
  }
  c.flip = p > 0.5;
  c.r = c.flip ? 1.0 - p : p;
  if (c.r * static_cast<double>(n) <= 30.0) {
    c.how = binomial_setup::method::inversion;
    prepare_binomial_inversion(c);
  } else {
    c.how = binomial_setup::method::btpe;
    prepare_binomial_btpe(c);
  }
  return c;
}

/// Binomial by BTPE, Kachitvichyanukul & Schmeiser (1988), "Binomial random variate
/// generation": a triangle, two parallelograms and two exponential tails over the mode, accepted
/// by explicit recursion near the mode and a Stirling-bounded squeeze in the far range (with
/// NumPy's correction of the paper's signs). r <= 1/2, n r > 30.
CUPP_HD inline std::int64_t binomial_btpe(element_stream& s, const binomial_setup& c) {
  const std::int64_t n = c.n, m = c.m;
  const double dn = static_cast<double>(n), dm = static_cast<double>(m);
  const double r = c.r, q = c.q, nrq = c.nrq;
  for (;;) {
    const double u = s.next_double() * c.p4;
    double v = s.next_double();
    if (u <= c.p1) return static_cast<std::int64_t>(std::floor(c.xm - c.p1 * v + u)); // triangle
    double y;
    if (u <= c.p2) { // parallelograms
      const double x = c.xl + (u - c.p1) / c.c;
      v = v * c.c + 1.0 - std::fabs(dm - x + 0.5) / c.p1;
      if (v > 1.0) continue;
      y = std::floor(x);
    } else if (u <= c.p3) { // left exponential tail; v = 0 is rejected (log 0)
      if (v == 0.0) continue;
      y = std::floor(c.xl + pm::log(v) / c.laml);
      if (!is_count(y)) continue;
      v = v * (u - c.p2) * c.laml;
    } else { // right exponential tail
      if (v == 0.0) continue;
      y = std::floor(c.xr - pm::log(v) / c.lamr);
      if (!is_count(y) || static_cast<std::int64_t>(y) > n) continue;
      v = v * (u - c.p3) * c.lamr;
    }
    const auto iy = static_cast<std::int64_t>(y);
    const std::int64_t k = iy > m ? iy - m : m - iy;
    const double dk = static_cast<double>(k);
    if (k <= 20 || dk >= nrq / 2.0 - 1) {
      // near the mode: f(y) / f(m) by the recursion f(i) / f(i - 1) = a / i - s
      const double sr = r / q;
      const double as = sr * static_cast<double>(n + 1);
      double f = 1.0;
      for (std::int64_t i = m + 1; i <= iy; ++i)
        f *= as / static_cast<double>(i) - sr;
      for (std::int64_t i = iy + 1; i <= m; ++i)
        f /= as / static_cast<double>(i) - sr;
      if (v > f) continue;
      return iy;
    }
    // squeeze on log f(y) / f(m), then the bound from Stirling's formula
    const double rho = (dk / nrq) * ((dk * (dk / 3.0 + 0.625) + 0.16666666666666666) / nrq + 0.5);
    const double t = -dk * dk / (2 * nrq);
    const double la = pm::log(v); // log(0) is fine
    if (la < t - rho) return iy;
    if (la > t + rho) continue;
    const double x1 = y + 1;
    const double f1 = dm + 1;
    const double z = dn + 1 - dm;
    const double w = dn - y + 1;
    const double x2 = x1 * x1, f2 = f1 * f1, z2 = z * z, w2 = w * w;
    const auto stirling = [](double v1, double v2) {
      return (13860. - (462. - (132. - (99. - 140. / v2) / v2) / v2) / v2) / v1 / 166320.;
    };
    if (la > c.xm * pm::log(f1 / x1) + (static_cast<double>(n - m) + 0.5) * pm::log(z / w) +
                 static_cast<double>(iy - m) * pm::log(w * r / (x1 * q)) + stirling(f1, f2) +
                 stirling(z, z2) - stirling(x1, x2) - stirling(w, w2))
      continue;
    return iy;
  }
}

CUPP_HD inline std::int64_t binomial(element_stream& s, const binomial_setup& c) {
  if (c.how == binomial_setup::method::zero) return 0;
  return c.result_of(c.how == binomial_setup::method::inversion ? draw_inverted(s, c.inv, c.table)
                                                                : binomial_btpe(s, c));
}
CUPP_HD inline std::int64_t binomial(element_stream& s, std::int64_t n, double p) {
  return binomial(s, prepare_binomial(n, p));
}

// --- hypergeometric ----------------------------------------------------------------------------

/// Hypergeometric by drawing the sample (or its complement, when larger than half the total) one
/// item at a time, stopping early once only good items or none remain. NumPy's
/// hypergeometric_sample.
CUPP_HD inline std::int64_t hypergeometric_sample(element_stream& s, std::int64_t good,
                                                  std::int64_t bad, std::int64_t sample) {
  const std::int64_t total = good + bad;
  const bool complement = sample > total / 2;
  std::int64_t left = complement ? total - sample : sample;
  std::int64_t remaining_total = total, remaining_good = good;
  while (left > 0 && remaining_good > 0 && remaining_total > remaining_good) {
    --remaining_total; // random_interval's bound is inclusive
    if (static_cast<std::int64_t>(random_interval(s, static_cast<std::uint64_t>(remaining_total))) <
        remaining_good)
      --remaining_good;
    --left;
  }
  if (remaining_total == remaining_good) remaining_good -= left; // only good ones are left
  return complement ? remaining_good : good - remaining_good;
}

/// Hypergeometric by ratio of uniforms, "Algorithm HRUA" of Stadlober's thesis (1989) and
/// Stadlober (1990), "The ratio of uniforms approach for generating discrete random variates";
/// the names are Stadlober's, as in NumPy's hypergeometric_hrua.
CUPP_HD inline std::int64_t hypergeometric_hrua(element_stream& s, std::int64_t good,
                                                std::int64_t bad, std::int64_t sample) {
  constexpr double d1 = 1.7155277699214135; // 2 sqrt(2 / e)
  constexpr double d2 = 0.8989161620588988; // 3 - 2 sqrt(3 / e)
  const std::int64_t popsize = good + bad;
  const std::int64_t n = sample < popsize - sample ? sample : popsize - sample;
  const std::int64_t mgb = good < bad ? good : bad; // Stadlober's M
  const std::int64_t xgb = good < bad ? bad : good;
  const double p = static_cast<double>(mgb) / static_cast<double>(popsize);
  const double q = static_cast<double>(xgb) / static_cast<double>(popsize);
  const double mu = static_cast<double>(n) * p;
  const double a = mu + 0.5;
  const double var = static_cast<double>(popsize - n) * static_cast<double>(n) * p * q /
                     static_cast<double>(popsize - 1);
  const double c = std::sqrt(var + 0.5);
  const double h = d1 * c + d2; // twice the scale of the table-mountain hat
  const auto m = static_cast<std::int64_t>(
      std::floor(static_cast<double>(n + 1) * static_cast<double>(mgb + 1) /
                 static_cast<double>(popsize + 2)));
  const double g =
      logfactorial(m) + logfactorial(mgb - m) + logfactorial(n - m) + logfactorial(xgb - n + m);
  // the support's end, or 16 standard deviations beyond the mean
  const double b = std::fmin(static_cast<double>((n < mgb ? n : mgb) + 1), std::floor(a + 16 * c));
  std::int64_t k;
  for (;;) {
    const double u = s.next_double();
    const double v = s.next_double(); // Stadlober's U*
    const double x = a + h * (v - 0.5) / u;
    if (!(x >= 0.0 && x < b)) continue; // also rejects NaN (u = 0, v = 0.5)
    k = static_cast<std::int64_t>(std::floor(x));
    const double t = g - (logfactorial(k) + logfactorial(mgb - k) + logfactorial(n - k) +
                          logfactorial(xgb - n + k));
    if (u * (4.0 - u) - 3.0 <= t) break; // fast acceptance
    if (u * (u - t) >= 1) continue;      // fast rejection
    if (2.0 * pm::log(u) <= t) break;
  }
  if (good > bad) k = n - k;
  if (n < sample) k = good - k;
  return k;
}

/// NumPy's random_hypergeometric: HRUA when 10 <= sample <= total - 10, else the simple method.
CUPP_HD inline std::int64_t hypergeometric(element_stream& s, std::int64_t good, std::int64_t bad,
                                           std::int64_t sample) {
  if (sample >= 10 && sample <= good + bad - 10) return hypergeometric_hrua(s, good, bad, sample);
  return hypergeometric_sample(s, good, bad, sample);
}

// --- functors ----------------------------------------------------------------------------------

/// numpy.random.Generator.poisson: 0 <= lam <= poisson_lam_max. (`setup`, `prepare` and `draw`:
/// generate_impl.hpp prepares scalar parameters once per call.)
struct poisson_dist {
  using setup = poisson_setup;
  CUPP_HD static setup prepare(double lam) { return prepare_poisson(lam); }
  CUPP_HD std::int64_t draw(element_stream& s, const setup& c) const { return poisson(s, c); }
  CUPP_HD std::int64_t operator()(element_stream& s, double lam) const {
    return draw(s, prepare(lam));
  }
};
/// numpy.random.Generator.binomial: n >= 0 an integer, 0 <= p <= 1.
struct binomial_dist {
  using setup = binomial_setup;
  CUPP_HD static setup prepare(double n, double p) {
    return prepare_binomial(static_cast<std::int64_t>(n), p);
  }
  CUPP_HD std::int64_t draw(element_stream& s, const setup& c) const { return binomial(s, c); }
  CUPP_HD std::int64_t operator()(element_stream& s, double n, double p) const {
    return draw(s, prepare(n, p));
  }
};
/// numpy.random.Generator.geometric: 0 < p <= 1. NumPy's random_geometric: for p >= 1/3 a
/// sequential search, else inversion ceil(E / -log(1 - p)), saturated at INT64_MAX.
struct geometric_dist {
  CUPP_HD std::int64_t operator()(element_stream& s, double p) const {
    if (p >= 0.333333333333333333333333) {
      const double u = s.next_double();
      const double q = 1.0 - p;
      std::int64_t x = 1;
      double sum = p, prod = p;
      while (u > sum) {
        prod *= q;
        const double next = sum + prod;
        // The rounded sum can stall below u (by up to ~1e-15 for some p): NumPy loops forever
        // there; the search ends instead.
        if (next == sum) break;
        sum = next;
        ++x;
      }
      return x;
    }
    const double z = std::ceil(-standard_exponential(s) / pm::log1p(-p));
    if (z >= 9.223372036854776e18) return INT64_MAX; // the smallest double above INT64_MAX
    return static_cast<std::int64_t>(z);
  }
};
/// numpy.random.Generator.hypergeometric: ngood, nbad integers in [0, 1e9),
/// 0 <= nsample <= ngood + nbad an integer.
struct hypergeometric_dist {
  static constexpr bool relation_first = true; // NumPy checks the counts' own signs after
  /// NumPy's checks of the counts read as int64 (a sum that overflows wraps, as NumPy's).
  CUPP_HD static relation_fault relation(double ngood, double nbad, double nsample) {
    const std::int64_t g = as_int64(ngood), b = as_int64(nbad);
    if (g >= 1000000000 || b >= 1000000000) return relation_fault::counts_too_large;
    const auto sum =
        static_cast<std::int64_t>(static_cast<std::uint64_t>(g) + static_cast<std::uint64_t>(b));
    if (sum < as_int64(nsample)) return relation_fault::sample_too_large;
    return relation_fault::none;
  }
  CUPP_HD std::int64_t operator()(element_stream& s, double ngood, double nbad,
                                  double nsample) const {
    return hypergeometric(s, static_cast<std::int64_t>(ngood), static_cast<std::int64_t>(nbad),
                          static_cast<std::int64_t>(nsample));
  }
};
/// numpy.random.Generator.logseries: 0 <= p < 1. NumPy's random_logseries: Kemp's (1981)
/// second accelerated generator (LK).
struct logseries_dist {
  CUPP_HD std::int64_t operator()(element_stream& s, double p) const {
    const double r = pm::log1p(-p);
    for (;;) {
      const double v = s.next_double();
      if (v >= p) return 1;
      const double u = s.next_double();
      const double q = -pm::expm1(r * u);
      if (v <= q * q) {
        if (v == 0.0) continue; // log(0): NumPy rejects it after its cast
        const double x = std::floor(1 + pm::log(v) / pm::log(q));
        if (!(x >= 1 && x < 0x1p63)) continue;
        return static_cast<std::int64_t>(x);
      }
      return v >= q ? 1 : 2;
    }
  }
};
/// numpy.random.Generator.zipf: a > 1. NumPy's random_zipf: rejection from the continuous
/// Pareto-like envelope floor(U^(-1 / (a - 1))) (Devroye 1986, X.6), U drawn in (Umin, 1] so
/// that no draw exceeds INT64_MAX; values above it are rejected (a Zipf truncated to int64).
/// a >= 1025 returns 1 (a larger value has probability below 3e-309).
struct zipf_dist {
  CUPP_HD std::int64_t operator()(element_stream& s, double a) const {
    if (a >= 1025) return 1;
    const double am1 = a - 1.0;
    const double b = pm::pow(2.0, am1);
    const double umin = pm::pow(0x1p63, -am1); // NumPy's (double)INT64_MAX
    for (;;) {
      const double u01 = s.next_double();
      const double u = u01 * umin + (1 - u01);
      const double v = s.next_double();
      const double x = std::floor(pm::pow(u, -1.0 / am1));
      // NumPy's test is x > (double)INT64_MAX, which lets 2^63 through to an undefined cast
      if (!(x >= 1.0 && x < 0x1p63)) continue;
      const double t = pm::pow(1.0 + 1.0 / x, am1);
      if (v * x * (t - 1.0) / (b - 1.0) <= t / b) return static_cast<std::int64_t>(x);
    }
  }
};

} // namespace cupp::detail::random
