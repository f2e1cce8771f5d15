#pragma once
/// \file
/// Sorting in runs (each run of `len` consecutive elements sorted on its own), stable, ascending,
/// NaN last. Both backends provide, in namespace cupp::detail, on the current stream:
///
///   sort_runs(n, len, const K* keys_in, K* keys_out, const index_t* values_in, index_t* values_out)
///       keys_out holds each run sorted; values_out (if not null) the values_in permuted alike
///
/// On the CUDA backend NaN must be positive (the callers canonicalise it): radix sort orders the
/// bit patterns, where +NaN follows +inf; and -0.0 sorts before +0.0, where NumPy keeps them in
/// their original order.

#include <cupp/core/config.hpp>

#if defined(CUPP_BACKEND_CUDA)
#include <cupp/detail/cuda/sort.cuh>
#else
#include <cupp/detail/host/sort.hpp>
#endif
