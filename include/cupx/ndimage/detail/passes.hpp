#pragma once
// The building blocks of cupx::ndimage's filters: one line_filter pass along an axis, the chain of
// such passes of a separable filter (SciPy's: each pass stores its result in the output dtype),
// and one N-D window pass over the taps of a weight array or a footprint.

#include <cupx/ndimage/arguments.hpp>
#include <cupx/ndimage/detail/window.hpp>

#include <cupp/core/dtype_table.hpp>
#include <cupp/core/error.hpp>
#include <cupp/creation.hpp>
#include <cupp/detail/launch.hpp>
#include <cupp/detail/line_filter.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/ndarray.hpp>

#include <algorithm>
#include <vector>

namespace cupx::ndimage::detail {

using cupp::ndarray;

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

/// One N-D window pass of `op` over the taps `t` of the C-contiguous `in`, into a new array of R.
template <class R, class T, class Op>
ndarray<R> window_pass(const ndarray<T>& in, const window_taps& t, extend_mode mode, double cval,
                       const Op& op) {
  ndarray<R> out(in.shape());
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
                                            double, const rank_network<T, T, 16>&);                \
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
