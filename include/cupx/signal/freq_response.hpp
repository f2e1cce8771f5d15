#pragma once
/// \file
/// Frequency responses of digital filters (scipy.signal.freqz, sosfreqz / freqz_sos,
/// group_delay), computed on the host: the coefficients are read back (a sync point), the
/// results are new arrays.

#include <cupx/signal/representations.hpp>

#include <numbers>
#include <vector>

namespace cupx::signal {

/// A frequency response: the frequencies (in fs units) and the complex response at them.
struct freq_response {
  cupp::ndarray<double> w;
  cupp::ndarray<complex128> h;
};

/// Keywords of freqz and sosfreqz (SciPy's worN=512, whole=False, fs=2*pi,
/// include_nyquist=False); worN as a count of points (frequencies given as an array are the
/// overloads taking one).
struct freqz_kw {
  cupp::detail::kw_guard guard_{};
  index_t worN = 512; // NOLINT(readability-identifier-naming): SciPy's name
  bool whole = false;
  double fs = 2 * std::numbers::pi;
  bool include_nyquist = false;
};

namespace detail {
inline freq_response response(const rvec& b, const rvec& a, const rvec& w_rad, double fs) {
  rvec w = w_rad;
  for (double& v : w)
    v = v * (fs / (2 * std::numbers::pi));
  return {to_array(w), to_array(freqz(b, a, w_rad))};
}
inline rvec radians(const cupp::ndarray<double>& w, double fs) {
  rvec v = host_of(w);
  for (double& x : v)
    x = 2 * std::numbers::pi * x / fs;
  return v;
}
} // namespace detail

/// `scipy.signal.freqz(b, a, worN, whole, fs, include_nyquist)`: H(e^{jw}) = B/A at worN
/// frequencies over [0, fs/2) (or [0, fs) where `whole`).
[[nodiscard]] inline freq_response freqz(const cupp::ndarray<double>& b,
                                         const cupp::ndarray<double>& a, const freqz_kw& kw = {}) {
  return detail::response(detail::host_of(b), detail::host_of(a),
                          detail::freq_grid(kw.worN, kw.whole, kw.include_nyquist), kw.fs);
}
/// `scipy.signal.freqz(b)`: an FIR filter (a = 1).
[[nodiscard]] inline freq_response freqz(const cupp::ndarray<double>& b, const freqz_kw& kw = {}) {
  return detail::response(detail::host_of(b), {1.0},
                          detail::freq_grid(kw.worN, kw.whole, kw.include_nyquist), kw.fs);
}
/// `scipy.signal.freqz(b, a, worN=w, fs=fs)` at the frequencies w (in fs units).
[[nodiscard]] inline freq_response freqz(const cupp::ndarray<double>& b,
                                         const cupp::ndarray<double>& a,
                                         const cupp::ndarray<double>& w,
                                         double fs = 2 * std::numbers::pi) {
  return detail::response(detail::host_of(b), detail::host_of(a), detail::radians(w, fs), fs);
}

namespace detail {
inline freq_response sos_response(const cupp::ndarray<double>& s, const rvec& w_rad, double fs) {
  const rvec v = host_sos(s, true);
  if (v.empty()) throw cupp::value_error("Cannot compute frequencies with no sections");
  cvec h(w_rad.size(), 1.0);
  for (std::size_t r = 0; r < v.size(); r += 6) {
    const cvec hr = freqz(rvec(v.begin() + static_cast<std::ptrdiff_t>(r),
                               v.begin() + static_cast<std::ptrdiff_t>(r + 3)),
                          rvec(v.begin() + static_cast<std::ptrdiff_t>(r + 3),
                               v.begin() + static_cast<std::ptrdiff_t>(r + 6)),
                          w_rad);
    for (std::size_t i = 0; i < h.size(); ++i)
      h[i] *= hr[i];
  }
  rvec w = w_rad;
  for (double& x : w)
    x = x * (fs / (2 * std::numbers::pi));
  return {to_array(w), to_array(h)};
}
} // namespace detail

/// `scipy.signal.sosfreqz(sos, worN, whole, fs)` (freqz_sos): the product of the sections'
/// responses. include_nyquist is not a keyword of SciPy's and is ignored.
[[nodiscard]] inline freq_response sosfreqz(const cupp::ndarray<double>& s,
                                            const freqz_kw& kw = {}) {
  return detail::sos_response(s, detail::freq_grid(kw.worN, kw.whole, false), kw.fs);
}
/// `scipy.signal.sosfreqz(sos, worN=w, fs=fs)` at the frequencies w.
[[nodiscard]] inline freq_response sosfreqz(const cupp::ndarray<double>& s,
                                            const cupp::ndarray<double>& w,
                                            double fs = 2 * std::numbers::pi) {
  return detail::sos_response(s, detail::radians(w, fs), fs);
}
/// SciPy 1.15's name of sosfreqz.
[[nodiscard]] inline freq_response freqz_sos(const cupp::ndarray<double>& s,
                                             const freqz_kw& kw = {}) {
  return sosfreqz(s, kw);
}

/// group_delay's result: the frequencies (fs units) and the delay in samples.
struct group_delay_result {
  cupp::ndarray<double> w, gd;
};

/// Keywords of group_delay (SciPy's w=512, whole=False, fs=2*pi).
struct group_delay_kw {
  cupp::detail::kw_guard guard_{};
  index_t w = 512;
  bool whole = false;
  double fs = 2 * std::numbers::pi;
};

/// `scipy.signal.group_delay((b, a), w, whole, fs)`: -d(arg H)/dw in samples; 0 where the
/// response is singular (SciPy: 0 with a warning).
[[nodiscard]] inline group_delay_result group_delay(const ba& system,
                                                    const group_delay_kw& kw = {}) {
  const detail::rvec w = detail::freq_grid(kw.w, kw.whole, false);
  detail::rvec wf = w;
  for (double& x : wf)
    x = x * (kw.fs / (2 * std::numbers::pi));
  return {detail::to_array(wf), detail::to_array(detail::group_delay(
                                    detail::host_of(system.b), detail::host_of(system.a), w))};
}
/// `scipy.signal.group_delay((b, a), w=w, fs=fs)` at the frequencies w.
[[nodiscard]] inline group_delay_result
group_delay(const ba& system, const cupp::ndarray<double>& w, double fs = 2 * std::numbers::pi) {
  const detail::rvec rad = detail::radians(w, fs);
  detail::rvec wf = rad;
  for (double& x : wf)
    x = x * (fs / (2 * std::numbers::pi));
  return {detail::to_array(wf), detail::to_array(detail::group_delay(
                                    detail::host_of(system.b), detail::host_of(system.a), rad))};
}

} // namespace cupx::signal
