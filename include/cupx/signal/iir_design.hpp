#pragma once
/// \file
/// IIR filter design (scipy.signal.iirfilter, butter, cheby1, cheby2, ellip, bessel, iirnotch,
/// iirpeak), the analog prototypes (buttap, cheb1ap, cheb2ap, ellipap, besselap) and the frequency
/// transforms (lp2lp_zpk ... bilinear_zpk, lp2lp ... bilinear on ba), computed on the host as
/// SciPy computes them.
///
/// SciPy's `output=` is the template argument: `butter(4, 0.2)` is 'ba' (a `ba`),
/// `butter<zpk>(4, 0.2)` 'zpk' (a `zpk`), `butter<sos>(4, 0.2)` 'sos' (an (n, 6) array).

#include <cupx/signal/filter_conversions.hpp>
#include <cupx/signal/representations.hpp>

#include <optional>
#include <type_traits>

namespace cupx::signal {

/// Keywords of butter, cheby1, cheby2 and ellip (SciPy's btype='low', analog=False, fs=None).
struct filter_kw {
  cupp::detail::kw_guard guard_{};
  band_type btype = lowpass;
  bool analog = false;
  std::optional<double> fs = std::nullopt;
};

/// besselap's and bessel's `norm`.
enum class bessel_norm { phase, delay, mag };

/// Keywords of bessel (SciPy's btype='low', analog=False, norm='phase', fs=None).
struct bessel_kw {
  cupp::detail::kw_guard guard_{};
  band_type btype = lowpass;
  bool analog = false;
  bessel_norm norm = bessel_norm::phase;
  std::optional<double> fs = std::nullopt;
};

/// iirfilter's `ftype` ('bessel' is bessel_phase).
enum class iir_ftype {
  butter,
  cheby1,
  cheby2,
  ellip,
  bessel,
  bessel_phase,
  bessel_delay,
  bessel_mag
};

/// Keywords of iirfilter (SciPy's rp=None, rs=None, btype='band', analog=False, ftype='butter',
/// fs=None).
struct iirfilter_kw {
  cupp::detail::kw_guard guard_{};
  std::optional<double> rp = std::nullopt;
  std::optional<double> rs = std::nullopt;
  band_type btype = bandpass;
  bool analog = false;
  iir_ftype ftype = iir_ftype::butter;
  std::optional<double> fs = std::nullopt;
};

namespace detail {

/// The design in the Output form: ba, zpk or sos.
template <class Output> auto design_output(const zpk_h& f, bool analog) {
  if constexpr (std::is_same_v<Output, zpk>) {
    return to_zpk(f);
  } else if constexpr (std::is_same_v<Output, sos>) {
    return to_array_2d(zpk2sos(f, std::nullopt, analog), 6);
  } else {
    static_assert(std::is_same_v<Output, ba>, "the output form is ba, zpk or sos");
    return to_ba(zpk2tf(f));
  }
}

inline family to_family(iir_ftype t) {
  switch (t) {
  case iir_ftype::butter:
    return family::butter;
  case iir_ftype::cheby1:
    return family::cheby1;
  case iir_ftype::cheby2:
    return family::cheby2;
  case iir_ftype::ellip:
    return family::ellip;
  case iir_ftype::bessel_delay:
    return family::bessel_delay;
  case iir_ftype::bessel_mag:
    return family::bessel_mag;
  default:
    return family::bessel_phase;
  }
}

} // namespace detail

/// `scipy.signal.iirfilter(N, Wn, rp, rs, btype, analog, ftype, output, fs)`: the analog
/// prototype of `ftype`, transformed to `btype` at Wn (normalised to Nyquist for digital filters,
/// prewarped, then the bilinear transform). Errors as SciPy's: Wn outside (0, 1) ("Digital filter
/// critical frequencies must be 0 < Wn < 1"), fs with analog, a missing rp or rs...
template <class Output = ba>
[[nodiscard]] auto iirfilter(int n, const frequencies& wn, const iirfilter_kw& kw = {}) {
  return detail::design_output<Output>(detail::iirfilter(n, wn.values(), kw.rp, kw.rs,
                                                         detail::to_band(kw.btype), kw.analog,
                                                         detail::to_family(kw.ftype), kw.fs),
                                       kw.analog);
}

/// `scipy.signal.butter(N, Wn, btype='low', analog=False, output='ba', fs=None)`.
template <class Output = ba>
[[nodiscard]] auto butter(int n, const frequencies& wn, const filter_kw& kw = {}) {
  return iirfilter<Output>(
      n, wn, {.btype = kw.btype, .analog = kw.analog, .ftype = iir_ftype::butter, .fs = kw.fs});
}

/// `scipy.signal.cheby1(N, rp, Wn, ...)`: rp dB of passband ripple.
template <class Output = ba>
[[nodiscard]] auto cheby1(int n, double rp, const frequencies& wn, const filter_kw& kw = {}) {
  return iirfilter<Output>(
      n, wn,
      {.rp = rp, .btype = kw.btype, .analog = kw.analog, .ftype = iir_ftype::cheby1, .fs = kw.fs});
}

/// `scipy.signal.cheby2(N, rs, Wn, ...)`: rs dB of stopband attenuation.
template <class Output = ba>
[[nodiscard]] auto cheby2(int n, double rs, const frequencies& wn, const filter_kw& kw = {}) {
  return iirfilter<Output>(
      n, wn,
      {.rs = rs, .btype = kw.btype, .analog = kw.analog, .ftype = iir_ftype::cheby2, .fs = kw.fs});
}

/// `scipy.signal.ellip(N, rp, rs, Wn, ...)`.
template <class Output = ba>
[[nodiscard]] auto ellip(int n, double rp, double rs, const frequencies& wn,
                         const filter_kw& kw = {}) {
  return iirfilter<Output>(n, wn,
                           {.rp = rp,
                            .rs = rs,
                            .btype = kw.btype,
                            .analog = kw.analog,
                            .ftype = iir_ftype::ellip,
                            .fs = kw.fs});
}

/// `scipy.signal.bessel(N, Wn, btype='low', analog=False, output='ba', norm='phase', fs=None)`.
template <class Output = ba>
[[nodiscard]] auto bessel(int n, const frequencies& wn, const bessel_kw& kw = {}) {
  const iir_ftype t = kw.norm == bessel_norm::phase   ? iir_ftype::bessel_phase
                      : kw.norm == bessel_norm::delay ? iir_ftype::bessel_delay
                                                      : iir_ftype::bessel_mag;
  return iirfilter<Output>(n, wn,
                           {.btype = kw.btype, .analog = kw.analog, .ftype = t, .fs = kw.fs});
}

/// `scipy.signal.iirnotch(w0, Q, fs=2.0)`: a second-order notch at w0 with quality factor Q.
[[nodiscard]] inline ba iirnotch(double w0, double q, double fs = 2.0) {
  return detail::to_ba(detail::notch_peak(w0, q, fs, false));
}
/// `scipy.signal.iirpeak(w0, Q, fs=2.0)`: a second-order peak (resonator).
[[nodiscard]] inline ba iirpeak(double w0, double q, double fs = 2.0) {
  return detail::to_ba(detail::notch_peak(w0, q, fs, true));
}

// ---- analog prototypes (cutoff 1 rad/s) -----------------------------------------------------

/// `scipy.signal.buttap(N)`.
[[nodiscard]] inline zpk buttap(int n) { return detail::to_zpk(detail::buttap(n)); }
/// `scipy.signal.cheb1ap(N, rp)`.
[[nodiscard]] inline zpk cheb1ap(int n, double rp) {
  return detail::to_zpk(detail::cheb1ap(n, rp));
}
/// `scipy.signal.cheb2ap(N, rs)`.
[[nodiscard]] inline zpk cheb2ap(int n, double rs) {
  return detail::to_zpk(detail::cheb2ap(n, rs));
}
/// `scipy.signal.ellipap(N, rp, rs)`.
[[nodiscard]] inline zpk ellipap(int n, double rp, double rs) {
  return detail::to_zpk(detail::ellipap(n, rp, rs));
}
/// `scipy.signal.besselap(N, norm='phase')`.
[[nodiscard]] inline zpk besselap(int n, bessel_norm norm = bessel_norm::phase) {
  return detail::to_zpk(detail::besselap(n, static_cast<int>(norm)));
}

// ---- frequency transforms ------------------------------------------------------------------

/// `scipy.signal.lp2lp_zpk(z, p, k, wo=1.0)`: a lowpass of cutoff wo.
[[nodiscard]] inline zpk lp2lp_zpk(const zpk& f, double wo = 1.0) {
  return detail::to_zpk(detail::lp2lp_zpk(detail::host_of(f), wo));
}
/// `scipy.signal.lp2hp_zpk(z, p, k, wo=1.0)`: a highpass of cutoff wo.
[[nodiscard]] inline zpk lp2hp_zpk(const zpk& f, double wo = 1.0) {
  return detail::to_zpk(detail::lp2hp_zpk(detail::host_of(f), wo));
}
/// `scipy.signal.lp2bp_zpk(z, p, k, wo=1.0, bw=1.0)`: a bandpass at wo of width bw.
[[nodiscard]] inline zpk lp2bp_zpk(const zpk& f, double wo = 1.0, double bw = 1.0) {
  return detail::to_zpk(detail::lp2bp_zpk(detail::host_of(f), wo, bw));
}
/// `scipy.signal.lp2bs_zpk(z, p, k, wo=1.0, bw=1.0)`: a bandstop at wo of width bw.
[[nodiscard]] inline zpk lp2bs_zpk(const zpk& f, double wo = 1.0, double bw = 1.0) {
  return detail::to_zpk(detail::lp2bs_zpk(detail::host_of(f), wo, bw));
}
/// `scipy.signal.bilinear_zpk(z, p, k, fs)`: the digital filter of an analog one.
[[nodiscard]] inline zpk bilinear_zpk(const zpk& f, double fs) {
  return detail::to_zpk(detail::bilinear_zpk(detail::host_of(f), fs));
}
/// `scipy.signal.lp2lp(b, a, wo=1.0)`.
[[nodiscard]] inline ba lp2lp(const ba& f, double wo = 1.0) {
  return detail::to_ba(detail::lp2lp(detail::host_of(f), wo));
}
/// `scipy.signal.lp2hp(b, a, wo=1.0)`.
[[nodiscard]] inline ba lp2hp(const ba& f, double wo = 1.0) {
  return detail::to_ba(detail::lp2hp(detail::host_of(f), wo));
}
/// `scipy.signal.lp2bp(b, a, wo=1.0, bw=1.0)`.
[[nodiscard]] inline ba lp2bp(const ba& f, double wo = 1.0, double bw = 1.0) {
  return detail::to_ba(detail::lp2bp(detail::host_of(f), wo, bw));
}
/// `scipy.signal.lp2bs(b, a, wo=1.0, bw=1.0)`.
[[nodiscard]] inline ba lp2bs(const ba& f, double wo = 1.0, double bw = 1.0) {
  return detail::to_ba(detail::lp2bs(detail::host_of(f), wo, bw));
}
/// `scipy.signal.bilinear(b, a, fs=1.0)`.
[[nodiscard]] inline ba bilinear(const ba& f, double fs = 1.0) {
  return detail::to_ba(detail::bilinear(detail::host_of(f), fs));
}

} // namespace cupx::signal
