// scipy.signal.windows on the host: each window with SciPy's formula, get_window's names and
// argument rules, and numpy's windows for cupp.
#include <cupx/signal/detail/host.hpp>

#include <cupp/core/error.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <sstream>
#include <string>

namespace cupx::signal::detail {

namespace {

constexpr double pi = std::numbers::pi;
using idx = std::int64_t;

/// SciPy's _len_guards: true when the window is all ones (M <= 1).
bool len_guards(idx m) {
  if (m < 0) throw cupp::value_error("Window length M must be a non-negative integer");
  return m <= 1;
}
rvec ones(idx m) { return rvec(static_cast<std::size_t>(m), 1.0); }
/// SciPy's _extend and _truncate: a periodic window is the symmetric one of M + 1 points less
/// its last.
idx extend(idx m, bool sym) { return sym ? m : m + 1; }
rvec truncate(rvec w, bool sym) {
  if (!sym) w.pop_back();
  return w;
}
/// numpy.linspace(start, stop, num) as NumPy computes it (i * step + start, the end exact).
rvec linspace(double start, double stop, idx num) {
  rvec v(static_cast<std::size_t>(num));
  if (num == 0) return v;
  const double div = static_cast<double>(num - 1);
  const double step = num > 1 ? (stop - start) / div : 0.0;
  for (idx i = 0; i < num; ++i)
    v[static_cast<std::size_t>(i)] = static_cast<double>(i) * step + start;
  if (num > 1) v.back() = stop;
  return v;
}
double sinc(double x) {
  const double y = pi * (x == 0.0 ? 1.0e-20 : x);
  return std::sin(y) / y;
}

} // namespace

rvec general_cosine(idx m, const rvec& a, bool sym) {
  if (len_guards(m)) return ones(m);
  const idx n = extend(m, sym);
  const rvec fac = linspace(-pi, pi, n);
  rvec w(static_cast<std::size_t>(n), 0.0);
  for (std::size_t k = 0; k < a.size(); ++k)
    for (std::size_t i = 0; i < w.size(); ++i)
      w[i] += a[k] * std::cos(static_cast<double>(k) * fac[i]);
  return truncate(std::move(w), sym);
}

rvec boxcar(idx m, bool sym) {
  if (len_guards(m)) return ones(m);
  return truncate(ones(extend(m, sym)), sym);
}

rvec triang(idx m, bool sym) {
  if (len_guards(m)) return ones(m);
  const idx n = extend(m, sym);
  rvec half;
  for (idx i = 1; i <= (n + 1) / 2; ++i)
    half.push_back(n % 2 == 0 ? (2.0 * static_cast<double>(i) - 1.0) / static_cast<double>(n)
                              : 2.0 * static_cast<double>(i) / (static_cast<double>(n) + 1.0));
  rvec w = half;
  for (auto it = half.rbegin() + (n % 2 == 0 ? 0 : 1); it != half.rend(); ++it)
    w.push_back(*it);
  return truncate(std::move(w), sym);
}

rvec parzen(idx m, bool sym) {
  if (len_guards(m)) return ones(m);
  const idx n = extend(m, sym);
  const double nd = static_cast<double>(n);
  rvec w(static_cast<std::size_t>(n));
  for (idx i = 0; i < n; ++i) {
    const double x = std::fabs(-(nd - 1) / 2.0 + static_cast<double>(i));
    const double r = x / (nd / 2.0);
    w[static_cast<std::size_t>(i)] = x <= (nd - 1) / 4.0
                                         ? 1 - 6 * std::pow(r, 2.0) + 6 * std::pow(r, 3.0)
                                         : 2 * std::pow(1 - r, 3.0);
  }
  return truncate(std::move(w), sym);
}

rvec bohman(idx m, bool sym) {
  if (len_guards(m)) return ones(m);
  const idx n = extend(m, sym);
  const rvec lin = linspace(-1.0, 1.0, n);
  rvec w(static_cast<std::size_t>(n), 0.0);
  for (idx i = 1; i + 1 < n; ++i) {
    const double fac = std::fabs(lin[static_cast<std::size_t>(i)]);
    w[static_cast<std::size_t>(i)] = (1 - fac) * std::cos(pi * fac) + 1.0 / pi * std::sin(pi * fac);
  }
  return truncate(std::move(w), sym);
}

rvec bartlett(idx m, bool sym) {
  if (len_guards(m)) return ones(m);
  const idx n = extend(m, sym);
  const double d = static_cast<double>(n - 1);
  rvec w(static_cast<std::size_t>(n));
  for (idx i = 0; i < n; ++i) {
    const double x = static_cast<double>(i);
    w[static_cast<std::size_t>(i)] = x <= d / 2.0 ? 2.0 * x / d : 2.0 - 2.0 * x / d;
  }
  return truncate(std::move(w), sym);
}

rvec tukey(idx m, double alpha, bool sym) {
  if (len_guards(m)) return ones(m);
  if (alpha <= 0) return ones(m);
  if (alpha >= 1.0) return general_cosine(m, {0.5, 0.5}, sym);
  const idx n = extend(m, sym);
  const double d = static_cast<double>(n - 1);
  const idx width = static_cast<idx>(std::floor(alpha * d / 2.0));
  rvec w(static_cast<std::size_t>(n));
  for (idx i = 0; i < n; ++i) {
    const double x = static_cast<double>(i);
    double v = 1.0;
    if (i <= width)
      v = 0.5 * (1 + std::cos(pi * (-1 + 2.0 * x / alpha / d)));
    else if (i >= n - width - 1)
      v = 0.5 * (1 + std::cos(pi * (-2.0 / alpha + 1 + 2.0 * x / alpha / d)));
    w[static_cast<std::size_t>(i)] = v;
  }
  return truncate(std::move(w), sym);
}

rvec barthann(idx m, bool sym) {
  if (len_guards(m)) return ones(m);
  const idx n = extend(m, sym);
  rvec w(static_cast<std::size_t>(n));
  for (idx i = 0; i < n; ++i) {
    const double fac = std::fabs(static_cast<double>(i) / (static_cast<double>(n) - 1.0) - 0.5);
    w[static_cast<std::size_t>(i)] = 0.62 - 0.48 * fac + 0.38 * std::cos(2 * pi * fac);
  }
  return truncate(std::move(w), sym);
}

rvec kaiser(idx m, double beta, bool sym) {
  if (len_guards(m)) return ones(m);
  const idx n = extend(m, sym);
  const double alpha = static_cast<double>(n - 1) / 2.0;
  const double den = i0(beta);
  rvec w(static_cast<std::size_t>(n));
  for (idx i = 0; i < n; ++i) {
    const double r = (static_cast<double>(i) - alpha) / alpha;
    w[static_cast<std::size_t>(i)] = i0(beta * std::sqrt(1 - r * r)) / den;
  }
  return truncate(std::move(w), sym);
}

rvec kaiser_bessel_derived(idx m, double beta, bool sym) {
  if (!sym)
    throw cupp::value_error("Kaiser-Bessel Derived windows are only defined for symmetric shapes");
  if (m < 1) return {};
  if (m % 2)
    throw cupp::value_error(
        "Kaiser-Bessel Derived windows are only defined for even number of points");
  const rvec k = kaiser(m / 2 + 1, beta, true);
  rvec csum(k.size());
  double s = 0.0;
  for (std::size_t i = 0; i < k.size(); ++i)
    csum[i] = (s += k[i]);
  rvec w;
  for (std::size_t i = 0; i + 1 < csum.size(); ++i)
    w.push_back(std::sqrt(csum[i] / csum.back()));
  for (std::size_t i = csum.size() - 1; i-- > 0;)
    w.push_back(std::sqrt(csum[i] / csum.back()));
  return w;
}

rvec gaussian(idx m, double std, bool sym) {
  if (len_guards(m)) return ones(m);
  const idx n = extend(m, sym);
  const double sig2 = 2 * std * std;
  rvec w(static_cast<std::size_t>(n));
  for (idx i = 0; i < n; ++i) {
    const double x = static_cast<double>(i) - (static_cast<double>(n) - 1.0) / 2.0;
    w[static_cast<std::size_t>(i)] = std::exp(-(x * x) / sig2);
  }
  return truncate(std::move(w), sym);
}

rvec general_gaussian(idx m, double p, double sig, bool sym) {
  if (len_guards(m)) return ones(m);
  const idx n = extend(m, sym);
  rvec w(static_cast<std::size_t>(n));
  for (idx i = 0; i < n; ++i) {
    const double x = static_cast<double>(i) - (static_cast<double>(n) - 1.0) / 2.0;
    w[static_cast<std::size_t>(i)] = std::exp(-0.5 * std::pow(std::fabs(x / sig), 2 * p));
  }
  return truncate(std::move(w), sym);
}

rvec chebwin(idx m, double at, bool sym) {
  if (len_guards(m)) return ones(m);
  const idx n = extend(m, sym);
  const double order = static_cast<double>(n) - 1.0;
  const double beta = std::cosh(1.0 / order * std::acosh(std::pow(10.0, std::fabs(at) / 20.)));
  rvec p(static_cast<std::size_t>(n));
  for (idx k = 0; k < n; ++k) {
    const double x = beta * std::cos(pi * static_cast<double>(k) / static_cast<double>(n));
    double v;
    if (x > 1)
      v = std::cosh(order * std::acosh(x));
    else if (x < -1)
      v = (2 * static_cast<double>(n % 2) - 1) * std::cosh(order * std::acosh(-x));
    else
      v = std::cos(order * std::acos(x));
    p[static_cast<std::size_t>(k)] = v;
  }
  // The real part of the DFT (of p, or of p e^{i pi k / M} for even M), as a direct sum: the
  // angles reduced exactly in integers.
  auto dft_real = [&](idx j) {
    double s = 0.0;
    for (idx k = 0; k < n; ++k) {
      idx num; // angle = pi * num / n
      if (n % 2)
        num = (-2 * k * j) % (2 * n);
      else
        num = (k * (1 - 2 * j)) % (2 * n);
      s += p[static_cast<std::size_t>(k)] *
           std::cos(pi * static_cast<double>(num) / static_cast<double>(n));
    }
    return s;
  };
  rvec w;
  if (n % 2) {
    const idx h = (n + 1) / 2;
    rvec half(static_cast<std::size_t>(h));
    for (idx j = 0; j < h; ++j)
      half[static_cast<std::size_t>(j)] = dft_real(j);
    for (idx j = h - 1; j >= 1; --j)
      w.push_back(half[static_cast<std::size_t>(j)]);
    w.insert(w.end(), half.begin(), half.end());
  } else {
    const idx h = n / 2 + 1;
    rvec half;
    for (idx j = 1; j < h; ++j)
      half.push_back(dft_real(j));
    for (auto it = half.rbegin(); it != half.rend(); ++it)
      w.push_back(*it);
    w.insert(w.end(), half.begin(), half.end());
  }
  const double mx = *std::max_element(w.begin(), w.end());
  for (double& v : w)
    v /= mx;
  return truncate(std::move(w), sym);
}

rvec cosine(idx m, bool sym) {
  if (len_guards(m)) return ones(m);
  const idx n = extend(m, sym);
  rvec w(static_cast<std::size_t>(n));
  for (idx i = 0; i < n; ++i)
    w[static_cast<std::size_t>(i)] =
        std::sin(pi / static_cast<double>(n) * (static_cast<double>(i) + .5));
  return truncate(std::move(w), sym);
}

rvec exponential(idx m, std::optional<double> center, double tau, bool sym) {
  if (sym && center) throw cupp::value_error("If sym==True, center must be None.");
  if (len_guards(m)) return ones(m);
  const idx n = extend(m, sym);
  const double c = center ? *center : static_cast<double>(n - 1) / 2;
  rvec w(static_cast<std::size_t>(n));
  for (idx i = 0; i < n; ++i)
    w[static_cast<std::size_t>(i)] = std::exp(-std::fabs(static_cast<double>(i) - c) / tau);
  return truncate(std::move(w), sym);
}

rvec taylor(idx m, int nbar, double sll, bool norm, bool sym) {
  if (len_guards(m)) return ones(m);
  const idx n = extend(m, sym);
  const double b = std::pow(10.0, sll / 20);
  const double a = std::acosh(b) / pi;
  const double nb = static_cast<double>(nbar);
  const double s2 = nb * nb / (a * a + (nb - 0.5) * (nb - 0.5));
  rvec fm;
  for (int mi = 1; mi < nbar; ++mi) {
    const double m2 = static_cast<double>(mi) * mi;
    double numer = (mi % 2 == 1) ? 1.0 : -1.0;
    double denom = 2.0;
    for (int j = 1; j < nbar; ++j) {
      numer *= 1 - m2 / s2 / (a * a + (j - 0.5) * (j - 0.5));
      if (j != mi) denom *= 1 - m2 / (static_cast<double>(j) * j);
    }
    fm.push_back(numer / denom);
  }
  const double nd = static_cast<double>(n);
  auto big_w = [&](double x) {
    double s = 0.0;
    for (int mi = 1; mi < nbar; ++mi)
      s += fm[static_cast<std::size_t>(mi - 1)] * std::cos(2 * pi * mi * (x - nd / 2. + 0.5) / nd);
    return 1 + 2 * s;
  };
  rvec w(static_cast<std::size_t>(n));
  for (idx i = 0; i < n; ++i)
    w[static_cast<std::size_t>(i)] = big_w(static_cast<double>(i));
  if (norm) {
    const double scale = 1.0 / big_w((nd - 1) / 2);
    for (double& v : w)
      v *= scale;
  }
  return truncate(std::move(w), sym);
}

rvec lanczos(idx m, bool sym) {
  if (len_guards(m)) return ones(m);
  const idx n = extend(m, sym);
  const double nd = static_cast<double>(n);
  auto right = [&](double from) {
    rvec v;
    for (double k = from; k < nd; k += 1.0)
      v.push_back(sinc(2. * k / (nd - 1) - 1.0));
    return v;
  };
  const rvec wh = n % 2 == 0 ? right(nd / 2) : right((nd + 1) / 2);
  rvec w(wh.rbegin(), wh.rend());
  if (n % 2) w.push_back(1.0);
  w.insert(w.end(), wh.begin(), wh.end());
  return truncate(std::move(w), sym);
}

namespace {

/// The number of eigenvalues of the symmetric tridiagonal (d, e) below x (Sturm count).
idx sturm_below(const rvec& d, const rvec& e, double x) {
  idx count = 0;
  double q = 1.0;
  for (std::size_t i = 0; i < d.size(); ++i) {
    const double off = i ? e[i - 1] * e[i - 1] : 0.0;
    q = d[i] - x - (i ? off / q : 0.0);
    if (q == 0.0) q = -1e-300;
    if (q < 0) ++count;
  }
  return count;
}

/// The eigenvector of (d, e) for eigenvalue lambda (inverse iteration, unit norm).
rvec tridiagonal_eigvec(const rvec& d, const rvec& e, double lambda, double scale) {
  const std::size_t n = d.size();
  const double shift = lambda + scale * 1e-14;
  rvec v(n, 1.0);
  for (std::size_t i = 0; i < n; ++i)
    v[i] = 1.0 + 0.01 * std::sin(static_cast<double>(i) * 1.7);
  for (int it = 0; it < 4; ++it) {
    // Solve (T - shift I) x = v by Gaussian elimination with partial pivoting (tridiagonal).
    rvec a(n, 0.0), b(n), c(n, 0.0), f(n, 0.0), rhs = v;
    for (std::size_t i = 0; i < n; ++i) {
      b[i] = d[i] - shift;
      if (i + 1 < n) c[i] = e[i];
      if (i > 0) a[i] = e[i - 1];
    }
    // rows hold (b[i], c[i], f[i]) on columns i, i+1, i+2 after pivoting
    for (std::size_t i = 0; i + 1 < n; ++i) {
      if (std::fabs(a[i + 1]) > std::fabs(b[i])) { // swap rows i and i+1
        std::swap(b[i], a[i + 1]);
        std::swap(c[i], b[i + 1]);
        std::swap(f[i], c[i + 1]);
        std::swap(rhs[i], rhs[i + 1]);
      }
      if (b[i] == 0.0) b[i] = 1e-300;
      const double m = a[i + 1] / b[i];
      b[i + 1] -= m * c[i];
      c[i + 1] -= m * f[i];
      rhs[i + 1] -= m * rhs[i];
    }
    if (b[n - 1] == 0.0) b[n - 1] = 1e-300;
    rvec x(n);
    for (std::size_t i = n; i-- > 0;) {
      double s = rhs[i];
      if (i + 1 < n) s -= c[i] * x[i + 1];
      if (i + 2 < n) s -= f[i] * x[i + 2];
      x[i] = s / b[i];
    }
    double norm = 0.0;
    for (const double t : x)
      norm += t * t;
    norm = std::sqrt(norm);
    for (std::size_t i = 0; i < n; ++i)
      v[i] = x[i] / norm;
  }
  return v;
}

} // namespace

rvec dpss(idx m, double nw, idx kmax, bool sym, int norm) {
  if (len_guards(m)) {
    rvec w;
    for (idx k = 0; k < kmax; ++k)
      for (idx i = 0; i < m; ++i)
        w.push_back(1.0);
    return w;
  }
  if (!(0 < kmax && kmax <= m))
    throw cupp::value_error("Kmax must be greater than 0 and less than M");
  if (nw >= static_cast<double>(m) / 2.) throw cupp::value_error("NW must be less than M/2.");
  if (nw <= 0) throw cupp::value_error("NW must be positive");
  const idx n = extend(m, sym);
  const double nd = static_cast<double>(n);
  const double w = nw / nd;
  rvec d(static_cast<std::size_t>(n)), e(static_cast<std::size_t>(n - 1));
  for (idx i = 0; i < n; ++i) {
    const double t = (nd - 1 - 2 * static_cast<double>(i)) / 2.;
    d[static_cast<std::size_t>(i)] = t * t * std::cos(2 * pi * w);
    if (i > 0) e[static_cast<std::size_t>(i - 1)] = static_cast<double>(i) * (nd - i) / 2.;
  }
  // Gershgorin bounds, then bisection for the kmax largest eigenvalues.
  double lo = d[0], hi = d[0];
  for (idx i = 0; i < n; ++i) {
    const double r = (i > 0 ? std::fabs(e[static_cast<std::size_t>(i - 1)]) : 0.0) +
                     (i + 1 < n ? std::fabs(e[static_cast<std::size_t>(i)]) : 0.0);
    lo = std::min(lo, d[static_cast<std::size_t>(i)] - r);
    hi = std::max(hi, d[static_cast<std::size_t>(i)] + r);
  }
  const double scale = std::max(std::fabs(lo), std::fabs(hi));
  std::vector<rvec> tapers;
  for (idx k = 0; k < kmax; ++k) {
    const idx target = n - 1 - k; // the eigenvalue with `target` eigenvalues below it
    double a = lo, b = hi;
    for (int it = 0; it < 200 && b - a > 2 * std::numeric_limits<double>::epsilon() * scale; ++it) {
      const double mid = 0.5 * (a + b);
      if (sturm_below(d, e, mid) > target)
        b = mid;
      else
        a = mid;
    }
    tapers.push_back(tridiagonal_eigvec(d, e, 0.5 * (a + b), scale));
  }
  // Percival and Walden's signs: symmetric tapers average positive, antisymmetric ones start with
  // a positive lobe.
  const double thresh = std::max(1e-7, 1. / nd);
  for (idx k = 0; k < kmax; ++k) {
    rvec& t = tapers[static_cast<std::size_t>(k)];
    bool flip = false;
    if (k % 2 == 0) {
      double s = 0.0;
      for (const double v : t)
        s += v;
      flip = s < 0;
    } else {
      for (const double v : t)
        if (v * v > thresh) {
          flip = v < 0;
          break;
        }
    }
    if (flip)
      for (double& v : t)
        v = -v;
  }
  if (norm != 0) {
    for (rvec& t : tapers) {
      const double mx = *std::max_element(t.begin(), t.end());
      for (double& v : t)
        v /= mx;
    }
    if (n % 2 == 0) {
      double correction = 1.0;
      if (norm == 1) {
        correction = nd * nd / (nd * nd + nw);
      } else { // 'subsample': the real part of the shifted rfft's sum, directly
        const rvec& t = tapers[0];
        double total = 0.0;
        for (idx j = 0; j <= n / 2; ++j) {
          std::complex<double> s = 0.0;
          for (idx i = 0; i < n; ++i)
            s += t[static_cast<std::size_t>(i)] *
                 std::polar(1.0, -2 * pi * static_cast<double>((i * j) % n) / nd);
          if (j >= 1) s *= 2.0 * std::polar(1.0, pi * (1 - 1. / nd) * static_cast<double>(j));
          total += s.real();
        }
        correction = nd / total;
      }
      for (rvec& t : tapers)
        for (double& v : t)
          v *= correction;
    }
  }
  rvec out;
  for (rvec& t : tapers) {
    if (!sym) t.pop_back();
    out.insert(out.end(), t.begin(), t.end());
  }
  return out;
}

namespace {

const std::map<std::string, std::pair<std::string, int>>& window_names() {
  static const std::map<std::string, std::pair<std::string, int>> names = [] {
    std::map<std::string, std::pair<std::string, int>> m;
    auto add = [&](std::initializer_list<const char*> aliases, const char* canon, int params) {
      for (const char* a : aliases)
        m[a] = {canon, params};
    };
    add({"barthann", "brthan", "bth"}, "barthann", 0);
    add({"bartlett", "bart", "brt"}, "bartlett", 0);
    add({"blackman", "black", "blk"}, "blackman", 0);
    add({"blackmanharris", "blackharr", "bkh"}, "blackmanharris", 0);
    add({"bohman", "bman", "bmn"}, "bohman", 0);
    add({"boxcar", "box", "ones", "rect", "rectangular"}, "boxcar", 0);
    add({"chebwin", "cheb"}, "chebwin", 1);
    add({"cosine", "halfcosine"}, "cosine", 0);
    add({"dpss"}, "dpss", 1);
    add({"exponential", "poisson"}, "exponential", 2);
    add({"flattop", "flat", "flt"}, "flattop", 0);
    add({"gaussian", "gauss", "gss"}, "gaussian", 1);
    add({"general cosine", "general_cosine"}, "general_cosine", 1);
    add({"general gaussian", "general_gaussian", "general gauss", "general_gauss", "ggs"},
        "general_gaussian", 1);
    add({"general hamming", "general_hamming"}, "general_hamming", 1);
    add({"hamming", "hamm", "ham"}, "hamming", 0);
    add({"hann", "han"}, "hann", 0);
    add({"kaiser", "ksr"}, "kaiser", 1);
    add({"kaiser bessel derived", "kaiser_bessel_derived", "kbd"}, "kaiser_bessel_derived", 1);
    add({"lanczos", "sinc"}, "lanczos", 0);
    add({"nuttall", "nutl", "nut"}, "nuttall", 0);
    add({"parzen", "parz", "par"}, "parzen", 0);
    add({"taylor", "taylorwin"}, "taylor", 2);
    add({"triangle", "triang", "tri"}, "triang", 0);
    add({"tukey", "tuk"}, "tukey", 2);
    return m;
  }();
  return names;
}

/// SciPy's repr of the window argument, for the messages: 'hann' or ('kaiser', 8.6).
std::string window_repr(const window_desc& w) {
  std::ostringstream s;
  s.precision(17);
  if (w.params.empty()) return "'" + w.name + "'";
  s << "('" << w.name << "'";
  for (const double p : w.params)
    s << ", " << p;
  s << ")";
  return s.str();
}

rvec too_many(const std::string& name, const window_desc& w) {
  throw cupp::value_error("Window " + name +
                          " takes fewer parameters than given in window=" + window_repr(w));
}

} // namespace

rvec get_window(const window_desc& w, idx nx, bool fftbins) {
  if (nx <= 0)
    throw cupp::value_error("Parameter Nx=" + std::to_string(nx) + " is not a positive integer");
  if (w.is_beta) return kaiser(nx, w.params.at(0), !fftbins);
  bool sym = !fftbins;
  std::string name = w.name;
  const auto ends_with = [&](const std::string& suffix) {
    return name.size() >= suffix.size() &&
           name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
  };
  if (ends_with("_symmetric")) {
    sym = true;
    name.resize(name.size() - 10);
  } else if (ends_with("_periodic")) {
    sym = false;
    name.resize(name.size() - 9);
  }
  const auto& names = window_names();
  const auto it = names.find(name);
  if (it == names.end())
    throw cupp::value_error("Invalid window name '" + name +
                            "' in parameter window=" + window_repr(w) + "!");
  const std::string& canon = it->second.first;
  const int has = it->second.second;
  const rvec& args = w.params;
  if (!args.empty() && has == 0)
    throw cupp::value_error("'" + name +
                            "' does not allow parameters, but window=" + window_repr(w) + "!");
  if (args.empty() && has == 1)
    throw cupp::value_error("'" + name + "' must have parameters, but window=" + window_repr(w) +
                            "!");
  const auto nargs = args.size();
  auto arg = [&](std::size_t i, double otherwise) { return i < nargs ? args[i] : otherwise; };
  if (canon == "barthann") return barthann(nx, sym);
  if (canon == "bartlett") return bartlett(nx, sym);
  if (canon == "blackman") return general_cosine(nx, {0.42, 0.50, 0.08}, sym);
  if (canon == "blackmanharris")
    return general_cosine(nx, {0.35875, 0.48829, 0.14128, 0.01168}, sym);
  if (canon == "bohman") return bohman(nx, sym);
  if (canon == "boxcar") return boxcar(nx, sym);
  if (canon == "cosine") return cosine(nx, sym);
  if (canon == "flattop")
    return general_cosine(nx, {0.21557895, 0.41663158, 0.277263158, 0.083578947, 0.006947368}, sym);
  if (canon == "hamming") return general_cosine(nx, {0.54, 1. - 0.54}, sym);
  if (canon == "hann") return general_cosine(nx, {0.5, 0.5}, sym);
  if (canon == "lanczos") return lanczos(nx, sym);
  if (canon == "nuttall")
    return general_cosine(nx, {0.3635819, 0.4891775, 0.1365995, 0.0106411}, sym);
  if (canon == "parzen") return parzen(nx, sym);
  if (canon == "triang") return triang(nx, sym);
  if (canon == "general_cosine") return general_cosine(nx, args, sym);
  if (canon == "dpss") {
    if (nargs != 1)
      throw cupp::value_error("Window " + name +
                              " must have one parameter but window=" + window_repr(w));
    return dpss(nx, args[0], 1, sym, 1);
  }
  if (canon == "chebwin") return nargs > 1 ? too_many(name, w) : chebwin(nx, args[0], sym);
  if (canon == "gaussian") return nargs > 1 ? too_many(name, w) : gaussian(nx, args[0], sym);
  if (canon == "general_hamming")
    return nargs > 1 ? too_many(name, w) : general_cosine(nx, {args[0], 1. - args[0]}, sym);
  if (canon == "kaiser") return nargs > 1 ? too_many(name, w) : kaiser(nx, args[0], sym);
  if (canon == "kaiser_bessel_derived")
    return nargs > 1 ? too_many(name, w) : kaiser_bessel_derived(nx, args[0], sym);
  if (canon == "general_gaussian") {
    if (nargs != 2)
      throw cupp::value_error("Window " + name +
                              " takes two parameters (p, sig), given window=" + window_repr(w));
    return general_gaussian(nx, args[0], args[1], sym);
  }
  if (canon == "tukey") return nargs > 1 ? too_many(name, w) : tukey(nx, arg(0, 0.5), sym);
  if (canon == "exponential") {
    // SciPy: ('exponential', center, tau); a center other than None needs sym=False
    if (nargs > 2) too_many(name, w);
    std::optional<double> center; // NaN: None
    if (nargs >= 1 && !std::isnan(args[0])) center = args[0];
    return exponential(nx, center, arg(1, 1.0), sym);
  }
  if (canon == "taylor") {
    if (nargs > 3) too_many(name, w);
    return taylor(nx, static_cast<int>(arg(0, 4)), arg(1, 30), arg(2, 1.0) != 0.0, sym);
  }
  throw cupp::value_error("Invalid window name '" + name + "'");
}

} // namespace cupx::signal::detail
