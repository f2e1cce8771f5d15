#pragma once
/// \file
/// `cupp::linalg`, numpy.linalg: the LU family (solve.hpp), the factorisations
/// (decompositions.hpp), norms and cond (norms.hpp), lstsq, pinv and
/// matrix_rank (least_squares.hpp), and matmul (dot.hpp, also at the top level as
/// in NumPy). The functions take stacks of matrices and raise failures found on the device at the
/// next sync point. NumPy's top-level einsum and einsum_path (einsum.hpp) come along, in `cupp`.

#include <cupp/linalg/decompositions.hpp>
#include <cupp/linalg/dot.hpp>
#include <cupp/linalg/einsum.hpp>
#include <cupp/linalg/least_squares.hpp>
#include <cupp/linalg/norms.hpp>
#include <cupp/linalg/products.hpp>
#include <cupp/linalg/solve.hpp>

namespace cupp::linalg {
using cupp::matmul;
} // namespace cupp::linalg
