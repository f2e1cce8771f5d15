#pragma once
/// \file
/// Index-array functions built on advanced indexing: take, put, take_along_axis, put_along_axis,
/// choose, and the unbuffered scatter-add `add_at` (NumPy's `np.add.at`, CuPy's `scatter_add`).
/// Out-of-bounds indices raise `index_error` at the next sync point (detail/fault.hpp) unless
/// `mode` is wrap or clip.

#include <cupp/creation.hpp>
#include <cupp/indexing/advanced.hpp>
#include <cupp/manipulation/views.hpp>

#include <vector>

namespace cupp {

namespace detail {

/// The index items of take_along_axis: `indices` on `axis`, aranges shaped to broadcast elsewhere.
template <class I>
std::vector<any_index> along_axis_items(const shape_t& shape, const ndarray<I>& indices, int axis) {
  if (indices.ndim() != shape.size())
    throw value_error("`indices` and `arr` must have the same number of dimensions");
  std::vector<any_index> items;
  for (int d = 0; d < shape.size(); ++d) {
    if (d == axis) {
      items.push_back(to_any_index(indices));
    } else {
      shape_t s = shape_t::filled(shape.size(), 1);
      s[d] = shape[d];
      items.push_back(to_any_index(arange<index_t>(shape[d]).reshape(s)));
    }
  }
  return items;
}

template <class T> struct put_fn {
  T* dst;
  offset_map dst_map;
  const index_t* ind;
  const T* values;
  index_t n_values;
  gather_map m; // one axis of a.size() elements: resolves mode and reports faults
  CUPP_HD void operator()(index_t i) const {
    const index_t flat = m.resolve(ind[i], 0);
    if (flat >= 0) dst[dst_map(flat)] = values[i % n_values];
  }
};

template <class T> struct choose_fn {
  const index_t* idx;
  const T* choices; // (n, size) contiguous
  index_t n, size;
  gather_map m; // resolves mode and reports faults over n choices
  CUPP_HD T operator()(index_t i) const {
    const index_t c = m.resolve(idx[i], 0);
    return c < 0 ? T{} : choices[c * size + i];
  }
};

inline gather_map single_axis_map(index_t size, index_mode mode,
                                  fault_code code = fault_code::index_out_of_bounds) {
  gather_map m;
  m.mode = mode;
  m.code = code;
  m.axis_size[0] = size;
  m.fault = fault_slot();
  return m;
}

} // namespace detail

/// `np.take(a, indices)`: elements of the flattened array at `indices` (result has indices' shape).
template <class T, class I>
[[nodiscard]] ndarray<T> take(const ndarray<T>& a, const ndarray<I>& indices,
                              index_mode mode = index_mode::raise) {
  return take(ravel(a), indices, 0, mode);
}

/// `np.take(a, indices, axis)`: shape a.shape[:axis] + indices.shape + a.shape[axis+1:].
template <class T, class I>
[[nodiscard]] ndarray<T> take(const ndarray<T>& a, const ndarray<I>& indices, index_t axis,
                              index_mode mode = index_mode::raise) {
  detail::check_devices(a, indices);
  const int ax = detail::normalize_axis(axis, a.ndim());
  const auto r = detail::resolve_index(a.shape(), a.strides(), detail::along_axis(indices, ax));
  ndarray<T> out(r.layout.shape);
  // NumPy's take checks the indices once per element of the axes before `axis`: with none, an
  // index out of range passes (np.take(np.zeros((0, 3)), [5], axis=1) is empty)
  index_t outer = 1;
  for (int d = 0; d < ax; ++d)
    outer *= a.shape()[d];
  detail::launch_transform(
      out.size(), out.data(),
      detail::gather_fn<T>{a.data(), detail::make_gather_map(r.layout, r.arrays, mode, outer > 0)});
  return out;
}

/// `np.take_along_axis(arr, indices, axis)`: `indices` has arr's rank and broadcasts against it.
template <class T, class I>
[[nodiscard]] ndarray<T> take_along_axis(const ndarray<T>& a, const ndarray<I>& indices,
                                         index_t axis) {
  const int ax = detail::normalize_axis(axis, a.ndim());
  return indexed<T>(a, detail::along_axis_items(a.shape(), indices, ax)).copy();
}

/// `np.put_along_axis(arr, indices, values, axis)`.
template <class T, class I, class V>
void put_along_axis(const ndarray<T>& a, const ndarray<I>& indices, const V& values, index_t axis) {
  const int ax = detail::normalize_axis(axis, a.ndim());
  indexed<T>(a, detail::along_axis_items(a.shape(), indices, ax)) = values;
}

/// `np.put(a, ind, v)`: `a.flat[ind] = v`, with v repeated when shorter than ind.
template <class T, class I>
void put(const ndarray<T>& a, const ndarray<I>& ind, const ndarray<T>& v,
         index_mode mode = index_mode::raise) {
  detail::check_devices(a, ind, v);
  if (ind.size() == 0) return;
  if (v.size() == 0) throw value_error("cannot put with an empty array of values");
  const auto idx = detail::index_array(ind, ind.shape());
  const auto vals = ascontiguousarray(v);
  detail::launch_for_each(
      ind.size(),
      detail::put_fn<T>{a.data(), detail::make_offset_map(a.shape(), a.strides()), idx.data(),
                        vals.data(), vals.size(), detail::single_axis_map(a.size(), mode)});
}
/// `np.put(a, ind, v)` with a scalar value.
template <class T, class I, class S, class = std::enable_if_t<is_scalar_v<S>>>
void put(const ndarray<T>& a, const ndarray<I>& ind, S v, index_mode mode = index_mode::raise) {
  put(a, ind, full(shape_t{1}, static_cast<T>(v)), mode);
}

/// `np.add.at(a, indices, values)` / `cupyx.scatter_add`: adds `values` (broadcast to the
/// selection) at `a[indices...]`, every repeated index adding (atomics). The indices are any
/// mix accepted by `a(...)`.
template <class T, class V, class... I>
void add_at(const ndarray<T>& a, const V& values, const I&... indices) {
  indexed<T>(a, {detail::to_any_index(indices)...}).add_at(values);
}

/// `np.choose(a, choices)`: `choices[a[i]][i]` with `a` and every choice broadcast together.
template <class I, class T>
[[nodiscard]] ndarray<T> choose(const ndarray<I>& a, const std::vector<ndarray<T>>& choices,
                                index_mode mode = index_mode::raise) {
  if (choices.empty()) throw value_error("choices must not be empty");
  detail::check_devices(a);
  shape_t shape = a.shape();
  bool ok = true;
  for (const auto& c : choices) {
    detail::check_devices(c); // their assignment below would copy between devices instead
    ok = broadcast_into(shape, c.shape()) && ok;
  }
  if (!ok) throw value_error("shape mismatch: objects cannot be broadcast to a single shape");
  const index_t n = static_cast<index_t>(choices.size()), size = shape_size(shape);
  shape_t stacked_shape{n};
  for (index_t e : shape)
    stacked_shape.push_back(e);
  ndarray<T> stacked(stacked_shape);
  for (index_t k = 0; k < n; ++k)
    stacked(k).assign(choices[static_cast<std::size_t>(k)]);
  const auto idx = detail::index_array(a, shape);
  ndarray<T> out(shape);
  detail::launch_transform(
      size, out.data(),
      detail::choose_fn<T>{idx.data(), stacked.data(), n, size,
                           detail::single_axis_map(n, mode, detail::fault_code::invalid_choice)});
  return out;
}

} // namespace cupp
