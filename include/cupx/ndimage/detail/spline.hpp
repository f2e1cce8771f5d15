#pragma once
// The B-spline coefficients scipy.ndimage interpolates: ni_splines.c's prefilter along each axis
// (float64, each line's recursions over chunks of it, one thread per chunk) after SciPy's
// prepadding for 'nearest' and 'grid-constant'.

#include <cupx/ndimage/arguments.hpp>

#include <cupp/core/config.hpp>
#include <cupp/core/error.hpp>
#include <cupp/detail/launch.hpp>
#include <cupp/expr/astype.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/ndarray.hpp>

#include <type_traits>

namespace cupx::ndimage::detail {

using cupp::index_t;
using cupp::ndarray;

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

CUPP_HD inline double ipow(double z, index_t n) {
  double r = 1.0;
  for (; n > 0; n >>= 1) {
    if (n & 1) r *= z;
    z *= z;
  }
  return r;
}

/// The lines along one axis of a C-contiguous [outer][n][inner] array: `lines` = outer * inner
/// of n samples, `inner` apart.
struct axis_lines {
  index_t n = 0, inner = 1, lines = 0;
  CUPP_HD index_t start(index_t line) const {
    const index_t o = line / inner;
    return o * n * inner + (line - o * inner);
  }
};

/// ni_splines.c's apply_filter for one pole z, split so that a line is many threads' work: the
/// causal recursion c[i] = x[i] + z c[i - 1] and then the anti-causal one c[i] = z (c[i + 1] -
/// c[i]) each run over chunks of a line, one thread per chunk (the line fastest among threads:
/// neighbouring threads read neighbouring samples where inner > 1). A chunk's recursion starts
/// `warm` samples before the chunk from a zero state, which |z|^warm < 2^-60 makes the same as
/// the previous chunk's to below a rounding; chunks within `warm` of the line's start (end) run
/// from SciPy's initial value there, whose sums over the line stop after `warm` terms too (SciPy
/// sums the whole line; the terms left out add up to about 2^-60 of the largest sample: the chunk
/// threads' 540-term sums until z^i underflowed were the longest part of the causal pass).
struct pole_pass {
  const double* x = nullptr; // causal: the input (times `scale`); anti-causal: the causal output
  double* c = nullptr;
  axis_lines g;
  index_t chunk = 0, warm = 0;
  double z = 0.0;
  spline_init init = spline_init::mirror;
  bool causal = true;
  // the filter's gain, applied to the first pole's input as it is read (SciPy scales the line
  // first: the same products, without a pass of its own); 1 otherwise
  double scale = 1.0;

  CUPP_HD void operator()(index_t t) const {
    const index_t line = t % g.lines, j = t / g.lines, base = g.start(line);
    const auto at = [&](index_t i) { return x[base + i * g.inner] * scale; };
    const index_t a = j * chunk, b = a + chunk < g.n ? a + chunk : g.n;
    if (causal) {
      double y = 0.0;
      index_t i = a - warm;
      if (i <= 0) {
        y = causal_init(at);
        if (a == 0) c[base] = y;
        i = 1;
      }
      for (; i < b; ++i) {
        y = at(i) + z * y;
        if (i >= a) c[base + i * g.inner] = y;
      }
    } else {
      double y = 0.0;
      index_t i = b + warm - 1;
      if (i >= g.n - 1) {
        y = anticausal_init(at);
        if (b == g.n) c[base + (g.n - 1) * g.inner] = y;
        i = g.n - 2;
      }
      for (; i >= a; --i) {
        y = z * (y - at(i));
        if (i < b) c[base + i * g.inner] = y;
      }
    }
  }

  template <class At> CUPP_HD double causal_init(const At& at) const {
    const index_t n = g.n;
    double z_i = z;
    if (init == spline_init::mirror) {
      const double z_n_1 = ipow(z, n - 1);
      double c0 = at(0) + z_n_1 * at(n - 1);
      for (index_t i = 1; i < n - 1 && i < warm; ++i) {
        c0 += z_i * (at(i) + z_n_1 * at(n - 1 - i));
        z_i *= z;
      }
      return c0 / (1 - z_n_1 * z_n_1);
    }
    if (init == spline_init::wrap) {
      double c0 = at(0);
      for (index_t i = 1; i < n && i < warm; ++i) {
        c0 += z_i * at(n - i);
        z_i *= z;
      }
      return c0 / (1 - z_i);
    }
    const double z_n = ipow(z, n);
    double c0 = at(0) + z_n * at(n - 1);
    for (index_t i = 1; i < n && i < warm; ++i) {
      // SciPy works in place: its last term reads the sum so far where c[0] was
      c0 += z_i * (at(i) + z_n * (i == n - 1 ? c0 : at(n - 1 - i)));
      z_i *= z;
    }
    return c0 * (z / (1 - z_n * z_n)) + at(0);
  }

  template <class At> CUPP_HD double anticausal_init(const At& at) const {
    const index_t n = g.n;
    if (init == spline_init::mirror) return (z * at(n - 2) + at(n - 1)) * z / (z * z - 1);
    if (init == spline_init::wrap) {
      double z_i = z, cn = at(n - 1);
      for (index_t i = 0; i < n - 1 && i < warm; ++i) {
        cn += z_i * at(i);
        z_i *= z;
      }
      return cn * (z / (z_i - 1));
    }
    return at(n - 1) * (z / (z - 1));
  }
};

/// Prefilters the C-contiguous float64 `c` along `axis` (through a scratch array; `c` may become
/// a new array).
void spline_filter_axis(ndarray<double>& c, int axis, int order, extend_mode mode);

/// A C-contiguous float64 copy of `a`.
template <class T> ndarray<double> float64_copy(const ndarray<T>& a) {
  return ndarray<double>(cupp::astype<double>(a));
}

/// `a` as a C-contiguous float64 array to read: `a` itself where it is one (map_coordinates'
/// table of coordinates, usually float64 already: a copy would move twice its bytes again).
template <class T> ndarray<double> float64_contiguous(const ndarray<T>& a) {
  if constexpr (std::is_same_v<T, double>)
    return cupp::ascontiguousarray(a);
  else
    return float64_copy(a);
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

ndarray<double> prepad(const ndarray<double>& in, index_t pad, bool edge, double cval);

/// The coefficients SciPy interpolates with a spline of order > 1 (float64, C-contiguous) and
/// their prepadding.
template <class T>
ndarray<double> spline_coefficients(const ndarray<T>& input, int order, extend_mode mode,
                                    double cval, index_t& npad) {
  ndarray<double> c = float64_copy(input);
  npad = 0;
  if (mode == extend_mode::nearest || mode == extend_mode::grid_constant) {
    npad = 12;
    c = prepad(c, npad, mode == extend_mode::nearest, cval);
  }
  for (int d = 0; d < c.ndim(); ++d)
    spline_filter_axis(c, d, order, mode);
  return c;
}

} // namespace cupx::ndimage::detail
