// Polynomials on the host for cupx::signal: roots (numpy.roots), poly, polymul, polyval.
#include <cupx/signal/detail/host.hpp>

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <numbers>
#include <vector>

namespace cupx::signal::detail {

namespace {

using cplx = std::complex<double>;

/// p(x) and p'(x) by Horner's rule (highest power first).
void horner(const cvec& c, cplx x, cplx& p, cplx& dp) {
  p = c[0];
  dp = 0.0;
  for (std::size_t i = 1; i < c.size(); ++i) {
    dp = dp * x + p;
    p = p * x + c[i];
  }
}

/// A bound of the rounding error of Horner's rule at x (the running sum of |terms|).
double horner_error(const cvec& c, cplx x) {
  const double ax = std::abs(x);
  double e = std::abs(c[0]);
  for (std::size_t i = 1; i < c.size(); ++i)
    e = e * ax + std::abs(c[i]);
  return e * std::numeric_limits<double>::epsilon();
}

/// The roots of c (c[0] != 0, c.back() != 0, degree >= 1) by the Aberth-Ehrlich iteration.
cvec aberth(const cvec& c) {
  const std::size_t n = c.size() - 1;
  cvec z(n);
  // Start on a circle of the roots' geometric-mean radius, off the real axis.
  const double radius = std::pow(std::abs(c[n] / c[0]), 1.0 / static_cast<double>(n));
  for (std::size_t i = 0; i < n; ++i) {
    const double t = 2.0 * std::numbers::pi * static_cast<double>(i) / static_cast<double>(n) + 0.4;
    z[i] = radius * cplx(std::cos(t), std::sin(t));
  }
  std::vector<bool> done(n, false);
  for (int iter = 0; iter < 1000; ++iter) {
    bool all = true;
    for (std::size_t i = 0; i < n; ++i) {
      if (done[i]) continue;
      cplx p, dp;
      horner(c, z[i], p, dp);
      if (std::abs(p) <= horner_error(c, z[i])) {
        done[i] = true;
        continue;
      }
      const cplx ratio = p / dp;
      cplx sum = 0.0;
      for (std::size_t j = 0; j < n; ++j)
        if (j != i) sum += 1.0 / (z[i] - z[j]);
      const cplx step = ratio / (1.0 - ratio * sum);
      z[i] -= step;
      if (std::abs(step) <= 4 * std::numeric_limits<double>::epsilon() * std::abs(z[i]))
        done[i] = true;
      else
        all = false;
    }
    if (all) break;
  }
  // Newton polishing: keep a step only where it lowers |p|.
  for (std::size_t i = 0; i < n; ++i) {
    for (int k = 0; k < 3; ++k) {
      cplx p, dp;
      horner(c, z[i], p, dp);
      if (dp == 0.0) break;
      const cplx next = z[i] - p / dp;
      cplx pn, dpn;
      horner(c, next, pn, dpn);
      if (!(std::abs(pn) < std::abs(p))) break;
      z[i] = next;
    }
  }
  return z;
}

} // namespace

cvec roots(const cvec& c0) {
  std::size_t first = 0, last = c0.size();
  while (first < last && c0[first] == 0.0)
    ++first;
  while (last > first && c0[last - 1] == 0.0)
    --last;
  cvec out;
  if (first == last) return out;
  const cvec c(c0.begin() + static_cast<std::ptrdiff_t>(first),
               c0.begin() + static_cast<std::ptrdiff_t>(last));
  if (c.size() >= 2) out = aberth(c);
  out.resize(out.size() + (c0.size() - last), 0.0); // trailing zeros: roots at 0
  return out;
}

cvec roots(const rvec& c0) {
  // degrees 1 and 2 in closed form (a double root, as a section's (z + 1)^2, comes out exact)
  std::size_t first = 0, last = c0.size();
  while (first < last && c0[first] == 0.0)
    ++first;
  while (last > first && c0[last - 1] == 0.0)
    --last;
  const std::size_t degree = last > first ? last - first - 1 : 0;
  if (degree == 1 || degree == 2) {
    cvec out;
    const double a = c0[first], b = c0[first + 1];
    if (degree == 1) {
      out.emplace_back(-b / a, 0.0);
    } else {
      const double c = c0[first + 2];
      const double disc = b * b - 4 * a * c;
      if (disc >= 0) {
        const double q = -0.5 * (b + std::copysign(std::sqrt(disc), b));
        out.emplace_back(q / a, 0.0);
        out.emplace_back(c / q, 0.0);
      } else {
        const double re = -b / (2 * a), im = std::sqrt(-disc) / (2 * std::fabs(a));
        out.emplace_back(re, im);
        out.emplace_back(re, -im);
      }
    }
    out.resize(out.size() + (c0.size() - last), 0.0);
    return out;
  }
  const rvec& c = c0;
  cvec z = roots(cvec(c.begin(), c.end()));
  // Real coefficients: pair each root above the axis with its nearest partner below and make
  // them exact conjugates; the roots left over are real.
  const double tol = 1e-9;
  std::vector<int> state(z.size(), 0); // 0 unassigned, 1 done
  cvec out;
  for (std::size_t i = 0; i < z.size(); ++i) {
    if (state[i] || !(z[i].imag() > tol * std::abs(z[i]))) continue;
    std::size_t best = z.size();
    double bd = 0.0;
    for (std::size_t j = 0; j < z.size(); ++j) {
      if (j == i || state[j] || !(z[j].imag() < 0.0)) continue;
      const double d = std::abs(z[j] - std::conj(z[i]));
      if (best == z.size() || d < bd) {
        best = j;
        bd = d;
      }
    }
    if (best == z.size()) continue;
    state[i] = state[best] = 1;
    const cplx m = 0.5 * (z[i] + std::conj(z[best]));
    out.push_back(m);
    out.push_back(std::conj(m));
  }
  for (std::size_t i = 0; i < z.size(); ++i)
    if (!state[i]) {
      if (std::abs(z[i].imag()) <= tol * std::abs(z[i])) {
        // a real root: polish on the real line
        double x = z[i].real();
        for (int k = 0; k < 3; ++k) {
          double p = c[0], dp = 0.0;
          std::size_t s = 0;
          while (s < c.size() && c[s] == 0.0)
            ++s;
          if (s == c.size()) break;
          p = c[s];
          for (std::size_t t = s + 1; t < c.size(); ++t) {
            dp = dp * x + p;
            p = p * x + c[t];
          }
          if (dp == 0.0 || p == 0.0) break;
          const double nx = x - p / dp;
          double pn = c[s];
          for (std::size_t t = s + 1; t < c.size(); ++t)
            pn = pn * nx + c[t];
          if (!(std::fabs(pn) < std::fabs(p))) break;
          x = nx;
        }
        out.emplace_back(x, 0.0);
      } else {
        out.push_back(z[i]);
      }
    }
  return out;
}

cvec poly(const cvec& r) {
  cvec a{1.0};
  for (const cplx root : r) {
    cvec next(a.size() + 1, 0.0);
    for (std::size_t i = 0; i < a.size(); ++i) {
      next[i] += a[i];
      next[i + 1] -= a[i] * root;
    }
    a = std::move(next);
  }
  return a;
}

rvec poly_real(const cvec& r) {
  const cvec a = poly(r);
  rvec out(a.size());
  for (std::size_t i = 0; i < a.size(); ++i)
    out[i] = a[i].real();
  return out;
}

rvec polymul(const rvec& a, const rvec& b) {
  if (a.empty() || b.empty()) return {};
  rvec out(a.size() + b.size() - 1, 0.0);
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t j = 0; j < b.size(); ++j)
      out[i + j] += a[i] * b[j];
  return out;
}

std::complex<double> polyval(const rvec& c, std::complex<double> x) {
  cplx p = 0.0;
  for (const double v : c)
    p = p * x + v;
  return p;
}

} // namespace cupx::signal::detail
