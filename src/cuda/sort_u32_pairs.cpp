// The sort facility (detail/sort.hpp) for 32-bit keys with 32-bit values on the cuda backend
// (CUB DeviceRadixSort): the one instance the random orders use (src/random/sample.cpp).
#include <cupp/detail/cuda/sort.cuh>
#include <cupp/detail/sort.hpp>

namespace cupp::detail {
template void sort_runs<std::uint32_t, std::uint32_t>(index_t, index_t, const std::uint32_t*,
                                                      std::uint32_t*, const std::uint32_t*,
                                                      std::uint32_t*);
} // namespace cupp::detail
