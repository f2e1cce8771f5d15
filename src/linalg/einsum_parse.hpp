#pragma once
// NumPy's C einsum parser for np.einsum_path (src/linalg/einsum.cpp): the subscripts checked as
// NumPy checks them, in its order, with its messages.
#include <cupp/core/shape.hpp>

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace cupp::linalg::impl {

/// The letters of einsum's subscripts in NumPy's order (einsumfunc.py's einsum_symbols).
inline constexpr char einsum_letters[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// Parsed subscripts: a letter per axis of each operand (repeated letters kept; the ellipsis'
/// axes as letters the subscripts do not use, right-aligned across the operands) and of the
/// output, and each letter's extent after broadcasting.
struct einsum_parsed {
  std::vector<std::string> inputs;
  std::string output;
  std::array<index_t, 128> size{};
};

/// Parses `subscripts` for operands of `shapes`; raises value_error with NumPy's messages.
[[nodiscard]] einsum_parsed parse_einsum(std::string_view subscripts,
                                         const std::vector<shape_t>& shapes);

} // namespace cupp::linalg::impl
