#pragma once
/// \file
/// Bessel functions of real order and complex argument for cupx::special: the scalar kernels
/// behind SciPy's jv, jve, yv, yve, iv, ive, kv, kve, hankel1, hankel1e, hankel2, hankel2e and the
/// complex spherical_jn, spherical_yn (SciPy's AMOS paths), in host and device code. complex64
/// computes in double and rounds, as SciPy (whose complex64 loops call the complex128 ones).
///
/// Everything is reduced to I_v(w) and K_v(w) for v >= 0 and Re w >= 0 (DLMF 10.27.6, 10.27.8:
/// J, Y and the Hankel functions of z are I and K of w = -iz or iz; 10.34.1, 10.34.2: Re z < 0
/// by analytic continuation, the cut along the negative real axis approached from above for
/// Im z = +-0, as AMOS; 10.4.7, 10.4.8, 10.27.2, 10.27.3: negative orders by reflection), computed
/// as e^-w I_v(w) and e^w K_v(w) with a common power of two that keeps large orders in range:
///  - |w| >= 25 and v^2 <= 4|w|: Hankel's expansions (DLMF 10.40.2, 10.40.5, both exponentials);
///  - otherwise K at mu = v - round(v) by Temme's series (|w| <= 2, N. M. Temme, J. Comput. Phys.
///    19, 324 (1975)) or Steed's continued fraction CF2 (I. J. Thompson and A. R. Barnett,
///    J. Comput. Phys. 64, 490 (1986)), the upward recurrence of K (dominant), the continued
///    fraction of I_{v+1}/I_v (modified Lentz) and the Wronskian I_v K_{v+1} + I_{v+1} K_v = 1/w.
/// The Wronskian gives I (so J) with small relative error also next to the zeros of J. Orders
/// |v| > 1e5 give nan (the recurrence would take too long; AMOS uses uniform expansions there).

#include <cupp/core/complex.hpp>
#include <cupp/core/config.hpp>
#include <cupx/special/detail/bessel.hpp>

#include <cmath>
#include <limits>
#include <type_traits>

namespace cupx::special::detail {

namespace bessel_cx {

using bessel_impl::cos_pi;
using bessel_impl::k_pi;
using bessel_impl::sin_pi;

/// A complex double as two parts, with the few operations the kernels need.
struct cd {
  double re, im;
};
CUPP_HD inline cd operator+(cd a, cd b) { return {a.re + b.re, a.im + b.im}; }
CUPP_HD inline cd operator-(cd a, cd b) { return {a.re - b.re, a.im - b.im}; }
CUPP_HD inline cd operator-(cd a) { return {-a.re, -a.im}; }
CUPP_HD inline cd operator*(cd a, cd b) {
  return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}
CUPP_HD inline cd operator*(double s, cd a) { return {s * a.re, s * a.im}; }
CUPP_HD inline cd mul_i(cd a) { return {-a.im, a.re}; }
CUPP_HD inline cd conj(cd a) { return {a.re, -a.im}; }
CUPP_HD inline double cabs(cd a) { return std::hypot(a.re, a.im); }
CUPP_HD inline bool is_zero(cd a) { return a.re == 0.0 && a.im == 0.0; }
/// a / b by Smith's algorithm.
CUPP_HD inline cd operator/(cd a, cd b) {
  if (std::fabs(b.re) >= std::fabs(b.im)) {
    const double r = b.im / b.re, d = b.re + b.im * r;
    return {(a.re + a.im * r) / d, (a.im - a.re * r) / d};
  }
  const double r = b.re / b.im, d = b.re * r + b.im;
  return {(a.re * r + a.im) / d, (a.im * r - a.re) / d};
}
CUPP_HD inline cd cexp(cd a) {
  const double e = std::exp(a.re);
  return {e * std::cos(a.im), e * std::sin(a.im)};
}
CUPP_HD inline cd clog(cd a) { return {std::log(cabs(a)), std::atan2(a.im, a.re)}; }
/// The principal square root.
CUPP_HD inline cd csqrt(cd a) {
  const double r = cabs(a);
  if (r == 0.0) return {0.0, a.im};
  const double t = std::sqrt(0.5 * (r + std::fabs(a.re)));
  if (a.re >= 0.0) return {t, a.im / (2.0 * t)};
  return {std::fabs(a.im) / (2.0 * t), std::copysign(t, a.im)};
}
CUPP_HD inline cd ldexp_c(cd a, int e) { return {std::ldexp(a.re, e), std::ldexp(a.im, e)}; }

constexpr double k_eps = 1.1102230246251565e-16;
constexpr double k_max_order = 1e5;

/// c m e^a 2^e without spurious overflow or underflow in the intermediate values: the real part
/// of a is split as n ln 2 + r (Cody and Waite) so that the power of two is applied exactly.
CUPP_HD inline cd scaled_term(cd c, cd a, cd m, int e) {
  cd p = c * m;
  const double mx = std::fmax(std::fabs(p.re), std::fabs(p.im));
  if (mx == 0.0) return {0.0, 0.0};
  if (!std::isfinite(mx) || !std::isfinite(a.re) || !std::isfinite(a.im)) {
    const double q = std::numeric_limits<double>::quiet_NaN();
    return {q, q};
  }
  const int k = std::ilogb(mx);
  p = ldexp_c(p, -k);
  constexpr double ln2_hi = 6.93147180369123816490e-01, ln2_lo = 1.90821492927058770002e-10;
  constexpr double log2e = 1.44269504088896338700;
  const double n = std::nearbyint(a.re * log2e);
  const double r = (a.re - n * ln2_hi) - n * ln2_lo;
  const double er = std::exp(r);
  double s, co;
  bessel_impl::sincos_(a.im, s, co);
  const cd q{er * (p.re * co - p.im * s), er * (p.re * s + p.im * co)};
  const double tot = std::fmin(std::fmax(n + static_cast<double>(e) + k, -5000.0), 5000.0);
  return ldexp_c(q, static_cast<int>(tot));
}

/// e^-w I_v(w) = ie 2^-e and e^w K_v(w) = ke 2^e for v >= 0, Re w >= 0, w != 0.
struct ik_scaled {
  cd ie, ke;
  int e;
};

/// Hankel's expansions for large |w| (DLMF 10.40.2 and 10.40.5 with both exponentials, which
/// keeps them valid up to the imaginary axis). False where the terms do not reach double
/// resolution before they grow.
CUPP_HD inline bool asym_ik(double v, cd w, ik_scaled& out) {
  const double m = 4.0 * v * v;
  const cd iw8 = cd{1.0, 0.0} / (8.0 * w);
  cd t{1.0, 0.0}, sp{1.0, 0.0}, sm{1.0, 0.0};
  double prev = 2.0;
  bool done = false;
  for (int k = 1; k <= 100; ++k) {
    const double odd = 2.0 * k - 1.0;
    t = ((m - odd * odd) / k) * (t * iw8);
    const double at = cabs(t);
    sp = sp + t;
    sm = (k & 1) ? sm - t : sm + t;
    if (at <= 0.25 * k_eps * std::fmin(cabs(sp), cabs(sm))) {
      done = true;
      break;
    }
    if (at > prev && k > 2 * v + 2) return false;
    prev = at;
  }
  if (!done) return false;
  const cd sq = csqrt((2.0 * k_pi) * w);
  const double s = w.im < 0.0 ? -1.0 : 1.0;
  const cd ev{cos_pi(v), s * sin_pi(v)};
  // i s e^(i s pi v) e^(-2w) S+
  const cd other = (s * mul_i(ev)) * (cexp(-2.0 * w) * sp);
  out.ie = (sm + other) / sq;
  out.ke = k_pi * (sp / sq);
  out.e = 0;
  return true;
}

/// K_mu(w) and K_{mu+1}(w), |mu| <= 1/2, 0 < |w| <= 2, by Temme's series (the arrangement of
/// Numerical Recipes' bessik, in complex arithmetic), both times 2^-e: e > 0 for tiny |w|, where
/// K_{mu+1} ~ (2/w)^(mu+1) would overflow (the scale is 2^-scale).
CUPP_HD inline void temme_k_c(double mu, cd w, cd& kmu, cd& kmu1, int& scale) {
  double g1, g2, gp, gm;
  bessel_impl::temme_gammas(mu, g1, g2, gp, gm);
  const cd x2 = 0.5 * w;
  const double pimu = k_pi * mu;
  const double fact = std::fabs(pimu) < 1e-15 ? 1.0 : pimu / std::sin(pimu);
  const cd d = -clog(x2);
  const cd e = mu * d;
  cd ch, she; // cosh(e) and sinh(e)/e
  if (cabs(e) < 0.5) {
    const cd e2 = e * e;
    cd tc{1.0, 0.0}, ts{1.0, 0.0};
    ch = tc;
    she = ts;
    for (int k = 1; k <= 12; ++k) {
      tc = (1.0 / ((2.0 * k - 1.0) * (2.0 * k))) * (tc * e2);
      ts = (1.0 / ((2.0 * k) * (2.0 * k + 1.0))) * (ts * e2);
      ch = ch + tc;
      she = she + ts;
    }
  } else {
    const cd ee = cexp(e), ei = cexp(-e);
    ch = 0.5 * (ee + ei);
    she = (0.5 * (ee - ei)) / e;
  }
  cd ff = fact * (g1 * ch + g2 * (she * d));
  cd sum = ff;
  const cd ex = cexp(e);
  cd p = (0.5 / gp) * ex;
  cd q = cd{0.5 / gm, 0.0} / ex;
  cd c{1.0, 0.0};
  const cd dd = x2 * x2;
  cd sum1 = p;
  for (int i = 1; i < 200; ++i) {
    const double fi = i;
    ff = (1.0 / (fi * fi - mu * mu)) * (fi * ff + p + q);
    c = (1.0 / fi) * (c * dd);
    p = (1.0 / (fi - mu)) * p;
    q = (1.0 / (fi + mu)) * q;
    const cd del = c * ff;
    sum = sum + del;
    sum1 = sum1 + c * (p - fi * ff);
    if (cabs(del) < k_eps * cabs(sum)) break;
  }
  scale = cabs(x2) < 1e-20 ? -std::ilogb(cabs(x2)) : 0;
  kmu = ldexp_c(sum, -scale);
  kmu1 = sum1 * ldexp_c(cd{1.0, 0.0} / x2, -scale);
}

/// e^w K_mu(w) and e^w K_{mu+1}(w), |mu| <= 1/2, |w| > 2, Re w >= 0, by Steed's CF2 (the
/// arrangement of Numerical Recipes' bessik, in complex arithmetic). False if it does not converge.
CUPP_HD inline bool steed_k_c(double mu, cd w, cd& kmu, cd& kmu1) {
  cd b = 2.0 * (cd{1.0, 0.0} + w);
  cd d = cd{1.0, 0.0} / b;
  cd h = d, delh = d;
  cd q1{0.0, 0.0}, q2{1.0, 0.0};
  const double a1 = 0.25 - mu * mu;
  cd q{a1, 0.0};
  double c = a1, a = -a1;
  cd s = cd{1.0, 0.0} + q * delh;
  bool ok = false;
  for (int i = 2; i < 100000; ++i) {
    a -= 2.0 * (i - 1);
    c = -a * c / i;
    const cd qnew = (1.0 / a) * (q1 - b * q2);
    q1 = q2;
    q2 = qnew;
    q = q + c * qnew;
    b = b + cd{2.0, 0.0};
    d = cd{1.0, 0.0} / (b + a * d);
    delh = (b * d - cd{1.0, 0.0}) * delh;
    h = h + delh;
    const cd dels = q * delh;
    s = s + dels;
    if (cabs(dels) < k_eps * cabs(s)) {
      ok = true;
      break;
    }
  }
  h = a1 * h;
  kmu = csqrt(cd{k_pi, 0.0} / (2.0 * w)) / s;
  kmu1 = kmu * ((cd{mu + 0.5, 0.0} + w - h) / w);
  return ok;
}

/// I_{v+1}(w) / I_v(w) by the continued fraction I_v/I_{v+1} = b_1 + 1/(b_2 + ...), b_k =
/// 2(v+k)/w (modified Lentz). False if it does not converge.
CUPP_HD inline bool cf1_ratio(double v, cd w, cd& r) {
  const cd tw = cd{2.0, 0.0} / w;
  constexpr double tiny = 1e-300;
  cd f = (v + 1.0) * tw;
  cd c = f, d{0.0, 0.0};
  if (is_zero(f)) f = c = cd{tiny, 0.0};
  for (int k = 2; k < 1000000; ++k) {
    const cd b = (v + k) * tw;
    d = b + d;
    if (is_zero(d)) d = cd{tiny, 0.0};
    d = cd{1.0, 0.0} / d;
    c = b + cd{1.0, 0.0} / c;
    if (is_zero(c)) c = cd{tiny, 0.0};
    const cd delta = c * d;
    f = f * delta;
    if (std::fabs(delta.re - 1.0) + std::fabs(delta.im) < k_eps) {
      r = cd{1.0, 0.0} / f;
      return true;
    }
  }
  return false;
}

/// ik_scaled of v >= 0 and w (Re w >= 0, 0 < |w| finite); false where an algorithm fails.
CUPP_NOINLINE CUPP_HD inline bool ik_core(double v, cd w, bool need_i, ik_scaled& out) {
  const double aw = cabs(w);
  if (aw >= 25.0 && v * v <= 4.0 * aw && asym_ik(v, w, out)) return true;
  const double nl = std::floor(v + 0.5);
  const double mu = v - nl;
  cd kp, kc;
  int e = 0;
  if (aw <= 2.0) {
    temme_k_c(mu, w, kp, kc, e);
    const cd ew = cexp(w);
    kp = kp * ew;
    kc = kc * ew;
  } else if (!steed_k_c(mu, w, kp, kc)) {
    return false;
  }
  const cd iw = cd{1.0, 0.0} / w;
  const double aiw = cabs(iw);
  const int n = static_cast<int>(nl);
  for (int k = 1; k <= n; ++k) {
    const double f = 2.0 * (mu + k);
    const double akc = std::fmax(std::fabs(kc.re), std::fabs(kc.im));
    if (akc > 1e250 || akc * (f * aiw) > 1e250) {
      const int s = std::ilogb(akc);
      kp = ldexp_c(kp, -s);
      kc = ldexp_c(kc, -s);
      e += s;
    }
    const cd kn = kp + f * (iw * kc);
    kp = kc;
    kc = kn;
  }
  out.ke = kp;
  out.e = e;
  out.ie = cd{0.0, 0.0};
  if (need_i) {
    cd r;
    if (!cf1_ratio(v, w, r)) return false;
    out.ie = cd{1.0, 0.0} / (w * (kc + r * kp));
  }
  return true;
}

enum class kind { j, y, i, k, h1, h2 };

/// The value of the functions at z = 0 (SciPy's conventions: J_v and I_v are 1, 0 or nan, Y_v is
/// -inf (its reflection for negative orders), K and the Hankel functions nan).
CUPP_HD inline cd at_zero(kind f, bool scaled, double v) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  const bool integer = std::floor(v) == v;
  if (f == kind::j || f == kind::i) {
    if (!(std::fabs(v) <= k_max_order)) return {nan, nan};
    if (v == 0.0) return {1.0, 0.0};
    if (v > 0.0 || integer) return {0.0, 0.0};
    return {nan, nan};
  }
  if (f == kind::y && !scaled) {
    if (v >= 0.0 || !std::isfinite(v)) return {-inf, 0.0};
    const double c = cos_pi(-v);
    return {c == 0.0 ? nan : c > 0.0 ? -inf : inf, 0.0};
  }
  return {nan, nan};
}

/// Function f of order v at z (scaled: SciPy's exponentially scaled form).
CUPP_NOINLINE CUPP_HD inline cd bessel(kind f, bool scaled, double v, cd z) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  if (std::isnan(v) || !std::isfinite(z.re) || !std::isfinite(z.im)) return {nan, nan};
  if (is_zero(z)) return at_zero(f, scaled, v);
  const double av = std::fabs(v);
  if (!(av <= k_max_order)) return {nan, nan};
  const bool reflect = v < 0.0 && std::floor(v) != v;
  const double sp = reflect ? sin_pi(av) : 0.0, cp = reflect ? cos_pi(av) : 1.0;
  // integer negative orders: J_-n = (-1)^n J_n, Y, I, K likewise or equal
  const double sgn = (v < 0.0 && !reflect && std::fmod(av, 2.0) != 0.0) ? -1.0 : 1.0;
  cd w, ci{0.0, 0.0}, ck{0.0, 0.0}, g{0.0, 0.0};
  bool need_i = true;
  if (f == kind::i || f == kind::k) {
    cd ii{1.0, 0.0}, ik{0.0, 0.0}, ki{0.0, 0.0}, kk{1.0, 0.0}; // I_av, K_av in I(w), K(w)
    if (z.re >= 0.0) {
      w = z;
    } else {
      w = -z;
      const double s = z.im < 0.0 ? -1.0 : 1.0;
      const cd ep{cos_pi(av), s * sin_pi(av)};
      ii = ep;
      ki = cd{0.0, -s * k_pi};
      kk = conj(ep);
    }
    if (f == kind::i) {
      ci = ii;
      ck = ik;
      if (reflect) {
        ci = ci + (2.0 / k_pi * sp) * ki;
        ck = ck + (2.0 / k_pi * sp) * kk;
      }
      if (scaled) g = cd{-std::fabs(z.re), 0.0};
    } else {
      ci = ki;
      ck = kk;
      need_i = z.re < 0.0;
      if (scaled) g = z;
    }
  } else {
    const double s2 = z.im < 0.0 ? -1.0 : 1.0;
    w = s2 * cd{z.im, -z.re};
    const cd eh{cos_pi(0.5 * av), s2 * sin_pi(0.5 * av)};
    // J, Y and the Hankel function of this half plane (H1 above, H2 below) in I(w), K(w)
    const cd ji = eh;
    const cd hk = (-s2 * 2.0 / k_pi) * mul_i(conj(eh));
    const cd yi = s2 * mul_i(eh);
    const cd yk = (-2.0 / k_pi) * conj(eh);
    if (f == kind::j || f == kind::y) {
      const bool j = f == kind::j;
      ci = j ? ji : yi;
      ck = j ? cd{0.0, 0.0} : yk;
      if (reflect) { // J_-v = cos J - sin Y, Y_-v = sin J + cos Y
        const double a = j ? cp : sp, b = j ? -sp : cp;
        ci = a * ji + b * yi;
        ck = b * yk;
      } else if (sgn < 0.0) {
        ci = -ci;
        ck = -ck;
      }
      if (scaled) g = cd{-std::fabs(z.im), 0.0};
    } else {
      const bool own = (f == kind::h1) == (s2 > 0.0);
      ci = own ? cd{0.0, 0.0} : 2.0 * ji;
      ck = own ? hk : -hk;
      need_i = !own;
      if (v < 0.0) { // H1_-v = e^(i pi v) H1_v, H2_-v = e^(-i pi v) H2_v
        const cd e{cos_pi(av), (f == kind::h1 ? 1.0 : -1.0) * sin_pi(av)};
        ci = ci * e;
        ck = ck * e;
      }
      if (scaled) g = f == kind::h1 ? cd{z.im, -z.re} : cd{-z.im, z.re};
    }
  }
  ik_scaled r;
  if (!ik_core(av, w, need_i, r)) return {nan, nan};
  cd out{0.0, 0.0};
  if (!is_zero(ci)) out = out + scaled_term(ci, w + g, r.ie, -r.e);
  if (!is_zero(ck)) out = out + scaled_term(ck, g - w, r.ke, r.e);
  return out;
}

/// sqrt(pi / (2z)) times f of order n + 1/2 (spherical j, y; SciPy's spherical_jn/yn for
/// complex z), or the derivative.
CUPP_HD inline cd spherical_plain(kind f, long long n, cd z) {
  const cd b = bessel(f, false, static_cast<double>(n) + 0.5, z);
  return csqrt(cd{k_pi, 0.0} / (2.0 * z)) * b;
}

CUPP_NOINLINE CUPP_HD inline cd spherical(kind f, double nd, cd z, bool derivative) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  const long long n = bessel_impl::sph_order(nd);
  if (std::isnan(z.re) || std::isnan(z.im)) return {nan, 0.0};
  if (n < 0) return {nan, derivative ? nan : 0.0};
  if (!derivative) {
    if (std::isinf(z.re)) return z.im == 0.0 ? cd{0.0, 0.0} : cd{inf, inf};
    if (!std::isfinite(z.im)) return {nan, nan};
    if (is_zero(z)) {
      if (f == kind::j) return {n == 0 ? 1.0 : 0.0, 0.0};
      return {nan, 0.0};
    }
    cd out = spherical_plain(f, n, z);
    if (f == kind::j && z.im == 0.0) out.im = 0.0;
    return out;
  }
  if (is_zero(z)) {
    if (f == kind::j) return {n == 1 ? 1.0 / 3.0 : 0.0, 0.0};
    return {nan, n == 0 ? -0.0 : nan};
  }
  // SciPy's formulas j'_0 = -j_1, j'_n = j_{n-1} - (n+1) j_n / z (y the same), with the
  // special values of j and y at infinity
  if (n == 0) return -spherical(f, 1.0, z, false);
  return spherical(f, static_cast<double>(n - 1), z, false) -
         static_cast<double>(n + 1) * (spherical(f, static_cast<double>(n), z, false) / z);
}

template <class T> using cx = ::cuda::std::complex<T>;

template <class T> CUPP_HD inline cx<T> to_cx(cd a) {
  return cx<T>(static_cast<T>(a.re), static_cast<T>(a.im));
}
template <class T> CUPP_HD inline cd from_cx(cx<T> a) {
  return {static_cast<double>(a.real()), static_cast<double>(a.imag())};
}
/// The order: SciPy's loops take a real order (a complex one is a TypeError there); here an
/// order with a nonzero imaginary part gives nan.
template <class T> CUPP_HD inline double order_of(cx<T> v) {
  return v.imag() == T(0) ? static_cast<double>(v.real())
                          : std::numeric_limits<double>::quiet_NaN();
}
template <class T> CUPP_HD inline cx<T> call(kind f, bool scaled, cx<T> v, cx<T> z) {
  return to_cx<T>(bessel(f, scaled, order_of(v), from_cx(z)));
}

} // namespace bessel_cx

/// Bessel functions of real order v and complex argument z (SciPy's AMOS loops), T = float or
/// double (computed in double). The order is held in the complex type of the ufunc; its imaginary
/// part must be 0.
template <class T>
CUPP_HD inline ::cuda::std::complex<T> jv(::cuda::std::complex<T> v, ::cuda::std::complex<T> z) {
  return bessel_cx::call(bessel_cx::kind::j, false, v, z);
}
/// e^-|Im z| J_v(z).
template <class T>
CUPP_HD inline ::cuda::std::complex<T> jve(::cuda::std::complex<T> v, ::cuda::std::complex<T> z) {
  return bessel_cx::call(bessel_cx::kind::j, true, v, z);
}
template <class T>
CUPP_HD inline ::cuda::std::complex<T> yv(::cuda::std::complex<T> v, ::cuda::std::complex<T> z) {
  return bessel_cx::call(bessel_cx::kind::y, false, v, z);
}
/// e^-|Im z| Y_v(z).
template <class T>
CUPP_HD inline ::cuda::std::complex<T> yve(::cuda::std::complex<T> v, ::cuda::std::complex<T> z) {
  return bessel_cx::call(bessel_cx::kind::y, true, v, z);
}
template <class T>
CUPP_HD inline ::cuda::std::complex<T> iv(::cuda::std::complex<T> v, ::cuda::std::complex<T> z) {
  return bessel_cx::call(bessel_cx::kind::i, false, v, z);
}
/// e^-|Re z| I_v(z).
template <class T>
CUPP_HD inline ::cuda::std::complex<T> ive(::cuda::std::complex<T> v, ::cuda::std::complex<T> z) {
  return bessel_cx::call(bessel_cx::kind::i, true, v, z);
}
template <class T>
CUPP_HD inline ::cuda::std::complex<T> kv(::cuda::std::complex<T> v, ::cuda::std::complex<T> z) {
  return bessel_cx::call(bessel_cx::kind::k, false, v, z);
}
/// e^z K_v(z).
template <class T>
CUPP_HD inline ::cuda::std::complex<T> kve(::cuda::std::complex<T> v, ::cuda::std::complex<T> z) {
  return bessel_cx::call(bessel_cx::kind::k, true, v, z);
}
/// Hankel functions H1_v = J_v + i Y_v, H2_v = J_v - i Y_v and their scaled forms e^-iz H1_v,
/// e^iz H2_v (complex only).
template <class T>
CUPP_HD inline ::cuda::std::complex<T> hankel1(::cuda::std::complex<T> v,
                                               ::cuda::std::complex<T> z) {
  return bessel_cx::call(bessel_cx::kind::h1, false, v, z);
}
template <class T>
CUPP_HD inline ::cuda::std::complex<T> hankel1e(::cuda::std::complex<T> v,
                                                ::cuda::std::complex<T> z) {
  return bessel_cx::call(bessel_cx::kind::h1, true, v, z);
}
template <class T>
CUPP_HD inline ::cuda::std::complex<T> hankel2(::cuda::std::complex<T> v,
                                               ::cuda::std::complex<T> z) {
  return bessel_cx::call(bessel_cx::kind::h2, false, v, z);
}
template <class T>
CUPP_HD inline ::cuda::std::complex<T> hankel2e(::cuda::std::complex<T> v,
                                                ::cuda::std::complex<T> z) {
  return bessel_cx::call(bessel_cx::kind::h2, true, v, z);
}
/// Spherical Bessel j_n(z) and y_n(z) of complex z, or their derivatives (SciPy's complex
/// spherical_jn, spherical_yn: sqrt(pi/(2z)) J_{n+1/2}(z) and Y_{n+1/2}(z)).
template <class T>
CUPP_HD inline ::cuda::std::complex<T>
spherical_jn(::cuda::std::complex<T> n, ::cuda::std::complex<T> z, bool derivative = false) {
  return bessel_cx::to_cx<T>(bessel_cx::spherical(bessel_cx::kind::j, bessel_cx::order_of(n),
                                                  bessel_cx::from_cx(z), derivative));
}
template <class T>
CUPP_HD inline ::cuda::std::complex<T>
spherical_yn(::cuda::std::complex<T> n, ::cuda::std::complex<T> z, bool derivative = false) {
  return bessel_cx::to_cx<T>(bessel_cx::spherical(bessel_cx::kind::y, bessel_cx::order_of(n),
                                                  bessel_cx::from_cx(z), derivative));
}

} // namespace cupx::special::detail
