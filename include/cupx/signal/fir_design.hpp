#pragma once
/// \file
/// FIR filter design (scipy.signal.firwin, firwin2, remez, kaiser_beta, kaiser_atten,
/// kaiserord), computed on the host as SciPy computes them; the taps come back as a float64 array.

#include <cupx/signal/representations.hpp>
#include <cupx/signal/windows.hpp>

#include <cupp/core/error.hpp>

#include <cmath>
#include <optional>
#include <sstream>
#include <utility>
#include <variant>
#include <vector>

namespace cupx::signal {

/// Keywords of firwin (SciPy's width=None, window='hamming', pass_zero=True, scale=True,
/// fs=None). `pass_zero` is a bool or a band type (SciPy's 'lowpass', 'highpass', 'bandpass',
/// 'bandstop', which also check the number of cutoffs).
struct firwin_kw {
  cupp::detail::kw_guard guard_{};
  std::optional<double> width = std::nullopt;
  window_spec window = "hamming";
  std::variant<bool, band_type> pass_zero = true;
  bool scale = true;
  std::optional<double> fs = std::nullopt;
};

/// `scipy.signal.firwin(numtaps, cutoff, *, width, window, pass_zero, scale, fs)`: a windowed-sinc
/// FIR filter of numtaps taps with band edges at `cutoff` (one value or several, in fs units;
/// fs = 2 by default so cutoffs are fractions of Nyquist). A `width` makes the window a Kaiser
/// window of that transition width.
[[nodiscard]] inline cupp::ndarray<double> firwin(index_t numtaps, const frequencies& cutoff,
                                                  const firwin_kw& kw = {}) {
  const int pz = std::holds_alternative<bool>(kw.pass_zero)
                     ? (std::get<bool>(kw.pass_zero) ? 1 : 0)
                     : 2 + static_cast<int>(std::get<band_type>(kw.pass_zero));
  return detail::to_array(
      detail::firwin(numtaps, cutoff.values(), kw.width, kw.window.desc(), pz, kw.scale, kw.fs));
}

/// Keywords of firwin2 (SciPy's nfreqs=None, window='hamming', antisymmetric=False, fs=None);
/// `.window = std::nullopt` is SciPy's window=None (no window).
struct firwin2_kw {
  cupp::detail::kw_guard guard_{};
  std::optional<index_t> nfreqs = std::nullopt;
  std::optional<window_spec> window = window_spec("hamming");
  bool antisymmetric = false;
  std::optional<double> fs = std::nullopt;
};

/// `scipy.signal.firwin2(numtaps, freq, gain, *, nfreqs, window, antisymmetric, fs)`: the FIR
/// filter by frequency sampling of the piecewise-linear response (freq, gain), freq from 0 to
/// fs/2 (a frequency given twice is a jump). The inverse real FFT is summed directly on the host.
[[nodiscard]] inline cupp::ndarray<double> firwin2(index_t numtaps, std::vector<double> freq,
                                                   const std::vector<double>& gain,
                                                   const firwin2_kw& kw = {}) {
  std::optional<detail::window_desc> w;
  if (kw.window) w = kw.window->desc();
  return detail::to_array(
      detail::firwin2(numtaps, std::move(freq), gain, kw.nfreqs, w, kw.antisymmetric, kw.fs));
}

/// remez's `type`.
enum class remez_type { bandpass = 1, differentiator = 2, hilbert = 3 };

/// Keywords of remez (SciPy's weight=None, type='bandpass', maxiter=25, grid_density=16,
/// fs=None, which is 1.0 for remez).
struct remez_kw {
  cupp::detail::kw_guard guard_{};
  std::optional<std::vector<double>> weight = std::nullopt;
  remez_type type = remez_type::bandpass;
  int maxiter = 25;
  int grid_density = 16;
  std::optional<double> fs = std::nullopt;
};

/// `scipy.signal.remez(numtaps, bands, desired, *, weight, type, maxiter, grid_density, fs)`: the
/// Parks-McClellan equiripple filter. `bands` holds 2 edges per band (monotonic, from 0 to fs/2),
/// `desired` and `weight` one value per band. The exchange is cupx's own (all alternating
/// extrema at once) on SciPy's grid, with SciPy's coefficient computation; it converges to the
/// same filter.
[[nodiscard]] inline cupp::ndarray<double> remez(index_t numtaps, std::vector<double> bands,
                                                 const std::vector<double>& desired,
                                                 const remez_kw& kw = {}) {
  return detail::to_array(detail::remez(numtaps, std::move(bands), desired, kw.weight,
                                        static_cast<int>(kw.type), kw.maxiter, kw.grid_density,
                                        kw.fs));
}

/// `scipy.signal.kaiser_beta(a)`: the Kaiser window's beta for an attenuation of a dB.
[[nodiscard]] inline double kaiser_beta(double a) { return detail::kaiser_beta(a); }
/// `scipy.signal.kaiser_atten(numtaps, width)`: the attenuation (dB) of a Kaiser FIR filter.
[[nodiscard]] inline double kaiser_atten(index_t numtaps, double width) {
  return detail::kaiser_atten(numtaps, width);
}
/// `scipy.signal.kaiserord(ripple, width)`: (numtaps, beta) of a Kaiser FIR filter.
[[nodiscard]] inline std::pair<index_t, double> kaiserord(double ripple, double width) {
  const double a = ripple < 0 ? -ripple : ripple;
  if (a < 8) {
    std::ostringstream s;
    s << "Requested maximum ripple attenuation " << std::fixed << a
      << " is too small for the Kaiser formula.";
    throw cupp::value_error(s.str());
  }
  const double numtaps = (a - 7.95) / 2.285 / (3.141592653589793 * width) + 1;
  return {static_cast<index_t>(std::ceil(numtaps)), detail::kaiser_beta(a)};
}

} // namespace cupx::signal
