#pragma once
/// \file
/// Where every random bit of cupp comes from. A generator call hands its kernel a `call_key` (the
/// generator's 64-bit key and the call's number); the bits of element i of that call are Philox
/// blocks whose counter holds i, the call number and a block index j:
///
///   counter = { j, i mod 2^32, (i / 2^32 mod 2^16) | (call / 2^32 mod 2^16) << 16, call mod 2^32 }
///
/// so a value depends only on (key, call, i), never on the launch configuration, the backend or
/// how the array is split (docs/random.md states the promise). Indices and call numbers have 48
/// bits (2.8e14 of each).
///
/// Two uses of the counter space, never in the same call:
/// - **packed**: the fast distributions (uniform floats, integers, standard normal and
///   exponential) take element i's word(s) from block j = 0 of group i / 4 (4-byte and smaller
///   types: one word each) or i / 2 (8-byte types: two words each), so one Philox block makes
///   16 bytes of results; a rare rejection continues on element i's own stream from j = 1.
/// - **per element**: every other distribution reads element i's own stream, blocks j = 0, 1, ...

#include <cupp/core/config.hpp>
#include <cupp/detail/random/philox.hpp>

#include <cstdint>

namespace cupp::detail::random {

/// What a kernel needs of the generator for one call.
struct call_key {
  std::uint32_t k0 = 0, k1 = 0;
  std::uint64_t call = 0; // below 2^48
  /// The call's index of the launch's element 0 (a multiple of 4, a packed group's start): a
  /// launch that fills part of a call, as a rank's block of a distributed array (cupp::dist)
  /// does, reads the bits the whole call's elements there read. Element streams and packed
  /// groups add it; the permutations' sort keys (sample.hpp) do not (never offset).
  std::uint64_t first = 0;
};

/// Block j of counter index i (an element, or a group of elements in the packed layout).
CUPP_HD inline philox_block block_at(const call_key& k, std::uint64_t i, std::uint32_t j) {
  const philox_block c{{j, static_cast<std::uint32_t>(i),
                        (static_cast<std::uint32_t>(i >> 32) & 0xFFFFu) |
                            (static_cast<std::uint32_t>(k.call >> 32) << 16),
                        static_cast<std::uint32_t>(k.call)}};
  return philox4x32_10(c, k.k0, k.k1);
}

/// [0, 1) from the top 24 bits of a word (every float32 of the form m * 2^-24), as NumPy's
/// next_float.
CUPP_HD inline float unit_float(std::uint32_t w) { return static_cast<float>(w >> 8) * 0x1.0p-24f; }
/// [0, 1) from the top 53 bits of two words (every float64 of the form m * 2^-53), as NumPy's
/// next_double.
CUPP_HD inline double unit_double(std::uint64_t w) {
  return static_cast<double>(w >> 11) * 0x1.0p-53;
}
/// Two words as one 64-bit word, the first the low half.
CUPP_HD inline std::uint64_t join_words(std::uint32_t lo, std::uint32_t hi) {
  return std::uint64_t{lo} | std::uint64_t{hi} << 32;
}

/// block_at as a call: a rejection loop draws at many places, and each inlined Philox is 10
/// rounds of multiplies (beta's kernel held 22 of them).
CUPP_HD CUPP_NOINLINE inline philox_block next_block(call_key k, std::uint64_t i, std::uint32_t j) {
  return block_at(k, i, j);
}

/// Element i's own stream of words, blocks j = first, first + 1, ...
class element_stream {
public:
  CUPP_HD element_stream(const call_key& k, std::uint64_t i, std::uint32_t first = 0)
      : key_(k), i_(i + k.first), j_(first) {}

  /// The block's words in order, shifted down rather than indexed: an index that varies at run
  /// time puts the block, and with it the whole stream, in local memory on the GPU.
  CUPP_HD std::uint32_t next_u32() {
    if (used_ == 4) {
      buf_ = next_block(key_, i_, j_++);
      used_ = 0;
    }
    const std::uint32_t w = buf_.w[0];
    buf_.w[0] = buf_.w[1];
    buf_.w[1] = buf_.w[2];
    buf_.w[2] = buf_.w[3];
    ++used_;
    return w;
  }
  CUPP_HD std::uint64_t next_u64() {
    const std::uint32_t lo = next_u32();
    return join_words(lo, next_u32());
  }
  /// [0, 1), 53 bits.
  CUPP_HD double next_double() { return unit_double(next_u64()); }
  /// [0, 1), 24 bits.
  CUPP_HD float next_float() { return unit_float(next_u32()); }

  // the second normal deviate of a Box-Muller pair, kept for the next one (distributions.hpp)
  bool has_normal = false;
  double normal = 0;
  bool has_normal_f = false;
  float normal_f = 0;

private:
  call_key key_;
  std::uint64_t i_;
  std::uint32_t j_;
  philox_block buf_{};
  int used_ = 4;
};

} // namespace cupp::detail::random
