#pragma once
/// \file
/// Basic indexing: slices, integers, newaxis and ellipsis, giving views (NumPy's `a[...]` with
/// basic indices). The C++ spelling of Python's `a[1:, ::2, None, ..., -1]` is
/// `a(slice(1, none), slice(none, none, 2), newaxis, ellipsis, -1)`; `slice()` is `:`.

#include <cupp/core/config.hpp>
#include <cupp/core/error.hpp>
#include <cupp/core/layout.hpp>
#include <cupp/core/shape.hpp>

#include <optional>
#include <string>
#include <type_traits>

namespace cupp {

/// An omitted slice bound (Python's `None` inside a slice).
inline constexpr std::nullopt_t none = std::nullopt;

/// Python's slice: `slice()` is `:`, `slice(stop)`, `slice(start, stop)`, `slice(start, stop,
/// step)`; bounds may be negative (counted from the end) or `none`, and clamp like Python's.
struct slice {
  std::optional<index_t> start, stop, step;
  constexpr slice() = default;
  constexpr explicit slice(std::optional<index_t> stop_) : stop(stop_) {}
  constexpr slice(std::optional<index_t> start_, std::optional<index_t> stop_,
                  std::optional<index_t> step_ = std::nullopt)
      : start(start_), stop(stop_), step(step_) {}
};

/// Python's `None` as an index: a new axis of extent 1.
struct newaxis_t {};
inline constexpr newaxis_t newaxis{};

/// Python's `...`: as many `:` as the other indices leave.
struct ellipsis_t {};
inline constexpr ellipsis_t ellipsis{};

namespace detail {

/// One basic index, whatever its C++ spelling.
struct index_item {
  enum class kind { integer, slice, newaxis, ellipsis } k;
  index_t i = 0;
  cupp::slice s{};
};

template <class I> index_item to_index_item(const I& x) {
  if constexpr (std::is_same_v<I, cupp::slice>) {
    return {index_item::kind::slice, 0, x};
  } else if constexpr (std::is_same_v<I, newaxis_t>) {
    return {index_item::kind::newaxis};
  } else if constexpr (std::is_same_v<I, ellipsis_t>) {
    return {index_item::kind::ellipsis};
  } else {
    static_assert(std::is_integral_v<I> && !std::is_same_v<I, bool>,
                  "an index is an integer, cupp::slice, cupp::newaxis, cupp::ellipsis, an "
                  "integer or bool array or expression (a > 0), or a std::vector or std::array "
                  "of integers or bools");
    return {index_item::kind::integer, static_cast<index_t>(x)};
  }
}

/// The view `items` select: element offset from the base, shape and strides.
struct view_layout {
  index_t offset = 0;
  shape_t shape, strides;
};

/// Python's slice.indices(n): start, step and length of the selection over an axis of extent n.
struct slice_range {
  index_t start, step, length;
};
[[nodiscard]] slice_range resolve_slice(const cupp::slice& s, index_t n);

[[nodiscard]] view_layout basic_index(const shape_t& shape, const shape_t& strides,
                                      const index_item* items, int count);

/// Where advanced (integer-array) indices take their elements from, for result element i:
/// offset + sum_d c_d * src_strides[d] + sum_j idx_j[l] * axis_stride[j], with c the multi-index of
/// i over `shape` and l = sum_d c_d * lin_strides[d] the position in the broadcast index arrays.
struct advanced_layout {
  index_t offset = 0;
  shape_t shape;       // the result's shape
  shape_t src_strides; // per result axis: the source stride (0 along the index block)
  shape_t lin_strides; // per result axis: the stride into the broadcast index arrays
  shape_t index_shape; // the index arrays' broadcast shape
  shape_t axis_stride, axis_size, axis; // per index array: the indexed axis (axis: for messages)
};

/// NumPy's advanced indexing layout. `items` may hold `kind::slice` placeholders standing for index
/// arrays: `is_array[k]` marks them and `array_shapes[k]` gives their shapes. Integers next to
/// arrays count as advanced indices for NumPy's placement rule (the index block goes where the
/// first advanced index is when they are all adjacent, else first).
[[nodiscard]] advanced_layout advanced_index(const shape_t& shape, const shape_t& strides,
                                             const index_item* items, const bool* is_array,
                                             const shape_t* array_shapes, int count);

} // namespace detail
} // namespace cupp
