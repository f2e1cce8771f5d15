#pragma once
/// \file
/// A stable sort of 32-bit keys with 32-bit values where every key is below 2^bits: a radix sort
/// then needs passes over those bits only (three 8-bit passes instead of four for keys below
/// 2^24, as choice's draws from a population of at most 16M). The same order as sort_runs(n, n,
/// ...). Defined beside that instance (src/<backend>/sort_u32_pairs.cpp).

#include <cupp/core/config.hpp>

#include <cstdint>

namespace cupp::detail {

void sort_pairs_below(index_t n, int bits, const std::uint32_t* keys_in, std::uint32_t* keys_out,
                      const std::uint32_t* values_in, std::uint32_t* values_out);

} // namespace cupp::detail
