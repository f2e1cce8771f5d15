#pragma once
/// \file
/// Stream compaction and scans, the data-dependent building blocks of boolean indexing. Both
/// backends provide, in namespace cupp::detail, on the current stream without synchronising:
///
///   select_if(n, Pred p, index_t* out, index_t* count)
///       out[0..*count) = the i in [0, n) with p(i), in increasing order; *count in device memory
///   select_flagged(n, const T* values, const bool* flags, T* out, index_t* count)
///       out[0..*count) = values[i] where flags[i], in order (contiguous inputs: the fast path)
///   exclusive_count(n, Pred p, index_t* out)
///       out[i] = number of j < i with p(j)

#include <cupp/core/config.hpp>

#if defined(CUPP_BACKEND_CUDA)
#include <cupp/detail/cuda/select.cuh>
#else
#include <cupp/detail/host/select.hpp>
#endif
