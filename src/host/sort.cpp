// The sort facility (detail/sort.hpp) on the host backend, std::stable_sort per run, over OpenMP
// threads: compiled once per key type of the dtype table.
#include <cupp/detail/host/sort.hpp>
#include <cupp/detail/sort.hpp>

namespace cupp::detail {
#define X(K, name, kind, c_name) CUPP_SORT_KIND_##kind(CUPP_SORT_RUNS(, K))
CUPP_DTYPE_TABLE(X)
#undef X
} // namespace cupp::detail
