#pragma once
/// \file
/// Rearranging elements into new arrays: tile, repeat, roll, rot90, composed from views, the
/// elementwise engine and the complete array's advanced indexing.

#include <cupp/creation.hpp>
#include <cupp/manipulation/join.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/ndarray.hpp>

#include <vector>

namespace cupp {

/// `np.tile(a, reps)`: a repeated `reps[d]` times along each axis (reps shorter than a.ndim() are
/// padded with leading 1s, longer ones add leading axes).
template <class T> [[nodiscard]] ndarray<T> tile(const ndarray<T>& a, std::vector<index_t> reps) {
  for (index_t r : reps)
    if (r < 0) throw value_error("negative dimensions are not allowed");
  const int n = std::max<int>(a.ndim(), static_cast<int>(reps.size()));
  reps.insert(reps.begin(), static_cast<std::size_t>(n) - reps.size(), 1);
  shape_t base = shape_t::filled(n - a.ndim(), 1); // a with leading 1s
  for (index_t e : a.shape())
    base.push_back(e);
  const ndarray<T> b = a.reshape(base);
  // view b as (1, b0, 1, b1, ...) broadcast to (r0, b0, r1, b1, ...), then merge pairs
  shape_t interleaved, out_shape;
  for (int d = 0; d < n; ++d) {
    interleaved.push_back(reps[static_cast<std::size_t>(d)]);
    interleaved.push_back(base[d]);
    out_shape.push_back(reps[static_cast<std::size_t>(d)] * base[d]);
  }
  shape_t st;
  for (int d = 0; d < n; ++d) {
    st.push_back(0);
    st.push_back(b.strides()[d]);
  }
  const ndarray<T> view(b.data(), interleaved, st, b.owner(), b.device());
  return view.copy().reshape(out_shape);
}

/// `np.repeat(a, repeats, axis)`: each element repeated `repeats` times along `axis`.
template <class T>
[[nodiscard]] ndarray<T> repeat(const ndarray<T>& a, index_t repeats, index_t axis) {
  if (repeats < 0) throw value_error("negative dimensions are not allowed");
  const int ax = detail::normalize_axis(axis, a.ndim());
  shape_t s = a.shape(), st = a.strides();
  s.resize(a.ndim() + 1);
  st.resize(a.ndim() + 1);
  for (int d = a.ndim(); d > ax + 1; --d) {
    s[d] = s[d - 1];
    st[d] = st[d - 1];
  }
  s[ax + 1] = repeats; // a new axis after `axis`, stride 0
  st[ax + 1] = 0;
  shape_t out = a.shape();
  out[ax] *= repeats;
  return ndarray<T>(a.data(), s, st, a.owner(), a.device()).copy().reshape(out);
}
/// `np.repeat(a, repeats, axis)` with a count per element along `axis` (or one count for all).
/// The result's length depends on the counts: they are read on the host (a sync point).
template <class T, class I>
[[nodiscard]] ndarray<T> repeat(const ndarray<T>& a, const ndarray<I>& repeats, index_t axis) {
  static_assert(std::is_integral_v<I>, "repeats must be integers");
  const int ax = detail::normalize_axis(axis, a.ndim());
  if (repeats.ndim() > 1) throw value_error("repeats must be a scalar or 1-d array");
  if (repeats.size() == 1) return repeat(a, static_cast<index_t>(repeats.item()), axis);
  const index_t n = a.shape()[ax];
  if (repeats.size() != n)
    throw value_error("operands could not be broadcast together with shape (" + std::to_string(n) +
                      ",) (" + std::to_string(repeats.size()) + ",)");
  std::vector<index_t> source; // for each result position along the axis, its source index
  const auto counts = repeats.get();
  for (index_t i = 0; i < n; ++i) {
    const auto c = static_cast<index_t>(counts[static_cast<std::size_t>(i)]);
    if (c < 0) throw value_error("repeats may not contain negative values.");
    source.insert(source.end(), static_cast<std::size_t>(c), i);
  }
  return indexed<T>(a, detail::along_axis(asarray(source), ax)).copy(); // np.take(a, source, ax)
}
/// `np.repeat(a, repeats)` with per-element counts, over the flattened array.
template <class T, class I>
[[nodiscard]] ndarray<T> repeat(const ndarray<T>& a, const ndarray<I>& repeats) {
  return repeat(ravel(a), repeats, 0);
}

/// `np.repeat(a, repeats)`: over the flattened array.
template <class T> [[nodiscard]] ndarray<T> repeat(const ndarray<T>& a, index_t repeats) {
  return repeat(ravel(a), repeats, 0);
}

/// `np.roll(a, shift, axis)`: elements shifted cyclically along `axis`.
template <class T> [[nodiscard]] ndarray<T> roll(const ndarray<T>& a, index_t shift, index_t axis) {
  const int ax = detail::normalize_axis(axis, a.ndim());
  const index_t n = a.shape()[ax];
  if (n == 0) return a.copy();
  const index_t k = ((shift % n) + n) % n;
  return concatenate<T>({detail::slab(a, ax, n - k, k), detail::slab(a, ax, 0, n - k)}, ax);
}
/// `np.roll(a, shift)`: over the flattened array, shape kept.
template <class T> [[nodiscard]] ndarray<T> roll(const ndarray<T>& a, index_t shift) {
  return roll(ravel(a), shift, 0).reshape(a.shape());
}

/// `np.rot90(a, k, axes)`: rotated by 90 degrees k times in the plane of `axes` (from the first
/// towards the second), as a view.
template <class T>
[[nodiscard]] ndarray<T> rot90(const ndarray<T>& a, index_t k = 1, index_t axis0 = 0,
                               index_t axis1 = 1) {
  if (a.ndim() < 2) throw value_error("Axes must be different.");
  const int i = detail::normalize_axis(axis0, a.ndim()),
            j = detail::normalize_axis(axis1, a.ndim());
  if (i == j) throw value_error("Axes must be different.");
  switch (((k % 4) + 4) % 4) {
  case 0:
    return a;
  case 1:
    return swapaxes(flip(a, j), i, j);
  case 2:
    return flip(flip(a, i), j);
  default:
    return flip(swapaxes(a, i, j), j);
  }
}

// ---- the ndarray's methods (declared in core/ndarray.hpp) ---------------------------------------

template <class V> auto ndarray<V>::repeat(index_t repeats) const {
  return cupp::repeat(*this, repeats);
}
template <class V> auto ndarray<V>::repeat(index_t repeats, index_t axis) const {
  return cupp::repeat(*this, repeats, axis);
}

} // namespace cupp
