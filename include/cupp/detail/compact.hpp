#pragma once
/// \file
/// Stream compaction under a boolean mask for every dtype, compiled once in
/// src/detail/compact.cpp: the complete array (boolean indexing) uses these instead of the
/// selection facility's templates, which bring CUB's DeviceSelect and DeviceScan into every
/// translation unit (about 7 s of nvcc each).

#include <cupp/core/config.hpp>
#include <cupp/core/dtype_table.hpp>

namespace cupp::detail {

/// out[0..*count) = values[i] where flags[i], in order (contiguous inputs); *count on the device.
template <class T>
void compact(index_t n, const T* values, const bool* flags, T* out, index_t* count);

/// out[i] = the number of j < i with mask[j] (contiguous mask).
void count_before(index_t n, const bool* mask, index_t* out);

#define CUPP_COMPACT_EXTERN(T, ...)                                                                \
  extern template void compact<T>(index_t, const T*, const bool*, T*, index_t*);
CUPP_DTYPE_TABLE(CUPP_COMPACT_EXTERN)
#undef CUPP_COMPACT_EXTERN

} // namespace cupp::detail
