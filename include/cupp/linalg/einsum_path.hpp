#pragma once
/// \file
/// `np.einsum_path` and what einsum (linalg/einsum.hpp) runs on: the parsed subscripts and the
/// contraction path, found on the host by src/linalg/einsum.cpp (no array headers needed).

#include <cupp/core/shape.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace cupp {

/// NumPy's `optimize=` of einsum and einsum_path: `False`, `'greedy'` (True) or `'optimal'`.
enum class einsum_optimize { none, greedy, optimal };

/// One step of a contraction path: which operands it takes and what it computes.
struct einsum_contraction {
  /// Positions in the current operand list, largest first (the order NumPy pops them); the
  /// result is appended to the list.
  std::vector<int> operands;
  std::vector<std::string> inputs; ///< their subscripts, in that order
  std::string result;              ///< the result's subscripts (NumPy's order)
};

/// What `np.einsum_path` returns, and the parsed subscripts einsum runs on.
struct einsum_path_info {
  /// NumPy's path without its leading 'einsum_path': `{{1, 2}, {0, 1}}` is
  /// `['einsum_path', (1, 2), (0, 1)]`.
  std::vector<std::vector<int>> path;
  std::string report; ///< NumPy's printable report ("  Complete contraction:  ...")
  double naive_flops = 0, optimized_flops = 0, largest_intermediate = 0;
  /// The subscripts of each operand, one letter an axis (repeated letters kept; the ellipsis
  /// replaced by letters the subscripts do not use), and of the output.
  std::vector<std::string> inputs;
  std::string output;
  std::vector<einsum_contraction> contractions;
};

/// `np.einsum_path(subscripts, *operands, optimize)` from the operands' shapes: NumPy's path and
/// report. Raises value_error with the messages of NumPy's einsum (its C parser) for bad
/// subscripts and shapes.
[[nodiscard]] einsum_path_info einsum_path(std::string_view subscripts,
                                           const std::vector<shape_t>& shapes,
                                           einsum_optimize optimize = einsum_optimize::greedy);

} // namespace cupp
