// The sort facility (detail/sort.hpp) for 32-bit keys with 32-bit values on the host backend
// (std::stable_sort): the one instance the random orders use (src/random/sample.cpp), and the
// sort of keys below 2^bits (detail/sort_bits.hpp), which on the host is the same stable sort.
#include <cupp/detail/host/sort.hpp>
#include <cupp/detail/sort.hpp>
#include <cupp/detail/sort_bits.hpp>

namespace cupp::detail {
template void sort_runs<std::uint32_t, std::uint32_t>(index_t, index_t, const std::uint32_t*,
                                                      std::uint32_t*, const std::uint32_t*,
                                                      std::uint32_t*);

void sort_pairs_below(index_t n, int /*bits*/, const std::uint32_t* keys_in,
                      std::uint32_t* keys_out, const std::uint32_t* values_in,
                      std::uint32_t* values_out) {
  sort_runs(n, n, keys_in, keys_out, values_in, values_out);
}
} // namespace cupp::detail
