#pragma once
/// \file
/// Elementary functions of the uniforms' values, for the laws that are bound by instructions
/// rather than by their stores: the exponential's -log(1 - u) and the normal's Box-Muller pair
/// (packed.hpp's packed laws and continuous.hpp's building blocks).
///
/// They are math.hpp's kernels, the same bits on every backend, specialised to the arguments a
/// uniform u (a multiple of 2^-24 in [0, 1) in float, of 2^-53 in double) gives: 1 - u is exact
/// and a positive normal number, so the logarithm needs no special cases (and -log(1 - u) is
/// log1p(-u) without its correction terms); 2 u lies in [0, 2), so the sine and cosine need no
/// sign or range checks; and the float functions leave out the low-order terms that make pm::logf
/// and a general sincospi correctly rounded in all but rare cases. Measured on the host against
/// long double over every float argument (2^24 of each): log 0.84 ulp, sin and cos 1.08 ulp; in
/// double (3 * 10^6 arguments): log 0.501 ulp, sin and cos 1.03 ulp (test_math's sweep). PTX
/// instructions per Philox block (sm_90) with pm's general functions and with these: float32
/// normal 492 -> 288, float64 normal 371 -> 258, float32 exponential 656 -> 267, float64
/// exponential 405 -> 246.

#include <cupp/core/config.hpp>
#include <cupp/detail/random/log_table.hpp>
#include <cupp/detail/random/math.hpp>

#include <cmath>

namespace cupp::detail::random::unit {

namespace pmi = pm::impl;

/// log(x) for x in [2^-24, 1]: pm::logf's reduction and polynomial, log1p(f) = f - h + g P(f)
/// with h = f^2/2 and g = f^3/2 each rounded once.
CUPP_HD inline float log(float x) {
  constexpr float ln2_hi16 = 0x1.62e4p-1f, ln2_lo16 = 0x1.7f7d1cp-20f; // k ln2_hi16 exact
  const pmi::logf_reduced r = pmi::logf_reduce(pmi::bits(x));
  const float f = r.m - 1.0f;
  const float h = 0.5f * f * f;
  const float g = h * f;
  const float k = static_cast<float>(r.k);
  return pmi::fmaf(k, ln2_hi16, (f - pmi::fmaf(-g, pmi::logf_poly(f), h)) + k * ln2_lo16);
}
/// log(x) for x in [2^-53, 1]: x = 2^k m as pm::log reduces it, m = c (1 + r) with c from
/// log_table.hpp's entry by m's leading bits, log x = k ln2 + log c + log1p(r), log1p(r) = r +
/// r^2 P(r) with P Taylor's to r^6 (|r| < 2^-8: the next term is r^9 / 9). r and the leading sums
/// are exact with their low parts (r's matters near 1, where log x is about r), the rest is below
/// 2^-8 of the result: 0.501 ulp in test_math's sweep. pm::log's atanh form (0.52 ulp here) needs
/// a division, a reciprocal and its Newton steps on the GPU.
CUPP_HD inline double log(double x) {
  const std::uint64_t ix = pmi::bits(x);
  const pmi::log_reduced m = pmi::log_reduce(ix);
  const log_entry& e = log_entry_at(static_cast<int>((ix - pmi::sqrt_half_bits) >> 45 & 127));
  const double q = m.m * e.invc;               // in [1 - 2^-8, 1 + 2^-8]
  const double r = q - 1.0;                    // exact (Sterbenz)
  const double rl = pmi::fma(m.m, e.invc, -q); // m invc - 1 = r + rl exactly
  const double kd = m.k;
  const double a = kd * pmi::ln2_hi42; // exact
  const double w = a + e.logc;         // |a| >= ln2 > |logc| unless a = 0
  const double we = (a - w) + e.logc;
  const double hi = w + r;
  const double b = hi - w;
  const double he = (w - (hi - b)) + (r - b);
  double p = -0x1p-3;
  p = pmi::fma(p, r, 0x1.2492492492492p-3);
  p = pmi::fma(p, r, -0x1.5555555555555p-3);
  p = pmi::fma(p, r, 0x1.999999999999ap-3);
  p = pmi::fma(p, r, -0x1p-2);
  p = pmi::fma(p, r, 0x1.5555555555555p-2);
  p = pmi::fma(p, r, -0x1p-1);
  // log1p(r + rl) = log1p(r) + rl / (1 + r): rl (1 - r)
  const double rl1 = pmi::fma(-r, rl, rl);
  return hi + ((r * r * p + (he + we + rl1)) + (kd * pmi::ln2_lo42 + e.logc_lo));
}

/// sin(pi r) and cos(pi r) for |r| <= 1/4: r pi + r z (s1 + z S(z)) and 1 + z (c0 + z C(z)), z =
/// r^2, in float alone (without pi's low part and the leading terms in two floats that a
/// correctly rounded float sincospi carries).
CUPP_HD inline void sincospi_kernel(float r, float& s, float& c) {
  constexpr float pi = 0x1.921fb6p+1f, s1 = -0x1.4abbcep+2f, c0 = -0x1.3bd3ccp+2f;
  const float z = r * r;
  s = pmi::fmaf(r, pi, r * (z * pmi::fmaf(z, pmi::sinpif_tail(z), s1)));
  c = pmi::fmaf(z, pmi::fmaf(z, pmi::cospif_tail(z), c0), 1.0f);
}
/// As above in double: pi r - (pi^3/6) r^3 + r^5 S(z), 1 - (pi^2/2) r^2 + r^4 C(z).
CUPP_HD inline void sincospi_kernel(double r, double& s, double& c) {
  constexpr double k3 = 0x1.4abbce625be53p+2, k2 = 0x1.3bd3cc9be45dep+2; // pi^3 / 6, pi^2 / 2
  const double z = r * r;
  s = pmi::fma(r, pmi::pi_hi, r * (z * pmi::fma(z, pmi::sinpi_tail(z), -k3)));
  c = pmi::fma(z, pmi::fma(z, pmi::cospi_tail(z), -k2), 1.0);
}

/// The rounding constant of Real: adding it to a value in [0, 4] rounds it to an integer.
template <class Real> inline constexpr Real round_integer = sizeof(Real) == 8 ? 0x1p52 : 0x1p23f;

/// sin(2 pi u) and cos(2 pi u) for u in [0, 1): the turn 2 u = n / 2 + r with n the nearest
/// integer to 4 u (exact: u is a multiple of 2^-24 or 2^-53) and |r| <= 1/4; the quadrant n mod 4
/// swaps and negates the kernel's sine and cosine.
template <class Real> CUPP_HD void sincos_turn(Real u, Real& s, Real& c) {
  const Real t = Real(4) * u + round_integer<Real>;
  const int q = static_cast<int>(pmi::bits(t) & 3);
  Real sr, cr;
  sincospi_kernel(Real(2) * u - Real(0.5) * (t - round_integer<Real>), sr, cr);
  s = (q & 1) ? cr : sr;
  c = (q & 1) ? sr : cr;
  if (q & 2) s = -s;
  if ((q + 1) & 2) c = -c;
}

/// The standard exponential -log(1 - u) of a uniform u in [0, 1), +0 at u = 0 (0 - log: negating
/// log(1) = +0 would give -0).
template <class Real> CUPP_HD Real exponential(Real u) { return Real(0) - log(Real(1) - u); }

/// The Box-Muller pair r cos(2 pi u2), r sin(2 pi u2) as z[0], z[1], r = sqrt(-2 log u1), for u1
/// in (0, 1] and u2 in [0, 1).
template <class Real> CUPP_HD void box_muller(Real u1, Real u2, Real* z) {
  const Real radius = std::sqrt(Real(-2) * log(u1));
  Real s, c;
  sincos_turn(u2, s, c);
  z[0] = radius * c;
  z[1] = radius * s;
}

} // namespace cupp::detail::random::unit
