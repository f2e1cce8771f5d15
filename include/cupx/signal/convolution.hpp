#pragma once
/// \file
/// scipy.signal's convolution family on cupp's arrays: convolve, correlate (N-D, methods direct
/// and fft, SciPy's 'auto' heuristic in choose_conv_method), fftconvolve and oaconvolve (over
/// chosen axes, the others broadcast), convolve2d and correlate2d (boundaries fill, wrap, symm).
///
/// Direct convolution runs on cupx::ndimage's kernels: a 1-D kernel is one tiled
/// line_filter pass, an N-D one a window pass over its taps (mode constant, the window placed by
/// origin shifts; 'full' pads the input with zeros first); complex inputs are four real
/// convolutions. FFT convolution is rfftn / irfftn (fftn / ifftn for complex) at SciPy's fast
/// lengths (cupx::fft::next_fast_len); oaconvolve cuts the axis where one input is much longer
/// into SciPy's blocks, transforms them as one batch and adds the overlaps. Nothing reads array
/// values on the host: no sync.

#include <cupx/fft.hpp>
#include <cupx/ndimage/filters.hpp>

#include <cupp/core/complex.hpp>
#include <cupp/core/dtype.hpp>
#include <cupp/core/error.hpp>
#include <cupp/core/shape.hpp>
#include <cupp/creation.hpp>
#include <cupp/expr/astype.hpp>
#include <cupp/fft/fft.hpp>
#include <cupp/manipulation/pad.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/math/complex.hpp>
#include <cupp/ndarray.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <type_traits>
#include <vector>

namespace cupx::signal {

using cupp::index_t;
using cupp::ndarray;

/// SciPy's `mode=` of the convolutions: 'full', 'valid' or 'same'.
enum class conv_mode { full, valid, same };
/// SciPy's `method=` of convolve and correlate: 'auto', 'direct' or 'fft'.
enum class conv_method { automatic, direct, fft };
/// SciPy's `boundary=` of convolve2d and correlate2d: 'fill', 'wrap' ('circular'), 'symm'
/// ('symmetric').
enum class conv_boundary { fill, wrap, symm };

namespace detail {

/// The dtype of a convolution by FFT (SciPy's fftconvolve): the promoted dtype's float (float32
/// stays float32, integers give float64) or its complex.
template <class T1, class T2>
using fft_conv_t =
    std::conditional_t<cupp::is_complex_v<cupp::promote_t<T1, T2>>, cupp::promote_t<T1, T2>,
                       cupp::fft::impl::real_of<cupp::promote_t<T1, T2>>>;

/// `len` elements of `a` along `axis` from `start`, a view.
template <class T> ndarray<T> slab(const ndarray<T>& a, int axis, index_t start, index_t len) {
  cupp::shape_t s = a.shape();
  s[static_cast<std::size_t>(axis)] = len;
  return ndarray<T>(a.data() + start * a.strides()[static_cast<std::size_t>(axis)], s, a.strides(),
                    a.owner(), a.device());
}

/// `a` centred to `shape` (SciPy's _centered: each axis from (extent - new) / 2), a view.
template <class T> ndarray<T> centered(ndarray<T> a, const cupp::shape_t& shape) {
  for (int d = 0; d < a.ndim(); ++d) {
    const auto k = static_cast<std::size_t>(d);
    a = slab(a, d, (a.shape()[k] - shape[k]) / 2, shape[k]);
  }
  return a;
}

inline std::string shape_str(const cupp::shape_t& s) {
  std::string out = "(";
  for (std::size_t i = 0; i < s.size(); ++i)
    out += (i ? ", " : "") + std::to_string(s[i]);
  return out + (s.size() == 1 ? ",)" : ")");
}

/// SciPy's _inputs_swap_needed over `axes` (all when empty): whether 'valid' needs in2 first,
/// raising its error where neither input is at least as large as the other in every axis.
inline bool swap_needed(conv_mode mode, const cupp::shape_t& s1, const cupp::shape_t& s2,
                        const std::vector<int>& axes) {
  if (mode != conv_mode::valid) return false;
  bool ok1 = true, ok2 = true;
  for (const int a : axes) {
    const auto k = static_cast<std::size_t>(a);
    ok1 = ok1 && s1[k] >= s2[k];
    ok2 = ok2 && s2[k] >= s1[k];
  }
  if (ok1) return false;
  if (ok2) return true;
  throw cupp::value_error(
      "For 'valid' mode, one must be at least as large as the other in every dimension");
}

inline std::vector<int> all_axes_of(int ndim) {
  std::vector<int> v;
  for (int d = 0; d < ndim; ++d)
    v.push_back(d);
  return v;
}

/// The result of `mode` from the full convolution `ret` of inputs of shapes s1, s2 (SciPy's
/// _apply_conv_mode; s1, s2 already swapped for 'valid').
template <class T>
ndarray<T> apply_mode(const ndarray<T>& ret, const cupp::shape_t& s1, const cupp::shape_t& s2,
                      const std::vector<int>& axes, conv_mode mode) {
  if (mode == conv_mode::full) return ret;
  if (mode == conv_mode::same) return centered(ret, s1);
  cupp::shape_t shape = ret.shape();
  for (const int a : axes) {
    const auto k = static_cast<std::size_t>(a);
    shape[k] = s1[k] - s2[k] + 1;
  }
  return centered(ret, shape);
}

/// The full linear convolution of `a` and `b` along `axes` by FFT (the other axes broadcast),
/// as an array of F.
template <class F, class T1, class T2>
ndarray<F> fft_full(const ndarray<T1>& a, const ndarray<T2>& b, const std::vector<int>& axes) {
  constexpr bool complex = cupp::is_complex_v<F>;
  std::vector<index_t> ax, s;
  cupp::shape_t full(a.shape());
  for (int d = 0; d < a.ndim(); ++d) {
    const auto k = static_cast<std::size_t>(d);
    full[k] = std::max(a.shape()[k], b.shape()[k]);
  }
  for (const int d : axes) {
    const auto k = static_cast<std::size_t>(d);
    full[k] = a.shape()[k] + b.shape()[k] - 1;
    ax.push_back(d);
    s.push_back(cupx::fft::next_fast_len(full[k], !complex));
  }
  if (ax.empty()) return ndarray<F>(cupp::astype<F>(a) * cupp::astype<F>(b));
  const cupp::fft::fftn_kw kw{.s = cupp::fft::lengths(s), .axes = cupp::axes(ax)};
  ndarray<F> ret;
  if constexpr (complex) {
    const auto fa = cupp::fft::fftn(ndarray<F>(cupp::astype<F>(a)), kw);
    const auto fb = cupp::fft::fftn(ndarray<F>(cupp::astype<F>(b)), kw);
    ret = cupp::fft::ifftn(fa * fb, kw);
  } else {
    const auto fa = cupp::fft::rfftn(ndarray<F>(cupp::astype<F>(a)), kw);
    const auto fb = cupp::fft::rfftn(ndarray<F>(cupp::astype<F>(b)), kw);
    ret = cupp::fft::irfftn(fa * fb, kw);
  }
  for (const int d : axes)
    ret = slab(ret, d, 0, full[static_cast<std::size_t>(d)]);
  return ret;
}

/// SciPy's _init_freq_conv_axes: the axes (normalised, sorted, without those where an input has
/// length 1), the broadcast check of the others, and whether 'valid' swaps the inputs.
inline std::vector<int> freq_axes(const cupp::shape_t& s1, const cupp::shape_t& s2,
                                  const cupp::axes& axes) {
  const int nd = static_cast<int>(s1.size());
  std::vector<int> list;
  if (axes.all()) {
    list = all_axes_of(nd);
  } else {
    if (axes.list().empty()) throw cupp::value_error("when provided, axes cannot be empty");
    for (const index_t a : axes.list()) {
      if (a < -nd || a >= nd) throw cupp::value_error("axes exceeds dimensionality of input");
      list.push_back(static_cast<int>(a < 0 ? a + nd : a));
    }
    std::sort(list.begin(), list.end());
    if (std::adjacent_find(list.begin(), list.end()) != list.end())
      throw cupp::value_error("all axes must be unique");
  }
  std::vector<int> out;
  for (const int a : list) {
    const auto k = static_cast<std::size_t>(a);
    if (s1[k] != 1 && s2[k] != 1) out.push_back(a);
  }
  for (int a = 0; a < nd; ++a) {
    const auto k = static_cast<std::size_t>(a);
    if (std::find(out.begin(), out.end(), a) != out.end()) continue;
    if (!(s1[k] == s2[k] || s1[k] == 1 || s2[k] == 1))
      throw cupp::value_error("incompatible shapes for in1 and in2: " + shape_str(s1) + " and " +
                              shape_str(s2));
  }
  return out;
}

template <class T1, class T2> void check_same_ndim(const ndarray<T1>& a, const ndarray<T2>& b) {
  if (a.ndim() != b.ndim())
    throw cupp::value_error("in1 and in2 should have the same dimensionality");
}

/// The lower branch W_{-1}(z) of Lambert's function, -1/e < z < 0 (Newton from the asymptotic
/// estimate; SciPy's lambertw(z, k=-1).real).
inline double lambertw_m1(double z) {
  const double l1 = std::log(-z), l2 = std::log(-l1);
  double w = l1 - l2 + l2 / l1;
  for (int i = 0; i < 64; ++i) {
    const double ew = std::exp(w), f = w * ew - z;
    const double step = f / (ew * (w + 1.0) - (w + 2.0) * f / (2.0 * w + 2.0)); // Halley
    w -= step;
    if (std::fabs(step) <= 1e-15 * std::fabs(w)) break;
  }
  return w;
}

/// SciPy's _calc_oa_lens for one axis: the block (FFT) length, or 0 where overlap-add does not
/// pay (equal lengths, a length 1, the shorter over half the longer, a block as long as the
/// input).
inline index_t oa_block(index_t s1, index_t s2) {
  if (s1 == s2 || s1 == 1 || s2 == 1) return 0;
  if (s2 > s1) std::swap(s1, s2);
  if (2 * s2 >= s1) return 0;
  const double overlap = static_cast<double>(s2 - 1);
  const double opt = -overlap * lambertw_m1(-1.0 / (2.0 * std::exp(1.0) * overlap));
  const index_t block = cupx::fft::next_fast_len(static_cast<index_t>(std::ceil(opt)));
  return block >= s1 ? 0 : block;
}

/// out[i] = full[i + start] of the direct convolution along every axis, given per axis the
/// output length and the start in the full convolution: x correlated with w reversed on
/// cupx::ndimage's kernels (mode constant, zeros), x sliced or padded so that every window
/// stays within the taps' origins. Real dtypes.
template <class R, class X, class W>
ndarray<R> direct_real(const ndarray<X>& x, const ndarray<W>& w, const cupp::shape_t& len,
                       const std::vector<index_t>& start) {
  const int nd = x.ndim();
  ndarray<X> xs = x;
  std::vector<index_t> origins(static_cast<std::size_t>(nd));
  cupp::pad_widths widths;
  bool padded = false;
  for (int d = 0; d < nd; ++d) {
    const auto k = static_cast<std::size_t>(d);
    const index_t nw = w.shape()[k], off = start[k] - (nw - 1);
    index_t shift = 0;
    if (off >= 0) {
      xs = slab(xs, d, off, xs.shape()[k] - off);
    } else {
      shift = -off;
    }
    origins[k] = shift - nw / 2;
    const index_t extra = std::max<index_t>(0, len[k] - xs.shape()[k]);
    widths.emplace_back(0, extra);
    padded = padded || extra > 0;
  }
  if (padded) xs = cupp::pad(xs, widths);
  ndarray<R> out;
  const auto nontrivial =
      std::count_if(w.shape().begin(), w.shape().end(), [](index_t e) { return e != 1; });
  if (nd >= 1 && nontrivial <= 1) { // one tiled line_filter pass along w's axis
    int axis = nd - 1;
    for (int d = 0; d < nd; ++d)
      if (w.shape()[static_cast<std::size_t>(d)] != 1) axis = d;
    using op_t = cupp::detail::weighted_sum<X, R>;
    const ndarray<typename op_t::acc_t> wr(
        cupp::astype<typename op_t::acc_t>(cupp::flip(w).reshape({w.size()})));
    const auto k = static_cast<std::size_t>(axis);
    const ndarray<X> xc = cupx::ndimage::detail::contiguous(xs);
    out = cupx::ndimage::detail::axis_pass<R>(xc, axis, w.shape()[k], origins[k] + w.shape()[k] / 2,
                                              cupx::ndimage::constant, 0.0, op_t{wr.data()});
  } else {
    out = cupx::ndimage::correlate<R>(
        xs, cupp::flip(w),
        {.mode = cupx::ndimage::constant, .cval = 0.0, .origin = cupx::ndimage::per_axis(origins)});
  }
  for (int d = 0; d < nd; ++d)
    out = slab(out, d, 0, len[static_cast<std::size_t>(d)]);
  return out;
}

/// The direct convolution of in1 and in2 in `mode` (every axis) as R: the smaller input is the
/// window; complex products as four real convolutions.
template <class R, class T1, class T2>
ndarray<R> direct(const ndarray<T1>& in1, const ndarray<T2>& in2, conv_mode mode) {
  const cupp::shape_t &s1 = in1.shape(), &s2 = in2.shape();
  cupp::shape_t len(s1);
  std::vector<index_t> start;
  for (std::size_t k = 0; k < s1.size(); ++k) {
    const index_t full = s1[k] + s2[k] - 1;
    len[k] = mode == conv_mode::full   ? full
             : mode == conv_mode::same ? s1[k]
                                       : std::max(s1[k], s2[k]) - std::min(s1[k], s2[k]) + 1;
    start.push_back((full - len[k]) / 2);
  }
  auto run = [&](const auto& a, const auto& b) {
    using Rr = std::conditional_t<cupp::is_complex_v<R>, cupp::real_t<R>, R>;
    if (b.size() <= a.size()) return direct_real<Rr>(a, b, len, start);
    return direct_real<Rr>(b, a, len, start);
  };
  if constexpr (cupp::is_complex_v<R>) {
    using Rr = cupp::real_t<R>;
    const ndarray<Rr> ar(cupp::real(cupp::astype<R>(in1))), ai(cupp::imag(cupp::astype<R>(in1)));
    const ndarray<Rr> br(cupp::real(cupp::astype<R>(in2))), bi(cupp::imag(cupp::astype<R>(in2)));
    const ndarray<Rr> rr = run(ar, br), ii = run(ai, bi), ri = run(ar, bi), ir = run(ai, br);
    return ndarray<R>(cupp::astype<R>(rr - ii) + cupp::astype<R>(ri + ir) * R(0, 1));
  } else {
    return run(in1, in2);
  }
}

/// in2 reversed along every axis and conjugated (SciPy's _reverse_and_conj), a view for real
/// dtypes.
template <class T> ndarray<T> reverse_and_conj(const ndarray<T>& a) {
  if constexpr (cupp::is_complex_v<T>) {
    return ndarray<T>(cupp::conj(cupp::flip(a)));
  } else {
    return cupp::flip(a);
  }
}

/// SciPy's _conv_ops and _fftconv_faster: whether the FFT is predicted faster.
inline bool fftconv_faster(const cupp::shape_t& xs, const cupp::shape_t& hs, conv_mode mode) {
  const auto prod = [](const cupp::shape_t& s) {
    double p = 1.0;
    for (const index_t e : s)
      p *= static_cast<double>(e);
    return p;
  };
  cupp::shape_t out(xs), fullshape(xs);
  for (std::size_t k = 0; k < xs.size(); ++k) {
    fullshape[k] = xs[k] + hs[k] - 1;
    out[k] = mode == conv_mode::full    ? fullshape[k]
             : mode == conv_mode::valid ? std::abs(xs[k] - hs[k]) + 1
                                        : xs[k];
  }
  double direct_ops = 0.0;
  if (xs.size() == 1) {
    const double s1 = static_cast<double>(xs[0]), s2 = static_cast<double>(hs[0]);
    if (mode == conv_mode::full) {
      direct_ops = s1 * s2;
    } else if (mode == conv_mode::valid) {
      direct_ops = s2 >= s1 ? (s2 - s1 + 1) * s1 : (s1 - s2 + 1) * s2;
    } else {
      direct_ops =
          s1 < s2 ? s1 * s2
                  : s1 * s2 - static_cast<double>(hs[0] / 2) * static_cast<double>((hs[0] + 1) / 2);
    }
  } else {
    direct_ops =
        mode == conv_mode::same ? prod(xs) * prod(hs) : std::min(prod(xs), prod(hs)) * prod(out);
  }
  const double n = prod(fullshape);
  const double fft_ops = 3.0 * n * std::log(n);
  const bool one = xs.size() == 1;
  const double offset = one ? -1e-3 : -1e-4;
  double o_fft = 0, o_direct = 0, o_offset = offset;
  if (one) {
    if (mode == conv_mode::valid) {
      o_fft = 1.89095737e-9, o_direct = 2.1364985e-10;
    } else if (mode == conv_mode::full) {
      o_fft = 1.7649070e-9, o_direct = 2.1414831e-10;
    } else if (prod(hs) <= prod(xs)) {
      o_fft = 3.2646654e-9, o_direct = 2.8478277e-10;
    } else {
      o_fft = 3.21635404e-9, o_direct = 1.1773253e-8, o_offset = -1e-5;
    }
  } else if (mode == conv_mode::valid) {
    o_fft = 1.85927e-9, o_direct = 2.11242e-8;
  } else if (mode == conv_mode::full) {
    o_fft = 1.99817e-9, o_direct = 1.66174e-8;
  } else {
    o_fft = 2.04735e-9, o_direct = 1.55367e-8;
  }
  return o_fft * fft_ops < o_direct * direct_ops + o_offset;
}

} // namespace detail

/// `scipy.signal.choose_conv_method(in1, in2, mode='full', measure=False)`: 'fft' where SciPy's
/// operation-count model predicts it faster for floats, else 'direct'. Integer and bool inputs
/// always choose 'direct' (SciPy reads their largest values to see whether float64 would be
/// exact; cupx does not read device values, and direct is exact for them).
template <class T1, class T2>
[[nodiscard]] conv_method choose_conv_method(const ndarray<T1>& in1, const ndarray<T2>& in2,
                                             conv_mode mode = conv_mode::full) {
  using P = cupp::promote_t<T1, T2>;
  if constexpr (std::is_integral_v<P>) {
    return conv_method::direct;
  } else {
    detail::check_same_ndim(in1, in2);
    if (in1.ndim() == 0 || in1.size() == 0 || in2.size() == 0) return conv_method::direct;
    return detail::fftconv_faster(in1.shape(), in2.shape(), mode) ? conv_method::fft
                                                                  : conv_method::direct;
  }
}

/// `scipy.signal.fftconvolve(in1, in2, mode='full', axes=None)`: the convolution along `axes`
/// (every axis by default; the others broadcast) by FFT. float32 inputs give float32, integers
/// float64, complex inputs complex.
template <class T1, class T2>
[[nodiscard]] ndarray<detail::fft_conv_t<T1, T2>>
fftconvolve(const ndarray<T1>& in1, const ndarray<T2>& in2, conv_mode mode = conv_mode::full,
            const cupp::axes& axes = cupp::all_axes) {
  using F = detail::fft_conv_t<T1, T2>;
  cupp::detail::check_devices(in1, in2);
  if (in1.ndim() == 0 && in2.ndim() == 0) return ndarray<F>(cupp::astype<F>(in1) * in2);
  detail::check_same_ndim(in1, in2);
  if (in1.size() == 0 || in2.size() == 0) return ndarray<F>(cupp::shape_t{0});
  const auto ax = detail::freq_axes(in1.shape(), in2.shape(), axes);
  if (detail::swap_needed(mode, in1.shape(), in2.shape(), ax))
    return detail::apply_mode(detail::fft_full<F>(in2, in1, ax), in2.shape(), in1.shape(), ax,
                              mode);
  return detail::apply_mode(detail::fft_full<F>(in1, in2, ax), in1.shape(), in2.shape(), ax, mode);
}

/// `scipy.signal.oaconvolve(in1, in2, mode='full', axes=None)`: fftconvolve by overlap-add. The
/// axis where one input is longest relative to the other is cut into SciPy's blocks
/// (_calc_oa_lens: a fast length near the optimum -overlap W_{-1}(-1 / (2 e overlap))), all
/// blocks transformed as one batch, and the overlapping tails added; the other axes are
/// transformed whole (SciPy cuts every axis where it pays). Without such an axis it is
/// fftconvolve, as SciPy's.
template <class T1, class T2>
[[nodiscard]] ndarray<detail::fft_conv_t<T1, T2>>
oaconvolve(const ndarray<T1>& in1, const ndarray<T2>& in2, conv_mode mode = conv_mode::full,
           const cupp::axes& axes = cupp::all_axes) {
  using F = detail::fft_conv_t<T1, T2>;
  cupp::detail::check_devices(in1, in2);
  if (in1.ndim() == 0 && in2.ndim() == 0) return ndarray<F>(cupp::astype<F>(in1) * in2);
  detail::check_same_ndim(in1, in2);
  if (in1.size() == 0 || in2.size() == 0) return ndarray<F>(cupp::shape_t{0});
  if (in1.shape() == in2.shape()) return fftconvolve(in1, in2, mode, axes);
  auto ax = detail::freq_axes(in1.shape(), in2.shape(), axes);
  const bool swap = detail::swap_needed(mode, in1.shape(), in2.shape(), ax);
  const cupp::shape_t &s1 = swap ? in2.shape() : in1.shape(),
                      &s2 = swap ? in1.shape() : in2.shape();
  // the axis to cut: the largest ratio of the lengths among those where blocks pay
  int cut = -1;
  index_t block = 0;
  double best = 0.0;
  for (const int a : ax) {
    const auto k = static_cast<std::size_t>(a);
    const index_t b = detail::oa_block(in1.shape()[k], in2.shape()[k]);
    const double ratio = static_cast<double>(std::max(in1.shape()[k], in2.shape()[k])) /
                         static_cast<double>(std::min(in1.shape()[k], in2.shape()[k]));
    if (b > 0 && ratio > best) {
      best = ratio;
      cut = a;
      block = b;
    }
  }
  if (cut < 0) {
    return swap ? detail::apply_mode(detail::fft_full<F>(in2, in1, ax), s1, s2, ax, mode)
                : detail::apply_mode(detail::fft_full<F>(in1, in2, ax), s1, s2, ax, mode);
  }
  const auto kc = static_cast<std::size_t>(cut);
  const bool first_long = in1.shape()[kc] > in2.shape()[kc];
  auto run = [&](const auto& x, const auto& h) {
    // x: the long input along `cut`, h: the short one
    const index_t n = x.shape()[kc], m = h.shape()[kc], step = block - m + 1;
    const index_t nb = (n + step - 1) / step;
    cupp::pad_widths widths(static_cast<std::size_t>(x.ndim()), {0, 0});
    widths[kc].second = nb * step - n;
    using X = typename std::decay_t<decltype(x)>::value_type;
    using H = typename std::decay_t<decltype(h)>::value_type;
    const ndarray<X> xp = cupp::pad(x, widths);
    cupp::shape_t xb, hb;
    for (int d = 0; d < x.ndim(); ++d) {
      const auto k = static_cast<std::size_t>(d);
      if (d == cut) {
        xb.push_back(nb);
        xb.push_back(step);
        hb.push_back(1);
        hb.push_back(m);
      } else {
        xb.push_back(x.shape()[k]);
        hb.push_back(h.shape()[k]);
      }
    }
    std::vector<int> bax;
    for (const int a : ax)
      bax.push_back(a < cut ? a : a + 1);
    const ndarray<F> blocks = detail::fft_full<F>(
        xp.reshape(xb), ndarray<H>(cupp::ascontiguousarray(h)).reshape(hb), bax);
    cupp::shape_t acc_shape = blocks.shape();
    acc_shape[kc] = nb + 1;
    acc_shape[kc + 1] = step;
    ndarray<F> acc = cupp::zeros<F>(acc_shape);
    detail::slab(detail::slab(acc, cut, 0, nb), cut + 1, 0, step)
        .assign(detail::slab(blocks, cut + 1, 0, step));
    auto tail = detail::slab(detail::slab(acc, cut, 1, nb), cut + 1, 0, m - 1);
    tail.assign(tail + detail::slab(blocks, cut + 1, step, m - 1));
    cupp::shape_t merged;
    for (int d = 0; d < acc.ndim(); ++d) {
      if (d == cut + 1) continue;
      merged.push_back(d == cut ? (nb + 1) * step : acc.shape()[static_cast<std::size_t>(d)]);
    }
    return detail::slab(acc.reshape(merged), cut, 0, n + m - 1);
  };
  const ndarray<F> full = first_long ? run(in1, in2) : run(in2, in1);
  return detail::apply_mode(full, s1, s2, ax, mode);
}

/// `scipy.signal.convolve(in1, in2, mode='full', method='auto')`: N-D convolution, in1 and in2
/// of the same rank. The result has the promoted dtype (integers too: method fft rounds, as
/// SciPy's). 'valid' needs one input at least as large as the other along every axis.
template <class T1, class T2>
[[nodiscard]] ndarray<cupp::promote_t<T1, T2>>
convolve(const ndarray<T1>& in1, const ndarray<T2>& in2, conv_mode mode = conv_mode::full,
         conv_method method = conv_method::automatic) {
  using P = cupp::promote_t<T1, T2>;
  cupp::detail::check_devices(in1, in2);
  if (in1.ndim() == 0 && in2.ndim() == 0) return ndarray<P>(cupp::astype<P>(in1) * in2);
  detail::check_same_ndim(in1, in2);
  if (in1.size() == 0 || in2.size() == 0) return ndarray<P>(cupp::shape_t{0});
  (void)detail::swap_needed(mode, in1.shape(), in2.shape(), detail::all_axes_of(in1.ndim()));
  if (method == conv_method::automatic) method = choose_conv_method(in1, in2, mode);
  if (method == conv_method::fft) {
    const auto out = fftconvolve(in1, in2, mode);
    if constexpr (std::is_integral_v<P>) {
      return ndarray<P>(cupp::astype<P>(cupp::rint(out)));
    } else {
      return ndarray<P>(cupp::astype<P>(out));
    }
  }
  return detail::direct<P>(in1, in2, mode);
}

/// `scipy.signal.correlate(in1, in2, mode='full', method='auto')`: the cross-correlation,
/// z[k] = sum_l in1[l] conj(in2[l - k + N - 1]) (N-D): convolve(in1, in2 reversed and
/// conjugated). For 'valid' with in2 the larger, SciPy's direct method returns the
/// correlation of the swapped inputs reversed; the same values here for real inputs.
template <class T1, class T2>
[[nodiscard]] ndarray<cupp::promote_t<T1, T2>>
correlate(const ndarray<T1>& in1, const ndarray<T2>& in2, conv_mode mode = conv_mode::full,
          conv_method method = conv_method::automatic) {
  using P = cupp::promote_t<T1, T2>;
  if (in1.ndim() == 0 && in2.ndim() == 0)
    return ndarray<P>(cupp::astype<P>(in1) * detail::reverse_and_conj(in2));
  detail::check_same_ndim(in1, in2);
  return convolve(in1, detail::reverse_and_conj(in2), mode, method);
}

namespace detail {
template <class T1, class T2>
ndarray<cupp::promote_t<T1, T2>> convolve2d(const ndarray<T1>& in1, const ndarray<T2>& in2,
                                            conv_mode mode, conv_boundary boundary,
                                            double fillvalue, bool correlation) {
  const char* name = correlation ? "correlate2d" : "convolve2d";
  using P = cupp::promote_t<T1, T2>;
  cupp::detail::check_devices(in1, in2);
  if (in1.ndim() != 2 || in2.ndim() != 2)
    throw cupp::value_error(std::string(name) + " inputs must both be 2-D arrays");
  if (swap_needed(mode, in1.shape(), in2.shape(), {0, 1})) {
    // valid does not depend on the boundary; the convolution is symmetric
    return direct<P>(in2, in1, mode);
  }
  if (in1.size() == 0 || in2.size() == 0) return ndarray<P>(cupp::shape_t{0});
  const index_t p0 = in2.shape()[0] - 1, p1 = in2.shape()[1] - 1;
  const char* pad_mode = boundary == conv_boundary::fill   ? "constant"
                         : boundary == conv_boundary::wrap ? "wrap"
                                                           : "symmetric";
  const ndarray<P> x = ndarray<P>(cupp::astype<P>(in1));
  const ndarray<P> ext =
      mode == conv_mode::valid
          ? x
          : cupp::pad(x, cupp::pad_widths{{p0, p0}, {p1, p1}}, pad_mode, static_cast<P>(fillvalue));
  const ndarray<P> v = direct<P>(ext, in2, conv_mode::valid); // the full convolution (or valid)
  if (mode != conv_mode::same) return v;
  // SciPy's 'same' takes the full result from (n2 - 1) / 2 for convolve2d, from n2 / 2 for
  // correlate2d (they differ along even lengths of in2)
  ndarray<P> out = v;
  for (int d = 0; d < 2; ++d) {
    const index_t n2 = in2.shape()[static_cast<std::size_t>(d)];
    out =
        slab(out, d, correlation ? n2 / 2 : (n2 - 1) / 2, in1.shape()[static_cast<std::size_t>(d)]);
  }
  return out;
}
} // namespace detail

/// `scipy.signal.convolve2d(in1, in2, mode='full', boundary='fill', fillvalue=0)`: 2-D direct
/// convolution, in1 extended past its edges by `boundary` (fill with fillvalue, wrap, symm:
/// mirrored with the edge repeated).
template <class T1, class T2>
[[nodiscard]] ndarray<cupp::promote_t<T1, T2>>
convolve2d(const ndarray<T1>& in1, const ndarray<T2>& in2, conv_mode mode = conv_mode::full,
           conv_boundary boundary = conv_boundary::fill, double fillvalue = 0.0) {
  return detail::convolve2d(in1, in2, mode, boundary, fillvalue, false);
}

/// `scipy.signal.correlate2d(in1, in2, mode='full', boundary='fill', fillvalue=0)`:
/// convolve2d with in2 reversed and conjugated.
template <class T1, class T2>
[[nodiscard]] ndarray<cupp::promote_t<T1, T2>>
correlate2d(const ndarray<T1>& in1, const ndarray<T2>& in2, conv_mode mode = conv_mode::full,
            conv_boundary boundary = conv_boundary::fill, double fillvalue = 0.0) {
  if (in1.ndim() != 2 || in2.ndim() != 2)
    throw cupp::value_error("correlate2d inputs must both be 2-D arrays");
  return detail::convolve2d(in1, detail::reverse_and_conj(in2), mode, boundary, fillvalue, true);
}

} // namespace cupx::signal
