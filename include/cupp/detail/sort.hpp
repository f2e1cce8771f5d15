#pragma once
/// \file
/// Sorting in runs (each run of `len` consecutive elements sorted on its own), stable, ascending.
/// Both backends provide, in namespace cupp::detail, on the current stream:
///
///   sort_runs(n, len, const K* keys_in, K* keys_out, const V* values_in, V* values_out)
///       keys_out holds each run sorted; values_out (if not null) the values_in permuted alike;
///       V is index_t, or std::uint32_t with std::uint32_t keys
///
/// Keys are integers or bool: floating-point values are sorted as order-preserving unsigned keys
/// (sorting/sort.hpp), because CUB's segmented sort compares short segments with `<`, which NaN
/// does not order.

///
/// It is compiled once per key type, in src/cuda/sort.cpp (CUB DeviceRadixSort and
/// DeviceSegmentedSort) and src/host/sort.cpp (std::stable_sort per run): the sort kernels are
/// the heaviest in cupp to compile, and a translation unit that sorts no longer pays for them.

#include <cupp/core/config.hpp>
#include <cupp/core/dtype_table.hpp>

#include <cstdint>

namespace cupp::detail {

template <class K, class V = index_t>
void sort_runs(index_t n, index_t len, const K* keys_in, K* keys_out, const V* values_in,
               V* values_out);

/// One run of floating-point values (float, double) sorted stably in the order of their bits (CUB's
/// radix order, in which -0.0 ties with +0.0), except that every NaN comes last, each value's bits
/// kept
/// (src/<backend>/sort_values.cpp). The sort of the values themselves, without sorting/sort.hpp's
/// order-preserving keys: two passes over the values fewer.
template <class F> void sort_values(index_t n, const F* in, F* out);
extern template void sort_values<float>(index_t, const float*, float*);
extern template void sort_values<double>(index_t, const double*, double*);

/// The random orders' sort (detail/random/sample.hpp): 32-bit keys with 32-bit indices, a third
/// fewer bytes per radix pass than with index_t values (src/<backend>/sort_u32_pairs.cpp).
extern template void sort_runs<std::uint32_t, std::uint32_t>(index_t, index_t, const std::uint32_t*,
                                                             std::uint32_t*, const std::uint32_t*,
                                                             std::uint32_t*);

// The keys are the integer dtypes and bool (floats sort as unsigned integers, complex numbers in
// three passes of such keys, sorting/sort.hpp).
#define CUPP_SORT_KIND_b(x) x
#define CUPP_SORT_KIND_i(x) x
#define CUPP_SORT_KIND_u(x) x
#define CUPP_SORT_KIND_f(x)
#define CUPP_SORT_KIND_c(x)
#define CUPP_SORT_RUNS(EXTERN, K)                                                                  \
  EXTERN template void sort_runs<K, index_t>(index_t, index_t, const K*, K*, const index_t*,       \
                                             index_t*);
#define CUPP_SORT_RUNS_EXTERN(K, name, kind, c_name)                                               \
  CUPP_SORT_KIND_##kind(CUPP_SORT_RUNS(extern, K))
CUPP_DTYPE_TABLE(CUPP_SORT_RUNS_EXTERN)
#undef CUPP_SORT_RUNS_EXTERN

} // namespace cupp::detail
