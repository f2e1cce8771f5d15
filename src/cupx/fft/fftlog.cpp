// scipy.fft's fht, ifht and fhtoffset: Hamilton's FFTLog, as SciPy's _fftlog_backend. The
// n / 2 + 1 coefficients u_m (ratios of complex gamma functions) are computed on the host in
// double with a complex log-gamma of our own (std::lgamma takes no complex argument), copied to
// the device once, and the transform is rfft, times u (ifht: divided by conj(u)), irfft, reversed;
// the power-law bias is one weight vector on the input and one on the output.
#include <cupp/creation.hpp>
#include <cupp/fft/fft.hpp>
#include <cupp/indexing/advanced.hpp>
#include <cupp/indexing/basic.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/math/arithmetic.hpp>
#include <cupx/fft.hpp>

#include <cmath>
#include <complex>
#include <limits>
#include <vector>

namespace cupx::fft {

namespace impl {

namespace {

template <class R> using cplx = ::cuda::std::complex<R>;
using cupp::shape_t;
using zd = std::complex<double>;

constexpr double pi = 3.14159265358979323846;
const double ln2 = std::log(2.0);

bool is_pole(double x) { return x <= 0 && x == std::floor(x); }

// Gamma(xp) / Gamma(xm) for real arguments (SciPy's poch(xm, xp - xm)), poles included: the
// ratio of the residues when both are poles, inf or 0 when one is.
double gamma_ratio(double xp, double xm) {
  const bool pp = is_pole(xp), pm = is_pole(xm);
  if (pp && pm) { // Gamma(-b) / Gamma(-a) -> (-1)^(a - b) a! / b!
    const double a = -xm, b = -xp;
    const double sign = std::fmod(std::fabs(a - b), 2.0) == 1.0 ? -1.0 : 1.0;
    return sign * std::exp(std::lgamma(a + 1) - std::lgamma(b + 1));
  }
  if (pp) return std::numeric_limits<double>::infinity();
  if (pm) return 0.0;
  const double gp = std::tgamma(xp), gm = std::tgamma(xm);
  if (std::isfinite(gp) && std::isfinite(gm) && gm != 0) return gp / gm;
  const double sp = gp < 0 ? -1.0 : 1.0, sm = gm < 0 ? -1.0 : 1.0;
  return sp * sm * std::exp(std::lgamma(xp) - std::lgamma(xm));
}

template <class R> ndarray<R> device_real(const std::vector<double>& v) {
  std::vector<R> h(v.begin(), v.end());
  return cupp::asarray(h.data(), shape_t{static_cast<index_t>(h.size())});
}
template <class R> ndarray<cplx<R>> device_complex(const std::vector<zd>& v) {
  std::vector<cplx<R>> h;
  h.reserve(v.size());
  for (const zd& z : v)
    h.emplace_back(static_cast<R>(z.real()), static_cast<R>(z.imag()));
  return cupp::asarray(h.data(), shape_t{static_cast<index_t>(h.size())});
}

// exp(sign * bias * ((j - j_c) dln + shift)) for j < n, j_c = (n - 1) / 2.
std::vector<double> bias_weights(index_t n, double dln, double bias, double sign, double shift) {
  std::vector<double> w;
  const double jc = static_cast<double>(n - 1) / 2;
  for (index_t j = 0; j < n; ++j)
    w.push_back(std::exp(sign * bias * ((static_cast<double>(j) - jc) * dln + shift)));
  return w;
}

} // namespace

// Stirling's series (eight terms) at Re w >= 10, where its remainder is below 1e-17, after the
// recurrence log Gamma(z) = log Gamma(z + k) - sum log(z + j); the imaginary part may differ from
// SciPy's principal branch by a multiple of 2 pi, which exp() and fhtoffset's rounding ignore.
zd loggamma(zd z) {
  if (std::isnan(z.real()) || std::isnan(z.imag()))
    return {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::quiet_NaN()};
  if (z.imag() == 0 && is_pole(z.real())) return {std::numeric_limits<double>::infinity(), 0.0};
  zd shift = 0;
  zd w = z;
  while (w.real() < 10) {
    shift += std::log(w);
    w += 1.0;
  }
  static constexpr double c[] = {1.0 / 12,   -1.0 / 360,      1.0 / 1260, -1.0 / 1680,
                                 1.0 / 1188, -691.0 / 360360, 1.0 / 156,  -3617.0 / 122400};
  const zd inv = 1.0 / w, inv2 = inv * inv;
  zd series = 0;
  for (int k = 7; k >= 0; --k)
    series = series * inv2 + c[k];
  series *= inv;
  return (w - 0.5) * std::log(w) - w + 0.5 * std::log(2 * pi) + series - shift;
}

std::vector<zd> fhtcoeff(index_t n, double dln, double mu, double offset, double bias,
                         bool inverse) {
  const double q = bias, lnkr = offset;
  const double xp = (mu + 1 + q) / 2, xm = (mu + 1 - q) / 2;
  const index_t m = n / 2 + 1;
  // np.linspace(0, pi (n // 2) / (n dln), m)
  const double stop = pi * static_cast<double>(n / 2) / (static_cast<double>(n) * dln);
  const double step = m > 1 ? stop / static_cast<double>(m - 1) : 0.0;
  std::vector<zd> u;
  u.reserve(static_cast<std::size_t>(m));
  for (index_t j = 0; j < m; ++j) {
    const double y = j == m - 1 && m > 1 ? stop : static_cast<double>(j) * step;
    const zd lp = loggamma({xp, y}), lm = loggamma({xm, y});
    const zd e(lp.real() - lm.real() + ln2 * q, lp.imag() + lm.imag() + 2 * (ln2 - lnkr) * y);
    u.push_back(std::exp(e));
  }
  if (n % 2 == 0) u.back() = {u.back().real(), 0.0};
  if (!std::isfinite(u[0].real()) || !std::isfinite(u[0].imag()))
    u[0] = std::pow(2.0, q) * gamma_ratio(xp, xm);
  // SciPy warns of a singular transform and sets the coefficient so that it still runs
  if (std::isinf(u[0].real()) && !inverse) {
    u[0] = 0;
  } else if (u[0] == 0.0 && inverse) {
    u[0] = std::numeric_limits<double>::infinity();
  }
  return u;
}

template <class R>
ndarray<R> fht(const ndarray<R>& a, double dln, double mu, double offset, double bias,
               bool inverse) {
  cupp::detail::check_devices(a);
  if (a.ndim() == 0) throw cupp::index_error("tuple index out of range");
  const index_t n = a.shape().back();
  if (n == 0 || a.size() == 0) return ndarray<R>(a.shape());
  std::vector<zd> u = fhtcoeff(n, dln, mu, offset, bias, inverse);
  if (inverse)
    for (zd& c : u) // A / conj(u) as A * (1 / conj(u)); NumPy's A / inf is 0
      c = std::isinf(std::abs(c)) ? zd(0) : 1.0 / std::conj(c);
  const ndarray<cplx<R>> coeff = device_complex<R>(u);
  ndarray<cplx<R>> spectrum;
  if (bias != 0) {
    // fht: a (r / r_c)^-q; ifht: A (k / k_c)^q (k_c r_c)^q
    const ndarray<R> pre = device_real<R>(inverse ? bias_weights(n, dln, bias, 1, offset)
                                                  : bias_weights(n, dln, bias, -1, 0));
    spectrum = cupp::fft::rfft(a * pre);
  } else {
    spectrum = cupp::fft::rfft(a);
  }
  const ndarray<R> out = cupp::fft::irfft(spectrum * coeff, {.n = n});
  const ndarray<R> flipped = out(cupp::ellipsis, cupp::slice(cupp::none, cupp::none, -1));
  if (bias == 0) return flipped;
  // fht: A_q (k / k_c)^-q (k_c r_c)^-q; ifht: a_q (r / r_c)^q
  const ndarray<R> post = device_real<R>(inverse ? bias_weights(n, dln, bias, 1, 0)
                                                 : bias_weights(n, dln, bias, -1, offset));
  return ndarray<R>(flipped * post);
}

#define CUPX_FFT_FHT(R)                                                                            \
  template ndarray<R> fht(const ndarray<R>&, double, double, double, double, bool);
CUPX_FFT_FHT(float)
CUPX_FFT_FHT(double)

} // namespace impl

double fhtoffset(double dln, double mu, double initial, double bias) {
  const double lnkr = initial, q = bias;
  const double xp = (mu + 1 + q) / 2, xm = (mu + 1 - q) / 2;
  const double y = impl::pi / (2 * dln);
  const impl::zd zp = impl::loggamma({xp, y}), zm = impl::loggamma({xm, y});
  const double arg = (impl::ln2 - lnkr) / dln + (zp.imag() + zm.imag()) / impl::pi;
  return lnkr + (arg - std::nearbyint(arg)) * dln;
}

} // namespace cupx::fft
