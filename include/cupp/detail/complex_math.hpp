#pragma once
/// \file
/// NumPy's complex elementwise math as `__host__ __device__` templates on T = float or double.
/// NumPy computes most complex ufuncs with glibc's C99 Annex G functions (cexp, clog, csqrt,
/// casinh, ...: branch cuts, signed zeros, inf/NaN cases), a few with its own loops (divide,
/// absolute, log1p, expm1, integer powers). libcu++'s cuda::std versions differ from both
/// (sqrt(-4 - 0i) is not 0 - 2i; log is inaccurate for |z| near 1), so cupp's ufuncs use these.

#include <cupp/core/config.hpp>

#include <cuda/std/complex>

#include <cmath>
#include <limits>
#include <type_traits>

namespace cupp::detail {

/// Constants of T, as functions: device code may read a host constexpr variable's value but not
/// bind a reference to it (complex's constructor takes const T&), nor call numeric_limits without
/// --expt-relaxed-constexpr. The mathematical constants are correctly rounded (NumPy's NPY_*).
template <class T> struct cx_const {
  static constexpr bool is_float = std::is_same_v<T, float>;
  CUPP_HD static constexpr T inf() { return T(__builtin_huge_valf()); }
  CUPP_HD static constexpr T nan() { return T(__builtin_nanf("")); }
  CUPP_HD static constexpr T max() {
    return is_float ? T(0x1.fffffep127f) : T(0x1.fffffffffffffp1023);
  }
  /// the smallest normal number
  CUPP_HD static constexpr T min() { return is_float ? T(0x1p-126f) : T(0x1p-1022); }
  CUPP_HD static constexpr T eps() { return is_float ? T(0x1p-23f) : T(0x1p-52); }
  CUPP_HD static constexpr T pi() { return T(3.141592653589793); }
  CUPP_HD static constexpr T pi_2() { return T(1.5707963267948966); }
  CUPP_HD static constexpr T pi_4() { return T(0.7853981633974483); }
  /// pi/2 - pi_2(), to subtract a small x from pi/2 without losing x's last bits
  CUPP_HD static constexpr T pi_2_lo() {
    return is_float ? T(-4.3711390001862426e-08) : T(6.123233995736766e-17);
  }
  CUPP_HD static constexpr T ln2() { return T(0.6931471805599453); }
  CUPP_HD static constexpr T log2e() { return T(1.4426950408889634); }
  CUPP_HD static constexpr T log10e() { return T(0.4342944819032518); }
  /// sqrt(min()), the smallest y whose square does not underflow
  CUPP_HD static constexpr T sqrt_min() { return is_float ? T(0x1p-63f) : T(0x1p-511); }
  /// sqrt(max()) / 4, the largest x for which x*x + y*y cannot overflow
  CUPP_HD static constexpr T quarter_sqrt_max() {
    return is_float ? T(4.611685743549481e+18) : T(3.3519519824856489e+153);
  }
  static constexpr int digits = std::numeric_limits<T>::digits;
  /// the largest integer t with exp(t) finite (glibc's (MAX_EXP - 1) ln 2): 88 and 709
  static constexpr int exp_limit =
      int((std::numeric_limits<T>::max_exponent - 1) * 0.6931471805599453);
};

/// x * y rounded on its own. nvcc fuses a product into the add that follows it (fma); NumPy's
/// loops (and glibc) are compiled without fusion, and the formulas that must match them bit for
/// bit (divide, reciprocal, expm1, power's products) round each product.
template <class T> CUPP_HD T mul_rn(T x, T y) {
#if defined(__CUDA_ARCH__)
  if constexpr (std::is_same_v<T, float>) {
    return __fmul_rn(x, y);
  } else {
    return __dmul_rn(x, y);
  }
#else
  return x * y;
#endif
}

/// sin(y) and cos(y) in one range reduction; below the smallest normal, y and 1 (as glibc's
/// cexp family, which so keeps a subnormal y exact).
template <class T> CUPP_HD void sin_cos(T y, T& s, T& c) {
  if (std::fabs(y) > cx_const<T>::min()) {
#if defined(__CUDA_ARCH__)
    ::sincos(y, &s, &c);
#else
    s = std::sin(y);
    c = std::cos(y);
#endif
  } else {
    s = y;
    c = T(1);
  }
}

/// Borges' corrected sqrt(x^2 + y^2) for x >= y >= 0 that neither overflow nor underflow when
/// squared (glibc's hypot kernel without fma, the one x86-64 glibc builds).
CUPP_HD inline double hypot_kernel(double x, double y) {
  double h = std::sqrt(mul_rn(x, x) + mul_rn(y, y));
  double t1, t2;
  if (h <= 2 * y) {
    const double delta = h - y;
    t1 = mul_rn(x, 2 * delta - x);
    t2 = mul_rn(delta - 2 * (x - y), delta);
  } else {
    const double delta = h - x;
    t1 = mul_rn(2 * delta, x - 2 * y);
    t2 = mul_rn(4 * delta - y, y) + mul_rn(delta, delta);
  }
  return h - (t1 + t2) / (2 * h);
}

/// hypot(x, y) bit for bit as glibc's (which NumPy calls): float as the double sqrt of the exact
/// double squares, rounded once; double by hypot_kernel, scaled by 2^600 where the squares would
/// overflow or underflow. CUDA's hypot differs by an ulp or two, which log(hypot(1 + x, y)) in
/// NumPy's log1p turns into a large relative error for small z.
template <class T> CUPP_HD T hypot_glibc(T x, T y) {
  if (!std::isfinite(x) || !std::isfinite(y)) {
    return std::isinf(x) || std::isinf(y) ? cx_const<T>::inf() : x + y;
  }
  if constexpr (std::is_same_v<T, float>) {
    const double dx = x, dy = y;
    return float(std::sqrt(dx * dx + dy * dy));
  } else {
    constexpr double scale = 0x1p-600, large = 0x1p+511, tiny = 0x1p-459, eps = 0x1p-54;
    const double fx = std::fabs(x), fy = std::fabs(y);
    const double ax = fx < fy ? fy : fx, ay = fx < fy ? fx : fy;
    if (ax > large) {
      return ay <= ax * eps ? ax + ay : hypot_kernel(ax * scale, ay * scale) / scale;
    }
    if (ay < tiny) {
      return ax >= ay / eps ? ax + ay : hypot_kernel(ax / scale, ay / scale) * scale;
    }
    return ay <= ax * eps ? ax + ay : hypot_kernel(ax, ay);
  }
}

// ---------------------------------------------------------------------------------------------
// Arithmetic: NumPy's loops, operation by operation.

/// a * b as NumPy's SIMD loops compute it on x86-64 (fused multiply-add-subtract), the same on
/// every backend since fma is exact; no Annex G recovery of infinities (NumPy does none).
template <class T>
CUPP_HD cuda::std::complex<T> c_mul(cuda::std::complex<T> a, cuda::std::complex<T> b) {
  const T ar = a.real(), ai = a.imag(), br = b.real(), bi = b.imag();
  return {std::fma(ar, br, -(ai * bi)), std::fma(ar, bi, ai * br)};
}

/// z * z (NumPy's square is its multiply of z by itself).
template <class T> CUPP_HD cuda::std::complex<T> c_square(cuda::std::complex<T> z) {
  return c_mul(z, z);
}

/// a / b by Smith's algorithm as NumPy's loop, so |b| near overflow does not overflow b's norm;
/// a zero b divides the parts by zero (inf or NaN parts, as NumPy).
template <class T>
CUPP_HD cuda::std::complex<T> c_div(cuda::std::complex<T> a, cuda::std::complex<T> b) {
  const T ar = a.real(), ai = a.imag(), br = b.real(), bi = b.imag();
  const T abs_br = std::fabs(br), abs_bi = std::fabs(bi);
  if (abs_br >= abs_bi) {
    if (abs_br == 0 && abs_bi == 0) {
      return {ar / abs_br, ai / abs_bi};
    }
    const T rat = bi / br;
    const T scl = T(1) / (br + mul_rn(bi, rat));
    return {(ar + mul_rn(ai, rat)) * scl, (ai - mul_rn(ar, rat)) * scl};
  }
  const T rat = br / bi;
  const T scl = T(1) / (bi + mul_rn(br, rat));
  return {(mul_rn(ar, rat) + ai) * scl, (mul_rn(ai, rat) - ar) * scl};
}

/// 1 / z as NumPy's reciprocal loop (Smith's algorithm; 1/0 is NaN + NaN i there).
template <class T> CUPP_HD cuda::std::complex<T> c_reciprocal(cuda::std::complex<T> z) {
  const T x = z.real(), y = z.imag();
  if (std::fabs(y) <= std::fabs(x)) {
    const T r = y / x;
    const T d = x + mul_rn(y, r);
    return {T(1) / d, -r / d};
  }
  const T r = x / y;
  const T d = mul_rn(x, r) + y;
  return {r / d, T(-1) / d};
}

/// |z| as NumPy's SIMD loop: max * sqrt(1 + (min/max)^2) with a fused multiply-add, inf if a
/// part is infinite (even with a NaN), else NaN if one is NaN.
template <class T> CUPP_HD T c_abs(cuda::std::complex<T> z) {
  const T x = std::fabs(z.real()), y = std::fabs(z.imag());
  if (std::isinf(x) || std::isinf(y)) {
    return cx_const<T>::inf();
  }
  if (std::isnan(x) || std::isnan(y)) {
    return cx_const<T>::nan();
  }
  const T big = x < y ? y : x, small = x < y ? x : y;
  if (big == 0) {
    return T(0);
  }
  const T ratio = small / big;
  return std::sqrt(std::fma(ratio, ratio, T(1))) * big;
}

/// arg z = atan2(imag, real) (NumPy's angle).
template <class T> CUPP_HD T c_angle(cuda::std::complex<T> z) {
  return std::atan2(z.imag(), z.real());
}

/// z / |z| as NumPy 2's sign loop, |z| by hypot: 0 for 0; an infinite |z| (also one that
/// overflowed from finite parts) gives +-1 on the infinite part, NaN if both are infinite.
template <class T> CUPP_HD cuda::std::complex<T> c_sign(cuda::std::complex<T> z) {
  const T x = z.real(), y = z.imag();
  const T r = hypot_glibc(x, y);
  if (std::isnan(r)) {
    return {cx_const<T>::nan(), cx_const<T>::nan()};
  }
  if (std::isinf(r)) {
    if (std::isinf(x)) {
      if (std::isinf(y)) {
        return {cx_const<T>::nan(), cx_const<T>::nan()};
      }
      return {x > 0 ? T(1) : T(-1), T(0)};
    }
    return {T(0), y > 0 ? T(1) : T(-1)};
  }
  if (r == 0) {
    return {T(0), T(0)};
  }
  return {x / r, y / r};
}

// ---------------------------------------------------------------------------------------------
// Exponentials and hyperbolic functions: glibc's cexp, csinh, ccosh, ctanh.

/// exp(x) * f * (c + i s) for x > exp_limit, multiplying by exp(exp_limit) up to twice before
/// exp itself, so that a small c or s keeps the product finite; f is 1 or 1/2 (exactly).
template <class T> CUPP_HD cuda::std::complex<T> exp_times_large(T x, T c, T s, T f) {
  constexpr T t = T(cx_const<T>::exp_limit);
  const T exp_t = std::exp(t);
  x -= t;
  c *= exp_t * f;
  s *= exp_t * f;
  if (x > t) {
    x -= t;
    c *= exp_t;
    s *= exp_t;
  }
  if (x > t) {
    return {cx_const<T>::max() * c, cx_const<T>::max() * s}; // overflows with the signs of c and s
  }
  const T e = std::exp(x);
  return {e * c, e * s};
}

template <class T> CUPP_HD cuda::std::complex<T> c_exp(cuda::std::complex<T> z) {
  using K = cx_const<T>;
  const T x = z.real(), y = z.imag();
  if (std::isfinite(x)) {
    if (!std::isfinite(y)) {
      return {K::nan(), K::nan()};
    }
    T s, c;
    sin_cos(y, s, c);
    if (x > K::exp_limit) {
      return exp_times_large(x, c, s, T(1));
    }
    const T e = std::exp(x);
    return {e * c, e * s};
  }
  if (std::isinf(x)) {
    if (std::isfinite(y)) {
      const T e = x < 0 ? T(0) : K::inf();
      if (y == 0) {
        return {e, y};
      }
      T s, c;
      sin_cos(y, s, c);
      return {std::copysign(e, c), std::copysign(e, s)};
    }
    return x > 0 ? cuda::std::complex<T>(K::inf(), y - y)
                 : cuda::std::complex<T>(T(0), std::copysign(T(0), y));
  }
  return {K::nan(), y == 0 ? y : K::nan()};
}

/// 2^z as NumPy: exp(z * ln 2), each part multiplied.
template <class T> CUPP_HD cuda::std::complex<T> c_exp2(cuda::std::complex<T> z) {
  return c_exp(cuda::std::complex<T>(z.real() * cx_const<T>::ln2(), z.imag() * cx_const<T>::ln2()));
}

/// exp(z) - 1 as NumPy's formula: expm1(x) cos y - 2 sin^2(y/2) + i exp(x) sin y.
template <class T> CUPP_HD cuda::std::complex<T> c_expm1(cuda::std::complex<T> z) {
  const T x = z.real(), y = z.imag();
  const T a = std::sin(y / 2);
  return {mul_rn(std::expm1(x), std::cos(y)) - mul_rn(2 * a, a), std::exp(x) * std::sin(y)};
}

template <class T> CUPP_HD cuda::std::complex<T> c_sinh(cuda::std::complex<T> z) {
  using K = cx_const<T>;
  const T x = z.real(), y = z.imag();
  const bool negative = std::signbit(x);
  const T ax = std::fabs(x);
  if (std::isfinite(x)) {
    if (!std::isfinite(y)) {
      return x == 0 ? cuda::std::complex<T>(x, y - y) : cuda::std::complex<T>(K::nan(), K::nan());
    }
    T s, c;
    sin_cos(y, s, c);
    if (negative) {
      c = -c;
    }
    if (ax > K::exp_limit) {
      return exp_times_large(ax, c, s, T(0.5));
    }
    return {std::sinh(ax) * c, std::cosh(ax) * s};
  }
  if (std::isinf(x)) {
    if (y == 0) {
      return z;
    }
    if (!std::isfinite(y)) {
      return {K::inf(), y - y};
    }
    T s, c;
    sin_cos(y, s, c);
    const T re = std::copysign(K::inf(), c);
    return {negative ? -re : re, std::copysign(K::inf(), s)};
  }
  return {K::nan(), y == 0 ? y : K::nan()};
}

template <class T> CUPP_HD cuda::std::complex<T> c_cosh(cuda::std::complex<T> z) {
  using K = cx_const<T>;
  const T x = z.real(), y = z.imag();
  if (std::isfinite(x)) {
    if (!std::isfinite(y)) {
      return {y - y, x == 0 ? T(0) : K::nan()};
    }
    T s, c;
    sin_cos(y, s, c);
    if (std::fabs(x) > K::exp_limit) {
      return exp_times_large(std::fabs(x), c, std::signbit(x) ? -s : s, T(0.5));
    }
    return {std::cosh(x) * c, std::sinh(x) * s};
  }
  if (std::isinf(x)) {
    if (y == 0) {
      return {K::inf(), y * std::copysign(T(1), x)};
    }
    if (!std::isfinite(y)) {
      return {K::inf(), y - y};
    }
    T s, c;
    sin_cos(y, s, c);
    return {std::copysign(K::inf(), c), std::copysign(K::inf(), s) * std::copysign(T(1), x)};
  }
  return {K::nan(), y == 0 ? y : K::nan()};
}

/// tanh z = (sinh x cosh x + i sin y cos y) / (sinh^2 x + cos^2 y), which has no cancellation;
/// for |x| beyond half the exp limit the real part is +-1 and the imaginary part decays as
/// 4 sin y cos y / exp(2|x|), divided in steps so it does not overflow first.
template <class T> CUPP_HD cuda::std::complex<T> c_tanh(cuda::std::complex<T> z) {
  using K = cx_const<T>;
  const T x = z.real(), y = z.imag();
  if (!std::isfinite(x) || !std::isfinite(y)) {
    if (std::isinf(x)) {
      T im = std::copysign(T(0), y);
      if (std::isfinite(y) && std::fabs(y) > 1) {
        T s, c;
        sin_cos(y, s, c);
        im = std::copysign(T(0), s * c);
      }
      return {std::copysign(T(1), x), im};
    }
    if (y == 0) {
      return z;
    }
    return {x == 0 ? x : K::nan(), K::nan()};
  }
  T s, c;
  sin_cos(y, s, c);
  constexpr int t = K::exp_limit / 2;
  if (std::fabs(x) > t) {
    const T exp_2t = std::exp(T(2 * t));
    const T ax = std::fabs(x) - t;
    const T im = 4 * s * c / exp_2t;
    return {std::copysign(T(1), x), ax > t ? im / exp_2t : im / std::exp(2 * ax)};
  }
  T sh = x, ch = T(1);
  if (std::fabs(x) > K::min()) {
    sh = std::sinh(x);
    ch = std::cosh(x);
  }
  const T den = std::fabs(sh) > std::fabs(c) * K::eps() ? sh * sh + c * c : c * c;
  return {sh * ch / den, s * c / den};
}

/// sin z = -i sinh(iz), except that glibc's csin gives +i inf (not -i inf) for an infinite
/// imaginary part with an infinite or NaN real part.
template <class T> CUPP_HD cuda::std::complex<T> c_sin(cuda::std::complex<T> z) {
  const T x = z.real(), y = z.imag();
  if (std::isinf(y) && !std::isfinite(x)) {
    return {x - x, cx_const<T>::inf()};
  }
  const cuda::std::complex<T> w = c_sinh(cuda::std::complex<T>(-y, x));
  return {w.imag(), -w.real()};
}

/// cos z = cosh(iz).
template <class T> CUPP_HD cuda::std::complex<T> c_cos(cuda::std::complex<T> z) {
  return c_cosh(cuda::std::complex<T>(-z.imag(), z.real()));
}

/// tan z = -i tanh(iz).
template <class T> CUPP_HD cuda::std::complex<T> c_tan(cuda::std::complex<T> z) {
  const cuda::std::complex<T> w = c_tanh(cuda::std::complex<T>(-z.imag(), z.real()));
  return {w.imag(), -w.real()};
}

// ---------------------------------------------------------------------------------------------
// Logarithms and square root: glibc's clog and csqrt.

/// a + b = s + e exactly, s = a + b rounded (Knuth's two-sum).
template <class T> CUPP_HD T two_sum(T a, T b, T& e) {
  const T s = a + b, b_part = s - a;
  e = (a - (s - b_part)) + (b - b_part);
  return s;
}

/// x^2 + y^2 - 1 without cancellation, for 1 > x >= y >= eps/2 and x^2 + y^2 >= 1/2 (where
/// |z| is near 1, and the plain formula loses the bits that make up log|z|). float in double,
/// where the squares are exact; double from the exact parts of the squares (fma) summed with
/// their rounding errors, the leading 1 cancelling exactly (Sterbenz: x^2 + y^2 is in [1/2, 2)).
template <class T> CUPP_HD T x2y2m1(T x, T y) {
  if constexpr (std::is_same_v<T, float>) {
    const double dx = x, dy = y;
    return float((dx - 1) * (dx + 1) + dy * dy);
  } else {
    const T xx = mul_rn(x, x), xx_lo = std::fma(x, x, -xx);
    const T yy = mul_rn(y, y), yy_lo = std::fma(y, y, -yy);
    T e1, e2, e3, e4;
    const T s = two_sum(xx, yy, e1);
    const T lo = two_sum(xx_lo, yy_lo, e2);
    const T p = two_sum(s - 1, lo, e3);
    const T q = two_sum(p, e1, e4);
    return q + (e2 + e3 + e4);
  }
}

template <class T> CUPP_HD cuda::std::complex<T> c_log(cuda::std::complex<T> z) {
  using K = cx_const<T>;
  const T x = z.real(), y = z.imag();
  if (x == 0 && y == 0) {
    return {T(-1) / std::fabs(x), std::copysign(std::signbit(x) ? K::pi() : T(0), y)};
  }
  if (std::isnan(x) || std::isnan(y)) {
    return {std::isinf(x) || std::isinf(y) ? K::inf() : K::nan(), K::nan()};
  }
  T ax = std::fabs(x), ay = std::fabs(y);
  if (ax < ay) {
    const T t = ax;
    ax = ay;
    ay = t;
  }
  // Scale so that hypot neither overflows nor loses the bits of subnormal parts.
  int scale = 0;
  if (ax > K::max() / 2) {
    scale = -1;
    ax = std::scalbn(ax, -1);
    ay = ay >= K::min() * 2 ? std::scalbn(ay, -1) : T(0);
  } else if (ax < K::min() && ay < K::min()) {
    scale = K::digits;
    ax = std::scalbn(ax, scale);
    ay = std::scalbn(ay, scale);
  }
  // log|z| = log1p(|z|^2 - 1) / 2 where |z| is near 1, with |z|^2 - 1 free of cancellation.
  T re;
  if (scale == 0 && ax == 1) {
    re = std::log1p(ay * ay) / 2;
  } else if (scale == 0 && ax > 1 && ax < 2 && ay < 1) {
    const T d2m1 = (ax - 1) * (ax + 1) + (ay >= K::eps() ? ay * ay : T(0));
    re = std::log1p(d2m1) / 2;
  } else if (scale == 0 && ax < 1 && ax >= T(0.5) && ay < K::eps() / 2) {
    re = std::log1p((ax - 1) * (ax + 1)) / 2;
  } else if (scale == 0 && ax < 1 && ax >= T(0.5) && ax * ax + ay * ay >= T(0.5)) {
    re = std::log1p(x2y2m1(ax, ay)) / 2;
  } else {
    re = std::log(hypot_glibc(ax, ay)) - T(scale) * K::ln2();
  }
  return {re, std::atan2(y, x)};
}

/// log2 z as NumPy: log z times log2(e), each part.
template <class T> CUPP_HD cuda::std::complex<T> c_log2(cuda::std::complex<T> z) {
  const cuda::std::complex<T> w = c_log(z);
  return {w.real() * cx_const<T>::log2e(), w.imag() * cx_const<T>::log2e()};
}

/// log10 z as NumPy: log z times log10(e), each part.
template <class T> CUPP_HD cuda::std::complex<T> c_log10(cuda::std::complex<T> z) {
  const cuda::std::complex<T> w = c_log(z);
  return {w.real() * cx_const<T>::log10e(), w.imag() * cx_const<T>::log10e()};
}

/// log(1 + z) as NumPy's formula: log|1 + z| + i arg(1 + z) (so 1 + z rounds first).
template <class T> CUPP_HD cuda::std::complex<T> c_log1p(cuda::std::complex<T> z) {
  const T x1 = z.real() + 1, y = z.imag();
  return {std::log(hypot_glibc(x1, y)), std::atan2(y, x1)};
}

/// sqrt z on the principal branch (cut along the negative real axis, the sign of a zero
/// imaginary part picks the side); Re = sqrt((|z| + x)/2), Im = y / (2 Re), or the other way
/// round for x < 0, so neither cancels; parts beyond max/4 or below 2 min are scaled by 4^k.
template <class T> CUPP_HD cuda::std::complex<T> c_sqrt(cuda::std::complex<T> z) {
  using K = cx_const<T>;
  T x = z.real(), y = z.imag();
  if (!std::isfinite(x) || !std::isfinite(y)) {
    if (std::isinf(y)) {
      return {K::inf(), y};
    }
    if (std::isinf(x)) {
      if (x < 0) {
        return {std::isnan(y) ? K::nan() : T(0), std::copysign(K::inf(), y)};
      }
      return {x, std::isnan(y) ? K::nan() : std::copysign(T(0), y)};
    }
    return {K::nan(), K::nan()};
  }
  if (y == 0) {
    if (x < 0) {
      return {T(0), std::copysign(std::sqrt(-x), y)};
    }
    return {std::fabs(std::sqrt(x)), std::copysign(T(0), y)};
  }
  if (x == 0) {
    const T ay = std::fabs(y);
    const T r = ay >= 2 * K::min() ? std::sqrt(T(0.5) * ay) : T(0.5) * std::sqrt(2 * ay);
    return {r, std::copysign(r, y)};
  }
  int scale = 0;
  if (std::fabs(x) > K::max() / 4) {
    scale = 1;
    x = std::scalbn(x, -2);
    y = std::scalbn(y, -2);
  } else if (std::fabs(y) > K::max() / 4) {
    scale = 1;
    x = std::fabs(x) >= 4 * K::min() ? std::scalbn(x, -2) : T(0);
    y = std::scalbn(y, -2);
  } else if (std::fabs(x) < 2 * K::min() && std::fabs(y) < 2 * K::min()) {
    scale = -((K::digits + 1) / 2);
    x = std::scalbn(x, -2 * scale);
    y = std::scalbn(y, -2 * scale);
  }
  const T d = hypot_glibc(x, y);
  T r, s;
  if (x > 0) {
    r = std::sqrt(T(0.5) * (d + x));
    if (scale == 1 && std::fabs(y) < 1) { // y / (2r) would underflow after the rescaling
      s = y / r;
      r = std::scalbn(r, scale);
      scale = 0;
    } else {
      s = T(0.5) * (y / r);
    }
  } else {
    s = std::sqrt(T(0.5) * (d - x));
    if (scale == 1 && std::fabs(y) < 1) {
      r = std::fabs(y / s);
      s = std::scalbn(s, scale);
      scale = 0;
    } else {
      r = std::fabs(T(0.5) * (y / s));
    }
  }
  if (scale != 0) {
    r = std::scalbn(r, scale);
    s = std::scalbn(s, scale);
  }
  return {r, std::copysign(s, y)};
}

// ---------------------------------------------------------------------------------------------
// Inverse trigonometric and hyperbolic functions. asinh and acos by the algorithm of Hull,
// Fairgrieve and Tang (ACM TOMS 23(3), 1997) as FreeBSD's catrig.c states it; atanh with glibc's
// cancellation-free denominator; special values as glibc's (which NumPy calls).

/// (hypot(a, b) - b) / 2 without cancellation, given h = hypot(a, b) (Hull et al.'s f).
template <class T> CUPP_HD T hull_f(T a, T b, T h) {
  if (b < 0) {
    return (h - b) / 2;
  }
  if (b == 0) {
    return a / 2;
  }
  return a * a / (h + b) / 2;
}

/// What asinh_parts computes for 0 <= x, y < 1/eps.
template <class T> struct asinh_work {
  T re;         ///< Re asinh(x + iy) = log(A + sqrt(A^2 - 1))
  bool use_b;   ///< Im is asin(b); otherwise atan2(y_scaled, sqrt_a2my2)
  T b;          ///< y / A
  T sqrt_a2my2; ///< sqrt(A^2 - y^2), scaled with y_scaled where it would underflow
  T y_scaled;
};

/// Hull et al.'s A = (|z + i| + |z - i|) / 2 and the parts of asinh from it, with A - 1 and A - y
/// by hull_f where A is near 1 or y near A (the cancellations of the plain formulas).
template <class T> CUPP_HD asinh_work<T> asinh_parts(T x, T y) {
  using K = cx_const<T>;
  constexpr T a_crossover = 10, b_crossover = T(0.6417);
  constexpr T four_sqrt_min = 4 * K::sqrt_min();
  const T r = hypot_glibc(x, y + 1), s = hypot_glibc(x, y - 1);
  T a = (r + s) / 2;
  if (a < 1) { // rounding; mathematically A >= 1
    a = 1;
  }
  asinh_work<T> w{};
  if (a < a_crossover) {
    if (y == 1 && x < K::eps() * K::eps() / 128) {
      w.re = std::sqrt(x);
    } else if (x >= K::eps() * std::fabs(y - 1)) {
      const T am1 = hull_f(x, 1 + y, r) + hull_f(x, 1 - y, s);
      w.re = std::log1p(am1 + std::sqrt(am1 * (a + 1)));
    } else if (y < 1) {
      w.re = x / std::sqrt((1 - y) * (1 + y));
    } else {
      w.re = std::log1p((y - 1) + std::sqrt((y - 1) * (y + 1)));
    }
  } else {
    w.re = std::log(a + std::sqrt(a * a - 1));
  }
  w.y_scaled = y;
  if (y < four_sqrt_min) { // y / A could underflow: leave it to atan2 with both scaled up
    w.use_b = false;
    w.sqrt_a2my2 = a * (2 / K::eps());
    w.y_scaled = y * (2 / K::eps());
    return w;
  }
  w.b = y / a;
  w.use_b = w.b <= b_crossover;
  if (!w.use_b) { // asin(b) is ill-conditioned near 1: atan2(y, sqrt((A - y)(A + y)))
    if (y == 1 && x < K::eps() / 128) {
      w.sqrt_a2my2 = std::sqrt(x) * std::sqrt((a + y) / 2);
    } else if (x >= K::eps() * std::fabs(y - 1)) {
      const T amy = hull_f(x, y + 1, r) + hull_f(x, y - 1, s);
      w.sqrt_a2my2 = std::sqrt(amy * (a + y));
    } else if (y > 1) {
      constexpr T up = 4 / K::eps() / K::eps();
      w.sqrt_a2my2 = x * up * y / std::sqrt((y + 1) * (y - 1));
      w.y_scaled = y * up;
    } else {
      w.sqrt_a2my2 = std::sqrt((1 - y) * (1 + y));
    }
  }
  return w;
}

/// log z for |z| beyond 1/eps (finite), the shortcut asinh and acos take there.
template <class T> CUPP_HD cuda::std::complex<T> log_large(T x, T y) {
  using K = cx_const<T>;
  const T ax = std::fabs(x), ay = std::fabs(y);
  const T big = ax < ay ? ay : ax, small = ax < ay ? ax : ay;
  T re;
  if (big > K::max() / 2) { // hypot would overflow: log(|z| / e) + 1
    constexpr T e = T(2.718281828459045);
    re = std::log(hypot_glibc(x / e, y / e)) + 1;
  } else if (big > K::quarter_sqrt_max() || small < K::sqrt_min()) {
    re = std::log(hypot_glibc(x, y));
  } else {
    re = std::log(big * big + small * small) / 2;
  }
  return {re, std::atan2(y, x)};
}

template <class T> CUPP_HD cuda::std::complex<T> c_arcsinh(cuda::std::complex<T> z) {
  using K = cx_const<T>;
  const T x = z.real(), y = z.imag(), ax = std::fabs(x), ay = std::fabs(y);
  if (std::isnan(x) || std::isnan(y)) {
    if (std::isinf(y)) {
      return {std::copysign(K::inf(), x), K::nan()};
    }
    if (std::isinf(x)) {
      return {x, K::nan()};
    }
    return {K::nan(), y == 0 ? y : K::nan()};
  }
  if (ax > 1 / K::eps() || ay > 1 / K::eps()) { // asinh z = sign(x) (log(sign(x) z) + ln 2)
    const cuda::std::complex<T> w = std::signbit(x) ? log_large(-x, -y) : log_large(x, y);
    return {std::copysign(w.real() + K::ln2(), x), std::copysign(w.imag(), y)};
  }
  constexpr T small = std::is_same_v<T, float> ? T(8.4572793338e-4 / 4) // sqrt(6 eps) / 4
                                               : T(3.65002414998885671e-08 / 4);
  if (ax < small && ay < small) { // asinh z = z + O(z^3)
    return z;
  }
  const asinh_work<T> w = asinh_parts(ax, ay);
  const T im = w.use_b ? std::asin(w.b) : std::atan2(w.y_scaled, w.sqrt_a2my2);
  return {std::copysign(w.re, x), std::copysign(im, y)};
}

/// asin z = -i asinh(iz); NaN parts as glibc's casin, which takes the sign of the result's
/// infinity from the NaN input itself (negating a NaN, as iz does, keeps no sign on the GPU).
template <class T> CUPP_HD cuda::std::complex<T> c_arcsin(cuda::std::complex<T> z) {
  using K = cx_const<T>;
  const T x = z.real(), y = z.imag();
  if (std::isnan(x) || std::isnan(y)) {
    if (x == 0) {
      return z;
    }
    if (std::isinf(x) || std::isinf(y)) {
      return {K::nan(), std::copysign(K::inf(), y)};
    }
    return {K::nan(), K::nan()};
  }
  const cuda::std::complex<T> w = c_arcsinh(cuda::std::complex<T>(-y, x));
  return {w.imag(), -w.real()};
}

/// acos z = pi/2 - asin z, from the same parts as asinh (with x and y swapped) so that neither
/// the real part near 0 or pi nor the imaginary part near 0 cancels.
template <class T> CUPP_HD cuda::std::complex<T> c_arccos(cuda::std::complex<T> z) {
  using K = cx_const<T>;
  const T x = z.real(), y = z.imag(), ax = std::fabs(x), ay = std::fabs(y);
  if (std::isnan(x) || std::isnan(y)) {
    if (std::isinf(x)) {
      return {K::nan(), -K::inf()};
    }
    if (std::isinf(y)) {
      return {K::nan(), -y};
    }
    return {x == 0 ? K::pi_2() : K::nan(), K::nan()};
  }
  if (ax > 1 / K::eps() || ay > 1 / K::eps()) { // acos z = -i log(2z) up to O(1/z^2)
    const cuda::std::complex<T> w = log_large(x, y);
    const T im = w.real() + K::ln2();
    return {std::fabs(w.imag()), std::signbit(y) ? im : -im};
  }
  if (x == 1 && y == 0) {
    return {T(0), -y};
  }
  constexpr T small =
      std::is_same_v<T, float> ? T(8.4572793338e-4 / 4) : T(3.65002414998885671e-08 / 4);
  if (ax < small && ay < small) { // acos z = pi/2 - z + O(z^3)
    return {K::pi_2() - (x - K::pi_2_lo()), -y};
  }
  const asinh_work<T> w = asinh_parts(ay, ax);
  T re;
  if (w.use_b) {
    re = std::acos(std::signbit(x) ? -w.b : w.b);
  } else {
    re = std::atan2(w.sqrt_a2my2, std::signbit(x) ? -w.y_scaled : w.y_scaled);
  }
  return {re, std::signbit(y) ? w.re : -w.re};
}

/// acosh z = +-i acos z, the sign making the real part >= 0; special values as glibc's.
template <class T> CUPP_HD cuda::std::complex<T> c_arccosh(cuda::std::complex<T> z) {
  using K = cx_const<T>;
  const T x = z.real(), y = z.imag();
  if (std::isinf(y)) {
    if (std::isnan(x)) {
      return {K::inf(), K::nan()};
    }
    const T im = std::isinf(x) ? (x < 0 ? 3 * K::pi_4() : K::pi_4()) : K::pi_2();
    return {K::inf(), std::copysign(im, y)};
  }
  if (std::isinf(x)) {
    return {K::inf(),
            std::isnan(y) ? K::nan() : std::copysign(std::signbit(x) ? K::pi() : T(0), y)};
  }
  if (std::isnan(x) || std::isnan(y)) {
    return {K::nan(), x == 0 ? K::pi_2() : K::nan()};
  }
  const cuda::std::complex<T> w = c_arccos(z);
  return {std::fabs(w.imag()), std::copysign(w.real(), y)};
}

template <class T> CUPP_HD cuda::std::complex<T> c_arctanh(cuda::std::complex<T> z) {
  using K = cx_const<T>;
  const T x = z.real(), y = z.imag(), ax = std::fabs(x), ay = std::fabs(y);
  if (!std::isfinite(x) || !std::isfinite(y)) {
    if (std::isinf(y)) {
      return {std::copysign(T(0), x), std::copysign(K::pi_2(), y)};
    }
    if (std::isinf(x) || x == 0) {
      return {std::copysign(T(0), x), std::isnan(y) ? K::nan() : std::copysign(K::pi_2(), y)};
    }
    return {K::nan(), K::nan()};
  }
  if (x == 0 && y == 0) {
    return z;
  }
  if (ax >= 16 / K::eps() || ay >= 16 / K::eps()) { // atanh z = 1/z + i pi/2 up to O(1/z^3)
    T re;
    if (ay <= 1) {
      re = 1 / x;
    } else if (ax <= 1) {
      re = x / y / y;
    } else {
      const T h = hypot_glibc(x / 2, y / 2);
      re = x / h / h / 4;
    }
    return {re, std::copysign(K::pi_2(), y)};
  }
  // Re = log(|1 + z|^2 / |1 - z|^2) / 4, as log1p(4x / |1 - z|^2) / 4 unless that ratio is small.
  T re;
  if (ax == 1 && ay < K::eps() * K::eps()) {
    re = std::copysign(T(0.5), x) * (K::ln2() - std::log(ay));
  } else {
    const T y2 = ay >= K::eps() * K::eps() ? y * y : T(0);
    const T num = (1 + x) * (1 + x) + y2;
    const T den = (1 - x) * (1 - x) + y2;
    re = num / den < T(0.5) ? T(0.25) * std::log(num / den) : T(0.25) * std::log1p(4 * x / den);
  }
  // Im = atan2(2y, 1 - |z|^2) / 2, with 1 - |z|^2 free of cancellation near the unit circle.
  const T big = ax < ay ? ay : ax, small = ax < ay ? ax : ay;
  T den;
  if (small < K::eps() / 2) {
    den = (1 - big) * (1 + big) + T(0); // + 0: a zero denominator is +0
  } else if (big < 1 && (big >= T(0.75) || small >= T(0.5))) {
    den = -x2y2m1(big, small);
  } else {
    den = (1 - big) * (1 + big) - small * small;
  }
  return {re, T(0.5) * std::atan2(2 * y, den)};
}

/// atan z = -i atanh(iz); infinite and NaN parts as glibc's catan (which, as c_arcsin, takes
/// the sign of a zero from the NaN input itself).
template <class T> CUPP_HD cuda::std::complex<T> c_arctan(cuda::std::complex<T> z) {
  using K = cx_const<T>;
  const T x = z.real(), y = z.imag();
  if (!std::isfinite(x) || !std::isfinite(y)) {
    if (std::isinf(x) || std::isinf(y)) {
      return {std::isnan(x) ? K::nan() : std::copysign(K::pi_2(), x), std::copysign(T(0), y)};
    }
    return {K::nan(), y == 0 ? y : K::nan()};
  }
  const cuda::std::complex<T> w = c_arctanh(cuda::std::complex<T>(-y, x));
  return {w.imag(), -w.real()};
}

// ---------------------------------------------------------------------------------------------
// Power: NumPy's npy_cpow.

/// a * b as C compiles it (glibc's cpow multiplies so): the plain formula, and where both parts
/// come out NaN, C99 Annex G's recovery of the infinities (G.5.1, libgcc's __muldc3).
template <class T>
CUPP_HD cuda::std::complex<T> c_mul_annex_g(cuda::std::complex<T> u, cuda::std::complex<T> v) {
  T a = u.real(), b = u.imag(), c = v.real(), d = v.imag();
  const bool nan_factor = std::isnan(a) || std::isnan(b) || std::isnan(c) || std::isnan(d);
  const T ac = mul_rn(a, c), bd = mul_rn(b, d), ad = mul_rn(a, d), bc = mul_rn(b, c);
  T re = ac - bd, im = ad + bc;
  if (std::isnan(re) && std::isnan(im)) {
    const auto box = [](T& p, T& q) { // an infinite factor becomes +-1 and +-0
      p = std::copysign(std::isinf(p) ? T(1) : T(0), p);
      q = std::copysign(std::isinf(q) ? T(1) : T(0), q);
    };
    const auto unnan = [](T& p) { p = std::isnan(p) ? std::copysign(T(0), p) : p; };
    bool recalc = false;
    if (std::isinf(a) || std::isinf(b)) {
      box(a, b);
      unnan(c);
      unnan(d);
      recalc = true;
    }
    if (std::isinf(c) || std::isinf(d)) {
      box(c, d);
      unnan(a);
      unnan(b);
      recalc = true;
    }
    if (!recalc && (std::isinf(ac) || std::isinf(bd) || std::isinf(ad) || std::isinf(bc))) {
      unnan(a);
      unnan(b);
      unnan(c);
      unnan(d);
      recalc = true;
    }
    if (recalc) {
      re = cx_const<T>::inf() * (mul_rn(a, c) - mul_rn(b, d));
      im = cx_const<T>::inf() * (mul_rn(a, d) + mul_rn(b, c));
    }
  }
  // x86, where NumPy's results come from, makes negative NaNs of inf * 0 and inf - inf (CUDA
  // positive ones), and the sign shows in cpow's exp(-inf + i NaN) = 0 + i copysign(0, NaN).
  if (!nan_factor) {
    re = std::isnan(re) ? std::copysign(cx_const<T>::nan(), T(-1)) : re;
    im = std::isnan(im) ? std::copysign(cx_const<T>::nan(), T(-1)) : im;
  }
  return {re, im};
}

/// a ** b as NumPy: 1 for b = 0; for a = 0, 0 if Re b > 0 and NaN otherwise; for a real integer
/// b with |b| < 100, repeated squaring with the plain product (1 / that for b < 0); otherwise
/// glibc's cpow, exp(b log a).
template <class T>
CUPP_HD cuda::std::complex<T> c_pow(cuda::std::complex<T> a, cuda::std::complex<T> b) {
  using C = cuda::std::complex<T>;
  const T ar = a.real(), ai = a.imag(), br = b.real(), bi = b.imag();
  if (br == 0 && bi == 0) {
    return {T(1), T(0)};
  }
  if (ar == 0 && ai == 0) {
    return br > 0 ? C(T(0), T(0)) : C(cx_const<T>::nan(), cx_const<T>::nan());
  }
  const auto mul = [](C u, C v) {
    return C(mul_rn(u.real(), v.real()) - mul_rn(u.imag(), v.imag()),
             mul_rn(u.real(), v.imag()) + mul_rn(u.imag(), v.real()));
  };
  if (bi == 0 && br > -100 && br < 100 && br == T(int(br))) {
    const int n = int(br);
    if (n == 1) {
      return a;
    }
    if (n == 2) {
      return mul(a, a);
    }
    if (n == 3) {
      return mul(a, mul(a, a));
    }
    // n < 0 and n > 3: the product starts from 1 (1 * a is not a when a has an infinite part).
    const int m = n < 0 ? -n : n;
    C product(T(1), T(0)), power = a;
    for (int bit = 1;; bit <<= 1) {
      if (m & bit) {
        product = mul(product, power);
      }
      if (m < (bit << 1)) {
        break;
      }
      power = mul(power, power);
    }
    return n < 0 ? c_div(C(T(1), T(0)), product) : product;
  }
  return c_exp(c_mul_annex_g(b, c_log(a)));
}

} // namespace cupp::detail
