#pragma once
/// \file
/// Row functions that read each element of a contiguous row once, the row held in registers
/// between two reductions over it (softmax, logsumexp, entropy along the last axis):
///
///   register_rows(x, y, rows, len, op) -> bool
///       for each row r of x (rows x len, C-contiguous): a = reduction of op.first over the row,
///       b = reduction of op.second(a, ., x) over it (which may replace x in the registers by
///       what the output needs), then y[r, i] = op.element(a, b, x_i) (Op::elementwise) or
///       y[r] = op.row(a, b); false, with nothing launched, where the row is longer than
///       register_row_max<P> (the caller takes its reduction path)
///
/// Op (CUPP_HD members): `first_t first_init()`, `first_t first(first_t, P)`,
/// `first_t first_merge(first_t, first_t)`, `second_t second_init()`,
/// `second_t second(const first_t&, second_t, P&)`, `second_t second_merge(second_t, second_t)`
/// and `out_t element(const first_t&, const second_t&, P)` or `out_t row(first_t, second_t)`; the
/// merges must be associative (the CUDA backend reduces a block's partial values as a tree).
/// CUDA: a block of 256 threads per row, vector loads and stores where rows are 16-byte aligned;
/// host: rows in parallel (OpenMP), each row in order.

#include <cupp/core/config.hpp>
#include <cupp/core/layout.hpp>

namespace cupp::detail {

/// The longest row held in registers: 32 elements of 4 bytes (16 of 8) per thread of a block.
template <class P> inline constexpr index_t register_row_max = sizeof(P) <= 4 ? 8192 : 4096;

} // namespace cupp::detail

#if defined(CUPP_BACKEND_CUDA)
#include <cupp/detail/cuda/register_rows.cuh>
#else
#include <cupp/detail/host/register_rows.hpp>
#endif
