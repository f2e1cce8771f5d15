#pragma once
/// \file
/// Layout helpers every kernel family shares: the one joint coalescing of operand strides over a
/// broadcast shape, the flat-index-to-offset map built from it, NumPy's no-copy reshape and axis
/// normalisation (src/core/layout.cpp).

#include <cupp/core/config.hpp>
#include <cupp/core/shape.hpp>

#include <optional>
#include <span>

namespace cupp::detail {

/// Operand strides right-aligned to the broadcast `shape`, 0 along the axes it broadcasts over.
[[nodiscard]] shape_t align_strides(const shape_t& shape, const shape_t& operand_shape,
                                    const shape_t& operand_strides);

/// Joint coalescing: merges the dimensions of `shape` that are contiguous with each other for every
/// operand and drops extent-1 dimensions, so that index arithmetic is as short as the layouts allow
/// (C-contiguous operands of one shape become one dimension). `aligned[k]` are operand k's
/// strides aligned to `shape` (align_strides). Returns nd (at least 1: a single element is one
/// dimension of extent 1 and stride 0) with nd entries in `extent` and in each `out_strides[k]`.
int coalesce(const shape_t& shape, std::span<const shape_t> aligned, shape_t& extent,
             std::span<shape_t> out_strides);

/// Maps a flat C-order index to an element offset over a (coalesced) shape with element strides.
struct offset_map {
  int ndim = 0;
  index_t extent[max_dims] = {};
  index_t stride[max_dims] = {};

  CUPP_HD index_t operator()(index_t i) const {
    if (ndim == 1) return i * stride[0];
    index_t offset = 0;
    for (int d = ndim - 1; d >= 0; --d) {
      const index_t q = i / extent[d];
      offset += (i - q * extent[d]) * stride[d];
      i = q;
    }
    return offset;
  }
};

/// The offset map of one array's layout, coalesced.
[[nodiscard]] offset_map make_offset_map(const shape_t& shape, const shape_t& strides);

/// The strides that view an array of `shape`/`strides` as `new_shape` (same size) in C order
/// without copying, if there are any (NumPy's attempt at a no-copy reshape).
[[nodiscard]] std::optional<shape_t> reshape_strides(const shape_t& shape, const shape_t& strides,
                                                     const shape_t& new_shape);

/// Normalises a possibly negative axis, raising NumPy's axis_error.
[[nodiscard]] int normalize_axis(index_t axis, int ndim);

} // namespace cupp::detail
