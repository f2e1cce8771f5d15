#pragma once
/// \file
/// `np.pad` (modes constant, edge, wrap, reflect, symmetric). Each mode fills one axis after
/// another from views of the result, following NumPy's algorithm (pads wider than the data repeat
/// it).

#include <cupp/core/keywords.hpp>
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

} // namespace cupp
