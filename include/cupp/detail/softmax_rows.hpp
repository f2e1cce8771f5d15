#pragma once
/// \file
/// The one-pass softmax of contiguous rows, where a row fits in a thread block's registers:
///
///   softmax_rows(x, y, rows, len, log) -> bool
///       y[r, :] = softmax(x[r, :]) (log_softmax if `log`), SciPy's formulas; false, with nothing
///       launched, where this backend has no such kernel or the row is too long
///
/// The CUDA kernel reads each element once and writes it once (the reduction path reads it
/// twice); the host backend returns false and softmax takes the reduction path. Used by
/// cupx::special's softmax and log_softmax.

#include <cupp/core/config.hpp>
#include <cupp/core/layout.hpp>

#if defined(CUPP_BACKEND_CUDA)
#include <cupp/detail/cuda/softmax_rows.cuh>
#else
#include <cupp/detail/host/softmax_rows.hpp>
#endif
