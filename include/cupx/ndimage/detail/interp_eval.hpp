#pragma once
// The per-element code of cupx::ndimage's interpolation: ni_interpolation.c's boundary mapping of
// a coordinate, the B-spline weights, SciPy's rounding into integer outputs, and the evaluator
// that sums the taps around one output element's input coordinate.

#include <cupx/ndimage/detail/spline.hpp>

#include <cupp/core/config.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace cupx::ndimage::detail {

/// ni_interpolation.c's map_coordinate for a coordinate outside [0, len - 1]: out of line, so
/// that its every-mode code (float64 divisions among it) does not hold registers in the kernels,
/// where most coordinates are inside.
CUPP_HD CUPP_NOINLINE inline double map_outside(double in, index_t len, ni_mode mode) {
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

/// ni_interpolation.c's map_coordinate.
CUPP_HD inline double map_coordinate(double in, index_t len, ni_mode mode) {
  return in >= 0 && in <= static_cast<double>(len - 1) ? in : map_outside(in, len, mode);
}

/// ni_splines.c's get_spline_interpolation_weights (order >= 1).
/// K: the weights' array (order < K); K = 2 takes order 1 alone.
template <int K> CUPP_HD void spline_weights(double x, int order, double (&w)[K]) {
  x -= std::floor((order & 1) ? x : x + 0.5);
  if constexpr (K <= 2) {
    w[0] = 1.0 - x;
  } else {
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
  }
  // w[order] = 1 - w[0] - ... - w[order - 1], with constant indices (w stays in registers)
  double last = 1.0;
  CUPP_UNROLL
  for (int i = 0; i + 1 < K; ++i)
    if (i < order) last -= w[i];
  CUPP_UNROLL
  for (int i = 1; i < K; ++i)
    if (i == order) w[i] = last;
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

/// Taps per axis at most (order 5).
inline constexpr int max_taps = 6;

/// A tap table entry's flags: bit l, tap l lies outside ('grid-constant'); point_outside, the
/// position's coordinate is outside ('constant': the output is cval).
inline constexpr unsigned point_outside = 0x80;

/// The interpolation of one output element (ni_interpolation.c's NI_GeometricTransform and
/// NI_ZoomShift, one thread per output element) from coefficients of type CT (the input itself
/// for orders 0 and 1, any strides; float64 B-spline coefficients otherwise).
///
/// at<D, K> is the code for D axes and K taps per axis (2 for orders 0 and 1, 4 for 2 and 3,
/// max_taps for 4 and 5: order 3's zoom kernel takes 64 registers with K = 4, 80 with 6): D = 1 or
/// 2 index every per-axis array by constants (the loops over the taps unrolled, the taps past the
/// order skipped by a branch the whole warp takes alike), so the offsets and weights stay in
/// registers, where indexed at run time they were local memory; D = cupp::max_dims takes any number
/// of axes through run-time loops. Each is its own kernel (interp_kernel): one with every variant
/// would take the registers of the largest. The sum's order and rounding are SciPy's (each
/// coefficient times the axes' weights in turn, the last axis fastest).
template <class R, class CT> struct interp_eval {
  const CT* coef = nullptr;
  int ndim = 0, out_ndim = 0, order = 0;
  ni_mode mode = ni_mode::constant, spline_mode = ni_mode::mirror;
  double cval = 0.0, npad = 0.0;
  index_t in_shape[cupp::max_dims] = {}, in_strides[cupp::max_dims] = {},
          out_shape[cupp::max_dims] = {};
  mapping_kind kind = mapping_kind::coordinates;
  // coordinates: ndim rows of `points` coordinates; matrix: ndim x out_ndim then the offsets
  const double* table = nullptr;
  index_t points = 0;
  // zoom_shift
  double zoom[cupp::max_dims] = {}, shift[cupp::max_dims] = {};
  bool has_zoom = false, has_shift = false, grid_mode = false;
  // zoom_shift's taps, tabled per axis (an axis's input coordinate depends on the output index
  // along that axis alone): entry (h, l, p), tap l of position p along axis h, at
  // (order + 1) * tap_base[h] + l * out_shape[h] + p (see fill_taps)
  const index_t* tap_off = nullptr;
  const double* tap_w = nullptr;
  const std::uint8_t* tap_flags = nullptr; // at tap_base[h] + p
  index_t tap_base[cupp::max_dims] = {};

  // D axes (cupp::max_dims: ndim of them, out_ndim output axes), K > order taps per axis;
  // Tabled: zoom_shift's taps read from the tables (fill_taps) instead of computed
  template <int D, int K, bool Tabled = false> CUPP_HD R at(index_t i) const {
    constexpr bool runtime_axes = D == cupp::max_dims;
    const int nd = runtime_axes ? ndim : D;
    index_t off[D][K];
    double w[D][K];
    bool outside[D][K];
    if constexpr (Tabled) {
      index_t io[D];
      output_index<D>(i, io);
      CUPP_UNROLL
      for (int h = 0; h < nd; ++h)
        if (!tabled_taps(h, io[h], off[h], w[h], outside[h])) return interp_store<R>(cval);
    } else {
      double icoor[D];
      input_coordinates<D>(i, icoor);
      CUPP_UNROLL
      for (int h = 0; h < nd; ++h)
        if (!axis_taps(h, icoor[h], off[h], w[h], outside[h])) return interp_store<R>(cval);
    }
    double t = 0.0;
    if constexpr (runtime_axes) {
      t = odometer_sum(off, w, outside);
    } else {
      double ws[D];
      sum_from<D, K, 0>(off, w, outside, 0, false, ws, t);
    }
    return interp_store<R>(t);
  }

  /// Entry p of axis h's tap tables (one thread per entry, before the evaluation): axis_taps of
  /// the position's input coordinate, exactly as at<D, K> computes them untabled.
  CUPP_HD void fill_taps(int h, index_t p, index_t* offs, double* ws, std::uint8_t* flags) const {
    index_t off[max_taps];
    double w[max_taps];
    bool outside[max_taps];
    unsigned f = 0;
    if (axis_taps(h, shifted_coordinate(h, p), off, w, outside)) {
      const index_t len = out_shape[h], base = (order + 1) * tap_base[h] + p;
      for (int l = 0; l <= order; ++l) {
        offs[base + l * len] = off[l];
        ws[base + l * len] = w[l];
        if (outside[l]) f |= 1u << l;
      }
    } else {
      f = point_outside;
    }
    flags[tap_base[h] + p] = static_cast<std::uint8_t>(f);
  }

private:
  // the output's multi-index of element i (the fixed-axes code has out_ndim == ndim)
  template <int D> CUPP_HD void output_index(index_t i, index_t* io) const {
    const int ond = D == cupp::max_dims ? out_ndim : D;
    index_t rest = i;
    CUPP_UNROLL
    for (int d = ond - 1; d >= 0; --d) {
      io[d] = rest % out_shape[d];
      rest /= out_shape[d];
    }
  }

  // zoom_shift's input coordinate along axis h of output index p along it
  CUPP_HD double shifted_coordinate(int h, index_t p) const {
    double cc = static_cast<double>(p);
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
    return cc;
  }

  // element i's input coordinates for the coordinates and matrix kinds (zoom_shift's come from
  // the tap tables)
  template <int D> CUPP_HD void input_coordinates(index_t i, double* icoor) const {
    const int nd = D == cupp::max_dims ? ndim : D;
    if (kind == mapping_kind::coordinates) {
      CUPP_UNROLL
      for (int h = 0; h < nd; ++h)
        icoor[h] = table[h * points + i];
      return;
    }
    const int ond = D == cupp::max_dims ? out_ndim : D;
    index_t io[D];
    output_index<D>(i, io);
    const double* p = table;
    const double* offset = table + nd * ond;
    CUPP_UNROLL
    for (int h = 0; h < nd; ++h) {
      double tmp = offset[h];
      int l = 0;
      for (; l + 1 < ond; l += 2) {
        tmp += static_cast<double>(io[l]) * *p++;
        tmp += static_cast<double>(io[l + 1]) * *p++;
      }
      if (l < ond) tmp += static_cast<double>(io[l]) * *p++;
      icoor[h] = tmp;
    }
  }

  // axis_taps' results for output index p along axis h, from the tables
  template <int K>
  CUPP_HD bool tabled_taps(int h, index_t p, index_t (&off)[K], double (&w)[K],
                           bool (&outside)[K]) const {
    const unsigned f = tap_flags[tap_base[h] + p];
    if (f & point_outside) return false;
    const index_t len = out_shape[h], base = (order + 1) * tap_base[h] + p;
    CUPP_UNROLL
    for (int l = 0; l < K; ++l) {
      if (l > order) break;
      off[l] = tap_off[base + l * len];
      w[l] = tap_w[base + l * len];
      outside[l] = (f >> l) & 1u;
    }
    return true;
  }

  // The order + 1 taps of axis h around coordinate x: their offsets into the coefficients,
  // weights and whether they lie outside ('grid-constant'); false where the point is outside
  // ('constant').
  template <int K>
  CUPP_HD bool axis_taps(int h, double x, index_t (&off)[K], double (&w)[K],
                         bool (&outside)[K]) const {
    const index_t len = in_shape[h];
    const bool grid_constant = mode == ni_mode::grid_constant;
    double cc = x + npad;
    if (!grid_constant && mode != ni_mode::nearest) cc = map_coordinate(cc, len, mode);
    if (!(cc > -1.0 || grid_constant || mode == ni_mode::nearest)) return false;
    const index_t start = (order & 1) ? static_cast<index_t>(std::floor(cc)) - order / 2
                                      : static_cast<index_t>(std::floor(cc + 0.5)) - order / 2;
    const bool edge = start < 0 || start + order >= len;
    CUPP_UNROLL
    for (int l = 0; l < K; ++l) {
      if (l > order) break;
      index_t k = start + l;
      outside[l] = false;
      if (grid_constant) {
        outside[l] = k < 0 || k >= len;
      } else if (edge) {
        k = static_cast<index_t>(map_coordinate(static_cast<double>(k), len, spline_mode));
      }
      off[l] = k * in_strides[h];
    }
    if (order > 0)
      spline_weights(cc, order, w);
    else
      w[0] = 1.0;
    return true;
  }

  // The taps of axes H.. (ws holds the weights of the axes before H), unrolled.
  template <int D, int K, int H>
  CUPP_HD void sum_from(const index_t (&off)[D][K], const double (&w)[D][K],
                        const bool (&outside)[D][K], index_t base, bool is_cval, double (&ws)[D],
                        double& t) const {
    CUPP_UNROLL
    for (int l = 0; l < K; ++l) {
      if (l > order) break;
      ws[H] = w[H][l];
      const index_t o = base + off[H][l];
      const bool c = is_cval || outside[H][l];
      if constexpr (H + 1 == D) {
        double coeff = c ? cval : static_cast<double>(coef[o]);
        CUPP_UNROLL
        for (int h = 0; h < D; ++h)
          coeff *= ws[h];
        t += coeff;
      } else {
        sum_from<D, K, H + 1>(off, w, outside, o, c, ws, t);
      }
    }
  }

  // The same sum over ndim axes counted at run time, the last axis fastest.
  CUPP_HD double odometer_sum(const index_t (&off)[cupp::max_dims][max_taps],
                              const double (&w)[cupp::max_dims][max_taps],
                              const bool (&outside)[cupp::max_dims][max_taps]) const {
    int tap[cupp::max_dims] = {};
    double t = 0.0;
    for (;;) {
      bool is_cval = false;
      index_t o = 0;
      for (int h = 0; h < ndim; ++h) {
        is_cval = is_cval || outside[h][tap[h]];
        o += off[h][tap[h]];
      }
      double coeff = is_cval ? cval : static_cast<double>(coef[o]);
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
      if (h < 0) return t;
    }
  }
};

/// out[i] = f.at<D, K, Tabled>(i), one element per thread: launch_transform's four elements per
/// thread would put four copies of the long evaluator in the kernel (registers and nvcc's time).
template <class R, class CT, int D, int K, bool Tabled = false> struct interp_kernel {
  R* out;
  interp_eval<R, CT> f;
  CUPP_HD void operator()(index_t i) const { out[i] = f.template at<D, K, Tabled>(i); }
};

/// Fills zoom_shift's tap tables: one thread per output position along each axis in turn.
template <class R, class CT> struct tap_table_kernel {
  interp_eval<R, CT> f;
  index_t* offs;
  double* ws;
  std::uint8_t* flags;
  CUPP_HD void operator()(index_t e) const {
    int h = 0;
    while (e >= f.tap_base[h] + f.out_shape[h])
      ++h;
    f.fill_taps(h, e - f.tap_base[h], offs, ws, flags);
  }
};

} // namespace cupx::ndimage::detail
