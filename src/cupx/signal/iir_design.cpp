// IIR filter design on the host, as scipy.signal computes it: the analog prototypes, the
// frequency transforms (zpk and ba), the bilinear transform and iirfilter.
#include <cupx/signal/detail/host.hpp>

#include <cupp/core/error.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <sstream>
#include <string>

namespace cupx::signal::detail {

namespace {

constexpr double pi = std::numbers::pi;
using cplx = std::complex<double>;

void check_order(int n) {
  if (n < 0) throw cupp::value_error("Filter order must be a nonnegative integer");
}

int relative_degree(const zpk_h& f) {
  const auto degree = static_cast<int>(f.p.size()) - static_cast<int>(f.z.size());
  if (degree < 0)
    throw cupp::value_error(
        "Improper transfer function. Must have at least as many poles as zeros.");
  return degree;
}

cplx prod_neg(const cvec& v) {
  cplx s = 1.0;
  for (const cplx x : v)
    s *= -x;
  return s;
}

/// 10^x - 1 without cancellation (SciPy's _pow10m1).
double pow10m1(double x) { return std::expm1(std::log(10.0) * x); }

/// The inverse of sn by descending Landen transformations, for a complex argument (SciPy's
/// _arc_jac_sn).
cplx arc_jac_sn(cplx w, double m) {
  const auto complement = [](cplx kx) { return std::sqrt((1.0 - kx) * (1.0 + kx)); };
  const double k = std::sqrt(m);
  if (k > 1) return {std::numeric_limits<double>::quiet_NaN(), 0.0};
  if (k == 1) return std::atanh(w);
  std::vector<double> ks{k};
  while (ks.back() != 0) {
    const double kp = std::sqrt((1 - ks.back()) * (1 + ks.back()));
    ks.push_back((1 - kp) / (1 + kp));
    if (ks.size() > 11) throw cupp::value_error("Landen transformation not converging");
  }
  double kk = pi / 2;
  for (std::size_t i = 1; i < ks.size(); ++i)
    kk *= 1 + ks[i];
  cplx wn = w;
  for (std::size_t i = 0; i + 1 < ks.size(); ++i)
    wn = 2.0 * wn / ((1 + ks[i + 1]) * (1.0 + complement(ks[i] * wn)));
  return kk * (2 / pi * std::asin(wn));
}

/// The real w that sc(w, m) inverts (SciPy's _arc_jac_sc1).
double arc_jac_sc1(double w, double m) {
  const cplx z = arc_jac_sn(cplx(0.0, w), m);
  if (std::fabs(z.real()) > 1e-14) throw cupp::value_error("Cannot design the elliptic filter");
  return z.imag();
}

/// The elliptic degree m of an order-n filter from the modulus m1 (SciPy's _ellipdeg, nome
/// series to 7 terms).
double ellipdeg(int n, double m1) {
  const double k1 = ellipk(m1), k1p = ellipkm1(m1);
  const double q1 = std::exp(-pi * k1p / k1);
  const double q = std::pow(q1, 1.0 / n);
  double num = 0.0, den = 0.0;
  for (int i = 0; i <= 7; ++i)
    num += std::pow(q, static_cast<double>(i * (i + 1)));
  for (int i = 1; i <= 8; ++i)
    den += std::pow(q, static_cast<double>(i * i));
  den = 1 + 2 * den;
  return 16 * q * std::pow(num / den, 4);
}

constexpr double epsilon_design = 2e-16; // SciPy's EPSILON in ellipap

} // namespace

zpk_h buttap(int n) {
  check_order(n);
  zpk_h f;
  for (int m = -n + 1; m < n; m += 2)
    f.p.push_back(-std::exp(cplx(0.0, pi * m / (2.0 * n))));
  // numpy's exp(1j*0) is exactly 1: keep the middle pole exactly real
  for (cplx& p : f.p)
    if (p.imag() == 0.0) p = cplx(p.real(), 0.0);
  f.k = 1.0;
  return f;
}

zpk_h cheb1ap(int n, double rp) {
  check_order(n);
  zpk_h f;
  if (n == 0) {
    f.k = std::pow(10.0, -rp / 20);
    return f;
  }
  const double eps = std::sqrt(std::pow(10.0, 0.1 * rp) - 1.0);
  const double mu = 1.0 / n * std::asinh(1 / eps);
  for (int m = -n + 1; m < n; m += 2) {
    const double theta = pi * m / (2.0 * n);
    f.p.push_back(-std::sinh(cplx(mu, theta)));
  }
  double k = prod_neg(f.p).real();
  if (n % 2 == 0) k = k / std::sqrt(1 + eps * eps);
  f.k = k;
  return f;
}

zpk_h cheb2ap(int n, double rs) {
  check_order(n);
  zpk_h f;
  if (n == 0) {
    f.k = 1.0;
    return f;
  }
  const double de = 1.0 / std::sqrt(std::pow(10.0, 0.1 * rs) - 1);
  const double mu = std::asinh(1.0 / de) / n;
  std::vector<int> ms;
  if (n % 2) {
    for (int m = -n + 1; m < 0; m += 2)
      ms.push_back(m);
    for (int m = 2; m < n; m += 2)
      ms.push_back(m);
  } else {
    for (int m = -n + 1; m < n; m += 2)
      ms.push_back(m);
  }
  for (const int m : ms)
    f.z.push_back(cplx(0.0, 1.0) / std::sin(m * pi / (2.0 * n)));
  for (int m = -n + 1; m < n; m += 2) {
    const double theta = pi * m / (2.0 * n);
    f.p.push_back(-1.0 / std::sinh(cplx(mu, theta)));
  }
  f.k = (prod_neg(f.p) / prod_neg(f.z)).real();
  return f;
}

zpk_h ellipap(int n, double rp, double rs) {
  check_order(n);
  zpk_h f;
  if (n == 0) {
    f.k = std::pow(10.0, -rp / 20);
    return f;
  }
  if (n == 1) {
    const double p = -std::sqrt(1.0 / pow10m1(0.1 * rp));
    f.p.push_back(p);
    f.k = -p;
    return f;
  }
  const double eps_sq = pow10m1(0.1 * rp);
  const double eps = std::sqrt(eps_sq);
  const double ck1_sq = eps_sq / pow10m1(0.1 * rs);
  if (ck1_sq == 0)
    throw cupp::value_error("Cannot design a filter with given rp and rs specifications.");
  const double val0 = ellipk(ck1_sq);
  const double m = ellipdeg(n, ck1_sq);
  const double capk = ellipk(m);
  std::vector<double> s, c, d;
  for (int j = 1 - n % 2; j < n; j += 2) {
    double sn, cn, dn;
    ellipj(j * capk / n, m, sn, cn, dn);
    s.push_back(sn);
    c.push_back(cn);
    d.push_back(dn);
  }
  cvec z;
  for (const double sn : s)
    if (std::fabs(sn) > epsilon_design) z.push_back(cplx(0.0, 1.0 / (std::sqrt(m) * sn)));
  const std::size_t nz = z.size();
  for (std::size_t i = 0; i < nz; ++i)
    z.push_back(std::conj(z[i]));
  const double r = arc_jac_sc1(1. / eps, ck1_sq);
  const double v0 = capk * r / (n * val0);
  double sv, cv, dv;
  ellipj(v0, 1 - m, sv, cv, dv);
  cvec p;
  for (std::size_t i = 0; i < s.size(); ++i)
    p.push_back(-cplx(c[i] * d[i] * sv * cv, s[i] * dv) / (1 - std::pow(d[i] * sv, 2.0)));
  const std::size_t np = p.size();
  if (n % 2) {
    double norm2 = 0.0;
    for (const cplx x : p)
      norm2 += std::norm(x);
    for (std::size_t i = 0; i < np; ++i)
      if (std::fabs(p[i].imag()) > epsilon_design * std::sqrt(norm2)) p.push_back(std::conj(p[i]));
  } else {
    for (std::size_t i = 0; i < np; ++i)
      p.push_back(std::conj(p[i]));
  }
  double k = (prod_neg(p) / prod_neg(z)).real();
  if (n % 2 == 0) k = k / std::sqrt(1 + eps_sq);
  f.z = std::move(z);
  f.p = std::move(p);
  f.k = k;
  return f;
}

namespace {

/// The zeros of the Bessel polynomial y_n(x) (SciPy's _bessel_zeros, with the polynomial itself
/// in place of the modified Bessel function K_{n+1/2}(1/x), which vanishes at the same points):
/// Aberth-Ehrlich iterations from Campos and Calderon's estimates, then Newton polishing.
cvec bessel_zeros(int n) {
  if (n == 1) return {cplx(-1.0, 0.0)};
  // coefficients of y_n, lowest power first: (n+k)! / ((n-k)! k! 2^k)
  std::vector<double> c(static_cast<std::size_t>(n) + 1);
  c[0] = 1.0;
  for (int k = 0; k < n; ++k)
    c[static_cast<std::size_t>(k) + 1] =
        c[static_cast<std::size_t>(k)] * (n + k + 1.0) * (n - k) / (2.0 * (k + 1.0));
  const auto eval = [&](cplx x, cplx& p, cplx& dp) {
    p = c.back();
    dp = 0.0;
    for (std::size_t i = c.size() - 1; i-- > 0;) {
      dp = dp * x + p;
      p = p * x + c[i];
    }
  };
  // Campos and Calderon's initial estimates
  const auto pv = [](double x, std::initializer_list<double> coef) { // lowest power first
    double r = 0.0, xp = 1.0;
    for (const double a : coef) {
      r += a * xp;
      xp *= x;
    }
    return r;
  };
  const double nn = n;
  const double s = pv(nn, {0, 0, 2, 0, -3, 1});
  const double b3 = pv(nn, {16, -8}) / s, b2 = pv(nn, {-24, -12, 12}) / s;
  const double b1 = pv(nn, {8, 24, -12, -2}) / s, b0 = pv(nn, {0, -6, 0, 5, -1}) / s;
  const double r = pv(nn, {0, 0, 2, 1});
  const double a1 = pv(nn, {-6, -6}) / r, a2 = 6 / r;
  cvec x(static_cast<std::size_t>(n));
  for (int k = 1; k <= n; ++k)
    x[static_cast<std::size_t>(k - 1)] = cplx(pv(k, {0, a1, a2}), pv(k, {b0, b1, b2, b3}));
  for (int iter = 0; iter < 100; ++iter) {
    bool small = true;
    cvec alpha(x.size());
    for (std::size_t k = 0; k < x.size(); ++k) {
      cplx p, dp;
      eval(x[k], p, dp);
      alpha[k] = -p / dp;
      if (!(std::abs(alpha[k]) <= 1e-15)) small = false;
    }
    for (std::size_t k = 0; k < x.size(); ++k) {
      cplx beta = 0.0;
      for (std::size_t j = 0; j < x.size(); ++j)
        if (j != k) beta += 1.0 / (x[k] - x[j]);
      x[k] += alpha[k] / (1.0 + alpha[k] * beta);
    }
    if (small) break;
  }
  for (cplx& xk : x)
    for (int it = 0; it < 50; ++it) {
      cplx p, dp;
      eval(xk, p, dp);
      const cplx step = p / dp;
      xk -= step;
      if (std::abs(step) <= 1e-15 * std::abs(xk)) break;
    }
  cvec out(x.size());
  for (std::size_t i = 0; i < x.size(); ++i)
    out[i] = 0.5 * (x[i] + std::conj(x[x.size() - 1 - i]));
  return out;
}

} // namespace

zpk_h besselap(int n, int norm) {
  check_order(n);
  if (norm < 0 || norm > 2) throw cupp::value_error("normalization not understood");
  zpk_h f;
  if (n == 0) {
    f.k = 1.0;
    return f;
  }
  for (const cplx x : bessel_zeros(n))
    f.p.push_back(1.0 / x);
  // a_last = (2n)! / (n! 2^n)
  double a_last = 1.0;
  for (int k = n + 1; k <= 2 * n; ++k)
    a_last *= k / 2.0;
  if (norm == 0) {
    const double scale = std::pow(10.0, -std::log10(a_last) / n);
    for (cplx& p : f.p)
      p *= scale;
    f.k = 1.0;
  } else {
    f.k = a_last;
    if (norm == 2) {
      // the frequency where the gain is 1/sqrt(2): a safeguarded secant from 1.5
      const auto gain = [&](double w) {
        cplx d = 1.0;
        for (const cplx p : f.p)
          d *= cplx(0.0, w) - p;
        return std::abs(a_last / d) - 1 / std::sqrt(2.0);
      };
      double lo = 0.0, hi = 1.5;
      while (gain(hi) > 0)
        hi *= 2;
      for (int i = 0; i < 200 && hi - lo > 1e-16 * hi; ++i) {
        const double glo = gain(lo), ghi = gain(hi);
        double mid = hi - ghi * (hi - lo) / (ghi - glo);
        if (!(mid > lo && mid < hi) || i % 3 == 2) mid = 0.5 * (lo + hi);
        const double g = gain(mid);
        if (g == 0) {
          lo = hi = mid;
          break;
        }
        (g > 0 ? lo : hi) = mid;
      }
      const double factor = 0.5 * (lo + hi);
      for (cplx& p : f.p)
        p /= factor;
      f.k = std::pow(factor, -n) * a_last;
    }
  }
  return f;
}

zpk_h lp2lp_zpk(const zpk_h& f, double wo) {
  const int degree = relative_degree(f);
  zpk_h g = f;
  for (cplx& z : g.z)
    z *= wo;
  for (cplx& p : g.p)
    p *= wo;
  g.k = f.k * std::pow(wo, degree);
  return g;
}

zpk_h lp2hp_zpk(const zpk_h& f, double wo) {
  const int degree = relative_degree(f);
  zpk_h g;
  for (const cplx z : f.z)
    g.z.push_back(wo / z);
  for (const cplx p : f.p)
    g.p.push_back(wo / p);
  g.z.resize(g.z.size() + static_cast<std::size_t>(degree), 0.0);
  g.k = f.k * (prod_neg(f.z) / prod_neg(f.p)).real();
  return g;
}

zpk_h lp2bp_zpk(const zpk_h& f, double wo, double bw) {
  const int degree = relative_degree(f);
  zpk_h g;
  const auto split = [&](const cvec& v, cvec& out) {
    cvec lp(v.size());
    for (std::size_t i = 0; i < v.size(); ++i)
      lp[i] = v[i] * bw / 2.0;
    for (const cplx x : lp)
      out.push_back(x + std::sqrt(x * x - wo * wo));
    for (const cplx x : lp)
      out.push_back(x - std::sqrt(x * x - wo * wo));
  };
  split(f.z, g.z);
  split(f.p, g.p);
  g.z.resize(g.z.size() + static_cast<std::size_t>(degree), 0.0);
  g.k = f.k * std::pow(bw, degree);
  return g;
}

zpk_h lp2bs_zpk(const zpk_h& f, double wo, double bw) {
  const int degree = relative_degree(f);
  zpk_h g;
  const auto split = [&](const cvec& v, cvec& out) {
    cvec hp(v.size());
    for (std::size_t i = 0; i < v.size(); ++i)
      hp[i] = (bw / 2) / v[i];
    for (const cplx x : hp)
      out.push_back(x + std::sqrt(x * x - wo * wo));
    for (const cplx x : hp)
      out.push_back(x - std::sqrt(x * x - wo * wo));
  };
  split(f.z, g.z);
  split(f.p, g.p);
  for (int i = 0; i < degree; ++i)
    g.z.push_back(cplx(0.0, wo));
  for (int i = 0; i < degree; ++i)
    g.z.push_back(cplx(0.0, -wo));
  g.k = f.k * (prod_neg(f.z) / prod_neg(f.p)).real();
  return g;
}

zpk_h bilinear_zpk(const zpk_h& f, double fs) {
  const int degree = relative_degree(f);
  const double fs2 = 2.0 * fs;
  zpk_h g;
  cplx num = 1.0, den = 1.0;
  for (const cplx z : f.z) {
    g.z.push_back((fs2 + z) / (fs2 - z));
    num *= fs2 - z;
  }
  for (const cplx p : f.p) {
    g.p.push_back((fs2 + p) / (fs2 - p));
    den *= fs2 - p;
  }
  g.z.resize(g.z.size() + static_cast<std::size_t>(degree), -1.0);
  g.k = f.k * (num / den).real();
  return g;
}

namespace {
double comb(int n, int k) {
  if (k < 0 || k > n) return 0.0;
  double r = 1.0;
  for (int i = 1; i <= k; ++i)
    r = r * (n - k + i) / i;
  return std::round(r);
}
} // namespace

ba_h lp2lp(const ba_h& f, double wo) {
  const auto d = static_cast<int>(f.a.size()), n = static_cast<int>(f.b.size());
  const int m = std::max(d, n);
  rvec pwo(static_cast<std::size_t>(m));
  for (int i = 0; i < m; ++i)
    pwo[static_cast<std::size_t>(i)] = std::pow(wo, m - 1 - i);
  const int start1 = std::max(n - d, 0), start2 = std::max(d - n, 0);
  rvec b = f.b, a = f.a;
  for (int i = 0; i < n; ++i)
    b[static_cast<std::size_t>(i)] = b[static_cast<std::size_t>(i)] *
                                     pwo[static_cast<std::size_t>(start1)] /
                                     pwo[static_cast<std::size_t>(start2 + i)];
  for (int i = 0; i < d; ++i)
    a[static_cast<std::size_t>(i)] = a[static_cast<std::size_t>(i)] *
                                     pwo[static_cast<std::size_t>(start1)] /
                                     pwo[static_cast<std::size_t>(start1 + i)];
  return normalize(b, a);
}

ba_h lp2hp(const ba_h& f, double wo) {
  const auto d = f.a.size(), n = f.b.size();
  const std::size_t m = std::max(d, n);
  rvec pwo(m);
  for (std::size_t i = 0; i < m; ++i)
    pwo[i] = wo != 1 ? std::pow(wo, static_cast<double>(i)) : 1.0;
  rvec outa(std::max(d, n), 0.0), outb(std::max(d, n), 0.0);
  if (d >= n) {
    for (std::size_t i = 0; i < d; ++i)
      outa[i] = f.a[d - 1 - i] * pwo[i];
    outb.resize(d, 0.0);
    for (std::size_t i = 0; i < n; ++i)
      outb[i] = f.b[n - 1 - i] * pwo[i];
  } else {
    for (std::size_t i = 0; i < n; ++i)
      outb[i] = f.b[n - 1 - i] * pwo[i];
    outa.resize(n, 0.0);
    for (std::size_t i = 0; i < d; ++i)
      outa[i] = f.a[d - 1 - i] * pwo[i];
  }
  return normalize(outb, outa);
}

ba_h lp2bp(const ba_h& f, double wo, double bw) {
  const int d = static_cast<int>(f.a.size()) - 1, n = static_cast<int>(f.b.size()) - 1;
  const int ma = std::max(n, d), np = n + ma, dp = d + ma;
  const double wosq = wo * wo;
  const auto build = [&](const rvec& c, int deg, int outdeg) {
    rvec out(static_cast<std::size_t>(outdeg) + 1);
    for (int j = 0; j <= outdeg; ++j) {
      double val = 0.0;
      for (int i = 0; i <= deg; ++i)
        for (int k = 0; k <= i; ++k)
          if (ma - i + 2 * k == j)
            val += comb(i, k) * c[static_cast<std::size_t>(deg - i)] * std::pow(wosq, i - k) /
                   std::pow(bw, i);
      out[static_cast<std::size_t>(outdeg - j)] = val;
    }
    return out;
  };
  return normalize(build(f.b, n, np), build(f.a, d, dp));
}

ba_h lp2bs(const ba_h& f, double wo, double bw) {
  const int d = static_cast<int>(f.a.size()) - 1, n = static_cast<int>(f.b.size()) - 1;
  const int m = std::max(n, d), np = 2 * m;
  const double wosq = wo * wo;
  const auto build = [&](const rvec& c, int deg) {
    rvec out(static_cast<std::size_t>(np) + 1);
    for (int j = 0; j <= np; ++j) {
      double val = 0.0;
      for (int i = 0; i <= deg; ++i)
        for (int k = 0; k <= m - i; ++k)
          if (i + 2 * k == j)
            val += comb(m - i, k) * c[static_cast<std::size_t>(deg - i)] *
                   std::pow(wosq, m - i - k) * std::pow(bw, i);
      out[static_cast<std::size_t>(np - j)] = val;
    }
    return out;
  };
  return normalize(build(f.b, n), build(f.a, d));
}

ba_h bilinear(const ba_h& f, double fs) {
  const auto trim = [](const rvec& v) {
    std::size_t i = 0;
    while (i < v.size() && v[i] == 0.0)
      ++i;
    return rvec(v.begin() + static_cast<std::ptrdiff_t>(i), v.end());
  };
  const rvec b = trim(f.b), a = trim(f.a);
  const double fac = std::sqrt(fs * 2);
  const int n = static_cast<int>(std::max(a.size(), b.size())) - 1;
  // (z + 1)/fac and (z - 1) fac, lowest power first
  const auto power = [](rvec base, int e) {
    rvec r{1.0};
    for (int i = 0; i < e; ++i) {
      rvec next(r.size() + 1, 0.0);
      for (std::size_t j = 0; j < r.size(); ++j) {
        next[j] += r[j] * base[0];
        next[j + 1] += r[j] * base[1];
      }
      r = std::move(next);
    }
    return r;
  };
  const rvec zp1{1 / fac, 1 / fac}, zm1{-fac, fac};
  const auto side = [&](const rvec& c) {
    rvec sum(static_cast<std::size_t>(std::max(n, 0)) + 1, 0.0);
    for (std::size_t q = 0; q < c.size(); ++q) {
      const double coef = c[c.size() - 1 - q];
      const rvec t = polymul(power(zp1, n - static_cast<int>(q)), power(zm1, static_cast<int>(q)));
      for (std::size_t i = 0; i < t.size(); ++i)
        sum[i] += coef * t[i];
    }
    // numpy.polynomial trims trailing (highest-power) zeros of the sum
    while (sum.size() > 1 && sum.back() == 0.0)
      sum.pop_back();
    return rvec(sum.rbegin(), sum.rend());
  };
  return normalize(side(b), side(a));
}

zpk_h iirfilter(int n, const rvec& wn_in, std::optional<double> rp, std::optional<double> rs,
                band btype, bool analog, family ftype, std::optional<double> fs) {
  rvec wn = wn_in;
  if (fs) {
    if (analog) throw cupp::value_error("fs cannot be specified for an analog filter");
    for (double& w : wn)
      w = w / (*fs / 2);
  }
  if (wn.empty()) throw cupp::value_error("Wn must have one or two critical frequencies");
  for (const double w : wn)
    if (w <= 0) throw cupp::value_error("filter critical frequencies must be greater than 0");
  if (wn.size() > 1 && !(wn[0] < wn[1])) throw cupp::value_error("Wn[0] must be less than Wn[1]");
  if (rp && *rp < 0) throw cupp::value_error("passband ripple (rp) must be positive");
  if (rs && *rs < 0) throw cupp::value_error("stopband attenuation (rs) must be positive");
  zpk_h f;
  switch (ftype) {
  case family::butter:
    f = buttap(n);
    break;
  case family::bessel_phase:
  case family::bessel_delay:
  case family::bessel_mag:
    f = besselap(n, ftype == family::bessel_phase ? 0 : ftype == family::bessel_delay ? 1 : 2);
    break;
  case family::cheby1:
    if (!rp)
      throw cupp::value_error(
          "passband ripple (rp) must be provided to design a Chebyshev I filter.");
    f = cheb1ap(n, *rp);
    break;
  case family::cheby2:
    if (!rs)
      throw cupp::value_error(
          "stopband attenuation (rs) must be provided to design an Chebyshev II filter.");
    f = cheb2ap(n, *rs);
    break;
  case family::ellip:
    if (!rs || !rp)
      throw cupp::value_error("Both rp and rs must be provided to design an elliptic filter.");
    f = ellipap(n, *rp, *rs);
    break;
  }
  rvec warped = wn;
  if (!analog) {
    for (const double w : wn)
      if (w <= 0 || w >= 1) {
        if (fs) {
          std::ostringstream s;
          s << "Digital filter critical frequencies must be 0 < Wn < fs/2 (fs=" << *fs
            << " -> fs/2=" << *fs / 2 << ")";
          throw cupp::value_error(s.str());
        }
        throw cupp::value_error("Digital filter critical frequencies must be 0 < Wn < 1");
      }
    for (double& w : warped)
      w = 2 * 2.0 * std::tan(pi * w / 2.0);
  }
  if (btype == band::lowpass || btype == band::highpass) {
    if (wn.size() != 1)
      throw cupp::value_error(
          "Must specify a single critical frequency Wn for lowpass or highpass filter");
    f = btype == band::lowpass ? lp2lp_zpk(f, warped[0]) : lp2hp_zpk(f, warped[0]);
  } else {
    if (wn.size() != 2)
      throw cupp::value_error(
          "Wn must specify start and stop frequencies for bandpass or bandstop filter");
    const double bw = warped[1] - warped[0];
    const double wo = std::sqrt(warped[0] * warped[1]);
    f = btype == band::bandpass ? lp2bp_zpk(f, wo, bw) : lp2bs_zpk(f, wo, bw);
  }
  if (!analog) f = bilinear_zpk(f, 2.0);
  return f;
}

ba_h notch_peak(double w0, double q, double fs, bool peak) {
  w0 = 2 * w0 / fs;
  if (w0 > 1.0 || w0 < 0.0) throw cupp::value_error("w0 should be such that 0 < w0 < 1");
  double bw = w0 / q;
  bw = bw * pi;
  w0 = w0 * pi;
  const double beta = std::tan(bw / 2.0);
  const double gain = 1.0 / (1.0 + beta);
  ba_h f;
  if (!peak)
    f.b = {gain * 1.0, gain * (-2.0 * std::cos(w0)), gain * 1.0};
  else
    f.b = {(1.0 - gain) * 1.0, (1.0 - gain) * 0.0, (1.0 - gain) * -1.0};
  f.a = {1.0, -2.0 * gain * std::cos(w0), 2.0 * gain - 1.0};
  return f;
}

} // namespace cupx::signal::detail
