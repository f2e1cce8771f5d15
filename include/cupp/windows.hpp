#pragma once
/// \file
/// NumPy's window functions: `cp::bartlett(M)`, `blackman`, `hamming`, `hanning` and
/// `kaiser(M, beta)` (numpy.bartlett ... numpy.kaiser), float64 arrays of M points computed on the
/// host with NumPy's formulas and copied to the device. SciPy's windows, periodic ones included,
/// are cupx::signal::get_window and cupx::signal::windows (cupx/signal/windows.hpp).

#include <cupp/core/shape.hpp>
#include <cupp/creation.hpp>
#include <cupp/detail/i0.hpp>
#include <cupp/ndarray.hpp>

#include <cmath>
#include <numbers>
#include <vector>

namespace cupp {

namespace detail {

/// NumPy's symmetric cosine windows: `a0 + a1 cos(pi n / (M - 1)) + a2 cos(2 pi n / (M - 1))` for
/// n = 1 - M, 3 - M, ..., M - 1.
inline ndarray<double> np_cosine_window(index_t m, double a0, double a1, double a2) {
  if (m < 1) return asarray(std::vector<double>{});
  if (m == 1) return asarray(std::vector<double>{1.0});
  std::vector<double> w(static_cast<std::size_t>(m));
  const double d = static_cast<double>(m - 1);
  for (index_t i = 0; i < m; ++i) {
    const double n = static_cast<double>(1 - m + 2 * i);
    w[static_cast<std::size_t>(i)] = a0 + a1 * std::cos(std::numbers::pi * n / d);
    if (a2 != 0.0) w[static_cast<std::size_t>(i)] += a2 * std::cos(2.0 * std::numbers::pi * n / d);
  }
  return asarray(w);
}

} // namespace detail

/// `np.bartlett(M)`: the triangular window, zero at both ends (empty for M < 1).
[[nodiscard]] inline ndarray<double> bartlett(index_t m) {
  if (m < 1) return asarray(std::vector<double>{});
  if (m == 1) return asarray(std::vector<double>{1.0});
  std::vector<double> w(static_cast<std::size_t>(m));
  const double d = static_cast<double>(m - 1);
  for (index_t i = 0; i < m; ++i) {
    const double n = static_cast<double>(1 - m + 2 * i);
    w[static_cast<std::size_t>(i)] = n <= 0 ? 1 + n / d : 1 - n / d;
  }
  return asarray(w);
}

/// `np.blackman(M)`: 0.42 + 0.5 cos + 0.08 cos of twice the angle.
[[nodiscard]] inline ndarray<double> blackman(index_t m) {
  return detail::np_cosine_window(m, 0.42, 0.5, 0.08);
}

/// `np.hamming(M)`: 0.54 + 0.46 cos.
[[nodiscard]] inline ndarray<double> hamming(index_t m) {
  return detail::np_cosine_window(m, 0.54, 0.46, 0.0);
}

/// `np.hanning(M)`: 0.5 + 0.5 cos (SciPy's hann).
[[nodiscard]] inline ndarray<double> hanning(index_t m) {
  return detail::np_cosine_window(m, 0.5, 0.5, 0.0);
}

/// `np.kaiser(M, beta)`: I0(beta sqrt(1 - ((n - alpha) / alpha)^2)) / I0(beta), alpha = (M-1)/2.
[[nodiscard]] inline ndarray<double> kaiser(index_t m, double beta) {
  if (m == 1) return asarray(std::vector<double>{1.0});
  std::vector<double> w(static_cast<std::size_t>(m < 0 ? 0 : m));
  const double alpha = static_cast<double>(m - 1) / 2.0;
  const double den = detail::host_i0(beta);
  for (index_t i = 0; i < m; ++i) {
    const double r = (static_cast<double>(i) - alpha) / alpha;
    w[static_cast<std::size_t>(i)] = detail::host_i0(beta * std::sqrt(1 - r * r)) / den;
  }
  return asarray(w);
}

} // namespace cupp
