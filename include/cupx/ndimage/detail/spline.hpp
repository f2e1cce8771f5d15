#pragma once
// The B-spline coefficients scipy.ndimage interpolates: ni_splines.c's prefilter along each axis
// (one thread per line, float64) after SciPy's prepadding for 'nearest' and 'grid-constant'.

#include <cupx/ndimage/arguments.hpp>

#include <cupp/core/config.hpp>
#include <cupp/core/error.hpp>
#include <cupp/detail/launch.hpp>
#include <cupp/expr/astype.hpp>
#include <cupp/ndarray.hpp>

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
