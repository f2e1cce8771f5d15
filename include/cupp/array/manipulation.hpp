#pragma once
/// \file
/// The shape functions of `cupp::array` (the runtime-dtype array), as the typed ones
/// (manipulation/views.hpp, join.hpp): views where NumPy gives views (transpose, swapaxes,
/// moveaxis, squeeze, expand_dims, broadcast_to, flip, ravel of a contiguous array), copies where
/// it copies (flatten, concatenate, stack). concatenate and stack take arrays of any dtypes and
/// give their common dtype (np.result_type), as NumPy's.

#include <cupp/array.hpp>
#include <cupp/core/shape.hpp>

#include <optional>
#include <vector>

namespace cupp {

[[nodiscard]] array reshape(const array& a, const shape_t& shape);
[[nodiscard]] array transpose(const array& a);
[[nodiscard]] array transpose(const array& a, const std::vector<index_t>& axes);
[[nodiscard]] array swapaxes(const array& a, index_t axis1, index_t axis2);
[[nodiscard]] array moveaxis(const array& a, index_t source, index_t destination);
/// `np.squeeze(a)` (every length-1 axis) or `np.squeeze(a, axis)`.
[[nodiscard]] array squeeze(const array& a, std::optional<index_t> axis = std::nullopt);
[[nodiscard]] array expand_dims(const array& a, index_t axis);
[[nodiscard]] array broadcast_to(const array& a, const shape_t& shape);
/// `np.flip(a)` (every axis) or `np.flip(a, axis)`.
[[nodiscard]] array flip(const array& a, std::optional<index_t> axis = std::nullopt);
[[nodiscard]] array ravel(const array& a);
[[nodiscard]] array flatten(const array& a);
[[nodiscard]] array concatenate(const std::vector<array>& arrays, index_t axis = 0);
[[nodiscard]] array stack(const std::vector<array>& arrays, index_t axis = 0);

} // namespace cupp
