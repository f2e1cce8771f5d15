#pragma once
/// \file
/// Adding and removing elements (NumPy's routines of that name): insert, delete (`delete_`, as
/// `delete` is a C++ keyword), append and resize, built from views, concatenate and the complete
/// array's advanced indexing. Positions are host values (`delete_` reads an index or mask array on
/// the host: a sync point).

#include <cupp/creation.hpp>
#include <cupp/manipulation/join.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/ndarray.hpp>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace cupp {

/// `np.resize(a, shape)`: the flattened data repeated (or cut) to fill the new shape.
template <class T> [[nodiscard]] ndarray<T> resize(const ndarray<T>& a, const shape_t& shape) {
  const index_t total = shape_size(shape);
  if (a.size() == 0 || total == 0) return zeros<T>(shape);
  const index_t reps = (total + a.size() - 1) / a.size();
  const ndarray<T> flat = ravel(a);
  const ndarray<T> repeated =
      broadcast_to(flat, {reps, flat.size()}).copy().reshape({reps * flat.size()});
  return repeated(slice(total)).copy().reshape(shape);
}

/// `np.delete(a, indices, axis)`: the given positions along `axis` removed.
template <class T>
[[nodiscard]] ndarray<T> delete_(const ndarray<T>& a, std::vector<index_t> indices, index_t axis) {
  const int ax = detail::normalize_axis(axis, a.ndim());
  const index_t n = a.shape()[ax];
  for (index_t& i : indices) {
    if (i < -n || i >= n)
      throw index_error("index " + std::to_string(i) + " is out of bounds for axis " +
                        std::to_string(ax) + " with size " + std::to_string(n));
    if (i < 0) i += n;
  }
  std::sort(indices.begin(), indices.end());
  indices.erase(std::unique(indices.begin(), indices.end()), indices.end());
  std::vector<ndarray<T>> keep;
  index_t from = 0;
  for (index_t i : indices) {
    if (i > from) keep.push_back(detail::slab(a, ax, from, i - from));
    from = i + 1;
  }
  if (from < n) keep.push_back(detail::slab(a, ax, from, n - from));
  if (keep.empty()) return detail::slab(a, ax, 0, 0).copy();
  return concatenate(keep, ax);
}
/// `np.delete(a, obj, axis)` with the positions in an integer array, or a boolean array marking
/// them (read on the host: a sync point).
template <class T, class I>
[[nodiscard]] ndarray<T> delete_(const ndarray<T>& a, const ndarray<I>& obj, index_t axis) {
  const int ax = detail::normalize_axis(axis, a.ndim());
  std::vector<index_t> indices;
  if constexpr (std::is_same_v<I, bool>) {
    if (obj.ndim() != 1 || obj.size() != a.shape()[ax])
      throw value_error("boolean array argument obj to delete must be one dimensional and match "
                        "the axis length of " +
                        std::to_string(a.shape()[ax]));
    const auto flags = obj.get();
    for (std::size_t k = 0; k < flags.size(); ++k)
      if (flags[k]) indices.push_back(static_cast<index_t>(k));
  } else {
    for (I i : obj.get())
      indices.push_back(static_cast<index_t>(i));
  }
  return delete_(a, std::move(indices), ax);
}

/// `np.delete(a, indices)`: over the flattened array.
template <class T>
[[nodiscard]] ndarray<T> delete_(const ndarray<T>& a, std::vector<index_t> indices) {
  return delete_(ravel(a), std::move(indices), 0);
}

/// `np.insert(a, index, value, axis)`: a slab of `value` inserted before position `index`.
template <class T>
[[nodiscard]] ndarray<T> insert(const ndarray<T>& a, index_t index, T value, index_t axis) {
  return insert(a, index, full<T>(shape_t{}, value), axis);
}
/// `np.insert(a, index, values, axis)`: the block `values` (its first axis moved to `axis`,
/// broadcast to a's other extents) inserted before position `index`.
template <class T>
[[nodiscard]] ndarray<T> insert(const ndarray<T>& a, index_t index, const ndarray<T>& values,
                                index_t axis) {
  const int ax = detail::normalize_axis(axis, a.ndim());
  const index_t n = a.shape()[ax];
  if (index < -n || index > n)
    throw index_error("index " + std::to_string(index) + " is out of bounds for axis " +
                      std::to_string(ax) + " with size " + std::to_string(n));
  if (index < 0) index += n;
  ndarray<T> v = values;
  while (v.ndim() < a.ndim())
    v = expand_dims(v, 0);
  v = moveaxis(v, 0, ax);
  shape_t s = a.shape();
  s[ax] = v.shape()[ax];
  return concatenate<T>(
      {detail::slab(a, ax, 0, index), broadcast_to(v, s), detail::slab(a, ax, index, n - index)},
      ax);
}

/// `np.insert(a, indices, values, axis)` with several positions (each before the original
/// element at that index; equal indices keep their order): values broadcast to the inserted slabs.
template <class T>
[[nodiscard]] ndarray<T> insert(const ndarray<T>& a, std::vector<index_t> indices,
                                const ndarray<T>& values, index_t axis) {
  const int ax = detail::normalize_axis(axis, a.ndim());
  const index_t n = a.shape()[ax], m = static_cast<index_t>(indices.size());
  for (index_t& i : indices) {
    if (i < -n || i > n)
      throw index_error("index " + std::to_string(i) + " is out of bounds for axis " +
                        std::to_string(ax) + " with size " + std::to_string(n));
    if (i < 0) i += n;
  }
  // NumPy: new positions are the stably sorted indices plus their rank
  std::vector<index_t> order(indices.size());
  for (std::size_t k = 0; k < order.size(); ++k)
    order[k] = static_cast<index_t>(k);
  std::stable_sort(order.begin(), order.end(),
                   [&](index_t x, index_t y) { return indices[x] < indices[y]; });
  std::vector<index_t> new_pos(indices.size());
  for (index_t r = 0; r < m; ++r)
    new_pos[static_cast<std::size_t>(order[r])] = indices[static_cast<std::size_t>(order[r])] + r;
  std::vector<bool> is_new(static_cast<std::size_t>(n + m), false);
  for (index_t p : new_pos)
    is_new[static_cast<std::size_t>(p)] = true;
  std::vector<index_t> old_pos;
  for (index_t p = 0; p < n + m; ++p)
    if (!is_new[static_cast<std::size_t>(p)]) old_pos.push_back(p);
  shape_t s = a.shape();
  s[ax] = n + m;
  ndarray<T> out(s);
  indexed<T>(out, detail::along_axis(asarray(old_pos), ax)) = a;
  s[ax] = m;
  indexed<T>(out, detail::along_axis(asarray(new_pos), ax)) = broadcast_to(values, s);
  return out;
}
/// `np.insert(a, indices, value, axis)` with one value for every inserted position.
template <class T>
[[nodiscard]] ndarray<T> insert(const ndarray<T>& a, std::vector<index_t> indices, T value,
                                index_t axis) {
  return insert(a, std::move(indices), full<T>(shape_t{}, value), axis);
}

/// `np.insert(a, index, value)`: into the flattened array.
template <class T> [[nodiscard]] ndarray<T> insert(const ndarray<T>& a, index_t index, T value) {
  return insert(ravel(a), index, value, 0);
}
/// `np.insert(a, index, values)`: a block into the flattened array.
template <class T>
[[nodiscard]] ndarray<T> insert(const ndarray<T>& a, index_t index, const ndarray<T>& values) {
  return insert(ravel(a), index, ravel(values), 0);
}
/// `np.insert(a, indices, values)`: several positions of the flattened array.
template <class T>
[[nodiscard]] ndarray<T> insert(const ndarray<T>& a, std::vector<index_t> indices,
                                const ndarray<T>& values) {
  return insert(ravel(a), std::move(indices), values, 0);
}

/// `np.append(a, values)`: both flattened and joined.
template <class T> [[nodiscard]] ndarray<T> append(const ndarray<T>& a, const ndarray<T>& values) {
  return concatenate({ravel(a), ravel(values)}, 0);
}
/// `np.append(a, values, axis)`.
template <class T>
[[nodiscard]] ndarray<T> append(const ndarray<T>& a, const ndarray<T>& values, index_t axis) {
  return concatenate({a, values}, axis);
}

} // namespace cupp
