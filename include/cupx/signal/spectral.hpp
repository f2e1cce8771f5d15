#pragma once
/// \file
/// scipy.signal's spectral analysis: periodogram, welch, csd, coherence, spectrogram, stft,
/// istft, hilbert, hilbert2 and detrend, on the device and batched. The signal is moved to rows
/// (the axis last, contiguous); the overlapping segments are gathered straight from the rows (with
/// stft's boundary extension and padding computed on the fly), detrended, windowed and zero padded
/// to nfft in one pass into a (rows, nseg, nfft) array, transformed by one batched rfft (fft for
/// two-sided spectra), then scaled, doubled and averaged over the segments (the mean from partial
/// sums over interleaved segments, or the median with SciPy's bias correction). The window's
/// sums are taken on the device: no sync anywhere.
/// See docs/signal.md, "Spectral analysis".

#include <cupx/signal/filtering.hpp>
#include <cupx/signal/windows.hpp>

#include <cupp/core/complex.hpp>
#include <cupp/core/error.hpp>
#include <cupp/core/keywords.hpp>
#include <cupp/core/shape.hpp>
#include <cupp/creation.hpp>
#include <cupp/detail/launch.hpp>
#include <cupp/fft/fft.hpp>
#include <cupp/fft/helper.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/ndarray.hpp>
#include <cupp/reduction/order.hpp>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace cupx::signal {

/// SciPy's `detrend=` of the spectral functions: False, 'constant' or 'linear' (a callable is
/// not supported).
enum class detrend_type { none, constant, linear };
/// SciPy's `scaling=`: 'density' (V**2/Hz) or 'spectrum' (V**2); stft's 'psd' is density.
enum class spectral_scaling { density, spectrum, psd = density };
/// welch's and csd's `average=`.
enum class spectral_average { mean, median };
/// stft's `boundary=`: 'zeros' (the default), 'even', 'odd', 'constant' or None.
enum class boundary_ext { zeros, even, odd, constant, none };
/// spectrogram's `mode=` (the template argument: complex gives a complex result).
enum class spectrogram_mode { psd, complex, magnitude, angle, phase };

/// The `window` of the spectral functions: what get_window takes (`"hann"`, `{"kaiser", 8.6}`,
/// `{"tukey_periodic", 0.25}`, a Kaiser beta), computed periodic, or an array of the segment's
/// length.
class spectral_window {
public:
  spectral_window(const char* name) : spec_(name) {}            // NOLINT
  spectral_window(std::string name) : spec_(std::move(name)) {} // NOLINT
  spectral_window(double beta) : spec_(beta) {}                 // NOLINT
  spectral_window(std::string name, double p) : spec_(std::move(name), p) {}
  spectral_window(std::string name, std::initializer_list<double> params)
      : spec_(std::move(name), std::vector<double>(params)) {}
  spectral_window(window_spec spec) : spec_(std::move(spec)) {} // NOLINT
  template <class T>
  spectral_window(const cupp::ndarray<T>& w) // NOLINT(google-explicit-constructor)
      : spec_("boxcar"),
        array_(cupp::ascontiguousarray(cupp::ndarray<double>(w.template astype<double>()))) {}
  spectral_window(const cupp::ndarray<double>& w) // NOLINT(google-explicit-constructor)
      : spec_("boxcar"), array_(cupp::ascontiguousarray(w)) {}

  [[nodiscard]] bool is_array() const { return array_.has_value(); }
  [[nodiscard]] const cupp::ndarray<double>& array() const { return *array_; }
  [[nodiscard]] const window_spec& spec() const { return spec_; }

private:
  window_spec spec_;
  std::optional<cupp::ndarray<double>> array_;
};

/// Keywords of welch and csd (scipy.signal.welch(x, fs=1.0, window='hann_periodic',
/// nperseg=None, noverlap=None, nfft=None, detrend='constant', return_onesided=True,
/// scaling='density', axis=-1, average='mean')).
struct welch_kw {
  cupp::detail::kw_guard guard_{};
  double fs = 1.0;
  spectral_window window = "hann_periodic";
  std::optional<index_t> nperseg = std::nullopt;  ///< None: 256 (an array window: its length)
  std::optional<index_t> noverlap = std::nullopt; ///< None: nperseg // 2
  std::optional<index_t> nfft = std::nullopt;     ///< None: nperseg
  detrend_type detrend = detrend_type::constant;
  bool return_onesided = true;
  spectral_scaling scaling = spectral_scaling::density;
  index_t axis = -1;
  spectral_average average = spectral_average::mean;
};
using csd_kw = welch_kw;

/// Keywords of coherence(x, y, fs=1.0, window='hann_periodic', nperseg=None, noverlap=None,
/// nfft=None, detrend='constant', axis=-1).
struct coherence_kw {
  cupp::detail::kw_guard guard_{};
  double fs = 1.0;
  spectral_window window = "hann_periodic";
  std::optional<index_t> nperseg = std::nullopt;
  std::optional<index_t> noverlap = std::nullopt;
  std::optional<index_t> nfft = std::nullopt;
  detrend_type detrend = detrend_type::constant;
  index_t axis = -1;
};

/// Keywords of periodogram(x, fs=1.0, window='boxcar', nfft=None, detrend='constant',
/// return_onesided=True, scaling='density', axis=-1).
struct periodogram_kw {
  cupp::detail::kw_guard guard_{};
  double fs = 1.0;
  spectral_window window = "boxcar";
  std::optional<index_t> nfft = std::nullopt;
  detrend_type detrend = detrend_type::constant;
  bool return_onesided = true;
  spectral_scaling scaling = spectral_scaling::density;
  index_t axis = -1;
};

/// Keywords of spectrogram(x, fs=1.0, window=('tukey_periodic', .25), nperseg=None,
/// noverlap=None, nfft=None, detrend='constant', return_onesided=True, scaling='density',
/// axis=-1); `mode` is the template argument.
struct spectrogram_kw {
  cupp::detail::kw_guard guard_{};
  double fs = 1.0;
  spectral_window window = {"tukey_periodic", 0.25};
  std::optional<index_t> nperseg = std::nullopt;
  std::optional<index_t> noverlap = std::nullopt; ///< None: nperseg // 8
  std::optional<index_t> nfft = std::nullopt;
  detrend_type detrend = detrend_type::constant;
  bool return_onesided = true;
  spectral_scaling scaling = spectral_scaling::density;
  index_t axis = -1;
};

/// Keywords of stft(x, fs=1.0, window='hann_periodic', nperseg=256, noverlap=None, nfft=None,
/// detrend=False, return_onesided=True, boundary='zeros', padded=True, axis=-1,
/// scaling='spectrum').
struct stft_kw {
  cupp::detail::kw_guard guard_{};
  double fs = 1.0;
  spectral_window window = "hann_periodic";
  index_t nperseg = 256;
  std::optional<index_t> noverlap = std::nullopt;
  std::optional<index_t> nfft = std::nullopt;
  detrend_type detrend = detrend_type::none;
  bool return_onesided = true;
  boundary_ext boundary = boundary_ext::zeros;
  bool padded = true;
  index_t axis = -1;
  spectral_scaling scaling = spectral_scaling::spectrum;
};

/// Keywords of istft(Zxx, fs=1.0, window='hann_periodic', nperseg=None, noverlap=None,
/// nfft=None, input_onesided=True, boundary=True, time_axis=-1, freq_axis=-2,
/// scaling='spectrum'). Only input_onesided=True (a real signal) is supported.
struct istft_kw {
  cupp::detail::kw_guard guard_{};
  double fs = 1.0;
  spectral_window window = "hann_periodic";
  std::optional<index_t> nperseg = std::nullopt;
  std::optional<index_t> noverlap = std::nullopt;
  std::optional<index_t> nfft = std::nullopt;
  bool boundary = true;
  index_t time_axis = -1;
  index_t freq_axis = -2;
  spectral_scaling scaling = spectral_scaling::spectrum;
};

/// Keywords of detrend(data, axis=-1, type='linear', bp=0).
struct detrend_kw {
  cupp::detail::kw_guard guard_{};
  index_t axis = -1;
  detrend_type type = detrend_type::linear;
  std::vector<index_t> bp = {};
};

namespace detail {

/// The real dtype a spectral function computes in: float32 stays float32, float64 and the
/// integers are float64 (float16 and bfloat16: float32).
template <class T> constexpr auto spectral_dtype() {
  static_assert(
      !cupp::is_complex_v<T>,
      "cupx::signal's spectral functions take real arrays (complex ones are not supported)");
  return filter_t<T>{};
}
template <class T> using spectral_t = decltype(spectral_dtype<T>());

/// The rows of a signal as the segments see them: boundary extension of `h` samples on both
/// sides (even, odd, constant; zeros and none give 0), then zeros up to any length.
template <class R> struct signal_rows {
  const R* x;
  index_t n, h;
  int ext; // boundary_ext
  CUPP_HD double at(index_t b, index_t i) const {
    const R* r = x + b * n;
    index_t j = i - h;
    if (j >= 0 && j < n) return static_cast<double>(r[j]);
    const bool left = j < 0;
    if (left ? j < -h : j >= n + h) return 0.0;
    if (ext == static_cast<int>(boundary_ext::zeros) || ext == static_cast<int>(boundary_ext::none))
      return 0.0;
    const double edge = static_cast<double>(left ? r[0] : r[n - 1]);
    if (ext == static_cast<int>(boundary_ext::constant)) return edge;
    const double m = static_cast<double>(left ? r[-j] : r[2 * (n - 1) - j]);
    return ext == static_cast<int>(boundary_ext::even) ? m : 2.0 * edge - m;
  }
};

/// Least-squares line of v[0..len) (t = 0..len-1): its mean and slope (the slope is 0 for
/// `linear` false, and for len 1).
struct line_fit {
  double mean, slope;
};
/// The line of sums s = sum v(p) and st = sum p v(p) over p = 0..len-1.
CUPP_HD inline line_fit line_of(double s, double st, index_t len, bool linear) {
  const double mean = len > 0 ? s / static_cast<double>(len) : 0.0;
  double slope = 0.0;
  if (linear && len > 1) {
    const double l = static_cast<double>(len), tbar = (l - 1.0) / 2.0;
    slope = (st - tbar * s) / (l * (l * l - 1.0) / 12.0);
  }
  return {mean, slope};
}
template <class V> CUPP_HD line_fit fit_line(const V& v, index_t len, bool linear) {
  double s = 0.0, st = 0.0;
  for (index_t p = 0; p < len; ++p) {
    const double x = v(p);
    s += x;
    st += static_cast<double>(p) * x;
  }
  return line_of(s, st, len, linear);
}

/// How many threads share a sum of n terms, each taking every chunks-th term: about sqrt(n), at
/// most `most` (one thread per term of short sums).
inline index_t sum_chunks(index_t n, index_t most) {
  const auto root = static_cast<index_t>(std::ceil(std::sqrt(static_cast<double>(n))));
  return std::max<index_t>(1, std::min({n, root, most}));
}

/// The segments' trends in two steps, so that the sums are not one thread's walk over a whole
/// segment: partial sums (sum x, sum p x) over the samples p = c, c + chunks, ... of every
/// segment (rows, nseg, chunks; neighbouring threads read neighbouring samples), then each
/// segment's line from its partials.
template <class R> struct trend_partials {
  signal_rows<R> sig;
  double* part;
  index_t nseg, nperseg, nstep, chunks;
  CUPP_HD void operator()(index_t t) const {
    const index_t c = t % chunks, bs = t / chunks, b = bs / nseg, s = bs - b * nseg;
    double s0 = 0.0, s1 = 0.0;
    for (index_t p = c; p < nperseg; p += chunks) {
      const double x = sig.at(b, s * nstep + p);
      s0 += x;
      s1 += static_cast<double>(p) * x;
    }
    part[2 * t] = s0;
    part[2 * t + 1] = s1;
  }
};
template <class R> struct segment_trends {
  const double* part;
  double* fit;
  index_t nperseg, chunks;
  bool linear;
  CUPP_HD void operator()(index_t t) const {
    double s0 = 0.0, s1 = 0.0;
    for (index_t c = 0; c < chunks; ++c) {
      s0 += part[2 * (t * chunks + c)];
      s1 += part[2 * (t * chunks + c) + 1];
    }
    const line_fit f = line_of(s0, s1, nperseg, linear);
    fit[2 * t] = f.mean;
    fit[2 * t + 1] = f.slope;
  }
};

/// The detrended, windowed, zero-padded segments seg[b, s, k] (rows, nseg, nfft), one thread
/// per element (`fit` null: no detrending).
template <class R> struct fill_segments {
  signal_rows<R> sig;
  const double* w;
  const double* fit;
  R* seg;
  index_t nseg, nperseg, nstep, nfft;
  CUPP_HD void operator()(index_t t) const {
    const index_t k = t % nfft, bs = t / nfft, b = bs / nseg, s = bs - b * nseg;
    if (k >= nperseg) {
      seg[t] = R(0);
      return;
    }
    double v = sig.at(b, s * nstep + k);
    if (fit != nullptr)
      v -= fit[2 * bs] +
           fit[2 * bs + 1] * (static_cast<double>(k) - (static_cast<double>(nperseg) - 1.0) / 2.0);
    seg[t] = static_cast<R>(v * w[k]);
  }
};

/// sum(w) and sum(w**2) of the window, on the device (one thread).
struct window_sums {
  const double* w;
  double* sums;
  index_t n;
  CUPP_HD void operator()(index_t) const {
    double s = 0.0, s2 = 0.0;
    for (index_t k = 0; k < n; ++k) {
      s += w[k];
      s2 += w[k] * w[k];
    }
    sums[0] = s;
    sums[1] = s2;
  }
};

/// The scale of a periodogram from the window's sums: density 1 / (fs sum(w^2)), spectrum
/// 1 / sum(w)^2 (stft: its square root).
CUPP_HD inline double spectral_scale(const double* sums, double fs, bool density, bool root) {
  const double s = density ? 1.0 / (fs * sums[1]) : 1.0 / (sums[0] * sums[0]);
  return root ? sqrt(s) : s;
}

/// The cross-spectral term conj(X) Y scale (doubled off DC and Nyquist for one-sided spectra) of
/// segment s at frequency f of row b, X and Y (rows, nseg, nfreq), rounded to R as SciPy's.
template <class R> struct cross_term {
  const ::cuda::std::complex<R>* x;
  const ::cuda::std::complex<R>* y;
  const double* sums;
  index_t nseg, nfreq, nfft;
  double fs;
  bool density, onesided;
  CUPP_HD ::cuda::std::complex<R> operator()(index_t b, index_t s, index_t f) const {
    double scale = spectral_scale(sums, fs, density, false);
    if (onesided && f > 0 && (nfft % 2 == 1 || f < nfreq - 1)) scale *= 2.0;
    const auto a = x[(b * nseg + s) * nfreq + f];
    const auto c = y[(b * nseg + s) * nfreq + f];
    // conj(a) c
    const R pr = a.real() * c.real() + a.imag() * c.imag();
    const R pi = a.real() * c.imag() - a.imag() * c.real();
    return {static_cast<R>(pr * static_cast<R>(scale)), static_cast<R>(pi * static_cast<R>(scale))};
  }
};

/// Every term as re[b, f, s] (and im[b, f, s] where not null), one thread per term.
template <class R> struct cross_values {
  cross_term<R> term;
  R* re;
  R* im;
  CUPP_HD void operator()(index_t t) const {
    const index_t f = t % term.nfreq, bs = t / term.nfreq, b = bs / term.nseg,
                  s = bs - b * term.nseg;
    const auto v = term(b, s, f);
    const index_t o = (b * term.nfreq + f) * term.nseg + s;
    re[o] = v.real();
    if (im != nullptr) im[o] = v.imag();
  }
};

/// The terms' mean over the segments in two steps (welch's and csd's average='mean'): partial
/// sums in float64 over the segments s = c, c + chunks, ... (rows, chunks, nfreq; neighbouring
/// threads read neighbouring frequencies), then each (b, f)'s mean from its partials.
template <class R> struct cross_partials {
  cross_term<R> term;
  double* part;
  index_t chunks;
  CUPP_HD void operator()(index_t t) const {
    const index_t f = t % term.nfreq, bc = t / term.nfreq, b = bc / chunks, c = bc - b * chunks;
    double sr = 0.0, si = 0.0;
    for (index_t s = c; s < term.nseg; s += chunks) {
      const auto v = term(b, s, f);
      sr += static_cast<double>(v.real());
      si += static_cast<double>(v.imag());
    }
    part[2 * t] = sr;
    part[2 * t + 1] = si;
  }
};
template <class R> struct cross_mean {
  const double* part;
  R* re;
  R* im;
  index_t nseg, nfreq, chunks;
  CUPP_HD void operator()(index_t t) const {
    const index_t b = t / nfreq, f = t - b * nfreq;
    double sr = 0.0, si = 0.0;
    for (index_t c = 0; c < chunks; ++c) {
      const index_t k = 2 * ((b * chunks + c) * nfreq + f);
      sr += part[k];
      si += part[k + 1];
    }
    re[t] = static_cast<R>(sr / static_cast<double>(nseg));
    if (im != nullptr) im[t] = static_cast<R>(si / static_cast<double>(nseg));
  }
};

/// The stft's values X[b, s, f] sqrt(scale) as out[b, f, s] (complex, magnitude or angle).
template <class R, class O> struct stft_values {
  const ::cuda::std::complex<R>* x;
  const double* sums;
  O* out;
  index_t nseg, nfreq;
  double fs;
  bool density;
  int mode; // spectrogram_mode
  CUPP_HD void operator()(index_t t) const {
    const index_t s = t % nseg, bf = t / nseg, b = bf / nfreq, f = bf - b * nfreq;
    const R scale = static_cast<R>(spectral_scale(sums, fs, density, true));
    const auto v = x[(b * nseg + s) * nfreq + f];
    const ::cuda::std::complex<R> z(v.real() * scale, v.imag() * scale);
    if constexpr (cupp::is_complex_v<O>) {
      out[t] = z;
    } else if (mode == static_cast<int>(spectrogram_mode::magnitude)) {
      out[t] = static_cast<O>(hypot(z.real(), z.imag()));
    } else {
      out[t] = static_cast<O>(atan2(z.imag(), z.real()));
    }
  }
};

/// NumPy's unwrap along the frequencies of p (rows, nfreq, nseg), in place: one thread per
/// (row, segment).
template <class R> struct unwrap_freq {
  R* p;
  index_t nfreq, nseg;
  CUPP_HD void operator()(index_t t) const {
    const index_t b = t / nseg, s = t - b * nseg;
    R* q = p + b * nfreq * nseg + s;
    const R pi = static_cast<R>(3.14159265358979323846);
    R correct = R(0);
    R prev = nfreq > 0 ? q[0] : R(0);
    for (index_t f = 1; f < nfreq; ++f) {
      const R cur = q[f * nseg];
      const R dd = cur - prev;
      R m = static_cast<R>(fmod(static_cast<double>(dd + pi), 2.0 * 3.14159265358979323846));
      if (m < R(0)) m += static_cast<R>(2.0 * 3.14159265358979323846);
      R ddmod = m - pi;
      if (ddmod == -pi && dd > R(0)) ddmod = pi;
      R pc = ddmod - dd;
      if (fabs(static_cast<double>(dd)) < static_cast<double>(pi)) pc = R(0);
      correct += pc;
      prev = cur;
      q[f * nseg] = cur + correct;
    }
  }
};

/// SciPy's checks and defaults of the segments, in one place.
struct segment_plan {
  index_t nperseg, noverlap, nstep, nfft, nseg, length; // length: of the extended rows
  index_t h = 0;                                        // boundary extension
};

inline std::string num(index_t v) { return std::to_string(v); }

/// The window of nperseg points (periodic, as get_window's default) as a device array.
inline cupp::ndarray<double> window_of(const spectral_window& w, index_t nperseg) {
  if (w.is_array()) return w.array();
  return get_window(w.spec(), nperseg);
}

/// The rows of x (axis last, contiguous, dtype R) and the outer shape.
template <class R> struct moved_rows {
  cupp::ndarray<R> rows; // (B, n)
  cupp::shape_t outer;
  index_t n;
};
template <class R, class T> moved_rows<R> rows_for(const cupp::ndarray<T>& x, index_t axis) {
  const int ax = static_cast<int>(cupp::detail::normalize_axis(axis, x.ndim()));
  auto r = to_rows<R>(x, ax);
  cupp::shape_t outer(r.moved.begin(), r.moved.end() - 1);
  return {r.rows, outer, r.moved.back()};
}

/// Right-aligned broadcasting of two outer shapes; nullopt where they do not broadcast.
inline std::optional<cupp::shape_t> broadcast_outer(const cupp::shape_t& a,
                                                    const cupp::shape_t& b) {
  const std::size_t n = std::max(a.size(), b.size());
  cupp::shape_t out;
  for (std::size_t i = 0; i < n; ++i)
    out.push_back(1);
  for (std::size_t i = 0; i < n; ++i) {
    const index_t x = i < n - a.size() ? 1 : a[i - (n - a.size())];
    const index_t y = i < n - b.size() ? 1 : b[i - (n - b.size())];
    if (x != y && x != 1 && y != 1) return std::nullopt;
    out[i] = x == 1 ? y : x;
  }
  return out;
}
/// rows (B, n) of outer shape `outer` broadcast to `to` (a copy when they differ).
template <class R>
cupp::ndarray<R> broadcast_rows(const moved_rows<R>& m, const cupp::shape_t& to) {
  if (m.outer == to) return m.rows;
  cupp::shape_t from = m.outer, full = to;
  from.push_back(m.n);
  full.push_back(m.n);
  const auto b = cupp::broadcast_to(m.rows.reshape(from), full).copy();
  return b.reshape(cupp::shape_t{cupp::shape_size(to), m.n});
}

/// The batched windowed transforms of rows (B, n): (B, nseg, nfreq) complex.
template <class R>
cupp::ndarray<::cuda::std::complex<R>>
segment_fft(const cupp::ndarray<R>& rows, index_t n, const cupp::ndarray<double>& win,
            const segment_plan& p, detrend_type detrend, boundary_ext ext, bool onesided) {
  const index_t batch = rows.shape()[0];
  cupp::ndarray<R> seg(cupp::shape_t{batch, p.nseg, p.nfft});
  const signal_rows<R> sig{rows.data(), n, p.h, static_cast<int>(ext)};
  const bool trend = detrend != detrend_type::none;
  cupp::ndarray<double> fit(cupp::shape_t{trend ? batch * p.nseg * 2 : 0});
  if (trend && batch * p.nseg > 0) {
    const index_t chunks = std::min<index_t>(32, p.nperseg);
    cupp::ndarray<double> part(cupp::shape_t{batch * p.nseg * chunks * 2});
    cupp::detail::launch_for_each(
        batch * p.nseg * chunks,
        trend_partials<R>{sig, part.data(), p.nseg, p.nperseg, p.nstep, chunks});
    cupp::detail::launch_for_each(batch * p.nseg,
                                  segment_trends<R>{part.data(), fit.data(), p.nperseg, chunks,
                                                    detrend == detrend_type::linear});
  }
  if (seg.size() > 0)
    cupp::detail::launch_for_each(seg.size(),
                                  fill_segments<R>{sig, win.data(), trend ? fit.data() : nullptr,
                                                   seg.data(), p.nseg, p.nperseg, p.nstep, p.nfft});
  if (onesided) return cupp::fft::rfft(seg);
  return cupp::fft::fft(seg);
}

cupp::ndarray<double> window_sums_of(const cupp::ndarray<double>& win);

/// SciPy's _median_bias(n): 1 + sum_{i=1}^{(n-1)//2} (1/(2i+1) - 1/(2i)).
inline double median_bias(index_t n) {
  double s = 0.0;
  for (index_t i = 1; i <= (n - 1) / 2; ++i)
    s += 1.0 / (2.0 * static_cast<double>(i) + 1.0) - 1.0 / (2.0 * static_cast<double>(i));
  return 1.0 + s;
}

/// csd's segments (SciPy 1.17's checks and messages, its ShortTimeFFT path).
inline segment_plan csd_plan(index_t n, const spectral_window& window,
                             std::optional<index_t> nperseg_in, std::optional<index_t> noverlap,
                             std::optional<index_t> nfft, cupp::ndarray<double>& win) {
  index_t nperseg = 0;
  if (!window.is_array()) {
    nperseg = nperseg_in.value_or(256);
    if (nperseg < 1)
      throw cupp::value_error("Parameter nperseg=" + num(nperseg) + " is not a positive integer!");
    if (n < nperseg) nperseg = n; // SciPy warns and uses the signal's length
    win = get_window(window.spec(), nperseg);
  } else {
    win = window.array();
    if (win.ndim() != 1) throw cupp::value_error("window must be 1-D");
    nperseg = nperseg_in.value_or(win.size());
    if (nperseg != win.size())
      throw cupp::value_error("nperseg=" + num(nperseg) +
                              " does not equal len(win)=" + num(win.size()));
    if (n < nperseg) throw cupp::value_error("window is longer than input signal");
  }
  segment_plan p{};
  p.nperseg = nperseg;
  p.nfft = nfft.value_or(nperseg);
  if (p.nfft < nperseg)
    throw cupp::value_error("nfft=" + num(p.nfft) +
                            " must be greater than or equal to nperseg=" + num(nperseg) + "!");
  p.noverlap = noverlap.value_or(nperseg / 2);
  if (p.noverlap >= nperseg)
    throw cupp::value_error("noverlap=" + num(p.noverlap) +
                            " must be less than nperseg=" + num(nperseg) + "!");
  p.nstep = nperseg - p.noverlap;
  p.length = n;
  p.nseg = (n - p.noverlap) / p.nstep;
  return p;
}

/// _spectral_helper's segments (stft, spectrogram): _triage_segments, then the checks, the
/// boundary extension and the padding.
inline segment_plan helper_plan(index_t n, const spectral_window& window,
                                std::optional<index_t> nperseg_in, std::optional<index_t> noverlap,
                                index_t default_overlap_div, std::optional<index_t> nfft,
                                boundary_ext boundary, bool padded, cupp::ndarray<double>& win) {
  if (nperseg_in && *nperseg_in < 1) throw cupp::value_error("nperseg must be a positive integer");
  index_t nperseg = 0;
  if (!window.is_array()) {
    nperseg = nperseg_in.value_or(256);
    if (nperseg > n) nperseg = n; // SciPy warns and uses the input's length
    win = get_window(window.spec(), nperseg);
  } else {
    win = window.array();
    if (win.ndim() != 1) throw cupp::value_error("window must be 1-D");
    if (n < win.size()) throw cupp::value_error("window is longer than input signal");
    nperseg = nperseg_in.value_or(win.size());
    if (nperseg != win.size())
      throw cupp::value_error("value specified for nperseg is different from length of window");
  }
  segment_plan p{};
  p.nperseg = nperseg;
  p.nfft = nfft.value_or(nperseg);
  if (p.nfft < nperseg) throw cupp::value_error("nfft must be greater than or equal to nperseg.");
  p.noverlap = noverlap.value_or(nperseg / default_overlap_div);
  if (p.noverlap >= nperseg) throw cupp::value_error("noverlap must be less than nperseg.");
  p.nstep = nperseg - p.noverlap;
  index_t len = n;
  if (boundary != boundary_ext::none) {
    p.h = nperseg / 2;
    if ((boundary == boundary_ext::even || boundary == boundary_ext::odd) && p.h > n - 1)
      throw cupp::value_error("The extension length n (" + num(p.h) +
                              ") is too big. It must not exceed x.shape[axis]-1, which is " +
                              num(n - 1) + ".");
    len += 2 * p.h;
  }
  if (padded) {
    const index_t r = (-(len - nperseg)) % p.nstep; // Python's modulo of a negative number
    const index_t nadd = ((r + p.nstep) % p.nstep) % nperseg;
    len += nadd;
  }
  p.length = len;
  p.nseg = (len - p.noverlap) / p.nstep;
  return p;
}

/// The frequencies of an nfft-point spectrum (SciPy's rfftfreq / fftfreq with d = 1/fs).
inline cupp::ndarray<double> spectral_freqs(index_t nfft, double fs, bool onesided) {
  return onesided ? cupp::fft::rfftfreq(nfft, 1.0 / fs) : cupp::fft::fftfreq(nfft, 1.0 / fs);
}

/// The segments' times: (nperseg/2 + i nstep) / fs, minus nperseg/2/fs with a boundary.
inline cupp::ndarray<double> segment_times(const segment_plan& p, double fs, bool boundary) {
  std::vector<double> t(static_cast<std::size_t>(p.nseg));
  const double half = static_cast<double>(p.nperseg) / 2.0;
  for (index_t i = 0; i < p.nseg; ++i) {
    t[static_cast<std::size_t>(i)] = (half + static_cast<double>(i * p.nstep)) / fs;
    if (boundary) t[static_cast<std::size_t>(i)] -= half / fs;
  }
  return cupp::asarray(t);
}

/// The result (B, k...) of outer shape `outer` with its first non-batch axis (the frequencies)
/// put where the signal's axis was (SciPy's moveaxis).
template <class V>
cupp::ndarray<V> place_freq(const cupp::ndarray<V>& r, cupp::shape_t outer,
                            const std::vector<index_t>& tail, index_t axis, int ndim) {
  for (const index_t t : tail)
    outer.push_back(t);
  const auto shaped = r.reshape(outer);
  const index_t freq_from = -static_cast<index_t>(tail.size());
  index_t to = cupp::detail::normalize_axis(axis, ndim);
  if (tail.size() == 2 && axis < 0) to = axis - 1 + ndim + 1; // SciPy: axis -= 1 (new time axis)
  if (tail.size() == 2 && axis >= 0) to = axis;
  return cupp::moveaxis(shaped, freq_from, to);
}

/// csd / welch on rows: (B, nfreq) real parts and imaginary parts (where `cross`).
template <class R>
std::pair<cupp::ndarray<R>, cupp::ndarray<R>>
csd_rows(const cupp::ndarray<R>& xr, const cupp::ndarray<R>* yr, index_t nx, index_t ny,
         const segment_plan& p, const cupp::ndarray<double>& win, const welch_kw& kw,
         bool onesided) {
  const auto sums = window_sums_of(win);
  const auto X = segment_fft(xr, nx, win, p, kw.detrend, boundary_ext::none, onesided);
  const auto Y =
      yr != nullptr ? segment_fft(*yr, ny, win, p, kw.detrend, boundary_ext::none, onesided) : X;
  const index_t batch = xr.shape()[0], nfreq = X.shape()[2];
  const bool median = kw.average == spectral_average::median && p.nseg > 1;
  const bool cross = yr != nullptr;
  const cupp::shape_t shape =
      median ? cupp::shape_t{batch, nfreq, p.nseg} : cupp::shape_t{batch, nfreq};
  cupp::ndarray<R> re(shape), im(cross ? shape : cupp::shape_t{0});
  const cross_term<R> term{X.data(), Y.data(), sums.data(), p.nseg,
                           nfreq,    p.nfft,   kw.fs,       kw.scaling == spectral_scaling::density,
                           onesided};
  R* const im_out = cross ? im.data() : nullptr;
  if (median) {
    if (re.size() > 0)
      cupp::detail::launch_for_each(re.size(), cross_values<R>{term, re.data(), im_out});
  } else if (re.size() > 0) {
    const index_t chunks = sum_chunks(p.nseg, 256);
    cupp::ndarray<double> part(cupp::shape_t{batch * chunks * nfreq * 2});
    cupp::detail::launch_for_each(batch * chunks * nfreq,
                                  cross_partials<R>{term, part.data(), chunks});
    cupp::detail::launch_for_each(
        batch * nfreq, cross_mean<R>{part.data(), re.data(), im_out, p.nseg, nfreq, chunks});
  }
  if (!median) return {re, im};
  const R bias = static_cast<R>(median_bias(p.nseg));
  cupp::ndarray<R> mre = cupp::median(re, -1) / bias;
  cupp::ndarray<R> mim = cross ? cupp::ndarray<R>(cupp::median(im, -1) / bias) : im;
  return {mre, mim};
}

template <class R> struct make_complex {
  const R *re, *im;
  ::cuda::std::complex<R>* out;
  CUPP_HD void operator()(index_t i) const { out[i] = ::cuda::std::complex<R>(re[i], im[i]); }
};
template <class R> struct coherence_fn {
  const R *pxx, *pyy, *re, *im;
  R* out;
  CUPP_HD void operator()(index_t i) const {
    out[i] = (re[i] * re[i] + im[i] * im[i]) / pxx[i] / pyy[i];
  }
};

/// The hilbert multiplier h[k] of an N-point spectrum: 1 at 0 (and N/2 for even N), 2 below
/// N/2, 0 above.
CUPP_HD inline double hilbert_h(index_t k, index_t n) {
  if (k == 0) return 1.0;
  if (n % 2 == 0) return k < n / 2 ? 2.0 : (k == n / 2 ? 1.0 : 0.0);
  return k <= (n - 1) / 2 ? 2.0 : 0.0;
}
CUPP_HD inline double hilbert2_h(index_t k, index_t n) {
  return k == 0 ? 1.0 : (k < (n + 1) / 2 ? 2.0 : 0.0);
}
template <class R> struct hilbert_scale {
  ::cuda::std::complex<R>* x;
  index_t n0, n1; // n0 = 0: one axis of n1 per row
  CUPP_HD void operator()(index_t i) const {
    double h = 0.0;
    if (n0 == 0) {
      h = hilbert_h(i % n1, n1);
    } else { // hilbert2: 2 below (N + 1) // 2, 0 from there
      const index_t k1 = i % n1, k0 = (i / n1) % n0;
      h = hilbert2_h(k0, n0) * hilbert2_h(k1, n1);
    }
    x[i] = x[i] * static_cast<R>(h);
  }
};

/// detrend's pieces: each row's piece m of [bp[m], bp[m+1]) fitted (mean, slope), then each
/// element corrected.
template <class R> struct piece_fit {
  const R* x;
  const index_t* bp;
  double* fit;
  index_t n, pieces;
  bool linear;
  struct at {
    const R* r;
    CUPP_HD double operator()(index_t p) const { return static_cast<double>(r[p]); }
  };
  CUPP_HD void operator()(index_t t) const {
    const index_t b = t / pieces, m = t - b * pieces;
    const line_fit f = fit_line(at{x + b * n + bp[m]}, bp[m + 1] - bp[m], linear);
    fit[2 * t] = f.mean;
    fit[2 * t + 1] = f.slope;
  }
};
template <class R> struct piece_apply {
  const R* x;
  const index_t* bp;
  const double* fit;
  R* out;
  index_t n, pieces;
  CUPP_HD void operator()(index_t t) const {
    const index_t b = t / n, i = t - b * n;
    index_t m = 0;
    while (m + 1 < pieces && i >= bp[m + 1])
      ++m;
    const double len = static_cast<double>(bp[m + 1] - bp[m]);
    const double tt = static_cast<double>(i - bp[m]) - (len - 1.0) / 2.0;
    const double* f = fit + 2 * (b * pieces + m);
    out[t] = static_cast<R>(static_cast<double>(x[t]) - f[0] - f[1] * tt);
  }
};

template <class R> struct overlap_add {
  const R* xs; // (B, nfft, nseg): the inverse transforms, the first nperseg rows used
  const double* w;
  const double* sums;
  R* out; // (B, len)
  index_t nfft, nseg, nperseg, nstep, len, offset;
  double fs;
  bool density;
  CUPP_HD void operator()(index_t t) const {
    const index_t b = t / len, i = t - b * len + offset;
    const double fac = density ? sqrt(fs * sums[1]) : sums[0];
    // segments s with s nstep <= i < s nstep + nperseg
    index_t s_hi = i / nstep;
    if (s_hi > nseg - 1) s_hi = nseg - 1;
    double acc = 0.0, norm = 0.0;
    for (index_t s = s_hi; s >= 0; --s) {
      const index_t k = i - s * nstep;
      if (k >= nperseg) break;
      const double wk = w[k];
      acc +=
          static_cast<double>(static_cast<R>(xs[(b * nfft + k) * nseg + s] * static_cast<R>(fac))) *
          wk;
      norm += wk * wk;
    }
    out[t] = static_cast<R>(norm > 1e-10 ? acc / norm : acc);
  }
};

} // namespace detail

/// `scipy.signal.csd(x, y, fs, window, nperseg, noverlap, nfft, detrend, return_onesided,
/// scaling, axis, average)` -> (f, Pxy): the cross power spectral density by Welch's method,
/// conj(X) Y averaged over the segments; complex64 for float32 input, else complex128. The
/// outer axes of x and y broadcast; the shorter signal is zero padded.
template <class T, class U>
[[nodiscard]] auto csd(const cupp::ndarray<T>& x, const cupp::ndarray<U>& y,
                       const welch_kw& kw = {})
    -> std::pair<cupp::ndarray<double>,
                 cupp::ndarray<::cuda::std::complex<detail::spectral_t<cupp::promote_t<T, U>>>>> {
  using R = detail::spectral_t<cupp::promote_t<T, U>>;
  using C = ::cuda::std::complex<R>;
  const auto mx = detail::rows_for<R>(x, kw.axis);
  const auto my = detail::rows_for<R>(y, kw.axis);
  const auto outer = detail::broadcast_outer(mx.outer, my.outer);
  if (!outer) throw cupp::value_error("x and y cannot be broadcast together.");
  if (x.size() == 0 || y.size() == 0) {
    cupp::shape_t s = *outer;
    s.push_back(std::min(mx.n, my.n));
    return {cupp::moveaxis(cupp::empty<double>(s), -1, kw.axis),
            cupp::moveaxis(cupp::empty<C>(s), -1, kw.axis)};
  }
  const index_t n = std::max(mx.n, my.n);
  cupp::ndarray<double> win;
  const auto p = detail::csd_plan(n, kw.window, kw.nperseg, kw.noverlap, kw.nfft, win);
  const auto xr = detail::broadcast_rows(mx, *outer), yr = detail::broadcast_rows(my, *outer);
  const auto [re, im] = detail::csd_rows<R>(xr, &yr, mx.n, my.n, p, win, kw, kw.return_onesided);
  cupp::ndarray<C> out(re.shape());
  if (re.size() > 0)
    cupp::detail::launch_for_each(re.size(),
                                  detail::make_complex<R>{re.data(), im.data(), out.data()});
  const index_t nfreq = re.shape()[1];
  return {detail::spectral_freqs(p.nfft, kw.fs, kw.return_onesided),
          detail::place_freq(out, *outer, {nfreq}, kw.axis, x.ndim())};
}

/// `scipy.signal.welch(x, fs=1.0, window='hann_periodic', nperseg=None, noverlap=None,
/// nfft=None, detrend='constant', return_onesided=True, scaling='density', axis=-1,
/// average='mean')` -> (f, Pxx): float32 for float32 input, else float64.
template <class T>
[[nodiscard]] auto welch(const cupp::ndarray<T>& x, const welch_kw& kw = {})
    -> std::pair<cupp::ndarray<double>, cupp::ndarray<detail::spectral_t<T>>> {
  using R = detail::spectral_t<T>;
  static_assert(!cupp::is_complex_v<T>, "cupx::signal::welch takes real input");
  if (x.size() == 0) return {cupp::empty<double>(x.shape()), cupp::empty<R>(x.shape())};
  const auto m = detail::rows_for<R>(x, kw.axis);
  cupp::ndarray<double> win;
  const auto p = detail::csd_plan(m.n, kw.window, kw.nperseg, kw.noverlap, kw.nfft, win);
  const auto pr = detail::csd_rows<R>(m.rows, nullptr, m.n, m.n, p, win, kw, kw.return_onesided);
  const index_t nfreq = pr.first.shape()[1];
  return {detail::spectral_freqs(p.nfft, kw.fs, kw.return_onesided),
          detail::place_freq(pr.first, m.outer, {nfreq}, kw.axis, x.ndim())};
}

/// `scipy.signal.periodogram(x, fs=1.0, window='boxcar', nfft=None, detrend='constant',
/// return_onesided=True, scaling='density', axis=-1)` -> (f, Pxx): welch with one segment of the
/// whole signal (cropped to nfft where nfft is shorter).
template <class T>
[[nodiscard]] auto periodogram(const cupp::ndarray<T>& x, const periodogram_kw& kw = {})
    -> std::pair<cupp::ndarray<double>, cupp::ndarray<detail::spectral_t<T>>> {
  using R = detail::spectral_t<T>;
  if (x.size() == 0) return {cupp::empty<double>(x.shape()), cupp::empty<R>(x.shape())};
  const index_t ax = cupp::detail::normalize_axis(kw.axis, x.ndim());
  const index_t n = x.shape()[static_cast<std::size_t>(ax)];
  cupp::ndarray<T> xs = x;
  index_t nperseg = n;
  std::optional<index_t> nfft = kw.nfft;
  if (nfft && *nfft < n) {
    const cupp::ndarray<T> last = cupp::moveaxis(x, ax, -1);
    cupp::shape_t shape = last.shape();
    shape[shape.size() - 1] = *nfft;
    xs = cupp::moveaxis(
        cupp::ndarray<T>(last.data(), shape, last.strides(), last.owner(), last.device()), -1, ax);
    nperseg = *nfft;
    nfft = std::nullopt;
  } else if (nfft && *nfft > n) {
    nperseg = n;
  }
  if (kw.window.is_array() && kw.window.array().size() != nperseg)
    throw cupp::value_error(
        "the size of the window must be the same size of the input on the specified axis");
  return welch(xs, welch_kw{.fs = kw.fs,
                            .window = kw.window,
                            .nperseg = nperseg,
                            .noverlap = 0,
                            .nfft = nfft,
                            .detrend = kw.detrend,
                            .return_onesided = kw.return_onesided,
                            .scaling = kw.scaling,
                            .axis = kw.axis});
}

/// `scipy.signal.coherence(x, y, fs, window, nperseg, noverlap, nfft, detrend, axis)` -> (f,
/// Cxy): |Pxy|^2 / (Pxx Pyy).
template <class T, class U>
[[nodiscard]] auto coherence(const cupp::ndarray<T>& x, const cupp::ndarray<U>& y,
                             const coherence_kw& kw = {})
    -> std::pair<cupp::ndarray<double>, cupp::ndarray<detail::spectral_t<cupp::promote_t<T, U>>>> {
  using R = detail::spectral_t<cupp::promote_t<T, U>>;
  const welch_kw w{.fs = kw.fs,
                   .window = kw.window,
                   .nperseg = kw.nperseg,
                   .noverlap = kw.noverlap,
                   .nfft = kw.nfft,
                   .detrend = kw.detrend,
                   .axis = kw.axis};
  const auto mx = detail::rows_for<R>(x, kw.axis);
  const auto my = detail::rows_for<R>(y, kw.axis);
  const auto outer = detail::broadcast_outer(mx.outer, my.outer);
  if (!outer) throw cupp::value_error("x and y cannot be broadcast together.");
  const index_t n = std::max(mx.n, my.n);
  cupp::ndarray<double> win;
  // welch of x and of y each take their own length (as SciPy's three calls)
  cupp::ndarray<double> wx, wy;
  const auto px = detail::csd_plan(mx.n, kw.window, kw.nperseg, kw.noverlap, kw.nfft, wx);
  const auto py = detail::csd_plan(my.n, kw.window, kw.nperseg, kw.noverlap, kw.nfft, wy);
  const auto p = detail::csd_plan(n, kw.window, kw.nperseg, kw.noverlap, kw.nfft, win);
  const auto xr = detail::broadcast_rows(mx, *outer), yr = detail::broadcast_rows(my, *outer);
  const auto pxx = detail::csd_rows<R>(xr, nullptr, mx.n, mx.n, px, wx, w, true).first;
  const auto pyy = detail::csd_rows<R>(yr, nullptr, my.n, my.n, py, wy, w, true).first;
  const auto [re, im] = detail::csd_rows<R>(xr, &yr, mx.n, my.n, p, win, w, true);
  if (pxx.shape() != re.shape() || pyy.shape() != re.shape())
    throw cupp::value_error("operands could not be broadcast together with shapes " +
                            cupp::shape_repr(pxx.shape()) + " " + cupp::shape_repr(re.shape()));
  cupp::ndarray<R> c(re.shape());
  if (c.size() > 0)
    cupp::detail::launch_for_each(
        c.size(), detail::coherence_fn<R>{pxx.data(), pyy.data(), re.data(), im.data(), c.data()});
  return {detail::spectral_freqs(p.nfft, kw.fs, true),
          detail::place_freq(c, *outer, {re.shape()[1]}, kw.axis, x.ndim())};
}

namespace detail {

/// _spectral_helper's stft path: (f, t, values (B, nfreq, nseg)) of mode `mode`.
template <class O, class R, class T>
std::tuple<cupp::ndarray<double>, cupp::ndarray<double>, cupp::ndarray<O>>
stft_rows(const cupp::ndarray<T>& x, const spectral_window& window, std::optional<index_t> nperseg,
          std::optional<index_t> noverlap, index_t overlap_div, std::optional<index_t> nfft,
          detrend_type detrend, bool onesided, boundary_ext boundary, bool padded, index_t axis,
          spectral_scaling scaling, double fs, spectrogram_mode mode) {
  if (x.size() == 0)
    return {cupp::empty<double>(x.shape()), cupp::empty<double>(x.shape()),
            cupp::empty<O>(x.shape())};
  const auto m = rows_for<R>(x, axis);
  cupp::ndarray<double> win;
  const auto p =
      helper_plan(m.n, window, nperseg, noverlap, overlap_div, nfft, boundary, padded, win);
  const auto sums = window_sums_of(win);
  const auto X = segment_fft(m.rows, m.n, win, p, detrend, boundary, onesided);
  const index_t batch = m.rows.shape()[0], nfreq = X.shape()[2];
  cupp::ndarray<O> out(cupp::shape_t{batch, nfreq, p.nseg});
  const bool density = scaling == spectral_scaling::density;
  if (out.size() > 0) {
    if (mode == spectrogram_mode::psd) {
      if constexpr (!cupp::is_complex_v<O>)
        cupp::detail::launch_for_each(out.size(),
                                      cross_values<R>{{X.data(), X.data(), sums.data(), p.nseg,
                                                       nfreq, p.nfft, fs, density, onesided},
                                                      out.data(),
                                                      nullptr});
    } else {
      cupp::detail::launch_for_each(out.size(),
                                    stft_values<R, O>{X.data(), sums.data(), out.data(), p.nseg,
                                                      nfreq, fs, density, static_cast<int>(mode)});
      if constexpr (!cupp::is_complex_v<O>)
        if (mode == spectrogram_mode::phase && batch * p.nseg > 0)
          cupp::detail::launch_for_each(batch * p.nseg, unwrap_freq<O>{out.data(), nfreq, p.nseg});
    }
  }
  return {spectral_freqs(p.nfft, fs, onesided),
          segment_times(p, fs, boundary != boundary_ext::none),
          place_freq(out, m.outer, {nfreq, p.nseg}, axis, x.ndim())};
}

} // namespace detail

/// `scipy.signal.spectrogram(x, fs=1.0, window=('tukey_periodic', .25), nperseg=None,
/// noverlap=None, nfft=None, detrend='constant', return_onesided=True, scaling='density',
/// axis=-1, mode='psd')` -> (f, t, Sxx); `mode` is the template argument:
/// `spectrogram<spectrogram_mode::complex>(x)` is complex, the others real.
template <spectrogram_mode Mode = spectrogram_mode::psd, class T>
[[nodiscard]] auto spectrogram(const cupp::ndarray<T>& x, const spectrogram_kw& kw = {}) {
  using R = detail::spectral_t<T>;
  using O = std::conditional_t<Mode == spectrogram_mode::complex, ::cuda::std::complex<R>, R>;
  static_assert(!cupp::is_complex_v<T>, "cupx::signal::spectrogram takes real input");
  return detail::stft_rows<O, R>(x, kw.window, kw.nperseg, kw.noverlap, 8, kw.nfft, kw.detrend,
                                 kw.return_onesided, boundary_ext::none, false, kw.axis, kw.scaling,
                                 kw.fs, Mode);
}

/// `scipy.signal.stft(x, fs=1.0, window='hann_periodic', nperseg=256, noverlap=None, nfft=None,
/// detrend=False, return_onesided=True, boundary='zeros', padded=True, axis=-1,
/// scaling='spectrum')` -> (f, t, Zxx), complex64 for float32 input, else complex128.
template <class T> [[nodiscard]] auto stft(const cupp::ndarray<T>& x, const stft_kw& kw = {}) {
  using R = detail::spectral_t<T>;
  static_assert(!cupp::is_complex_v<T>, "cupx::signal::stft takes real input");
  if (kw.nperseg < 1) throw cupp::value_error("nperseg must be a positive integer");
  return detail::stft_rows<::cuda::std::complex<R>, R>(
      x, kw.window, kw.nperseg, kw.noverlap, 2, kw.nfft, kw.detrend, kw.return_onesided,
      kw.boundary, kw.padded, kw.axis, kw.scaling, kw.fs, spectrogram_mode::complex);
}

/// `scipy.signal.istft(Zxx, fs=1.0, window='hann_periodic', nperseg=None, noverlap=None,
/// nfft=None, input_onesided=True, boundary=True, time_axis=-1, freq_axis=-2,
/// scaling='spectrum')` -> (t, x): the inverse transform of each segment, windowed and added
/// with overlap, divided by the sum of the squared windows (where it exceeds 1e-10; SciPy's NOLA
/// warning is not given). A one-sided Zxx only: x is real.
template <class C>
[[nodiscard]] auto istft(const cupp::ndarray<C>& zxx, const istft_kw& kw = {})
    -> std::pair<cupp::ndarray<double>, cupp::ndarray<cupp::real_t<C>>> {
  static_assert(cupp::is_complex_v<C>, "cupx::signal::istft takes a complex Zxx");
  using R = cupp::real_t<C>;
  if (zxx.ndim() < 2) throw cupp::value_error("Input stft must be at least 2d!");
  const index_t fa = cupp::detail::normalize_axis(kw.freq_axis, zxx.ndim());
  const index_t ta = cupp::detail::normalize_axis(kw.time_axis, zxx.ndim());
  if (fa == ta) throw cupp::value_error("Must specify differing time and frequency axes!");
  const index_t nseg = zxx.shape()[static_cast<std::size_t>(ta)];
  const index_t n_default = 2 * (zxx.shape()[static_cast<std::size_t>(fa)] - 1);
  index_t nperseg = kw.nperseg.value_or(n_default);
  if (nperseg < 1) throw cupp::value_error("nperseg must be a positive integer");
  index_t nfft = 0;
  if (!kw.nfft) {
    nfft = nperseg == n_default + 1 ? nperseg : n_default;
  } else if (*kw.nfft < nperseg) {
    throw cupp::value_error("nfft must be greater than or equal to nperseg.");
  } else {
    nfft = *kw.nfft;
  }
  const index_t noverlap = kw.noverlap.value_or(nperseg / 2);
  if (noverlap >= nperseg) throw cupp::value_error("noverlap must be less than nperseg.");
  const index_t nstep = nperseg - noverlap;
  // (outer..., freq, time)
  cupp::ndarray<C> z = cupp::moveaxis(cupp::moveaxis(zxx, fa, -1), ta > fa ? ta - 1 : ta, -1);
  cupp::ndarray<double> win;
  if (!kw.window.is_array()) {
    win = get_window(kw.window.spec(), nperseg);
  } else {
    win = kw.window.array();
    if (win.ndim() != 1) throw cupp::value_error("window must be 1-D");
    if (win.size() != nperseg)
      throw cupp::value_error("window must have length of " + std::to_string(nperseg));
  }
  const cupp::shape_t outer(z.shape().begin(), z.shape().end() - 2);
  const index_t batch = cupp::shape_size(outer);
  const auto xs = cupp::ascontiguousarray(cupp::fft::irfft(z, {.n = nfft, .axis = -2}))
                      .reshape(cupp::shape_t{batch, nfft, nseg});
  const index_t outlen = nperseg + (nseg - 1) * nstep;
  const index_t h = kw.boundary ? nperseg / 2 : 0;
  const index_t len = std::max<index_t>(outlen - 2 * h, 0);
  const auto sums = detail::window_sums_of(win);
  cupp::ndarray<R> x(cupp::shape_t{batch, len});
  if (x.size() > 0)
    cupp::detail::launch_for_each(
        x.size(),
        detail::overlap_add<R>{xs.data(), win.data(), sums.data(), x.data(), nfft, nseg, nperseg,
                               nstep, len, h, kw.fs, kw.scaling == spectral_scaling::density});
  cupp::shape_t shape = outer;
  shape.push_back(len);
  cupp::ndarray<R> out = x.reshape(shape);
  if (ta != zxx.ndim() - 1 && out.ndim() > 1) {
    const index_t t = fa < ta ? ta - 1 : ta;
    out = cupp::moveaxis(out, -1, t);
  }
  // SciPy's times are arange(x.shape[0]) / fs: the first axis of x, not its time axis, where x
  // has several (kept as SciPy computes them)
  const index_t nt = out.shape()[0];
  std::vector<double> t(static_cast<std::size_t>(nt));
  for (index_t i = 0; i < nt; ++i)
    t[static_cast<std::size_t>(i)] = static_cast<double>(i) / kw.fs;
  return {cupp::asarray(t), out};
}

/// `scipy.signal.hilbert(x, N=None, axis=-1)`: the analytic signal x + i H(x) by an FFT of N
/// points (None: the axis' length), complex64 for float32 input, else complex128.
template <class T>
[[nodiscard]] auto hilbert(const cupp::ndarray<T>& x, std::optional<index_t> N = std::nullopt,
                           index_t axis = -1)
    -> cupp::ndarray<::cuda::std::complex<detail::spectral_t<T>>> {
  static_assert(!cupp::is_complex_v<T>, "x must be real.");
  using R = detail::spectral_t<T>;
  const auto m = detail::rows_for<R>(x, axis);
  const index_t n = N.value_or(m.n);
  if (n <= 0) throw cupp::value_error("N must be positive.");
  auto X = cupp::fft::fft(m.rows, {.n = n});
  if (X.size() > 0)
    cupp::detail::launch_for_each(X.size(), detail::hilbert_scale<R>{X.data(), 0, n});
  const auto y = cupp::fft::ifft(X);
  cupp::shape_t s = m.outer;
  s.push_back(n);
  return cupp::moveaxis(y.reshape(s), -1, cupp::detail::normalize_axis(axis, x.ndim()));
}

/// `scipy.signal.hilbert2(x, N=None)`: the 2-D analytic signal over the last two axes (a 1-D x
/// is one row), by an FFT of N = (N0, N1) points; SciPy's single-orthant convention (the
/// positive frequencies doubled, and doubled again where both are; the Nyquist terms zeroed).
template <class T>
[[nodiscard]] auto hilbert2(const cupp::ndarray<T>& x,
                            std::optional<std::pair<index_t, index_t>> N = std::nullopt)
    -> cupp::ndarray<::cuda::std::complex<detail::spectral_t<T>>> {
  static_assert(!cupp::is_complex_v<T>, "x must be real.");
  using R = detail::spectral_t<T>;
  cupp::ndarray<R> xr(x.template astype<R>());
  if (xr.ndim() < 2) xr = xr.reshape(cupp::shape_t{1, xr.size()});
  const index_t d = xr.ndim();
  const auto n = N.value_or(std::pair<index_t, index_t>{
      xr.shape()[static_cast<std::size_t>(d - 2)], xr.shape()[static_cast<std::size_t>(d - 1)]});
  if (n.first <= 0 || n.second <= 0)
    throw cupp::value_error("When given as a tuple, N must hold exactly two positive integers");
  auto X = cupp::ascontiguousarray(cupp::fft::fft2(xr, {.s = {n.first, n.second}}));
  if (X.size() > 0)
    cupp::detail::launch_for_each(X.size(), detail::hilbert_scale<R>{X.data(), n.first, n.second});
  return cupp::fft::ifft2(X);
}

/// `scipy.signal.detrend(data, axis=-1, type='linear', bp=0)`: the least-squares line of each
/// piece between the breakpoints (linear), or the mean (constant), removed along the axis.
/// float32 stays float32, other real dtypes give float64.
template <class T>
[[nodiscard]] auto detrend(const cupp::ndarray<T>& data, const detrend_kw& kw = {})
    -> cupp::ndarray<detail::spectral_t<T>> {
  using R = detail::spectral_t<T>;
  static_assert(!cupp::is_complex_v<T>, "cupx::signal::detrend takes real input");
  if (kw.type == detrend_type::none)
    throw cupp::value_error("Trend type must be 'linear' or 'constant'.");
  const index_t ax = cupp::detail::normalize_axis(kw.axis, data.ndim());
  const index_t n = data.shape()[static_cast<std::size_t>(ax)];
  std::vector<index_t> bp{0, n};
  if (kw.type == detrend_type::linear)
    for (const index_t b : kw.bp)
      bp.push_back(b);
  std::sort(bp.begin(), bp.end());
  bp.erase(std::unique(bp.begin(), bp.end()), bp.end());
  if (bp.back() > n)
    throw cupp::value_error("Breakpoints must be less than length of data along given axis.");
  if (bp.front() < 0) // NumPy's slices would count from the end: not supported
    throw cupp::value_error("Breakpoints must be non-negative.");
  const auto m = detail::rows_for<R>(data, kw.axis);
  const index_t batch = m.rows.shape()[0];
  const index_t pieces = static_cast<index_t>(bp.size()) - 1;
  const auto dbp = cupp::asarray(bp);
  cupp::ndarray<double> fit(cupp::shape_t{batch * pieces * 2});
  cupp::ndarray<R> out(m.rows.shape());
  if (batch * pieces > 0)
    cupp::detail::launch_for_each(batch * pieces,
                                  detail::piece_fit<R>{m.rows.data(), dbp.data(), fit.data(), n,
                                                       pieces, kw.type == detrend_type::linear});
  if (out.size() > 0)
    cupp::detail::launch_for_each(
        out.size(),
        detail::piece_apply<R>{m.rows.data(), dbp.data(), fit.data(), out.data(), n, pieces});
  cupp::shape_t s = m.outer;
  s.push_back(n);
  return cupp::moveaxis(out.reshape(s), -1, ax);
}

} // namespace cupx::signal
