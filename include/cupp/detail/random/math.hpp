#pragma once
/// \file
/// Elementary functions with the same bits on the host and the device, for the random
/// distributions (docs/random.md): only +, -, *, /, sqrt and explicit fma, which IEEE-754 rounds
/// alike everywhere, and bit manipulation. fdlibm's algorithms (log, exp), Goldberg's
/// corrections (log1p, expm1), polynomial sin/cos of pi x on a quarter period, NumPy's loggam.

#include <cupp/core/config.hpp>

#include <cuda/std/bit>

#include <cmath>
#include <cstdint>

namespace cupp::detail::random::pm {

CUPP_HD inline std::uint64_t bits(double x) { return ::cuda::std::bit_cast<std::uint64_t>(x); }
CUPP_HD inline double from_bits(std::uint64_t b) { return ::cuda::std::bit_cast<double>(b); }
/// 2^k for k in [-1022, 1023].
CUPP_HD inline double pow2(int k) { return from_bits(static_cast<std::uint64_t>(k + 1023) << 52); }

/// fdlibm's __ieee754_log: x = 2^k (1 + f), sqrt(2)/2 <= 1 + f < sqrt(2), log(1 + f) from
/// s = f / (2 + f) by a degree-14 polynomial in s; error below 1 ulp.
CUPP_HD inline double log(double x) {
  constexpr double ln2_hi = 6.93147180369123816490e-01, ln2_lo = 1.90821492927058770002e-10;
  constexpr double lg1 = 6.666666666666735130e-01, lg2 = 3.999999999940941908e-01,
                   lg3 = 2.857142874366239149e-01, lg4 = 2.222219843214978396e-01,
                   lg5 = 1.818357216161805012e-01, lg6 = 1.531383769920937332e-01,
                   lg7 = 1.479819860511658591e-01;
  if (!(x > 0)) return x == 0 ? -HUGE_VAL : (x - x) / 0.0; // -inf, or NaN for x < 0 and NaN
  if (x == HUGE_VAL) return x;
  int k = 0;
  if (x < 0x1p-1022) { // subnormal: scale into the normal range
    x *= 0x1p54;
    k = -54;
  }
  std::uint64_t b = bits(x);
  k += static_cast<int>(b >> 52) - 1023;
  std::uint64_t m = b & 0x000FFFFFFFFFFFFFull;
  // the mantissa into [sqrt(2)/2, sqrt(2)): above sqrt(2) (mantissa 0x6a09e...) halve it
  if (m > 0x6A09E667F3BCDull) {
    m |= 0x3FE0000000000000ull;
    ++k;
  } else {
    m |= 0x3FF0000000000000ull;
  }
  const double f = from_bits(m) - 1.0;
  const double s = f / (2.0 + f), z = s * s, w = z * z;
  const double t1 = w * ::fma(w, ::fma(w, lg6, lg4), lg2);
  const double t2 = z * ::fma(w, ::fma(w, ::fma(w, lg7, lg5), lg3), lg1);
  const double r = t2 + t1, hfsq = 0.5 * f * f, dk = k;
  return dk * ln2_hi - ((hfsq - (s * (hfsq + r) + dk * ln2_lo)) - f);
}

/// log(1 + x): log(u) x / (u - 1) with u = 1 + x rounded (Goldberg), a few ulp.
CUPP_HD inline double log1p(double x) {
  const double u = 1.0 + x;
  if (u == 1.0) return x;
  if (u == HUGE_VAL) return u;
  return log(u) * (x / (u - 1.0));
}

/// fdlibm's __ieee754_exp: x = k ln2 + r, |r| <= ln2 / 2, exp(r) by a rational form of a
/// degree-10 polynomial in r; error below 1 ulp.
CUPP_HD inline double exp(double x) {
  constexpr double ln2_hi = 6.93147180369123816490e-01, ln2_lo = 1.90821492927058770002e-10,
                   inv_ln2 = 1.44269504088896338700e+00;
  constexpr double p1 = 1.66666666666666019037e-01, p2 = -2.77777777770155933842e-03,
                   p3 = 6.61375632143793436117e-05, p4 = -1.65339022054652515390e-06,
                   p5 = 4.13813679705723846039e-08;
  if (x != x) return x;
  if (x > 709.782712893383973096) return HUGE_VAL;
  if (x < -745.13321910194110842) return 0.0;
  const double kd = std::floor(x * inv_ln2 + 0.5);
  const int k = static_cast<int>(kd);
  const double hi = x - kd * ln2_hi, lo = kd * ln2_lo, r = hi - lo;
  const double t = r * r;
  const double c = r - t * ::fma(t, ::fma(t, ::fma(t, ::fma(t, p5, p4), p3), p2), p1);
  const double y = 1.0 - ((lo - (r * c) / (2.0 - c)) - hi);
  // 2^k in two steps where it leaves the normal range
  if (k > 1023) return y * 2.0 * pow2(k - 1);
  if (k < -1021) return y * pow2(k + 54) * 0x1p-54;
  return y * pow2(k);
}

/// exp(x) - 1: (u - 1) x / log(u) with u = exp(x) rounded (Kahan), a few ulp.
CUPP_HD inline double expm1(double x) {
  if (x != x) return x;
  if (x > -0x1p-54 && x < 0x1p-54) return x;
  const double u = exp(x);
  if (u == 1.0) return x;
  const double um1 = u - 1.0;
  if (um1 == -1.0) return -1.0;
  if (u == HUGE_VAL) return u;
  return um1 * (x / log(u));
}

/// x^y for x >= 0 as exp(y log x): its relative error grows with |y log x| (ulp-accurate
/// for the |y log x| below about 1 of the distributions' uses).
CUPP_HD inline double pow(double x, double y) {
  if (y == 0 || x == 1) return 1.0;
  if (x == 0) return y > 0 ? 0.0 : HUGE_VAL;
  return exp(y * log(x));
}

/// sin and cos of pi (r + q / 2) from sn = sin(pi r), cs = cos(pi r); sin of a whole number
/// is a zero (+0 times the sign the quadrant gives).
template <class T>
CUPP_HD inline void by_quadrant(std::int64_t q, bool whole, T sn, T cs, T* s, T* c) {
  switch (q) {
  case 0:
    *s = sn;
    *c = cs;
    break;
  case 1:
    *s = cs;
    *c = -sn;
    break;
  case 2:
    *s = -sn;
    *c = -cs;
    break;
  default:
    *s = -cs;
    *c = sn;
    break;
  }
  if (whole && (q & 1) == 0) *s = T(0) * *s;
}

/// sin(pi x) and cos(pi x): x reduced exactly to r in [-1/4, 1/4] and a quarter index, then
/// Taylor polynomials of sin and cos of t = pi r (|t| <= pi/4) to degree 17 and 18.
CUPP_HD inline void sincospi(double x, double* s, double* c) {
  if (!(x - x == 0)) { // inf or NaN
    *s = *c = x - x;
    return;
  }
  const double n = std::floor(2.0 * x + 0.5); // the nearest multiple of 1/2, exactly
  const double r = x - 0.5 * n;               // exact (Sterbenz)
  const std::int64_t q = static_cast<std::int64_t>(std::fmod(n, 4.0) + 4.0) & 3;
  const double t = r * 3.14159265358979311600e+00, t2 = t * t;
  double sp = 1.0 / 355687428096000.0; // 1/17!
  sp = ::fma(sp, t2, -1.0 / 1307674368000.0);
  sp = ::fma(sp, t2, 1.0 / 6227020800.0);
  sp = ::fma(sp, t2, -1.0 / 39916800.0);
  sp = ::fma(sp, t2, 1.0 / 362880.0);
  sp = ::fma(sp, t2, -1.0 / 5040.0);
  sp = ::fma(sp, t2, 1.0 / 120.0);
  sp = ::fma(sp, t2, -1.0 / 6.0);
  const double sn = ::fma(sp * t2, t, t);
  double cp = 1.0 / 6402373705728000.0; // 1/18!
  cp = ::fma(cp, t2, -1.0 / 20922789888000.0);
  cp = ::fma(cp, t2, 1.0 / 87178291200.0);
  cp = ::fma(cp, t2, -1.0 / 479001600.0);
  cp = ::fma(cp, t2, 1.0 / 3628800.0);
  cp = ::fma(cp, t2, -1.0 / 40320.0);
  cp = ::fma(cp, t2, 1.0 / 720.0);
  cp = ::fma(cp, t2, -1.0 / 24.0);
  cp = ::fma(cp, t2, 0.5);
  const double cs = ::fma(-cp, t2, 1.0);
  by_quadrant(q, r == 0, sn, cs, s, c);
}

CUPP_HD inline double cospi(double x) {
  double s, c;
  sincospi(x, &s, &c);
  return c;
}

/// asin(z) for |z| <= 1/2 by its Taylor series (terms below 2^-60 of the sum after 28 terms).
CUPP_HD inline double asin_small(double z) {
  const double z2 = z * z;
  double term = z, sum = 0;
  for (int k = 0; k < 28; ++k) {
    sum += term / (2 * k + 1);
    term *= z2 * (2.0 * k + 1) / (2.0 * k + 2);
  }
  return sum;
}

/// acos(x) on [-1, 1]: asin of the half-angle form near +-1 (acos x = 2 asin sqrt((1 - x)/2)).
CUPP_HD inline double acos(double x) {
  constexpr double pi = 3.14159265358979311600e+00, pi_lo = 1.22464679914735317720e-16;
  if (!(x >= -1 && x <= 1)) return (x - x) / 0.0;
  if (x > 0.5) return 2.0 * asin_small(std::sqrt(0.5 * (1.0 - x)));
  if (x < -0.5) return (pi - 2.0 * asin_small(std::sqrt(0.5 * (1.0 + x)))) + pi_lo;
  return (0.5 * pi - asin_small(x)) + 0.5 * pi_lo;
}

/// NumPy's random_loggam (numpy/random/src/distributions/distributions.c): log Gamma(x) for
/// x > 0 by Stirling's series after shifting x up to 7.
CUPP_HD inline double loggam(double x) {
  if (x == 1.0 || x == 2.0) return 0.0;
  const std::int64_t n = x < 7.0 ? static_cast<std::int64_t>(7 - x) : 0;
  double x0 = x + static_cast<double>(n);
  const double x2 = 1.0 / (x0 * x0);
  double gl0 = -1.39243221690590e+00;
  gl0 = gl0 * x2 + 1.796443723688307e-01;
  gl0 = gl0 * x2 - 2.955065359477124e-02;
  gl0 = gl0 * x2 + 6.410256410256410e-03;
  gl0 = gl0 * x2 - 1.917526917526918e-03;
  gl0 = gl0 * x2 + 8.417508417508418e-04;
  gl0 = gl0 * x2 - 5.952380952380952e-04;
  gl0 = gl0 * x2 + 7.936507936507937e-04;
  gl0 = gl0 * x2 - 2.777777777777778e-03;
  gl0 = gl0 * x2 + 8.333333333333333e-02;
  double gl = gl0 / x0 + 0.5 * log(6.28318530717958647692) + (x0 - 0.5) * log(x0) - x0;
  for (std::int64_t k = 1; k <= n; ++k) {
    gl -= log(x0 - 1.0);
    x0 -= 1.0;
  }
  return gl;
}

/// log in float32: fdlibm's __ieee754_logf, the float64 method with a degree-8 polynomial in
/// s (the normal and exponential deviates of float32 need it fast: float64 costs 3x on the GPU).
CUPP_HD inline float logf(float x) {
  constexpr float ln2_hi = 6.9313812256e-01f, ln2_lo = 9.0580006145e-06f;
  constexpr float lg1 = 0.66666662693f, lg2 = 0.40000972152f, lg3 = 0.28498786688f,
                  lg4 = 0.24279078841f;
  if (!(x > 0)) return x == 0 ? -HUGE_VALF : (x - x) / 0.0f;
  if (x == HUGE_VALF) return x;
  int k = 0;
  if (x < 0x1p-126f) {
    x *= 0x1p25f;
    k = -25;
  }
  std::uint32_t b = ::cuda::std::bit_cast<std::uint32_t>(x);
  k += static_cast<int>(b >> 23) - 127;
  std::uint32_t m = b & 0x007FFFFFu;
  if (m > 0x3504F3u) { // above sqrt(2): halve into [sqrt(2)/2, 1)
    m |= 0x3F000000u;
    ++k;
  } else {
    m |= 0x3F800000u;
  }
  const float f = ::cuda::std::bit_cast<float>(m) - 1.0f;
  const float s = f / (2.0f + f), z = s * s, w = z * z;
  const float t1 = w * ::fmaf(w, lg4, lg2), t2 = z * ::fmaf(w, lg3, lg1);
  const float r = t2 + t1, hfsq = 0.5f * f * f, dk = static_cast<float>(k);
  return dk * ln2_hi - ((hfsq - (s * (hfsq + r) + dk * ln2_lo)) - f);
}
/// log(1 + x) in float32 (Goldberg's correction of logf).
CUPP_HD inline float log1pf(float x) {
  const float u = 1.0f + x;
  if (u == 1.0f) return x;
  if (u == HUGE_VALF) return u;
  return logf(u) * (x / (u - 1.0f));
}
/// sin(pi x) and cos(pi x) in float32: the float64 reduction, Taylor polynomials to degree 9
/// and 10 on |pi r| <= pi/4 (truncation below 2e-9).
CUPP_HD inline void sincospif(float x, float* s, float* c) {
  if (!(x - x == 0)) {
    *s = *c = x - x;
    return;
  }
  const float n = std::floor(2.0f * x + 0.5f);
  const float r = x - 0.5f * n;
  const std::int32_t q = static_cast<std::int32_t>(std::fmod(n, 4.0f) + 4.0f) & 3;
  const float t = r * 3.14159274101e+00f, t2 = t * t;
  float sp = ::fmaf(t2, 1.0f / 362880.0f, -1.0f / 5040.0f);
  sp = ::fmaf(sp, t2, 1.0f / 120.0f);
  sp = ::fmaf(sp, t2, -1.0f / 6.0f);
  const float sn = ::fmaf(sp * t2, t, t);
  float cp = ::fmaf(t2, -1.0f / 3628800.0f, 1.0f / 40320.0f);
  cp = ::fmaf(cp, t2, -1.0f / 720.0f);
  cp = ::fmaf(cp, t2, 1.0f / 24.0f);
  cp = ::fmaf(cp, t2, -0.5f);
  const float cs = ::fmaf(cp, t2, 1.0f);
  by_quadrant(q, r == 0, sn, cs, s, c);
}

// exp and pow in float32 (the float32 gamma): computed in float64 and rounded once
CUPP_HD inline float expf(float x) { return static_cast<float>(exp(x)); }
CUPP_HD inline float powf(float x, float y) { return static_cast<float>(pow(x, y)); }

} // namespace cupp::detail::random::pm
