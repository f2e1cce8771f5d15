#pragma once
/// \file
/// `np.pad` (modes constant, edge, wrap, reflect, symmetric) and the reshaping helpers resize,
/// delete, insert and vander. Each pad mode fills one axis after another from views of the result,
/// following NumPy's algorithm (pads wider than the data repeat it).

#include <cupp/core/keywords.hpp>
#include <cupp/creation.hpp>
#include <cupp/indexing/take.hpp>
#include <cupp/manipulation/join.hpp>
#include <cupp/manipulation/views.hpp>

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cupp {

/// Pad widths: one (before, after) pair per axis, or a single pair for every axis.
using pad_widths = std::vector<std::pair<index_t, index_t>>;

namespace detail {

template <class T>
void pad_reflect_axis(const ndarray<T>& roi, int d, index_t left, index_t right, index_t n,
                      bool symmetric) {
  const index_t len = roi.shape()[d];
  while (left > 0 || right > 0) {
    const index_t valid = len - left - right;
    index_t old;
    if (symmetric) {
      old = valid / n * n;
    } else {
      old = (valid - 1) / (n - 1) * (n - 1); // the edge is the mirror, not repeated
    }
    const index_t off = symmetric ? 1 : 0;
    if (left > 0) {
      const index_t chunk = std::min(old, left);
      slab(roi, d, left - chunk, chunk).assign(flip(slab(roi, d, left - off + 1, chunk), d));
      left -= chunk;
    }
    if (right > 0) {
      const index_t chunk = std::min(old, right);
      slab(roi, d, len - right, chunk)
          .assign(flip(slab(roi, d, len - right + off - 1 - chunk, chunk), d));
      right -= chunk;
    }
  }
}

template <class T>
void pad_wrap_axis(const ndarray<T>& roi, int d, index_t left, index_t right, index_t n) {
  const index_t len = roi.shape()[d];
  while (left > 0 || right > 0) {
    const index_t period = (len - left - right) / n * n;
    index_t new_left = 0, new_right = 0;
    if (left > 0) {
      const index_t take = std::min(period, left);
      const auto src = slab(roi, d, left + period - take, take);
      if (left > period) {
        slab(roi, d, left - period, period).assign(src);
        new_left = left - period;
      } else {
        slab(roi, d, 0, left).assign(src);
      }
    }
    if (right > 0) {
      const auto src = slab(roi, d, len - right - period, std::min(period, right));
      if (right > period) {
        slab(roi, d, len - right, period).assign(src);
        new_right = right - period;
      } else {
        slab(roi, d, len - right, right).assign(src);
      }
    }
    left = new_left;
    right = new_right;
  }
}

} // namespace detail

/// `np.pad(a, pad_width, mode, constant_values)`. (`mode` is a string_view rather than a
/// std::string: GCC 12 lets a designated list `{.mode = "edge"}` match std::string, which would
/// make the keyword form below ambiguous.)
template <class T>
[[nodiscard]] ndarray<T> pad(const ndarray<T>& a, pad_widths widths,
                             std::string_view mode = "constant", T constant_value = T(0)) {
  if (widths.size() == 1) widths.resize(static_cast<std::size_t>(a.ndim()), widths.front());
  if (static_cast<int>(widths.size()) != a.ndim())
    throw value_error("pad_width has " + std::to_string(widths.size()) +
                      " pairs for an array of dimension " + std::to_string(a.ndim()));
  for (const auto& [before, after] : widths)
    if (before < 0 || after < 0) throw value_error("index can't contain negative values");
  if (mode != "constant" && mode != "edge" && mode != "wrap" && mode != "reflect" &&
      mode != "symmetric")
    throw value_error("mode '" + std::string(mode) + "' is not supported");
  shape_t shape;
  for (int d = 0; d < a.ndim(); ++d)
    shape.push_back(a.shape()[d] + widths[d].first + widths[d].second);
  ndarray<T> out(shape);
  if (mode == "constant") out.fill(constant_value);
  ndarray<T> center = out;
  for (int d = 0; d < a.ndim(); ++d)
    center = detail::slab(center, d, widths[d].first, a.shape()[d]);
  center.assign(a);
  if (mode == "constant") return out;
  for (int d = 0; d < a.ndim(); ++d) {
    const auto [left, right] = widths[d];
    const index_t n = a.shape()[d];
    if (left == 0 && right == 0) continue;
    if (n == 0)
      throw value_error("can't extend empty axis " + std::to_string(d) +
                        " using modes other than 'constant' or 'empty'");
    // axes before d are padded already; axes after d only hold the original area so far
    ndarray<T> roi = out;
    for (int e = d + 1; e < a.ndim(); ++e)
      roi = detail::slab(roi, e, widths[e].first, a.shape()[e]);
    if (mode == "edge" || ((mode == "reflect" || mode == "symmetric") && n == 1)) {
      detail::slab(roi, d, 0, left).assign(detail::slab(roi, d, left, 1));
      detail::slab(roi, d, left + n, right).assign(detail::slab(roi, d, left + n - 1, 1));
    } else if (mode == "wrap") {
      detail::pad_wrap_axis(roi, d, left, right, n);
    } else {
      detail::pad_reflect_axis(roi, d, left, right, n, mode == "symmetric");
    }
  }
  return out;
}

/// `np.pad(a, width, ...)`: the same width before and after every axis.
template <class T>
[[nodiscard]] ndarray<T> pad(const ndarray<T>& a, index_t width, std::string_view mode = "constant",
                             T constant_value = T(0)) {
  return pad(a, pad_widths{{width, width}}, mode, constant_value);
}

/// NumPy's keywords of pad (core/keywords.hpp): `cp::pad(a, 2, {.mode = "edge"})`,
/// `cp::pad(a, {{1, 2}}, {.constant_values = 7})`.
template <class T> struct pad_kw {
  detail::kw_guard guard_{};
  std::string_view mode = "constant";
  T constant_values = T(0);
};
template <class T>
[[nodiscard]] ndarray<T> pad(const ndarray<T>& a, pad_widths widths, const pad_kw<T>& kw) {
  return pad(a, std::move(widths), kw.mode, kw.constant_values);
}
template <class T>
[[nodiscard]] ndarray<T> pad(const ndarray<T>& a, index_t width, const pad_kw<T>& kw) {
  return pad(a, width, kw.mode, kw.constant_values);
}

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
                        "the axis length of " + std::to_string(a.shape()[ax]));
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

} // namespace cupp
