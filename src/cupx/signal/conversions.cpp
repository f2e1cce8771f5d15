// Conversions between filter representations on the host, as scipy.signal does them:
// normalize, zpk2tf, tf2zpk, zpk2sos (its three pairings), sos2tf, sos2zpk.
#include <cupx/signal/detail/host.hpp>

#include <cupp/core/error.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace cupx::signal::detail {

namespace {
using cplx = std::complex<double>;
}

ba_h normalize(const rvec& b, const rvec& a) {
  if (std::all_of(a.begin(), a.end(), [](double v) { return v == 0.0; }))
    throw cupp::value_error("Denominator must have at least on nonzero element.");
  std::size_t lead = 0;
  while (a[lead] == 0.0)
    ++lead;
  rvec den(a.begin() + static_cast<std::ptrdiff_t>(lead), a.end());
  const double d0 = den[0];
  rvec num = b;
  for (double& v : num)
    v /= d0;
  for (double& v : den)
    v /= d0;
  std::size_t zeros = 0;
  while (zeros < num.size() && std::fabs(num[zeros]) <= 1e-14)
    ++zeros;
  if (zeros > 0) {
    if (zeros == num.size()) --zeros;
    num.erase(num.begin(), num.begin() + static_cast<std::ptrdiff_t>(zeros));
  }
  return {num, den};
}

ba_h zpk2tf(const zpk_h& f) {
  rvec b = poly_real(f.z);
  for (double& v : b)
    v *= f.k;
  return {b, poly_real(f.p)};
}

zpk_h tf2zpk(const rvec& b0, const rvec& a0) {
  ba_h n = normalize(b0, a0);
  zpk_h f;
  f.k = n.b[0];
  for (double& v : n.b)
    v /= f.k;
  if (n.b.size() >= 2) f.z = roots(n.b);
  if (n.a.size() >= 2) f.p = roots(n.a);
  return f;
}

namespace {

bool is_real(cplx x) { return x.imag() == 0.0; }

/// SciPy's _cplxreal: the complex values with positive imaginary part (one of each conjugate
/// pair, averaged), and the real ones, each sorted.
void cplxreal(cvec z, cvec& zc, cvec& zr) {
  zc.clear();
  zr.clear();
  if (z.empty()) return;
  const double tol = 100 * std::numeric_limits<double>::epsilon();
  std::stable_sort(z.begin(), z.end(), [](cplx x, cplx y) {
    if (x.real() != y.real()) return x.real() < y.real();
    return std::fabs(x.imag()) < std::fabs(y.imag());
  });
  cvec zp, zn;
  for (const cplx x : z) {
    if (std::fabs(x.imag()) <= tol * std::abs(x))
      zr.emplace_back(x.real(), 0.0);
    else if (x.imag() > 0)
      zp.push_back(x);
    else
      zn.push_back(x);
  }
  if (zp.empty() && zn.empty()) return;
  if (zp.size() != zn.size())
    throw cupp::value_error("Array contains complex value with no matching conjugate.");
  // runs of equal real parts: order each by |imag|
  std::size_t i = 0;
  while (i < zp.size()) {
    std::size_t j = i;
    while (j + 1 < zp.size() && zp[j + 1].real() - zp[j].real() <= tol * std::abs(zp[j]))
      ++j;
    if (j > i) {
      const auto by_imag = [](cplx x, cplx y) { return std::fabs(x.imag()) < std::fabs(y.imag()); };
      std::stable_sort(zp.begin() + static_cast<std::ptrdiff_t>(i),
                       zp.begin() + static_cast<std::ptrdiff_t>(j + 1), by_imag);
      std::stable_sort(zn.begin() + static_cast<std::ptrdiff_t>(i),
                       zn.begin() + static_cast<std::ptrdiff_t>(j + 1), by_imag);
    }
    i = j + 1;
  }
  for (std::size_t k = 0; k < zp.size(); ++k) {
    if (std::abs(zp[k] - std::conj(zn[k])) > tol * std::abs(zn[k]))
      throw cupp::value_error("Array contains complex value with no matching conjugate.");
    zc.push_back((zp[k] + std::conj(zn[k])) / 2.0);
  }
}

enum class which { real, complex, any };

/// SciPy's _nearest_real_complex_idx.
std::size_t nearest_idx(const cvec& fro, cplx to, which w) {
  std::vector<std::size_t> order(fro.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return std::abs(fro[a] - to) < std::abs(fro[b] - to);
  });
  if (w == which::any) return order[0];
  for (const std::size_t i : order)
    if (is_real(fro[i]) == (w == which::real)) return i;
  throw cupp::value_error("zpk2sos: no zero of the kind needed");
}

/// One section of zeros and poles (SciPy's _single_zpksos with k = 1).
void single_section(const cvec& z, const cvec& p, double* row) {
  const rvec b = poly_real(z), a = poly_real(p);
  for (int i = 0; i < 6; ++i)
    row[i] = 0.0;
  for (std::size_t i = 0; i < b.size(); ++i)
    row[3 - b.size() + i] = b[i];
  for (std::size_t i = 0; i < a.size(); ++i)
    row[6 - a.size() + i] = a[i];
}

} // namespace

rvec zpk2sos(const zpk_h& f, std::optional<pairing> pair_opt, bool analog) {
  const pairing pair = pair_opt ? *pair_opt : analog ? pairing::minimal : pairing::nearest;
  if (analog && pair != pairing::minimal)
    throw cupp::value_error("for analog zpk2sos conversion, pairing must be \"minimal\"");
  if (f.z.empty() && f.p.empty()) {
    if (!analog) return {f.k, 0., 0., 1., 0., 0.};
    return {0., 0., f.k, 0., 0., 1.};
  }
  cvec z = f.z, p = f.p;
  std::size_t n_sections;
  if (pair != pairing::minimal) {
    if (z.size() < p.size()) z.resize(p.size(), 0.0);
    if (p.size() < z.size()) p.resize(z.size(), 0.0);
    n_sections = (std::max(p.size(), z.size()) + 1) / 2;
    if (p.size() % 2 == 1 && pair == pairing::nearest) {
      p.push_back(0.0);
      z.push_back(0.0);
    }
  } else {
    if (p.size() < z.size())
      throw cupp::value_error("for analog zpk2sos conversion, must have len(p)>=len(z)");
    n_sections = (p.size() + 1) / 2;
  }
  {
    cvec zc, zr;
    cplxreal(z, zc, zr);
    z = zc;
    z.insert(z.end(), zr.begin(), zr.end());
    cplxreal(p, zc, zr);
    p = zc;
    p.insert(p.end(), zr.begin(), zr.end());
  }
  const auto idx_worst = [&](const cvec& v) {
    std::size_t best = 0;
    double bv = 0.0;
    for (std::size_t i = 0; i < v.size(); ++i) {
      const double d = analog ? std::fabs(v[i].real()) : std::fabs(1 - std::abs(v[i]));
      if (i == 0 || d < bv) {
        best = i;
        bv = d;
      }
    }
    return best;
  };
  const auto count_real = [](const cvec& v) {
    return static_cast<std::size_t>(std::count_if(v.begin(), v.end(), is_real));
  };
  const auto take = [](cvec& v, std::size_t i) {
    const cplx x = v[i];
    v.erase(v.begin() + static_cast<std::ptrdiff_t>(i));
    return x;
  };
  rvec sos(n_sections * 6, 0.0);
  for (std::size_t si = n_sections; si-- > 0;) {
    double* row = sos.data() + si * 6;
    const cplx p1 = take(p, idx_worst(p));
    if (is_real(p1) && count_real(p) == 0) {
      // the last real pole: a first-order section
      if (pair != pairing::minimal) {
        const cplx z1 = take(z, nearest_idx(z, p1, which::real));
        single_section({z1, 0.0}, {p1, 0.0}, row);
      } else if (!z.empty()) {
        const cplx z1 = take(z, nearest_idx(z, p1, which::real));
        single_section({z1}, {p1}, row);
      } else {
        single_section({}, {p1}, row);
      }
    } else if (p.size() + 1 == z.size() && !is_real(p1) && count_real(p) == 1 &&
               count_real(z) == 1) {
      // a complex pair now, so that the real pole and the real zero stay together
      const cplx z1 = take(z, nearest_idx(z, p1, which::complex));
      single_section({z1, std::conj(z1)}, {p1, std::conj(p1)}, row);
    } else {
      cplx p2;
      if (is_real(p1)) {
        std::vector<std::size_t> real_idx;
        cvec reals;
        for (std::size_t i = 0; i < p.size(); ++i)
          if (is_real(p[i])) {
            real_idx.push_back(i);
            reals.push_back(p[i]);
          }
        p2 = take(p, real_idx[idx_worst(reals)]);
      } else {
        p2 = std::conj(p1);
      }
      if (!z.empty()) {
        const cplx z1 = take(z, nearest_idx(z, p1, which::any));
        if (!is_real(z1)) {
          single_section({z1, std::conj(z1)}, {p1, p2}, row);
        } else if (!z.empty()) {
          const cplx z2 = take(z, nearest_idx(z, p1, which::real));
          single_section({z1, z2}, {p1, p2}, row);
        } else {
          single_section({z1}, {p1, p2}, row);
        }
      } else {
        single_section({}, {p1, p2}, row);
      }
    }
  }
  for (int i = 0; i < 3; ++i)
    sos[static_cast<std::size_t>(i)] *= f.k;
  return sos;
}

void validate_sos(const rvec& sos, std::int64_t rows, std::int64_t cols) {
  if (cols != 6) throw cupp::value_error("sos array must be shape (n_sections, 6)");
  for (std::int64_t i = 0; i < rows; ++i)
    if (sos[static_cast<std::size_t>(i * 6 + 3)] != 1.0)
      throw cupp::value_error("sos[:, 3] should be all ones");
}

ba_h sos2tf(const rvec& sos) {
  rvec b{1.0}, a{1.0};
  for (std::size_t s = 0; s + 6 <= sos.size(); s += 6) {
    b = polymul(b, rvec(sos.begin() + static_cast<std::ptrdiff_t>(s),
                        sos.begin() + static_cast<std::ptrdiff_t>(s + 3)));
    a = polymul(a, rvec(sos.begin() + static_cast<std::ptrdiff_t>(s + 3),
                        sos.begin() + static_cast<std::ptrdiff_t>(s + 6)));
  }
  return {b, a};
}

zpk_h sos2zpk(const rvec& sos) {
  const std::size_t n = sos.size() / 6;
  zpk_h f;
  f.z.assign(2 * n, 0.0);
  f.p.assign(2 * n, 0.0);
  f.k = 1.0;
  for (std::size_t s = 0; s < n; ++s) {
    const zpk_h g = tf2zpk(rvec(sos.begin() + static_cast<std::ptrdiff_t>(6 * s),
                                sos.begin() + static_cast<std::ptrdiff_t>(6 * s + 3)),
                           rvec(sos.begin() + static_cast<std::ptrdiff_t>(6 * s + 3),
                                sos.begin() + static_cast<std::ptrdiff_t>(6 * s + 6)));
    std::copy(g.z.begin(), g.z.end(), f.z.begin() + static_cast<std::ptrdiff_t>(2 * s));
    std::copy(g.p.begin(), g.p.end(), f.p.begin() + static_cast<std::ptrdiff_t>(2 * s));
    f.k *= g.k;
  }
  return f;
}

} // namespace cupx::signal::detail
