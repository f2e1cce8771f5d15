#pragma once
/// \file
/// `cupx::ndimage`'s interpolation, scipy.ndimage's: spline_filter1d spline_filter map_coordinates
/// affine_transform shift zoom rotate.
///
/// As SciPy: the input is prefiltered into B-spline coefficients of the given order (2 to 5;
/// orders 0 and 1 interpolate the samples themselves, read in place) in float64 — the causal and
/// anti-causal recursions with the poles of the B-spline and ni_splines.c's initial conditions
/// per mode, over chunks of each line (detail/spline.hpp) —, 'nearest' and 'grid-constant' first
/// pad the input by 12 samples (SciPy's _prepad_for_spline_filter); then one kernel maps every
/// output position to an input coordinate and sums the (order + 1)^ndim coefficients around it
/// with ni_interpolation.c's boundary handling (detail/interp_eval.hpp). Results have the
/// input's dtype unless asked for another (integers round half away from zero and saturate, as
/// SciPy's); the spline filters return float64 by default. Complex input: each part alone (as
/// SciPy). Nothing syncs the device.

#include <cupx/ndimage/arguments.hpp>
#include <cupx/ndimage/detail/complex_parts.hpp>
#include <cupx/ndimage/detail/interp_eval.hpp>
#include <cupx/ndimage/detail/spline.hpp>

#include <cupp/core/config.hpp>
#include <cupp/core/error.hpp>
#include <cupp/core/keywords.hpp>
#include <cupp/creation.hpp>
#include <cupp/detail/launch.hpp>
#include <cupp/expr/astype.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/ndarray.hpp>

#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace cupx::ndimage {

using cupp::ndarray;

/// Keywords of map_coordinates, shift and affine_transform's siblings:
/// `{.order = 1, .mode = nd::nearest, .cval = 0.0, .prefilter = true}`.
struct interp_kw {
  cupp::detail::kw_guard guard_{};
  int order = 3;
  extend_mode mode = constant;
  fill_value cval = 0.0;
  bool prefilter = true;
};

/// Keywords of affine_transform: interp_kw's and `.offset`, `.output_shape`.
struct affine_kw {
  cupp::detail::kw_guard guard_{};
  per_axis<double> offset = 0.0;
  std::optional<cupp::shape_t> output_shape = std::nullopt;
  int order = 3;
  extend_mode mode = constant;
  fill_value cval = 0.0;
  bool prefilter = true;
};

/// Keywords of zoom: interp_kw's and `.grid_mode`.
struct zoom_kw {
  cupp::detail::kw_guard guard_{};
  int order = 3;
  extend_mode mode = constant;
  fill_value cval = 0.0;
  bool prefilter = true;
  bool grid_mode = false;
};

/// Keywords of rotate: the plane `.axes`, `.reshape` and interp_kw's.
struct rotate_kw {
  cupp::detail::kw_guard guard_{};
  std::array<int, 2> axes = {1, 0};
  bool reshape = true;
  int order = 3;
  extend_mode mode = constant;
  fill_value cval = 0.0;
  bool prefilter = true;
};

namespace detail {

inline std::string tuple_str(const cupp::shape_t& s) {
  std::string out = "(";
  for (int d = 0; d < s.size(); ++d)
    out += (d ? ", " : "") + std::to_string(s[d]);
  return out + (s.size() == 1 ? ",)" : ")");
}

inline std::string unit_row(int nd) {
  std::string out = "[";
  for (int d = 0; d <= nd; ++d)
    out += std::string(d ? ", " : "") + (d == nd ? "1" : "0");
  return out + "]";
}

template <class R, class T> using interp_out_t = std::conditional_t<std::is_void_v<R>, T, R>;
/// The spline filters' output: float64 (complex128 for complex input) unless asked for another.
template <class R, class T>
using spline_out_t =
    std::conditional_t<std::is_void_v<R>,
                       std::conditional_t<cupp::is_complex_v<T>, cupp::complex128, double>, R>;

/// The evaluator's fields over coefficients `coef`, padded by `npad` samples on every side.
template <class R, class CT>
interp_eval<R, CT> make_eval(const ndarray<CT>& coef, index_t npad, int order, extend_mode mode,
                             double cval) {
  interp_eval<R, CT> f;
  f.coef = coef.data();
  f.ndim = coef.ndim();
  f.order = order;
  f.mode = ni_mode_of(mode);
  f.spline_mode =
      (f.mode == ni_mode::constant || f.mode == ni_mode::wrap) ? ni_mode::mirror : f.mode;
  f.cval = cval;
  f.npad = static_cast<double>(npad);
  for (int d = 0; d < f.ndim; ++d) {
    f.in_shape[d] = coef.shape()[d];
    f.in_strides[d] = coef.strides()[d];
  }
  return f;
}

template <class R, class CT>
ndarray<R> run_eval(interp_eval<R, CT> f, const cupp::shape_t& out_shape) {
  f.out_ndim = static_cast<int>(out_shape.size());
  for (int d = 0; d < f.out_ndim; ++d)
    f.out_shape[d] = out_shape[d];
  ndarray<R> out(out_shape);
  const index_t n = out.size();
  if (n == 0) return out;
  // zoom_shift: an axis's taps depend on the output index along it alone, so they are computed
  // once per index into tables (a few thousand threads) and the kernel reads them, instead of
  // every element mapping its coordinates and computing its weights again
  ndarray<index_t> offs;
  ndarray<double> ws;
  ndarray<std::uint8_t> flags;
  const bool tabled = f.kind == mapping_kind::zoom_shift;
  if (tabled) {
    index_t total = 0;
    for (int d = 0; d < f.ndim; ++d) {
      f.tap_base[d] = total;
      total += out_shape[d];
    }
    offs = ndarray<index_t>({(f.order + 1) * total});
    ws = ndarray<double>({(f.order + 1) * total});
    flags = ndarray<std::uint8_t>({total});
    cupp::detail::launch_for_each(total,
                                  tap_table_kernel<R, CT>{f, offs.data(), ws.data(), flags.data()});
    f.tap_off = offs.data();
    f.tap_w = ws.data();
    f.tap_flags = flags.data();
  }
  // the code for 1 or 2 axes (registers) where the output has as many or reads coordinates,
  // with 2, 4 or 6 taps per axis (orders 0-1, 2-3, 4-5); run-time loops otherwise
  const bool same_axes = f.kind == mapping_kind::coordinates || f.out_ndim == f.ndim;
  R* const o = out.data();
  const auto run = [&]<int D, int K>() {
    if (tabled)
      cupp::detail::launch_for_each(n, interp_kernel<R, CT, D, K, true>{o, f});
    else
      cupp::detail::launch_for_each(n, interp_kernel<R, CT, D, K>{o, f});
  };
  if (same_axes && f.ndim == 1 && f.order <= 1)
    run.template operator()<1, 2>();
  else if (same_axes && f.ndim == 1 && f.order <= 3)
    run.template operator()<1, 4>();
  else if (same_axes && f.ndim == 1)
    run.template operator()<1, max_taps>();
  else if (same_axes && f.ndim == 2 && f.order <= 1)
    run.template operator()<2, 2>();
  else if (same_axes && f.ndim == 2 && f.order <= 3)
    run.template operator()<2, 4>();
  else if (same_axes && f.ndim == 2)
    run.template operator()<2, max_taps>();
  else
    run.template operator()<cupp::max_dims, max_taps>();
  return out;
}

/// Interpolates `input` at the coordinates of every element of an `out_shape` output, as
/// `with_mapping(f)` (which returns the evaluator with its mapping set) has them: from the
/// prefiltered float64 coefficients for splines of order > 1, from the input itself otherwise
/// (any strides, no copy).
template <class R, class T, class Mapping>
ndarray<R> interpolate(const ndarray<T>& input, const cupp::shape_t& out_shape, int order,
                       extend_mode mode, const fill_value& cval, bool prefilter,
                       Mapping with_mapping) {
  check_order(order);
  if (input.ndim() < 1 || out_shape.size() < 1)
    throw cupp::error("input and output rank must be > 0");
  if (input.ndim() > cupp::max_dims) throw cupp::value_error("too many dimensions");
  if constexpr (cupp::is_complex_v<T>) {
    return complex_parts<R>(input, cval, [&](const auto& part, double cv) {
      return interpolate<cupp::real_t<R>>(part, out_shape, order, mode, cv, prefilter,
                                          with_mapping);
    });
  } else {
    if (prefilter && order > 1) {
      index_t npad = 0;
      const ndarray<double> coef = spline_coefficients(input, order, mode, cval, npad);
      return run_eval(with_mapping(make_eval<R>(coef, npad, order, mode, cval)), out_shape);
    }
    return run_eval(with_mapping(make_eval<R>(input, 0, order, mode, cval)), out_shape);
  }
}

/// SciPy's zoom_shift path (shift, zoom and affine_transform of a 1-D matrix).
template <class R, class T>
ndarray<R> zoom_shift(const ndarray<T>& input, const std::vector<double>* zoom,
                      const std::vector<double>* shift, const cupp::shape_t& out_shape, int order,
                      extend_mode mode, const fill_value& cval, bool prefilter, bool grid_mode) {
  return interpolate<R>(input, out_shape, order, mode, cval, prefilter, [&](auto f) {
    f.kind = mapping_kind::zoom_shift;
    f.grid_mode = grid_mode;
    f.has_zoom = zoom != nullptr;
    f.has_shift = shift != nullptr;
    for (int d = 0; d < input.ndim(); ++d) {
      if (zoom) f.zoom[d] = (*zoom)[static_cast<std::size_t>(d)];
      if (shift) f.shift[d] = (*shift)[static_cast<std::size_t>(d)];
    }
    return f;
  });
}

/// SciPy's geometric_transform path of a 2-D matrix (ndim x out_ndim, row-major) and offsets.
template <class R, class T>
ndarray<R> matrix_transform(const ndarray<T>& input, const std::vector<double>& matrix,
                            const std::vector<double>& offset, const cupp::shape_t& out_shape,
                            int order, extend_mode mode, const fill_value& cval, bool prefilter) {
  std::vector<double> table(matrix);
  table.insert(table.end(), offset.begin(), offset.end());
  const ndarray<double> t = cupp::asarray(table.data(), {static_cast<index_t>(table.size())});
  return interpolate<R>(input, out_shape, order, mode, cval, prefilter, [&](auto f) {
    f.kind = mapping_kind::matrix;
    f.table = t.data();
    return f;
  });
}

} // namespace detail

/// `scipy.ndimage.spline_filter1d(input, order=3, axis=-1, output=np.float64, mode='mirror')`:
/// the B-spline coefficients along one axis, as R (float64 by default, complex128 for complex
/// input: each part filtered alone).
template <class R = void, class T>
ndarray<detail::spline_out_t<R, T>> spline_filter1d(const ndarray<T>& input, int order = 3,
                                                    index_t axis = -1, extend_mode mode = mirror) {
  using Out = detail::spline_out_t<R, T>;
  detail::check_order(order);
  if constexpr (cupp::is_complex_v<T>) {
    return detail::complex_parts<Out>(input, 0.0, [&](const auto& part, double) {
      return spline_filter1d<cupp::real_t<Out>>(part, order, axis, mode);
    });
  } else {
    if (input.ndim() == 0) return cupp::astype<Out>(input);
    const int ax = cupp::detail::normalize_axis(axis, input.ndim());
    ndarray<double> c = detail::float64_copy(input);
    if (order > 1) detail::spline_filter_axis(c, ax, order, mode);
    if constexpr (std::is_same_v<Out, double>)
      return c;
    else
      return cupp::astype<Out>(c);
  }
}

/// `scipy.ndimage.spline_filter(input, order=3, output=np.float64, mode='mirror')`: the
/// coefficients along every axis (orders 2 to 5).
template <class R = void, class T>
ndarray<detail::spline_out_t<R, T>> spline_filter(const ndarray<T>& input, int order = 3,
                                                  extend_mode mode = mirror) {
  using Out = detail::spline_out_t<R, T>;
  if (order < 2 || order > 5) throw cupp::error("spline order not supported");
  if constexpr (cupp::is_complex_v<T>) {
    return detail::complex_parts<Out>(input, 0.0, [&](const auto& part, double) {
      return spline_filter<cupp::real_t<Out>>(part, order, mode);
    });
  } else {
    ndarray<double> c = detail::float64_copy(input);
    for (int d = 0; d < c.ndim(); ++d)
      detail::spline_filter_axis(c, d, order, mode);
    if constexpr (std::is_same_v<Out, double>)
      return c;
    else
      return cupp::astype<Out>(c);
  }
}

/// `scipy.ndimage.map_coordinates(input, coordinates, order=3, mode='constant', cval=0.0,
/// prefilter=True)`: `coordinates` of shape (input.ndim, ...) holds the input coordinates of
/// every output element; the result has shape coordinates.shape[1:].
template <class R = void, class T, class C>
ndarray<detail::interp_out_t<R, T>>
map_coordinates(const ndarray<T>& input, const ndarray<C>& coordinates, const interp_kw& kw = {}) {
  using O = detail::interp_out_t<R, T>;
  detail::check_order(kw.order);
  if (coordinates.ndim() < 1) throw cupp::error("invalid shape for coordinate array");
  cupp::shape_t out_shape;
  for (int d = 1; d < coordinates.ndim(); ++d)
    out_shape.push_back(coordinates.shape()[d]);
  if (input.ndim() < 1 || out_shape.size() < 1)
    throw cupp::error("input and output rank must be > 0");
  if (coordinates.shape()[0] != input.ndim())
    throw cupp::error("invalid shape for coordinate array");
  const ndarray<double> table = detail::float64_contiguous(coordinates);
  return detail::interpolate<O>(input, out_shape, kw.order, kw.mode, kw.cval, kw.prefilter,
                                [&](auto f) {
                                  f.kind = detail::mapping_kind::coordinates;
                                  f.table = table.data();
                                  f.points = table.size() / input.ndim();
                                  return f;
                                });
}

/// `scipy.ndimage.affine_transform(input, matrix, offset=0.0, output_shape=None, order=3,
/// mode='constant', cval=0.0, prefilter=True)` of a 1-D matrix (the diagonal: SciPy's zoom_shift).
template <class R = void, class T>
ndarray<detail::interp_out_t<R, T>> affine_transform(const ndarray<T>& input,
                                                     const std::vector<double>& matrix,
                                                     const affine_kw& kw = {}) {
  using O = detail::interp_out_t<R, T>;
  detail::check_order(kw.order);
  const cupp::shape_t out_shape = kw.output_shape.value_or(input.shape());
  if (input.ndim() < 1 || out_shape.size() < 1)
    throw cupp::error("input and output rank must be > 0");
  if (matrix.empty()) throw cupp::error("no proper affine matrix provided");
  if (static_cast<int>(matrix.size()) != input.ndim())
    throw cupp::error("affine matrix has wrong number of rows");
  // the diagonal of an (ndim, ndim) matrix: as many columns as output axes, as the 2-D form's
  if (matrix.size() != static_cast<std::size_t>(out_shape.size()))
    throw cupp::error("affine matrix has wrong number of columns");
  const auto offset = kw.offset.expand(static_cast<std::size_t>(input.ndim()));
  std::vector<double> shift(offset.size());
  for (std::size_t d = 0; d < offset.size(); ++d)
    shift[d] = offset[d] / matrix[d];
  return detail::zoom_shift<O>(input, &matrix, &shift, out_shape, kw.order, kw.mode, kw.cval,
                               kw.prefilter, false);
}

/// affine_transform of a 2-D matrix given by rows: (ndim, out_ndim), (ndim, ndim + 1) (the last
/// column the offset) or (ndim + 1, ndim + 1) (homogeneous, bottom row [0, ..., 0, 1]).
template <class R = void, class T>
ndarray<detail::interp_out_t<R, T>> affine_transform(const ndarray<T>& input,
                                                     const std::vector<std::vector<double>>& matrix,
                                                     const affine_kw& kw = {}) {
  using O = detail::interp_out_t<R, T>;
  detail::check_order(kw.order);
  const cupp::shape_t out_shape = kw.output_shape.value_or(input.shape());
  const int nd = input.ndim();
  if (nd < 1 || out_shape.size() < 1) throw cupp::error("input and output rank must be > 0");
  if (matrix.empty()) throw cupp::error("no proper affine matrix provided");
  const std::size_t cols = matrix[0].size();
  for (const auto& row : matrix)
    if (row.size() != cols) throw cupp::value_error("the matrix's rows must have equal lengths");
  std::vector<double> offset;
  std::size_t rows = matrix.size(), use_cols = cols;
  if (cols == static_cast<std::size_t>(nd + 1) &&
      (rows == static_cast<std::size_t>(nd) || rows == static_cast<std::size_t>(nd + 1))) {
    if (rows == static_cast<std::size_t>(nd + 1)) {
      for (std::size_t c = 0; c < cols; ++c)
        if (matrix[static_cast<std::size_t>(nd)][c] !=
            (c == static_cast<std::size_t>(nd) ? 1.0 : 0.0))
          throw cupp::value_error("Expected homogeneous transformation matrix with shape (" +
                                  std::to_string(rows) + ", " + std::to_string(cols) +
                                  ") for image shape " + detail::tuple_str(input.shape()) +
                                  ", but bottom row was not equal to " + detail::unit_row(nd));
    }
    for (int h = 0; h < nd; ++h)
      offset.push_back(matrix[static_cast<std::size_t>(h)][static_cast<std::size_t>(nd)]);
    rows = static_cast<std::size_t>(nd);
    use_cols = static_cast<std::size_t>(nd);
  } else {
    offset = kw.offset.expand(static_cast<std::size_t>(nd));
  }
  if (rows != static_cast<std::size_t>(nd))
    throw cupp::error("affine matrix has wrong number of rows");
  if (use_cols != static_cast<std::size_t>(out_shape.size()))
    throw cupp::error("affine matrix has wrong number of columns");
  std::vector<double> flat;
  for (std::size_t h = 0; h < rows; ++h)
    flat.insert(flat.end(), matrix[h].begin(), matrix[h].begin() + static_cast<long>(use_cols));
  return detail::matrix_transform<O>(input, flat, offset, out_shape, kw.order, kw.mode, kw.cval,
                                     kw.prefilter);
}

/// `scipy.ndimage.shift(input, shift, order=3, mode='constant', cval=0.0, prefilter=True)`.
template <class R = void, class T>
ndarray<detail::interp_out_t<R, T>> shift(const ndarray<T>& input, const per_axis<double>& shift,
                                          const interp_kw& kw = {}) {
  using O = detail::interp_out_t<R, T>;
  detail::check_order(kw.order);
  if (input.ndim() < 1) throw cupp::error("input and output rank must be > 0");
  auto s = shift.expand(static_cast<std::size_t>(input.ndim()));
  for (double& v : s)
    v = -v;
  return detail::zoom_shift<O>(input, nullptr, &s, input.shape(), kw.order, kw.mode, kw.cval,
                               kw.prefilter, false);
}

/// `scipy.ndimage.zoom(input, zoom, order=3, mode='constant', cval=0.0, prefilter=True, *,
/// grid_mode=False)`: output shape round(shape * zoom).
template <class R = void, class T>
ndarray<detail::interp_out_t<R, T>> zoom(const ndarray<T>& input, const per_axis<double>& zoom,
                                         const zoom_kw& kw = {}) {
  using O = detail::interp_out_t<R, T>;
  detail::check_order(kw.order);
  if (input.ndim() < 1) throw cupp::error("input and output rank must be > 0");
  const auto z = zoom.expand(static_cast<std::size_t>(input.ndim()));
  cupp::shape_t out_shape;
  bool all_one = true;
  for (int d = 0; d < input.ndim(); ++d) {
    // Python's round(): half to even
    out_shape.push_back(static_cast<index_t>(
        std::nearbyint(static_cast<double>(input.shape()[d]) * z[static_cast<std::size_t>(d)])));
    all_one = all_one && z[static_cast<std::size_t>(d)] == 1.0;
  }
  if (all_one && kw.prefilter) return ndarray<O>(cupp::astype<O>(input));
  std::vector<double> ratio(z.size());
  for (int d = 0; d < input.ndim(); ++d) {
    auto div = static_cast<double>(out_shape[d]), num = static_cast<double>(input.shape()[d]);
    if (!kw.grid_mode) {
      div -= 1;
      num -= 1;
    }
    ratio[static_cast<std::size_t>(d)] = div != 0 ? num / div : 1.0;
  }
  return detail::zoom_shift<O>(input, &ratio, nullptr, out_shape, kw.order, kw.mode, kw.cval,
                               kw.prefilter, kw.grid_mode);
}

namespace detail {

/// SciPy's special.cosdg and sindg: exact at multiples of 90 degrees.
inline std::array<double, 2> cos_sin_degrees(double angle) {
  const double r = std::fmod(angle, 360.0);
  const double q = r / 90.0;
  if (q == std::floor(q)) {
    const int k = ((static_cast<int>(q) % 4) + 4) % 4;
    constexpr double c[4] = {1, 0, -1, 0}, s[4] = {0, 1, 0, -1};
    return {c[k], s[k]};
  }
  const double a = r * 3.14159265358979323846 / 180.0;
  return {std::cos(a), std::sin(a)};
}

} // namespace detail

/// `scipy.ndimage.rotate(input, angle, axes=(1, 0), reshape=True, order=3, mode='constant',
/// cval=0.0, prefilter=True)`: angle in degrees, in the plane of `axes`. Over more than 2
/// dimensions the transform is one N-D affine map, the identity along the other axes (SciPy
/// rotates plane by plane: the same values to rounding).
template <class R = void, class T>
ndarray<detail::interp_out_t<R, T>> rotate(const ndarray<T>& input, double angle,
                                           const rotate_kw& kw = {}) {
  const int nd = input.ndim();
  if (nd < 2) throw cupp::value_error("input array should be at least 2D");
  int a0 = kw.axes[0], a1 = kw.axes[1];
  if (a0 < 0) a0 += nd;
  if (a1 < 0) a1 += nd;
  if (a0 < 0 || a1 < 0 || a0 >= nd || a1 >= nd)
    throw cupp::value_error("invalid rotation plane specified");
  if (a0 > a1) std::swap(a0, a1);
  const auto [c, s] = detail::cos_sin_degrees(angle);
  const double rot[2][2] = {{c, s}, {-s, c}};
  const auto iy = static_cast<double>(input.shape()[a0]),
             ix = static_cast<double>(input.shape()[a1]);
  index_t out_plane[2] = {input.shape()[a0], input.shape()[a1]};
  if (kw.reshape) {
    const double by[4] = {0, 0, iy, iy}, bx[4] = {0, ix, 0, ix};
    for (int r = 0; r < 2; ++r) {
      double lo = 0, hi = 0;
      for (int k = 0; k < 4; ++k) {
        const double v = rot[r][0] * by[k] + rot[r][1] * bx[k];
        lo = k == 0 ? v : std::min(lo, v);
        hi = k == 0 ? v : std::max(hi, v);
      }
      out_plane[r] = static_cast<index_t>(hi - lo + 0.5);
    }
  }
  const double oc[2] = {(static_cast<double>(out_plane[0]) - 1) / 2,
                        (static_cast<double>(out_plane[1]) - 1) / 2};
  const double ic[2] = {(iy - 1) / 2, (ix - 1) / 2};
  const double off[2] = {ic[0] - (rot[0][0] * oc[0] + rot[0][1] * oc[1]),
                         ic[1] - (rot[1][0] * oc[0] + rot[1][1] * oc[1])};
  cupp::shape_t out_shape = input.shape();
  out_shape[a0] = out_plane[0];
  out_shape[a1] = out_plane[1];
  std::vector<std::vector<double>> m(static_cast<std::size_t>(nd),
                                     std::vector<double>(static_cast<std::size_t>(nd), 0.0));
  std::vector<double> offset(static_cast<std::size_t>(nd), 0.0);
  for (int d = 0; d < nd; ++d)
    m[static_cast<std::size_t>(d)][static_cast<std::size_t>(d)] = 1.0;
  const int ax[2] = {a0, a1};
  for (int r = 0; r < 2; ++r) {
    offset[static_cast<std::size_t>(ax[r])] = off[r];
    for (int k = 0; k < 2; ++k)
      m[static_cast<std::size_t>(ax[r])][static_cast<std::size_t>(ax[k])] = rot[r][k];
  }
  return affine_transform<R>(input, m,
                             {.offset = per_axis<double>(offset),
                              .output_shape = out_shape,
                              .order = kw.order,
                              .mode = kw.mode,
                              .cval = kw.cval,
                              .prefilter = kw.prefilter});
}

} // namespace cupx::ndimage
