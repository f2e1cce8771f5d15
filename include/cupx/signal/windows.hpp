#pragma once
/// \file
/// scipy.signal's windows: `get_window(window, Nx, fftbins)` by name, and each window directly,
/// `cupx::signal::windows::hann(M, sym)` (scipy.signal.windows.hann). Computed on the host with
/// SciPy's formulas, returned as float64 arrays.

#include <cupx/signal/representations.hpp>

#include <initializer_list>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cupx::signal {

/// The `window` argument of get_window, firwin and firwin2: a name (`"hann"`,
/// `"hamming_periodic"`), a name with its parameters (`{"kaiser", 8.6}`, `{"tukey", 0.25}`,
/// `{"general_gaussian", {1.5, 7.0}}`, `{"general_cosine", {0.5, 0.5}}`: SciPy's tuples), or a
/// number alone, the beta of a Kaiser window (SciPy's float window). For `exponential`, a NaN
/// center means None.
class window_spec {
public:
  window_spec(const char* name) : desc_{name, {}, false} {}            // NOLINT
  window_spec(std::string name) : desc_{std::move(name), {}, false} {} // NOLINT
  window_spec(double beta) : desc_{"kaiser", {beta}, true} {}          // NOLINT
  window_spec(std::string name, double p) : desc_{std::move(name), {p}, false} {}
  window_spec(std::string name, std::initializer_list<double> params)
      : desc_{std::move(name), std::vector<double>(params), false} {}
  window_spec(std::string name, std::vector<double> params)
      : desc_{std::move(name), std::move(params), false} {}
  [[nodiscard]] const detail::window_desc& desc() const { return desc_; }

private:
  detail::window_desc desc_;
};

/// `scipy.signal.get_window(window, Nx, fftbins=True)`: the window of Nx points, periodic
/// (fftbins, the default) or symmetric. Every name and alias of SciPy's get_window; unknown
/// names, missing or unexpected parameters raise cupp::value_error with SciPy's message.
[[nodiscard]] inline cupp::ndarray<double> get_window(const window_spec& window, index_t nx,
                                                      bool fftbins = true) {
  return detail::to_array(detail::get_window(window.desc(), nx, fftbins));
}

/// scipy.signal.windows: each window of M points, symmetric (`sym`, the default) or periodic.
namespace windows {

/// `general_cosine(M, a, sym)`: sum of a[k] cos(k x), x from -pi to pi.
[[nodiscard]] inline cupp::ndarray<double> general_cosine(index_t m, std::vector<double> a,
                                                          bool sym = true) {
  return detail::to_array(detail::general_cosine(m, a, sym));
}
[[nodiscard]] inline cupp::ndarray<double> boxcar(index_t m, bool sym = true) {
  return detail::to_array(detail::boxcar(m, sym));
}
[[nodiscard]] inline cupp::ndarray<double> triang(index_t m, bool sym = true) {
  return detail::to_array(detail::triang(m, sym));
}
[[nodiscard]] inline cupp::ndarray<double> parzen(index_t m, bool sym = true) {
  return detail::to_array(detail::parzen(m, sym));
}
[[nodiscard]] inline cupp::ndarray<double> bohman(index_t m, bool sym = true) {
  return detail::to_array(detail::bohman(m, sym));
}
[[nodiscard]] inline cupp::ndarray<double> blackman(index_t m, bool sym = true) {
  return detail::to_array(detail::general_cosine(m, {0.42, 0.50, 0.08}, sym));
}
[[nodiscard]] inline cupp::ndarray<double> nuttall(index_t m, bool sym = true) {
  return detail::to_array(
      detail::general_cosine(m, {0.3635819, 0.4891775, 0.1365995, 0.0106411}, sym));
}
[[nodiscard]] inline cupp::ndarray<double> blackmanharris(index_t m, bool sym = true) {
  return detail::to_array(detail::general_cosine(m, {0.35875, 0.48829, 0.14128, 0.01168}, sym));
}
[[nodiscard]] inline cupp::ndarray<double> flattop(index_t m, bool sym = true) {
  return detail::to_array(detail::general_cosine(
      m, {0.21557895, 0.41663158, 0.277263158, 0.083578947, 0.006947368}, sym));
}
[[nodiscard]] inline cupp::ndarray<double> bartlett(index_t m, bool sym = true) {
  return detail::to_array(detail::bartlett(m, sym));
}
/// `general_hamming(M, alpha, sym)`: alpha - (1 - alpha) cos.
[[nodiscard]] inline cupp::ndarray<double> general_hamming(index_t m, double alpha,
                                                           bool sym = true) {
  return detail::to_array(detail::general_cosine(m, {alpha, 1. - alpha}, sym));
}
[[nodiscard]] inline cupp::ndarray<double> hann(index_t m, bool sym = true) {
  return general_hamming(m, 0.5, sym);
}
[[nodiscard]] inline cupp::ndarray<double> hamming(index_t m, bool sym = true) {
  return general_hamming(m, 0.54, sym);
}
/// `tukey(M, alpha=0.5, sym)`: a cosine-tapered flat top (alpha 0: boxcar, 1: hann).
[[nodiscard]] inline cupp::ndarray<double> tukey(index_t m, double alpha = 0.5, bool sym = true) {
  return detail::to_array(detail::tukey(m, alpha, sym));
}
[[nodiscard]] inline cupp::ndarray<double> barthann(index_t m, bool sym = true) {
  return detail::to_array(detail::barthann(m, sym));
}
/// `kaiser(M, beta, sym)`.
[[nodiscard]] inline cupp::ndarray<double> kaiser(index_t m, double beta, bool sym = true) {
  return detail::to_array(detail::kaiser(m, beta, sym));
}
/// `kaiser_bessel_derived(M, beta, *, sym=True)`: M even, symmetric only.
[[nodiscard]] inline cupp::ndarray<double> kaiser_bessel_derived(index_t m, double beta,
                                                                 bool sym = true) {
  return detail::to_array(detail::kaiser_bessel_derived(m, beta, sym));
}
/// `gaussian(M, std, sym)`.
[[nodiscard]] inline cupp::ndarray<double> gaussian(index_t m, double std, bool sym = true) {
  return detail::to_array(detail::gaussian(m, std, sym));
}
/// `general_gaussian(M, p, sig, sym)`: exp(-|n / sig|^(2p) / 2).
[[nodiscard]] inline cupp::ndarray<double> general_gaussian(index_t m, double p, double sig,
                                                            bool sym = true) {
  return detail::to_array(detail::general_gaussian(m, p, sig, sym));
}
/// `chebwin(M, at, sym)`: Dolph-Chebyshev, `at` dB of sidelobe attenuation (SciPy warns below
/// 45 dB; cupx does not). Its DFT is summed directly: O(M^2) on the host.
[[nodiscard]] inline cupp::ndarray<double> chebwin(index_t m, double at, bool sym = true) {
  return detail::to_array(detail::chebwin(m, at, sym));
}
[[nodiscard]] inline cupp::ndarray<double> cosine(index_t m, bool sym = true) {
  return detail::to_array(detail::cosine(m, sym));
}
/// `exponential(M, center=None, tau=1., sym)`: a center needs sym=false.
[[nodiscard]] inline cupp::ndarray<double> exponential(index_t m,
                                                       std::optional<double> center = std::nullopt,
                                                       double tau = 1., bool sym = true) {
  return detail::to_array(detail::exponential(m, center, tau, sym));
}
/// `taylor(M, nbar=4, sll=30, norm=True, sym)`.
[[nodiscard]] inline cupp::ndarray<double> taylor(index_t m, int nbar = 4, double sll = 30,
                                                  bool norm = true, bool sym = true) {
  return detail::to_array(detail::taylor(m, nbar, sll, norm, sym));
}
/// `lanczos(M, *, sym=True)`: the sinc window.
[[nodiscard]] inline cupp::ndarray<double> lanczos(index_t m, bool sym = true) {
  return detail::to_array(detail::lanczos(m, sym));
}

/// dpss's `norm`: SciPy's 2 (unit energy), 'approximate' and 'subsample'.
enum class dpss_norm { l2, approximate, subsample };

/// `dpss(M, NW, Kmax=None, sym)`: the first Slepian taper, normalised to a maximum of 1 with the
/// 'approximate' correction for even M (SciPy's default where Kmax is None).
[[nodiscard]] inline cupp::ndarray<double> dpss(index_t m, double nw, bool sym = true,
                                                dpss_norm norm = dpss_norm::approximate) {
  return detail::to_array(detail::dpss(m, nw, 1, sym, static_cast<int>(norm)));
}
/// `dpss(M, NW, Kmax, sym, norm=2)`: the first Kmax tapers, a (Kmax, M) array, unit energy by
/// default (SciPy's default where Kmax is given). Bisection and inverse iteration on SciPy's
/// tridiagonal matrix; the concentration ratios (return_ratios) are not there.
[[nodiscard]] inline cupp::ndarray<double> dpss(index_t m, double nw, index_t kmax, bool sym,
                                                dpss_norm norm = dpss_norm::l2) {
  return detail::to_array_2d(detail::dpss(m, nw, kmax, sym, static_cast<int>(norm)), m);
}

} // namespace windows

} // namespace cupx::signal
