// scipy.fft's dct, idct, dst, idst (types 1 to 4) and their n-dimensional forms on cupp::fft.
// One axis at a time (the n-dimensional transforms are separable): the axis is moved last (a
// view), cropped or zero-padded to n, and transformed into the result's own view, each type as
// one pass building the FFT's input, one cupp::fft transform, one pass reading its output, the
// twiddle factors, the norm's scale and the orthogonalisation's weights folded into those passes.
// Unnormalised types (SciPy's norm="backward"), x of length n:
//   DCT-I   rfft of the even extension [x0 .. x(n-1), x(n-2) .. x1] (length 2 (n - 1)), real part;
//   DST-I   rfft of the odd extension [0, x, 0, -reversed x] (length 2 (n + 1)), -imag of 1..n;
//   DCT-II  Makhoul: v = [x0, x2, ..., x5, x3, x1], V = rfft(v), U_k = 2 e^{-i pi k / 2n} V_k,
//           y_k = Re U_k, y_(n-k) = -Im U_k (k <= n / 2);
//   DCT-III the inverse steps: V_k = e^{i pi k / 2n} (x_k - i x_(n-k)), v = n irfft(V), y the
//           even-odd interleave of v;
//   DCT-IV  even n: one complex FFT of n / 2 points of (x_2m + i x_(n-1-2m)) with pre and post
//           twiddles; odd n: y_k = 2 Re(e^{-i pi (2k+1) / 4n} fft(x_m e^{-i pi m / 2n}, 2n)_k);
//   DST-II/III/IV from the DCTs: DST-II(x) = reversed DCT-II((-1)^m x_m), DST-III(x)_k = (-1)^k
//           DCT-III(reversed x)_k, DST-IV(x)_k = (-1)^k DCT-IV(reversed x)_k (sign flips and
//           reversed views, no extra pass).
// Complex input: the real and imaginary parts as one more batch axis (a real view of the complex
// array), in the same passes and FFT calls.
#include <cupp/creation.hpp>
#include <cupp/fft/fft.hpp>
#include <cupp/indexing/advanced.hpp>
#include <cupp/indexing/basic.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/math/arithmetic.hpp>
#include <cupp/math/complex.hpp>
#include <cupx/fft.hpp>

#include <cmath>
#include <complex>
#include <optional>
#include <vector>

namespace cupx::fft::impl {

namespace {

template <class R> using cplx = ::cuda::std::complex<R>;
using cupp::ellipsis;
using cupp::none;
using cupp::shape_t;
using cupp::slice;

constexpr double pi = 3.14159265358979323846;
const double sqrt2 = std::sqrt(2.0);

// a[..., start:stop:step]
template <class T>
ndarray<T> last(const ndarray<T>& a, std::optional<index_t> start, std::optional<index_t> stop,
                index_t step = 1) {
  return a(ellipsis, slice(start, stop, step));
}

template <class T> ndarray<T> reversed(const ndarray<T>& a) { return last(a, none, none, -1); }

shape_t with_last(shape_t s, index_t n) {
  s[static_cast<int>(s.size()) - 1] = n;
  return s;
}

// A device vector of host values (twiddles, weights), computed in double and rounded once.
template <class R> ndarray<R> device(const std::vector<double>& v) {
  std::vector<R> h(v.begin(), v.end());
  return cupp::asarray(h.data(), shape_t{static_cast<index_t>(h.size())});
}
template <class R> ndarray<cplx<R>> device(const std::vector<std::complex<double>>& v) {
  std::vector<cplx<R>> h;
  h.reserve(v.size());
  for (const auto& z : v)
    h.emplace_back(static_cast<R>(z.real()), static_cast<R>(z.imag()));
  return cupp::asarray(h.data(), shape_t{static_cast<index_t>(h.size())});
}

// c e^{i sign pi k / (2 n)} for k < count.
std::vector<std::complex<double>> twiddles(index_t count, index_t n, double sign, double c) {
  std::vector<std::complex<double>> w;
  w.reserve(static_cast<std::size_t>(count));
  for (index_t k = 0; k < count; ++k)
    w.push_back(std::polar(c, sign * pi * static_cast<double>(k) / (2.0 * static_cast<double>(n))));
  return w;
}

// DCT-I; orth: x0, x(n-1) times sqrt 2 before, y0, y(n-1) divided by it after.
template <class R> void dct1(const ndarray<R>& x, ndarray<R> y, double scale, bool orth) {
  const index_t n = x.shape().back();
  ndarray<R> z(with_last(x.shape(), 2 * (n - 1)));
  std::vector<double> pre(static_cast<std::size_t>(n), 1.0), post(pre.size(), scale);
  if (orth) {
    pre.front() = pre.back() = sqrt2;
    post.front() = post.back() = scale / sqrt2;
    last(z, 0, n).assign(x * device<R>(pre));
  } else {
    last(z, 0, n).assign(x);
  }
  if (n > 2) last(z, n, none).assign(last(x, n - 2, 0, -1));
  const ndarray<cplx<R>> spectrum = cupp::fft::rfft(z);
  y.assign(spectrum.real() * device<R>(post));
}

// DST-I (orthogonal as it is).
template <class R> void dst1(const ndarray<R>& x, ndarray<R> y, double scale) {
  const index_t n = x.shape().back();
  ndarray<R> z(with_last(x.shape(), 2 * (n + 1)));
  last(z, 0, 1).fill(R(0));
  last(z, n + 1, n + 2).fill(R(0));
  last(z, 1, n + 1).assign(x);
  last(z, n + 2, none).assign(-reversed(x));
  const ndarray<cplx<R>> spectrum = cupp::fft::rfft(z);
  y.assign(last(spectrum, 1, n + 1).imag() * static_cast<R>(-scale));
}

// DCT-II (Makhoul); negate: x_m times (-1)^m (DST-II's input); orth: y0 divided by sqrt 2.
template <class R>
void dct2(const ndarray<R>& x, ndarray<R> y, double scale, bool orth, bool negate) {
  const index_t n = x.shape().back(), h = (n + 1) / 2, m = n / 2 + 1;
  ndarray<R> v(x.shape());
  last(v, 0, h).assign(last(x, 0, none, 2));
  if (n / 2 > 0) {
    const ndarray<R> odd = last(x, n % 2 == 0 ? n - 1 : n - 2, none, -2);
    if (negate) {
      last(v, h, none).assign(-odd);
    } else {
      last(v, h, none).assign(odd);
    }
  }
  const ndarray<cplx<R>> spectrum = cupp::fft::rfft(v);
  std::vector<std::complex<double>> w = twiddles(m, n, -1, 2 * scale);
  if (orth) w[0] /= sqrt2;
  const ndarray<cplx<R>> tw = device<R>(w);
  last(y, 0, m).assign(cupp::real(spectrum * tw));
  if (h > 1)
    last(y, m, none).assign(-cupp::imag(last(spectrum, h - 1, 0, -1) * last(tw, h - 1, 0, -1)));
}

// DCT-III (DCT-II's steps reversed); orth: x0 times sqrt 2; negate: y_k times (-1)^k.
template <class R>
void dct3(const ndarray<R>& x, ndarray<R> y, double scale, bool orth, bool negate) {
  const index_t n = x.shape().back(), h = (n + 1) / 2, m = n / 2 + 1;
  std::vector<std::complex<double>> w = twiddles(m, n, 1, scale);
  if (orth) w[0] *= sqrt2;
  const ndarray<cplx<R>> tw = device<R>(w);
  ndarray<cplx<R>> spectrum(with_last(x.shape(), m));
  last(spectrum, 0, 1).assign(last(x, 0, 1) * last(tw, 0, 1));
  if (m > 1) {
    for (auto& z : w)
      z *= std::complex<double>(0, 1);
    last(spectrum, 1, none)
        .assign(last(x, 1, m) * last(tw, 1, none) -
                last(x, n - 1, n - m, -1) * last(device<R>(w), 1, none));
  }
  const ndarray<R> v = cupp::fft::irfft(spectrum, {.n = n, .norm = cupp::fft::forward});
  last(y, 0, none, 2).assign(last(v, 0, h));
  if (n / 2 > 0) {
    const ndarray<R> back = last(v, n - 1, h - 1, -1);
    if (negate) {
      last(y, 1, none, 2).assign(-back);
    } else {
      last(y, 1, none, 2).assign(back);
    }
  }
}

// DCT-IV; negate: y_k times (-1)^k. Even n: one complex FFT of n / 2 points of
// v_m = (x_2m + i x_(n-1-2m)) e^{-i pi (4m+1) / 4n}, then y_2k = 2 Re(V_k e^{-i pi k / n}) and
// y_(n-1-2k) = -2 Im(V_k e^{-i pi k / n}); odd n: y_k = 2 Re(e^{-i pi (2k+1) / 4n} fft(x_m e^{-i
// pi m / 2n}, 2n)_k).
template <class R> void dct4(const ndarray<R>& x, ndarray<R> y, double scale, bool negate) {
  const index_t n = x.shape().back();
  if (n % 2 == 0) {
    const index_t half = n / 2;
    std::vector<std::complex<double>> w;
    for (index_t m = 0; m < half; ++m)
      w.push_back(
          std::polar(1.0, -pi * static_cast<double>(4 * m + 1) / (4.0 * static_cast<double>(n))));
    const ndarray<cplx<R>> pre = device<R>(w);
    for (auto& z : w)
      z *= std::complex<double>(0, 1);
    const ndarray<cplx<R>> spectrum =
        cupp::fft::fft(last(x, 0, none, 2) * pre + last(x, n - 1, none, -2) * device<R>(w));
    const ndarray<cplx<R>> post = device<R>(twiddles(half, half, -1, 2 * scale));
    last(y, 0, none, 2).assign(cupp::real(spectrum * post));
    // y_(n-1-2k) has odd index: DST-IV's (-1)^k flips its sign
    if (negate) {
      last(y, n - 1, none, -2).assign(cupp::imag(spectrum * post));
    } else {
      last(y, n - 1, none, -2).assign(-cupp::imag(spectrum * post));
    }
    return;
  }
  const ndarray<cplx<R>> pre = device<R>(twiddles(n, n, -1, 1.0));
  const ndarray<cplx<R>> spectrum = cupp::fft::fft(x * pre, {.n = 2 * n});
  std::vector<std::complex<double>> w;
  for (index_t k = 0; k < n; ++k)
    w.push_back(std::polar((negate && k % 2 ? -2.0 : 2.0) * scale,
                           -pi * static_cast<double>(2 * k + 1) / (4.0 * static_cast<double>(n))));
  y.assign(cupp::real(last(spectrum, 0, n) * device<R>(w)));
}

// The norm's scale of one axis of n points: 1 / M or 1 / sqrt(M), M SciPy's (the logical length
// of the symmetric extension).
double scale_of(const r2r_args& a, int type, index_t n) {
  const double len = static_cast<double>(n);
  const double points = type != 1 ? 2 * len : a.k == kind::dct ? 2 * (len - 1) : 2 * (len + 1);
  if (a.norm == ortho) return 1.0 / std::sqrt(points);
  return (a.norm == forward) != a.inverse ? 1.0 / points : 1.0;
}

// One transform of x (..., n) into y (..., n), both along their last axis.
template <class R> void transform_into(const ndarray<R>& x, ndarray<R> y, const r2r_args& a) {
  const index_t n = x.shape().back();
  // idct of type 2 is the DCT-III, of type 3 the DCT-II (scaled); 1 and 4 are their own inverses
  const int type = a.inverse && (a.type == 2 || a.type == 3) ? 5 - a.type : a.type;
  const double scale = scale_of(a, type, n);
  const bool orth = a.orthogonalize;
  const bool dct = a.k == kind::dct;
  switch (type) {
  case 1:
    if (dct) {
      dct1(x, y, scale, orth);
    } else {
      dst1(x, y, scale);
    }
    break;
  case 2:
    dct2(x, dct ? y : reversed(y), scale, orth, !dct);
    break;
  case 3:
    dct3(dct ? x : reversed(x), y, scale, orth, !dct);
    break;
  default:
    dct4(dct ? x : reversed(x), y, scale, !dct);
  }
}

// A complex (..., n) array as the real (..., 2, n) view of its parts: the real and imaginary
// parts are one more batch axis of the real transform.
template <class R> ndarray<R> as_parts(const ndarray<cplx<R>>& a) {
  const ndarray<R> re = a.real();
  shape_t shape, strides;
  for (int d = 0; d + 1 < re.ndim(); ++d) {
    shape.push_back(re.shape()[d]);
    strides.push_back(re.strides()[d]);
  }
  shape.push_back(2);
  strides.push_back(1);
  shape.push_back(re.shape().back());
  strides.push_back(re.strides().back());
  return ndarray<R>(re.data(), shape, strides, a.owner(), a.device());
}

// One axis of an array of T (real or complex).
template <class T>
ndarray<T> one_axis(const ndarray<T>& x, index_t axis, index_t n, const r2r_args& a) {
  shape_t out_shape = x.shape();
  out_shape[axis] = n;
  ndarray<T> out(out_shape);
  if (out.size() == 0) return out;
  ndarray<T> in = cupp::moveaxis(x, axis, -1);
  const index_t have = in.shape().back();
  if (n < have) {
    in = last(in, 0, n);
  } else if (n > have) {
    ndarray<T> padded(with_last(in.shape(), n));
    last(padded, 0, have).assign(in);
    last(padded, have, none).fill(T(0));
    in = padded;
  }
  ndarray<T> y = cupp::moveaxis(out, axis, -1);
  if constexpr (cupp::is_complex_v<T>) { // both parts in the same passes and FFT calls
    transform_into(as_parts(in), as_parts(y), a);
  } else {
    transform_into(in, y, a);
  }
  return out;
}

template <class T> ndarray<T> run_axes(const ndarray<T>& x, const r2r_args& a) {
  cupp::detail::check_devices(x);
  if (a.axes.empty()) return x.copy();
  ndarray<T> y = x;
  for (std::size_t i = 0; i < a.axes.size(); ++i)
    y = one_axis(y, a.axes[i], a.s[i], a);
  return y;
}

} // namespace

template <class R> ndarray<R> r2r(const ndarray<R>& x, const r2r_args& a) { return run_axes(x, a); }

template <class R> ndarray<cplx<R>> r2r(const ndarray<cplx<R>>& x, const r2r_args& a) {
  return run_axes(x, a);
}

#define CUPX_FFT_R2R(R)                                                                            \
  template ndarray<R> r2r(const ndarray<R>&, const r2r_args&);                                     \
  template ndarray<cplx<R>> r2r(const ndarray<cplx<R>>&, const r2r_args&);
CUPX_FFT_R2R(float)
CUPX_FFT_R2R(double)

} // namespace cupx::fft::impl
