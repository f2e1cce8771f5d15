#pragma once
/// \file
/// scipy.signal's resampling on cupp's arrays: upfirdn (polyphase upsample, FIR filter,
/// downsample), resample_poly (SciPy's Kaiser-windowed sinc filter and offsets), decimate (IIR
/// or FIR anti-aliasing, then every q-th sample) and resample (Fourier method).
///
/// upfirdn runs one device thread per output sample, summing only the taps that meet non-zero
/// samples of the upsampled input (about len(h) / up per output); the axis is moved last and
/// made contiguous first. Filters are designed on the host (firwin, cheby1) and copied to the
/// device; nothing reads array values back: no sync. See docs/signal.md.

#include <cupx/signal/convolution.hpp>
#include <cupx/signal/filtering.hpp>
#include <cupx/signal/fir_design.hpp>
#include <cupx/signal/iir_design.hpp>
#include <cupx/signal/windows.hpp>

#include <cupp/core/complex.hpp>
#include <cupp/core/dtype.hpp>
#include <cupp/core/error.hpp>
#include <cupp/core/keywords.hpp>
#include <cupp/core/layout.hpp>
#include <cupp/creation.hpp>
#include <cupp/detail/launch.hpp>
#include <cupp/expr/astype.hpp>
#include <cupp/fft/fft.hpp>
#include <cupp/manipulation/join.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/ndarray.hpp>
#include <cupp/reduction/reduce.hpp>

#include <numeric>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace cupx::signal {

/// Keywords of upfirdn (scipy.signal.upfirdn(h, x, up=1, down=1, axis=-1, mode='constant',
/// cval=0)). mode: SciPy's 'constant' (cval on both sides), 'wrap', 'edge', 'smooth',
/// 'symmetric', 'reflect', 'antisymmetric', 'antireflect' or 'line'.
struct upfirdn_kw {
  cupp::detail::kw_guard guard_{};
  index_t up = 1;
  index_t down = 1;
  index_t axis = -1;
  std::string mode = "constant";
  double cval = 0.0;
};

/// Keywords of resample_poly (scipy.signal.resample_poly(x, up, down, axis=0,
/// window=('kaiser', 5.0), padtype='constant', cval=None)). `window_array`, when given, is
/// SciPy's array `window`: the FIR filter itself (then `window` is not used). padtype:
/// 'constant', 'mean', 'minimum', 'maximum' or one of upfirdn's modes (SciPy's 'median' is not
/// there).
struct resample_poly_kw {
  cupp::detail::kw_guard guard_{};
  index_t axis = 0;
  window_spec window = window_spec("kaiser", 5.0);
  std::optional<cupp::ndarray<double>> window_array = std::nullopt;
  std::string padtype = "constant";
  std::optional<double> cval = std::nullopt;
};

/// decimate's `ftype`.
enum class decimate_ftype { iir, fir };

/// Keywords of decimate (scipy.signal.decimate(x, q, n=None, ftype='iir', axis=-1,
/// zero_phase=True)).
struct decimate_kw {
  cupp::detail::kw_guard guard_{};
  std::optional<index_t> n = std::nullopt;
  decimate_ftype ftype = decimate_ftype::iir;
  index_t axis = -1;
  bool zero_phase = true;
};

/// Keywords of resample (scipy.signal.resample(x, num, t=None, axis=0, window=None,
/// domain='time')). `window_array` is SciPy's array window (length x.shape[axis], applied as
/// given, not shifted); `window` a name for get_window (applied fftshifted). domain 'freq': x
/// is already the spectrum (two-sided FFT path).
struct resample_kw {
  cupp::detail::kw_guard guard_{};
  index_t axis = 0;
  std::optional<window_spec> window = std::nullopt;
  std::optional<cupp::ndarray<double>> window_array = std::nullopt;
  std::string domain = "time";
};

namespace detail {

/// The float (or complex) dtype upfirdn computes in: NumPy's result_type(h, x, float32).
template <class H, class X>
using upfirdn_t =
    std::conditional_t<cupp::is_complex_v<cupp::promote_t<cupp::promote_t<H, X>, float>>,
                       cupp::promote_t<cupp::promote_t<H, X>, float>,
                       cupp::fft::impl::real_of<cupp::promote_t<cupp::promote_t<H, X>, float>>>;

/// The float or complex dtype of x itself (integers and bool: float64), as SciPy's filters of
/// resample_poly and decimate match x's dtype.
template <class X>
using own_float_t = std::conditional_t<
    cupp::is_complex_v<X>, X,
    std::conditional_t<std::is_floating_point_v<X> && sizeof(X) >= sizeof(float), X, double>>;

/// upfirdn's extension modes, SciPy's names.
enum class ext_mode {
  constant,
  wrap,
  edge,
  smooth,
  symmetric,
  reflect,
  antisymmetric,
  antireflect,
  line
};

inline ext_mode to_ext_mode(const std::string& m) {
  static const char* const names[] = {"constant",      "wrap",        "edge",
                                      "smooth",        "symmetric",   "reflect",
                                      "antisymmetric", "antireflect", "line"};
  for (int i = 0; i < 9; ++i)
    if (m == names[i]) return static_cast<ext_mode>(i);
  throw cupp::value_error("Unknown mode: " + m);
}

/// Sample j of the row xr (n samples) extended by `mode` (SciPy's _extend_left / _extend_right:
/// the reflections repeat with their periods, antireflect drifting by 2 (x[n-1] - x[0]) each).
template <class R> CUPP_HD R extended(const R* xr, index_t n, index_t j, ext_mode mode, R cval) {
  if (j >= 0 && j < n) return xr[j];
  const auto modp = [](index_t a, index_t p) {
    const index_t r = a % p;
    return r < 0 ? r + p : r;
  };
  switch (mode) {
  case ext_mode::constant:
    return cval;
  case ext_mode::wrap:
    return xr[modp(j, n)];
  case ext_mode::edge:
    return j < 0 ? xr[0] : xr[n - 1];
  case ext_mode::smooth:
    if (n == 1) return xr[0];
    return j < 0 ? xr[0] + R(static_cast<cupp::fft::impl::real_of<R>>(j)) * (xr[1] - xr[0])
                 : xr[n - 1] + R(static_cast<cupp::fft::impl::real_of<R>>(j - n + 1)) *
                                   (xr[n - 1] - xr[n - 2]);
  case ext_mode::line:
    if (n == 1) return xr[0];
    return xr[0] + R(static_cast<cupp::fft::impl::real_of<R>>(j)) * (xr[n - 1] - xr[0]) /
                       R(static_cast<cupp::fft::impl::real_of<R>>(n - 1));
  case ext_mode::symmetric: {
    const index_t m = modp(j, 2 * n);
    return m < n ? xr[m] : xr[2 * n - 1 - m];
  }
  case ext_mode::antisymmetric: {
    const index_t m = modp(j, 2 * n);
    return m < n ? xr[m] : -xr[2 * n - 1 - m];
  }
  case ext_mode::reflect: {
    if (n == 1) return xr[0];
    const index_t m = modp(j, 2 * (n - 1));
    return m < n ? xr[m] : xr[2 * (n - 1) - m];
  }
  case ext_mode::antireflect: {
    if (n == 1) return xr[0];
    const index_t p = 2 * (n - 1), m = modp(j, p), q = (j - m) / p;
    const R base = m < n ? xr[m] : R(2) * xr[n - 1] - xr[p - m];
    return base + R(static_cast<cupp::fft::impl::real_of<R>>(2 * q)) * (xr[n - 1] - xr[0]);
  }
  }
  return cval;
}

/// y[r, i] = sum_k h[k] xe[r, (i down - k) / up] over the taps k with (i down - k) % up == 0,
/// xe being x's row extended by `mode`; constant mode with cval == 0 reads only the taps inside
/// the row.
template <class R> struct upfirdn_op {
  const R* h;
  const R* x;
  R* y;
  index_t nh, nx, ny, up, down;
  R cval;
  ext_mode mode;
  bool extend;
  CUPP_HD void operator()(index_t t) const {
    const index_t r = t / ny, i = t - r * ny;
    const index_t p = i * down;
    const R* xr = x + r * nx;
    R acc{};
    if (extend) {
      for (index_t k = p % up; k < nh; k += up)
        acc += h[k] * extended(xr, nx, (p - k) / up, mode, cval);
    } else {
      index_t k = p % up;
      const index_t first = p - (nx - 1) * up; // the taps below meet samples past the row's end
      if (first > k) k = first;
      const index_t last = p < nh - 1 ? p : nh - 1;
      for (; k <= last; k += up)
        acc += h[k] * xr[(p - k) / up];
    }
    y[t] = acc;
  }
};

/// ((n - 1) up + nh - 1) // down + 1, SciPy's _output_len.
inline index_t upfirdn_len(index_t nh, index_t n, index_t up, index_t down) {
  return ((n - 1) * up + nh - 1) / down + 1;
}

/// upfirdn in dtype R with h already of dtype R.
template <class R, class X>
cupp::ndarray<R> upfirdn_impl(const cupp::ndarray<R>& h, const cupp::ndarray<X>& x, index_t up,
                              index_t down, index_t axis, const std::string& mode, double cval) {
  if (h.ndim() != 1 || h.size() == 0) throw cupp::value_error("h must be 1-D with non-zero length");
  if (up < 1 || down < 1) throw cupp::value_error("Both up and down must be >= 1");
  const ext_mode em = to_ext_mode(mode);
  const int ax = cupp::detail::normalize_axis(axis, x.ndim() == 0 ? 1 : x.ndim());
  const cupp::ndarray<X> x1 = x.ndim() == 0 ? x.reshape(cupp::shape_t{1}) : x;
  const index_t nx = x1.shape()[ax];
  if (nx == 0) throw cupp::value_error("upfirdn: x has an empty axis");
  const index_t ny = upfirdn_len(h.size(), nx, up, down);
  const auto xr = to_rows<R>(x1, ax);
  const index_t rows = xr.rows.shape()[0];
  cupp::ndarray<R> y(cupp::shape_t{rows, ny});
  const auto hc = cupp::ascontiguousarray(h);
  if (rows * ny > 0)
    cupp::detail::launch_for_each(
        rows * ny, upfirdn_op<R>{hc.data(), xr.rows.data(), y.data(), h.size(), nx, ny, up, down,
                                 R(static_cast<cupp::fft::impl::real_of<R>>(cval)), em,
                                 em != ext_mode::constant || cval != 0.0});
  return from_rows(y, xr.moved, ny, ax);
}

/// `len` elements of `a` along `axis` from `start` with step `step`, a view.
template <class T>
cupp::ndarray<T> strided_slab(cupp::ndarray<T> a, int axis, index_t start, index_t len,
                              index_t step) {
  cupp::shape_t s = a.shape(), st = a.strides();
  const auto k = static_cast<std::size_t>(axis);
  s[k] = len;
  const auto off = start * st[k];
  st[k] *= step;
  return cupp::ndarray<T>(a.data() + off, s, st, a.owner(), a.device());
}

/// resample_poly with the filter `h0` (before the scaling by up), the half length SciPy uses.
template <class H, class X>
cupp::ndarray<upfirdn_t<H, X>> resample_poly_h(const cupp::ndarray<X>& x, index_t up, index_t down,
                                               const cupp::ndarray<H>& h0, index_t half_len,
                                               const resample_poly_kw& kw) {
  using R = upfirdn_t<H, X>;
  const int ax = cupp::detail::normalize_axis(kw.axis, x.ndim());
  const index_t n_in = x.shape()[ax];
  index_t n_out = n_in * up;
  n_out = n_out / down + (n_out % down != 0 ? 1 : 0);
  const index_t nh = h0.size();
  const index_t n_pre_pad = down - half_len % down;
  index_t n_post_pad = 0;
  const index_t n_pre_remove = (half_len + n_pre_pad) / down;
  while (upfirdn_len(nh + n_pre_pad + n_post_pad, n_in, up, down) < n_out + n_pre_remove)
    ++n_post_pad;
  const cupp::ndarray<H> hs = h0 * H(static_cast<double>(up));
  const cupp::ndarray<R> h(cupp::concatenate<H>({cupp::zeros<H>(cupp::shape_t{n_pre_pad}), hs,
                                                 cupp::zeros<H>(cupp::shape_t{n_post_pad})})
                               .template astype<R>());
  cupp::ndarray<R> y;
  if (kw.padtype == "constant") {
    y = upfirdn_impl<R>(h, x, up, down, ax, "constant", kw.cval.value_or(0.0));
  } else if (kw.padtype != "mean" && kw.padtype != "minimum" && kw.padtype != "maximum") {
    if (kw.padtype == "median")
      throw cupp::value_error("resample_poly: padtype 'median' is not supported by cupx::signal");
    try {
      (void)to_ext_mode(kw.padtype);
    } catch (const cupp::value_error&) {
      throw cupp::value_error("padtype must be one of: maximum, mean, median, minimum, constant, "
                              "wrap, edge, smooth, symmetric, reflect, antisymmetric, "
                              "antireflect, line");
    }
    y = upfirdn_impl<R>(h, x, up, down, ax, kw.padtype, 0.0);
  } else {
    if (kw.cval) throw cupp::value_error("cval has no effect when padtype is " + kw.padtype);
    cupp::ndarray<R> bg;
    const cupp::ndarray<R> xf(x.template astype<R>());
    bool done = false;
    if (kw.padtype == "mean") {
      bg = cupp::ndarray<R>(cupp::mean(xf, cupp::axes(ax), true));
      done = true;
    }
    if constexpr (!cupp::is_complex_v<R>) {
      if (kw.padtype == "minimum") {
        bg = cupp::ndarray<R>(cupp::amin(xf, cupp::axes(ax), true));
        done = true;
      } else if (kw.padtype == "maximum") {
        bg = cupp::ndarray<R>(cupp::amax(xf, cupp::axes(ax), true));
        done = true;
      }
    }
    if (!done) {
      throw cupp::value_error("resample_poly: padtype '" + kw.padtype +
                              "' takes real data in cupx::signal");
    }
    y = upfirdn_impl<R>(h, cupp::ndarray<R>(xf - bg), up, down, ax, "constant", 0.0);
    return cupp::ndarray<R>(strided_slab(y, ax, n_pre_remove, n_out, 1) + bg);
  }
  return strided_slab(y, ax, n_pre_remove, n_out, 1);
}

inline void check_rates(index_t up, index_t down) {
  if (up < 1 || down < 1) throw cupp::value_error("up and down must be >= 1");
}

/// Y[r, k] of resample's two-sided path from X (rows, nx): SciPy's copy of the positive and
/// negative frequencies, the unpaired bin at m / 2 for even m, the window and 1 / s_fac.
template <class C> struct resample_bins {
  const C* x;
  const double* w; // nx values or null
  C* y;
  index_t nx, num, m, m2;
  double scale;
  CUPP_HD C at(const C* xr, index_t j) const {
    return w ? xr[j] * static_cast<cupp::fft::impl::real_of<C>>(w[j]) : xr[j];
  }
  CUPP_HD void operator()(index_t t) const {
    const index_t r = t / num, k = t - r * num;
    const C* xr = x + r * nx;
    C v{};
    if (k < m2) {
      v = at(xr, k);
    } else if (m2 < m && k >= num - (m - m2)) {
      v = at(xr, nx - (num - k));
    }
    if (m % 2 == 0) {
      if (num < nx && k == num - m / 2) {
        v += at(xr, nx - m / 2);
      } else if (nx < num && (k == m / 2 || k == num - m / 2)) {
        v = at(xr, m / 2) / cupp::fft::impl::real_of<C>(2);
      }
    }
    y[t] = v * static_cast<cupp::fft::impl::real_of<C>>(scale);
  }
};

/// t[0] + (t[1] - t[0]) s_fac i, on the device.
template <class T> struct resample_times {
  const T* t;
  T* out;
  double s_fac;
  CUPP_HD void operator()(index_t i) const {
    out[i] = t[0] + (t[1] - t[0]) * static_cast<T>(s_fac) * static_cast<T>(i);
  }
};

template <class X>
using resample_t =
    std::conditional_t<cupp::is_complex_v<X>, X, cupp::fft::impl::real_of<own_float_t<X>>>;

} // namespace detail

/// `scipy.signal.upfirdn(h, x, up, down, axis, mode, cval)`: x upsampled by `up` (up - 1 zeros
/// after each sample), filtered by the FIR h, and every `down`-th sample kept; the result has
/// ((len(x) - 1) up + len(h) - 1) // down + 1 samples along the axis, dtype
/// result_type(h, x, float32). Errors as SciPy's ("h must be 1-D with non-zero length", "Both up
/// and down must be >= 1").
template <class H, class X>
[[nodiscard]] cupp::ndarray<detail::upfirdn_t<H, X>>
upfirdn(const cupp::ndarray<H>& h, const cupp::ndarray<X>& x, const upfirdn_kw& kw = {}) {
  using R = detail::upfirdn_t<H, X>;
  if (h.ndim() != 1 || h.size() == 0) throw cupp::value_error("h must be 1-D with non-zero length");
  cupp::ndarray<R> hr;
  if constexpr (std::is_same_v<H, R>) {
    hr = h;
  } else {
    hr = cupp::ndarray<R>(h.template astype<R>());
  }
  return detail::upfirdn_impl<R>(hr, x, kw.up, kw.down, kw.axis, kw.mode, kw.cval);
}

/// `scipy.signal.resample_poly(x, up, down, axis, window, padtype, cval)`: up and down divided
/// by their gcd, x upsampled, filtered by SciPy's FIR (firwin(2 half_len + 1, 1 / max_rate,
/// window) with half_len = 10 max_rate, in x's dtype, or `window_array`), scaled by up,
/// downsampled and trimmed to ceil(n up / down) samples centred as SciPy's. up == down returns
/// a copy. The dtype is x's float (float64 for integers); a `window_array` is cast to it too
/// (SciPy: result_type(window, x, float32), float64 for float32 x).
template <class X>
[[nodiscard]] cupp::ndarray<detail::own_float_t<X>> resample_poly(const cupp::ndarray<X>& x,
                                                                  index_t up, index_t down,
                                                                  const resample_poly_kw& kw = {}) {
  using F = detail::own_float_t<X>;
  detail::check_rates(up, down);
  if (kw.cval && kw.padtype != "constant")
    throw cupp::value_error("cval has no effect when padtype is " + kw.padtype);
  const index_t g = std::gcd(up, down);
  up /= g;
  down /= g;
  if (x.ndim() == 0) throw cupp::value_error("resample_poly: x must be at least 1-D");
  if (kw.window_array) {
    const auto& w = *kw.window_array;
    if (w.ndim() > 1) throw cupp::value_error("window must be 1-D");
    if (up == 1 && down == 1) return cupp::ndarray<F>(x.template astype<F>()).copy();
    const cupp::ndarray<F> h(w.template astype<F>());
    return cupp::ndarray<F>(detail::resample_poly_h(x, up, down, h, (w.size() - 1) / 2, kw));
  } else {
    if (up == 1 && down == 1) return cupp::ndarray<F>(x.template astype<F>()).copy();
    const index_t max_rate = std::max(up, down);
    const index_t half_len = 10 * max_rate;
    const auto hv = detail::firwin(2 * half_len + 1, {1.0 / static_cast<double>(max_rate)},
                                   std::nullopt, kw.window.desc(), 1, true, std::nullopt);
    const cupp::ndarray<F> h(cupp::asarray(hv).template astype<F>());
    return cupp::ndarray<F>(detail::resample_poly_h(x, up, down, h, half_len, kw));
  }
}

/// `scipy.signal.decimate(x, q, n, ftype, axis, zero_phase)`: x low-pass filtered by SciPy's
/// filter (iir: cheby1(n = 8, 0.05, 0.8 / q) as second-order sections; fir: firwin(n + 1, 1 / q,
/// window='hamming'), n = 20 q by default), in x's float dtype, then every q-th sample. Zero
/// phase: sosfiltfilt (iir) or resample_poly(x, 1, q, window=b) (fir); otherwise sosfilt or
/// upfirdn. The IIR path takes real x (cupx's sosfiltfilt is real).
template <class X>
[[nodiscard]] cupp::ndarray<detail::own_float_t<X>> decimate(const cupp::ndarray<X>& x, index_t q,
                                                             const decimate_kw& kw = {}) {
  using F = detail::own_float_t<X>;
  if (q < 1) throw cupp::value_error("q must be >= 1");
  if (x.ndim() == 0) throw cupp::value_error("decimate: x must be at least 1-D");
  const int ax = cupp::detail::normalize_axis(kw.axis, x.ndim());
  const index_t len = x.shape()[ax];
  if (kw.ftype == decimate_ftype::fir) {
    const index_t n = kw.n.value_or(20 * q);
    const auto bv = detail::firwin(n + 1, {1.0 / static_cast<double>(q)}, std::nullopt,
                                   window_spec("hamming").desc(), 1, true, std::nullopt);
    const cupp::ndarray<F> b(cupp::asarray(bv).template astype<F>());
    if (kw.zero_phase) {
      resample_poly_kw rk{.axis = ax};
      return cupp::ndarray<F>(detail::resample_poly_h(x, 1, q, b, (b.size() - 1) / 2, rk));
    }
    const index_t n_out = len / q + (len % q != 0 ? 1 : 0);
    const auto y = detail::upfirdn_impl<F>(b, x, 1, q, ax, "constant", 0.0);
    return detail::strided_slab(y, ax, 0, n_out, 1);
  } else {
    if constexpr (cupp::is_complex_v<X>) {
      throw cupp::value_error("decimate: the IIR path takes real x in cupx::signal (use "
                              "ftype = decimate_ftype::fir for complex x)");
    } else {
      const auto sosd = cheby1<sos>(static_cast<int>(kw.n.value_or(8)), 0.05, 0.8 / double(q));
      const cupp::ndarray<F> s(sosd.template astype<F>());
      cupp::ndarray<F> y;
      if (kw.zero_phase) {
        y = cupp::ndarray<F>(sosfiltfilt(s, x, {.axis = ax}));
      } else {
        y = cupp::ndarray<F>(sosfilt(s, x, ax));
      }
      return detail::strided_slab(y, ax, 0, (len + q - 1) / q, q);
    }
  }
}

/// `scipy.signal.resample(x, num, axis, window, domain)`: x resampled to num samples along the
/// axis by the Fourier method (rfft / irfft for real x, fft / ifft for complex x or domain
/// 'freq'), SciPy's handling of the unpaired Nyquist bin of even lengths, the spectrum scaled by
/// num / n. Dtype: x's float (float64 for integers) or complex.
template <class X>
[[nodiscard]] cupp::ndarray<detail::resample_t<X>> resample(const cupp::ndarray<X>& x, index_t num,
                                                            const resample_kw& kw = {}) {
  using F = detail::resample_t<X>;
  using C = std::conditional_t<cupp::is_complex_v<F>, F, cupp::complex_of_t<F>>;
  using Re = cupp::fft::impl::real_of<F>;
  if (kw.domain != "time" && kw.domain != "freq")
    throw cupp::value_error("Parameter domain='" + kw.domain + "' not in ('time', 'freq')!");
  if (x.ndim() == 0) throw cupp::value_error("resample: x must be at least 1-D");
  if (kw.domain == "freq" && !cupp::is_complex_v<F>)
    throw cupp::value_error("resample: domain 'freq' takes a complex spectrum");
  if (num < 0) throw cupp::value_error("resample: num must be >= 0");
  const int ax = cupp::detail::normalize_axis(kw.axis, x.ndim());
  const cupp::ndarray<F> xm(cupp::moveaxis(x, ax, -1).template astype<F>());
  const index_t n_x = xm.shape()[xm.ndim() - 1];
  const double s_fac = static_cast<double>(n_x) / static_cast<double>(num);
  const index_t m = std::min(num, n_x), m2 = m / 2 + 1;
  // the window: an array as given, a name fftshifted
  std::optional<cupp::ndarray<double>> w;
  std::vector<double> wh;
  if (kw.window_array) {
    if (kw.window_array->ndim() != 1 || kw.window_array->size() != n_x)
      throw cupp::value_error("window.shape=" + cupp::shape_repr(kw.window_array->shape()) +
                              " != (" + std::to_string(n_x) +
                              ",), i.e., window length is not equal to number of frequency bins!");
    w = cupp::ascontiguousarray(*kw.window_array);
  } else if (kw.window) {
    const auto g = detail::get_window(kw.window->desc(), n_x, true);
    wh.resize(g.size());
    for (std::size_t i = 0; i < g.size(); ++i) // fftshift
      wh[(i + g.size() / 2) % g.size()] = g[i];
    w = cupp::asarray(wh);
  }
  cupp::ndarray<F> out;
  bool real_done = false;
  if constexpr (!cupp::is_complex_v<F>) {
    real_done = true;
    auto Xs = cupp::fft::rfft(xm);
    const index_t n_X = Xs.shape()[Xs.ndim() - 1];
    // one factor per kept bin: the folded window, the unpaired bin, 1 / s_fac
    cupp::ndarray<double> f;
    if (w) {
      const auto w1 = detail::slab(*w, 0, 1, n_X - 1);
      const auto w2 = cupp::flip(detail::slab(*w, 0, n_x - n_X + 1, n_X - 1), 0);
      f = cupp::concatenate<double>(
          {detail::slab(*w, 0, 0, 1), cupp::ndarray<double>((w1 + w2) * 0.5)});
      f = cupp::ndarray<double>(detail::slab(f, 0, 0, std::min(m2, n_X)) * (1.0 / s_fac));
    } else {
      f = cupp::full<double>(cupp::shape_t{std::min(m2, n_X)}, 1.0 / s_fac);
    }
    if (m % 2 == 0 && num != n_x) {
      std::vector<double> e(static_cast<std::size_t>(f.size()), 1.0);
      e[static_cast<std::size_t>(m / 2)] = num < n_x ? 2.0 : 0.5;
      f = cupp::ndarray<double>(f * cupp::asarray(e));
    }
    const auto Xk = detail::slab(Xs, Xs.ndim() - 1, 0, std::min(m2, n_X));
    const cupp::ndarray<C> Y(Xk * cupp::ndarray<Re>(f.template astype<Re>()));
    out = cupp::fft::irfft(Y, num);
  }
  if (!real_done) {
    const cupp::ndarray<C> Xs = kw.domain == "time" ? cupp::ndarray<C>(cupp::fft::fft(xm))
                                                    : cupp::ndarray<C>(xm.template astype<C>());
    const auto Xc = cupp::ascontiguousarray(Xs);
    index_t rows = 1;
    for (int d = 0; d + 1 < Xc.ndim(); ++d)
      rows *= Xc.shape()[d];
    cupp::shape_t ys = Xc.shape();
    ys[ys.size() - 1] = num;
    cupp::ndarray<C> Y(ys);
    if (rows * num > 0)
      cupp::detail::launch_for_each(
          rows * num, detail::resample_bins<C>{Xc.data(), w ? w->data() : nullptr, Y.data(), n_x,
                                               num, m, m2, 1.0 / s_fac});
    if constexpr (cupp::is_complex_v<F>) out = cupp::fft::ifft(Y, num);
  }
  return cupp::moveaxis(out, -1, ax);
}

/// `scipy.signal.resample(x, num, t, ...)` -> (resampled x, t[0] + (t[1] - t[0]) n / num * i for
/// i < num), the positions computed on the device from t's first two values.
template <class X, class T>
[[nodiscard]] std::pair<cupp::ndarray<detail::resample_t<X>>, cupp::ndarray<T>>
resample(const cupp::ndarray<X>& x, index_t num, const cupp::ndarray<T>& t,
         const resample_kw& kw = {}) {
  auto y = resample(x, num, kw);
  if (t.size() < 2) throw cupp::value_error("resample: t needs at least two values");
  const int ax = cupp::detail::normalize_axis(kw.axis, x.ndim());
  const double s_fac = static_cast<double>(x.shape()[ax]) / static_cast<double>(num);
  const auto tc = cupp::ascontiguousarray(t);
  cupp::ndarray<T> tn(cupp::shape_t{num});
  if (num > 0)
    cupp::detail::launch_for_each(num, detail::resample_times<T>{tc.data(), tn.data(), s_fac});
  return {std::move(y), std::move(tn)};
}

} // namespace cupx::signal
