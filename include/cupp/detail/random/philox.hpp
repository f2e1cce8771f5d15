#pragma once
/// \file
/// Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC 2011): a
/// counter-based generator, four 32-bit words from a 128-bit counter and a 64-bit key, with the
/// same bits on the host and the device (integer arithmetic only). Checked against Random123's
/// known-answer vectors (test/random/test_philox.cpp).

#include <cupp/core/config.hpp>

#include <cstdint>

namespace cupp::detail::random {

struct philox_block {
  std::uint32_t w[4];
};

CUPP_HD inline std::uint32_t mulhilo32(std::uint32_t a, std::uint32_t b, std::uint32_t& hi) {
#if defined(__CUDA_ARCH__)
  hi = __umulhi(a, b);
  return a * b;
#else
  const std::uint64_t p = std::uint64_t{a} * b;
  hi = static_cast<std::uint32_t>(p >> 32);
  return static_cast<std::uint32_t>(p);
#endif
}

/// The ten rounds of Philox4x32 on counter `c` with key (k0, k1).
CUPP_HD inline philox_block philox4x32_10(philox_block c, std::uint32_t k0, std::uint32_t k1) {
  constexpr std::uint32_t m0 = 0xD2511F53u, m1 = 0xCD9E8D57u; // multipliers
  constexpr std::uint32_t w0 = 0x9E3779B9u, w1 = 0xBB67AE85u; // Weyl key increments
  CUPP_UNROLL
  for (int round = 0; round < 10; ++round) {
    std::uint32_t hi0, hi1;
    const std::uint32_t lo0 = mulhilo32(m0, c.w[0], hi0);
    const std::uint32_t lo1 = mulhilo32(m1, c.w[2], hi1);
    c = philox_block{{hi1 ^ c.w[1] ^ k0, lo1, hi0 ^ c.w[3] ^ k1, lo0}};
    k0 += w0;
    k1 += w1;
  }
  return c;
}

} // namespace cupp::detail::random
