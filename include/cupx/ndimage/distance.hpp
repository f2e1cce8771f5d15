#pragma once
/// \file
/// `cupx::ndimage`'s distance transform, scipy.ndimage's distance_transform_edt: the exact
/// Euclidean distance from every element to the nearest zero element, and the coordinates of that
/// zero (the feature transform). It is Maurer, Qi and Raghavan's separable algorithm as SciPy
/// runs it (ni_morphology.c, _ComputeFT and _VoronoiFT): one pass per axis in the order 0, 1, ...;
/// the pass over axis d gives each element the nearest feature in the subspace of axes 0..d, by
/// the lower envelope of the previous pass's features along the element's line. A pass is one
/// thread per line, the line walked in sequence, the envelope kept in scratch arrays of the
/// input's size (each line's slots at its own elements). Every comparison and every rounding is
/// SciPy's (products rounded on their own, no fused multiply-add), so ties between equidistant
/// zeros resolve as SciPy's do and the indices equal SciPy's bit for bit, with any sampling.
/// Nothing syncs the device. See docs/ndimage.md, "Distance transform".

#include <cupx/ndimage/arguments.hpp>

#include <cupp/core/config.hpp>
#include <cupp/core/error.hpp>
#include <cupp/core/keywords.hpp>
#include <cupp/core/shape.hpp>
#include <cupp/detail/complex_math.hpp>
#include <cupp/detail/launch.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/math/compare.hpp>
#include <cupp/ndarray.hpp>

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <optional>
#include <type_traits>
#include <vector>

namespace cupx::ndimage {

using cupp::ndarray;

/// Keywords of distance_transform_edt, SciPy's names and order:
/// `{.sampling = {2.0, 0.5}, .return_indices = true}`. A sampling of 1 gives SciPy's
/// `sampling=None` to the bit (SciPy skips the products by 1, which are exact).
struct edt_kw {
  cupp::detail::kw_guard guard_{};
  per_axis<double> sampling = 1.0;
  bool return_distances = true;
  bool return_indices = false;
};

/// What distance_transform_edt returns: float64 distances of the input's shape and the int32
/// indices of shape (ndim,) + shape (SciPy's dtypes), each only where asked for.
struct edt_result {
  std::optional<ndarray<double>> distances;
  std::optional<ndarray<std::int32_t>> indices;
};

namespace detail {

/// One pass of the feature transform along axis d, called once per line (SciPy's _VoronoiFT).
/// The features of the previous pass lie in the line's subspace: the feature of the element at
/// position i along the line has coordinate i along d and the element's own coordinates along
/// the axes after d, so only components 0..d-1 are read (component k of element e at k*n + e,
/// component 0 < 0 where there is none yet) and only 0..d are written (all in the last pass).
struct edt_pass_fn {
  const bool* fg = nullptr;         // pass 0: the input != 0 (its zeros are the features)
  const std::int32_t* in = nullptr; // passes > 0: the previous pass's components 0..d-1
  std::int32_t* out = nullptr;      // components 0..d, every one in the last pass (or null)
  double* dist = nullptr;           // the last pass: the distances (or null)
  std::int32_t* pos = nullptr;      // scratch: the envelope's features, by position on the line
  double* off = nullptr;            // scratch: their squared distances off the line
  index_t n = 0, len = 0, inner = 1;
  int ndim = 0, d = 0;
  bool last = false;
  index_t extent[cupp::max_dims] = {};
  double s[cupp::max_dims] = {};

  static CUPP_HD double mul(double x, double y) { return cupp::detail::mul_rn(x, y); }

  /// Component k of the feature of element `fe` (position p on the line; fe < 0: none, which is
  /// SciPy's -1, 0, ..., 0).
  CUPP_HD index_t feature(int k, index_t fe, index_t p, const index_t* coor) const {
    if (fe < 0) return k == 0 ? -1 : 0;
    return k < d ? index_t{in[k * n + fe]} : k == d ? p : coor[k];
  }

  /// Writes the feature of element e (position i on the line) and, in the last pass, its
  /// distance: SciPy's sqrt of the sum over the axes in order of ((f - x) * sampling)^2.
  CUPP_HD void emit(index_t e, index_t i, index_t fe, index_t p, const index_t* coor) const {
    const int comps = last ? ndim : d + 1;
    double acc = 0.0;
    for (int k = 0; k < ndim; ++k) {
      const index_t f = feature(k, fe, p, coor);
      if (out != nullptr && k < comps) out[k * n + e] = static_cast<std::int32_t>(f);
      if (dist == nullptr) continue;
      const double t = mul(static_cast<double>(f - (k == d ? i : coor[k])), s[k]);
      acc += mul(t, t);
    }
    if (dist != nullptr) dist[e] = sqrt(acc);
  }

  /// The squared distance from position i to the envelope's feature at position p with `o` off
  /// the line. SciPy's sum over the axes in order equals o + (along d)^2 exactly: o is the same
  /// partial sum, and the terms after d are +0 (or NaN in both).
  CUPP_HD double delta(index_t p, double o, index_t i) const {
    const double t = mul(static_cast<double>(p - i), s[d]);
    return o + mul(t, t);
  }

  CUPP_HD void operator()(index_t line) const {
    const index_t outer = line / inner, base = outer * len * inner + (line - outer * inner);
    index_t coor[cupp::max_dims]; // the line's coordinates (0 along d)
    for (index_t k = ndim - 1, rest = base; k >= 0; --k) {
      coor[k] = rest % extent[k];
      rest /= extent[k];
    }
    // the envelope: SciPy's stack g (positions) with each feature's squared distance off the
    // line (its uR, vR, wR: the axes before d, then the zeros (0 * s)^2 of those after d); the
    // top entry also in registers (tp, tw), so that a test reads one entry from memory
    index_t top = -1, tp = 0;
    double tw = 0.0;
    for (index_t i = 0; i < len; ++i) {
      const index_t e = base + i * inner;
      if (d == 0 ? fg[e] : in[e] < 0) continue;
      double w = 0.0;
      for (int k = 0; k < ndim; ++k) {
        if (k == d) continue;
        const double t = mul(k < d ? static_cast<double>(in[k * n + e] - coor[k]) : 0.0, s[k]);
        w += mul(t, t);
      }
      while (top >= 1) { // SciPy's test: drop the top while the new feature hides it
        const index_t p2 = pos[base + (top - 1) * inner];
        const double u = off[base + (top - 1) * inner];
        const double a = mul(static_cast<double>(tp - p2), s[d]);
        const double b = mul(static_cast<double>(i - tp), s[d]);
        const double c = a + b;
        if (mul(c, tw) - mul(b, u) - mul(a, w) - mul(mul(a, b), c) <= 0.0) break;
        --top;
        tp = p2;
        tw = u;
      }
      ++top;
      pos[base + top * inner] = static_cast<std::int32_t>(i);
      off[base + top * inner] = w;
      tp = i;
      tw = w;
    }
    if (top < 0) { // no feature on the line: SciPy leaves -1, 0, ..., 0
      for (index_t i = 0; i < len; ++i)
        emit(base + i * inner, i, -1, 0, coor);
      return;
    }
    // the query: walk the envelope while the next feature is strictly nearer (ties keep the
    // first); the current and next entries in registers
    const index_t end = top;
    index_t l = 0, pl = pos[base], pn = 0;
    double ol = off[base], on = 0.0;
    if (end > 0) {
      pn = pos[base + inner];
      on = off[base + inner];
    }
    for (index_t i = 0; i < len; ++i) {
      double d1 = delta(pl, ol, i);
      while (l < end) {
        const double d2 = delta(pn, on, i);
        if (d1 <= d2) break;
        d1 = d2;
        ++l;
        pl = pn;
        ol = on;
        if (l < end) {
          pn = pos[base + (l + 1) * inner];
          on = off[base + (l + 1) * inner];
        }
      }
      emit(base + i * inner, i, base + pl * inner, pl, coor);
    }
  }
};

/// What distance_transform_edt's distances-only form takes as a sampling.
template <class S>
inline constexpr bool is_sampling_v = std::is_constructible_v<per_axis<double>, const S&>;

} // namespace detail

/// `scipy.ndimage.distance_transform_edt(input, sampling=None, return_distances=True,
/// return_indices=False)`: for every nonzero element of an input of any real dtype, the
/// Euclidean distance to the nearest zero element (`sampling`: the spacing along each axis, one
/// value or one per axis), and with return_indices that zero's coordinates. Where several zeros
/// are nearest, SciPy's choice. An input with no zero gives SciPy's result: every index (-1, 0,
/// ..., 0) and the distance to that point. A 0-d input is read as shape (1,) (SciPy's
/// atleast_1d). Errors: "at least one of return_distances/return_indices must be True" and
/// "sequence argument must have length equal to input rank" (cupp::error: SciPy's RuntimeError).
/// SciPy's output arrays (`distances=`, `indices=`) are not taken.
template <class T>
[[nodiscard]] edt_result distance_transform_edt(const ndarray<T>& input, const edt_kw& kw) {
  if (!kw.return_distances && !kw.return_indices)
    throw cupp::error("at least one of return_distances/return_indices must be True");
  const cupp::shape_t shape = input.ndim() == 0 ? cupp::shape_t{1} : input.shape();
  const int ndim = shape.size();
  std::vector<double> sampling;
  try {
    sampling = kw.sampling.expand(static_cast<std::size_t>(ndim));
  } catch (const cupp::value_error& e) {
    throw cupp::error(e.what()); // SciPy raises RuntimeError here
  }
  detail::edt_pass_fn fn;
  fn.n = cupp::shape_size(shape);
  fn.ndim = ndim;
  for (int k = 0; k < ndim; ++k) {
    if (shape[k] > std::numeric_limits<std::int32_t>::max())
      throw cupp::value_error("distance_transform_edt: indices are int32, an axis is longer");
    fn.extent[k] = shape[k];
    fn.s[k] = sampling[static_cast<std::size_t>(k)];
  }
  cupp::shape_t ishape{ndim};
  for (const index_t e : shape)
    ishape.push_back(e);
  edt_result r;
  if (kw.return_distances) r.distances = ndarray<double>(shape);
  if (kw.return_indices) r.indices = ndarray<std::int32_t>(ishape);
  if (fn.n == 0) return r;

  const ndarray<bool> fg = cupp::ascontiguousarray(ndarray<bool>(input != T(0))).reshape({fn.n});
  ndarray<std::int32_t> pos({fn.n});
  ndarray<double> off({fn.n});
  // the passes before the last write components 0..d into two buffers in turn
  ndarray<std::int32_t> buf[2] = {ndarray<std::int32_t>({ndim > 1 ? (ndim - 1) * fn.n : 0}),
                                  ndarray<std::int32_t>({ndim > 2 ? (ndim - 1) * fn.n : 0})};
  fn.fg = fg.data();
  fn.pos = pos.data();
  fn.off = off.data();
  index_t inner = fn.n;
  for (int d = 0; d < ndim; ++d) {
    fn.d = d;
    fn.len = shape[d];
    inner /= shape[d];
    fn.inner = inner;
    fn.last = d == ndim - 1;
    fn.in = d == 0 ? nullptr : buf[(d - 1) % 2].data();
    if (fn.last) {
      fn.out = r.indices ? r.indices->data() : nullptr;
      fn.dist = r.distances ? r.distances->data() : nullptr;
    } else {
      fn.out = buf[d % 2].data();
    }
    cupp::detail::launch_for_each(fn.n / fn.len, fn);
  }
  return r;
}

/// `scipy.ndimage.distance_transform_edt(input, sampling)`: the distances alone, sampling one
/// value, a per_axis or a list (`{1.0, 0.5}`). These take the sampling as a template and as an
/// initializer list, not as a per_axis parameter: GCC reads a designated list of one bool,
/// `{.return_indices = true}`, as a list for per_axis too, and would find the call ambiguous.
template <class T> [[nodiscard]] ndarray<double> distance_transform_edt(const ndarray<T>& input) {
  return *distance_transform_edt(input, edt_kw{}).distances;
}
template <class T, class S>
requires detail::is_sampling_v<S>
[[nodiscard]] ndarray<double> distance_transform_edt(const ndarray<T>& input, const S& sampling) {
  return *distance_transform_edt(input, edt_kw{.sampling = per_axis<double>(sampling)}).distances;
}
template <class T>
[[nodiscard]] ndarray<double> distance_transform_edt(const ndarray<T>& input,
                                                     std::initializer_list<double> sampling) {
  return *distance_transform_edt(input, edt_kw{.sampling = per_axis<double>(sampling)}).distances;
}

} // namespace cupx::ndimage
