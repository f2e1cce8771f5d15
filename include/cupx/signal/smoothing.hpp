#pragma once
/// \file
/// scipy.signal's smoothing filters on cupp's arrays: savgol_filter (Savitzky-Golay), medfilt,
/// medfilt2d and wiener. All run on the device through cupx::ndimage's kernels; the only host
/// work is the Savitzky-Golay coefficients (window_length values). No sync.

#include <cupx/ndimage/filters.hpp>
#include <cupx/signal/representations.hpp>

#include <cupp/core/complex.hpp>
#include <cupp/core/error.hpp>
#include <cupp/core/keywords.hpp>
#include <cupp/core/layout.hpp>
#include <cupp/detail/launch.hpp>
#include <cupp/expr/astype.hpp>
#include <cupp/math/compare.hpp>
#include <cupp/ndarray.hpp>
#include <cupp/reduction/reduce.hpp>

#include <optional>
#include <type_traits>
#include <vector>

namespace cupx::signal {

using cupp::index_t;
using cupp::ndarray;

/// savgol_filter's `mode=`: SciPy's 'interp' (a polynomial fit of the window at each end),
/// 'mirror', 'constant' (with cval), 'nearest', 'wrap'.
enum class savgol_mode { interp, mirror, constant, nearest, wrap };

/// Keywords of savgol_filter (SciPy's deriv=0, delta=1.0, axis=-1, mode='interp', cval=0.0).
struct savgol_filter_kw {
  cupp::detail::kw_guard guard_{};
  index_t deriv = 0;
  double delta = 1.0;
  index_t axis = -1;
  savgol_mode mode = savgol_mode::interp;
  double cval = 0.0;
};

namespace detail {

/// The dtype savgol_filter computes in: float32 and float64 stay, the others are float64.
template <class T> using savgol_t = std::conditional_t<std::is_same_v<T, float>, float, double>;

/// mode='interp''s edges: E[o][r][i] = sum_k c[r][k] x[o][s_r + k][i] over the first (r < h)
/// or last window of each line of the C-contiguous x ([outer][n][inner]), c the rows of
/// savgol_coeffs(..., pos, use='dot'): the value at `pos` of the least-squares polynomial of
/// the window, or its derivative (SciPy's _fit_edge: polyfit and polyval).
template <class T> struct savgol_edges_fn {
  const T* x;
  const double* c;
  index_t n, inner, w, h;
  CUPP_HD T operator()(index_t i) const {
    const index_t in = i % inner, r = (i / inner) % (2 * h), o = i / (inner * 2 * h);
    const index_t s = r < h ? 0 : n - w;
    const T* p = x + (o * n + s) * inner + in;
    const double* cr = c + r * w;
    double acc = 0.0;
    for (index_t k = 0; k < w; ++k)
      acc += cr[k] * static_cast<double>(p[k * inner]);
    return static_cast<T>(acc);
  }
};

inline cupx::ndimage::extend_mode savgol_ndimage_mode(savgol_mode m) {
  switch (m) {
  case savgol_mode::mirror:
    return cupx::ndimage::mirror;
  case savgol_mode::nearest:
    return cupx::ndimage::nearest;
  case savgol_mode::wrap:
    return cupx::ndimage::wrap;
  default:
    return cupx::ndimage::constant;
  }
}

} // namespace detail

/// `scipy.signal.savgol_filter(x, window_length, polyorder, deriv=0, delta=1.0, axis=-1,
/// mode='interp', cval=0.0)`: the Savitzky-Golay filter along `axis`, float32 kept (other
/// dtypes float64). The body is one convolve1d pass with savgol_coeffs; with 'interp' the
/// window_length / 2 values at each end are then the fitted polynomials of the first and last
/// window_length samples, one small kernel over precomputed coefficient rows (no host read of x).
template <class T>
[[nodiscard]] ndarray<detail::savgol_t<T>> savgol_filter(const ndarray<T>& x, index_t window_length,
                                                         index_t polyorder,
                                                         const savgol_filter_kw& kw = {}) {
  static_assert(!cupp::is_complex_v<T>, "savgol_filter takes real input");
  using F = detail::savgol_t<T>;
  const int axis = cupp::detail::normalize_axis(kw.axis, x.ndim());
  const index_t n = x.shape()[axis];
  if (kw.mode == savgol_mode::interp && window_length > n)
    throw cupp::value_error("If mode is 'interp', window_length must be less than or equal to "
                            "the size of x.");
  const auto coeffs =
      detail::savgol_coeffs(window_length, polyorder, kw.deriv, kw.delta, std::nullopt, true);
  const ndarray<F> xf = cupx::ndimage::detail::contiguous(ndarray<F>(cupp::astype<F>(x)));
  ndarray<F> y = cupx::ndimage::convolve1d(
      xf, coeffs, axis, {.mode = detail::savgol_ndimage_mode(kw.mode), .cval = kw.cval});
  const index_t h = window_length / 2;
  if (kw.mode != savgol_mode::interp || h == 0 || x.size() == 0) return y;
  // the edge fits: 2h rows of window_length coefficients ('dot' order)
  std::vector<double> rows;
  for (index_t r = 0; r < 2 * h; ++r) {
    const double pos = static_cast<double>(r < h ? r : window_length - 2 * h + r);
    const auto c = detail::savgol_coeffs(window_length, polyorder, kw.deriv, kw.delta, pos, false);
    rows.insert(rows.end(), c.begin(), c.end());
  }
  const ndarray<double> c = cupp::asarray(rows.data(), {static_cast<index_t>(rows.size())});
  const auto layout = cupx::ndimage::detail::line_layout_of(xf.shape(), axis);
  ndarray<F> edges(cupp::shape_t{layout.outer, 2 * h, layout.inner});
  cupp::detail::launch_transform(
      edges.size(), edges.data(),
      detail::savgol_edges_fn<F>{xf.data(), c.data(), n, layout.inner, window_length, h});
  const ndarray<F> y3 = y.reshape({layout.outer, n, layout.inner});
  auto part = [](const ndarray<F>& a, index_t start, index_t len) {
    return ndarray<F>(a.data() + start * a.strides()[1],
                      cupp::shape_t{a.shape()[0], len, a.shape()[2]}, a.strides(), a.owner(),
                      a.device());
  };
  part(y3, 0, h).assign(part(edges, 0, h));
  part(y3, n - h, h).assign(part(edges, h, h));
  return y;
}

/// `scipy.signal.medfilt(volume, kernel_size=None)`: the median over a box of kernel_size (3 on
/// every axis by default; each odd) with zeros past the edges (ndimage's rank filter, mode
/// constant). Boxes of up to 256 elements (cupx::ndimage's rank filters).
template <class T>
[[nodiscard]] ndarray<T> medfilt(const ndarray<T>& volume,
                                 const cupx::ndimage::per_axis<index_t>& kernel_size = 3) {
  static_assert(std::is_integral_v<T> || std::is_same_v<T, float> || std::is_same_v<T, double>,
                "medfilt supports integer, float32 and float64 arrays (SciPy: ValueError)");
  const auto sizes = kernel_size.expand(static_cast<std::size_t>(volume.ndim()));
  index_t count = 1;
  for (const index_t k : sizes) {
    if (k % 2 != 1) throw cupp::value_error("Each element of kernel_size should be odd.");
    count *= k;
  }
  return cupx::ndimage::rank_filter(volume, count / 2, cupx::ndimage::per_axis<index_t>(sizes),
                                    {.mode = cupx::ndimage::constant});
}

/// `scipy.signal.medfilt2d(input, kernel_size=3)`: medfilt of a 2-D array.
template <class T>
[[nodiscard]] ndarray<T> medfilt2d(const ndarray<T>& input,
                                   const cupx::ndimage::per_axis<index_t>& kernel_size = 3) {
  if (input.ndim() != 2) throw cupp::value_error("object too deep for desired array");
  return medfilt(input, kernel_size);
}

/// `scipy.signal.wiener(im, mysize=None, noise=None)`: the Wiener filter over windows of mysize
/// (3 on every axis by default), local mean and variance by uniform filters with zeros past the
/// edges (SciPy's correlate 'same' with ones), in float64. Without `noise` the noise power is
/// the mean of the local variance, kept on the device as a 0-d array (no sync).
template <class T>
[[nodiscard]] ndarray<double>
wiener(const ndarray<T>& im,
       const std::optional<cupx::ndimage::per_axis<index_t>>& mysize = std::nullopt,
       std::optional<double> noise = std::nullopt) {
  static_assert(!cupp::is_complex_v<T>, "wiener takes real input here");
  const auto sizes = (mysize ? *mysize : cupx::ndimage::per_axis<index_t>(3))
                         .expand(static_cast<std::size_t>(im.ndim()));
  const cupx::ndimage::per_axis<index_t> box(sizes);
  const ndarray<double> x(cupp::astype<double>(im));
  const cupx::ndimage::filter_kw kw{.mode = cupx::ndimage::constant};
  const ndarray<double> mean = cupx::ndimage::uniform_filter(x, box, kw);
  const ndarray<double> sq(x * x);
  const ndarray<double> var(cupx::ndimage::uniform_filter(sq, box, kw) - mean * mean);
  const ndarray<double> power =
      noise ? cupp::full<double>(cupp::shape_t{}, *noise) : ndarray<double>(cupp::mean(var));
  const ndarray<double> res((x - mean) * (1.0 - power / var) + mean);
  return ndarray<double>(cupp::where(var < power, mean, res));
}

} // namespace cupx::signal
