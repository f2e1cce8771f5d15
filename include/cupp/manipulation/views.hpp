#pragma once
/// \file
/// Shape manipulation that returns views (no data moves): transpose with axes, swapaxes, moveaxis,
/// squeeze, expand_dims, broadcast_to/broadcast_arrays, atleast_Nd, flip/fliplr/flipud, diagonal,
/// and ravel (a view when the layout allows).

#include <cupp/core/layout.hpp>
#include <cupp/ndarray.hpp>

#include <utility>
#include <vector>

namespace cupp {

namespace detail {
template <class T>
ndarray<T> with_layout(const ndarray<T>& a, T* data, const shape_t& shape, const shape_t& strides) {
  return ndarray<T>(data, shape, strides, a.owner(), a.device());
}

/// The view of `length` positions of axis `ax` from `start` (`a[..., start:start+length, ...]`).
template <class T> ndarray<T> slab(const ndarray<T>& a, int ax, index_t start, index_t length) {
  shape_t s = a.shape();
  s[ax] = length;
  return with_layout(a, length > 0 ? a.data() + start * a.strides()[ax] : a.data(), s, a.strides());
}
} // namespace detail

/// `np.transpose(a, axes)` / `np.permute_dims`: axes permuted as given (a view).
template <class T>
[[nodiscard]] ndarray<T> transpose(const ndarray<T>& a, const std::vector<index_t>& axes) {
  if (static_cast<int>(axes.size()) != a.ndim()) throw value_error("axes don't match array");
  shape_t s, st;
  std::vector<bool> seen(static_cast<std::size_t>(a.ndim()), false);
  for (index_t ax : axes) {
    const int d = detail::normalize_axis(ax, a.ndim());
    if (seen[static_cast<std::size_t>(d)]) throw value_error("repeated axis in transpose");
    seen[static_cast<std::size_t>(d)] = true;
    s.push_back(a.shape()[d]);
    st.push_back(a.strides()[d]);
  }
  return detail::with_layout(a, a.data(), s, st);
}
/// `np.transpose(a)`: the axes reversed.
template <class T> [[nodiscard]] ndarray<T> transpose(const ndarray<T>& a) { return a.transpose(); }
/// `np.permute_dims(a, axes)`.
template <class T>
[[nodiscard]] ndarray<T> permute_dims(const ndarray<T>& a, const std::vector<index_t>& axes) {
  return transpose(a, axes);
}

/// `np.swapaxes(a, axis1, axis2)`.
template <class T>
[[nodiscard]] ndarray<T> swapaxes(const ndarray<T>& a, index_t axis1, index_t axis2) {
  const int i = detail::normalize_axis(axis1, a.ndim()),
            j = detail::normalize_axis(axis2, a.ndim());
  shape_t s = a.shape(), st = a.strides();
  std::swap(s[i], s[j]);
  std::swap(st[i], st[j]);
  return detail::with_layout(a, a.data(), s, st);
}

/// `np.moveaxis(a, source, destination)` for one axis.
template <class T>
[[nodiscard]] ndarray<T> moveaxis(const ndarray<T>& a, index_t source, index_t destination) {
  const int src = detail::normalize_axis(source, a.ndim());
  const int dst = detail::normalize_axis(destination, a.ndim());
  std::vector<int> order;
  for (int d = 0; d < a.ndim(); ++d)
    if (d != src) order.push_back(d);
  order.insert(order.begin() + dst, src);
  shape_t s, st;
  for (int d : order) {
    s.push_back(a.shape()[d]);
    st.push_back(a.strides()[d]);
  }
  return detail::with_layout(a, a.data(), s, st);
}

/// `np.squeeze(a)`: every axis of extent 1 removed.
template <class T> [[nodiscard]] ndarray<T> squeeze(const ndarray<T>& a) {
  shape_t s, st;
  for (int d = 0; d < a.ndim(); ++d)
    if (a.shape()[d] != 1) {
      s.push_back(a.shape()[d]);
      st.push_back(a.strides()[d]);
    }
  return detail::with_layout(a, a.data(), s, st);
}
/// `np.squeeze(a, axis)`: that axis, which must have extent 1, removed.
template <class T> [[nodiscard]] ndarray<T> squeeze(const ndarray<T>& a, index_t axis) {
  const int ax = detail::normalize_axis(axis, a.ndim());
  if (a.shape()[ax] != 1)
    throw value_error("cannot select an axis to squeeze out which has size not equal to one");
  shape_t s, st;
  for (int d = 0; d < a.ndim(); ++d)
    if (d != ax) {
      s.push_back(a.shape()[d]);
      st.push_back(a.strides()[d]);
    }
  return detail::with_layout(a, a.data(), s, st);
}

/// `np.expand_dims(a, axis)`: a new axis of extent 1 at `axis` (of the result).
template <class T> [[nodiscard]] ndarray<T> expand_dims(const ndarray<T>& a, index_t axis) {
  const int ax = detail::normalize_axis(axis, a.ndim() + 1);
  shape_t s, st;
  for (int d = 0; d <= a.ndim(); ++d) {
    if (d == ax) {
      s.push_back(1);
      st.push_back(0);
    }
    if (d < a.ndim()) {
      s.push_back(a.shape()[d]);
      st.push_back(a.strides()[d]);
    }
  }
  return detail::with_layout(a, a.data(), s, st);
}

/// `np.broadcast_to(a, shape)`: a view with stride 0 along stretched axes.
template <class T>
[[nodiscard]] ndarray<T> broadcast_to(const ndarray<T>& a, const shape_t& shape) {
  shape_t merged = shape;
  const int lead = shape.size() - a.ndim();
  if (lead < 0 || !broadcast_into(merged, a.shape()) || merged != shape)
    throw value_error("operands could not be broadcast together with remapped shapes "
                      "[original->remapped]: " +
                      shape_compact(a.shape()) + " and requested shape " + shape_compact(shape));
  shape_t st = shape_t::filled(shape.size(), 0);
  for (int d = 0; d < a.ndim(); ++d)
    st[lead + d] = a.shape()[d] == 1 && shape[lead + d] != 1 ? 0 : a.strides()[d];
  return detail::with_layout(a, a.data(), shape, st);
}

/// `np.broadcast_arrays(a, b)`: both broadcast to their common shape.
template <class T, class U>
[[nodiscard]] std::pair<ndarray<T>, ndarray<U>> broadcast_arrays(const ndarray<T>& a,
                                                                 const ndarray<U>& b) {
  shape_t s = a.shape();
  if (!broadcast_into(s, b.shape())) throw value_error(broadcast_message({a.shape(), b.shape()}));
  return {broadcast_to(a, s), broadcast_to(b, s)};
}

/// `np.atleast_1d`, `np.atleast_2d`, `np.atleast_3d` (NumPy's placement of the new axes).
template <class T> [[nodiscard]] ndarray<T> atleast_1d(const ndarray<T>& a) {
  return a.ndim() >= 1 ? a : a.reshape({1});
}
template <class T> [[nodiscard]] ndarray<T> atleast_2d(const ndarray<T>& a) {
  if (a.ndim() >= 2) return a;
  return a.ndim() == 0 ? a.reshape({1, 1}) : expand_dims(a, 0);
}
template <class T> [[nodiscard]] ndarray<T> atleast_3d(const ndarray<T>& a) {
  if (a.ndim() >= 3) return a;
  if (a.ndim() == 0) return a.reshape({1, 1, 1});
  if (a.ndim() == 1) return expand_dims(expand_dims(a, 0), 2);
  return expand_dims(a, 2);
}

/// `np.flip(a, axis)`: the axis reversed (a view with a negative stride).
template <class T> [[nodiscard]] ndarray<T> flip(const ndarray<T>& a, index_t axis) {
  const int ax = detail::normalize_axis(axis, a.ndim());
  shape_t st = a.strides();
  const index_t n = a.shape()[ax];
  T* data = n > 0 ? a.data() + (n - 1) * st[ax] : a.data();
  st[ax] = -st[ax];
  return detail::with_layout(a, data, a.shape(), st);
}
/// `np.flip(a)`: every axis reversed.
template <class T> [[nodiscard]] ndarray<T> flip(const ndarray<T>& a) {
  ndarray<T> r = a;
  if (a.size() == 0) return r;
  for (int d = 0; d < a.ndim(); ++d)
    r = flip(r, d);
  return r;
}
/// `np.fliplr(a)` (a must be at least 2-D) and `np.flipud(a)` (at least 1-D).
template <class T> [[nodiscard]] ndarray<T> fliplr(const ndarray<T>& a) {
  if (a.ndim() < 2) throw value_error("Input must be >= 2-d.");
  return flip(a, 1);
}
template <class T> [[nodiscard]] ndarray<T> flipud(const ndarray<T>& a) {
  if (a.ndim() < 1) throw value_error("Input must be >= 1-d.");
  return flip(a, 0);
}

/// `np.diagonal(a, offset, axis1, axis2)`: the diagonal as a view (writable, unlike NumPy's), its
/// axis last.
template <class T>
[[nodiscard]] ndarray<T> diagonal(const ndarray<T>& a, index_t offset = 0, index_t axis1 = 0,
                                  index_t axis2 = 1) {
  if (a.ndim() < 2) throw value_error("diag requires an array of at least two dimensions");
  const int i = detail::normalize_axis(axis1, a.ndim()),
            j = detail::normalize_axis(axis2, a.ndim());
  if (i == j) throw value_error("axis1 and axis2 cannot be the same");
  const index_t rows = a.shape()[i], cols = a.shape()[j];
  const index_t len = offset >= 0 ? std::max<index_t>(0, std::min(rows, cols - offset))
                                  : std::max<index_t>(0, std::min(rows + offset, cols));
  T* data = a.data();
  if (len > 0) data += offset >= 0 ? offset * a.strides()[j] : -offset * a.strides()[i];
  shape_t s, st;
  for (int d = 0; d < a.ndim(); ++d)
    if (d != i && d != j) {
      s.push_back(a.shape()[d]);
      st.push_back(a.strides()[d]);
    }
  s.push_back(len);
  st.push_back(a.strides()[i] + a.strides()[j]);
  return detail::with_layout(a, data, s, st);
}

/// `np.ravel(a)`: 1-D, a view of C-contiguous arrays and a copy otherwise (even where
/// `reshape(-1)` would find a strided view, as NumPy's ravel does).
template <class T> [[nodiscard]] ndarray<T> ravel(const ndarray<T>& a) {
  return (a.is_c_contiguous() ? a : a.copy()).reshape({a.size()});
}

/// `a.flatten()`: a 1-D copy.
template <class T> [[nodiscard]] ndarray<T> flatten(const ndarray<T>& a) {
  return a.copy().reshape({a.size()});
}

/// `np.ascontiguousarray(a)`: a itself when C-contiguous, else a C-ordered copy (at least 1-D).
template <class T> [[nodiscard]] ndarray<T> ascontiguousarray(const ndarray<T>& a) {
  return atleast_1d(a.is_c_contiguous() ? a : a.copy());
}

/// `np.asfortranarray(a)`: a itself when F-contiguous, else an F-ordered copy (at least 1-D).
template <class T> [[nodiscard]] ndarray<T> asfortranarray(const ndarray<T>& a) {
  const ndarray<T> b = atleast_1d(a);
  if (b.is_f_contiguous()) return b;
  // an F-ordered array is the transpose of a C-ordered one of the reversed shape
  ndarray<T> out = ndarray<T>(b.transpose().shape()).transpose();
  out.assign(b);
  return out;
}

// ---- the ndarray's methods (declared in core/ndarray.hpp) ---------------------------------------

template <class V> template <class... I, class> auto ndarray<V>::transpose(I... perm) const {
  return cupp::transpose(*this, std::vector<index_t>{static_cast<index_t>(perm)...});
}
template <class V> auto ndarray<V>::flatten() const { return cupp::flatten(*this); }
template <class V> auto ndarray<V>::ravel() const { return cupp::ravel(*this); }
template <class V> auto ndarray<V>::squeeze() const { return cupp::squeeze(*this); }
template <class V> auto ndarray<V>::squeeze(index_t axis) const {
  return cupp::squeeze(*this, axis);
}
template <class V> auto ndarray<V>::swapaxes(index_t axis1, index_t axis2) const {
  return cupp::swapaxes(*this, axis1, axis2);
}

} // namespace cupp
