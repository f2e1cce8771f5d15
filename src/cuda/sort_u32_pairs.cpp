// The sort facility (detail/sort.hpp) for 32-bit keys with 32-bit values on the cuda backend
// (CUB DeviceRadixSort): the one instance the random orders use (src/random/sample.cpp), and the
// sort of keys below 2^bits (detail/sort_bits.hpp) for choice's draws.
#include <cupp/detail/cuda/sort.cuh>
#include <cupp/detail/sort.hpp>
#include <cupp/detail/sort_bits.hpp>

namespace cupp::detail {
template void sort_runs<std::uint32_t, std::uint32_t>(index_t, index_t, const std::uint32_t*,
                                                      std::uint32_t*, const std::uint32_t*,
                                                      std::uint32_t*);

void sort_pairs_below(index_t n, int bits, const std::uint32_t* keys_in, std::uint32_t* keys_out,
                      const std::uint32_t* values_in, std::uint32_t* values_out) {
  if (n <= 0) return;
  cub_call("cub::DeviceRadixSort", [&](void* tmp, std::size_t& bytes, cudaStream_t s) {
    return cub::DeviceRadixSort::SortPairs(tmp, bytes, keys_in, keys_out, values_in, values_out, n,
                                           0, bits, s);
  });
}
} // namespace cupp::detail
