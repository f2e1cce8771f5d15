#pragma once
/// \file
/// Sorting in runs (each run of `len` consecutive elements sorted on its own), stable, ascending.
/// Both backends provide, in namespace cupp::detail, on the current stream:
///
///   sort_runs(n, len, const K* keys_in, K* keys_out, const index_t* values_in, index_t* values_out)
///       keys_out holds each run sorted; values_out (if not null) the values_in permuted alike
///
/// Keys are integers or bool: floating-point values are sorted as order-preserving unsigned keys
/// (sorting/sort.hpp), because CUB's segmented sort compares short segments with `<`, which NaN
/// does not order.

#include <cupp/core/config.hpp>

#if defined(CUPP_BACKEND_CUDA)
#include <cupp/detail/cuda/sort.cuh>
#else
#include <cupp/detail/host/sort.hpp>
#endif
