#pragma once
/// \file
/// Elementary functions for the random distributions that give the same bits on every backend.
///
/// cupp promises that a seed gives the same numbers on the host backend (g++) and on CUDA devices
/// (nvcc). The distributions need log, exp, pow, sin and cos, and glibc's and CUDA's versions of
/// those differ in the last bit now and then, so this file computes them from operations that IEEE
/// 754 rounds correctly, hence identically, everywhere: + - * /, sqrt, fma (always written out),
/// comparisons, conversions between integers and floating point, and integer arithmetic on the bit
/// patterns. Each function reduces its argument exactly, evaluates a polynomial whose coefficients
/// are literals (minimax fits; no tables, which device code could not read) with fma, and carries
/// the few terms that decide the last bit in two doubles (double-double) or two floats.
///
/// The translation units that use this file must round every operation on its own: no contraction
/// of a*b+c into an fma (nvcc --fmad=false, g++ -ffp-contract=off), no fast-math (CUDA's defaults
/// -ftz=false -prec-div=true -prec-sqrt=true), round to nearest.
///
/// Largest errors measured (test/random/test_math.cpp and denser sweeps, against long double, or
/// double for the float functions): log, log1p, exp, pow 0.52 ulp; expm1 0.55; sincospi, cospi,
/// acos 0.54; logf 0.56, expf 0.58, powf 0.50. On an H200 against the host build, the results had
/// the same bits for 2^24 arguments of each double function, every float argument of logf and
/// expf, and 2^26 argument pairs of powf. The exponential and the normal use cheaper variants of
/// log and sincospi for their uniforms' values (unit_math.hpp).
///
/// Every NaN result is the one quiet NaN 0x7ff8000000000000 (0x7fc00000 in float): the hardware
/// differs in which NaN an operation on a NaN returns.

#include <cupp/core/config.hpp>

#include <cuda/std/bit>
#include <cuda/std/limits>

#include <cmath>
#include <cstdint>

namespace cupp::detail::random::pm {

namespace impl {

CUPP_HD inline double fma(double a, double b, double c) {
#if defined(__CUDA_ARCH__)
  return ::fma(a, b, c);
#else
  return std::fma(a, b, c);
#endif
}
CUPP_HD inline float fmaf(float a, float b, float c) {
#if defined(__CUDA_ARCH__)
  return ::fmaf(a, b, c);
#else
  return std::fma(a, b, c);
#endif
}
CUPP_HD inline double sqrt(double x) {
#if defined(__CUDA_ARCH__)
  return ::sqrt(x);
#else
  return std::sqrt(x);
#endif
}

CUPP_HD inline std::uint64_t bits(double x) { return cuda::std::bit_cast<std::uint64_t>(x); }
CUPP_HD inline std::uint32_t bits(float x) { return cuda::std::bit_cast<std::uint32_t>(x); }
CUPP_HD inline double as_double(std::uint64_t b) { return cuda::std::bit_cast<double>(b); }
CUPP_HD inline float as_float(std::uint32_t b) { return cuda::std::bit_cast<float>(b); }

inline constexpr double inf = cuda::std::numeric_limits<double>::infinity();
inline constexpr float inff = cuda::std::numeric_limits<float>::infinity();
inline constexpr std::uint64_t sign_bit = 0x8000000000000000ull;
inline constexpr std::uint64_t inf_bits = 0x7ff0000000000000ull;
CUPP_HD inline double nan() { return as_double(0x7ff8000000000000ull); }
CUPP_HD inline float nanf() { return as_float(0x7fc00000u); }

/// 2^k for k in [-1022, 1023].
CUPP_HD inline double pow2(int k) { return as_double(static_cast<std::uint64_t>(k + 1023) << 52); }
/// 2^k for k in [-126, 127].
CUPP_HD inline float pow2f(int k) { return as_float(static_cast<std::uint32_t>(k + 127) << 23); }

/// An unevaluated sum hi + lo with |lo| <= ulp(hi) / 2.
struct dd {
  double hi, lo;
};

// ln 2 as 42 + 53 bits (k * ln2_hi42 is exact for |k| < 2^11) and as 53 + 53 bits.
inline constexpr double ln2_hi42 = 0x1.62e42fefa3800p-1, ln2_lo42 = 0x1.ef35793c76730p-45;
inline constexpr double ln2_hi = 0x1.62e42fefa39efp-1, ln2_lo = 0x1.abc9e3b39803fp-56;
inline constexpr double inv_ln2 = 0x1.71547652b82fep+0;
inline constexpr double pi_hi = 0x1.921fb54442d18p+1, pi_lo = 0x1.1a62633145c07p-53;

// ---------------------------------------------------------------------------------------------
// log

/// x = 2^k m with m in [sqrt(1/2), sqrt(2)) for a positive normal double of bits ix: subtracting
/// the bits of sqrt(1/2) moves the exponent boundary there, so the difference's exponent is k.
inline constexpr std::uint64_t sqrt_half_bits = 0x3fe6a09e667f3bcdull;
struct log_reduced {
  int k;
  double m;
};
CUPP_HD inline log_reduced log_reduce(std::uint64_t ix) {
  const std::uint64_t t = ix - sqrt_half_bits;
  return {static_cast<int>(static_cast<std::int64_t>(t) >> 52),
          as_double(ix - (t & 0xfff0000000000000ull))};
}

/// Q(z) = (2 atanh(s) - 2 s) / s^3 in z = s^2 on [0, 0.02945] (|s| <= 0.1716) is c0 + c1 z +
/// z^2 log_tail(z), relative error 2^-65.4; log_dd adds the low parts of c0 and c1.
inline constexpr double log_c0 = 0x1.5555555555555p-1, log_c0_lo = 0x1.5575cb55170ecp-55;
inline constexpr double log_c1 = 0x1.9999999999998p-2, log_c1_lo = 0x1.e9f251348ed40p-57;
CUPP_HD inline double log_tail(double z) {
  double p = 0x1.e6b94983dfb83p-4;
  p = fma(p, z, 0x1.debdc9606877ep-4);
  p = fma(p, z, 0x1.111d2d854bc6dp-3);
  p = fma(p, z, 0x1.3b137b0e2724fp-3);
  p = fma(p, z, 0x1.745d17d3d5194p-3);
  p = fma(p, z, 0x1.c71c71c64b9c0p-3);
  return fma(p, z, 0x1.2492492492960p-2);
}

/// s + sl = (f + fl) / (2 + f + fl), the argument of log(1 + f + fl) = 2 atanh(s): d + dl is
/// 2 + f + fl, s the product with a rounded reciprocal and sl the remainder (f + fl - s (d + dl)) /
/// d, so s + sl has about 2^-100 relative error where |fl| << |f|. Without a low part fl is -0.0,
/// the identity of +, so that the compilers drop the operations on it.
CUPP_HD inline dd atanh_arg(double f, double fl) {
  const double d = 2.0 + f;
  const double dl = (f - (d - 2.0)) + fl;
  const double inv = 1.0 / d;
  const double s = f * inv;
  return {s, (fma(-s, d, f) + (fl - s * dl)) * inv};
}

/// log(2^k (1 + f + fl)) for f in [-0.293, 0.415], |fl| <= 2^-52: k ln2 + 2 s + 2 sl (1 + s^2)
/// + s^3 Q(s^2) (d/ds 2 atanh(s) = 2 / (1 - s^2) brings in sl). k ln2_hi42 + 2s is summed exactly,
/// so rounding errors touch only the terms under 1 % of the result: 0.5 + 0.03 ulp.
CUPP_HD inline double log_kernel(int k, double f, double fl) {
  const dd s = atanh_arg(f, fl);
  const double z = s.hi * s.hi;
  const double p = s.hi * z * fma(fma(log_tail(z), z, log_c1), z, log_c0);
  const double kd = k;
  const double a = kd * ln2_hi42;
  const double s2 = 2.0 * s.hi, sl2 = 2.0 * s.lo;
  const double t = a + s2; // |a| >= 0.69 > |2s| unless a = 0, so (a - t) + s2 is t's error
  return t + ((((a - t) + s2) + fma(sl2, z, sl2)) + p + kd * ln2_lo42);
}

/// log(x) for x > 0 finite (subnormals included) as hi + lo, relative error about 2^-68: pow's
/// logarithm, which y multiplies by up to 745 / |log x|. As log_kernel, with s^2, Q(s^2) and
/// s^3 Q in double-double (Q's two leading coefficients too, the rest of Q in double).
CUPP_HD inline dd log_dd(double x) {
  std::uint64_t ix = bits(x);
  int k0 = 0;
  if (ix < 0x0010000000000000ull) { // subnormal
    ix = bits(x * 0x1p52);
    k0 = -52;
  }
  const log_reduced r = log_reduce(ix);
  const dd s = atanh_arg(r.m - 1.0, -0.0);
  const double z = s.hi * s.hi;
  const double zl = fma(s.hi, s.hi, -z) + 2.0 * s.hi * s.lo;
  const double q2 = log_tail(z);
  double ph = z * q2;
  double pl = fma(z, q2, -ph);
  const double u = log_c1 + ph; // c1 + z q2, |c1| > |z q2|
  const double ul = ((log_c1 - u) + ph) + (pl + log_c1_lo);
  ph = z * u;
  pl = fma(z, u, -ph) + (z * ul + zl * u);
  const double v = log_c0 + ph; // Q = c0 + z (c1 + z q2)
  const double vl = ((log_c0 - v) + ph) + (pl + log_c0_lo);
  const double w = s.hi * z; // s^3
  const double wl = fma(s.hi, z, -w) + (s.hi * zl + s.lo * z);
  const double g = w * v; // s^3 Q
  const double gl = fma(w, v, -g) + (w * vl + wl * v);
  const double s2 = 2.0 * s.hi;
  const double h = s2 + g;
  const double hl = ((s2 - h) + g) + (gl + 2.0 * s.lo);
  const double kd = r.k + k0;
  const double a = kd * ln2_hi42;
  const double t = a + h;
  const double tl = ((a - t) + h) + (hl + kd * ln2_lo42);
  const double hi = t + tl;
  return {hi, (t - hi) + tl};
}

// ---------------------------------------------------------------------------------------------
// exp

/// (e^r - 1 - r - r^2/2) * 2 / r^3 on |r| <= 0.34658, relative error 2^-53.
CUPP_HD inline double exp_poly(double r) {
  double p = 0x1.1f2c7a53f240bp-28;
  p = fma(p, r, 0x1.af38eb20ea8fbp-25);
  p = fma(p, r, 0x1.27e502c5c611dp-21);
  p = fma(p, r, 0x1.71de0dbbb8a4bp-18);
  p = fma(p, r, 0x1.a01a0198a8f27p-15);
  p = fma(p, r, 0x1.a01a01a7af2f0p-12);
  p = fma(p, r, 0x1.6c16c16c1811bp-9);
  p = fma(p, r, 0x1.11111111109b9p-6);
  p = fma(p, r, 0x1.5555555555556p-4);
  return fma(p, r, 0x1.5555555555556p-2);
}

/// x + xl = k ln2 + r + rl with k = round(x / ln2): r = x - k ln2_hi is exact (k != 0 means
/// |x| > 0.34, so x and k ln2_hi lie on a grid of 2^-54 and |r| < 1/2 fits 53 bits), |rl| < 2^-42.
struct exp_reduced {
  double k, r, rl;
};
CUPP_HD inline exp_reduced exp_reduce(double x, double xl) {
  const double k = fma(x, inv_ln2, 0x1.8p52) - 0x1.8p52; // adding 1.5 * 2^52 rounds to an integer
  return {k, fma(-k, ln2_hi, x), fma(-k, ln2_lo, xl)};
}

/// e^(r + rl) - 1 as hi + lo, relative error about 2^-59: r + r^2/2 and r^3/2 in double-double,
/// times q(r) (the product is under 2 % of the result) in one fma, and rl e^r.
CUPP_HD inline dd expm1_kernel(double r, double rl) {
  const double hr = 0.5 * r;
  const double h = hr * r;
  const double hl = fma(hr, r, -h);
  const double c = h * r;
  const double cl = fma(h, r, -c) + hl * r;
  const double q = exp_poly(r);
  const double p = r + h; // |r| > r^2 / 2
  const double pl = (r - p) + h;
  return {p, fma(rl, fma(c, q, p), fma(c, q, fma(cl, q, pl + hl)) + rl)};
}

/// e^(x + xl) = 2^k (hi + lo) with hi + lo in [0.7, 1.42].
struct exp_parts {
  int k;
  double hi, lo;
};
CUPP_HD inline exp_parts exp_kernel(double x, double xl) {
  const exp_reduced e = exp_reduce(x, xl);
  const dd p = expm1_kernel(e.r, e.rl);
  const double b = 1.0 + p.hi; // |p| < 0.42
  return {static_cast<int>(e.k), b, ((1.0 - b) + p.hi) + p.lo};
}

/// 2^-1022 (w + wl) rounded once, for w >= 0 and |wl| <= ulp(w): scaling a rounded double into
/// the subnormal range would round twice, so below 1 the sum is rounded where the grid of [1, 2)
/// (2^-52) is the subnormal grid in units of 2^-1022.
CUPP_HD inline double scale_to_subnormal(double w, double wl) {
  if (w >= 1.0) return (w + wl) * 0x1p-1022;
  const double g = 1.0 + w;
  return ((g + (((1.0 - g) + w) + wl)) - 1.0) * 0x1p-1022;
}

/// 2^k (hi + lo) rounded once for k in [-1080, 1024]: past 2^1024 it is inf.
CUPP_HD inline double exp_scale(exp_parts e) {
  if (e.k > 0) return (e.hi + e.lo) * pow2(e.k - 1) * 2.0;
  if (e.k >= -1021) return (e.hi + e.lo) * pow2(e.k);
  const double sc = pow2(e.k + 1022);
  return scale_to_subnormal(e.hi * sc, e.lo * sc);
}

// ---------------------------------------------------------------------------------------------
// sin(pi r), cos(pi r)

/// (sin(pi r) - pi r + pi^3 r^3 / 6) / r^5 and (cos(pi r) - 1 + pi^2 r^2 / 2) / r^4 as
/// polynomials in z = r^2 on [0, 1/16]; errors relative to sin and cos 2^-67.6 and 2^-63.2.
CUPP_HD inline double sinpi_tail(double z) {
  double p = -0x1.6cb27ddd05be0p-16;
  p = fma(p, z, 0x1.e8f0040d35870p-12);
  p = fma(p, z, -0x1.e3074cf851bfap-8);
  p = fma(p, z, 0x1.50783486ed16cp-4);
  p = fma(p, z, -0x1.32d2cce62b899p-1);
  return fma(p, z, 0x1.466bc6775aae1p+1);
}
CUPP_HD inline double cospi_tail(double z) {
  double p = -0x1.b2db55b24d210p-14;
  p = fma(p, z, 0x1.f9cde5be2ee43p-10);
  p = fma(p, z, -0x1.a6d1eec1c4d3ap-6);
  p = fma(p, z, 0x1.e1f5068676c34p-3);
  p = fma(p, z, -0x1.55d3c7e3cb395p+0);
  return fma(p, z, 0x1.03c1f081b5ac2p+2);
}

/// sin(pi r) and cos(pi r) for |r| <= 1/4: pi r - (pi^3/6) r^3 and 1 - (pi^2/2) r^2 in
/// double-double, the rest (under 0.4 % and 1.6 %) in double.
CUPP_HD inline void sincospi_kernel(double r, double& s, double& c) {
  constexpr double k3 = 0x1.4abbce625be53p+2, k3_lo = -0x1.05511c68476a8p-52; // pi^3 / 6
  constexpr double k2 = 0x1.3bd3cc9be45dep+2, k2_lo = 0x1.692b71366cc04p-52;  // pi^2 / 2
  const double z = r * r;
  const double zl = fma(r, r, -z);
  const double a = r * pi_hi;
  const double al = fma(r, pi_hi, -a) + r * pi_lo;
  const double r3 = r * z;
  const double r3l = fma(r, z, -r3) + r * zl;
  const double b = r3 * k3;
  const double bl = fma(r3, k3, -b) + (r3 * k3_lo + r3l * k3);
  const double sh = a - b; // |a| > |b|
  s = sh + ((((a - sh) - b) + al - bl) + r3 * z * sinpi_tail(z));
  const double e = z * k2;
  const double el = fma(z, k2, -e) + (z * k2_lo + zl * k2);
  const double ch = 1.0 - e; // e <= 0.31
  c = ch + ((((1.0 - ch) - e) - el) + z * z * cospi_tail(z));
}

// ---------------------------------------------------------------------------------------------
// asin

/// (asin(s) - s) / s^3 as a polynomial in z = s^2 on [0, 1/4] is asin_c0 + z asin_tail(z); error
/// relative to asin 2^-63.7.
inline constexpr double asin_c0 = 0x1.5555555555554p-3;
CUPP_HD inline double asin_tail(double z) {
  double p = 0x1.113397834e11ap-5;
  p = fma(p, z, -0x1.a3b744bfb0ad5p-6);
  p = fma(p, z, 0x1.8fb111dff60a5p-6);
  p = fma(p, z, 0x1.d1e0302019613p-11);
  p = fma(p, z, 0x1.45dfb9ff94a73p-7);
  p = fma(p, z, 0x1.373b0744527abp-7);
  p = fma(p, z, 0x1.7b91d59f2eb6bp-7);
  p = fma(p, z, 0x1.c982df90a7540p-7);
  p = fma(p, z, 0x1.1c4f71f8690a9p-6);
  p = fma(p, z, 0x1.6e8b9bf79c15ap-6);
  p = fma(p, z, 0x1.f1c71c9f328adp-6);
  p = fma(p, z, 0x1.6db6db6d6103ep-5);
  return fma(p, z, 0x1.3333333333810p-4);
}

// ---------------------------------------------------------------------------------------------
// float kernels

/// x = 2^k m with m in [2/3, 4/3) for a positive normal float of bits ix.
struct logf_reduced {
  int k;
  float m;
};
CUPP_HD inline logf_reduced logf_reduce(std::uint32_t ix) {
  const std::uint32_t t = ix - 0x3f2aaaabu; // bits of 2/3
  return {static_cast<int>(static_cast<std::int32_t>(t) >> 23), as_float(ix - (t & 0xff800000u))};
}

/// (log1p(f) - f + f^2/2) * 2 / f^3 on |f| <= 0.33334; error relative to log1p 2^-30.
CUPP_HD inline float logf_poly(float f) {
  float p = 0x1.e9d362p-3f;
  p = fmaf(p, f, -0x1.06c3dcp-2f);
  p = fmaf(p, f, 0x1.b91ea2p-3f);
  p = fmaf(p, f, -0x1.f3afcap-3f);
  p = fmaf(p, f, 0x1.24eb7p-2f);
  p = fmaf(p, f, -0x1.55978ep-2f);
  p = fmaf(p, f, 0x1.9997eep-2f);
  p = fmaf(p, f, -0x1.ffff18p-2f);
  return fmaf(p, f, 0x1.555556p-1f);
}

/// log(2^k (1 + f)) for |f| <= 1/3: f - f^2/2 + f^3 P(f) with f^2/2 and f^3/2 split exactly
/// (fma), and k ln2_hi + f - f^2/2 summed exactly, so rounding errors touch only terms under 5 %
/// of the result.
CUPP_HD inline float logf_kernel(int k, float f) {
  constexpr float ln2_hi16 = 0x1.62e4p-1f, ln2_lo16 = 0x1.7f7d1cp-20f; // k ln2_hi16 exact
  const float hf = 0.5f * f;
  const float h = hf * f; // f^2/2 = h + hl
  const float hl = fmaf(hf, f, -h);
  const float g = h * f; // f^3/2 = g + gl
  const float gl = fmaf(h, f, -g) + hl * f;
  const float a = f - h; // |f| > f^2 / 2
  const float kf = static_cast<float>(k);
  const float b = kf * ln2_hi16;
  const float c = b + a; // |b| >= 0.69 > |a| unless b = 0
  const float lo = (((b - c) + a) + ((f - a) - h)) - hl;
  const float p = logf_poly(f);
  return c + fmaf(g, p, fmaf(gl, p, fmaf(kf, ln2_lo16, lo)));
}

/// (e^r - 1 - r) / r^2 on |r| <= 0.3467; error relative to e^r 2^-33.
CUPP_HD inline float expf_poly(float r) {
  float p = 0x1.9dfbc8p-13f;
  p = fmaf(p, r, 0x1.6d4cc4p-10f);
  p = fmaf(p, r, 0x1.11130ep-7f);
  p = fmaf(p, r, 0x1.5554e8p-5f);
  p = fmaf(p, r, 0x1.555554p-3f);
  return fmaf(p, r, 0x1p-1f);
}

/// sin(pi r) / r and (cos(pi r) - 1) / r^2 are polynomials in z = r^2 on [0, 1/16]; these are
/// their terms after the first two, s2 + s3 z + s4 z^2 and c1 + c2 z + c3 z^2 (errors relative to
/// sin and cos 2^-33.4 and 2^-33.5; unit_math.hpp's float sincospi).
CUPP_HD inline float sinpif_tail(float z) {
  return fmaf(fmaf(0x1.44b946p-4f, z, -0x1.32af16p-1f), z, 0x1.466b7ap+1f);
}
CUPP_HD inline float cospif_tail(float z) {
  return fmaf(fmaf(0x1.da1852p-3f, z, -0x1.55c6e6p+0f), z, 0x1.03c1ep+2f);
}

/// log(x) for powf: relative error under 2^-43, ample for float results of e^(y log x).
CUPP_HD inline double powf_log(double x) {
  const log_reduced r = log_reduce(bits(x));
  const double f = r.m - 1.0;
  const double s = f / (2.0 + f); // 2 + f is exact: f has at most 25 significant bits
  const double z = s * s;
  double p = 0x1.8c916f4877a20p-3;
  p = fma(p, z, 0x1.c67a8e7702a9fp-3);
  p = fma(p, z, 0x1.2493248a2d7a9p-2);
  p = fma(p, z, 0x1.999998ca15cd7p-2);
  p = fma(p, z, 0x1.5555555565024p-1);
  return fma(static_cast<double>(r.k), ln2_hi, fma(s * z, p, 2.0 * s));
}

/// e^t for |t| <= 104 (2^k e^r, e^r by a polynomial), relative error 2^-40.
CUPP_HD inline double powf_exp(double t) {
  const exp_reduced e = exp_reduce(t, 0.0);
  const double r = e.r + e.rl;
  double p = 0x1.9eda89d679f20p-16;
  p = fma(p, r, 0x1.a1a82b03073cep-13);
  p = fma(p, r, 0x1.6c18b35db58f7p-10);
  p = fma(p, r, 0x1.111082a480b9bp-7);
  p = fma(p, r, 0x1.55555404ec918p-5);
  p = fma(p, r, 0x1.555555a08a24ep-3);
  p = fma(p, r, 0x1.0000000088074p-1);
  p = fma(p, r, 0x1.ffffffffd55d4p-1);
  p = fma(p, r, 0x1.ffffffffff7a2p-1);
  return p * pow2(static_cast<int>(e.k));
}

} // namespace impl

// =============================================================================================
// double

/// Natural logarithm: -inf at 0, NaN below 0.
CUPP_HD inline double log(double x) {
  using namespace impl;
  std::uint64_t ix = bits(x);
  int k0 = 0;
  if (ix - 0x0010000000000000ull >= 0x7fe0000000000000ull) { // not a positive normal double
    if (x == 0.0) return -inf;
    if (!(x > 0.0)) return nan();
    if (x == inf) return x;
    ix = bits(x * 0x1p52); // subnormal
    k0 = -52;
  }
  const log_reduced r = log_reduce(ix);
  return log_kernel(r.k + k0, r.m - 1.0, -0.0);
}

/// log(1 + x): -inf at -1, NaN below. 1 + x = u + ul exactly (TwoSum), u = 2^k m. For k = 0 the
/// argument is x itself; otherwise m - 1 with the low part ul / 2^k (comparable to m - 1 only
/// where the result is near k ln2, so atanh_arg's one correction step suffices).
CUPP_HD inline double log1p(double x) {
  using namespace impl;
  const std::uint64_t ax = bits(x) & ~sign_bit;
  if (ax < bits(0x1p-54) || ax >= inf_bits || x <= -1.0) {
    if (ax < bits(0x1p-54)) return x; // x - x^2/2 rounds to x (keeps -0 and subnormals)
    if (x == -1.0) return -inf;
    if (x == inf) return x;
    return nan();
  }
  const double u = 1.0 + x;
  const double ub = u - 1.0;
  const double ul = (1.0 - (u - ub)) + (x - ub);
  const log_reduced r = log_reduce(bits(u));
  // 2^-k for k <= 1022; at k = 1023, 1024 (x >= 2^1023) ul / 2^k is far below the last bit
  const double sc = pow2(-(r.k < 1022 ? r.k : 1022));
  return r.k == 0 ? log_kernel(0, x, -0.0) : log_kernel(r.k, r.m - 1.0, ul * sc);
}

/// e^x: inf above 709.78, 0 below -745.13, subnormal results rounded once.
CUPP_HD inline double exp(double x) {
  using namespace impl;
  if ((bits(x) & ~sign_bit) >= bits(707.0)) { // |x| >= 707, inf, NaN
    if (x != x) return nan();
    if (x > 709.79) return inf;
    if (x < -745.14) return 0.0;
    return exp_scale(exp_kernel(x, 0.0));
  }
  const exp_parts e = exp_kernel(x, 0.0);
  return (e.hi + e.lo) * pow2(e.k);
}

/// e^x - 1: 2^k (1 + p) - 1 = (2^k - 1) + 2^k p, where 2^k - 1 and its sum with 2^k p.hi are
/// formed exactly (|2^k - 1| >= |2^k p|), so k = 0 (small x) keeps p's relative accuracy.
CUPP_HD inline double expm1(double x) {
  using namespace impl;
  const std::uint64_t ax = bits(x) & ~sign_bit;
  if (ax < bits(0x1p-54) || ax >= bits(709.0) || x < -40.0) {
    if (ax < bits(0x1p-54)) return x; // x + x^2/2 rounds to x (keeps -0 and subnormals)
    if (x != x) return nan();
    if (x < 0.0) return -1.0; // e^x < 2^-57 vanishes next to -1
    return exp(x);            // x >= 709: the -1 is far below the last bit
  }
  const exp_reduced e = exp_reduce(x, 0.0);
  const dd p = expm1_kernel(e.r, e.rl);
  const int k = static_cast<int>(e.k); // in [-58, 1023]
  const double sc = pow2(k);
  const double big = k > 0 ? sc : -1.0, small = k > 0 ? -1.0 : sc;
  const double c = big + small; // 2^k - 1 = c + cl
  const double cl = (big - c) + small;
  const double a = sc * p.hi;
  const double s = c + a;
  return s + ((((c - s) + a) + cl) + sc * p.lo);
}

/// x^y for x >= 0 (-0 counts as +0; x < 0 gives NaN). pow(x, 0) = pow(1, y) = 1 (NaN included),
/// pow(0, y) = 0 for y > 0 and inf for y < 0, the limits for infinite x or y, otherwise
/// e^(y log x) with log x in double-double (log_dd), so the product keeps about 2^-60 absolute
/// accuracy up to the overflow and underflow thresholds.
CUPP_HD inline double pow(double x, double y) {
  using namespace impl;
  const std::uint64_t ix = bits(x), iy = bits(y);
  // x positive finite (subnormal included) and y finite and nonzero
  if (ix - 1 >= 0x7fefffffffffffffull || (iy << 1) - 1 >= 0xffdfffffffffffffull || x == 1.0) {
    if (y == 0.0 || x == 1.0) return 1.0;
    if (x != x || y != y || x < 0.0) return nan();
    if (x == 0.0) return y > 0.0 ? 0.0 : inf;
    if (x == inf) return y > 0.0 ? inf : 0.0;
    return (x > 1.0) == (y > 0.0) ? inf : 0.0; // y = +-inf
  }
  const dd l = log_dd(x);
  const double p = y * l.hi;
  const double pl = fma(y, l.hi, -p) + y * l.lo;
  if (p >= 707.0 || p <= -707.0) {
    if (p > 709.79) return inf;
    if (p < -745.14) return 0.0;
    return exp_scale(exp_kernel(p, pl));
  }
  const exp_parts e = exp_kernel(p, pl);
  return (e.hi + e.lo) * pow2(e.k);
}

/// sin(pi x) and cos(pi x), with exact reduction: 2|x| = n + 2r with n the nearest integer and
/// |r| <= 1/4, then the quadrant n mod 4. sin(pi n) = +-0 with x's sign, cos(pi (n + 1/2)) = +0,
/// NaN for infinite x.
CUPP_HD inline void sincospi(double x, double* sp, double* cp) {
  using namespace impl;
  const std::uint64_t ix = bits(x), ax = ix & ~sign_bit;
  const double a = as_double(ax);
  // |x| < 2^-960 (the kernel's low parts would underflow), |x| >= 2^52 (integers), inf, NaN
  if (ax - bits(0x1p-960) >= bits(0x1p52) - bits(0x1p-960)) {
    if (ax >= inf_bits) {
      *sp = *cp = nan();
    } else if (ax < bits(0x1p-960)) { // sin(pi x) = pi x, in units of 2^-1022
      const double as = a * 0x1p1022;
      const double h = as * pi_hi;
      *sp =
          as_double(bits(scale_to_subnormal(h, fma(as, pi_hi, -h) + as * pi_lo)) ^ (ix & sign_bit));
      *cp = 1.0;
    } else {
      *sp = as_double(ix & sign_bit);
      *cp = (ax < bits(0x1p53) && (ax & 1)) ? -1.0 : 1.0; // from 2^53 on x is even
    }
    return;
  }
  const double t = 2.0 * a;
  // below 2^52 adding 2^52 rounds t to an integer; from there t is one. Either way the low
  // mantissa bits of tt are those of n.
  const double tt = t < 0x1p52 ? t + 0x1p52 : t;
  const double n = t < 0x1p52 ? tt - 0x1p52 : t;
  const int q = static_cast<int>(bits(tt) & 3);
  double s, c;
  sincospi_kernel(a - 0.5 * n, s, c); // exact difference
  double sv = (q & 1) ? c : s, cv = (q & 1) ? s : c;
  if (q & 2) sv = 0.0 - sv; // 0 - v, not -v: zeros stay +0
  if ((q + 1) & 2) cv = 0.0 - cv;
  *sp = as_double(bits(sv) ^ (ix & sign_bit));
  *cp = cv;
}

/// cos(pi x).
CUPP_HD inline double cospi(double x) {
  double s, c;
  sincospi(x, &s, &c);
  return c;
}

/// acos(x) on [-1, 1] (NaN outside). |x| <= 1/2: pi/2 - asin(x); above, with w = (1 - |x|)/2
/// (exact) and s = sqrt(w): 2 asin(s) for x > 0, pi - 2 asin(s) for x < 0, where s's rounding
/// error is carried as sl = (w - s^2) / 2s. One polynomial, on x^2 or on w, serves both ranges.
CUPP_HD inline double acos(double x) {
  using namespace impl;
  constexpr double pio2_hi = 0x1.921fb54442d18p+0, pio2_lo = 0x1.1a62633145c07p-54;
  const double ax = as_double(bits(x) & ~sign_bit);
  if (!(ax <= 1.0)) return nan();
  const bool big = ax > 0.5;
  const double w = big ? 0.5 * (1.0 - ax) : ax * ax;
  const double rt = sqrt(w);
  const double s = big ? rt : ax;
  const double sl = big && w > 0.0 ? fma(-rt, rt, w) / (2.0 * rt) : 0.0;
  // asin(s + sl) = s + m + ml: m + ml = asin_c0 s w in double-double, ml also holds
  // s w^2 asin_tail(w) and sl (1 + w/2) (under 0.6 % of the result together)
  const double sw = s * w;
  const double m = sw * asin_c0;
  const double ml = (fma(sw, asin_c0, -m) + fma(s, w, -sw) * asin_c0) +
                    fma(sw * w, asin_tail(w), fma(0.5 * w, sl, sl));
  // result = base + coef (s + m + ml), its two leading sums exact (|base| >= |coef s| and
  // |base + coef s| >= |coef m|)
  const double coef = big ? (x > 0.0 ? 2.0 : -2.0) : (x > 0.0 ? -1.0 : 1.0);
  const double bh = big ? (x > 0.0 ? 0.0 : pi_hi) : pio2_hi;
  const double bl = big ? (x > 0.0 ? 0.0 : pi_lo) : pio2_lo;
  const double cs = coef * s, cm = coef * m;
  const double h = bh + cs;
  const double h2 = h + cm;
  return h2 + (((((bh - h) + cs) + ((h - h2) + cm)) + bl) + coef * ml);
}

/// log Gamma(x) for x > 0 by NumPy's random_loggam (Zhang and Jin's Stirling series after shifting
/// x up to 7, then subtracting the logs of the shifts), operation for operation as NumPy 2.x, with
/// separate multiplications and additions as its x86-64 build; only log is this file's. 0 at 1
/// and 2; NaN for x <= 0, inf for inf. Accurate to about 1e-15 relative (absolute near the zeros
/// at 1 and 2), not correctly rounded; like NumPy's, it gives inf for x below 4.4e-16 (7 - x
/// rounds to 7 and the last log is log(0)).
CUPP_HD inline double loggam(double x) {
  if (x == 1.0 || x == 2.0) return 0.0;
  if (!(x > 0.0)) return impl::nan();
  if (x == impl::inf) return x;
  const int n = x < 7.0 ? static_cast<int>(7.0 - x) : 0; // at most 7
  double x0 = x + n;
  const double x2 = (1.0 / x0) * (1.0 / x0);
  double gl0 = -1.39243221690590e+00;
  gl0 = gl0 * x2 + 1.796443723688307e-01;
  gl0 = gl0 * x2 + -2.955065359477124e-02;
  gl0 = gl0 * x2 + 6.410256410256410e-03;
  gl0 = gl0 * x2 + -1.917526917526918e-03;
  gl0 = gl0 * x2 + 8.417508417508418e-04;
  gl0 = gl0 * x2 + -5.952380952380952e-04;
  gl0 = gl0 * x2 + 7.936507936507937e-04;
  gl0 = gl0 * x2 + -2.777777777777778e-03;
  gl0 = gl0 * x2 + 8.333333333333333e-02;
  constexpr double lg2pi = 1.8378770664093453e+00; // log(2 pi)
  double gl = gl0 / x0 + 0.5 * lg2pi + (x0 - 0.5) * log(x0) - x0;
  for (int k = 0; k < n; ++k) { // not unrolled: seven inlined logs bloat every kernel calling it
    gl -= log(x0 - 1.0);
    x0 -= 1.0;
  }
  return gl;
}

// =============================================================================================
// float

/// Natural logarithm in float: -inf at 0, NaN below 0.
CUPP_HD inline float logf(float x) {
  using namespace impl;
  std::uint32_t ix = bits(x);
  int k0 = 0;
  if (ix - 0x00800000u >= 0x7f000000u) { // not a positive normal float
    if (x == 0.0f) return -inff;
    if (!(x > 0.0f)) return nanf();
    if (x == inff) return x;
    ix = bits(x * 0x1p23f); // subnormal
    k0 = -23;
  }
  const logf_reduced r = logf_reduce(ix);
  return logf_kernel(r.k + k0, r.m - 1.0f);
}

/// e^x in float. |x| < 86.5 (normal results): 2^k e^(r + rl) with r exact, and 1 + r summed
/// exactly; beyond that (overflow, subnormal results) the double exp, rounded once to float.
CUPP_HD inline float expf(float x) {
  using namespace impl;
  constexpr float ln2_hi24 = 0x1.62e43p-1f, ln2_lo24 = -0x1.05c61p-29f;
  if ((bits(x) & 0x7fffffffu) >= bits(86.5f)) {
    if (x != x) return nanf();
    return static_cast<float>(exp(static_cast<double>(x)));
  }
  const float k = fmaf(x, 0x1.715476p+0f, 0x1.8p23f) - 0x1.8p23f;
  const float r0 = fmaf(-k, ln2_hi24, x); // exact, as in exp_reduce
  const float rl0 = -k * ln2_lo24;        // |rl0| < 2^-22
  const float r = r0 + rl0;
  const float rl = (r0 - r) + rl0;
  const float r2 = r * r;
  const float u = fmaf(r2, expf_poly(r), fmaf(fmaf(r, r, -r2), 0.5f, fmaf(rl, r, rl)));
  const float s = 1.0f + r; // |r| < 1
  return (s + (((1.0f - s) + r) + u)) * pow2f(static_cast<int>(k));
}

/// x^y in float for x >= 0, special cases as pow; y log x and the exponential in double
/// (relative error 2^-40 before the one rounding to float).
CUPP_HD inline float powf(float x, float y) {
  using namespace impl;
  const std::uint32_t ix = bits(x), iy = bits(y);
  if (ix - 1 >= 0x7f7fffffu || (iy << 1) - 1 >= 0xfeffffffu || x == 1.0f) {
    if (y == 0.0f || x == 1.0f) return 1.0f;
    if (x != x || y != y || x < 0.0f) return nanf();
    if (x == 0.0f) return y > 0.0f ? 0.0f : inff;
    if (x == inff) return y > 0.0f ? inff : 0.0f;
    return (x > 1.0f) == (y > 0.0f) ? inff : 0.0f; // y = +-inf
  }
  const double t = static_cast<double>(y) * powf_log(static_cast<double>(x));
  if (t > 89.0) return inff;   // e^t > FLT_MAX
  if (t < -104.0) return 0.0f; // e^t < 2^-150
  return static_cast<float>(powf_exp(t));
}

} // namespace cupp::detail::random::pm
