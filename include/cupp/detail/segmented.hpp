#pragma once
/// \file
/// Axis reductions: the kernels behind `sum(a, axis)` and friends, with a reducer from
/// detail/reducers.hpp. Both backends provide, in namespace cupp::detail, on the current stream:
///
///   reduce_rows(base, rows_map, stride, rows, len, red, out)
///       out[o] = red over base[rows_map(o) + r * stride], r < len: each output reads one run
///       (the reduced axes are innermost: a group of threads shares each output)
///   reduce_columns(base, cols_map, red_map, cols, len, red, out)
///       out[o] = red over base[cols_map(o) + red_map(r)], r < len: consecutive outputs are
///       adjacent in memory (the reduced axes are outer: a thread per output and part of r)
///
/// `out` is contiguous, of the reducer's result type; every output has at least one element.

#include <cupp/core/config.hpp>
#include <cupp/core/layout.hpp>

#if defined(CUPP_BACKEND_CUDA)
#include <cupp/detail/cuda/segmented.cuh>
#else
#include <cupp/detail/host/segmented.hpp>
#endif
