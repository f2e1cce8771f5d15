#pragma once
/// \file
/// SciPy's `output=` given as an array: every function of cupx::ndimage whose result is an array
/// of a known shape takes the array to write as one more, last argument and returns it,
/// `nd::gaussian_filter(x, 2.0, {}, out)` for `ndimage.gaussian_filter(x, 2.0, output=out)`. The
/// result is computed in out's dtype (the template argument R of the other form: SciPy's output
/// array sets the dtype the same way) and then stored into `out`, any view (a handle: a temporary
/// view works), which must have the result's shape (cupp::error "output shape not correct", as
/// SciPy's RuntimeError). The computation runs in a buffer of its own, so `out` may be the input.
/// affine_transform takes its output shape from `out` where `.output_shape` is not given (as
/// SciPy). The binary and grey morphology compute in their own dtypes (bool, the input's) and
/// cast into out's, as SciPy's C code stores into any output array. label's output array and
/// distance_transform_edt's `distances=`/`indices=` are with those functions.

#include <cupx/ndimage/filters.hpp>
#include <cupx/ndimage/interpolation.hpp>
#include <cupx/ndimage/morphology.hpp>

#include <cupp/core/error.hpp>
#include <cupp/expr/astype.hpp>

#include <optional>
#include <utility>
#include <vector>

namespace cupx::ndimage {

namespace detail {
/// `result` stored into `out` (cast to its dtype), which must have its shape.
template <class O, class T> ndarray<O> write_output(ndarray<O> out, const ndarray<T>& result) {
  if (out.shape() != result.shape()) throw cupp::error("output shape not correct");
  out.assign(cupp::astype<O>(result));
  return out;
}
} // namespace detail

// ---- filters ----------------------------------------------------------------------------------

template <class O, class T, class W = double>
ndarray<O> correlate1d(const ndarray<T>& input, const std::vector<W>& weights, index_t axis,
                       const filter1d_kw& kw, ndarray<O> out) {
  return detail::write_output(std::move(out), correlate1d<O>(input, weights, axis, kw));
}
template <class O, class T, class W = double>
ndarray<O> convolve1d(const ndarray<T>& input, const std::vector<W>& weights, index_t axis,
                      const filter1d_kw& kw, ndarray<O> out) {
  return detail::write_output(std::move(out), convolve1d<O>(input, weights, axis, kw));
}
template <class O, class T, class W>
ndarray<O> correlate(const ndarray<T>& input, const ndarray<W>& weights, const filter_kw& kw,
                     ndarray<O> out) {
  return detail::write_output(std::move(out), correlate<O>(input, weights, kw));
}
template <class O, class T, class W>
ndarray<O> convolve(const ndarray<T>& input, const ndarray<W>& weights, const filter_kw& kw,
                    ndarray<O> out) {
  return detail::write_output(std::move(out), convolve<O>(input, weights, kw));
}
template <class O, class T>
ndarray<O> gaussian_filter1d(const ndarray<T>& input, double sigma, index_t axis, int order,
                             const gaussian1d_kw& kw, ndarray<O> out) {
  return detail::write_output(std::move(out), gaussian_filter1d<O>(input, sigma, axis, order, kw));
}
template <class O, class T>
ndarray<O> gaussian_filter(const ndarray<T>& input, const per_axis<double>& sigma,
                           const gaussian_kw& kw, ndarray<O> out) {
  return detail::write_output(std::move(out), gaussian_filter<O>(input, sigma, kw));
}
template <class O, class T>
ndarray<O> gaussian_laplace(const ndarray<T>& input, const per_axis<double>& sigma,
                            const gaussian_kw& kw, ndarray<O> out) {
  return detail::write_output(std::move(out), gaussian_laplace<O>(input, sigma, kw));
}
template <class O, class T>
ndarray<O> gaussian_gradient_magnitude(const ndarray<T>& input, const per_axis<double>& sigma,
                                       const gaussian_kw& kw, ndarray<O> out) {
  return detail::write_output(std::move(out), gaussian_gradient_magnitude<O>(input, sigma, kw));
}
template <class O, class T>
ndarray<O> uniform_filter1d(const ndarray<T>& input, index_t size, index_t axis,
                            const filter1d_kw& kw, ndarray<O> out) {
  return detail::write_output(std::move(out), uniform_filter1d<O>(input, size, axis, kw));
}
template <class O, class T>
ndarray<O> minimum_filter1d(const ndarray<T>& input, index_t size, index_t axis,
                            const filter1d_kw& kw, ndarray<O> out) {
  return detail::write_output(std::move(out), minimum_filter1d<O>(input, size, axis, kw));
}
template <class O, class T>
ndarray<O> maximum_filter1d(const ndarray<T>& input, index_t size, index_t axis,
                            const filter1d_kw& kw, ndarray<O> out) {
  return detail::write_output(std::move(out), maximum_filter1d<O>(input, size, axis, kw));
}
template <class O, class T>
ndarray<O> uniform_filter(const ndarray<T>& input, const per_axis<index_t>& size,
                          const filter_kw& kw, ndarray<O> out) {
  return detail::write_output(std::move(out), uniform_filter<O>(input, size, kw));
}
/// The window filters: `Window` is a size (per_axis, also from a braced list) or a footprint.
template <class O, class T, class Window = per_axis<index_t>>
ndarray<O> minimum_filter(const ndarray<T>& input, const Window& window, const filter_kw& kw,
                          ndarray<O> out) {
  return detail::write_output(std::move(out), minimum_filter<O>(input, window, kw));
}
template <class O, class T, class Window = per_axis<index_t>>
ndarray<O> maximum_filter(const ndarray<T>& input, const Window& window, const filter_kw& kw,
                          ndarray<O> out) {
  return detail::write_output(std::move(out), maximum_filter<O>(input, window, kw));
}
template <class O, class T, class Window = per_axis<index_t>>
ndarray<O> median_filter(const ndarray<T>& input, const Window& window, const filter_kw& kw,
                         ndarray<O> out) {
  return detail::write_output(std::move(out), median_filter<O>(input, window, kw));
}
template <class O, class T, class Window = per_axis<index_t>>
ndarray<O> rank_filter(const ndarray<T>& input, index_t rank, const Window& window,
                       const filter_kw& kw, ndarray<O> out) {
  return detail::write_output(std::move(out), rank_filter<O>(input, rank, window, kw));
}
template <class O, class T, class Window = per_axis<index_t>>
ndarray<O> percentile_filter(const ndarray<T>& input, double percentile, const Window& window,
                             const filter_kw& kw, ndarray<O> out) {
  return detail::write_output(std::move(out), percentile_filter<O>(input, percentile, window, kw));
}
template <class O, class T, class F, class Window = per_axis<index_t>>
ndarray<O> generic_filter(const ndarray<T>& input, F function, const Window& window,
                          const filter_kw& kw, ndarray<O> out) {
  return detail::write_output(std::move(out), generic_filter<O>(input, function, window, kw));
}
template <class O, class T>
ndarray<O> sobel(const ndarray<T>& input, index_t axis, const per_axis<extend_mode>& mode,
                 const fill_value& cval, ndarray<O> out) {
  return detail::write_output(std::move(out), sobel<O>(input, axis, mode, cval));
}
template <class O, class T>
ndarray<O> prewitt(const ndarray<T>& input, index_t axis, const per_axis<extend_mode>& mode,
                   const fill_value& cval, ndarray<O> out) {
  return detail::write_output(std::move(out), prewitt<O>(input, axis, mode, cval));
}
template <class O, class T>
ndarray<O> laplace(const ndarray<T>& input, const per_axis<extend_mode>& mode,
                   const fill_value& cval, const cupp::axes& axes, ndarray<O> out) {
  return detail::write_output(std::move(out), laplace<O>(input, mode, cval, axes));
}

// ---- interpolation ----------------------------------------------------------------------------

template <class O, class T>
ndarray<O> spline_filter1d(const ndarray<T>& input, int order, index_t axis, extend_mode mode,
                           ndarray<O> out) {
  return detail::write_output(std::move(out), spline_filter1d<O>(input, order, axis, mode));
}
template <class O, class T>
ndarray<O> spline_filter(const ndarray<T>& input, int order, extend_mode mode, ndarray<O> out) {
  return detail::write_output(std::move(out), spline_filter<O>(input, order, mode));
}
template <class O, class T, class C>
ndarray<O> map_coordinates(const ndarray<T>& input, const ndarray<C>& coordinates,
                           const interp_kw& kw, ndarray<O> out) {
  return detail::write_output(std::move(out), map_coordinates<O>(input, coordinates, kw));
}
/// `Matrix` is affine_transform's: a vector (diagonal or homogeneous, flattened) or rows.
template <class O, class T, class Matrix = std::vector<double>>
ndarray<O> affine_transform(const ndarray<T>& input, const Matrix& matrix, affine_kw kw,
                            ndarray<O> out) {
  if (!kw.output_shape) kw.output_shape = out.shape();
  return detail::write_output(std::move(out), affine_transform<O>(input, matrix, kw));
}
template <class O, class T>
ndarray<O> shift(const ndarray<T>& input, const per_axis<double>& shift, const interp_kw& kw,
                 ndarray<O> out) {
  return detail::write_output(std::move(out), ndimage::shift<O>(input, shift, kw));
}
template <class O, class T>
ndarray<O> zoom(const ndarray<T>& input, const per_axis<double>& zoom, const zoom_kw& kw,
                ndarray<O> out) {
  return detail::write_output(std::move(out), ndimage::zoom<O>(input, zoom, kw));
}
template <class O, class T>
ndarray<O> rotate(const ndarray<T>& input, double angle, const rotate_kw& kw, ndarray<O> out) {
  return detail::write_output(std::move(out), rotate<O>(input, angle, kw));
}

// ---- morphology -------------------------------------------------------------------------------

/// The binary operators: `structure` std::nullopt for SciPy's default.
template <class O, class T>
ndarray<O> binary_erosion(const ndarray<T>& input, const std::optional<ndarray<bool>>& structure,
                          const binary_kw& kw, ndarray<O> out) {
  return detail::write_output(std::move(out), detail::binary_erode(input, structure, kw, false));
}
template <class O, class T>
ndarray<O> binary_dilation(const ndarray<T>& input, const std::optional<ndarray<bool>>& structure,
                           const binary_kw& kw, ndarray<O> out) {
  return detail::write_output(std::move(out), detail::binary_erode(input, structure, kw, true));
}
template <class O, class T>
ndarray<O> binary_opening(const ndarray<T>& input, const std::optional<ndarray<bool>>& structure,
                          const binary_kw& kw, ndarray<O> out) {
  return detail::write_output(std::move(out), binary_opening(input, structure, kw));
}
template <class O, class T>
ndarray<O> binary_closing(const ndarray<T>& input, const std::optional<ndarray<bool>>& structure,
                          const binary_kw& kw, ndarray<O> out) {
  return detail::write_output(std::move(out), binary_closing(input, structure, kw));
}
template <class O, class T>
ndarray<O> binary_propagation(const ndarray<T>& input,
                              const std::optional<ndarray<bool>>& structure,
                              const propagation_kw& kw, ndarray<O> out) {
  return detail::write_output(std::move(out), binary_propagation(input, structure, kw));
}
template <class O, class T>
ndarray<O> binary_fill_holes(const ndarray<T>& input, const std::optional<ndarray<bool>>& structure,
                             const per_axis<index_t>& origin, const cupp::axes& axes,
                             ndarray<O> out) {
  return detail::write_output(std::move(out), binary_fill_holes(input, structure, origin, axes));
}
/// The grey operators: `Window` is a size (per_axis, also from a braced list) or a footprint.
template <class O, class T, class Window = per_axis<index_t>>
ndarray<O> grey_erosion(const ndarray<T>& input, const Window& window, const filter_kw& kw,
                        ndarray<O> out) {
  return detail::write_output(std::move(out), grey_erosion(input, window, kw));
}
template <class O, class T, class Window = per_axis<index_t>>
ndarray<O> grey_dilation(const ndarray<T>& input, const Window& window, const filter_kw& kw,
                         ndarray<O> out) {
  return detail::write_output(std::move(out), grey_dilation(input, window, kw));
}
template <class O, class T, class Window = per_axis<index_t>>
ndarray<O> grey_opening(const ndarray<T>& input, const Window& window, const filter_kw& kw,
                        ndarray<O> out) {
  return detail::write_output(std::move(out), grey_opening(input, window, kw));
}
template <class O, class T, class Window = per_axis<index_t>>
ndarray<O> grey_closing(const ndarray<T>& input, const Window& window, const filter_kw& kw,
                        ndarray<O> out) {
  return detail::write_output(std::move(out), grey_closing(input, window, kw));
}
template <class O, class T, class Window = per_axis<index_t>>
ndarray<O> morphological_gradient(const ndarray<T>& input, const Window& window,
                                  const filter_kw& kw, ndarray<O> out) {
  return detail::write_output(std::move(out), morphological_gradient(input, window, kw));
}
template <class O, class T, class Window = per_axis<index_t>>
ndarray<O> white_tophat(const ndarray<T>& input, const Window& window, const filter_kw& kw,
                        ndarray<O> out) {
  return detail::write_output(std::move(out), white_tophat(input, window, kw));
}
template <class O, class T, class Window = per_axis<index_t>>
ndarray<O> black_tophat(const ndarray<T>& input, const Window& window, const filter_kw& kw,
                        ndarray<O> out) {
  return detail::write_output(std::move(out), black_tophat(input, window, kw));
}

} // namespace cupx::ndimage
