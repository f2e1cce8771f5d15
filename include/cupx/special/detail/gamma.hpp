#pragma once
/// \file
/// Scalar kernels of scipy.special's gamma family: gamma, gammaln, loggamma, rgamma, gammasgn,
/// digamma (psi), polygamma, multigammaln, the regularized incomplete gamma functions gammainc and
/// gammaincc and their inverses in x, gammaincinv and gammainccinv.
///
/// Each is a `CUPP_HD` template for float and double (complex overloads where SciPy has them),
/// matching SciPy's special values (poles, NaN, signed zeros). Double follows Cephes' and Boost's
/// algorithms as SciPy's xsf does; float computes in float where that is accurate to a few ulps
/// (digamma, gammaln, and gamma through CUDA's tgammaf on the GPU) and in double elsewhere, as
/// SciPy does for float32.
///
/// Helpers are named `gamma_*` so that sibling headers in this namespace cannot clash with them.

#include <cupp/core/complex.hpp>
#include <cupp/core/config.hpp>
#include <cupx/special/detail/polynomial.hpp>

#include <cmath>
#include <limits>
#include <type_traits>

namespace cupx::special::detail {

// ------------------------------------------------------------------------------------------------
// Utilities

template <class T> CUPP_HD constexpr T gamma_nan() { return std::numeric_limits<T>::quiet_NaN(); }
template <class T> CUPP_HD constexpr T gamma_inf() { return std::numeric_limits<T>::infinity(); }

CUPP_HD constexpr double gamma_pi() { return 3.14159265358979323846; }
CUPP_HD constexpr double gamma_euler() { return 0.57721566490153286061; }
CUPP_HD constexpr double gamma_logpi() { return 1.14472988584940017414; }      // log(pi)
CUPP_HD constexpr double gamma_ls2pi() { return 0.91893853320467274178; }      // log(sqrt(2 pi))
CUPP_HD constexpr double gamma_machep() { return 1.11022302462515654042e-16; } // 2**-53

// Horner's rule, highest degree first (the order of Cephes' polevl). The coefficients are
// arguments, not a table, so that device code gets them as immediates.
template <class T> CUPP_HD T gamma_horner(T, T acc) { return acc; }
template <class T, class... C> CUPP_HD T gamma_horner(T x, T acc, double c, C... rest) {
  return gamma_horner<T>(x, acc * x + T(c), rest...);
}
template <class T, class... C> CUPP_HD T gamma_polevl(T x, double c0, C... rest) {
  return gamma_horner<T>(x, T(c0), rest...);
}

// Clenshaw's recurrence for a Chebyshev series (Cephes' chbevl), first coefficient first.
CUPP_HD inline double gamma_chbevl(double, double b0, double, double b2) { return 0.5 * (b0 - b2); }
template <class... C>
CUPP_HD double gamma_chbevl(double x, double b0, double b1, double, double c, C... rest) {
  return gamma_chbevl(x, x * b0 - b1 + c, b0, b1, rest...);
}

// log(1 + x) - x without cancellation for small |x|: with u = x / (2 + x), log(1 + x) = 2 atanh(u)
// and 2u - x = -x u, so log(1 + x) - x = -x u + 2 u^3 sum_k u^(2k) / (2k + 3).
// gamma_log1pmx_02 for |x| <= 0.2 (u^2 <= 0.0124, 9 terms), gamma_log1pmx_04 for |x| <= 0.4
// (u^2 <= 0.0625, 14 terms); both to below 1e-17 relative.
CUPP_HD inline double gamma_log1pmx_02(double x) {
  const double u = x / (2.0 + x);
  const double u2 = u * u;
  const double s = gamma_polevl(u2, 1.0 / 19, 1.0 / 17, 1.0 / 15, 1.0 / 13, 1.0 / 11, 1.0 / 9,
                                1.0 / 7, 1.0 / 5, 1.0 / 3);
  return -x * u + 2.0 * u * u2 * s;
}
CUPP_HD inline double gamma_log1pmx_04(double x) {
  const double u = x / (2.0 + x);
  const double u2 = u * u;
  const double s =
      gamma_polevl(u2, 1.0 / 29, 1.0 / 27, 1.0 / 25, 1.0 / 23, 1.0 / 21, 1.0 / 19, 1.0 / 17,
                   1.0 / 15, 1.0 / 13, 1.0 / 11, 1.0 / 9, 1.0 / 7, 1.0 / 5, 1.0 / 3);
  return -x * u + 2.0 * u * u2 * s;
}

// ------------------------------------------------------------------------------------------------
// Gamma, log|Gamma|, 1/Gamma and the sign of Gamma on the real line (Cephes gamma.c, rgamma.c)

CUPP_HD constexpr double gamma_maxgam() { return 171.624376956302725; }

// Stirling's formula with Cephes' correction polynomial, valid for 33 <= x <= MAXGAM.
CUPP_HD inline double gamma_stirf(double x) {
  if (x >= gamma_maxgam()) return gamma_inf<double>();
  double w = 1.0 / x;
  w = 1.0 + w * gamma_polevl(w, 7.87311395793093628397E-4, -2.29549961613378126380E-4,
                             -2.68132617805781232825E-3, 3.47222221605458667310E-3,
                             8.33333333333482257126E-2);
  double y = std::exp(x);
  if (x > 143.01608) { // pow would overflow: take it in two halves
    const double v = std::pow(x, 0.5 * x - 0.25);
    y = v * (v / y);
  } else {
    y = std::pow(x, x - 0.5) / y;
  }
  return 2.50662827463100050242 * y * w;
}

// Cephes' Gamma: reduction to [2, 3) and a 6/7 rational there; Stirling with reflection past 33.
CUPP_HD inline double gamma_gamma_d(double x) {
  if (!std::isfinite(x)) return x > 0 ? x : gamma_nan<double>();
  if (x == 0) return std::copysign(gamma_inf<double>(), x);
  const double q = std::fabs(x);
  if (q > 33.0) {
    if (x >= 0) return gamma_stirf(x);
    double p = std::floor(q);
    if (p == q) return gamma_nan<double>();
    const double sgngam = (std::fmod(p, 2.0) == 0) ? -1.0 : 1.0;
    double z = q - p;
    if (z > 0.5) {
      p += 1.0;
      z = q - p;
    }
    z = std::fabs(q * sinpi(z));
    if (z == 0.0) return sgngam * gamma_inf<double>();
    return sgngam * (gamma_pi() / (z * gamma_stirf(q)));
  }
  // Recurrences carried as one numerator and one denominator, so that one division remains.
  double num = 1.0, den = 1.0;
  while (x >= 3.0) {
    x -= 1.0;
    num *= x;
  }
  bool small = false;
  while (x < 0.0) {
    if (x > -1.E-9) {
      small = true;
      break;
    }
    den *= x;
    x += 1.0;
  }
  if (!small) {
    while (x < 2.0) {
      if (x < 1.e-9) {
        small = true;
        break;
      }
      den *= x;
      x += 1.0;
    }
  }
  if (small) {
    if (x == 0.0) return gamma_nan<double>(); // x started as a negative integer
    return num / (den * ((1.0 + gamma_euler() * x) * x));
  }
  if (x == 2.0) return num / den;
  x -= 2.0;
  const double p =
      gamma_polevl(x, 1.60119522476751861407E-4, 1.19135147006586384913E-3,
                   1.04213797561761569935E-2, 4.76367800457137231464E-2, 2.07448227648435975150E-1,
                   4.94214826801497100753E-1, 9.99999999999999996796E-1);
  const double qq =
      gamma_polevl(x, -2.31581873324120129819E-5, 5.39605580493303397842E-4,
                   -4.45641913851797240494E-3, 1.18139785222060435552E-2, 3.58236398605498653373E-2,
                   -2.34591795718243348568E-1, 7.14304917030273074085E-2, 1.00000000000000000320E0);
  return (num * p) / (den * qq);
}

// log Gamma(2 + t) for t in [0, 1] (Cephes lgam's B/C rational).
CUPP_HD inline double gamma_lgam2p(double t) {
  return t *
         gamma_polevl(t, -1.37825152569120859100E3, -3.88016315134637840924E4,
                      -3.31612992738871184744E5, -1.16237097492762307383E6,
                      -1.72173700820839662146E6, -8.53555664245765465627E5) /
         gamma_polevl(t, 1.0, -3.51815701436523470549E2, -1.70642106651881159223E4,
                      -2.20528590553854454839E5, -1.13933444367982507207E6,
                      -2.53252307177582951285E6, -2.01889141433532773231E6);
}

// Stirling's series for log Gamma(x), x >= 13 (Cephes lgam).
CUPP_HD inline double gamma_lgam_stirling(double x) {
  if (x > 2.556348e305) return gamma_inf<double>();
  const double q = (x - 0.5) * std::log(x) - x + gamma_ls2pi();
  if (x > 1.0e8) return q;
  const double p = 1.0 / (x * x);
  if (x >= 1000.0)
    return q + ((7.9365079365079365079365e-4 * p - 2.7777777777777777777778e-3) * p +
                0.0833333333333333333333) /
                   x;
  return q + gamma_polevl(p, 8.11614167470508450300E-4, -5.95061904284301438324E-4,
                          7.93650340457716943945E-4, -2.77777777730099687205E-3,
                          8.33333333333331927722E-2) /
                 x;
}

// log Gamma(z) for 0 < z < 3 given zm1 = z - 1 and zm2 = z - 2 exactly (Boost's lgamma_small_imp
// for 64 bits): rationals of the form (z - 1)(z - 2)(Y + R) keep relative accuracy at the roots
// 1 and 2, where Cephes' reduction to [2, 3) cancels.
CUPP_HD inline double gamma_lgam_small(double z, double zm1, double zm2) {
  if (zm1 == 0 || zm2 == 0) return 0.0;
  double result = 0.0;
  if (z > 2) {
    const double r = zm2 * (z + 1);
    const double rr = gamma_polevl(zm2, -0.324588649825948492091e-4, -0.541009869215204396339e-3,
                                   -0.259453563205438108893e-3, 0.172491608709613993966e-1,
                                   0.494103151567532234274e-1, 0.25126649619989678683e-1,
                                   -0.180355685678449379109e-1) /
                      gamma_polevl(zm2, -0.223352763208617092964e-6, 0.224936291922115757597e-3,
                                   0.82130967464889339326e-2, 0.988504251128010129477e-1,
                                   0.541391432071720958364e0, 0.148019669424231326694e1,
                                   0.196202987197795200688e1, 0.1e1);
    return r * 0.158963680267333984375 + r * rr;
  }
  if (z < 1) { // log Gamma(z) = log Gamma(z + 1) - log z
    result = -std::log(z);
    zm2 = zm1;
    zm1 = z;
    z += 1;
  }
  if (z <= 1.5) {
    const double rr = gamma_polevl(zm1, -0.100346687696279557415e-2, -0.240149820648571559892e-1,
                                   -0.158413586390692192217e0, -0.406567124211938417342e0,
                                   -0.414983358359495381969e0, -0.969117530159521214579e-1,
                                   0.490622454069039543534e-1) /
                      gamma_polevl(zm1, 0.195768102601107189171e-2, 0.577039722690451849648e-1,
                                   0.507137738614363510846e0, 0.191415588274426679201e1,
                                   0.348739585360723852576e1, 0.302349829846463038743e1, 0.1e1);
    const double prefix = zm1 * zm2;
    return result + (prefix * 0.52815341949462890625 + prefix * rr);
  }
  const double r = zm2 * zm1;
  const double rr = gamma_polevl(-zm2, 0.431171342679297331241e-3, -0.850535976868336437746e-2,
                                 0.542809694055053558157e-1, -0.142440390738631274135e0,
                                 0.144216267757192309184e0, -0.292329721830270012337e-1) /
                    gamma_polevl(-zm2, -0.827193521891290553639e-6, -0.100666795539143372762e-2,
                                 0.25582797155975869989e-1, -0.220095151814995745555e0,
                                 0.846973248876495016101e0, -0.150169356054485044494e1, 0.1e1);
  return result + (r * 0.452017307281494140625 + r * rr);
}

// log|Gamma(x)|: Cephes' lgam, with Boost's rationals on (0, 3).
CUPP_HD inline double gamma_lgam_d(double x) {
  if (x > 0 && x < 3.0) return gamma_lgam_small(x, x - 1.0, x - 2.0);
  if (!std::isfinite(x)) return x; // SciPy: lgam(-inf) = -inf
  if (x < -34.0) {
    const double q = -x;
    const double w = gamma_lgam_stirling(q);
    double p = std::floor(q);
    if (p == q) return gamma_inf<double>();
    double z = q - p;
    if (z > 0.5) {
      p += 1.0;
      z = p - q;
    }
    z = q * sinpi(z);
    if (z == 0.0) return gamma_inf<double>();
    return gamma_logpi() - std::log(z) - w;
  }
  if (x < 13.0) {
    double num = 1.0, den = 1.0, p = 0.0, u = x;
    while (u >= 3.0) {
      p -= 1.0;
      u = x + p;
      num *= u;
    }
    while (u < 2.0) {
      if (u == 0.0) return gamma_inf<double>();
      den *= u;
      p += 1.0;
      u = x + p;
    }
    const double z = std::fabs(num / den);
    if (u == 2.0) return std::log(z);
    return std::log(z) + gamma_lgam2p(x + (p - 2.0));
  }
  return gamma_lgam_stirling(x);
}

// 1/x in float: a correctly rounded reciprocal (one MUFU.RCP and a Newton step on the GPU, no
// division slow path), the same value as the host's 1.0f / x.
CUPP_HD inline float gamma_rcp_f(float x) {
#if defined(__CUDA_ARCH__)
  return __frcp_rn(x);
#else
  return 1.0f / x;
#endif
}

// ln x in float for the argument reduction of the polynomials below 0.5: the GPU's MUFU.LG2
// (1.1e-7 absolute error at most, where the result there is at least 0.57), the host's log. For
// a normal x (`Normal`) without the scaling of subnormal arguments that __log2f adds (four
// instructions of about fifty an element of gammaln).
template <bool Normal = false> CUPP_HD float gamma_ln_fast_f(float x) {
#if defined(__CUDA_ARCH__)
  float l;
  if constexpr (Normal) {
    asm("lg2.approx.ftz.f32 %0, %1;" : "=f"(l) : "f"(x));
  } else {
    l = __log2f(x);
  }
  return l * 0.6931471805599453f;
#else
  return std::log(x);
#endif
}

// log Gamma(x) in float for 0 < x < 4: log Gamma(z) = (z - 1)(z - 2) g(z), g a polynomial in
// z - 1.25 of degree 13 on [0.5, 2] and in z - 3 of degree 8 on [2, 4] (least-squares fits to
// mpmath at Chebyshev nodes, 2.1e-7 relative error at most in float arithmetic), with z = x + 1
// and log Gamma(x) = log Gamma(z) - ln x below 0.5 (`ln_x`, read there only); the root factors
// come exactly from x, so log Gamma keeps its relative accuracy at 1 and 2. No branch and no
// accurate log: the function is bound by instructions, and a branch would split the elements of a
// thread's vector apart.
CUPP_HD inline float gamma_lgam_poly_f(float x, float ln_x) {
  const bool lo = x < 0.5f, hi = x >= 2.0f;
  const float f1 = lo ? x : x - 1.0f;          // z - 1
  const float f2 = lo ? x - 1.0f : x - 2.0f;   // z - 2
  const float t1 = lo ? x - 0.25f : x - 1.25f; // z - 1.25
  const float g1 = gamma_polevl(t1, -0.0074384126877762476, 0.008985085880872953,
                                0.0026855308838347014, -0.001823084678690952, -0.009110528709711265,
                                0.011261819238657177, -0.01116197616589503, 0.016248821059422647,
                                -0.024399143921685913, 0.03621579421212438, -0.056268520949800276,
                                0.09456366113307402, -0.18455846021929578, 0.5241164731687278);
  const float g2 =
      gamma_polevl(x - 3.0f, 8.373549366093302e-06, -2.7071001896649367e-05, 7.210429246497924e-05,
                   -0.0002502135591783125, 0.0009024148776764288, -0.0033334548944778794,
                   0.01314897041699225, -0.05846812849126319, 0.3465735918563253);
  return f1 * f2 * (hi ? g2 : g1) - (lo ? ln_x : 0.0f);
}

// log Gamma(x) in float for x > 0: Stirling with four Bernoulli terms from 4 on, the
// polynomials below.
CUPP_HD inline float gamma_lgam_pos_f(float x) {
  if (x >= 4.0f) {
    const float lg = std::log(x);
    const float r = gamma_rcp_f(x);
    const float w = r * r;
    const float corr = r * gamma_polevl(w, -1.0 / 1680, 1.0 / 1260, -1.0 / 360, 1.0 / 12);
    return x * (lg - 1.0f) - 0.5f * lg + (static_cast<float>(gamma_ls2pi()) + corr);
  }
  return gamma_lgam_poly_f(x, gamma_ln_fast_f(x));
}

// log|Gamma(x)| in float (SciPy's gammaln): the normal x below 4 first, behind one test (a test
// and a branch each for x > 0, x = inf and x >= 4 took about seven instructions an element);
// reflection for x < 0, log|Gamma(x)| = log(pi / |sin(pi x)|) - log Gamma(1 - x).
CUPP_HD inline float gamma_lgam_f(float x) {
  if (x >= std::numeric_limits<float>::min() && x < 4.0f)
    return gamma_lgam_poly_f(x, gamma_ln_fast_f<true>(x));
  if (x > 0.0f) return x == gamma_inf<float>() ? x : gamma_lgam_pos_f(x);
  if (std::isnan(x)) return x;
  if (x == -gamma_inf<float>()) return x; // SciPy: -inf
  const float r = x - std::rint(x);
  if (r == 0.0f) return gamma_inf<float>(); // poles, and 0
  const float sn = std::fabs(std::sin(static_cast<float>(gamma_pi()) * r));
  return static_cast<float>(gamma_logpi()) - std::log(sn) - gamma_lgam_pos_f(1.0f - x);
}

// 1/Gamma(1 + x) for x in [0, 1] (Cephes rgamma's Chebyshev series of 1/(x Gamma(x)) - 1).
CUPP_HD inline double gamma_rgamma1p_01(double x) {
  return 1.0 + gamma_chbevl(
                   4.0 * x - 2.0, 3.13173458231230000000E-17, 0.0, 0.0, -6.70718606477908000000E-16,
                   2.20039078172259550000E-15, 2.47691630348254132600E-13,
                   -6.60074100411295197440E-12, 5.13850186324226978840E-11,
                   1.08965386454418662084E-9, -3.33964630686836942556E-8, 2.68975996440595483619E-7,
                   2.96001177518801696639E-6, -8.04814124978471142852E-5, 4.16609138709688864714E-4,
                   5.06579864028608725080E-3, -6.41925436109158228810E-2,
                   -4.98558728684003594785E-3, 1.27546015610523951063E-1);
}

CUPP_HD inline double gamma_rgamma_d(double x) {
  if (x == 0) return x; // keeps the sign of zero
  if (x < 0 && x == std::floor(x)) return 0.0;
  if (std::fabs(x) > 4.0) return 1.0 / gamma_gamma_d(x);
  double num = 1.0, den = 1.0, w = x;
  while (w > 1.0) {
    w -= 1.0;
    num *= w;
  }
  while (w < 0.0) {
    den *= w;
    w += 1.0;
  }
  if (w == 0.0) return 0.0;
  if (w == 1.0) return den / num;
  return w * gamma_rgamma1p_01(w) * den / num;
}

CUPP_HD inline double gamma_gammasgn_d(double x) {
  if (std::isnan(x)) return x;
  if (x > 0) return 1.0;
  if (x == 0) return std::copysign(1.0, x);
  if (std::isinf(x)) return gamma_nan<double>();
  const double fx = std::floor(x);
  if (x - fx == 0.0) return gamma_nan<double>();
  // sign of Gamma on (-n, -n + 1) is (-1)**n
  return std::fmod(fx, 2.0) != 0 ? -1.0 : 1.0;
}

// ------------------------------------------------------------------------------------------------
// Digamma on the real line

CUPP_HD constexpr double gamma_psi_negroot_hi() { return -0.5040830082644554; }
CUPP_HD constexpr double gamma_psi_negroot_lo() { return -8.15428206243813e-18; }
CUPP_HD constexpr double gamma_psi_posroot_hi() { return 1.4616321449683622; }
CUPP_HD constexpr double gamma_psi_posroot_lo() { return 9.549995429965697e-17; }

// psi(z) for |z - r| < 0.3, r = -0.50408... the first negative root. With dz = z - r and
// psi(z) = psi(z + 2) - 1/z - 1/(z + 1):
//   psi(z) = dz (T(dz) + 1/(z r) + 1/((z + 1)(r + 1)))
// where T is the Taylor series of (psi(z + 2) - psi(r + 2)) / dz, whose radius is 1.49 (the poles
// are split off exactly), so 24 terms reach 1e-17 for |dz| < 0.3 (coefficients from mpmath).
template <class Z> CUPP_HD Z gamma_psi_near_negroot(Z z) {
  const Z dz = (z - gamma_psi_negroot_hi()) - gamma_psi_negroot_lo();
  const Z t = gamma_polevl(
      dz, -4.2394920051921816924e-5, 6.3419398606711277986e-5, -9.4870448898580409259e-5,
      1.4191904779929248642e-4, -2.1230094089949748177e-4, 3.1758914424013571707e-4,
      -4.7509838492791368776e-4, 7.107361968853116566e-4, -1.0632734592477786176e-3,
      1.5907466485162270807e-3, -2.3800699508096241055e-3, 3.5615020417106057521e-3,
      -5.3305093968389752529e-3, 7.981037191019602988e-3, -1.1956729288150052842e-2,
      1.7931311290499935745e-2, -2.6938776410793625807e-2, 4.0595095830363757243e-2,
      -6.1506005453736369612e-2, 9.4105572311586343814e-2, -1.4666629432368012527e-1,
      2.3722825947363897237e-1, -4.172895303446859523e-1, 9.3819796908341125715e-1);
  const double r = gamma_psi_negroot_hi();
  return dz * (t + 1.0 / (z * r) + 1.0 / ((z + 1.0) * (r + 1.0)));
}

// psi(z) for |z - p| < 0.5, p = 1.46163... the positive root, for complex z: as above with
// psi(z) = psi(z + 1) - 1/z, T the Taylor series of (psi(z + 1) - psi(p + 1)) / dz (radius 2.46).
template <class Z> CUPP_HD Z gamma_psi_near_posroot(Z z) {
  const Z dz = (z - gamma_psi_posroot_hi()) - gamma_psi_posroot_lo();
  const Z t = gamma_polevl(
      dz, -1.6577065288159065706e-10, 4.0809944398429197261e-10, -1.0047053252261423374e-9,
      2.4736122109130629807e-9, -6.0905009649472028722e-9, 1.4997352474786389709e-8,
      -3.693455786264937921e-8, 9.0976949784535529777e-8, -2.2415234161033081004e-7,
      5.524792977920754427e-7, -1.3624395717959079819e-6, 3.362359445843888218e-6,
      -8.3068597750039726021e-6, 2.0554141253952390132e-5, -5.0971902554507422621e-5,
      1.2681672819655790975e-4, -3.1703682440169428869e-4, 7.9831095882901977988e-4,
      -2.032481822549172619e-3, 5.2655918721175501877e-3, -1.4039965293930433179e-2,
      3.9397097335798850131e-2, -1.2251567278862602347e-1, 4.9958821066342543787e-1);
  return dz * (t + 1.0 / (z * gamma_psi_posroot_hi()));
}

// psi on [1, 2] (Boost's digamma_imp_1_2 for 53 bits, as in Cephes psi of SciPy):
// (x - root) (Y + R(x - 1)), the root subtracted in three parts.
CUPP_HD inline double gamma_psi_1_2(double x) {
  double g = x - 1569415565.0 / 1073741824.0;
  g -= (381566830.0 / 1073741824.0) / 1073741824.0;
  g -= 0.9016312093258695918615325266959189453125e-19;
  const double t = x - 1.0;
  const double r =
      gamma_polevl(t, -0.0020713321167745952, -0.045251321448739056, -0.28919126444774784,
                   -0.65031853770896507, -0.32555031186804491, 0.25479851061131551) /
      gamma_polevl(t, -0.55789841321675513e-6, 0.0021284987017821144, 0.054151797245674225,
                   0.43593529692665969, 1.4606242909763515, 2.0767117023730469, 1.0);
  return g * 0.99558162689208984 + g * r;
}

// Asymptotic series of psi for x >= 10 (Cephes psi).
CUPP_HD inline double gamma_psi_asy(double x) {
  double y = 0.0;
  if (x < 1.0e17) {
    const double z = 1.0 / (x * x);
    y = z * gamma_polevl(z, 8.33333333333333333333E-2, -2.10927960927960927961E-2,
                         7.57575757575757575758E-3, -4.16666666666666666667E-3,
                         3.96825396825396825397E-3, -8.33333333333333333333E-3,
                         8.33333333333333333333E-2);
  }
  return std::log(x) - (0.5 / x) - y;
}

// pi cot(pi x) for non-integer x, reduced exactly to |pi x| <= pi/4 so that tan stays well
// conditioned (Cephes' -pi/tan(pi modf(x)) loses up to 1e-6 relative just above negative
// integers).
template <class T> CUPP_HD T gamma_picot(T x) {
  const T pi = static_cast<T>(gamma_pi());
  const T r = x - std::rint(x);
  if (std::fabs(r) <= T(0.25)) return pi / std::tan(pi * r);
  if (r > 0) return pi * std::tan(pi * (T(0.5) - r));
  return -pi * std::tan(pi * (T(0.5) + r));
}

// SciPy's digamma: Cephes psi, with the series about the first negative root.
CUPP_HD inline double gamma_psi_d(double x) {
  if (std::fabs(x - gamma_psi_negroot_hi()) < 0.3) return gamma_psi_near_negroot(x);
  double y = 0.0;
  if (std::isnan(x)) return x;
  if (x == gamma_inf<double>()) return x;
  if (x == -gamma_inf<double>()) return gamma_nan<double>();
  if (x == 0) return std::copysign(gamma_inf<double>(), -x);
  if (x < 0.0) { // reflection: psi(x) = psi(1 - x) - pi cot(pi x)
    if (x == std::floor(x)) return gamma_nan<double>();
    y = -gamma_picot(x);
    x = 1.0 - x;
  }
  if (x <= 10.0 && x == std::floor(x)) { // harmonic numbers
    const int n = static_cast<int>(x);
    for (int i = 1; i < n; i++)
      y += 1.0 / i;
    return y - gamma_euler();
  }
  if (x < 1.0) {
    y -= 1.0 / x;
    x += 1.0;
  } else if (x < 10.0) {
    while (x > 2.0) {
      x -= 1.0;
      y += 1.0 / x;
    }
  }
  if (1.0 <= x && x <= 2.0) return y + gamma_psi_1_2(x);
  return y + gamma_psi_asy(x);
}

// Float digamma in float arithmetic: a rational on [1, 2] (Boost's 24-bit digamma_imp_1_2, exact
// in relative terms about the positive root), one recurrence step from (0, 1), an asymptotic form
// log x - 1/(2x) - w F(w), w = 1/x^2, for x >= 2 where F is a degree-4 fit (Chebyshev, against
// mpmath, error 8e-9 in F) of the Bernoulli series, and reflection for x < 0. The two ranges share
// one reciprocal and one log without branching, so that a warp runs one path.
CUPP_HD inline float gamma_psi_f(float x) {
  if (!(x > 0.0f)) {
    if (std::isnan(x)) return x;
    if (x == 0.0f) return std::copysign(gamma_inf<float>(), -x);
    if (x == -gamma_inf<float>()) return gamma_nan<float>();
  }
  float refl = 0.0f;
  if (x < 0.0f) {
    if (x == std::floor(x)) return gamma_nan<float>();
    refl = -gamma_picot(x);
    x = 1.0f - x;
  }
  const bool large = x >= 2.0f, below = x < 1.0f, tiny = x < 1e-30f;
  const float y = below ? x + 1.0f : x;
  const float g = (y - 1532632.0f / 1048576.0f) - 0.3700660185912626595423257213284682051735604e-6f;
  const float t = y - 1.0f;
  const float p = gamma_polevl(t, -0.61041765350579073e-1, -0.43916936919946835e0,
                               -0.44981331915268368e0, 0.25479851023250261e0);
  const float q =
      gamma_polevl(t, 0.63851690523355715e-1, 0.65341249856146947e0, 0.15890202430554952e1, 1.0);
  // small x: g (Y + p/q), less 1/x below 1 (psi(x) = psi(x + 1) - 1/x), in one quotient
  const float num = g * (0.99558162689208984f * q + p);
  const float n = large ? 1.0f : (tiny ? -1.0f : (below ? num * x - q : num));
  const float d = large ? x : (tiny ? x : (below ? q * x : q));
  const float r = n * gamma_rcp_f(d);
  const float w = r * r;
  const float f = gamma_polevl(w, 0.002431390650089366, -0.0033825690157326047, 0.00390932938187174,
                               -0.008331661865018844, 0.08333332547025249);
  const float lg = std::log(x);
  return (large ? lg - 0.5f * r - w * f : r) + refl;
}

// ------------------------------------------------------------------------------------------------
// Hurwitz zeta(x, q) = sum_k (k + q)^-x (Cephes zeta.c: Euler-Maclaurin summation), for
// polygamma and scipy.special.zeta(x, q), with SciPy's conventions: inf at x = 1 (even for a NaN
// q), NaN for x < 1, poles at q = 0, -1, ..., negative q only for integer x.

CUPP_HD inline double gamma_hurwitz_zeta_d(double x, double q) {
  if (x == 1.0) return gamma_inf<double>();
  if (std::isnan(x) || std::isnan(q)) return gamma_nan<double>();
  if (x < 1.0) return gamma_nan<double>();
  if (q <= 0.0) {
    if (q == std::floor(q)) return gamma_inf<double>();
    if (x != std::floor(x)) return gamma_nan<double>(); // q**-x undefined
  }
  if (q > 1e8) return (1 / (x - 1) + 1 / (2 * q)) * std::pow(q, 1 - x); // DLMF 25.11.43
  double s = std::pow(q, -x);
  double a = q;
  double b = 0.0;
  int i = 0;
  while (i < 9 || a <= 9.0) {
    i += 1;
    a += 1.0;
    b = std::pow(a, -x);
    s += b;
    if (std::fabs(b / s) < gamma_machep()) return s;
  }
  const double w = a;
  s += b * w / (x - 1.0);
  s -= 0.5 * b;
  // (2k)! / B_2k
  constexpr double zeta_a[] = {12.0,
                               -720.0,
                               30240.0,
                               -1209600.0,
                               47900160.0,
                               -1.8924375803183791606e9,
                               7.47242496e10,
                               -2.950130727918164224e12,
                               1.1646782814350067249e14,
                               -4.5979787224074726105e15,
                               1.8152105401943546773e17,
                               -7.1661652561756670113e18};
  double aa = 1.0, k = 0.0;
  CUPP_UNROLL
  for (int j = 0; j < 12; j++) {
    aa *= x + k;
    b /= w;
    const double t = aa * b / zeta_a[j];
    s = s + t;
    if (std::fabs(t / s) < gamma_machep()) break;
    k += 1.0;
    aa *= x + k;
    b /= w;
    k += 1.0;
  }
  return s;
}

// ------------------------------------------------------------------------------------------------
// Complex helpers

template <class F> using gamma_complex = ::cuda::std::complex<F>;
using gamma_c128 = ::cuda::std::complex<double>;

template <class F> CUPP_HD gamma_complex<F> gamma_to_complex(gamma_c128 z) {
  return gamma_complex<F>(static_cast<F>(z.real()), static_cast<F>(z.imag()));
}

// A polynomial with real coefficients (highest degree first) at a complex point: Knuth's method
// (TAOCP 4.6.4 eq. 3, as SciPy's cevalpoly), two real multiply-adds per coefficient.
CUPP_HD inline gamma_c128 gamma_cknuth(gamma_c128 z, double, double, double a, double b) {
  return z * a + b;
}
template <class... C>
CUPP_HD gamma_c128 gamma_cknuth(gamma_c128 z, double r, double s, double a, double b, double c,
                                C... rest) {
  return gamma_cknuth(z, r, s, std::fma(r, a, b), std::fma(-s, a, c), rest...);
}
template <class... C>
CUPP_HD gamma_c128 gamma_polevl(gamma_c128 z, double c0, double c1, C... rest) {
  return gamma_cknuth(z, 2.0 * z.real(), z.real() * z.real() + z.imag() * z.imag(), c0, c1,
                      rest...);
}

// exp of a complex number that keeps a zero imaginary part exact (exp(x + 0j) = exp(x) + 0j).
CUPP_HD inline gamma_c128 gamma_cexp(gamma_c128 z) {
  const double m = std::exp(z.real());
  if (z.imag() == 0) return {m, z.imag()};
  return {m * std::cos(z.imag()), m * std::sin(z.imag())};
}

CUPP_HD inline gamma_c128 gamma_clog(gamma_c128 z) {
  return {std::log(::cuda::std::abs(z)), std::atan2(z.imag(), z.real())};
}

// sin(pi z), cos(pi z) for |Im z| small enough that cosh(pi Im z) does not overflow.
CUPP_HD inline gamma_c128 gamma_csinpi(gamma_c128 z) {
  const double piy = gamma_pi() * z.imag();
  return {sinpi(z.real()) * std::cosh(piy), cospi(z.real()) * std::sinh(piy)};
}
CUPP_HD inline gamma_c128 gamma_ccospi(gamma_c128 z) {
  const double piy = gamma_pi() * z.imag();
  return {cospi(z.real()) * std::cosh(piy), -sinpi(z.real()) * std::sinh(piy)};
}

// ------------------------------------------------------------------------------------------------
// Principal branch of log Gamma on the complex plane (SciPy's loggamma: Hare, "Computing the
// principal branch of log-Gamma", J. Algorithms 1997; Stirling, Taylor about 1 and 2, recurrence
// with a count of branch crossings, and reflection)

CUPP_HD inline gamma_c128 gamma_cloggamma_stirling(gamma_c128 z) {
  // B_2n / (2n (2n - 1))
  const gamma_c128 rz = 1.0 / z;
  const gamma_c128 rzz = rz / z;
  return (z - 0.5) * gamma_clog(z) - z + gamma_ls2pi() +
         rz * gamma_polevl(rzz, -2.955065359477124183E-2, 6.4102564102564102564E-3,
                           -1.9175269175269175269E-3, 8.4175084175084175084E-4,
                           -5.952380952380952381E-4, 7.9365079365079365079E-4,
                           -2.7777777777777777778E-3, 8.3333333333333333333E-2);
}

// log Gamma(1 + w), |w| < 0.2: -euler w + sum_k (-1)^k zeta(k) w^k / k
CUPP_HD inline gamma_c128 gamma_cloggamma_taylor1(gamma_c128 w) {
  return w * gamma_polevl(
                 w, -4.3478266053040259361E-2, 4.5454556293204669442E-2, -4.7619070330142227991E-2,
                 5.000004769810169364E-2, -5.2631679379616660734E-2, 5.5555767627403611102E-2,
                 -5.8823978658684582339E-2, 6.2500955141213040742E-2, -6.6668705882420468033E-2,
                 7.1432946295361336059E-2, -7.6932516411352191473E-2, 8.3353840546109004025E-2,
                 -9.0954017145829042233E-2, 1.0009945751278180853E-1, -1.1133426586956469049E-1,
                 1.2550966952474304242E-1, -1.4404989676884611812E-1, 1.6955717699740818995E-1,
                 -2.0738555102867398527E-1, 2.7058080842778454788E-1, -4.0068563438653142847E-1,
                 8.2246703342411321824E-1, -5.7721566490153286061E-1);
}

// log z near 1 (SciPy's zlog1): the series of log(1 + w), w = z - 1, |w| <= 0.1
CUPP_HD inline gamma_c128 gamma_clog1(gamma_c128 z) {
  const gamma_c128 w = z - 1.0;
  if (::cuda::std::abs(w) > 0.1) return gamma_clog(z);
  return w * gamma_polevl(w, 1.0 / 17, -1.0 / 16, 1.0 / 15, -1.0 / 14, 1.0 / 13, -1.0 / 12,
                          1.0 / 11, -1.0 / 10, 1.0 / 9, -1.0 / 8, 1.0 / 7, -1.0 / 6, 1.0 / 5,
                          -1.0 / 4, 1.0 / 3, -1.0 / 2, 1.0);
}

// Backward recurrence to Re z > 7 for Im z >= 0 (Hare's Proposition 2.2).
CUPP_HD inline gamma_c128 gamma_cloggamma_recurrence(gamma_c128 z) {
  int signflips = 0;
  bool sb = false;
  gamma_c128 shiftprod = z;
  z += 1.0;
  while (z.real() <= 7.0) {
    shiftprod *= z;
    const bool nsb = std::signbit(shiftprod.imag());
    signflips += (nsb && !sb) ? 1 : 0;
    sb = nsb;
    z += 1.0;
  }
  return gamma_cloggamma_stirling(z) - gamma_clog(shiftprod) -
         gamma_c128(0.0, signflips * 2.0 * gamma_pi());
}

// loggamma for z away from the left half plane (every case but the reflection).
CUPP_HD inline gamma_c128 gamma_cloggamma_right(gamma_c128 z) {
  if (z.real() > 7.0 || std::fabs(z.imag()) > 7.0) return gamma_cloggamma_stirling(z);
  if (::cuda::std::abs(z - 1.0) < 0.2) return gamma_cloggamma_taylor1(z - 1.0);
  if (::cuda::std::abs(z - 2.0) < 0.2)
    return gamma_clog1(z - 1.0) + gamma_cloggamma_taylor1(z - 2.0);
  if (!std::signbit(z.imag())) return gamma_cloggamma_recurrence(z);
  return ::cuda::std::conj(gamma_cloggamma_recurrence(::cuda::std::conj(z)));
}

CUPP_HD inline gamma_c128 gamma_cloggamma(gamma_c128 z) {
  const double nan = gamma_nan<double>();
  if (!std::isfinite(z.real()) || !std::isfinite(z.imag())) return {nan, nan};
  if (z.real() <= 0 && z.imag() == 0 && z.real() == std::floor(z.real())) return {nan, nan};
  if (z.real() < 0.1 && z.real() <= 7.0 && std::fabs(z.imag()) <= 7.0 &&
      !(::cuda::std::abs(z - 1.0) < 0.2)) {
    // Reflection (Hare's Proposition 3.1)
    const double tmp = std::copysign(2 * gamma_pi(), z.imag()) * std::floor(0.5 * z.real() + 0.25);
    return gamma_c128(gamma_logpi(), tmp) - gamma_clog(gamma_csinpi(z)) -
           gamma_cloggamma_right(1.0 - z);
  }
  return gamma_cloggamma_right(z);
}

CUPP_HD inline gamma_c128 gamma_cgamma(gamma_c128 z) {
  const double nan = gamma_nan<double>();
  if (!std::isfinite(z.real()) || !std::isfinite(z.imag())) return {nan, nan};
  if (z.real() <= 0 && z.imag() == 0 && z.real() == std::floor(z.real())) return {nan, nan};
  // Below -2**53 every real part is an even integer and Gamma underflows (as xsf).
  if (z.real() <= -9007199254740992.0) return {0.0, std::copysign(0.0, z.imag())};
  const gamma_c128 lg = gamma_cloggamma(z);
  if (lg.real() == -gamma_inf<double>()) return {0.0, std::copysign(0.0, z.imag())};
  if (lg.real() > 709.782712893384 && z.imag() == 0.0)
    return {gamma_inf<double>(), std::copysign(0.0, z.imag())};
  return gamma_cexp(lg);
}

CUPP_HD inline gamma_c128 gamma_crgamma(gamma_c128 z) {
  const double nan = gamma_nan<double>();
  if (!std::isfinite(z.real()) || !std::isfinite(z.imag())) return {nan, nan};
  if (z.real() <= 0 && z.imag() == 0 && z.real() == std::floor(z.real())) return {0.0, 0.0};
  const gamma_c128 lg = gamma_cloggamma(z);
  if (lg.real() == gamma_inf<double>()) return {0.0, std::copysign(0.0, z.imag())};
  return gamma_cexp(-lg);
}

// ------------------------------------------------------------------------------------------------
// Complex digamma (SciPy's: series about the two roots nearest the origin, reflection near the
// negative real axis, recurrence to |z| >= 16 and the asymptotic series there)

// log z - 1/(2z) - sum_k B_2k / (2k z^2k), eight terms (enough for |z| >= 12)
CUPP_HD inline gamma_c128 gamma_cpsi_asy(gamma_c128 z) {
  const gamma_c128 rz = 1.0 / z;
  const gamma_c128 rzz = rz * rz;
  return gamma_clog(z) - 0.5 * rz -
         rzz * gamma_polevl(rzz, -3617.0 / 8160.0, 1.0 / 12.0, -691.0 / 32760.0, 1.0 / 132.0,
                            -1.0 / 240.0, 1.0 / 252.0, -1.0 / 120.0, 1.0 / 12.0);
}

CUPP_HD inline gamma_c128 gamma_cpsi(gamma_c128 z) {
  const double nan = gamma_nan<double>();
  if (!std::isfinite(z.real()) || !std::isfinite(z.imag())) {
    if (std::isnan(z.real()) || !std::isfinite(z.imag()) || z.real() <= 0) return {nan, nan};
    return {gamma_inf<double>(), 0.0};
  }
  if (z.real() <= 0 && z.imag() == 0 && z.real() == std::ceil(z.real())) return {nan, nan};
  if (::cuda::std::abs(z - gamma_psi_negroot_hi()) < 0.3) return gamma_psi_near_negroot(z);
  gamma_c128 res = 0.0;
  if (z.real() < 0 && std::fabs(z.imag()) < 16) {
    res = -gamma_pi() * gamma_ccospi(z) / gamma_csinpi(z);
    z = 1.0 - z;
  }
  if (::cuda::std::abs(z) < 0.5) { // one step away from the pole at 0
    res -= 1.0 / z;
    z += 1.0;
  }
  const double absz = ::cuda::std::abs(z);
  if (::cuda::std::abs(z - gamma_psi_posroot_hi()) < 0.5) return res + gamma_psi_near_posroot(z);
  if (absz > 16 || z.real() < 0) return res + gamma_cpsi_asy(z);
  const int n = static_cast<int>(16 - absz) + 1;
  gamma_c128 sum = 0.0;
  for (int k = 0; k < n; k++)
    sum += 1.0 / (z + static_cast<double>(k));
  return res + gamma_cpsi_asy(z + static_cast<double>(n)) - sum;
}

// ------------------------------------------------------------------------------------------------
// Regularized incomplete gamma functions P(a, x) and Q(a, x) in double
//
// The regions are SciPy's (Cephes igam.c with SciPy's changes; see also Boost's gamma_incomplete),
// with faster kernels for the GPU:
// - a > 20, |x - a| < 0.4 a: Temme's uniform asymptotic expansion with Boost's fixed polynomials
//   for 53 bits (igamma_large.hpp), no loop;
// - x <= 2 and a < 1: Q by DLMF 8.7.3 (SciPy's igamc_series), at most 24 terms, one division;
// - otherwise P by the power series DLMF 8.11.4 (x <= 2 or a > x - 1/(3x), Boost's switch) or Q by
//   the continued fraction DLMF 8.9.2, both run by one loop of three-term recurrences without
//   divisions, so that threads of a warp that take different ones do not serialize.

CUPP_HD constexpr double gamma_lanczos_g() { return 6.024680040776729583740234375; }

// x^a e^-x / Gamma(a + 1) for a > 0, x >= 0, after Boost's regularised_gamma_prefix with its
// Lanczos approximation (lanczos13m53, g = 6.0246..., as SciPy's igam_fac), one formula for every a
// so that a warp runs one path. With agh = a + g - 1/2 and d = x / agh - 1:
//   x^a e^-x / Gamma(a) = exp(a log(x / agh) + a - x) sqrt(agh / e) / L(a),
// where L is Boost's lanczos_sum_expG_scaled, a rational with L(a) a = N(a) / D(a),
// D(a) = (a + 1)...(a + 11). The exponent is a log1pmx(d) - (g - 1/2) x / agh for |d| <= 0.2,
// free of cancellation there; elsewhere its three terms are summed exactly (TwoSum), so that its
// error is that of a log(x / agh) alone rather than eps |x| (SciPy's for large x).
CUPP_HD inline double gamma_igam_prefix1(double a, double x) {
  constexpr double gm = gamma_lanczos_g() - 0.5;
  const double agh = a + gm;
  const double r = 1.0 / agh;
  const double d = ((x - a) - gm) * r;
  double hi, lo = 0.0;
  if (std::fabs(d) <= 0.2) {
    hi = a * gamma_log1pmx_02(d) - gm * (x * r);
  } else {
    const bool tiny = x < 1e-290; // keep x / agh normal
    const double lx =
        std::log((tiny ? x * 0x1p600 : x) * r) - (tiny ? 600 * 0.69314718055994530942 : 0.0);
    const double p = a * lx;
    const double pe = std::fma(a, lx, -p);
    // TwoSum of a and -x, then of that with p
    const double s1 = a - x, b1 = s1 - a, e1 = (a - (s1 - b1)) + (-x - b1);
    hi = p + s1;
    const double b2 = hi - p, e2 = (p - (hi - b2)) + (s1 - b2);
    lo = pe + e1 + e2;
  }
  // L(a) a = N(a) / D(a); past a = 1e20 N / D is a times a constant to 1e-20
  const double aa = std::fmin(a, 1e20);
  const double num = gamma_polevl(
      aa, 0.006061842346248906525783753964555936883222, 0.5098416655656676188125178644804694509993,
      19.51992788247617482847860966235652136208, 449.9445569063168119446858607650988409623,
      6955.999602515376140356310115515198987526, 75999.29304014542649875303443598909137092,
      601859.6171681098786670226533699352302507, 3481712.15498064590882071018964774556468,
      14605578.08768506808414169982791359218571, 43338889.32467613834773723740590533316085,
      86363131.28813859145546927288977868422342, 103794043.1163445451906271053616070238554,
      56906521.91347156388090791033559122686859);
  const double den = gamma_polevl(aa, 1.0, 66.0, 1925.0, 32670.0, 357423.0, 2637558.0, 13339535.0,
                                  45995730.0, 105258076.0, 150917976.0, 120543840.0, 39916800.0);
  const double scale = a > 1e20 ? a / aa : 1.0;
  const double e = std::exp(hi);
  if (e == 0.0) return 0.0; // x = 0 makes lo NaN
  return e * (1.0 + lo) * std::sqrt(agh * 0.36787944117144232160) * den / (num * scale);
}

// log Gamma(1 + a) for 0 < a < 2, exact about a = 0 and 1
CUPP_HD inline double gamma_lgam1p_small(double a) { return gamma_lgam_small(1.0 + a, a, a - 1.0); }

// Q(a, x) for x <= 2 and a < 1 (DLMF 8.7.3, SciPy's igamc_series). SciPy takes it up to x = 1.1;
// up to x = 2 it spares the continued fraction its slowest region (85 steps at x = 1.1, 53 at
// x = 2) at a cost in accuracy from 5e-15 to 3e-14 (the two terms cancel as x grows).
CUPP_HD inline double gamma_igamc_series(double a, double x) {
  // sum_{n>=1} (-x)^n / (n! (a + n)) carried as one fraction: x^n / n! < 3e-17 by n = 12 for
  // x <= 0.5, n = 18 for x <= 1.1, n = 24 for x <= 2
  const int nt = x <= 0.5 ? 12 : (x <= 1.1 ? 18 : 24);
  double c = 1.0, num = 0.0, den = 1.0;
  CUPP_UNROLL
  for (int n = 1; n <= 24; ++n) {
    if (n > nt) break;
    c *= -x * (1.0 / n);
    const double an = a + n;
    num = num * an + c * den;
    den *= an;
  }
  const double l = a * std::log(x) - gamma_lgam1p_small(a);
  return -std::expm1(l) - a * std::exp(l) * (num / den);
}

// Temme's expansion (DLMF 8.12.3/8.12.4) for a > 20, |x - a| < 0.4 a with Boost's polynomials for
// 53 bits (igamma_temme_large): the smaller tail, Q when x >= a, else P.
CUPP_HD inline double gamma_igam_temme(double a, double x) {
  const double ra = 1.0 / a;
  const double sigma = (x - a) * ra;
  const double phi = -gamma_log1pmx_04(sigma);
  const double y = a * phi;
  double z = std::sqrt(2.0 * phi);
  if (x < a) z = -z;
  const double w0 =
      gamma_polevl(z, 0.91476995822367902e-9, -0.43820360184533532e-8, 0.10261809784240308e-7,
                   0.67078535434014986e-8, -0.17665952736826079e-6, 0.8296711340953086e-6,
                   -0.185406221071516e-5, -0.21854485106799922e-5, 0.39192631785224378e-4,
                   -0.00017875514403292181, 0.0003527336860670194, 0.0011574074074074074,
                   -0.014814814814814815, 0.083333333333333333, -0.33333333333333333);
  const double w1 =
      gamma_polevl(z, 0.11951628599778147e-7, -0.5752545603517705e-7, 0.1378633446915721e-6,
                   0.46471278028074343e-8, -0.16120900894563446e-5, 0.76491609160811101e-5,
                   -0.18098550334489978e-4, -0.40187757201646091e-6, 0.00020576131687242798,
                   -0.00099022633744855967, 0.0026455026455026455, -0.0034722222222222222,
                   -0.0018518518518518519);
  const double w2 =
      gamma_polevl(z, 0.14280614206064242e-6, -0.6298992138380055e-6, 0.13721957309062933e-5,
                   0.34235787340961381e-7, -0.12760635188618728e-4, 0.52923448829120125e-4,
                   -0.00010736653226365161, 0.20093878600823045e-5, 0.00077160493827160494,
                   -0.0026813271604938272, 0.0041335978835978836);
  const double w3 =
      gamma_polevl(z, 0.14230900732435884e-5, -0.56749528269915966e-5, 0.11082654115347302e-4,
                   -0.23965051138672967e-6, -0.75618016718839764e-4, 0.00026772063206283885,
                   -0.00046918949439525571, 0.00022947209362139918, 0.00064943415637860082);
  const double w4 =
      gamma_polevl(z, 0.11375726970678419e-4, -0.39683650471794347e-4, 0.66414982154651222e-4,
                   -0.14638452578843418e-5, -0.00029907248030319018, 0.00078403922172006663,
                   -0.0008618882909167117);
  const double w5 =
      gamma_polevl(z, -0.22914811765080952e-5, 0.80184702563342015e-5, -0.13594048189768693e-4,
                   0.1419062920643967e-6, 0.67977804779372078e-4, -0.00019932570516188848,
                   0.00027727532449593921, -0.69728137583658578e-4, -0.00033679855336635815);
  const double w6 =
      gamma_polevl(z, -0.18329116582843376e-4, 0.56116827531062497e-4, -0.81539693675619688e-4,
                   0.79023532326603279e-6, 0.00027087820967180448, -0.00059216643735369388,
                   0.00053130793646399222);
  const double w7 =
      gamma_polevl(z, -0.00010976582244684731, 0.0002812695154763237, -0.00033493161081142236,
                   0.51717909082605922e-4, 0.00034436760689237767);
  const double w8 =
      gamma_polevl(z, -0.00043829709854172101, 0.00083949872067208728, -0.00065262391859530942);
  const double w9 = -0.00059676129019274625;
  double s = w9;
  s = s * ra + w8;
  s = s * ra + w7;
  s = s * ra + w6;
  s = s * ra + w5;
  s = s * ra + w4;
  s = s * ra + w3;
  s = s * ra + w2;
  s = s * ra + w1;
  s = s * ra + w0;
  double r = s * std::exp(-y) / std::sqrt(2 * gamma_pi() * a);
  if (x < a) r = -r;
  return 0.5 * std::erfc(std::sqrt(y)) + r;
}

// P by the power series (cf = false) or Q by the continued fraction (cf = true). Both are ratios
// u1/u2 of solutions of three-term recurrences, run as one loop so that the lanes of a warp that
// take different ones do not serialize:
//   series: S = sum_n x^n / ((a+1)...(a+n)) = P_n / D_n with P_n = (a+n) P_{n-1} + x X_{n-1},
//           X_n = x X_{n-1}, D_n = (a+n) D_{n-1}  (v1 = X, v2 = 0);
//   fraction: Cephes' igamc recurrences p_k = z_k p_{k-1} - k (k - a) p_{k-2}, the same for q
//           (v1 = p_{k-1}, v2 = q_{k-1}).
// No division in the loop: convergence is tested on cross products every second step, and both
// solutions are rescaled together.
CUPP_HD inline double gamma_igam_loop(double a, double x, bool cf) {
  const double f = gamma_igam_prefix1(a, x);
  if (f == 0.0) return 0.0;
  const double z0 = x + 2.0 - a;
  double u1 = cf ? x + 1.0 : 1.0, v1 = 1.0;
  double u2 = cf ? z0 * x : 1.0, v2 = cf ? x : 0.0;
  double w = cf ? z0 : a;
  const double dw = cf ? 2.0 : 1.0;
  const double ya = 1.0 - a;
  double kk = 0.0;
  constexpr double big = 4.503599627370496e15, biginv = 2.22044604925031308085e-16;
  for (int it = 0; it < 1000; ++it) {
    CUPP_UNROLL
    for (int j = 0; j < 2; ++j) {
      kk += 1.0;
      w += dw;
      const double m12 = cf ? -(ya + kk) * kk : x;
      const double nu1 = w * u1 + m12 * v1;
      const double nu2 = w * u2 + m12 * v2;
      v1 = cf ? u1 : x * v1;
      v2 = cf ? u2 : 0.0;
      u1 = nu1;
      u2 = nu2;
    }
    const double t2 = cf ? v2 : u2;
    if (std::fabs(u1 * v2 - v1 * u2) <= gamma_machep() * std::fabs(u1 * t2)) break;
    if (std::fabs(u1) > big) {
      u1 *= biginv;
      v1 *= biginv;
      u2 *= biginv;
      v2 *= biginv;
    }
  }
  return (cf ? a * f : f) * (u1 / u2);
}

// P(a, x) (upper = false) or Q(a, x) (upper = true), SciPy's special values.
CUPP_HD inline double gamma_igam_d(double a, double x, bool upper) {
  const double nan = gamma_nan<double>();
  if (std::isnan(a) || std::isnan(x) || x < 0 || a < 0) return nan;
  if (a == 0) return x > 0 ? (upper ? 0.0 : 1.0) : nan;
  if (x == 0) return upper ? 1.0 : 0.0;
  if (std::isinf(a)) return std::isinf(x) ? nan : (upper ? 1.0 : 0.0);
  if (std::isinf(x)) return upper ? 0.0 : 1.0;
  double v;
  bool v_is_q;
  if (a > 20.0 && std::fabs(x - a) < 0.4 * a) {
    v = gamma_igam_temme(a, x);
    v_is_q = x >= a;
  } else if (a < 1.0 && x <= 2.0 &&
             (x <= 0.5 ? a * std::log(x) >= -0.4 : (x > 1.1 || a <= 1.1 * x))) {
    v = gamma_igamc_series(a, x);
    v_is_q = true;
  } else {
    // Boost's switch: the series also where x is a little above a (P ~ 0.5 there), which the
    // continued fraction converges to slowly; Q = 1 - P stays >= 0.13 for x <= 2, a >= 1
    v_is_q = x > 2.0 && a <= x - 1.0 / (3.0 * x);
    v = gamma_igam_loop(a, x, v_is_q);
  }
  return upper == v_is_q ? v : 1.0 - v;
}

// ------------------------------------------------------------------------------------------------
// Inverses of P and Q in x: DiDonato and Morris' initial approximation (ACM TOMS 12(4), 1986, as
// Boost's find_inverse_gamma and SciPy's igami) refined by three Halley steps.

CUPP_HD inline double gamma_didonato_s(double p, double q) {
  // DiDonato and Morris eq. 32
  const double t = std::sqrt(-2 * std::log(p < 0.5 ? p : q));
  const double s =
      t - gamma_polevl(t, 0.213623493715853, 4.28342155967104, 11.6616720288968, 3.31125922108741) /
              gamma_polevl(t, 0.3611708101884203e-1, 1.27364489782223, 6.40691597760039,
                           6.61053765625462, 1.0);
  return p < 0.5 ? -s : s;
}

// DiDonato and Morris eq. 25 (large y = -log b)
CUPP_HD inline double gamma_didonato_eq25(double a, double y) {
  const double c1 = (a - 1) * std::log(y);
  const double c1_2 = c1 * c1, c1_3 = c1_2 * c1, c1_4 = c1_2 * c1_2;
  const double a_2 = a * a, a_3 = a_2 * a;
  const double c2 = (a - 1) * (1 + c1);
  const double c3 = (a - 1) * (-(c1_2 / 2) + (a - 2) * c1 + (3 * a - 5) / 2);
  const double c4 = (a - 1) * ((c1_3 / 3) - (3 * a - 5) * c1_2 / 2 + (a_2 - 6 * a + 7) * c1 +
                               (11 * a_2 - 46 * a + 47) / 6);
  const double c5 =
      (a - 1) *
      (-(c1_4 / 4) + (11 * a - 17) * c1_3 / 6 + (-3 * a_2 + 13 * a - 13) * c1_2 +
       (2 * a_3 - 25 * a_2 + 72 * a - 61) * c1 / 2 + (25 * a_3 - 195 * a_2 + 477 * a - 379) / 12);
  const double y_2 = y * y, y_3 = y_2 * y, y_4 = y_2 * y_2;
  return y + c1 + (c2 / y) + (c3 / y_2) + (c4 / y_3) + (c5 / y_4);
}

CUPP_HD inline double gamma_find_inverse_gamma(double a, double p, double q) {
  if (a == 1) return q > 0.9 ? -std::log1p(-p) : -std::log(q);
  if (a < 1) {
    const double g = gamma_gamma_d(a);
    const double b = q * g;
    if (b > 0.6 || (b >= 0.45 && a >= 0.3)) { // eq. 21
      // (the first form is unstable for p near 1, the second is fine there)
      const double u = (b * q > 1e-8 && q > 1e-5) ? std::pow(p * g * a, 1 / a)
                                                  : std::exp((-q / a) - gamma_euler());
      return u / (1 - (u / (a + 1)));
    }
    if (a < 0.3 && b >= 0.35) { // eq. 22
      const double t = std::exp(-gamma_euler() - b);
      const double u = t * std::exp(t);
      return t * std::exp(u);
    }
    const double y = -std::log(b);
    if (b > 0.15 || a >= 0.3) { // eq. 23
      const double u = y - (1 - a) * std::log(y);
      return y - (1 - a) * std::log(u) - std::log(1 + (1 - a) / (1 + u));
    }
    if (b > 0.1) { // eq. 24
      const double u = y - (1 - a) * std::log(y);
      return y - (1 - a) * std::log(u) -
             std::log((u * u + 2 * (3 - a) * u + (2 - a) * (3 - a)) / (u * u + (5 - a) * u + 2));
    }
    return gamma_didonato_eq25(a, y);
  }
  // eq. 31
  double s = gamma_didonato_s(p, q);
  const double s_2 = s * s, s_3 = s_2 * s, s_4 = s_2 * s_2, s_5 = s_4 * s;
  const double ra = std::sqrt(a);
  double w = a + s * ra + (s_2 - 1) / 3;
  w += (s_3 - 7 * s) / (36 * ra);
  w -= (3 * s_4 + 7 * s_2 - 16) / (810 * a);
  w += (9 * s_5 + 256 * s_3 - 433 * s) / (38880 * a * ra);
  if (a >= 500 && std::fabs(1 - w / a) < 1e-6) return w;
  if (p > 0.5) {
    if (w < 3 * a) return w;
    const double dd = std::fmax(2, a * (a - 1));
    const double lb = std::log(q) + gamma_lgam_d(a);
    if (lb < -dd * 2.3) return gamma_didonato_eq25(a, -lb);
    // eq. 33
    const double u = -lb + (a - 1) * std::log(w) - std::log(1 + (1 - a) / (1 + w));
    return -lb + (a - 1) * std::log(u) - std::log(1 + (1 - a) / (1 + u));
  }
  double z = w;
  const double ap1 = a + 1, ap2 = a + 2;
  if (w < 0.15 * ap1) { // eq. 35
    const double v = std::log(p) + gamma_lgam_d(ap1);
    z = std::exp((v + w) / a);
    s = std::log1p(z / ap1 * (1 + z / ap2));
    z = std::exp((v + z - s) / a);
    s = std::log1p(z / ap1 * (1 + z / ap2));
    z = std::exp((v + z - s) / a);
    s = std::log1p(z / ap1 * (1 + z / ap2 * (1 + z / (a + 3))));
    z = std::exp((v + z - s) / a);
  }
  if (z <= 0.01 * ap1 || z > 0.7 * ap1) return z;
  // eq. 36: S_N of eq. 34 to 1e-4
  double sum = 1.0, partial = 1.0;
  for (int i = 1; i <= 100; ++i) {
    partial *= z / (a + i);
    sum += partial;
    if (partial < 1e-4) break;
  }
  const double ls = std::log(sum);
  const double v = std::log(p) + gamma_lgam_d(ap1);
  z = std::exp((v + z - ls) / a);
  return z * (1 - (a * std::log(z) - z - v + ls) / (a - z));
}

// Halley's method on P(a, x) = p (upper = false) or Q(a, x) = q (upper = true) from x.
CUPP_HD inline double gamma_igam_halley(double a, double target, double x, bool upper) {
  for (int i = 0; i < 3; i++) {
    const double fac = a * gamma_igam_prefix1(a, x); // x^a e^-x / Gamma(a) = x dP/dx
    if (fac == 0.0) return x;
    double f_fp = (gamma_igam_d(a, x, upper) - target) * x / fac;
    if (upper) f_fp = -f_fp;
    const double fpp_fp = -1.0 + (a - 1) / x; // f''/f'
    if (std::isinf(fpp_fp)) {
      x = x - f_fp; // Newton where the ratio overflows
    } else {
      x = x - f_fp / (1.0 - 0.5 * f_fp * fpp_fp);
    }
  }
  return x;
}

CUPP_HD inline double gamma_igami_d(double a, double p, bool upper) {
  // p is P (upper = false) or Q (upper = true)
  const double nan = gamma_nan<double>();
  if (std::isnan(a) || std::isnan(p) || a < 0 || p < 0 || p > 1) return nan;
  if (p == 0.0) return upper ? gamma_inf<double>() : 0.0;
  if (p == 1.0) return upper ? 0.0 : gamma_inf<double>();
  if (a == 0 || std::isinf(a)) return nan;
  if (p > 0.9) { // invert the other function about its smaller value
    upper = !upper;
    p = 1.0 - p;
  }
  const double pp = upper ? 1.0 - p : p, qq = upper ? p : 1.0 - p;
  const double x0 = gamma_find_inverse_gamma(a, pp, qq);
  return gamma_igam_halley(a, p, x0, upper);
}

// ------------------------------------------------------------------------------------------------
// Public functions

/// scipy.special.gamma
template <class T> CUPP_HD T gamma(T x) {
  static_assert(std::is_floating_point_v<T>);
  if constexpr (std::is_same_v<T, float>) {
#if defined(__CUDA_ARCH__)
    return ::tgammaf(x);
#else
    return static_cast<float>(gamma_gamma_d(x));
#endif
  } else {
    return gamma_gamma_d(x);
  }
}
template <class F> CUPP_HD gamma_complex<F> gamma(gamma_complex<F> z) {
  return gamma_to_complex<F>(gamma_cgamma(gamma_c128(z.real(), z.imag())));
}

/// scipy.special.gammaln: log|Gamma(x)|
template <class T> CUPP_HD T gammaln(T x) {
  static_assert(std::is_floating_point_v<T>);
  if constexpr (std::is_same_v<T, float>) {
    return gamma_lgam_f(x);
  } else {
    return gamma_lgam_d(x);
  }
}

/// scipy.special.loggamma: log Gamma on the real line (NaN for x < 0) and the principal branch on
/// the complex plane
template <class T> CUPP_HD T loggamma(T x) {
  static_assert(std::is_floating_point_v<T>);
  if (x < 0) return gamma_nan<T>();
  return gammaln(x);
}
template <class F> CUPP_HD gamma_complex<F> loggamma(gamma_complex<F> z) {
  return gamma_to_complex<F>(gamma_cloggamma(gamma_c128(z.real(), z.imag())));
}

/// scipy.special.rgamma: 1/Gamma, zero at the poles of Gamma
template <class T> CUPP_HD T rgamma(T x) {
  static_assert(std::is_floating_point_v<T>);
  return static_cast<T>(gamma_rgamma_d(x));
}
template <class F> CUPP_HD gamma_complex<F> rgamma(gamma_complex<F> z) {
  return gamma_to_complex<F>(gamma_crgamma(gamma_c128(z.real(), z.imag())));
}

/// scipy.special.gammasgn
template <class T> CUPP_HD T gammasgn(T x) {
  static_assert(std::is_floating_point_v<T>);
  return static_cast<T>(gamma_gammasgn_d(x));
}

/// scipy.special.digamma (psi)
template <class T> CUPP_HD T digamma(T x) {
  static_assert(std::is_floating_point_v<T>);
  if constexpr (std::is_same_v<T, float>) {
    return gamma_psi_f(x);
  } else {
    return gamma_psi_d(x);
  }
}
template <class F> CUPP_HD gamma_complex<F> digamma(gamma_complex<F> z) {
  return gamma_to_complex<F>(gamma_cpsi(gamma_c128(z.real(), z.imag())));
}
/// scipy.special.psi (digamma)
template <class T> CUPP_HD T psi(T x) { return digamma(x); }

/// Hurwitz zeta function zeta(s, q) (Cephes zeta, as scipy.special.zeta(s, q)), for polygamma.
template <class T> CUPP_HD T gamma_hurwitz_zeta(T s, T q) {
  static_assert(std::is_floating_point_v<T>);
  return static_cast<T>(gamma_hurwitz_zeta_d(s, q));
}

/// scipy.special.polygamma(n, x): n a non-negative integer given as a floating-point number;
/// NaN for other n, as SciPy's (-1)**(n+1) n! zeta(n+1, x).
template <class T> CUPP_HD T polygamma(T n, T x) {
  static_assert(std::is_floating_point_v<T>);
  const double nd = n, xd = x;
  if (nd == 0) return digamma(x);
  const double s = nd + 1.0;
  return static_cast<T>(std::pow(-1.0, s) * gamma_gamma_d(s) * gamma_hurwitz_zeta_d(s, xd));
}

/// scipy.special.multigammaln(a, d): log of the multivariate gamma function of dimension d; NaN
/// where SciPy raises (a <= (d - 1) / 2).
template <class T> CUPP_HD T multigammaln(T a, int d) {
  static_assert(std::is_floating_point_v<T>);
  if (a <= T(0.5) * T(d - 1)) return gamma_nan<T>();
  T res = T(0.25 * gamma_logpi()) * T(d) * T(d - 1);
  for (int j = 1; j <= d; ++j)
    res += gammaln(T(a - T(0.5) * T(j - 1)));
  return res;
}

/// scipy.special.gammainc: the regularized lower incomplete gamma function P(a, x)
template <class T> CUPP_HD T gammainc(T a, T x) {
  static_assert(std::is_floating_point_v<T>);
  return static_cast<T>(gamma_igam_d(a, x, false));
}
/// scipy.special.gammaincc: the regularized upper incomplete gamma function Q(a, x)
template <class T> CUPP_HD T gammaincc(T a, T x) {
  static_assert(std::is_floating_point_v<T>);
  return static_cast<T>(gamma_igam_d(a, x, true));
}
/// scipy.special.gammaincinv: x with P(a, x) = p
template <class T> CUPP_HD T gammaincinv(T a, T p) {
  static_assert(std::is_floating_point_v<T>);
  return static_cast<T>(gamma_igami_d(a, p, false));
}
/// scipy.special.gammainccinv: x with Q(a, x) = q
template <class T> CUPP_HD T gammainccinv(T a, T q) {
  static_assert(std::is_floating_point_v<T>);
  return static_cast<T>(gamma_igami_d(a, q, true));
}

} // namespace cupx::special::detail
