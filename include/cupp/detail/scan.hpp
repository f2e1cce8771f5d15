#pragma once
/// \file
/// Inclusive scans, flat or in runs of `len` (each run scanned on its own), on the current stream.
/// Both backends provide, in namespace cupp::detail:
///
///   scan_runs(n, len, F f, Out out, Op op)   (Out: a pointer or any device output iterator)
///       out[i] = f(s) op f(s + 1) op ... op f(i), with s the start of i's run (i - i % len)
///
/// `f: index_t -> R` must be small (CUB copies it into every thread).

#include <cupp/core/config.hpp>

namespace cupp::detail {
/// The run a position belongs to: the key of CUB's scan-by-key.
struct run_of {
  index_t len;
  CUPP_HD index_t operator()(index_t i) const { return i / len; }
};
} // namespace cupp::detail

#if defined(CUPP_BACKEND_CUDA)
#include <cupp/detail/cuda/scan.cuh>
#else
#include <cupp/detail/host/scan.hpp>
#endif
