#pragma once
/// \file
/// Conversions between filter representations (scipy.signal.zpk2tf, tf2zpk, zpk2sos, tf2sos,
/// sos2tf, sos2zpk, normalize), computed on the host. The inputs are read back from the device
/// (a sync point); the results are new arrays.

#include <cupx/signal/representations.hpp>

#include <optional>

namespace cupx::signal {

/// zpk2sos's `pairing`: SciPy's 'nearest', 'keep_odd', 'minimal'.
enum class sos_pairing { nearest, keep_odd, minimal };

/// Keywords of zpk2sos and tf2sos (scipy.signal.zpk2sos(z, p, k, pairing=None, *, analog=False));
/// no pairing: 'minimal' for analog filters, else 'nearest'.
struct sos_kw {
  cupp::detail::kw_guard guard_{};
  std::optional<sos_pairing> pairing = std::nullopt;
  bool analog = false;
};

/// `scipy.signal.normalize(b, a)`: both divided by a's leading coefficient, leading zeros of a
/// and (below 1e-14) of b removed.
[[nodiscard]] inline ba normalize(const cupp::ndarray<double>& b, const cupp::ndarray<double>& a) {
  return detail::to_ba(detail::normalize(detail::host_of(b), detail::host_of(a)));
}

/// `scipy.signal.zpk2tf(z, p, k)`: b = k poly(z), a = poly(p). The coefficients are real: the
/// imaginary parts, zero where zeros and poles pair into conjugates, are dropped (SciPy returns
/// a complex b or a where they do not pair).
[[nodiscard]] inline ba zpk2tf(const cupp::ndarray<complex128>& z,
                               const cupp::ndarray<complex128>& p, double k) {
  return detail::to_ba(detail::zpk2tf({detail::host_of(z), detail::host_of(p), k}));
}
[[nodiscard]] inline ba zpk2tf(const zpk& f) { return zpk2tf(f.z, f.p, f.k); }

/// `scipy.signal.tf2zpk(b, a)`: the roots of the normalized numerator and denominator (host
/// root-finding: Aberth-Ehrlich with Newton polishing, where NumPy takes the companion matrix's
/// eigenvalues; the order of the roots may differ from NumPy's).
[[nodiscard]] inline zpk tf2zpk(const cupp::ndarray<double>& b, const cupp::ndarray<double>& a) {
  return detail::to_zpk(detail::tf2zpk(detail::host_of(b), detail::host_of(a)));
}
[[nodiscard]] inline zpk tf2zpk(const ba& f) { return tf2zpk(f.b, f.a); }

namespace detail {
inline std::optional<pairing> to_pairing(std::optional<sos_pairing> p) {
  if (!p) return std::nullopt;
  return static_cast<pairing>(static_cast<int>(*p));
}
} // namespace detail

/// `scipy.signal.zpk2sos(z, p, k, pairing, analog=)`: second-order sections, an (n, 6) array.
[[nodiscard]] inline cupp::ndarray<double> zpk2sos(const cupp::ndarray<complex128>& z,
                                                   const cupp::ndarray<complex128>& p, double k,
                                                   const sos_kw& kw = {}) {
  return detail::to_array_2d(detail::zpk2sos({detail::host_of(z), detail::host_of(p), k},
                                             detail::to_pairing(kw.pairing), kw.analog),
                             6);
}
[[nodiscard]] inline cupp::ndarray<double> zpk2sos(const zpk& f, const sos_kw& kw = {}) {
  return zpk2sos(f.z, f.p, f.k, kw);
}

/// `scipy.signal.tf2sos(b, a, pairing, analog=)`: zpk2sos of tf2zpk.
[[nodiscard]] inline cupp::ndarray<double>
tf2sos(const cupp::ndarray<double>& b, const cupp::ndarray<double>& a, const sos_kw& kw = {}) {
  return detail::to_array_2d(detail::zpk2sos(detail::tf2zpk(detail::host_of(b), detail::host_of(a)),
                                             detail::to_pairing(kw.pairing), kw.analog),
                             6);
}

/// `scipy.signal.sos2tf(sos)`: the product of the sections' polynomials.
[[nodiscard]] inline ba sos2tf(const cupp::ndarray<double>& s) {
  return detail::to_ba(detail::sos2tf(detail::host_sos(s, false)));
}

/// `scipy.signal.sos2zpk(sos)`: two zeros and two poles per section (zeros at the origin where
/// a section is of lower order, as SciPy).
[[nodiscard]] inline zpk sos2zpk(const cupp::ndarray<double>& s) {
  return detail::to_zpk(detail::sos2zpk(detail::host_sos(s, false)));
}

} // namespace cupx::signal
