#pragma once
/// \file
/// Scalar kernels of scipy.special's zeta functions, Lambert W, exponential, sine/cosine and
/// Fresnel integrals, elliptic integrals, binomial and combinatorial counts, orthogonal polynomials
/// (their non-integer degrees through hypergeometric.hpp's 2F1 and 1F1, as SciPy) and exp10, for
/// float and double (complex where SciPy has it), callable in host and device code.
///
/// Results follow SciPy 1.17 (NaN in, NaN out; NaN on domain errors; SciPy's infinities at poles).
/// float versions compute in float where float accuracy suffices (exp10, exp1, fresnel, ellipk,
/// ellipkm1, ellipe) and in double otherwise.

#include <cupp/core/complex.hpp>
#include <cupp/core/config.hpp>
#include <cupx/special/detail/beta.hpp>
#include <cupx/special/detail/gamma.hpp>
#include <cupx/special/detail/hypergeometric.hpp>
#include <cupx/special/detail/polynomial.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace cupx::special::detail {

/// sici's two results.
template <class T> struct sici_result {
  T si;
  T ci;
};
/// shichi's two results.
template <class T> struct shichi_result {
  T shi;
  T chi;
};
/// fresnel's two results, in SciPy's order (S, C).
template <class T> struct fresnel_result {
  T s;
  T c;
};

namespace misc_impl {

template <class T> CUPP_HD constexpr T nan_v() { return std::numeric_limits<T>::quiet_NaN(); }
template <class T> CUPP_HD constexpr T inf_v() { return std::numeric_limits<T>::infinity(); }

constexpr double pi = 3.141592653589793238462643383279502884;
constexpr double pi_2 = 1.570796326794896619231321691639751442;
constexpr double euler_gamma = 0.577215664901532860606512090082402431;
constexpr double machep = 1.1102230246251565404236316680908203125e-16; // 2^-53
constexpr double maxlog = 7.09782712893383996843e2;                    // log(DBL_MAX)
constexpr double maxgam = 171.624376956302725;                         // Gamma finite below
// -1/e rounded to double, and its error z0 - (-1/e).
constexpr double lambertw_z0 = -0.36787944117144232160;
constexpr double lambertw_z0_err = -1.2428753672788363e-17;

// exp(t * (lhi + llo)) with the product formed exactly (fma), for powers of constants such as
// (2 pi)^-s whose exponent is large: a plain pow would scale the constant's rounding error by s.
CUPP_HD inline double exp_mul(double t, double lhi, double llo) {
  double p = t * lhi;
  double e = std::fma(t, lhi, -p) + t * llo;
  return std::exp(p) * (1.0 + e);
}

// ---------------------------------------------------------------------------------------------
// Gamma-function helpers (binom, poch), with Cephes' conventions at poles; the beta function is
// beta.hpp's (its log from TOMS 708's Stirling remainders, not a difference of lgammas).

// Sign of Gamma(x) (x not a pole).
CUPP_HD inline double gamma_sign(double x) {
  if (x > 0) {
    return 1.0;
  }
  double f = std::floor(x);
  if (f == x) {
    return 0.0;
  }
  return std::fmod(f, 2.0) != 0.0 ? -1.0 : 1.0;
}

// 1/Gamma(x), zero at the poles.
CUPP_HD inline double rgamma(double x) {
  if (x <= 0 && x == std::floor(x)) {
    return 0.0;
  }
  if (x > maxgam) {
    return 0.0;
  }
  return 1.0 / std::tgamma(x);
}

// Binomial coefficient for real n, k with SciPy's (xsf's binom) conventions: NaN for negative
// integer n, products for small integer k, beta functions otherwise. Out of line on the device:
// the polynomials call it at several places, each inlined copy held its beta functions.
CUPP_NOINLINE CUPP_HD inline double binom(double n, double k) {
  if (n < 0 && n == std::floor(n)) {
    return nan_v<double>();
  }
  double kx = std::floor(k);
  if (k == kx && (std::fabs(n) > 1e-8 || n == 0)) {
    // integer k: the product formula is exact for integer results; not for tiny nonzero n
    double nx = std::floor(n);
    if (nx == n && kx > nx / 2 && nx > 0) {
      kx = nx - kx; // symmetry
    }
    if (kx >= 0 && kx < 20) {
      double num = 1.0;
      double den = 1.0;
      int m = static_cast<int>(kx);
      for (int i = 1; i < 1 + m; ++i) {
        num *= i + n - kx;
        den *= i;
        if (std::fabs(num) > 1e50) {
          num /= den;
          den = 1.0;
        }
      }
      return num / den;
    }
  }
  if (n >= 1e10 * k && k > 0) {
    // against under/overflow of the intermediate results
    return std::exp(-beta_impl::lbeta_real(1 + n - k, 1 + k) - std::log(n + 1));
  }
  if (k > 1e8 * std::fabs(n)) {
    // leading terms of the large-k expansion, against loss of precision
    double g = std::tgamma(1 + n);
    double num = g / std::fabs(k) + g * n / (2 * k * k);
    num /= pi * std::pow(std::fabs(k), n);
    if (k > 0) {
      kx = std::floor(k);
      double dk;
      double sgn;
      if (std::fabs(kx) < 2147483648.0) {
        dk = k - kx;
        sgn = std::fmod(kx, 2.0) == 0.0 ? 1.0 : -1.0;
      } else {
        dk = k;
        sgn = 1.0;
      }
      return num * std::sin((dk - n) * pi) * sgn;
    }
    kx = std::floor(k);
    if (std::fabs(kx) < 2147483648.0) {
      return 0.0;
    }
    return num * std::sin(k * pi);
  }
  return 1 / (n + 1) / beta_impl::beta_real(1 + n - k, 1 + k);
}

// True for a nonpositive integer of moderate size (Cephes' poch).
CUPP_HD inline bool is_nonpos_int(double x) {
  return x <= 0 && x == std::ceil(x) && std::fabs(x) < 1e13;
}

// Pochhammer's (a)_m = Gamma(a + m) / Gamma(a) (Cephes' poch.c): the recurrence reduces |m| below
// 1, then a large-a expansion or the ratio of gamma functions.
CUPP_HD inline double poch(double a, double m) {
  double r = 1.0;
  while (m >= 1.0) {
    if (a + m == 1) {
      break;
    }
    m -= 1.0;
    r *= (a + m);
    if (!std::isfinite(r) || r == 0) {
      break;
    }
  }
  while (m <= -1.0) {
    if (a + m == 0) {
      break;
    }
    r /= (a + m);
    m += 1.0;
    if (!std::isfinite(r) || r == 0) {
      break;
    }
  }
  if (m == 0) {
    return r;
  }
  if (a > 1e4 && std::fabs(m) <= 1) {
    return r * std::pow(a, m) *
           (1 + m * (m - 1) / (2 * a) + m * (m - 1) * (m - 2) * (3 * m - 1) / (24 * a * a) +
            m * m * (m - 1) * (m - 1) * (m - 2) * (m - 3) / (48 * a * a * a));
  }
  if (is_nonpos_int(a + m) && !is_nonpos_int(a) && a + m != m) {
    return inf_v<double>();
  }
  if (!is_nonpos_int(a + m) && is_nonpos_int(a)) {
    return 0.0;
  }
  return r * std::exp(std::lgamma(a + m) - std::lgamma(a)) * gamma_sign(a + m) * gamma_sign(a);
}

// ---------------------------------------------------------------------------------------------
// Riemann and Hurwitz zeta (Cephes' zeta.c and zetac.c: tabulated integers, rational
// approximations on [0, 1), [1, 10] and [10, 50], direct sums beyond, Euler-Maclaurin for
// Hurwitz).

// zeta(x) - 1 for x >= 0; xm1 = x - 1 exactly, for arguments 1 + s whose sum was rounded (the pole
// at 1 magnifies that rounding).
CUPP_HD inline double zetac_positive(double x, double xm1) {
  if (x == 1.0) {
    return inf_v<double>();
  }
  if (x >= 127.0) {
    return 0.0; // SciPy's cutoff: the leading term 2^-x is dropped from here on
  }
  double w = std::floor(x);
  if (w == x && x < 31.0) {
    // zeta(n) - 1 for n = 0..30 (Cephes' azetac; n = 1 unused)
    constexpr double table[] = {-1.50000000000000000000E0, 0.0,
                                6.44934066848226436472E-1, 2.02056903159594285400E-1,
                                8.23232337111381915160E-2, 3.69277551433699263314E-2,
                                1.73430619844491397145E-2, 8.34927738192282683980E-3,
                                4.07735619794433937869E-3, 2.00839282608221441785E-3,
                                9.94575127818085337146E-4, 4.94188604119464558702E-4,
                                2.46086553308048298638E-4, 1.22713347578489146752E-4,
                                6.12481350587048292585E-5, 3.05882363070204935517E-5,
                                1.52822594086518717326E-5, 7.63719763789976227360E-6,
                                3.81729326499983985646E-6, 1.90821271655393892566E-6,
                                9.53962033872796113152E-7, 4.76932986787806463117E-7,
                                2.38450502727732990004E-7, 1.19219925965311073068E-7,
                                5.96081890512594796124E-8, 2.98035035146522801861E-8,
                                1.49015548283650412347E-8, 7.45071178983542949198E-9,
                                3.72533402478845705482E-9, 1.86265972351304900640E-9,
                                9.31327432419668182872E-10};
    return table[static_cast<int>(x)];
  }
  if (x < 1.0) {
    // (1 - x) (zeta(x) - 1) = R(x) / S(x) on [0, 1]
    constexpr double r[] = {-3.28717474506562731748E-1, 1.55162528742623950834E1,
                            -2.48762831680821954401E2,  1.01050368053237678329E3,
                            1.26726061410235149405E4,   -1.11578094770515181334E5};
    constexpr double s[] = {1.95107674914060531512E1, 3.17710311750646984099E2,
                            3.03835500874445748734E3, 2.03665876435770579345E4,
                            7.43853965136767874343E4};
    return polevl(x, r) / ((1.0 - x) * p1evl(x, s));
  }
  if (x <= 10.0) {
    // 2^x (1 - 1/x) (zeta(x) - 1) = P(1/x) / Q(1/x) on [1, 10]
    constexpr double p[] = {
        5.85746514569725319540E11, 2.57534127756102572888E11, 4.87781159567948256438E10,
        5.15399538023885770696E9,  3.41646073514754094281E8,  1.60837006880656492731E7,
        5.92785467342109522998E5,  1.51129169964938823117E4,  2.01822444485997955865E2};
    constexpr double q[] = {3.90497676373371157516E11, 5.22858235368272161797E10,
                            5.64451517271280543351E9,  3.39006746015350418834E8,
                            1.79410371500126453702E7,  5.66666825131384797029E5,
                            1.60382976810944131506E4,  1.96436237223387314144E2};
    double b = std::pow(2.0, x) * xm1;
    w = 1.0 / x;
    return (x * polevl(w, p)) / (b * p1evl(w, q));
  }
  if (x <= 50.0) {
    // log(zeta(x) - 1 - 2^-x) = A(x) / B(x) on [10, 50]
    constexpr double a[] = {
        8.70728567484590192539E6,  1.76506865670346462757E8,   2.60889506707483264896E10,
        5.29806374009894791647E11, 2.26888156119238241487E13,  3.31884402932705083599E14,
        5.13778997975868230192E15, -1.98123688133907171455E15, -9.92763810039983572356E16,
        7.82905376180870586444E16, 9.26786275768927717187E16};
    constexpr double b[] = {-7.92625410563741062861E6,  -1.60529969932920229676E8,
                            -2.37669260975543221788E10, -4.80319584350455169857E11,
                            -2.07820961754173320170E13, -2.96075404507272223680E14,
                            -4.86299103694609136686E15, 5.34589509675789930199E15,
                            5.71464111092297631292E16,  -1.79915597658676556828E16};
    return std::exp(polevl(x, a) / p1evl(x, b)) + std::pow(2.0, -x);
  }
  // the odd terms summed, the powers of two in closed form
  double s = 0.0;
  double a = 1.0;
  double b;
  do {
    a += 2.0;
    b = std::pow(a, -x);
    s += b;
  } while (b / s > machep);
  b = std::pow(2.0, -x);
  return (s + b) / (1.0 - b);
}

// zeta(-s) for s >= 0.01 by the reflection formula (DLMF 25.4.2)
//   zeta(-s) = -2 sin(pi s / 2) Gamma(1 + s) (2 pi)^-(1 + s) zeta(1 + s),
// with the large factors kept apart against overflow.
CUPP_HD inline double zeta_reflection(double s) {
  double hs = 0.5 * s;
  if (hs == std::floor(hs)) {
    return 0.0; // trivial zeros
  }
  double sn = sinpi(0.5 * std::fmod(s, 4.0));
  // y = 1 + s rounds where it enters a new binade; dy restores it: zeta(y) gets the exact y - 1,
  // Gamma(y) (2 pi)^-y the first-order correction (psi(y) - log(2 pi)) dy
  const double y = 1.0 + s;
  const double dy = s - (y - 1.0);
  double zs = 1.0 + zetac_positive(y, s);
  constexpr double ln2pi_hi = 1.8378770664093456;
  constexpr double ln2pi_lo = -7.756588316134483e-17;
  const double corr = 1.0 + dy * (std::log(y) - 0.5 / y - 1.0 / (12.0 * y * y) - ln2pi_hi);
  zs *= corr;
  if (s < 170.0) {
    return -2.0 * sn * zs * std::tgamma(y) * exp_mul(-y, ln2pi_hi, ln2pi_lo);
  }
  // Legendre's duplication Gamma(2z) = 2^(2z-1) Gamma(z) Gamma(z + 1/2) / sqrt(pi), 2z = 1 + s:
  // Gamma(1 + s) (2 pi)^-(1 + s) = [Gamma(z) pi^-z] [Gamma(z + 1/2) pi^-z] / (2 sqrt(pi))
  constexpr double lnpi_hi = 1.1447298858494002;
  constexpr double lnpi_lo = 1.0265951162707826e-17;
  constexpr double rsqrtpi = 0.5641895835477563;
  double z = 0.5 * y;
  if (z > maxgam) {
    return -std::copysign(inf_v<double>(), sn); // |zeta(-s)| > 1e308 long before
  }
  double pz = exp_mul(-z, lnpi_hi, lnpi_lo);
  double fa = std::tgamma(z) * pz;
  double fb = std::tgamma(z + 0.5) * pz;
  return (-(sn * zs * rsqrtpi) * fa) * fb;
}

// zeta(x) - 1 for -0.01 < x < 0, where the reflection would meet the pole at 1 (Cephes' Taylor
// polynomial about 0).
CUPP_HD inline double zetac_smallneg(double x) {
  constexpr double c[] = {-1.0000000009110164892,    -1.0000000057646759799,
                          -9.9999983138417361078e-1, -1.0000013011460139596,
                          -1.000001940896320456,     -9.9987929950057116496e-1,
                          -1.000785194477042408,     -1.0031782279542924256,
                          -9.1893853320467274178e-1, -1.5};
  return polevl(x, c);
}

CUPP_HD inline double zetac(double x) {
  if (std::isnan(x)) {
    return x;
  }
  if (x == -inf_v<double>()) {
    return nan_v<double>();
  }
  if (x < 0.0 && x > -0.01) {
    return zetac_smallneg(x);
  }
  if (x < 0.0) {
    return zeta_reflection(-x) - 1.0;
  }
  return zetac_positive(x, x - 1.0);
}

CUPP_HD inline double riemann_zeta(double x) {
  if (std::isnan(x)) {
    return x;
  }
  if (x == -inf_v<double>()) {
    return nan_v<double>();
  }
  if (x < 0.0 && x > -0.01) {
    return 1.0 + zetac_smallneg(x);
  }
  if (x < 0.0) {
    return zeta_reflection(-x);
  }
  return 1.0 + zetac_positive(x, x - 1.0);
}

// ---------------------------------------------------------------------------------------------
// Lambert W. Real branches 0 and -1 by Newton/Halley iterations on well-conditioned forms; complex
// by Halley's iteration from the starting points of Corless, Gonnet, Hare, Jeffrey and Knuth, "On
// the Lambert W function", Adv. Comput. Math. 5 (1996) 329-359 (as SciPy and mpmath).

// g(v) = (v - 1) e^v + 1 = sum_{n >= 2} (n - 1) v^n / n!, without cancellation for small v.
CUPP_HD inline double lambertw_g(double v) {
  if (std::fabs(v) < 0.5) {
    double t = 0.5 * v * v;
    double s = t;
    for (int n = 3; n < 30; ++n) {
      t *= v / n;
      double d = (n - 1) * t;
      s += d;
      if (std::fabs(d) <= 1e-17 * std::fabs(s)) {
        break;
      }
    }
    return s;
  }
  return (v - 1.0) * std::expm1(v) + v;
}

// W + 1 near the branch point: W e^W = z is (v - 1) e^v + 1 = c with v = W + 1, c = e (z + 1/e),
// which keeps its relative accuracy where w e^w - z loses it. sgn = +1 for branch 0, -1 for -1.
CUPP_HD inline double lambertw_branch_v(double c, double sgn) {
  double p = sgn * std::sqrt(2.0 * c);
  // Corless et al. (4.22)
  double v =
      p *
      (1.0 + p * (-1.0 / 3 +
                  p * (11.0 / 72 + p * (-43.0 / 540 + p * (769.0 / 17280 + p * (-221.0 / 8505))))));
  if (std::fabs(p) < 1e-3) {
    return v;
  }
  for (int i = 0; i < 10; ++i) {
    double dv = (lambertw_g(v) - c) / (v * std::exp(v));
    v -= dv;
    if (std::fabs(dv) <= 4e-16 * std::fabs(v)) {
      break;
    }
  }
  return v;
}

// Real W_0(z), z >= z0, and W_-1(z), z0 <= z < 0 (z0 counts as the branch point -1/e).
CUPP_HD inline double lambertw_real(double z, std::int64_t k) {
  constexpr double e = 2.718281828459045235360287471352662498;
  if (z < -0.25) {
    // z + 1/e from the exact z - z0 and the rounding error of z0; z0 itself (just below -1/e)
    // counts as the branch point
    double c = e * std::fmax((z - lambertw_z0) + lambertw_z0_err, 0.0);
    return lambertw_branch_v(c, k == 0 ? 1.0 : -1.0) - 1.0;
  }
  if (k == 0) {
    if (z == 0.0 || std::isinf(z)) {
      return z;
    }
    double w;
    if (z < 20.0) {
      double l = std::log1p(z);
      w = l * (1.0 - std::log1p(l) / (2.0 + l)); // S. Winitzki (2003), ICCSA LNCS 2667
      for (int i = 0; i < 10; ++i) {
        // Halley on w e^w - z
        double ew = std::exp(w);
        double f = w * ew - z;
        double dw = f / (ew * (w + 1.0) - (w + 2.0) * f / (2.0 * w + 2.0));
        w -= dw;
        if (std::fabs(dw) <= 4e-16 * std::fabs(w)) {
          break;
        }
      }
      return w;
    }
    double l1 = std::log(z);
    double l2 = std::log(l1);
    w = l1 - l2 + l2 / l1;
    for (int i = 0; i < 10; ++i) {
      // Newton on w + log w - log z, well conditioned for large z
      double dw = (w + std::log(w) - l1) * w / (w + 1.0);
      w -= dw;
      if (std::fabs(dw) <= 4e-16 * std::fabs(w)) {
        break;
      }
    }
    return w;
  }
  // branch -1, -0.25 <= z < 0: Newton on w + log(-w) - log(-z)
  double l1 = std::log(-z);
  double l2 = std::log(-l1);
  double w = l1 - l2 + l2 / l1;
  for (int i = 0; i < 20; ++i) {
    double dw = (w + std::log(-w) - l1) * w / (w + 1.0);
    w -= dw;
    if (std::fabs(dw) <= 4e-16 * std::fabs(w)) {
      break;
    }
  }
  return w;
}

CUPP_HD inline ::cuda::std::complex<double> lambertw(::cuda::std::complex<double> z,
                                                     std::int64_t k) {
  using C = ::cuda::std::complex<double>;
  constexpr double e = 2.718281828459045235360287471352662498;
  constexpr double rcp_e = 0.367879441171442321595523770161460867;
  const double x = z.real();
  const double y = z.imag();
  if (y == 0.0 && ((k == 0 && x >= lambertw_z0) || (k == -1 && x >= lambertw_z0 && x < 0.0))) {
    return C(lambertw_real(x, k), 0.0);
  }
  if (std::isnan(x) || std::isnan(y)) {
    return z;
  }
  const double twopik = 2.0 * pi * static_cast<double>(k);
  if (x == inf_v<double>()) {
    return C(x, y + twopik);
  }
  if (x == -inf_v<double>()) {
    return C(-x, -y + twopik + pi);
  }
  if (x == 0.0 && y == 0.0) {
    if (k == 0) {
      return z;
    }
    return C(-inf_v<double>(), 0.0);
  }
  C w;
  // SciPy's starting points: the branch-point series, a Pade approximant near 0, else the
  // asymptotic log z + 2 pi i k - log(log z + 2 pi i k)
  bool asy = true;
  if (k == 0) {
    const C zd = C((x - lambertw_z0) + lambertw_z0_err, y); // z + 1/e, exact to rounding
    if (::cuda::std::abs(zd) < 1e-2) {
      // near the branch point w e^w - z cancels: Newton on (v - 1) e^v + 1 = e (z + 1/e) for
      // v = W + 1 (as lambertw_branch_v), from Corless et al. (4.22)
      const C c = e * zd;
      const C p = ::cuda::std::sqrt(2.0 * c);
      C v = p * (1.0 + p * (-1.0 / 3 +
                            p * (11.0 / 72 +
                                 p * (-43.0 / 540 + p * (769.0 / 17280 + p * (-221.0 / 8505))))));
      for (int i = 0; i < 10; ++i) {
        // g(v) = sum_{n >= 2} (n - 1) v^n / n!, |v| < 0.3 here
        C t = 0.5 * v * v;
        C g = t;
        for (int n = 3; n < 30; ++n) {
          t *= v / static_cast<double>(n);
          const C d = static_cast<double>(n - 1) * t;
          g += d;
          if (::cuda::std::abs(d) <= 1e-17 * ::cuda::std::abs(g)) {
            break;
          }
        }
        const C dv = (g - c) / (v * ::cuda::std::exp(v));
        v -= dv;
        if (!(::cuda::std::abs(dv) > 4e-16 * ::cuda::std::abs(v))) {
          break;
        }
      }
      return v - 1.0;
    }
    if (::cuda::std::abs(z + rcp_e) < 0.3) {
      C p = ::cuda::std::sqrt(2.0 * (e * z + 1.0));
      w = -1.0 + p * (1.0 + p * (-1.0 / 3.0));
      asy = false;
    } else if (-1.0 < x && x < 1.5 && std::fabs(y) < 1.0 && -2.5 * std::fabs(y) - 0.2 < x) {
      // (3, 2) Pade approximant about 0
      C num = (z + 12.34042553191489361902) * z + 12.85106382978723404255;
      C den = (z + 14.34042553191489361702) * z + 32.53191489361702127660;
      w = z * num / den;
      asy = false;
    }
  } else if (k == -1 && y == 0.0 && x < 0.0 && -x <= rcp_e) {
    w = C(std::log(-x), 0.0);
    asy = false;
  }
  if (asy) {
    C l = ::cuda::std::log(z) + C(0.0, twopik);
    w = l - ::cuda::std::log(l);
  }
  // Halley's iteration (Corless et al. 5.9), with SciPy's tolerance 1e-8 on the step: the
  // convergence is cubic, so the returned iterate is accurate to rounding.
  constexpr double tol = 1e-8;
  if (w.real() >= 0) {
    for (int i = 0; i < 100; ++i) {
      C ew = ::cuda::std::exp(-w);
      C wewz = w - z * ew;
      C wn = w - wewz / (w + 1.0 - (w + 2.0) * wewz / (2.0 * w + 2.0));
      if (::cuda::std::abs(wn - w) <= tol * ::cuda::std::abs(wn)) {
        return wn;
      }
      w = wn;
    }
  } else {
    for (int i = 0; i < 100; ++i) {
      C ew = ::cuda::std::exp(w);
      C wew = w * ew;
      C wewz = wew - z;
      C wn = w - wewz / (wew + ew - (w + 2.0) * wewz / (2.0 * w + 2.0));
      if (::cuda::std::abs(wn - w) <= tol * ::cuda::std::abs(wn)) {
        return wn;
      }
      w = wn;
    }
  }
  return C(nan_v<double>(), nan_v<double>());
}

// ---------------------------------------------------------------------------------------------
// Exponential integrals.

// E_n(x) for n > 50: the large-n expansion DLMF 8.20(ii) (as Cephes' expn.c since SciPy 0.19),
// A_k(lambda) the polynomials of DLMF 8.20.7.
CUPP_HD inline double expn_large_n(double p, double x) {
  // coefficients of A_2 .. A_12, highest degree first, zero-padded
  constexpr double A[11][12] = {
      {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -2.0, 1.0},
      {0, 0, 0, 0, 0, 0, 0, 0, 0, 6.0, -8.0, 1.0},
      {0, 0, 0, 0, 0, 0, 0, 0, -24.0, 58.0, -22.0, 1.0},
      {0, 0, 0, 0, 0, 0, 0, 120.0, -444.0, 328.0, -52.0, 1.0},
      {0, 0, 0, 0, 0, 0, -720.0, 3708.0, -4400.0, 1452.0, -114.0, 1.0},
      {0, 0, 0, 0, 0, 5040.0, -33984.0, 58140.0, -32120.0, 5610.0, -240.0, 1.0},
      {0, 0, 0, 0, -40320.0, 341136.0, -785304.0, 644020.0, -195800.0, 19950.0, -494.0, 1.0},
      {0, 0, 0, 362880.0, -3733920.0, 11026296.0, -12440064.0, 5765500.0, -1062500.0, 67260.0,
       -1004.0, 1.0},
      {0, 0, -3628800.0, 44339040.0, -162186912.0, 238904904.0, -155357384.0, 44765000.0,
       -5326160.0, 218848.0, -2026.0, 1.0},
      {0, 39916800.0, -568356480.0, 2507481216.0, -4642163952.0, 4002695088.0, -1648384304.0,
       314369720.0, -25243904.0, 695038.0, -4072.0, 1.0},
      {-479001600.0, 7827719040.0, -40788301824.0, 92199790224.0, -101180433024.0, 56041398784.0,
       -15548960784.0, 2051482776.0, -114876376.0, 2170626.0, -8166.0, 1.0}};
  double lambda = x / p;
  double mult = 1 / p / (lambda + 1) / (lambda + 1);
  double expfac = std::exp(-lambda * p) / (lambda + 1) / p;
  if (expfac == 0) {
    return 0.0;
  }
  double fac = mult;
  double res = 1.0 + fac; // A_0 = A_1 = 1
  for (int k = 2; k < 13; ++k) {
    fac *= mult;
    double term = fac * polevl(lambda, A[k - 2]);
    res += term;
    if (std::fabs(term) < machep * std::fabs(res)) {
      break;
    }
  }
  return expfac * res;
}

// Generalized exponential integral E_n(x) (Cephes' expn.c: continued fraction DLMF 8.19.17 for
// x > 1, power series DLMF 8.19.8 below, DLMF 8.20(ii) for n > 50).
CUPP_HD inline double expn(std::int64_t n, double x) {
  if (std::isnan(x)) {
    return nan_v<double>();
  }
  if (n < 0 || x < 0) {
    return nan_v<double>();
  }
  if (x > maxlog) {
    return 0.0;
  }
  if (x == 0.0) {
    if (n < 2) {
      return inf_v<double>();
    }
    return 1.0 / (static_cast<double>(n) - 1.0);
  }
  if (n == 0) {
    return std::exp(-x) / x;
  }
  if (n > 50) {
    return expn_large_n(static_cast<double>(n), x);
  }
  const double dn = static_cast<double>(n);
  if (x > 1.0) {
    constexpr double big = 1.44115188075855872e17;
    double pkm2 = 1.0;
    double qkm2 = x;
    double pkm1 = 1.0;
    double qkm1 = x + dn;
    double ans = pkm1 / qkm1;
    double t;
    int k = 1;
    do {
      k += 1;
      double yk;
      double xk;
      if (k & 1) {
        yk = 1.0;
        xk = dn + (k - 1) / 2;
      } else {
        yk = x;
        xk = k / 2;
      }
      double pk = pkm1 * yk + pkm2 * xk;
      double qk = qkm1 * yk + qkm2 * xk;
      if (qk != 0) {
        double r = pk / qk;
        t = std::fabs((ans - r) / r);
        ans = r;
      } else {
        t = 1.0;
      }
      pkm2 = pkm1;
      pkm1 = pk;
      qkm2 = qkm1;
      qkm1 = qk;
      if (std::fabs(pk) > big) {
        pkm2 /= big;
        pkm1 /= big;
        qkm2 /= big;
        qkm1 /= big;
      }
    } while (t > machep && k < 2000);
    return ans * std::exp(-x);
  }
  double psi = -euler_gamma - std::log(x);
  for (std::int64_t i = 1; i < n; ++i) {
    psi += 1.0 / static_cast<double>(i);
  }
  double z = -x;
  double xk = 0.0;
  double yk = 1.0;
  double pk = 1.0 - dn;
  double ans = n == 1 ? 0.0 : 1.0 / pk;
  double t;
  do {
    xk += 1.0;
    yk *= z / xk;
    pk += 1.0;
    if (pk != 0.0) {
      ans += yk / pk;
    }
    t = ans != 0.0 ? std::fabs(yk / ans) : 1.0;
  } while (t > machep);
  return std::pow(z, dn - 1.0) * psi * rgamma(dn) - ans;
}

// E_1(x) for real x (NaN for x < 0 as SciPy): the power series up to 3/4, where its terms (up to
// e^x) exceed the result (e^-x / x) little, else the continued fraction with the number of terms
// it needs at x (measured: 105 at x = 1, 24 at x = 5 for double; 26 at x = 1 for float). In T.
template <class T> CUPP_HD T exp1_real(T x) {
  constexpr T eps = std::numeric_limits<T>::epsilon();
  if (std::isnan(x)) {
    return x;
  }
  if (x < 0) {
    return nan_v<T>();
  }
  if (x == 0) {
    return inf_v<T>();
  }
  if (x <= T(0.75)) {
    // E_1(x) = -gamma - log x + sum_{j >= 1} (-1)^(j+1) x^j / (j j!)
    T t = x;
    T s = x;
    for (int j = 2; j < 40; ++j) {
      t *= -x / static_cast<T>(j);
      T d = t / static_cast<T>(j);
      s += d;
      if (std::fabs(d) <= eps * std::fabs(s)) {
        break;
      }
    }
    return (s - static_cast<T>(euler_gamma)) - std::log(x);
  }
  if (x == inf_v<T>()) {
    return T(0);
  }
  constexpr bool is_float = std::is_same_v<T, float>;
  const T fm = is_float ? T(10) + T(22.5) / x : T(30) + T(100) / x;
  const int m = static_cast<int>(fm);
  T t = T(0);
  for (int k = m; k > 0; --k) {
    const T kk = static_cast<T>(k);
    t = kk * kk / (x + (T(2) * kk + T(1)) - t);
  }
  const T h = T(1) / (x + T(1) - t);
  // e^-x h, split so that a subnormal result is rounded once
  const T ehalf = std::exp(T(-0.5) * x);
  return (ehalf * h) * ehalf;
}

// Ei(x) for real x: -E_1(-x) for x < 0, the power series up to 40, the asymptotic series beyond
// (summed to its smallest term).
CUPP_HD inline double expi_real(double x) {
  if (std::isnan(x)) {
    return x;
  }
  if (x == 0.0) {
    return -inf_v<double>();
  }
  if (x < 0.0) {
    return -exp1_real(-x);
  }
  if (x <= 40.0) {
    // Ei(x) = gamma + log x + sum_{j >= 1} x^j / (j j!)
    double t = x;
    double s = x;
    for (int j = 2; j < 200; ++j) {
      t *= x / j;
      double d = t / j;
      s += d;
      if (d <= 1e-17 * s) {
        break;
      }
    }
    return (euler_gamma + std::log(x)) + s;
  }
  if (std::isinf(x)) {
    return x;
  }
  // Ei(x) ~ e^x / x sum_k k! / x^k
  double t = 1.0;
  double s = 1.0;
  for (int k = 1; k < 60; ++k) {
    double tn = t * k / x;
    if (tn >= t) {
      break;
    }
    t = tn;
    s += t;
    if (t <= 1e-17 * s) {
      break;
    }
  }
  return std::exp(x) / x * s;
}

// E_1(z) for complex z: the power series where |z| + Re z < 1.5 (its terms, up to e^|z|, then
// exceed |E_1| ~ e^-Re z / |z| by less than e^1.5) and |z| < 40, else the continued fraction,
// evaluated backward with the number of terms measured to reach rounding level (at most ~145, at
// |z| + Re z = 1.5). The branch cut is the negative real axis, its side chosen by the sign of the
// imaginary zero (SciPy's continued-fraction branch always takes the lower side).
CUPP_HD inline ::cuda::std::complex<double> exp1_complex(::cuda::std::complex<double> z) {
  using C = ::cuda::std::complex<double>;
  const double x = z.real();
  const double y = z.imag();
  if (!std::isfinite(x) || !std::isfinite(y)) {
    return C(nan_v<double>(), nan_v<double>()); // as SciPy
  }
  const double r = ::cuda::std::abs(z);
  if (r == 0.0) {
    return C(inf_v<double>(), 0.0);
  }
  const double sx = r + x;
  if (sx < 1.5 && r < 40.0) {
    // E_1(z) = -gamma - log z + sum_{j >= 1} (-1)^(j+1) z^j / (j j!)
    C t = z;
    C s = z;
    for (int j = 2; j < 500; ++j) {
      t *= -z / static_cast<double>(j);
      C d = t / static_cast<double>(j);
      s += d;
      if (::cuda::std::abs(d) <= 1e-17 * ::cuda::std::abs(s)) {
        break;
      }
    }
    if (y == 0.0) {
      return C(-euler_gamma - std::log(std::fabs(x)) + s.real(),
               x < 0.0 ? -std::copysign(pi, y) : 0.0);
    }
    return s - static_cast<double>(euler_gamma) - ::cuda::std::log(z);
  }
  const double fm = std::fmin(30.0 + 200.0 / sx, 10.0 + 1300.0 / r);
  const int m = static_cast<int>(fm);
  C t(0.0, 0.0);
  for (int k = m; k > 0; --k) {
    const double kk = static_cast<double>(k);
    t = (kk * kk) / (z + (2.0 * kk + 1.0) - t);
  }
  C res = ::cuda::std::exp(-z) / (z + 1.0 - t);
  if (y == 0.0) {
    res = C(res.real(), x < 0.0 ? -std::copysign(pi, y) : 0.0);
  }
  return res;
}

// Ei(z) = -E_1(-z) + i pi sign(Im z) (DLMF 6.2.7 with 6.11.1); real on the positive real axis.
CUPP_HD inline ::cuda::std::complex<double> expi_complex(::cuda::std::complex<double> z) {
  using C = ::cuda::std::complex<double>;
  C r = -exp1_complex(-z);
  const double y = z.imag();
  if (y > 0.0) {
    r += C(0.0, static_cast<double>(pi));
  } else if (y < 0.0) {
    r -= C(0.0, static_cast<double>(pi));
  } else if (z.real() > 0.0) {
    r += C(0.0, std::copysign(pi, y));
  }
  return r;
}

// ---------------------------------------------------------------------------------------------
// Sine/cosine and hyperbolic sine/cosine integrals (Cephes' sici.c and shichi.c).

CUPP_HD inline sici_result<double> sici(double x) {
  double sign = 1.0;
  if (x < 0.0) {
    sign = -1.0;
    x = -x;
  }
  if (x == 0.0) {
    return {0.0, -inf_v<double>()};
  }
  if (std::isinf(x)) {
    if (sign < 0) {
      return {-pi_2, nan_v<double>()};
    }
    return {pi_2, 0.0};
  }
  if (x <= 4.0) {
    // rational approximations in x^2 of Si(x) / x and Cin(x) = gamma + log x - Ci(x)
    constexpr double sn[] = {-8.39167827910303881427E-11, 4.62591714427012837309E-8,
                             -9.75759303843632795789E-6,  9.76945438170435310816E-4,
                             -4.13470316229406538752E-2,  1.00000000000000000302E0};
    constexpr double sd[] = {2.03269266195951942049E-12, 1.27997891179943299903E-9,
                             4.41827842801218905784E-7,  9.96412122043875552487E-5,
                             1.42085239326149893930E-2,  9.99999999999999996984E-1};
    constexpr double cn[] = {2.02524002389102268789E-11, -1.35249504915790756375E-8,
                             3.59325051419993077021E-6,  -4.74007206873407909465E-4,
                             2.89159652607555242092E-2,  -1.00000000000000000080E0};
    constexpr double cd[] = {4.07746040061880559506E-12, 3.06780997581887812692E-9,
                             1.23210355685883423679E-6,  3.17442024775032769882E-4,
                             5.10028056236446052392E-2,  4.00000000000000000080E0};
    double z = x * x;
    double s = x * polevl(z, sn) / polevl(z, sd);
    double c = z * polevl(z, cn) / polevl(z, cd);
    return {sign * s, euler_gamma + std::log(x) + c};
  }
  // auxiliary functions: Si = pi/2 - f cos x - g sin x, Ci = f sin x - g cos x
  double s = std::sin(x);
  double c = std::cos(x);
  double z = 1.0 / (x * x);
  double f;
  double g;
  if (x < 8.0) {
    constexpr double fn4[] = {4.23612862892216586994E0,  5.45937717161812843388E0,
                              1.62083287701538329132E0,  1.67006611831323023771E-1,
                              6.81020132472518137426E-3, 1.08936580650328664411E-4,
                              5.48900223421373614008E-7};
    constexpr double fd4[] = {8.16496634205391016773E0,  7.30828822505564552187E0,
                              1.86792257950184183883E0,  1.78792052963149907262E-1,
                              7.01710668322789753610E-3, 1.10034357153915731354E-4,
                              5.48900252756255700982E-7};
    constexpr double gn4[] = {8.71001698973114191777E-2, 6.11379109952219284151E-1,
                              3.97180296392337498885E-1, 7.48527737628469092119E-2,
                              5.38868681462177273157E-3, 1.61999794598934024525E-4,
                              1.97963874140963632189E-6, 7.82579040744090311069E-9};
    constexpr double gd4[] = {1.64402202413355338886E0,  6.66296701268987968381E-1,
                              9.88771761277688796203E-2, 6.22396345441768420760E-3,
                              1.73221081474177119497E-4, 2.02659182086343991969E-6,
                              7.82579218933534490868E-9};
    f = polevl(z, fn4) / (x * p1evl(z, fd4));
    g = z * polevl(z, gn4) / p1evl(z, gd4);
  } else {
    constexpr double fn8[] = {
        4.55880873470465315206E-1, 7.13715274100146711374E-1,  1.60300158222319456320E-1,
        1.16064229408124407915E-2, 3.49556442447859055605E-4,  4.86215430826454749482E-6,
        3.20092790091004902806E-8, 9.41779576128512936592E-11, 9.70507110881952024631E-14};
    constexpr double fd8[] = {9.17463611873684053703E-1,  1.78685545332074536321E-1,
                              1.22253594771971293032E-2,  3.58696481881851580297E-4,
                              4.92435064317881464393E-6,  3.21956939101046018377E-8,
                              9.43720590350276732376E-11, 9.70507110881952025725E-14};
    constexpr double gn8[] = {
        6.97359953443276214934E-1, 3.30410979305632063225E-1,  3.84878767649974295920E-2,
        1.71718239052347903558E-3, 3.48941165502279436777E-5,  3.47131167084116673800E-7,
        1.70404452782044526189E-9, 3.85945925430276600453E-12, 3.14040098946363334640E-15};
    constexpr double gd8[] = {
        1.68548898811011640017E0,  4.87852258695304967486E-1,  4.67913194259625806320E-2,
        1.90284426674399523638E-3, 3.68475504442561108162E-5,  3.57043223443740838771E-7,
        1.72693748966316146736E-9, 3.87830166023954706752E-12, 3.14040098946363335242E-15};
    f = polevl(z, fn8) / (x * p1evl(z, fd8));
    g = z * polevl(z, gn8) / p1evl(z, gd8);
  }
  return {sign * (pi_2 - f * c - g * s), f * s - g * c};
}

// 3F0(a1, a2, a3; ; z), an asymptotic series: summed while it converges, NaN if it does not reach
// 1e-13 (Cephes' shichi.c).
CUPP_HD inline double hyp3f0(double a1, double a2, double a3, double z) {
  double m = std::pow(z, -1.0 / 3);
  int maxiter = m < 50 ? static_cast<int>(m) : 50;
  double term = 1.0;
  double sum = term;
  for (int n = 0; n < maxiter; ++n) {
    term *= (a1 + n) * (a2 + n) * (a3 + n) * z / (n + 1);
    sum += term;
    if (std::fabs(term) < 1e-13 * std::fabs(sum) || term == 0) {
      break;
    }
  }
  if (std::fabs(term) > 1e-13 * std::fabs(sum)) {
    return nan_v<double>();
  }
  return sum;
}

CUPP_HD inline shichi_result<double> shichi(double x) {
  double sign = 1.0;
  if (x < 0.0) {
    sign = -1.0;
    x = -x;
  }
  if (x == 0.0) {
    return {0.0, -inf_v<double>()};
  }
  double s;
  double c;
  if (x < 8.0) {
    // power series: Shi = sum x^(2k+1) / ((2k+1) (2k+1)!), Chi - gamma - log x = sum x^2k / (2k
    // (2k)!)
    double z = x * x;
    double a = 1.0;
    double k = 2.0;
    s = 1.0;
    c = 0.0;
    do {
      a *= z / k;
      c += a / k;
      k += 1.0;
      a /= k;
      s += a / k;
      k += 1.0;
    } while (std::fabs(a / s) > machep);
    s *= x;
  } else if (x <= 88.0) {
    // Chebyshev expansions of x e^-x Shi(x) and x e^-x Chin(x) in 1/x
    double kx = std::exp(x) / x;
    if (x < 18.0) {
      constexpr double s1[] = {
          1.83889230173399459482E-17,  -9.55485532279655569575E-17, 2.04326105980879882648E-16,
          1.09896949074905343022E-15,  -1.31313534344092599234E-14, 5.93976226264314278932E-14,
          -3.47197010497749154755E-14, -1.40059764613117131000E-12, 9.49044626224223543299E-12,
          -1.61596181145435454033E-11, -1.77899784436430310321E-10, 1.35455469767246947469E-9,
          -1.03257121792819495123E-9,  -3.56699611114982536845E-8,  1.44818877384267342057E-7,
          7.82018215184051295296E-7,   -5.39919118403805073710E-6,  -3.12458202168959833422E-5,
          8.90136741950727517826E-5,   2.02558474743846862168E-3,   2.96064440855633256972E-2,
          1.11847751047257036625E0};
      constexpr double c1[] = {
          -8.12435385225864036372E-18, 2.17586413290339214377E-17, 5.22624394924072204667E-17,
          -9.48812110591690559363E-16, 5.35546311647465209166E-15, -1.21009970113732918701E-14,
          -6.00865178553447437951E-14, 7.16339649156028587775E-13, -2.93496072607599856104E-12,
          -1.40359438136491256904E-12, 8.76302288609054966081E-11, -4.40092476213282340617E-10,
          -1.87992075640569295479E-10, 1.31458150989474594064E-8,  -4.75513930924765465590E-8,
          -2.21775018801848880741E-7,  1.94635531373272490962E-6,  4.33505889257316408893E-6,
          -6.13387001076494349496E-5,  -3.13085477492997465138E-4, 4.97164789823116062801E-4,
          2.64347496031374526641E-2,   1.11446150876699213025E0};
      double a = (576.0 / x - 52.0) / 10.0;
      s = kx * chbevl(a, s1);
      c = kx * chbevl(a, c1);
    } else {
      constexpr double s2[] = {
          -1.05311574154850938805E-17, 2.62446095596355225821E-17,  8.82090135625368160657E-17,
          -3.38459811878103047136E-16, -8.30608026366935789136E-16, 3.93397875437050071776E-15,
          1.01765565969729044505E-14,  -4.21128170307640802703E-14, -1.60818204519802480035E-13,
          3.34714954175994481761E-13,  2.72600352129153073807E-12,  1.66894954752839083608E-12,
          -3.49278141024730899554E-11, -1.58580661666482709598E-10, -1.79289437183355633342E-10,
          1.76281629144264523277E-9,   1.69050228879421288846E-8,   1.25391771228487041649E-7,
          1.16229947068677338732E-6,   1.61038260117376323993E-5,   3.49810375601053973070E-4,
          1.28478065259647610779E-2,   1.03665722588798326712E0};
      constexpr double c2[] = {
          8.06913408255155572081E-18,  -2.08074168180148170312E-17, -5.98111329658272336816E-17,
          2.68533951085945765591E-16,  4.52313941698904694774E-16,  -3.10734917335299464535E-15,
          -4.42823207332531972288E-15, 3.49639695410806959872E-14,  6.63406731718911586609E-14,
          -3.71902448093119218395E-13, -1.27135418132338309016E-12, 2.74851141935315395333E-12,
          2.33781843985453438400E-11,  2.71436006377612442764E-11,  -2.56600180000355990529E-10,
          -1.61021375163803438552E-9,  -4.72543064876271773512E-9,  -3.00095178028681682282E-9,
          7.79387474390914922337E-8,   1.06942765566401507066E-6,   1.59503164802313196374E-5,
          3.49592575153777996871E-4,   1.28475387530065247392E-2,   1.03665693917934275131E0};
      double a = (6336.0 / x - 212.0) / 70.0;
      s = kx * chbevl(a, s2);
      c = kx * chbevl(a, c2);
    }
  } else {
    if (x > 1000.0) {
      return {sign * inf_v<double>(), inf_v<double>()};
    }
    // asymptotic expansions (functions.wolfram.com 06.38.06.0002.01, 06.39.06.0002.01)
    double a = hyp3f0(0.5, 1, 1, 4.0 / (x * x));
    double b = hyp3f0(1, 1, 1.5, 4.0 / (x * x));
    double shi = std::cosh(x) / x * a + std::sinh(x) / (x * x) * b;
    double chi = std::sinh(x) / x * a + std::cosh(x) / (x * x) * b;
    return {sign * shi, chi};
  }
  return {sign * s, euler_gamma + std::log(x) + c};
}

// ---------------------------------------------------------------------------------------------
// Fresnel integrals (Cephes' fresnl.c), computed in T. float forms x^2 / 2 exactly (fma) so the
// phase of the large-x terms keeps float accuracy; double rounds it as SciPy does.
template <class T> CUPP_HD fresnel_result<T> fresnel(T xxa) {
  if (std::isinf(xxa)) {
    T h = std::copysign(T(0.5), xxa);
    return {h, h};
  }
  const T x = std::fabs(xxa);
  const T x2 = x * x;
  T cc;
  T ss;
  if (x2 < T(2.5625)) {
    constexpr double sn[] = {-2.99181919401019853726E3,  7.08840045257738576863E5,
                             -6.29741486205862506537E7,  2.54890880573376359104E9,
                             -4.42979518059697779103E10, 3.18016297876567817986E11};
    constexpr double sd[] = {2.81376268889994315696E2,  4.55847810806532581675E4,
                             5.17343888770096400730E6,  4.19320245898111231129E8,
                             2.24411795645340920940E10, 6.07366389490084639049E11};
    constexpr double cn[] = {-4.98843114573573548651E-8, 9.50428062829859605134E-6,
                             -6.45191435683965050962E-4, 1.88843319396703850064E-2,
                             -2.05525900955013891793E-1, 9.99999999999999998822E-1};
    constexpr double cd[] = {3.99982968972495980367E-12, 9.15439215774657478799E-10,
                             1.25001862479598821474E-7,  1.22262789024179030997E-5,
                             8.68029542941784300606E-4,  4.12142090722199792936E-2,
                             1.00000000000000000118E0};
    T t = x2 * x2;
    ss = x * x2 * polevl(t, sn) / p1evl(t, sd);
    cc = x * polevl(t, cn) / polevl(t, cd);
  } else {
    // phase x^2 / 2, reduced modulo 2
    T ph = std::fmod(T(0.5) * x2, T(2));
    if constexpr (std::is_same_v<T, float>) {
      ph += T(0.5) * std::fma(x, x, -x2);
    }
    const T s = sinpi(ph);
    const T c = cospi(ph);
    const T pix = static_cast<T>(pi) * x;
    if (x > T(36974)) {
      // leading terms of the asymptotic expansions (functions.wolfram.com 06.32.06.0011.01)
      if (std::isinf(x2)) {
        cc = T(0.5);
        ss = T(0.5);
      } else {
        cc = T(0.5) + s / pix;
        ss = T(0.5) - c / pix;
      }
    } else {
      // auxiliary functions f, g as rational functions of 1/(pi x^2)^2
      constexpr double fn[] = {4.21543555043677546506E-1,  1.43407919780758885261E-1,
                               1.15220955073585758835E-2,  3.45017939782574027900E-4,
                               4.63613749287867322088E-6,  3.05568983790257605827E-8,
                               1.02304514164907233465E-10, 1.72010743268161828879E-13,
                               1.34283276233062758925E-16, 3.76329711269987889006E-20};
      constexpr double fd[] = {7.51586398353378947175E-1,  1.16888925859191382142E-1,
                               6.44051526508858611005E-3,  1.55934409164153020873E-4,
                               1.84627567348930545870E-6,  1.12699224763999035261E-8,
                               3.60140029589371370404E-11, 5.88754533621578410010E-14,
                               4.52001434074129701496E-17, 1.25443237090011264384E-20};
      constexpr double gn[] = {
          5.04442073643383265887E-1,  1.97102833525523411709E-1,  1.87648584092575249293E-2,
          6.84079380915393090172E-4,  1.15138826111884280931E-5,  9.82852443688422223854E-8,
          4.45344415861750144738E-10, 1.08268041139020870318E-12, 1.37555460633261799868E-15,
          8.36354435630677421531E-19, 1.86958710162783235106E-22};
      constexpr double gd[] = {
          1.47495759925128324529E0,   3.37748989120019970451E-1,  2.53603741420338795122E-2,
          8.14679107184306179049E-4,  1.27545075667729118702E-5,  1.04314589657571990585E-7,
          4.60680728146520428211E-10, 1.10273215066240270757E-12, 1.38796531259578871258E-15,
          8.39158816283118707363E-19, 1.86958710162783236342E-22};
      T t = static_cast<T>(pi) * x2;
      T u = T(1) / (t * t);
      t = T(1) / t;
      T f = T(1) - u * polevl(u, fn) / p1evl(u, fd);
      T g = t * polevl(u, gn) / p1evl(u, gd);
      cc = T(0.5) + (f * s - g * c) / pix;
      ss = T(0.5) - (f * c + g * s) / pix;
    }
  }
  if (xxa < 0) {
    cc = -cc;
    ss = -ss;
  }
  return {ss, cc};
}

// ---------------------------------------------------------------------------------------------
// Complete elliptic integrals (Cephes' ellpk.c, ellpe.c), computed in T.

// K(1 - p) = P(p) - log(p) Q(p) (Cephes' ellpk), K(1 - p) = K(1 - 1/p) / sqrt(p) for p > 1.
template <class T> CUPP_HD T ellpk(T p) {
  if (p < 0) {
    return nan_v<T>();
  }
  T scale = T(1);
  if (p > T(1)) {
    if (std::isinf(p)) {
      return T(0);
    }
    scale = T(1) / std::sqrt(p);
    p = T(1) / p;
  }
  if (p > static_cast<T>(machep)) {
    constexpr double P[] = {
        1.37982864606273237150E-4, 2.28025724005875567385E-3, 7.97404013220415179367E-3,
        9.85821379021226008714E-3, 6.87489687449949877925E-3, 6.18901033637687613229E-3,
        8.79078273952743772254E-3, 1.49380448916805252718E-2, 3.08851465246711995998E-2,
        9.65735902811690126535E-2, 1.38629436111989062502E0};
    constexpr double Q[] = {
        2.94078955048598507511E-5, 9.14184723865917226571E-4, 5.94058303753167793257E-3,
        1.54850516649762399335E-2, 2.39089602715924892727E-2, 3.01204715227604046988E-2,
        3.73774314173823228969E-2, 4.88280347570998239232E-2, 7.03124996963957469739E-2,
        1.24999999999870820058E-1, 4.99999999999999999821E-1};
    return scale * (polevl(p, P) - std::log(p) * polevl(p, Q));
  }
  if (p == T(0)) {
    return inf_v<T>();
  }
  return scale * (static_cast<T>(1.3862943611198906188) - T(0.5) * std::log(p)); // log(4)
}

// E(m) = P(1 - m) - log(1 - m) (1 - m) Q(1 - m) (Cephes' ellpe), E(m) = E(1 - 1/x) sqrt(x) for
// x = 1 - m > 1.
template <class T> CUPP_HD T ellpe(T m) {
  T x = T(1) - m;
  if (x <= T(0)) {
    if (x == T(0)) {
      return T(1);
    }
    return nan_v<T>();
  }
  T scale = T(1);
  if (x > T(1)) {
    scale = std::sqrt(x);
    x = T(1) - (T(1) - T(1) / x);
    if (x == T(0)) {
      return scale; // 1 - 1/x rounded to 1: E(1) = 1
    }
  }
  constexpr double P[] = {
      1.53552577301013293365E-4, 2.50888492163602060990E-3, 8.68786816565889628429E-3,
      1.07350949056076193403E-2, 7.77395492516787092951E-3, 7.58395289413514708519E-3,
      1.15688436810574127319E-2, 2.18317996015557253103E-2, 5.68051945617860553470E-2,
      4.43147180560990850618E-1, 1.00000000000000000299E0};
  constexpr double Q[] = {3.27954898576485872656E-5, 1.00962792679356715133E-3,
                          6.50609489976927491433E-3, 1.68862163993311317300E-2,
                          2.61769742454493659583E-2, 3.34833904888224918614E-2,
                          4.27180926518931511717E-2, 5.85936634471101055642E-2,
                          9.37499997197644278445E-2, 2.49999999999888314361E-1};
  return scale * (polevl(x, P) - std::log(x) * (x * polevl(x, Q)));
}

// ---------------------------------------------------------------------------------------------
// Incomplete elliptic integrals through Carlson's symmetric forms (B. C. Carlson, "Numerical
// computation of real or complex elliptic integrals", Numer. Algorithms 10 (1995) 13-26).

CUPP_HD inline double carlson_rf(double x, double y, double z) {
  const double x0 = x;
  const double y0 = y;
  double a0 = (x + y + z) / 3.0;
  double a = a0;
  // (3 eps)^(-1/6) max|a0 - v|: the series below is then exact to rounding
  double q = 400.0 * std::fmax(std::fabs(a0 - x), std::fmax(std::fabs(a0 - y), std::fabs(a0 - z)));
  double scale = 1.0;
  for (int n = 0; n < 200 && q * scale >= std::fabs(a); ++n) {
    double sx = std::sqrt(x);
    double sy = std::sqrt(y);
    double sz = std::sqrt(z);
    double lam = sx * sy + sx * sz + sy * sz;
    x = 0.25 * (x + lam);
    y = 0.25 * (y + lam);
    z = 0.25 * (z + lam);
    a = 0.25 * (a + lam);
    scale *= 0.25;
  }
  double X = (a0 - x0) / a * scale;
  double Y = (a0 - y0) / a * scale;
  double Z = -(X + Y);
  double e2 = X * Y - Z * Z;
  double e3 = X * Y * Z;
  return (1.0 - e2 / 10.0 + e3 / 14.0 + e2 * e2 / 24.0 - 3.0 * e2 * e3 / 44.0) / std::sqrt(a);
}

CUPP_HD inline double carlson_rd(double x, double y, double z) {
  const double x0 = x;
  const double y0 = y;
  double a0 = (x + y + 3.0 * z) / 5.0;
  double a = a0;
  // (eps / 4)^(-1/6) max|a0 - v|
  double q = 600.0 * std::fmax(std::fabs(a0 - x), std::fmax(std::fabs(a0 - y), std::fabs(a0 - z)));
  double scale = 1.0;
  double sum = 0.0;
  for (int n = 0; n < 200 && q * scale >= std::fabs(a); ++n) {
    double sx = std::sqrt(x);
    double sy = std::sqrt(y);
    double sz = std::sqrt(z);
    double lam = sx * sy + sx * sz + sy * sz;
    sum += scale / (sz * (z + lam));
    x = 0.25 * (x + lam);
    y = 0.25 * (y + lam);
    z = 0.25 * (z + lam);
    a = 0.25 * (a + lam);
    scale *= 0.25;
  }
  double X = (a0 - x0) / a * scale;
  double Y = (a0 - y0) / a * scale;
  double Z = -(X + Y) / 3.0;
  double xy = X * Y;
  double z2 = Z * Z;
  double e2 = xy - 6.0 * z2;
  double e3 = (3.0 * xy - 8.0 * z2) * Z;
  double e4 = 3.0 * (xy - z2) * z2;
  double e5 = xy * z2 * Z;
  double series = 1.0 - 3.0 * e2 / 14.0 + e3 / 6.0 + 9.0 * e2 * e2 / 88.0 - 3.0 * e4 / 22.0 -
                  9.0 * e2 * e3 / 52.0 + 3.0 * e5 / 26.0;
  return scale * series / (a * std::sqrt(a)) + 3.0 * sum;
}

// Reduces phi to [-pi/2, pi/2] by an even multiple n of pi/2, as Cephes (whose rounding of
// phi - n pi/2 SciPy's results carry).
CUPP_HD inline double ellip_reduce(double& phi) {
  double npio2 = std::floor(phi / pi_2);
  if (std::fmod(std::fabs(npio2), 2.0) == 1.0) {
    npio2 += 1;
  }
  phi = phi - npio2 * pi_2;
  return npio2;
}

// F(phi, m) = sin(phi) R_F(cos^2 phi, 1 - m sin^2 phi, 1) (DLMF 19.25.5).
CUPP_HD inline double ellipkinc(double phi, double m) {
  if (std::isnan(phi) || std::isnan(m) || m > 1.0) {
    return nan_v<double>();
  }
  if (std::isinf(phi) || std::isinf(m)) {
    if (std::isinf(m) && std::isfinite(phi)) {
      return 0.0;
    }
    if (std::isinf(phi) && std::isfinite(m)) {
      return phi;
    }
    return nan_v<double>();
  }
  if (m == 0.0) {
    return phi;
  }
  const double a = 1.0 - m;
  if (a == 0.0) {
    if (std::fabs(phi) >= pi_2) {
      return inf_v<double>();
    }
    return std::asinh(std::tan(phi)); // DLMF 19.6.8
  }
  double npio2 = ellip_reduce(phi);
  double K = npio2 != 0.0 ? ellpk(a) : 0.0;
  double sign = 1.0;
  if (phi < 0.0) {
    phi = -phi;
    sign = -1.0;
  }
  double s = std::sin(phi);
  double c = std::cos(phi);
  // 1 - m s^2 = c^2 + (1 - m) s^2 for 0 < m < 1: no cancellation near m s^2 = 1
  double d2 = m < 0.0 ? 1.0 - m * s * s : c * c + a * s * s;
  double f = s * carlson_rf(c * c, d2, 1.0);
  return sign * f + npio2 * K;
}

// E(phi, m): DLMF 19.25.9 for m < 0, DLMF 19.25.10 for 0 < m < 1 (sums of positive terms each).
CUPP_HD inline double ellipeinc(double phi, double m) {
  if (std::isnan(phi) || std::isnan(m) || m > 1.0) {
    return nan_v<double>();
  }
  if (std::isinf(phi)) {
    return phi;
  }
  if (std::isinf(m)) {
    return -m;
  }
  if (m == 0.0) {
    return phi;
  }
  double npio2 = ellip_reduce(phi);
  double sign = 1.0;
  if (phi < 0.0) {
    phi = -phi;
    sign = -1.0;
  }
  const double a = 1.0 - m;
  const double E = ellpe(m);
  double r;
  if (a == 0.0) {
    r = std::sin(phi);
  } else {
    double s = std::sin(phi);
    double c = std::cos(phi);
    double s2 = s * s;
    double c2 = c * c;
    if (m < 0.0) {
      double d2 = 1.0 - m * s2;
      r = s * carlson_rf(c2, d2, 1.0) - m / 3.0 * (s * s2) * carlson_rd(c2, d2, 1.0);
    } else {
      double d2 = c2 + a * s2;
      r = a * s * carlson_rf(c2, d2, 1.0) + m * a / 3.0 * (s * s2) * carlson_rd(c2, 1.0, d2) +
          m * s * c / std::sqrt(d2);
    }
  }
  return sign * r + npio2 * E;
}

// ---------------------------------------------------------------------------------------------
// Orthogonal polynomials of integer degree by their recurrences (SciPy's orthogonal_eval: the
// forms of Levrie & Piessens in differences d_k = p_k - p_(k-1) where they are more accurate near
// x = 1; power series near x = 0 where the value is small).

CUPP_HD inline double eval_legendre(std::int64_t n, double x) {
  if (n < 0) {
    n = -n - 1; // P_(-n-1) = P_n
  }
  if (n == 0) {
    return 1.0;
  }
  if (n == 1) {
    return x;
  }
  if (std::fabs(x) < 1e-5) {
    // power series about 0 (functions.wolfram.com 05.03.02)
    std::int64_t a = n / 2;
    double d = a % 2 == 0 ? 1.0 : -1.0;
    if (n == 2 * a) {
      d *= -2.0 / beta_impl::beta_real(static_cast<double>(a) + 1.0, -0.5);
    } else {
      d *= 2.0 * x / beta_impl::beta_real(static_cast<double>(a) + 1.0, 0.5);
    }
    double p = 0.0;
    const double dn = static_cast<double>(n);
    const double da = static_cast<double>(a);
    for (std::int64_t kk = 0; kk < a + 1; ++kk) {
      const double k = static_cast<double>(kk);
      p += d;
      d *= -2.0 * x * x * (da - k) * (2.0 * dn + 1.0 - 2.0 * da + 2.0 * k) /
           ((dn + 1.0 - 2.0 * da + 2.0 * k) * (dn + 2.0 - 2.0 * da + 2.0 * k));
      if (std::fabs(d) <= 1e-20 * std::fabs(p)) {
        break;
      }
    }
    return p;
  }
  double d = x - 1.0;
  double p = x;
  for (std::int64_t kk = 0; kk < n - 1; ++kk) {
    const double k = static_cast<double>(kk) + 1.0;
    d = ((2.0 * k + 1.0) / (k + 1.0)) * (x - 1.0) * p + (k / (k + 1.0)) * d;
    p = d + p;
  }
  return p;
}

// T_n by the recurrence in Clenshaw's form (Mason & Handscomb), T_(-n) = T_n.
CUPP_HD inline double eval_chebyt(std::int64_t n, double x) {
  if (n < 0) {
    n = -n;
  }
  double b2 = 0.0;
  double b1 = -1.0;
  double b0 = 0.0;
  const double x2 = 2.0 * x;
  for (std::int64_t m = 0; m < n + 1; ++m) {
    b2 = b1;
    b1 = b0;
    b0 = x2 * b1 - b2;
  }
  return (b0 - b2) / 2.0;
}

// U_n by the same recurrence, U_(-1) = 0 and U_(-n) = -U_(n-2).
CUPP_HD inline double eval_chebyu(std::int64_t n, double x) {
  double sign = 1.0;
  if (n == -1) {
    return 0.0;
  }
  if (n < -1) {
    n = -n - 2;
    sign = -1.0;
  }
  double b2 = 0.0;
  double b1 = -1.0;
  double b0 = 0.0;
  const double x2 = 2.0 * x;
  for (std::int64_t m = 0; m < n + 1; ++m) {
    b2 = b1;
    b1 = b0;
    b0 = x2 * b1 - b2;
  }
  return b0 * sign;
}

// Probabilists' Hermite He_n, NaN for n < 0.
CUPP_HD inline double eval_hermitenorm(std::int64_t n, double x) {
  if (std::isnan(x)) {
    return x;
  }
  if (n < 0) {
    return nan_v<double>();
  }
  if (n == 0) {
    return 1.0;
  }
  if (n == 1) {
    return x;
  }
  double y3 = 0.0;
  double y2 = 1.0;
  for (std::int64_t k = n; k > 1; --k) {
    double y1 = x * y2 - static_cast<double>(k) * y3;
    y3 = y2;
    y2 = y1;
  }
  return x * y2 - y3;
}

// Physicists' Hermite H_n(x) = 2^(n/2) He_n(sqrt(2) x).
CUPP_HD inline double eval_hermite(std::int64_t n, double x) {
  if (n < 0) {
    return nan_v<double>();
  }
  constexpr double sqrt2 = 1.41421356237309504880168872420969808;
  return eval_hermitenorm(n, sqrt2 * x) * std::pow(2.0, static_cast<double>(n) / 2.0);
}

// Generalized Laguerre L_n^(alpha), NaN for alpha <= -1, 0 for n < 0.
CUPP_HD inline double eval_genlaguerre(std::int64_t n, double alpha, double x) {
  if (alpha <= -1) {
    return nan_v<double>();
  }
  if (std::isnan(alpha) || std::isnan(x)) {
    return nan_v<double>();
  }
  if (n < 0) {
    return 0.0;
  }
  if (n == 0) {
    return 1.0;
  }
  if (n == 1) {
    return -x + alpha + 1.0;
  }
  double d = -x / (alpha + 1.0);
  double p = d + 1.0;
  for (std::int64_t kk = 0; kk < n - 1; ++kk) {
    const double k = static_cast<double>(kk) + 1.0;
    d = -x / (k + alpha + 1.0) * p + (k / (k + alpha + 1.0)) * d;
    p = d + p;
  }
  return binom(static_cast<double>(n) + alpha, static_cast<double>(n)) * p;
}

// Gegenbauer C_n^(alpha), 0 for n < 0.
CUPP_HD inline double eval_gegenbauer(std::int64_t n, double alpha, double x) {
  if (std::isnan(alpha) || std::isnan(x)) {
    return nan_v<double>();
  }
  if (n < 0) {
    return 0.0;
  }
  if (n == 0) {
    return 1.0;
  }
  if (n == 1) {
    return 2.0 * alpha * x;
  }
  if (alpha == 0.0) {
    // SciPy's hypergeometric form: Gamma(n) / Gamma(n + 1) / Gamma(0) 2F1(-n, n; 1/2; (1 - x)/2),
    // a zero with the sign of T_n(x) (= the 2F1)
    return 0.0 * eval_chebyt(n, x);
  }
  const double dn = static_cast<double>(n);
  if (std::fabs(x) < 1e-5) {
    // power series about 0 (functions.wolfram.com 05.09.02)
    std::int64_t a = n / 2;
    const double da = static_cast<double>(a);
    double d = a % 2 == 0 ? 1.0 : -1.0;
    d /= beta_impl::beta_real(alpha, 1.0 + da);
    if (n == 2 * a) {
      d /= (da + alpha);
    } else {
      d *= 2.0 * x;
    }
    double p = 0.0;
    for (std::int64_t kk = 0; kk < a + 1; ++kk) {
      const double k = static_cast<double>(kk);
      p += d;
      d *= -4.0 * x * x * (da - k) * (-da + alpha + k + dn) /
           ((dn + 1.0 - 2.0 * da + 2.0 * k) * (dn + 2.0 - 2.0 * da + 2.0 * k));
      if (std::fabs(d) <= 1e-20 * std::fabs(p)) {
        break;
      }
    }
    return p;
  }
  double d = x - 1.0;
  double p = x;
  for (std::int64_t kk = 0; kk < n - 1; ++kk) {
    const double k = static_cast<double>(kk) + 1.0;
    d = (2.0 * (k + alpha) / (k + 2.0 * alpha)) * (x - 1.0) * p + (k / (k + 2.0 * alpha)) * d;
    p = d + p;
  }
  if (std::fabs(alpha / dn) < 1e-8) {
    return 2.0 * alpha / dn * p; // binom(n + 2 alpha - 1, n) loses precision here
  }
  return binom(dn + 2.0 * alpha - 1.0, dn) * p;
}

// Jacobi P_n^(alpha, beta); negative n (SciPy's hypergeometric form) is not provided: NaN.
CUPP_HD inline double eval_jacobi(std::int64_t n, double alpha, double bet, double x) {
  if (n < 0) {
    return nan_v<double>();
  }
  if (n == 0) {
    return 1.0;
  }
  if (n == 1) {
    return 0.5 * (2.0 * (alpha + 1.0) + (alpha + bet + 2.0) * (x - 1.0));
  }
  double d = (alpha + bet + 2.0) * (x - 1.0) / (2.0 * (alpha + 1.0));
  double p = d + 1.0;
  for (std::int64_t kk = 0; kk < n - 1; ++kk) {
    const double k = static_cast<double>(kk) + 1.0;
    const double t = 2.0 * k + alpha + bet;
    d = ((t * (t + 1.0) * (t + 2.0)) * (x - 1.0) * p + 2.0 * k * (k + bet) * (t + 2.0) * d) /
        (2.0 * (k + alpha + 1.0) * (k + alpha + bet + 1.0) * t);
    p = d + p;
  }
  return binom(static_cast<double>(n) + alpha, static_cast<double>(n)) * p;
}

// SciPy's hypergeometric forms of the polynomials at non-integer degree n (orthogonal_eval.pxd:
// SciPy's double-degree loops; its integer loops are the recurrences above).
CUPP_NOINLINE CUPP_HD inline double eval_jacobi_real(double n, double alpha, double bet, double x) {
  return binom(n + alpha, n) *
         hyp_impl::hyp2f1(-n, n + alpha + bet + 1.0, alpha + 1.0, 0.5 * (1.0 - x));
}
CUPP_NOINLINE CUPP_HD inline double eval_gegenbauer_real(double n, double alpha, double x) {
  const double d =
      gamma_gamma_d(n + 2.0 * alpha) / gamma_gamma_d(1.0 + n) / gamma_gamma_d(2.0 * alpha);
  return d * hyp_impl::hyp2f1(-n, n + 2.0 * alpha, alpha + 0.5, 0.5 * (1.0 - x));
}
CUPP_NOINLINE CUPP_HD inline double eval_genlaguerre_real(double n, double alpha, double x) {
  if (alpha <= -1) {
    return nan_v<double>();
  }
  return binom(n + alpha, n) * hyp_impl::hyp1f1(-n, alpha + 1.0, x);
}

// A real degree that is an integer, as int64 for the recurrences; false for other values (which
// take the hypergeometric forms).
template <class T> CUPP_HD bool integer_degree(T n, std::int64_t& out) {
  if (!(std::fabs(n) < T(4.0e18)) || n != std::floor(n)) {
    return false;
  }
  out = static_cast<std::int64_t>(n);
  return true;
}

} // namespace misc_impl

// =============================================================================================
// Public kernels.

/// 10^x. Computed in T; exact for integer |x| <= 22 (double), <= 10 (float).
template <class T> CUPP_HD T exp10(T x) {
  if (std::isnan(x)) {
    return x;
  }
  constexpr bool is_float = std::is_same_v<T, float>;
  // SciPy's double version flushes below 10^-308.25 (no subnormal results).
  constexpr T hi = is_float ? T(38.6) : T(308.2547155599167);
  constexpr T lo = is_float ? T(-46) : T(-308.2547155599167);
  if (x > hi) {
    return misc_impl::inf_v<T>();
  }
  if (x < lo) {
    return T(0);
  }
  constexpr int exact_max = is_float ? 10 : 22;
  if (x == std::rint(x) && std::fabs(x) <= T(exact_max)) {
    // powers of ten up to 10^22 (10^10 in float) are exact; the squarings stay exact
    int e = static_cast<int>(std::fabs(x));
    T p = T(1);
    T b = T(10);
    while (e != 0) {
      if (e & 1) {
        p *= b;
      }
      b *= b;
      e >>= 1;
    }
    return x < 0 ? T(1) / p : p;
  }
  // 10^x = 2^n 10^r, r = x - n log10(2) with log10(2) split so that n * hi is exact
  constexpr T log2_10 = static_cast<T>(3.32192809488736234787);
  constexpr T lg2_hi = static_cast<T>(3.01025390625e-1);
  constexpr T lg2_lo = static_cast<T>(4.605038981195214e-6);
  constexpr T ln10_hi = is_float ? T(2.30258512f) : T(2.302585092994046);
  constexpr T ln10_lo = is_float ? T(-3.1975436e-08f) : T(-2.1707562233822494e-16);
  T n = std::floor(log2_10 * x + T(0.5));
  T r = x - n * lg2_hi;
  r -= n * lg2_lo;
  T t = r * ln10_hi;
  T tl = std::fma(r, ln10_hi, -t) + r * ln10_lo;
  T y = std::exp(t) * (T(1) + tl);
  return std::ldexp(y, static_cast<int>(n));
}

/// Riemann zeta(x) (scipy.special.zeta with one argument). Computed in double.
template <class T> CUPP_HD T zeta(T x) {
  return static_cast<T>(misc_impl::riemann_zeta(static_cast<double>(x)));
}

/// Hurwitz zeta(x, q) (scipy.special.zeta with two arguments). Computed in double.
template <class T> CUPP_HD T hurwitz_zeta(T x, T q) {
  return static_cast<T>(gamma_hurwitz_zeta_d(static_cast<double>(x), static_cast<double>(q)));
}

/// zeta(x) - 1. Computed in double.
template <class T> CUPP_HD T zetac(T x) {
  return static_cast<T>(misc_impl::zetac(static_cast<double>(x)));
}

/// Lambert W, branch k, of complex z. Computed in double.
template <class T>
CUPP_HD ::cuda::std::complex<T> lambertw(::cuda::std::complex<T> z, std::int64_t k) {
  auto r = misc_impl::lambertw(
      ::cuda::std::complex<double>(static_cast<double>(z.real()), static_cast<double>(z.imag())),
      k);
  return ::cuda::std::complex<T>(static_cast<T>(r.real()), static_cast<T>(r.imag()));
}

/// Generalized exponential integral E_n(x), integer order n. Computed in double.
template <class T> CUPP_HD T expn(std::int64_t n, T x) {
  return static_cast<T>(misc_impl::expn(n, static_cast<double>(x)));
}

/// E_n(x) with a real order, truncated to an integer as SciPy's "dd->d" loop (NaN when it does not
/// fit).
template <class T> CUPP_HD T expn(T n, T x) {
  if (!(std::fabs(n) < T(2147483648.0))) {
    return misc_impl::nan_v<T>();
  }
  return expn(static_cast<std::int64_t>(n), x);
}

/// Exponential integral E_1(x); NaN for x < 0 as SciPy. Computed in T.
template <class T> CUPP_HD T exp1(T x) { return misc_impl::exp1_real(x); }

/// E_1(z) for complex z. Computed in double.
template <class T> CUPP_HD ::cuda::std::complex<T> exp1(::cuda::std::complex<T> z) {
  auto r = misc_impl::exp1_complex(
      ::cuda::std::complex<double>(static_cast<double>(z.real()), static_cast<double>(z.imag())));
  return ::cuda::std::complex<T>(static_cast<T>(r.real()), static_cast<T>(r.imag()));
}

/// Exponential integral Ei(x). Computed in double.
template <class T> CUPP_HD T expi(T x) {
  return static_cast<T>(misc_impl::expi_real(static_cast<double>(x)));
}

/// Ei(z) for complex z. Computed in double.
template <class T> CUPP_HD ::cuda::std::complex<T> expi(::cuda::std::complex<T> z) {
  auto r = misc_impl::expi_complex(
      ::cuda::std::complex<double>(static_cast<double>(z.real()), static_cast<double>(z.imag())));
  return ::cuda::std::complex<T>(static_cast<T>(r.real()), static_cast<T>(r.imag()));
}

/// Sine and cosine integrals {Si(x), Ci(x)}; Ci(x) for x < 0 is the real part. Computed in double.
template <class T> CUPP_HD sici_result<T> sici(T x) {
  auto r = misc_impl::sici(static_cast<double>(x));
  return {static_cast<T>(r.si), static_cast<T>(r.ci)};
}

/// Hyperbolic sine and cosine integrals {Shi(x), Chi(x)}; Chi(x) for x < 0 is the real part.
/// Computed in double.
template <class T> CUPP_HD shichi_result<T> shichi(T x) {
  auto r = misc_impl::shichi(static_cast<double>(x));
  return {static_cast<T>(r.shi), static_cast<T>(r.chi)};
}

/// Fresnel integrals {S(x), C(x)}. Computed in T.
template <class T> CUPP_HD fresnel_result<T> fresnel(T x) { return misc_impl::fresnel(x); }

/// Complete elliptic integral of the first kind K(m). Computed in T.
template <class T> CUPP_HD T ellipk(T m) { return misc_impl::ellpk(T(1) - m); }

/// K(1 - p), accurate for small p. Computed in T.
template <class T> CUPP_HD T ellipkm1(T p) { return misc_impl::ellpk(p); }

/// Complete elliptic integral of the second kind E(m). Computed in T.
template <class T> CUPP_HD T ellipe(T m) { return misc_impl::ellpe(m); }

/// Incomplete elliptic integral of the first kind F(phi, m). Computed in double.
template <class T> CUPP_HD T ellipkinc(T phi, T m) {
  return static_cast<T>(misc_impl::ellipkinc(static_cast<double>(phi), static_cast<double>(m)));
}

/// Incomplete elliptic integral of the second kind E(phi, m). Computed in double.
template <class T> CUPP_HD T ellipeinc(T phi, T m) {
  return static_cast<T>(misc_impl::ellipeinc(static_cast<double>(phi), static_cast<double>(m)));
}

/// Binomial coefficient of real n, k (scipy.special.binom). Computed in double.
template <class T> CUPP_HD T binom(T n, T k) {
  return static_cast<T>(misc_impl::binom(static_cast<double>(n), static_cast<double>(k)));
}

/// scipy.special.comb(N, k, exact=False): binom(N, k) where 0 <= k <= N, else 0 (also for NaN).
template <class T> CUPP_HD T comb(T n, T k) {
  if (!(k <= n && n >= 0 && k >= 0)) {
    return T(0);
  }
  return binom(n, k);
}

/// scipy.special.perm(N, k, exact=False): poch(N - k + 1, k) where 0 <= k <= N, else 0.
template <class T> CUPP_HD T perm(T n, T k) {
  if (!(k <= n && n >= 0 && k >= 0)) {
    return T(0);
  }
  double dn = static_cast<double>(n);
  double dk = static_cast<double>(k);
  return static_cast<T>(misc_impl::poch(dn - dk + 1.0, dk));
}

/// scipy.special.factorial(n, exact=False): Gamma(n + 1), 0 for n < 0, NaN for NaN.
template <class T> CUPP_HD T factorial(T n) {
  if (std::isnan(n)) {
    return n;
  }
  if (n < 0) {
    return T(0);
  }
  return static_cast<T>(std::tgamma(static_cast<double>(n) + 1.0));
}

/// scipy.special.comb(N, k, exact=True) in uint64: 0 for k < 0, N < 0, k > N, and where the
/// result exceeds 2^64 - 1 (SciPy's Python integer does not overflow).
CUPP_HD inline std::uint64_t comb_exact(std::int64_t n, std::int64_t k) {
  if (n < 0 || k < 0 || k > n) {
    return 0;
  }
  if (k > n - k) {
    k = n - k;
  }
  std::uint64_t r = 1;
  const std::uint64_t un = static_cast<std::uint64_t>(n);
  for (std::uint64_t i = 1; i <= static_cast<std::uint64_t>(k); ++i) {
    // r = C(n - k + i - 1, i - 1); C(n - k + i, i) = r (n - k + i) / i, divided before multiplying
    std::uint64_t num = un - static_cast<std::uint64_t>(k) + i;
    std::uint64_t a = r;
    std::uint64_t b = i;
    while (b != 0) { // g = gcd(r, i)
      std::uint64_t t = a % b;
      a = b;
      b = t;
    }
    std::uint64_t g = a;
    std::uint64_t rr = r / g;
    std::uint64_t den = i / g; // divides num since the result is an integer
    std::uint64_t q = num / den;
    if (rr != 0 && q > std::numeric_limits<std::uint64_t>::max() / rr) {
      return 0;
    }
    r = rr * q;
  }
  return r;
}

/// scipy.special.perm(N, k, exact=True) in uint64: 0 for k < 0, N < 0, k > N, and on overflow.
CUPP_HD inline std::uint64_t perm_exact(std::int64_t n, std::int64_t k) {
  if (n < 0 || k < 0 || k > n) {
    return 0;
  }
  std::uint64_t r = 1;
  for (std::int64_t i = n - k + 1; i <= n; ++i) {
    const std::uint64_t f = static_cast<std::uint64_t>(i);
    if (f > std::numeric_limits<std::uint64_t>::max() / r) {
      return 0;
    }
    r *= f;
  }
  return r;
}

/// scipy.special.factorial(n, exact=True) in int64: 0 for n < 0 (SciPy's extend="zero") and for
/// n > 20, whose factorial overflows int64.
CUPP_HD inline std::int64_t factorial_exact(std::int64_t n) {
  if (n < 0 || n > 20) {
    return 0;
  }
  std::int64_t r = 1;
  for (std::int64_t i = 2; i <= n; ++i) {
    r *= i;
  }
  return r;
}

/// Legendre P_n(x), integer degree. Computed in double.
template <class T> CUPP_HD T eval_legendre(std::int64_t n, T x) {
  return static_cast<T>(misc_impl::eval_legendre(n, static_cast<double>(x)));
}
/// Legendre P_n(x) for a real degree: the recurrence for integer n, else SciPy's
/// 2F1(-n, n + 1; 1; (1 - x)/2).
template <class T> CUPP_HD T eval_legendre(T n, T x) {
  std::int64_t m;
  if (misc_impl::integer_degree(n, m)) return eval_legendre(m, x);
  const double dn = static_cast<double>(n);
  return static_cast<T>(hyp_impl::hyp2f1(-dn, dn + 1.0, 1.0, 0.5 * (1.0 - static_cast<double>(x))));
}

/// Chebyshev T_n(x), integer degree. Computed in double.
template <class T> CUPP_HD T eval_chebyt(std::int64_t n, T x) {
  return static_cast<T>(misc_impl::eval_chebyt(n, static_cast<double>(x)));
}
/// Chebyshev T_n(x) for a real degree: the recurrence for integer n, else SciPy's
/// 2F1(-n, n; 1/2; (1 - x)/2).
template <class T> CUPP_HD T eval_chebyt(T n, T x) {
  std::int64_t m;
  if (misc_impl::integer_degree(n, m)) return eval_chebyt(m, x);
  const double dn = static_cast<double>(n);
  return static_cast<T>(hyp_impl::hyp2f1(-dn, dn, 0.5, 0.5 * (1.0 - static_cast<double>(x))));
}

/// Chebyshev U_n(x), integer degree. Computed in double.
template <class T> CUPP_HD T eval_chebyu(std::int64_t n, T x) {
  return static_cast<T>(misc_impl::eval_chebyu(n, static_cast<double>(x)));
}
/// Chebyshev U_n(x) for a real degree: the recurrence for integer n, else SciPy's
/// (n + 1) 2F1(-n, n + 2; 3/2; (1 - x)/2).
template <class T> CUPP_HD T eval_chebyu(T n, T x) {
  std::int64_t m;
  if (misc_impl::integer_degree(n, m)) return eval_chebyu(m, x);
  const double dn = static_cast<double>(n);
  return static_cast<T>((dn + 1.0) *
                        hyp_impl::hyp2f1(-dn, dn + 2.0, 1.5, 0.5 * (1.0 - static_cast<double>(x))));
}

/// Physicists' Hermite H_n(x) (SciPy has integer n only). Computed in double.
template <class T> CUPP_HD T eval_hermite(std::int64_t n, T x) {
  return static_cast<T>(misc_impl::eval_hermite(n, static_cast<double>(x)));
}

/// Probabilists' Hermite He_n(x) (SciPy has integer n only). Computed in double.
template <class T> CUPP_HD T eval_hermitenorm(std::int64_t n, T x) {
  return static_cast<T>(misc_impl::eval_hermitenorm(n, static_cast<double>(x)));
}

/// Generalized Laguerre L_n^(alpha)(x), integer degree. Computed in double.
template <class T> CUPP_HD T eval_genlaguerre(std::int64_t n, T alpha, T x) {
  return static_cast<T>(
      misc_impl::eval_genlaguerre(n, static_cast<double>(alpha), static_cast<double>(x)));
}
/// L_n^(alpha)(x) for a real degree: the recurrence for integer n, else SciPy's
/// binom(n + alpha, n) 1F1(-n; alpha + 1; x) (NaN for alpha <= -1).
template <class T> CUPP_HD T eval_genlaguerre(T n, T alpha, T x) {
  std::int64_t m;
  if (misc_impl::integer_degree(n, m)) return eval_genlaguerre(m, alpha, x);
  return static_cast<T>(misc_impl::eval_genlaguerre_real(
      static_cast<double>(n), static_cast<double>(alpha), static_cast<double>(x)));
}

/// Laguerre L_n(x), integer degree. Computed in double.
template <class T> CUPP_HD T eval_laguerre(std::int64_t n, T x) {
  return static_cast<T>(misc_impl::eval_genlaguerre(n, 0.0, static_cast<double>(x)));
}
/// Laguerre L_n(x) for a real degree: the recurrence for integer n, else SciPy's
/// 1F1(-n; 1; x) form (eval_genlaguerre with alpha = 0).
template <class T> CUPP_HD T eval_laguerre(T n, T x) {
  std::int64_t m;
  if (misc_impl::integer_degree(n, m)) return eval_laguerre(m, x);
  return static_cast<T>(
      misc_impl::eval_genlaguerre_real(static_cast<double>(n), 0.0, static_cast<double>(x)));
}

/// Gegenbauer C_n^(alpha)(x), integer degree. Computed in double.
template <class T> CUPP_HD T eval_gegenbauer(std::int64_t n, T alpha, T x) {
  return static_cast<T>(
      misc_impl::eval_gegenbauer(n, static_cast<double>(alpha), static_cast<double>(x)));
}
/// C_n^(alpha)(x) for a real degree: the recurrence for integer n, else SciPy's
/// Gamma(n + 2 alpha) / Gamma(n + 1) / Gamma(2 alpha) 2F1(-n, n + 2 alpha; alpha + 1/2; (1-x)/2).
template <class T> CUPP_HD T eval_gegenbauer(T n, T alpha, T x) {
  std::int64_t m;
  if (misc_impl::integer_degree(n, m)) return eval_gegenbauer(m, alpha, x);
  return static_cast<T>(misc_impl::eval_gegenbauer_real(
      static_cast<double>(n), static_cast<double>(alpha), static_cast<double>(x)));
}

/// Jacobi P_n^(alpha, beta)(x), integer degree (the hypergeometric form for n < 0). Computed in
/// double.
template <class T> CUPP_HD T eval_jacobi(std::int64_t n, T alpha, T beta, T x) {
  if (n < 0) { // SciPy's integer loop: the hypergeometric form
    return static_cast<T>(
        misc_impl::eval_jacobi_real(static_cast<double>(n), static_cast<double>(alpha),
                                    static_cast<double>(beta), static_cast<double>(x)));
  }
  return static_cast<T>(misc_impl::eval_jacobi(n, static_cast<double>(alpha),
                                               static_cast<double>(beta), static_cast<double>(x)));
}
/// P_n^(alpha, beta)(x) for a real degree: the recurrence for integer n >= 0, else (non-integer
/// and negative n) SciPy's binom(n + alpha, n) 2F1(-n, n + alpha + beta + 1; alpha + 1; (1-x)/2).
template <class T> CUPP_HD T eval_jacobi(T n, T alpha, T beta, T x) {
  std::int64_t m;
  if (misc_impl::integer_degree(n, m) && m >= 0) return eval_jacobi(m, alpha, beta, x);
  return static_cast<T>(
      misc_impl::eval_jacobi_real(static_cast<double>(n), static_cast<double>(alpha),
                                  static_cast<double>(beta), static_cast<double>(x)));
}

/// The shifted polynomials (SciPy's eval_sh_legendre, eval_sh_chebyt, eval_sh_chebyu,
/// eval_sh_jacobi): P_n(2x - 1), T_n(2x - 1), U_n(2x - 1) and
/// P_n^(p-q, q-1)(2x - 1) / binom(2n + p - 1, n), integer or real degree as above.
template <class T> CUPP_HD T eval_sh_legendre(T n, T x) {
  return static_cast<T>(eval_legendre(static_cast<double>(n), 2.0 * static_cast<double>(x) - 1.0));
}
template <class T> CUPP_HD T eval_sh_chebyt(T n, T x) {
  return static_cast<T>(eval_chebyt(static_cast<double>(n), 2.0 * static_cast<double>(x) - 1.0));
}
template <class T> CUPP_HD T eval_sh_chebyu(T n, T x) {
  return static_cast<T>(eval_chebyu(static_cast<double>(n), 2.0 * static_cast<double>(x) - 1.0));
}
template <class T> CUPP_HD T eval_sh_jacobi(T n, T p, T q, T x) {
  const double dn = static_cast<double>(n);
  const double dp = static_cast<double>(p);
  const double dq = static_cast<double>(q);
  return static_cast<T>(eval_jacobi(dn, dp - dq, dq - 1.0, 2.0 * static_cast<double>(x) - 1.0) /
                        misc_impl::binom(2.0 * dn + dp - 1.0, dn));
}

} // namespace cupx::special::detail
