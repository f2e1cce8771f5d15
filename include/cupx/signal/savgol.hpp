#pragma once
/// \file
/// Savitzky-Golay filter coefficients (scipy.signal.savgol_coeffs), by a least-squares fit on
/// the host.

#include <cupx/signal/representations.hpp>

#include <optional>

namespace cupx::signal {

/// savgol_coeffs's `use`: 'conv' (reversed, for a convolution) or 'dot'.
enum class savgol_use { conv, dot };

/// Keywords of savgol_coeffs (SciPy's deriv=0, delta=1.0, pos=None, use='conv').
struct savgol_kw {
  cupp::detail::kw_guard guard_{};
  index_t deriv = 0;
  double delta = 1.0;
  std::optional<double> pos = std::nullopt;
  savgol_use use = savgol_use::conv;
};

/// `scipy.signal.savgol_coeffs(window_length, polyorder, deriv, delta, pos, use)`: the
/// window_length coefficients of the polynomial fit of order polyorder evaluated (or its deriv-th
/// derivative, at sample spacing delta) at `pos` (the window's centre by default). The
/// minimum-norm least-squares solution through a Householder QR of the Vandermonde matrix
/// (SciPy: lstsq).
[[nodiscard]] inline cupp::ndarray<double> savgol_coeffs(index_t window_length, index_t polyorder,
                                                         const savgol_kw& kw = {}) {
  return detail::to_array(detail::savgol_coeffs(window_length, polyorder, kw.deriv, kw.delta,
                                                kw.pos, kw.use == savgol_use::conv));
}

} // namespace cupx::signal
