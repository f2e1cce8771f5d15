// Frequency responses on the host: freqz's grid and H(e^{jw}), group_delay.
#include <cupx/signal/detail/host.hpp>

#include <cupp/core/error.hpp>

#include <cmath>
#include <numbers>
#include <string>

namespace cupx::signal::detail {

namespace {
using cplx = std::complex<double>;
/// Sum of c[k] x^k (lowest power first), as numpy's polynomial polyval.
cplx polyval_low(const rvec& c, cplx x) {
  cplx p = 0.0;
  for (std::size_t i = c.size(); i-- > 0;)
    p = p * x + c[i];
  return p;
}
} // namespace

rvec freq_grid(std::int64_t n, bool whole, bool include_nyquist) {
  if (n < 0) throw cupp::value_error("worN must be nonnegative, got " + std::to_string(n));
  const double last = whole ? 2 * std::numbers::pi : std::numbers::pi;
  const bool endpoint = include_nyquist && !whole;
  rvec w(static_cast<std::size_t>(n));
  const double div = static_cast<double>(endpoint ? n - 1 : n);
  const double step = div > 0 ? last / div : 0.0;
  for (std::int64_t i = 0; i < n; ++i)
    w[static_cast<std::size_t>(i)] = static_cast<double>(i) * step;
  if (endpoint && n > 1) w.back() = last;
  return w;
}

cvec freqz(const rvec& b, const rvec& a, const rvec& w) {
  cvec h(w.size());
  for (std::size_t i = 0; i < w.size(); ++i) {
    const cplx zm1 = std::exp(cplx(0.0, -w[i]));
    h[i] = polyval_low(b, zm1) / polyval_low(a, zm1);
  }
  return h;
}

rvec group_delay(const rvec& b, const rvec& a, const rvec& w) {
  const rvec ar(a.rbegin(), a.rend());
  const rvec c = polymul(b, ar);
  rvec cr(c.size());
  for (std::size_t i = 0; i < c.size(); ++i)
    cr[i] = c[i] * static_cast<double>(i);
  rvec gd(w.size());
  for (std::size_t i = 0; i < w.size(); ++i) {
    const cplx z = std::exp(cplx(0.0, -w[i]));
    const cplx num = polyval_low(cr, z), den = polyval_low(c, z);
    const double g = (num / den).real() - static_cast<double>(a.size()) + 1;
    gd[i] = std::isfinite(g) ? g : 0.0; // SciPy: singular points set to 0 (with a warning)
  }
  return gd;
}

} // namespace cupx::signal::detail
