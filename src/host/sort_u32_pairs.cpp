// The sort facility (detail/sort.hpp) for 32-bit keys with 32-bit values on the host backend
// (std::stable_sort): the one instance the random orders use (src/random/sample.cpp).
#include <cupp/detail/host/sort.hpp>
#include <cupp/detail/sort.hpp>

namespace cupp::detail {
template void sort_runs<std::uint32_t, std::uint32_t>(index_t, index_t, const std::uint32_t*,
                                                      std::uint32_t*, const std::uint32_t*,
                                                      std::uint32_t*);
} // namespace cupp::detail
