#pragma once
/// \file
/// `cupx::ndimage`'s filters, scipy.ndimage's: correlate1d convolve1d correlate convolve
/// gaussian_filter1d gaussian_filter uniform_filter1d uniform_filter minimum_filter1d
/// maximum_filter1d minimum_filter maximum_filter rank_filter median_filter percentile_filter
/// generic_filter sobel prewitt laplace gaussian_laplace gaussian_gradient_magnitude.
///
/// SciPy's arguments, defaults, boundary modes and results: the result has the input's dtype
/// unless asked for another (`gaussian_filter<float>(image_u8, 2.0)`, SciPy's `output=`), each
/// pass of a separable filter stores in that dtype (integers truncate, as SciPy's), and sums
/// accumulate in float64 (float32 where input and output are float32 or narrower). Separable
/// filters run one shared-memory tiled pass per axis (cupp::detail::line_filter), the last two
/// over the last two axes as one tiled pair; the others one pass over the window's taps, from
/// tiles where they lie in the last two axes (cupp/detail/plane_tiles.hpp). A `footprint` is read
/// on the host (a sync, as it sizes the window); weights stay on the device, and every weight is a
/// tap (SciPy skips zero weights, which differs only where the input is not finite).

#include <cupx/ndimage/arguments.hpp>
#include <cupx/ndimage/detail/complex_parts.hpp>
#include <cupx/ndimage/detail/passes.hpp>

#include <cupp/core/keywords.hpp>
#include <cupp/expr/astype.hpp>
#include <cupp/math/complex.hpp>
#include <cupp/math/functions.hpp>

#include <algorithm>
#include <cmath>
#include <optional>
#include <type_traits>
#include <vector>

namespace cupx::ndimage {

using cupp::ndarray;

/// Keywords of the 1-D filters: `{.mode = cupx::ndimage::nearest, .cval = 0, .origin = 0}`.
struct filter1d_kw {
  cupp::detail::kw_guard guard_{};
  extend_mode mode = reflect;
  fill_value cval = 0.0;
  index_t origin = 0;
};

/// Keywords of the N-D filters: origins and the axes filtered (SciPy's `axes=`). `mode` is one or
/// one per filtered axis (`{.mode = {nd::reflect, nd::wrap}}`) where SciPy takes a sequence: the
/// separable filters (uniform, minimum and maximum over a box); the others take one.
struct filter_kw {
  cupp::detail::kw_guard guard_{};
  per_axis<extend_mode> mode = reflect;
  fill_value cval = 0.0;
  per_axis<index_t> origin = 0;
  cupp::axes axes = cupp::all_axes;
};

/// Keywords of gaussian_filter1d: `{.mode = reflect, .truncate = 4.0, .radius = 5}`.
struct gaussian1d_kw {
  cupp::detail::kw_guard guard_{};
  extend_mode mode = reflect;
  fill_value cval = 0.0;
  double truncate = 4.0;
  std::optional<index_t> radius = std::nullopt;
};

/// Keywords of gaussian_filter and the filters made of it (`mode` one or one per filtered axis).
struct gaussian_kw {
  cupp::detail::kw_guard guard_{};
  per_axis<int> order = 0;
  per_axis<extend_mode> mode = reflect;
  fill_value cval = 0.0;
  double truncate = 4.0;
  std::optional<per_axis<index_t>> radius = std::nullopt;
  cupp::axes axes = cupp::all_axes;
};

namespace detail {

template <class R, class T> using output_t = std::conditional_t<std::is_void_v<R>, T, R>;
/// The output of a correlation of T with weights of W: complex where either is.
template <class R, class T, class W>
using weighted_out_t = output_t<R, std::conditional_t<cupp::is_complex_v<W>, complex_out_t<T>, T>>;

/// SciPy's refusal of complex data in the rank, minimum/maximum and generic filters.
template <class T> inline constexpr bool real_only_v = !cupp::is_complex_v<T>;

/// SciPy's _gaussian_kernel1d: the normalised Gaussian on [-radius, radius] times the
/// polynomial whose product with it is its order-th derivative.
inline std::vector<double> gaussian_kernel1d(double sigma, int order, index_t radius) {
  if (order < 0) throw cupp::value_error("order must be non-negative");
  const double sigma2 = sigma * sigma;
  std::vector<double> phi;
  double sum = 0.0;
  for (index_t x = -radius; x <= radius; ++x) {
    phi.push_back(std::exp(-0.5 / sigma2 * static_cast<double>(x * x)));
    sum += phi.back();
  }
  for (double& p : phi)
    p /= sum;
  if (order == 0) return phi;
  // q holds the polynomial's coefficients; q <- (D + P) q applies d/dx to q(x) phi(x)
  std::vector<double> q(static_cast<std::size_t>(order + 1), 0.0);
  q[0] = 1.0;
  for (int step = 0; step < order; ++step) {
    std::vector<double> next(q.size(), 0.0);
    for (std::size_t k = 0; k + 1 < q.size(); ++k)
      next[k] += static_cast<double>(k + 1) * q[k + 1];
    for (std::size_t k = 1; k < q.size(); ++k)
      next[k] += q[k - 1] / -sigma2;
    q = next;
  }
  for (index_t x = -radius; x <= radius; ++x) {
    double poly = 0.0, power = 1.0;
    for (const double c : q) {
      poly += c * power;
      power *= static_cast<double>(x);
    }
    phi[static_cast<std::size_t>(x + radius)] *= poly;
  }
  return phi;
}

/// correlate1d's pass of `weights` along `axis`.
inline line_pass weights_pass(int axis, std::vector<double> weights, index_t origin,
                              extend_mode mode) {
  const auto size = static_cast<index_t>(weights.size());
  return {line_kind::weights, axis, size, window_shift(size, origin), mode, std::move(weights)};
}

/// Correlates C-contiguous `in` with `weights` along `axis` into a new array of R.
template <class R, class T>
ndarray<R> correlate_axis(const ndarray<T>& in, int axis, const std::vector<double>& weights,
                          index_t origin, extend_mode mode, double cval) {
  return run_pass<R>(in, weights_pass(axis, weights, origin, mode), cval);
}

/// The weights of correlate1d after convolve1d's reversal, and its origin.
template <class W> index_t reverse_for_convolution(std::vector<W>& w, index_t origin) {
  std::reverse(w.begin(), w.end());
  return w.size() % 2 == 0 ? -origin - 1 : -origin;
}

/// An N-D window filter of `op` over the taps of `wshape` (and mask) with per-axis origins.
template <class R, class T, class Op>
ndarray<R> window_filter(const ndarray<T>& input, const cupp::shape_t& wshape,
                         const std::vector<bool>& mask, const filter_kw& kw, extend_mode mode,
                         Op op) {
  if (static_cast<int>(wshape.size()) != input.ndim())
    throw cupp::value_error("filter weights array has incorrect shape.");
  const ndarray<T> in = contiguous(input);
  ndarray<index_t> storage;
  const auto origins = kw.origin.expand(wshape.size());
  const window_taps t = make_taps(in.shape(), wshape, origins, mask, storage);
  if constexpr (requires { op.count; }) op.count = t.count;
  return window_pass<R>(in, t, mode, kw.cval, op);
}

/// The footprint's shape and mask on the host (a sync).
inline std::vector<bool> host_mask(const ndarray<bool>& footprint) {
  const auto v = footprint.get();
  return std::vector<bool>(v.begin(), v.end());
}

/// The sizes of a box footprint over the filtered axes of `input` (1 along the others).
template <class T>
cupp::shape_t box_shape(const ndarray<T>& input, const per_axis<index_t>& size,
                        const cupp::axes& axes) {
  const auto ax = filter_axes(input.ndim(), axes);
  const auto sizes = size.expand(ax.size());
  auto shape = cupp::shape_t::filled(input.ndim(), 1);
  for (std::size_t k = 0; k < ax.size(); ++k) {
    if (sizes[k] < 1) throw cupp::value_error("incorrect filter size");
    shape[static_cast<std::size_t>(ax[k])] = sizes[k];
  }
  return shape;
}

/// min or max over a box, as one 1-D pass per axis (SciPy's separable path).
template <class R, class T, bool Max>
ndarray<R> extreme_box(const ndarray<T>& input, const cupp::shape_t& box, const filter_kw& kw) {
  static_assert(real_only_v<T>, "Complex type not supported");
  const auto origins = kw.origin.expand(static_cast<std::size_t>(input.ndim()));
  // the modes are one per filtered axis (SciPy's axes=), each axis's at its position there
  const auto filtered = filter_axes(input.ndim(), kw.axes);
  const auto modes = kw.mode.expand(filtered.size());
  std::vector<extend_mode> mode_of(static_cast<std::size_t>(input.ndim()),
                                   reflect); // box 1: unread
  for (std::size_t k = 0; k < filtered.size(); ++k)
    mode_of[static_cast<std::size_t>(filtered[k])] = modes[k];
  std::vector<line_pass> passes;
  for (int axis = 0; axis < input.ndim(); ++axis) {
    const auto a = static_cast<std::size_t>(axis);
    if (box[a] > 1)
      passes.push_back({Max ? line_kind::max : line_kind::min, axis, box[a],
                        window_shift(box[a], origins[a]), mode_of[a]});
  }
  return separable<R>(input, passes, kw.cval);
}

/// minimum_filter1d and maximum_filter1d: extreme_box over `size` along one axis.
template <class R, class T, bool Max>
ndarray<R> extreme1d(const ndarray<T>& input, index_t size, index_t axis, const filter1d_kw& kw) {
  if (size < 1) throw cupp::value_error("incorrect filter size");
  const auto ax = static_cast<std::size_t>(cupp::detail::normalize_axis(axis, input.ndim()));
  auto box = cupp::shape_t::filled(input.ndim(), 1);
  box[static_cast<int>(ax)] = size;
  std::vector<index_t> origins(static_cast<std::size_t>(input.ndim()), 0);
  origins[ax] = kw.origin;
  return extreme_box<R, T, Max>(
      input, box, {.mode = kw.mode, .cval = kw.cval, .origin = per_axis<index_t>(origins)});
}

/// The number of taps of a window of `shape` (where `mask`, if not empty, is set).
inline index_t window_count(const cupp::shape_t& shape, const std::vector<bool>& mask) {
  return mask.empty() ? cupp::shape_size(shape)
                      : static_cast<index_t>(std::count(mask.begin(), mask.end(), true));
}

/// rank_filter over the taps of a footprint (SciPy's _rank_filter after the rank is known):
/// minimum or maximum at the ends, else a sorting network in registers (up to 32 taps) or a
/// selection by counting in local memory (up to 256; larger windows are refused).
template <class R, class T>
ndarray<R> rank_window(const ndarray<T>& input, const cupp::shape_t& shape,
                       const std::vector<bool>& mask, index_t rank, const filter_kw& kw,
                       const char* sequence_error =
                           "A sequence of modes is not supported by non-separable rank filters") {
  static_assert(real_only_v<T>, "Complex type not supported");
  const extend_mode mode = single_mode(kw.mode, sequence_error);
  const index_t count = window_count(shape, mask);
  if (rank < 0) rank += count;
  if (rank < 0 || rank >= count) throw cupp::value_error("rank not within filter footprint size");
  const bool box = mask.empty() || count == static_cast<index_t>(mask.size());
  if (box && (rank == 0 || rank == count - 1)) {
    return rank == 0 ? extreme_box<R, T, false>(input, shape, kw)
                     : extreme_box<R, T, true>(input, shape, kw);
  }
  // networks of the common windows' sizes (3x3, 5x5; their medians by the comparators that reach
  // the middle alone), another of the next up to 32 taps
  const std::size_t nd = shape.size();
  if (box && count == 9 && rank == 4 && nd >= 2 && shape[nd - 1] == 3 && shape[nd - 2] == 3)
    return window_filter<R>(input, shape, mask, kw, mode, box3_median<T, R>{{0, rank}});
  if (count == 9 && rank == 4)
    return window_filter<R>(input, shape, mask, kw, mode, rank_network<T, R, 9, true>{0, rank});
  if (count == 25 && rank == 12)
    return window_filter<R>(input, shape, mask, kw, mode, rank_network<T, R, 25, true>{0, rank});
  if (count <= 9)
    return window_filter<R>(input, shape, mask, kw, mode, rank_network<T, R, 9>{0, rank});
  if (count <= 25)
    return window_filter<R>(input, shape, mask, kw, mode, rank_network<T, R, 25>{0, rank});
  if (count <= 32)
    return window_filter<R>(input, shape, mask, kw, mode, rank_network<T, R, 32>{0, rank});
  if (count <= 256)
    return window_filter<R>(input, shape, mask, kw, mode, rank_select<T, R, 256>{0, {rank}});
  throw cupp::value_error("rank filters take footprints of at most 256 elements");
}

/// minimum_filter and maximum_filter: separable over a box (one mode per axis allowed, as SciPy),
/// else the first or last rank over the footprint (one mode).
template <class R, class T, bool Max>
ndarray<R> extreme_window(const ndarray<T>& input, const cupp::shape_t& shape,
                          const std::vector<bool>& mask, const filter_kw& kw) {
  const index_t count = window_count(shape, mask);
  if (count > 0 && (mask.empty() || count == static_cast<index_t>(mask.size())))
    return extreme_box<R, T, Max>(input, shape, kw);
  return rank_window<R>(input, shape, mask, Max ? index_t{-1} : index_t{0}, kw,
                        "A sequence of modes is not supported for non-separable footprints");
}

/// generic_filter over the taps of a footprint.
template <class R, class T, class F>
ndarray<R> generic_window(const ndarray<T>& input, const cupp::shape_t& shape,
                          const std::vector<bool>& mask, F fn, const filter_kw& kw) {
  static_assert(real_only_v<T>, "Complex type not supported");
  const extend_mode mode = single_mode(kw.mode, "boundary mode not supported");
  const index_t count = window_count(shape, mask);
  if (count <= 25)
    return window_filter<R>(input, shape, mask, kw, mode, window_gather<T, R, 25, F>{0, fn});
  if (count <= 256)
    return window_filter<R>(input, shape, mask, kw, mode, window_gather<T, R, 256, F>{0, fn});
  throw cupp::value_error("generic_filter takes footprints of at most 256 elements");
}

/// SciPy's rank of a percentile of `count` values.
inline index_t percentile_rank(double percentile, index_t count) {
  if (percentile < 0.0) percentile += 100.0;
  if (percentile < 0.0 || percentile > 100.0) throw cupp::value_error("invalid percentile");
  if (percentile == 100.0) return count - 1;
  return static_cast<index_t>(static_cast<double>(count) * percentile / 100.0);
}

} // namespace detail

// ---- correlation and convolution -------------------------------------------------------------

/// `scipy.ndimage.correlate1d(input, weights, axis=-1, mode='reflect', cval=0.0, origin=0)`.
template <class R = void, class T>
[[nodiscard]] ndarray<detail::output_t<R, T>>
correlate1d(const ndarray<T>& input, const std::vector<double>& weights, index_t axis = -1,
            const filter1d_kw& kw = {}) {
  using Out = detail::output_t<R, T>;
  if (weights.empty()) throw cupp::value_error("no filter weights given");
  if constexpr (cupp::is_complex_v<T>) {
    return detail::complex_parts_kw<Out>(input, kw, [&](const auto& part, const auto& k) {
      return correlate1d<cupp::real_t<Out>>(part, weights, axis, k);
    });
  } else {
    const int ax = cupp::detail::normalize_axis(axis, input.ndim());
    return detail::separable<Out>(input, {detail::weights_pass(ax, weights, kw.origin, kw.mode)},
                                  kw.cval);
  }
}

/// correlate1d with complex weights (a std::vector of cupp::complex128 or complex64): a complex
/// result, complex64 for float32 input and complex128 for other real dtypes, as SciPy's, which
/// conjugates the weights of a correlation (as numpy.correlate).
template <class R = void, class T, class C>
requires cupp::is_complex_v<C>
[[nodiscard]] ndarray<detail::weighted_out_t<R, T, C>> correlate1d(const ndarray<T>& input,
                                                                   const std::vector<C>& weights,
                                                                   index_t axis = -1,
                                                                   const filter1d_kw& kw = {}) {
  using Out = detail::weighted_out_t<R, T, C>;
  std::vector<double> wr, wi;
  for (const C& w : weights) {
    wr.push_back(static_cast<double>(w.real()));
    wi.push_back(-static_cast<double>(w.imag()));
  }
  return detail::complex_weights<Out>(
      input, wr, wi, kw.cval, [&](const auto& x, const std::vector<double>& w, double cval) {
        filter1d_kw k = kw;
        k.cval = cval;
        return correlate1d<cupp::real_t<Out>>(x, w, axis, k);
      });
}

/// `scipy.ndimage.convolve1d(input, weights, axis=-1, mode='reflect', cval=0.0, origin=0)`.
template <class R = void, class T>
[[nodiscard]] ndarray<detail::output_t<R, T>>
convolve1d(const ndarray<T>& input, std::vector<double> weights, index_t axis = -1,
           const filter1d_kw& kw = {}) {
  if (weights.empty()) throw cupp::value_error("no filter weights given");
  filter1d_kw k = kw;
  k.origin = detail::reverse_for_convolution(weights, kw.origin);
  return correlate1d<R>(input, weights, axis, k);
}

/// convolve1d with complex weights (correlate1d's overload), not conjugated: SciPy conjugates
/// them here to undo correlate1d's conjugation.
template <class R = void, class T, class C>
requires cupp::is_complex_v<C>
[[nodiscard]] ndarray<detail::weighted_out_t<R, T, C>> convolve1d(const ndarray<T>& input,
                                                                  std::vector<C> weights,
                                                                  index_t axis = -1,
                                                                  const filter1d_kw& kw = {}) {
  if (weights.empty()) throw cupp::value_error("no filter weights given");
  filter1d_kw k = kw;
  k.origin = detail::reverse_for_convolution(weights, kw.origin);
  for (C& w : weights)
    w = C(w.real(), -w.imag());
  return correlate1d<R>(input, weights, axis, k);
}

/// `scipy.ndimage.correlate(input, weights, mode='reflect', cval=0.0, origin=0)`: weights of the
/// input's rank, on the device.
template <class R = void, class T, class W>
[[nodiscard]] ndarray<detail::weighted_out_t<R, T, W>>
correlate(const ndarray<T>& input, const ndarray<W>& weights, const filter_kw& kw = {}) {
  using Out = detail::weighted_out_t<R, T, W>;
  if (weights.size() == 0) throw cupp::value_error("no filter weights given");
  const auto real_out = [&](const auto& x, const auto& w, double cval) {
    filter_kw k = kw;
    k.cval = cval;
    return correlate<cupp::real_t<Out>>(x, w, k);
  };
  if constexpr (cupp::is_complex_v<W>) { // SciPy conjugates a correlation's weights
    const ndarray<W> conjugated = weights.conj();
    return detail::complex_weights<Out>(input, conjugated.real(), conjugated.imag(), kw.cval,
                                        real_out);
  } else if constexpr (cupp::is_complex_v<T>) {
    return detail::complex_parts<Out>(input, kw.cval, [&](const auto& part, double cval) {
      return real_out(part, weights, cval);
    });
  } else {
    using op_t = cupp::detail::weighted_sum<T, Out>;
    const extend_mode mode = detail::single_mode(kw.mode, "A sequence of modes is not supported");
    const ndarray<typename op_t::acc_t> w(cupp::astype<typename op_t::acc_t>(weights));
    return detail::window_filter<Out>(input, weights.shape(), {}, kw, mode, op_t{w.data()});
  }
}

/// `scipy.ndimage.convolve(input, weights, mode='reflect', cval=0.0, origin=0)`.
template <class R = void, class T, class W>
[[nodiscard]] ndarray<detail::weighted_out_t<R, T, W>>
convolve(const ndarray<T>& input, const ndarray<W>& weights, const filter_kw& kw = {}) {
  if (weights.size() == 0) throw cupp::value_error("no filter weights given");
  filter_kw k = kw;
  auto origins = kw.origin.expand(static_cast<std::size_t>(weights.ndim()));
  for (std::size_t d = 0; d < origins.size(); ++d)
    origins[d] = weights.shape()[d] % 2 == 0 ? -origins[d] - 1 : -origins[d];
  k.origin = per_axis<index_t>(origins);
  if constexpr (cupp::is_complex_v<W>) // conjugated twice (correlate does too): SciPy's weights
    return correlate<R>(input, ndarray<W>(cupp::flip(weights).conj()), k);
  else
    return correlate<R>(input, cupp::flip(weights), k);
}

// ---- Gaussian filters ---------------------------------------------------------------------------

/// `scipy.ndimage.gaussian_filter1d(input, sigma, axis=-1, order=0, mode='reflect', cval=0.0,
/// truncate=4.0, radius=None)`.
template <class R = void, class T>
[[nodiscard]] ndarray<detail::output_t<R, T>>
gaussian_filter1d(const ndarray<T>& input, double sigma, index_t axis = -1, int order = 0,
                  const gaussian1d_kw& kw = {}) {
  const index_t radius = kw.radius ? *kw.radius : static_cast<index_t>(kw.truncate * sigma + 0.5);
  if (radius < 0) throw cupp::value_error("Radius must be a nonnegative integer.");
  auto w = detail::gaussian_kernel1d(sigma, order, radius);
  std::reverse(w.begin(), w.end());
  return correlate1d<R>(input, w, axis, {.mode = kw.mode, .cval = kw.cval, .origin = 0});
}

/// `scipy.ndimage.gaussian_filter(input, sigma, order=0, mode='reflect', cval=0.0, truncate=4.0,
/// radius=None, axes=None)`: one pass per axis whose sigma exceeds 1e-15.
template <class R = void, class T>
[[nodiscard]] ndarray<detail::output_t<R, T>> gaussian_filter(const ndarray<T>& input,
                                                              const per_axis<double>& sigma,
                                                              const gaussian_kw& kw = {}) {
  using Out = detail::output_t<R, T>;
  if constexpr (cupp::is_complex_v<T>) {
    return detail::complex_parts_kw<Out>(input, kw, [&](const auto& part, const auto& k) {
      return gaussian_filter<cupp::real_t<Out>>(part, sigma, k);
    });
  } else {
    const auto all = detail::filter_axes(input.ndim(), kw.axes);
    const auto sigmas = sigma.expand(all.size());
    const auto orders = kw.order.expand(all.size());
    const auto radii = kw.radius ? kw.radius->expand(all.size()) : std::vector<index_t>{};
    const auto all_modes = kw.mode.expand(all.size());
    std::vector<detail::line_pass> passes;
    for (std::size_t k = 0; k < all.size(); ++k) {
      if (sigmas[k] <= 1e-15) continue;
      const index_t r = kw.radius ? radii[k] : static_cast<index_t>(kw.truncate * sigmas[k] + 0.5);
      if (r < 0) throw cupp::value_error("Radius must be a nonnegative integer.");
      auto w = detail::gaussian_kernel1d(sigmas[k], orders[k], r);
      std::reverse(w.begin(), w.end());
      passes.push_back(detail::weights_pass(all[k], std::move(w), 0, all_modes[k]));
    }
    return detail::separable<Out>(input, passes, kw.cval);
  }
}

// ---- uniform, minimum and maximum filters ---------------------------------------------------

/// `scipy.ndimage.uniform_filter1d(input, size, axis=-1, mode='reflect', cval=0.0, origin=0)`.
template <class R = void, class T>
[[nodiscard]] ndarray<detail::output_t<R, T>> uniform_filter1d(const ndarray<T>& input,
                                                               index_t size, index_t axis = -1,
                                                               const filter1d_kw& kw = {}) {
  using Out = detail::output_t<R, T>;
  if constexpr (cupp::is_complex_v<T>) {
    return detail::complex_parts_kw<Out>(input, kw, [&](const auto& part, const auto& k) {
      return uniform_filter1d<cupp::real_t<Out>>(part, size, axis, k);
    });
  } else {
    if (size < 1) throw cupp::value_error("incorrect filter size");
    const int ax = cupp::detail::normalize_axis(axis, input.ndim());
    const index_t shift = detail::window_shift(size, kw.origin);
    return detail::separable<Out>(input, {{detail::line_kind::mean, ax, size, shift, kw.mode}},
                                  kw.cval);
  }
}

/// `scipy.ndimage.uniform_filter(input, size=3, mode='reflect', cval=0.0, origin=0, axes=None)`.
template <class R = void, class T>
[[nodiscard]] ndarray<detail::output_t<R, T>> uniform_filter(const ndarray<T>& input,
                                                             const per_axis<index_t>& size = 3,
                                                             const filter_kw& kw = {}) {
  using Out = detail::output_t<R, T>;
  if constexpr (cupp::is_complex_v<T>) {
    return detail::complex_parts_kw<Out>(input, kw, [&](const auto& part, const auto& k) {
      return uniform_filter<cupp::real_t<Out>>(part, size, k);
    });
  } else {
    const auto all = detail::filter_axes(input.ndim(), kw.axes);
    const auto sizes = size.expand(all.size());
    const auto origins = kw.origin.expand(all.size());
    const auto modes = kw.mode.expand(all.size());
    std::vector<detail::line_pass> passes;
    for (std::size_t k = 0; k < all.size(); ++k) {
      if (sizes[k] < 1) throw cupp::value_error("incorrect filter size");
      if (sizes[k] > 1)
        passes.push_back({detail::line_kind::mean, all[k], sizes[k],
                          detail::window_shift(sizes[k], origins[k]), modes[k]});
    }
    return detail::separable<Out>(input, passes, kw.cval);
  }
}

/// `scipy.ndimage.minimum_filter1d(input, size, axis=-1, mode='reflect', cval=0.0, origin=0)`.
template <class R = void, class T>
[[nodiscard]] ndarray<detail::output_t<R, T>> minimum_filter1d(const ndarray<T>& input,
                                                               index_t size, index_t axis = -1,
                                                               const filter1d_kw& kw = {}) {
  return detail::extreme1d<detail::output_t<R, T>, T, false>(input, size, axis, kw);
}

/// `scipy.ndimage.maximum_filter1d(input, size, axis=-1, mode='reflect', cval=0.0, origin=0)`.
template <class R = void, class T>
[[nodiscard]] ndarray<detail::output_t<R, T>> maximum_filter1d(const ndarray<T>& input,
                                                               index_t size, index_t axis = -1,
                                                               const filter1d_kw& kw = {}) {
  return detail::extreme1d<detail::output_t<R, T>, T, true>(input, size, axis, kw);
}

/// `scipy.ndimage.rank_filter(input, rank, size=None, footprint=None, mode='reflect', cval=0.0,
/// origin=0, axes=None)` with a box of `size`.
template <class R = void, class T>
[[nodiscard]] ndarray<detail::output_t<R, T>> rank_filter(const ndarray<T>& input, index_t rank,
                                                          const per_axis<index_t>& size,
                                                          const filter_kw& kw = {}) {
  return detail::rank_window<detail::output_t<R, T>>(input, detail::box_shape(input, size, kw.axes),
                                                     {}, rank, kw);
}

/// rank_filter with a footprint (a bool array of the input's rank, read on the host).
template <class R = void, class T>
[[nodiscard]] ndarray<detail::output_t<R, T>> rank_filter(const ndarray<T>& input, index_t rank,
                                                          const ndarray<bool>& footprint,
                                                          const filter_kw& kw = {}) {
  return detail::rank_window<detail::output_t<R, T>>(input, footprint.shape(),
                                                     detail::host_mask(footprint), rank, kw);
}

/// `scipy.ndimage.minimum_filter(input, size=None, footprint=None, mode='reflect', cval=0.0,
/// origin=0, axes=None)` with a box of `size` (separable).
template <class R = void, class T>
[[nodiscard]] ndarray<detail::output_t<R, T>>
minimum_filter(const ndarray<T>& input, const per_axis<index_t>& size, const filter_kw& kw = {}) {
  return detail::extreme_window<detail::output_t<R, T>, T, false>(
      input, detail::box_shape(input, size, kw.axes), {}, kw);
}
template <class R = void, class T>
[[nodiscard]] ndarray<detail::output_t<R, T>>
minimum_filter(const ndarray<T>& input, const ndarray<bool>& footprint, const filter_kw& kw = {}) {
  return detail::extreme_window<detail::output_t<R, T>, T, false>(input, footprint.shape(),
                                                                  detail::host_mask(footprint), kw);
}

/// `scipy.ndimage.maximum_filter`, as minimum_filter.
template <class R = void, class T>
[[nodiscard]] ndarray<detail::output_t<R, T>>
maximum_filter(const ndarray<T>& input, const per_axis<index_t>& size, const filter_kw& kw = {}) {
  return detail::extreme_window<detail::output_t<R, T>, T, true>(
      input, detail::box_shape(input, size, kw.axes), {}, kw);
}
template <class R = void, class T>
[[nodiscard]] ndarray<detail::output_t<R, T>>
maximum_filter(const ndarray<T>& input, const ndarray<bool>& footprint, const filter_kw& kw = {}) {
  return detail::extreme_window<detail::output_t<R, T>, T, true>(input, footprint.shape(),
                                                                 detail::host_mask(footprint), kw);
}

/// `scipy.ndimage.median_filter(input, size=None, footprint=None, ...)`: the rank count / 2.
template <class R = void, class T>
[[nodiscard]] ndarray<detail::output_t<R, T>>
median_filter(const ndarray<T>& input, const per_axis<index_t>& size, const filter_kw& kw = {}) {
  const auto shape = detail::box_shape(input, size, kw.axes);
  return rank_filter<R>(input, cupp::shape_size(shape) / 2, size, kw);
}
template <class R = void, class T>
[[nodiscard]] ndarray<detail::output_t<R, T>>
median_filter(const ndarray<T>& input, const ndarray<bool>& footprint, const filter_kw& kw = {}) {
  const auto mask = detail::host_mask(footprint);
  return detail::rank_window<detail::output_t<R, T>>(
      input, footprint.shape(), mask, detail::window_count(footprint.shape(), mask) / 2, kw);
}

/// `scipy.ndimage.percentile_filter(input, percentile, size=None, footprint=None, ...)`.
template <class R = void, class T>
[[nodiscard]] ndarray<detail::output_t<R, T>>
percentile_filter(const ndarray<T>& input, double percentile, const per_axis<index_t>& size,
                  const filter_kw& kw = {}) {
  const auto shape = detail::box_shape(input, size, kw.axes);
  return rank_filter<R>(input, detail::percentile_rank(percentile, cupp::shape_size(shape)), size,
                        kw);
}
template <class R = void, class T>
[[nodiscard]] ndarray<detail::output_t<R, T>>
percentile_filter(const ndarray<T>& input, double percentile, const ndarray<bool>& footprint,
                  const filter_kw& kw = {}) {
  const auto mask = detail::host_mask(footprint);
  return detail::rank_window<detail::output_t<R, T>>(
      input, footprint.shape(), mask,
      detail::percentile_rank(percentile, detail::window_count(footprint.shape(), mask)), kw);
}

/// `scipy.ndimage.generic_filter(input, function, size=None, footprint=None, mode=, cval=,
/// origin=, axes=)` with a `__host__ __device__` functor `function(const T* values, index_t
/// count)` returning a number (stored as the output dtype, as SciPy's): the window's values in
/// C order of the footprint, as SciPy passes them (as float64 there, here in the input's dtype).
/// Windows of up to 256 elements.
template <class R = void, class T, class F>
[[nodiscard]] ndarray<detail::output_t<R, T>> generic_filter(const ndarray<T>& input, F function,
                                                             const per_axis<index_t>& size,
                                                             const filter_kw& kw = {}) {
  return detail::generic_window<detail::output_t<R, T>>(
      input, detail::box_shape(input, size, kw.axes), {}, function, kw);
}
template <class R = void, class T, class F>
[[nodiscard]] ndarray<detail::output_t<R, T>> generic_filter(const ndarray<T>& input, F function,
                                                             const ndarray<bool>& footprint,
                                                             const filter_kw& kw = {}) {
  return detail::generic_window<detail::output_t<R, T>>(input, footprint.shape(),
                                                        detail::host_mask(footprint), function, kw);
}

// ---- derivatives ------------------------------------------------------------------------------

namespace detail {
/// sobel and prewitt: the derivative [-1, 0, 1] along `axis`, `smooth` along every other axis.
template <class R, class T>
ndarray<R> derivative_filter(const ndarray<T>& input, index_t axis,
                             const std::vector<double>& smooth, const per_axis<extend_mode>& mode,
                             const fill_value& cval) {
  if constexpr (cupp::is_complex_v<T>) {
    return complex_parts<R>(input, cval, [&](const auto& part, double cv) {
      return derivative_filter<cupp::real_t<R>>(part, axis, smooth, mode, cv);
    });
  } else {
    const int ax = cupp::detail::normalize_axis(axis, input.ndim());
    const auto modes = mode.expand(static_cast<std::size_t>(input.ndim())); // by axis, as SciPy
    std::vector<line_pass> passes{
        weights_pass(ax, {-1, 0, 1}, 0, modes[static_cast<std::size_t>(ax)])};
    for (int d = 0; d < input.ndim(); ++d)
      if (d != ax) passes.push_back(weights_pass(d, smooth, 0, modes[static_cast<std::size_t>(d)]));
    return separable<R>(input, passes, cval);
  }
}
} // namespace detail

/// `scipy.ndimage.sobel(input, axis=-1, mode='reflect', cval=0.0)`.
template <class R = void, class T>
[[nodiscard]] ndarray<detail::output_t<R, T>> sobel(const ndarray<T>& input, index_t axis = -1,
                                                    const per_axis<extend_mode>& mode = reflect,
                                                    const fill_value& cval = 0.0) {
  return detail::derivative_filter<detail::output_t<R, T>>(input, axis, {1, 2, 1}, mode, cval);
}

/// `scipy.ndimage.prewitt(input, axis=-1, mode='reflect', cval=0.0)`.
template <class R = void, class T>
[[nodiscard]] ndarray<detail::output_t<R, T>> prewitt(const ndarray<T>& input, index_t axis = -1,
                                                      const per_axis<extend_mode>& mode = reflect,
                                                      const fill_value& cval = 0.0) {
  return detail::derivative_filter<detail::output_t<R, T>>(input, axis, {1, 1, 1}, mode, cval);
}

/// `scipy.ndimage.laplace(input, mode='reflect', cval=0.0, axes=None)`: the sum over the axes of
/// the second differences [1, -2, 1], summed in the output dtype.
template <class R = void, class T>
[[nodiscard]] ndarray<detail::output_t<R, T>>
laplace(const ndarray<T>& input, const per_axis<extend_mode>& mode = reflect,
        const fill_value& cval = 0.0, const cupp::axes& axes = cupp::all_axes) {
  using Out = detail::output_t<R, T>;
  if constexpr (cupp::is_complex_v<T>) {
    return detail::complex_parts<Out>(input, cval, [&](const auto& part, double cv) {
      return laplace<cupp::real_t<Out>>(part, mode, cv, axes);
    });
  } else {
    const auto ax = detail::filter_axes(input.ndim(), axes);
    const ndarray<T> in = detail::contiguous(input);
    if (ax.empty()) return cupp::astype<Out>(in);
    const auto modes = mode.expand(ax.size());
    ndarray<Out> out = detail::correlate_axis<Out>(in, ax[0], {1, -2, 1}, 0, modes[0], cval);
    for (std::size_t k = 1; k < ax.size(); ++k)
      out += detail::correlate_axis<Out>(in, ax[k], {1, -2, 1}, 0, modes[k], cval);
    return out;
  }
}

/// `scipy.ndimage.gaussian_laplace(input, sigma, mode='reflect', cval=0.0, truncate, radius,
/// axes)`: the sum over the axes of the Gaussian's second derivative along each.
template <class R = void, class T>
[[nodiscard]] ndarray<detail::output_t<R, T>> gaussian_laplace(const ndarray<T>& input,
                                                               const per_axis<double>& sigma,
                                                               const gaussian_kw& kw = {}) {
  using Out = detail::output_t<R, T>;
  const auto ax = detail::filter_axes(input.ndim(), kw.axes);
  if (ax.empty()) return cupp::astype<Out>(detail::contiguous(input));
  // SciPy's generic_laplace: the derivative along the k-th axis filters every axis with mode k
  const auto modes = kw.mode.expand(ax.size());
  auto derivative2 = [&](std::size_t k) {
    std::vector<int> order(ax.size(), 0);
    order[k] = 2;
    gaussian_kw g = kw;
    g.order = per_axis<int>(order);
    g.mode = modes[k];
    return gaussian_filter<Out>(input, sigma, g);
  };
  ndarray<Out> out = derivative2(0);
  for (std::size_t k = 1; k < ax.size(); ++k)
    out += derivative2(k);
  return out;
}

/// `scipy.ndimage.gaussian_gradient_magnitude(input, sigma, mode='reflect', cval=0.0, ...)`:
/// sqrt of the sum of squared first derivatives of the Gaussian, in the output dtype.
template <class R = void, class T>
[[nodiscard]] ndarray<detail::output_t<R, T>>
gaussian_gradient_magnitude(const ndarray<T>& input, const per_axis<double>& sigma,
                            const gaussian_kw& kw = {}) {
  using Out = detail::output_t<R, T>;
  const auto ax = detail::filter_axes(input.ndim(), kw.axes);
  if (ax.empty()) return cupp::astype<Out>(detail::contiguous(input));
  // as gaussian_laplace: the derivative along the k-th axis with mode k on every axis
  const auto modes = kw.mode.expand(ax.size());
  auto derivative = [&](std::size_t k) {
    std::vector<int> order(ax.size(), 0);
    order[k] = 1;
    gaussian_kw g = kw;
    g.order = per_axis<int>(order);
    g.mode = modes[k];
    return gaussian_filter<Out>(input, sigma, g);
  };
  ndarray<Out> out = derivative(0);
  out = out * out;
  for (std::size_t k = 1; k < ax.size(); ++k) {
    const ndarray<Out> d = derivative(k);
    out += d * d;
  }
  return cupp::astype<Out>(cupp::sqrt(out));
}

} // namespace cupx::ndimage
