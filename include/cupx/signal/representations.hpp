#pragma once
/// \file
/// The filter representations of cupx::signal and the arguments its design functions share:
/// `ba` (numerator, denominator), `zpk` (zeros, poles, gain), the `sos` output tag (an
/// (n_sections, 6) array), the band types, and the critical frequencies (`0.2` or `{0.1, 0.3}`).

#include <cupx/signal/detail/host.hpp>

#include <cupp/core/complex.hpp>
#include <cupp/core/error.hpp>
#include <cupp/core/keywords.hpp>
#include <cupp/core/shape.hpp>
#include <cupp/creation.hpp>
#include <cupp/ndarray.hpp>

#include <complex>
#include <initializer_list>
#include <utility>
#include <vector>

namespace cupx::signal {

using cupp::complex128;
using cupp::index_t;

/// A transfer function: numerator `b` and denominator `a`, highest power first (SciPy's
/// output='ba').
struct ba {
  cupp::ndarray<double> b, a;
};

/// Zeros, poles and gain (SciPy's output='zpk'), zeros and poles complex128.
struct zpk {
  cupp::ndarray<complex128> z, p;
  double k = 1.0;
};

/// The output tag of second-order sections (SciPy's output='sos'): the result is an
/// (n_sections, 6) float64 array, each row b0 b1 b2 a0 a1 a2.
struct sos {};

/// SciPy's btype.
enum class band_type { lowpass, highpass, bandpass, bandstop };
inline constexpr band_type lowpass = band_type::lowpass;
inline constexpr band_type highpass = band_type::highpass;
inline constexpr band_type bandpass = band_type::bandpass;
inline constexpr band_type bandstop = band_type::bandstop;

/// Critical frequencies: one (`0.2`, lowpass and highpass) or two (`{0.1, 0.3}`, band filters).
class frequencies {
public:
  frequencies(double w) : values_{w} {} // NOLINT(google-explicit-constructor)
  frequencies(std::initializer_list<double> w) : values_(w) {}
  frequencies(std::vector<double> w) : values_(std::move(w)) {} // NOLINT
  [[nodiscard]] const std::vector<double>& values() const { return values_; }

private:
  std::vector<double> values_;
};

namespace detail {

inline cupp::ndarray<double> to_array(const rvec& v) { return cupp::asarray(v); }
inline cupp::ndarray<complex128> to_array(const cvec& v) { return cupp::asarray(v); }
inline cupp::ndarray<double> to_array_2d(const rvec& v, index_t cols) {
  const index_t rows = cols ? static_cast<index_t>(v.size()) / cols : 0;
  return cupp::asarray(v.data(), cupp::shape_t{rows, cols});
}
inline ba to_ba(const ba_h& f) { return {to_array(f.b), to_array(f.a)}; }
inline zpk to_zpk(const zpk_h& f) { return {to_array(f.z), to_array(f.p), f.k}; }
/// The elements of a 1-D (or any) array on the host, in C order (a sync point).
inline rvec host_of(const cupp::ndarray<double>& a) { return a.get(); }
inline cvec host_of(const cupp::ndarray<complex128>& a) {
  const auto v = a.get();
  cvec out(v.size());
  for (std::size_t i = 0; i < v.size(); ++i)
    out[i] = std::complex<double>(v[i].real(), v[i].imag());
  return out;
}
inline zpk_h host_of(const zpk& f) { return {host_of(f.z), host_of(f.p), f.k}; }
inline ba_h host_of(const ba& f) { return {host_of(f.b), host_of(f.a)}; }
inline band to_band(band_type b) { return static_cast<band>(static_cast<int>(b)); }
/// An (n, 6) sos array on the host, checked as SciPy's _validate_sos (`ones`: also its a0 column,
/// which sos2tf and sos2zpk do not check).
inline rvec host_sos(const cupp::ndarray<double>& s, bool ones) {
  if (s.ndim() != 2) throw cupp::value_error("sos array must be 2D");
  const rvec v = s.get();
  validate_sos(v, ones ? s.shape()[0] : 0, s.shape()[1]);
  return v;
}

} // namespace detail

} // namespace cupx::signal
