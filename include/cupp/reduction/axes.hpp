#pragma once
/// \file
/// How a reduction's `cupp::axes` (core/axes.hpp) splits a shape.

#include <cupp/core/axes.hpp>
#include <cupp/core/config.hpp>
#include <cupp/core/shape.hpp>

#include <vector>

namespace cupp {

namespace detail {

/// Which axes are reduced, and the shapes of the result without and with keepdims.
struct axis_split {
  std::vector<bool> reduced;
  shape_t kept_shape, keepdims_shape;
  index_t len = 1; // elements per output
};

/// Normalises `ax` against `shape`, raising NumPy's axis_error / "duplicate value in 'axis'".
[[nodiscard]] axis_split split_axes(const shape_t& shape, const axes& ax);

} // namespace detail
} // namespace cupp
