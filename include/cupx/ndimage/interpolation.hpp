#pragma once
/// \file
/// `cupx::ndimage`'s interpolation, scipy.ndimage's: spline_filter1d spline_filter map_coordinates
/// affine_transform shift zoom rotate.
///
/// As SciPy: the input is prefiltered into B-spline coefficients of the given order (2 to 5;
/// orders 0 and 1 interpolate the samples themselves) in float64 — one thread per line, the
/// causal and anti-causal recursions with the poles of the B-spline and ni_splines.c's initial
/// conditions per mode —, 'nearest' and 'grid-constant' first pad the input by 12 samples
/// (SciPy's _prepad_for_spline_filter); then one kernel maps every output position to an input
/// coordinate and sums the (order + 1)^ndim coefficients around it with ni_interpolation.c's
/// boundary handling. Results have the input's dtype unless asked for another (integers round
/// half away from zero and saturate, as SciPy's); the spline filters return float64 by default.
/// Nothing syncs the device.

#include <cupx/ndimage/arguments.hpp>

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
#include <limits>
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
  double cval = 0.0;
  bool prefilter = true;
};

/// Keywords of affine_transform: interp_kw's and `.offset`, `.output_shape`.
struct affine_kw {
  cupp::detail::kw_guard guard_{};
  per_axis<double> offset = 0.0;
  std::optional<cupp::shape_t> output_shape = std::nullopt;
  int order = 3;
  extend_mode mode = constant;
  double cval = 0.0;
  bool prefilter = true;
};

/// Keywords of zoom: interp_kw's and `.grid_mode`.
struct zoom_kw {
  cupp::detail::kw_guard guard_{};
  int order = 3;
  extend_mode mode = constant;
  double cval = 0.0;
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
  double cval = 0.0;
  bool prefilter = true;
};

namespace detail {

/// ni_interpolation.c's NI_ExtendMode codes (SciPy's _extend_mode_to_code).
enum class ni_mode : int {
  nearest = 0,
  wrap = 1,
  reflect = 2,
  mirror = 3,
  constant = 4,
  grid_wrap = 5,
  grid_constant = 6
};

inline ni_mode ni_mode_of(extend_mode m) {
  switch (m) {
  case extend_mode::nearest:
    return ni_mode::nearest;
  case extend_mode::wrap:
    return ni_mode::wrap;
  case extend_mode::reflect:
  case extend_mode::grid_mirror:
    return ni_mode::reflect;
  case extend_mode::mirror:
    return ni_mode::mirror;
  case extend_mode::grid_wrap:
    return ni_mode::grid_wrap;
  case extend_mode::grid_constant:
    return ni_mode::grid_constant;
  default:
    return ni_mode::constant;
  }
}

/// The initial conditions of the prefilter's recursions (ni_splines.c's apply_filter, as SciPy
/// 1.17 dispatches the modes).
enum class spline_init : int { mirror, reflect, wrap };

inline spline_init spline_init_of(extend_mode m) {
  switch (m) {
  case extend_mode::reflect:
  case extend_mode::grid_mirror:
  case extend_mode::nearest:
    return spline_init::reflect;
  case extend_mode::grid_wrap:
    return spline_init::wrap;
  default:
    return spline_init::mirror;
  }
}

inline void check_order(int order) {
  if (order < 0 || order > 5) throw cupp::error("spline order not supported");
}

/// The B-spline's poles (ni_splines.c's get_filter_poles); returns how many.
CUPP_HD inline int filter_poles(int order, double* poles) {
  switch (order) {
  case 2:
    poles[0] = -0.171572875253809902396622551580603843;
    return 1;
  case 3:
    poles[0] = -0.267949192431122706472553658494127633;
    return 1;
  case 4:
    poles[0] = -0.361341225900220177092212841325675255;
    poles[1] = -0.013725429297339121360331226939128204;
    return 2;
  case 5:
    poles[0] = -0.430575347099973791851434783493520110;
    poles[1] = -0.043096288203264653822712376822550182;
    return 2;
  default:
    return 0;
  }
}

/// A strided line of doubles.
struct spline_line {
  double* p;
  index_t s;
  CUPP_HD double& operator[](index_t i) const { return p[i * s]; }
};

CUPP_HD inline double ipow(double z, index_t n) {
  double r = 1.0;
  for (; n > 0; n >>= 1) {
    if (n & 1) r *= z;
    z *= z;
  }
  return r;
}

/// The prefilter of one line of n > 1 coefficients in place (ni_splines.c's apply_filter).
CUPP_HD inline void spline_filter_line(spline_line c, index_t n, int order, spline_init init) {
  double poles[2];
  const int npoles = filter_poles(order, poles);
  double gain = 1.0;
  for (int k = 0; k < npoles; ++k)
    gain *= (1.0 - poles[k]) * (1.0 - 1.0 / poles[k]);
  for (index_t i = 0; i < n; ++i)
    c[i] *= gain;
  for (int k = 0; k < npoles; ++k) {
    const double z = poles[k];
    // causal initial value
    if (init == spline_init::mirror) {
      double z_i = z;
      const double z_n_1 = ipow(z, n - 1);
      c[0] = c[0] + z_n_1 * c[n - 1];
      for (index_t i = 1; i < n - 1; ++i) {
        c[0] += z_i * (c[i] + z_n_1 * c[n - 1 - i]);
        z_i *= z;
      }
      c[0] /= 1 - z_n_1 * z_n_1;
    } else if (init == spline_init::wrap) {
      double z_i = z;
      for (index_t i = 1; i < n; ++i) {
        c[0] += z_i * c[n - i];
        z_i *= z;
      }
      c[0] /= 1 - z_i;
    } else {
      double z_i = z;
      const double z_n = ipow(z, n);
      const double c0 = c[0];
      c[0] = c[0] + z_n * c[n - 1];
      for (index_t i = 1; i < n; ++i) {
        c[0] += z_i * (c[i] + z_n * c[n - 1 - i]);
        z_i *= z;
      }
      c[0] *= z / (1 - z_n * z_n);
      c[0] += c0;
    }
    for (index_t i = 1; i < n; ++i)
      c[i] += z * c[i - 1];
    // anti-causal initial value
    if (init == spline_init::mirror) {
      c[n - 1] = (z * c[n - 2] + c[n - 1]) * z / (z * z - 1);
    } else if (init == spline_init::wrap) {
      double z_i = z;
      for (index_t i = 0; i < n - 1; ++i) {
        c[n - 1] += z_i * c[i];
        z_i *= z;
      }
      c[n - 1] *= z / (z_i - 1);
    } else {
      c[n - 1] *= z / (z - 1);
    }
    for (index_t i = n - 2; i >= 0; --i)
      c[i] = z * (c[i + 1] - c[i]);
  }
}

/// One thread per line of an [outer][n][inner] C-contiguous array of doubles.
struct spline_filter_lines {
  double* data;
  index_t n, inner;
  int order;
  spline_init init;
  CUPP_HD void operator()(index_t line) const {
    const index_t o = line / inner, i = line - o * inner;
    spline_filter_line({data + o * n * inner + i, inner}, n, order, init);
  }
};

/// Prefilters the C-contiguous float64 `c` along `axis` in place.
inline void spline_filter_axis(ndarray<double>& c, int axis, int order, extend_mode mode) {
  const auto& shape = c.shape();
  index_t outer = 1, inner = 1;
  for (int d = 0; d < c.ndim(); ++d) {
    if (d < axis) outer *= shape[d];
    if (d > axis) inner *= shape[d];
  }
  const index_t n = shape[axis];
  if (n <= 1 || outer * inner == 0) return;
  cupp::detail::launch_for_each(
      outer * inner, spline_filter_lines{c.data(), n, inner, order, spline_init_of(mode)});
}

/// A C-contiguous float64 copy of `a`.
template <class T> ndarray<double> float64_copy(const ndarray<T>& a) {
  return ndarray<double>(cupp::astype<double>(a));
}

/// The padded array of SciPy's _prepad_for_spline_filter: `pad` samples on every side, the edge
/// values ('nearest') or cval.
struct pad_eval {
  const double* in;
  int ndim;
  index_t pad;
  bool edge;
  double cval;
  index_t in_shape[cupp::max_dims] = {}, out_shape[cupp::max_dims] = {};
  CUPP_HD double operator()(index_t i) const {
    index_t rest = i, src = 0, stride = 1;
    for (int d = ndim - 1; d >= 0; --d) {
      index_t k = rest % out_shape[d] - pad;
      rest /= out_shape[d];
      if (k < 0 || k >= in_shape[d]) {
        if (!edge) return cval;
        k = k < 0 ? 0 : in_shape[d] - 1;
      }
      src += k * stride;
      stride *= in_shape[d];
    }
    return in[src];
  }
};

inline ndarray<double> prepad(const ndarray<double>& in, index_t pad, bool edge, double cval) {
  pad_eval f{in.data(), in.ndim(), pad, edge, cval};
  cupp::shape_t shape = in.shape();
  for (int d = 0; d < in.ndim(); ++d) {
    f.in_shape[d] = shape[d];
    shape[d] += 2 * pad;
    f.out_shape[d] = shape[d];
  }
  ndarray<double> out(shape);
  cupp::detail::launch_transform(out.size(), out.data(), f);
  return out;
}

/// The coefficients SciPy interpolates (float64, C-contiguous) and its prepadding.
template <class T>
ndarray<double> spline_coefficients(const ndarray<T>& input, int order, extend_mode mode,
                                    double cval, bool prefilter, index_t& npad) {
  ndarray<double> c = float64_copy(input);
  npad = 0;
  if (!prefilter || order <= 1) return c;
  if (mode == extend_mode::nearest || mode == extend_mode::grid_constant) {
    npad = 12;
    c = prepad(c, npad, mode == extend_mode::nearest, cval);
  }
  for (int d = 0; d < c.ndim(); ++d)
    spline_filter_axis(c, d, order, mode);
  return c;
}

/// ni_interpolation.c's map_coordinate.
CUPP_HD inline double map_coordinate(double in, index_t len, ni_mode mode) {
  if (in < 0) {
    switch (mode) {
    case ni_mode::mirror:
      if (len <= 1) {
        in = 0;
      } else {
        const index_t sz2 = 2 * len - 2;
        in = static_cast<double>(sz2 * static_cast<index_t>(-in / static_cast<double>(sz2))) + in;
        in = in <= static_cast<double>(1 - len) ? in + static_cast<double>(sz2) : -in;
      }
      break;
    case ni_mode::reflect:
      if (len <= 1) {
        in = 0;
      } else {
        const index_t sz2 = 2 * len;
        if (in < static_cast<double>(-sz2))
          in = static_cast<double>(sz2 * static_cast<index_t>(-in / static_cast<double>(sz2))) + in;
        in = in < static_cast<double>(-len) ? in + static_cast<double>(sz2)
                                            : (in > -1e-15 ? 1e-15 : -in) - 1;
      }
      break;
    case ni_mode::wrap:
      if (len <= 1) {
        in = 0;
      } else {
        const index_t sz = len - 1;
        in += static_cast<double>(sz * (static_cast<index_t>(-in / static_cast<double>(sz)) + 1));
      }
      break;
    case ni_mode::grid_wrap:
      if (len <= 1) {
        in = 0;
      } else {
        in += static_cast<double>(len *
                                  (static_cast<index_t>((-1 - in) / static_cast<double>(len)) + 1));
      }
      break;
    case ni_mode::nearest:
      in = 0;
      break;
    case ni_mode::constant:
      in = -1;
      break;
    default:
      break;
    }
  } else if (in > static_cast<double>(len - 1)) {
    switch (mode) {
    case ni_mode::mirror:
      if (len <= 1) {
        in = 0;
      } else {
        const index_t sz2 = 2 * len - 2;
        in -= static_cast<double>(sz2 * static_cast<index_t>(in / static_cast<double>(sz2)));
        if (in >= static_cast<double>(len)) in = static_cast<double>(sz2) - in;
      }
      break;
    case ni_mode::reflect:
      if (len <= 1) {
        in = 0;
      } else {
        const index_t sz2 = 2 * len;
        in -= static_cast<double>(sz2 * static_cast<index_t>(in / static_cast<double>(sz2)));
        if (in >= static_cast<double>(len)) in = static_cast<double>(sz2) - in - 1;
      }
      break;
    case ni_mode::wrap:
      if (len <= 1) {
        in = 0;
      } else {
        const index_t sz = len - 1;
        in -= static_cast<double>(sz * static_cast<index_t>(in / static_cast<double>(sz)));
      }
      break;
    case ni_mode::grid_wrap:
      if (len <= 1) {
        in = 0;
      } else {
        in -= static_cast<double>(len * static_cast<index_t>(in / static_cast<double>(len)));
      }
      break;
    case ni_mode::nearest:
      in = static_cast<double>(len - 1);
      break;
    case ni_mode::constant:
      in = -1;
      break;
    default:
      break;
    }
  }
  return in;
}

/// ni_splines.c's get_spline_interpolation_weights (order >= 1).
CUPP_HD inline void spline_weights(double x, int order, double* w) {
  x -= std::floor((order & 1) ? x : x + 0.5);
  double y = x, z = 1.0 - x, t = 0.0;
  switch (order) {
  case 1:
    w[0] = 1.0 - x;
    break;
  case 2:
    w[1] = 0.75 - x * x;
    y = 0.5 - x;
    w[0] = 0.5 * y * y;
    break;
  case 3:
    w[1] = (y * y * (y - 2.0) * 3.0 + 4.0) / 6.0;
    w[2] = (z * z * (z - 2.0) * 3.0 + 4.0) / 6.0;
    w[0] = z * z * z / 6.0;
    break;
  case 4:
    t = x * x;
    w[2] = t * (t * 0.25 - 0.625) + 115.0 / 192.0;
    y = 1.0 + x;
    w[1] = y * (y * (y * (5.0 - y) / 6.0 - 1.25) + 5.0 / 24.0) + 55.0 / 96.0;
    w[3] = z * (z * (z * (5.0 - z) / 6.0 - 1.25) + 5.0 / 24.0) + 55.0 / 96.0;
    y = 0.5 - x;
    t = y * y;
    w[0] = t * t / 24.0;
    break;
  default: // 5
    t = y * y;
    w[2] = t * (t * (0.25 - y / 12.0) - 0.5) + 0.55;
    t = z * z;
    w[3] = t * (t * (0.25 - z / 12.0) - 0.5) + 0.55;
    y += 1.0;
    w[1] = y * (y * (y * (y * (y / 24.0 - 0.375) + 1.25) - 1.75) + 0.625) + 0.425;
    z += 1.0;
    w[4] = z * (z * (z * (z * (z / 24.0 - 0.375) + 1.25) - 1.75) + 0.625) + 0.425;
    y = 1.0 - x;
    t = y * y;
    w[0] = y * t * t / 120.0;
    break;
  }
  w[order] = 1.0;
  for (int i = 0; i < order; ++i)
    w[order] -= w[i];
}

/// SciPy's CASE_INTERP_OUT*: integers round half away from zero and saturate.
template <class R> CUPP_HD R interp_store(double t) {
  if constexpr (std::is_same_v<R, bool> || std::is_floating_point_v<R> ||
                !std::is_arithmetic_v<R>) {
    return static_cast<R>(t);
  } else {
    constexpr double hi = static_cast<double>(std::numeric_limits<R>::max());
    constexpr double lo = static_cast<double>(std::numeric_limits<R>::lowest());
    if constexpr (std::is_unsigned_v<R>)
      t = t > 0 ? t + 0.5 : 0;
    else
      t = t > 0 ? t + 0.5 : t - 0.5;
    t = t > hi ? hi : t;
    t = t < lo ? lo : t;
    return static_cast<R>(t);
  }
}

/// How output positions map to input coordinates.
enum class mapping_kind : int { coordinates, matrix, zoom_shift };

/// The interpolation of one output element (ni_interpolation.c's NI_GeometricTransform and
/// NI_ZoomShift, one thread per output element).
template <class R> struct interp_eval {
  const double* coef = nullptr;
  int ndim = 0, out_ndim = 0, order = 0;
  ni_mode mode = ni_mode::constant, spline_mode = ni_mode::mirror;
  double cval = 0.0, npad = 0.0;
  index_t in_shape[cupp::max_dims] = {}, out_shape[cupp::max_dims] = {};
  mapping_kind kind = mapping_kind::coordinates;
  // coordinates: ndim rows of `points` coordinates; matrix: ndim x out_ndim then the offsets
  const double* table = nullptr;
  index_t points = 0;
  // zoom_shift
  double zoom[cupp::max_dims] = {}, shift[cupp::max_dims] = {};
  bool has_zoom = false, has_shift = false, grid_mode = false;

  CUPP_HD void input_coordinates(index_t i, double* icoor) const {
    if (kind == mapping_kind::coordinates) {
      for (int h = 0; h < ndim; ++h)
        icoor[h] = table[h * points + i];
      return;
    }
    index_t io[cupp::max_dims];
    index_t rest = i;
    for (int d = out_ndim - 1; d >= 0; --d) {
      io[d] = rest % out_shape[d];
      rest /= out_shape[d];
    }
    if (kind == mapping_kind::matrix) {
      const double* p = table;
      const double* off = table + ndim * out_ndim;
      for (int h = 0; h < ndim; ++h) {
        double tmp = off[h];
        int l = 0;
        for (; l + 1 < out_ndim; l += 2) {
          tmp += static_cast<double>(io[l]) * *p++;
          tmp += static_cast<double>(io[l + 1]) * *p++;
        }
        if (l < out_ndim) tmp += static_cast<double>(io[l]) * *p++;
        icoor[h] = tmp;
      }
      return;
    }
    for (int h = 0; h < ndim; ++h) {
      double cc = static_cast<double>(io[h]);
      if (has_shift) cc += shift[h];
      if (has_zoom) {
        if (grid_mode) {
          cc += 0.5;
          cc *= zoom[h];
          cc -= 0.5;
        } else {
          cc *= zoom[h];
        }
      }
      icoor[h] = cc;
    }
  }

  CUPP_HD R operator()(index_t i) const {
    double icoor[cupp::max_dims];
    input_coordinates(i, icoor);
    index_t idx[cupp::max_dims][6];
    double w[cupp::max_dims][6];
    bool outside[cupp::max_dims][6];
    const bool grid_constant = mode == ni_mode::grid_constant;
    for (int h = 0; h < ndim; ++h) {
      const index_t len = in_shape[h];
      double cc = icoor[h] + npad;
      if (mode != ni_mode::grid_constant && mode != ni_mode::nearest)
        cc = map_coordinate(cc, len, mode);
      if (!(cc > -1.0 || grid_constant || mode == ni_mode::nearest)) return interp_store<R>(cval);
      const index_t start = (order & 1) ? static_cast<index_t>(std::floor(cc)) - order / 2
                                        : static_cast<index_t>(std::floor(cc + 0.5)) - order / 2;
      const bool edge = start < 0 || start + order >= len;
      for (int l = 0; l <= order; ++l) {
        index_t k = start + l;
        outside[h][l] = false;
        if (grid_constant) {
          outside[h][l] = k < 0 || k >= len;
        } else if (edge) {
          k = static_cast<index_t>(map_coordinate(static_cast<double>(k), len, spline_mode));
        }
        idx[h][l] = k;
      }
      if (order > 0)
        spline_weights(cc, order, w[h]);
      else
        w[h][0] = 1.0;
    }
    // the (order + 1)^ndim taps, the last axis fastest
    int tap[cupp::max_dims] = {};
    index_t strides[cupp::max_dims];
    index_t s = 1;
    for (int h = ndim - 1; h >= 0; --h) {
      strides[h] = s;
      s *= in_shape[h];
    }
    double t = 0.0;
    for (;;) {
      bool is_cval = false;
      index_t off = 0;
      for (int h = 0; h < ndim; ++h) {
        is_cval = is_cval || outside[h][tap[h]];
        off += idx[h][tap[h]] * strides[h];
      }
      double coeff = is_cval ? cval : coef[off];
      if (order > 0)
        for (int h = 0; h < ndim; ++h)
          coeff *= w[h][tap[h]];
      t += coeff;
      int h = ndim - 1;
      for (; h >= 0; --h) {
        if (tap[h] < order) {
          ++tap[h];
          break;
        }
        tap[h] = 0;
      }
      if (h < 0) break;
    }
    return interp_store<R>(t);
  }
};

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

/// The evaluator's common fields over the coefficients of `input`.
template <class R, class T>
interp_eval<R> make_eval(const ndarray<T>& input, int order, extend_mode mode, double cval,
                         bool prefilter, ndarray<double>& coef) {
  check_order(order);
  if (input.ndim() < 1) throw cupp::error("input and output rank must be > 0");
  if (input.ndim() > cupp::max_dims) throw cupp::value_error("too many dimensions");
  index_t npad = 0;
  coef = spline_coefficients(input, order, mode, cval, prefilter, npad);
  interp_eval<R> f;
  f.coef = coef.data();
  f.ndim = input.ndim();
  f.order = order;
  f.mode = ni_mode_of(mode);
  f.spline_mode =
      (f.mode == ni_mode::constant || f.mode == ni_mode::wrap) ? ni_mode::mirror : f.mode;
  f.cval = cval;
  f.npad = static_cast<double>(npad);
  for (int d = 0; d < f.ndim; ++d)
    f.in_shape[d] = coef.shape()[d];
  return f;
}

template <class R> ndarray<R> run_eval(interp_eval<R> f, const cupp::shape_t& out_shape) {
  if (static_cast<int>(out_shape.size()) < 1)
    throw cupp::error("input and output rank must be > 0");
  f.out_ndim = static_cast<int>(out_shape.size());
  for (int d = 0; d < f.out_ndim; ++d)
    f.out_shape[d] = out_shape[d];
  ndarray<R> out(out_shape);
  if (out.size() != 0) cupp::detail::launch_transform(out.size(), out.data(), f);
  return out;
}

/// SciPy's zoom_shift path (shift, zoom and affine_transform of a 1-D matrix).
template <class R, class T>
ndarray<R> zoom_shift(const ndarray<T>& input, const std::vector<double>* zoom,
                      const std::vector<double>* shift, const cupp::shape_t& out_shape, int order,
                      extend_mode mode, double cval, bool prefilter, bool grid_mode) {
  ndarray<double> coef;
  auto f = make_eval<R>(input, order, mode, cval, prefilter, coef);
  f.kind = mapping_kind::zoom_shift;
  f.grid_mode = grid_mode;
  f.has_zoom = zoom != nullptr;
  f.has_shift = shift != nullptr;
  for (int d = 0; d < input.ndim(); ++d) {
    if (zoom) f.zoom[d] = (*zoom)[static_cast<std::size_t>(d)];
    if (shift) f.shift[d] = (*shift)[static_cast<std::size_t>(d)];
  }
  return run_eval(f, out_shape);
}

/// SciPy's geometric_transform path of a 2-D matrix (ndim x out_ndim, row-major) and offsets.
template <class R, class T>
ndarray<R> matrix_transform(const ndarray<T>& input, const std::vector<double>& matrix,
                            const std::vector<double>& offset, const cupp::shape_t& out_shape,
                            int order, extend_mode mode, double cval, bool prefilter) {
  ndarray<double> coef;
  auto f = make_eval<R>(input, order, mode, cval, prefilter, coef);
  f.kind = mapping_kind::matrix;
  std::vector<double> table(matrix);
  table.insert(table.end(), offset.begin(), offset.end());
  const ndarray<double> t = cupp::asarray(table.data(), {static_cast<index_t>(table.size())});
  f.table = t.data();
  return run_eval(f, out_shape);
}

} // namespace detail

/// `scipy.ndimage.spline_filter1d(input, order=3, axis=-1, output=np.float64, mode='mirror')`:
/// the B-spline coefficients along one axis, as R (float64 by default).
template <class R = double, class T>
ndarray<R> spline_filter1d(const ndarray<T>& input, int order = 3, index_t axis = -1,
                           extend_mode mode = mirror) {
  detail::check_order(order);
  if (input.ndim() == 0) return cupp::astype<R>(input);
  const int ax = cupp::detail::normalize_axis(axis, input.ndim());
  ndarray<double> c = detail::float64_copy(input);
  if (order > 1) detail::spline_filter_axis(c, ax, order, mode);
  if constexpr (std::is_same_v<R, double>)
    return c;
  else
    return cupp::astype<R>(c);
}

/// `scipy.ndimage.spline_filter(input, order=3, output=np.float64, mode='mirror')`: the
/// coefficients along every axis (orders 2 to 5).
template <class R = double, class T>
ndarray<R> spline_filter(const ndarray<T>& input, int order = 3, extend_mode mode = mirror) {
  if (order < 2 || order > 5) throw cupp::error("spline order not supported");
  ndarray<double> c = detail::float64_copy(input);
  for (int d = 0; d < c.ndim(); ++d)
    detail::spline_filter_axis(c, d, order, mode);
  if constexpr (std::is_same_v<R, double>)
    return c;
  else
    return cupp::astype<R>(c);
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
  const ndarray<double> table = detail::float64_copy(coordinates);
  ndarray<double> coef;
  auto f = detail::make_eval<O>(input, kw.order, kw.mode, kw.cval, kw.prefilter, coef);
  f.kind = detail::mapping_kind::coordinates;
  f.table = table.data();
  f.points = out_shape.size() == 0 ? 1 : table.size() / input.ndim();
  return detail::run_eval(f, out_shape);
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
