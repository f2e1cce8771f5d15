#pragma once
/// \file
/// The one-pass softmax of contiguous rows, where a row fits in a thread block's registers:
///
///   softmax_rows(x, y, rows, len, log) -> bool
///       y[r, :] = softmax(x[r, :]) (log_softmax if `log`), SciPy's formulas; false, with nothing
///       launched, where this backend has no such kernel or the row is too long
///
/// The CUDA kernel reads each element once and writes it once (the reduction path reads it
/// twice); the host backend returns false and softmax takes the reduction path.

#include <cupp/core/config.hpp>

#if defined(CUPP_BACKEND_CUDA)
#include <cupx/special/detail/cuda/softmax_rows.cuh>
#else
namespace cupx::special::detail {
template <class P> bool softmax_rows(const P*, P*, cupp::index_t, cupp::index_t, bool) {
  return false;
}
} // namespace cupx::special::detail
#endif
