#pragma once
// The building blocks of cupx::ndimage's filters: one line_filter pass along an axis, a separable
// filter's passes as data (line_pass) and their chain (SciPy's: each pass stores its result in
// the output dtype), and one N-D window pass over the taps of a weight array or a footprint (tiled
// where the taps lie in the last two axes: cupp/detail/plane_tiles.hpp).

#include <cupx/ndimage/arguments.hpp>
#include <cupx/ndimage/detail/window.hpp>

#include <cupp/core/dtype_table.hpp>
#include <cupp/core/error.hpp>
#include <cupp/creation.hpp>
#include <cupp/detail/launch.hpp>
#include <cupp/detail/line_filter.hpp>
#include <cupp/detail/plane_tiles.hpp>
#include <cupp/expr/astype.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/ndarray.hpp>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <vector>

namespace cupx::ndimage::detail {

using cupp::ndarray;
using cupp::detail::plane_bytes;
using cupp::detail::plane_cols;
using cupp::detail::plane_rows;
using cupp::detail::plane_taps;
using cupp::detail::plane_tiles;

/// The [outer][n][inner] view of a C-contiguous `shape` around `axis`.
inline cupp::detail::line_layout line_layout_of(const cupp::shape_t& shape, int axis) {
  cupp::detail::line_layout l;
  for (int d = 0; d < static_cast<int>(shape.size()); ++d) {
    const index_t e = shape[static_cast<std::size_t>(d)];
    if (d < axis) l.outer *= e;
    if (d > axis) l.inner *= e;
  }
  l.n = shape[static_cast<std::size_t>(axis)];
  return l;
}

/// The input as a C-contiguous array (a copy where it is a view of another layout).
template <class T> ndarray<T> contiguous(const ndarray<T>& a) {
  return a.is_c_contiguous() ? a : cupp::ascontiguousarray(a);
}

/// One pass of a window of `size` taps along `axis` of the C-contiguous `in`, into a new array of
/// R.
template <class R, class T, class Op>
ndarray<R> axis_pass(const ndarray<T>& in, int axis, index_t size, index_t shift, extend_mode mode,
                     double cval, const Op& op) {
  ndarray<R> out(in.shape());
  cupp::detail::line_filter(in.data(), out.data(), line_layout_of(in.shape(), axis), size, shift,
                            filter_boundary(mode), static_cast<T>(cval), op);
  return out;
}

/// SciPy's 1-D filter weights in the accumulator type, on the device.
template <class A> ndarray<A> device_weights(const std::vector<double>& w) {
  std::vector<A> v(w.begin(), w.end());
  return cupp::asarray(v.data(), {static_cast<index_t>(v.size())});
}

/// The window op of one pass of a separable filter: correlate1d's weights, uniform_filter1d's
/// mean, minimum_filter1d's and maximum_filter1d's extremes.
enum class line_kind : std::uint8_t { weights, mean, min, max };

/// One pass of a separable filter: a window of `size` taps along `axis`, starting `shift` before
/// each output, the line extended by `mode`.
struct line_pass {
  line_kind kind = line_kind::weights;
  int axis = 0;
  index_t size = 1, shift = 0;
  extend_mode mode = extend_mode::reflect;
  std::vector<double> weights = {}; // line_kind::weights
};

/// f.template operator()<K>() for the kind K of `kind`.
template <class F> decltype(auto) visit_kind(line_kind kind, F&& f) {
  switch (kind) {
  case line_kind::weights:
    return f.template operator()<line_kind::weights>();
  case line_kind::mean:
    return f.template operator()<line_kind::mean>();
  case line_kind::min:
    return f.template operator()<line_kind::min>();
  default:
    return f.template operator()<line_kind::max>();
  }
}

/// The window functor of kind K from V to R.
template <line_kind K, class V, class R>
using line_op_t =
    std::conditional_t<K == line_kind::weights, cupp::detail::weighted_sum<V, R>,
                       std::conditional_t<K == line_kind::mean, cupp::detail::window_mean<V, R>,
                                          cupp::detail::window_extreme<V, R, K == line_kind::max>>>;

/// f(op) with the window functor of `p` (its weights on the device for the call).
template <line_kind K, class V, class R, class F>
decltype(auto) with_line_op(const line_pass& p, F&& f) {
  using op_t = line_op_t<K, V, R>;
  if constexpr (K == line_kind::weights) {
    const auto w = device_weights<typename op_t::acc_t>(p.weights);
    return f(op_t{w.data()});
  } else if constexpr (K == line_kind::mean) {
    return f(op_t{static_cast<typename op_t::acc_t>(p.size)});
  } else {
    return f(op_t{});
  }
}

/// The tiles of the window `t` over T, or none where the window reaches past the last two axes
/// or its tile does not fit.
inline std::optional<plane_tiles> window_tiles(const window_taps& t, std::size_t elem) {
  const int nd = t.ndim;
  if (nd < 2 || t.count > plane_taps) return std::nullopt;
  for (int d = 0; d < nd - 2; ++d)
    if (t.lo[d] != 0 || t.hi[d] != 0) return std::nullopt;
  const index_t sh = plane_rows + t.lo[nd - 2] + t.hi[nd - 2];
  const index_t sw = plane_cols + t.lo[nd - 1] + t.hi[nd - 1];
  if (sh * sw * static_cast<index_t>(elem) > plane_bytes) return std::nullopt;
  plane_tiles g;
  g.h = t.shape[nd - 2];
  g.w = t.shape[nd - 1];
  for (int d = 0; d < nd - 2; ++d)
    g.planes *= t.shape[d];
  g.lo_y = static_cast<int>(t.lo[nd - 2]);
  g.lo_x = static_cast<int>(t.lo[nd - 1]);
  g.sh = static_cast<int>(sh);
  g.sw = static_cast<int>(sw);
  return g;
}

/// One pass `p` of `in` into a new array of R.
template <class R, class V>
ndarray<R> run_pass(const ndarray<V>& in, const line_pass& p, double cval) {
  return visit_kind(p.kind, [&]<line_kind K>() {
    return with_line_op<K, V, R>(p, [&](const auto& op) {
      return axis_pass<R>(in, p.axis, p.size, p.shift, p.mode, cval, op);
    });
  });
}

/// The separable filter of `passes` in order (SciPy's: each pass stores its result in R), the
/// input itself where there is none; each pass's op is as in run_pass (the first from the input's
/// dtype, the others from R's). The last two passes once ran as one kernel with the intermediate
/// in shared memory (pair_tile): on an H100 it measured slower than the two passes in every case
/// timed (Gaussian sigma 2 0.361 ms against 0.256, uniform 5, sobel and maximum 9 too).
template <class R, class T>
ndarray<R> separable(const ndarray<T>& input, const std::vector<line_pass>& passes, double cval) {
  const ndarray<T> in = contiguous(input);
  if (passes.empty()) return cupp::astype<R>(in);
  ndarray<R> out = run_pass<R>(in, passes[0], cval);
  for (std::size_t k = 1; k < passes.size(); ++k)
    out = run_pass<R>(out, passes[k], cval);
  return out;
}

/// The taps of an N-D window of `wshape` centred by `origins` (per axis) over an input of
/// `shape`: every position of the window where `mask` (C order; empty: all) is set. The offsets
/// and flat offsets go to the device in `storage` (which must outlive the launch).
inline window_taps make_taps(const cupp::shape_t& shape, const cupp::shape_t& wshape,
                             const std::vector<index_t>& origins, const std::vector<bool>& mask,
                             ndarray<index_t>& storage) {
  const int nd = static_cast<int>(shape.size());
  window_taps t;
  t.ndim = nd;
  std::vector<index_t> shifts(static_cast<std::size_t>(nd)), strides(static_cast<std::size_t>(nd));
  index_t stride = 1, total = 1;
  for (int d = nd - 1; d >= 0; --d) {
    const auto k = static_cast<std::size_t>(d);
    t.shape[d] = shape[k];
    shifts[k] = window_shift(wshape[k], origins[k]);
    strides[k] = stride;
    stride *= shape[k];
    total *= wshape[k];
  }
  std::vector<index_t> flat, offsets;
  for (index_t w = 0; w < total; ++w) {
    if (!mask.empty() && !mask[static_cast<std::size_t>(w)]) continue;
    index_t rest = w, f = 0;
    std::vector<index_t> off(static_cast<std::size_t>(nd));
    for (int d = nd - 1; d >= 0; --d) {
      const auto k = static_cast<std::size_t>(d);
      off[k] = rest % wshape[k] - shifts[k];
      rest /= wshape[k];
      f += off[k] * strides[k];
    }
    for (int d = 0; d < nd; ++d) {
      const auto k = static_cast<std::size_t>(d);
      t.lo[d] = std::max(t.lo[d], -off[k]);
      t.hi[d] = std::max(t.hi[d], off[k]);
    }
    flat.push_back(f);
    offsets.insert(offsets.end(), off.begin(), off.end());
  }
  t.count = static_cast<index_t>(flat.size());
  std::vector<index_t> both(flat);
  both.insert(both.end(), offsets.begin(), offsets.end());
  storage = cupp::asarray(both.data(), {static_cast<index_t>(both.size())});
  t.flat = storage.data();
  t.offsets = storage.data() + t.count;
  return t;
}

/// One N-D window pass of `op` over the taps `t` of the C-contiguous `in`, into a new array of R
/// (by tiles, cupp/detail/plane_tiles.hpp, where the window lies in the last two axes).
template <class R, class T, class Op>
ndarray<R> window_pass(const ndarray<T>& in, const window_taps& t, extend_mode mode, double cval,
                       const Op& op) {
  ndarray<R> out(in.shape());
  if (const auto g = window_tiles(t, sizeof(T))) {
    cupp::detail::window_tile(in.data(), out.data(), t.offsets, t.ndim, t.count, *g,
                              filter_boundary(mode), static_cast<T>(cval), op);
    return out;
  }
  cupp::detail::launch_transform(
      out.size(), out.data(),
      window_eval<T, R, Op>{in.data(), t, filter_boundary(mode), static_cast<T>(cval), op});
  return out;
}

// The passes of the input's own dtype are compiled in src/cupx/ndimage/, one file per few real
// dtypes of the table (the complex rows instantiate nothing); other output dtypes compile where
// they are used.
#define CUPX_NDIMAGE_INSTANCE(EXTERN, T)                                                           \
  EXTERN template ndarray<T> axis_pass<T>(const ndarray<T>&, int, index_t, index_t, extend_mode,   \
                                          double, const cupp::detail::weighted_sum<T, T>&);        \
  EXTERN template ndarray<T> axis_pass<T>(const ndarray<T>&, int, index_t, index_t, extend_mode,   \
                                          double, const cupp::detail::window_mean<T, T>&);         \
  EXTERN template ndarray<T> axis_pass<T>(const ndarray<T>&, int, index_t, index_t, extend_mode,   \
                                          double, const cupp::detail::window_min<T, T>&);          \
  EXTERN template ndarray<T> axis_pass<T>(const ndarray<T>&, int, index_t, index_t, extend_mode,   \
                                          double, const cupp::detail::window_max<T, T>&);          \
  EXTERN template ndarray<T> window_pass<T>(const ndarray<T>&, const window_taps&, extend_mode,    \
                                            double, const cupp::detail::weighted_sum<T, T>&);      \
  EXTERN template ndarray<T> window_pass<T>(const ndarray<T>&, const window_taps&, extend_mode,    \
                                            double, const rank_network<T, T, 9>&);                 \
  EXTERN template ndarray<T> window_pass<T>(const ndarray<T>&, const window_taps&, extend_mode,    \
                                            double, const rank_network<T, T, 9, true>&);           \
  EXTERN template ndarray<T> window_pass<T>(const ndarray<T>&, const window_taps&, extend_mode,    \
                                            double, const box3_median<T, T>&);                     \
  EXTERN template ndarray<T> window_pass<T>(const ndarray<T>&, const window_taps&, extend_mode,    \
                                            double, const rank_network<T, T, 25>&);                \
  EXTERN template ndarray<T> window_pass<T>(const ndarray<T>&, const window_taps&, extend_mode,    \
                                            double, const rank_network<T, T, 25, true>&);          \
  EXTERN template ndarray<T> window_pass<T>(const ndarray<T>&, const window_taps&, extend_mode,    \
                                            double, const rank_network<T, T, 32>&);                \
  EXTERN template ndarray<T> window_pass<T>(const ndarray<T>&, const window_taps&, extend_mode,    \
                                            double, const rank_select<T, T, 256>&);
#define CUPX_NDIMAGE_KIND_b(EXTERN, T) CUPX_NDIMAGE_INSTANCE(EXTERN, T)
#define CUPX_NDIMAGE_KIND_i(EXTERN, T) CUPX_NDIMAGE_INSTANCE(EXTERN, T)
#define CUPX_NDIMAGE_KIND_u(EXTERN, T) CUPX_NDIMAGE_INSTANCE(EXTERN, T)
#define CUPX_NDIMAGE_KIND_f(EXTERN, T) CUPX_NDIMAGE_INSTANCE(EXTERN, T)
#define CUPX_NDIMAGE_KIND_c(EXTERN, T)
#define CUPX_NDIMAGE_EXTERN(T, name, kind, c_name) CUPX_NDIMAGE_KIND_##kind(extern, T)
CUPP_DTYPE_TABLE(CUPX_NDIMAGE_EXTERN)
#undef CUPX_NDIMAGE_EXTERN

} // namespace cupx::ndimage::detail
