#pragma once
/// \file
/// Building matrices (NumPy's array-creation routines of that name): tri, tril, triu, diag,
/// diagflat, vander; and the grids meshgrid and indices. (trace, a sum, is reduction/trace.hpp.)

#include <cupp/creation.hpp>
#include <cupp/detail/launch.hpp>
#include <cupp/manipulation/views.hpp>

#include <string>
#include <utility>

namespace cupp {

namespace detail {
/// Element i of a C-ordered copy of `src` where only one triangle of the last two axes is kept.
template <class T> struct triangle_fn {
  const T* src;
  offset_map map;
  index_t rows, cols, k;
  bool lower;
  CUPP_HD T operator()(index_t i) const {
    const index_t col = i % cols, row = (i / cols) % rows;
    const bool keep = lower ? col - row <= k : col - row >= k;
    return keep ? src[map(i)] : T(0);
  }
};

template <class T> ndarray<T> triangle(const ndarray<T>& m, index_t k, bool lower) {
  check_devices(m);
  if (m.ndim() < 2)
    throw value_error(std::string(lower ? "tril" : "triu") +
                      " needs an array of at least 2 dimensions");
  ndarray<T> out(m.shape());
  launch_transform(out.size(), out.data(),
                   triangle_fn<T>{m.data(), make_offset_map(m.shape(), m.strides()),
                                  m.shape()[m.ndim() - 2], m.shape()[m.ndim() - 1], k, lower});
  return out;
}
} // namespace detail

/// `np.tril(m, k)`: the lower triangle of the last two axes (on and below the k-th diagonal).
template <class T> [[nodiscard]] ndarray<T> tril(const ndarray<T>& m, index_t k = 0) {
  return detail::triangle(m, k, true);
}
/// `np.triu(m, k)`: the upper triangle (on and above the k-th diagonal).
template <class T> [[nodiscard]] ndarray<T> triu(const ndarray<T>& m, index_t k = 0) {
  return detail::triangle(m, k, false);
}
/// `np.tri(N, M, k)`: ones on and below the k-th diagonal.
template <class T = double> [[nodiscard]] ndarray<T> tri(index_t n, index_t m = -1, index_t k = 0) {
  return tril(ones<T>({n, m < 0 ? n : m}), k);
}

/// `np.diag(v, k)`: a 2-D array with 1-D `v` on its k-th diagonal, or a copy of the k-th diagonal
/// of a 2-D `v`.
template <class T> [[nodiscard]] ndarray<T> diag(const ndarray<T>& v, index_t k = 0) {
  if (v.ndim() == 2) return diagonal(v, k).copy();
  if (v.ndim() != 1) throw value_error("Input must be 1- or 2-d.");
  const index_t n = v.size() + (k < 0 ? -k : k);
  ndarray<T> out = zeros<T>({n, n});
  diagonal(out, k).assign(v);
  return out;
}
/// `np.diagflat(v, k)`: diag of the flattened input.
template <class T> [[nodiscard]] ndarray<T> diagflat(const ndarray<T>& v, index_t k = 0) {
  return diag(ravel(v), k);
}

/// `np.vander(x, N, increasing)`: columns are powers of x (x^(N-1) ... x^0 unless increasing).
template <class T>
[[nodiscard]] ndarray<T> vander(const ndarray<T>& x, index_t n = -1, bool increasing = false) {
  if (x.ndim() != 1) throw value_error("x must be a one-dimensional array or sequence.");
  if (n < 0) n = x.size();
  ndarray<T> out({x.size(), n});
  const ndarray<T> cols = increasing ? out : flip(out, 1);
  for (index_t j = 0; j < n; ++j) { // column j holds x^j: one multiply by x per column
    if (j == 0) {
      cols(slice(), 0).fill(T(1));
    } else {
      cols(slice(), j) = cols(slice(), j - 1) * x;
    }
  }
  return out;
}

/// `np.meshgrid(x, y, indexing)`: coordinate matrices ("xy": shape (ny, nx); "ij": (nx, ny)).
template <class T>
[[nodiscard]] std::pair<ndarray<T>, ndarray<T>> meshgrid(const ndarray<T>& x, const ndarray<T>& y,
                                                         const std::string& indexing = "xy") {
  if (indexing != "xy" && indexing != "ij")
    throw value_error("Valid values for `indexing` are 'xy' and 'ij'.");
  const ndarray<T> fx = ravel(x), fy = ravel(y);
  if (indexing == "xy") {
    const shape_t s{fy.size(), fx.size()};
    return {broadcast_to(fx, s).copy(), broadcast_to(expand_dims(fy, 1), s).copy()};
  }
  const shape_t s{fx.size(), fy.size()};
  return {broadcast_to(expand_dims(fx, 1), s).copy(), broadcast_to(fy, s).copy()};
}

/// `np.indices(dimensions)`: an array of shape (len(dims), *dims) whose i-th slab holds the i-th
/// index of each position.
template <class T = std::int64_t> [[nodiscard]] ndarray<T> indices(const shape_t& dims) {
  shape_t shape{static_cast<index_t>(dims.size())};
  for (index_t e : dims)
    shape.push_back(e);
  ndarray<T> out(shape);
  for (int d = 0; d < dims.size(); ++d) {
    shape_t along = shape_t::filled(dims.size(), 1);
    along[d] = dims[d];
    out(d).assign(arange<T>(dims[d]).reshape(along));
  }
  return out;
}

} // namespace cupp
