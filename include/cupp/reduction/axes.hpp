#pragma once
/// \file
/// `cupp::axes`, the `axis=` argument of reductions, and how it splits a shape.

#include <cupp/core/config.hpp>
#include <cupp/core/shape.hpp>

#include <initializer_list>
#include <utility>
#include <vector>

namespace cupp {

/// The axes a reduction runs over: one (`1`, `-1`), several (`{0, 2}`), or every axis (the default,
/// also spelled `cupp::all_axes`, NumPy's `axis=None`).
class axes {
public:
  axes() = default;
  axes(index_t axis) : list_{axis}, all_(false) {} // NOLINT(google-explicit-constructor)
  axes(std::initializer_list<index_t> list) : list_(list), all_(false) {}
  explicit axes(std::vector<index_t> list) : list_(std::move(list)), all_(false) {}
  [[nodiscard]] bool all() const noexcept { return all_; }
  [[nodiscard]] const std::vector<index_t>& list() const noexcept { return list_; }

private:
  std::vector<index_t> list_;
  bool all_ = true;
};

/// Every axis (NumPy's `axis=None`).
inline const axes all_axes{};

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
