// Philox4x32-10 against Random123's known-answer vectors (kat_vectors), and the counter layout
// of detail/random/stream.hpp.
#include "catch.hpp"

#include <cupp/detail/random/stream.hpp>

#include <set>

namespace dr = cupp::detail::random;

TEST_CASE("philox4x32-10 gives Random123's known answers", "[random][philox]") {
  struct kat {
    dr::philox_block ctr;
    std::uint32_t k0, k1;
    dr::philox_block expect;
  };
  const kat kats[] = {
      {{{0, 0, 0, 0}}, 0, 0, {{0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}}},
      {{{0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff}},
       0xffffffff,
       0xffffffff,
       {{0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}}},
      {{{0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344}},
       0xa4093822,
       0x299f31d0,
       {{0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1}}},
  };
  for (const kat& k : kats) {
    const dr::philox_block r = dr::philox4x32_10(k.ctr, k.k0, k.k1);
    for (int w = 0; w < 4; ++w)
      CHECK(r.w[w] == k.expect.w[w]);
  }
}

TEST_CASE("the counter holds the element, the block and the call", "[random][philox]") {
  const dr::call_key key{1, 2, 7};
  // the counter words are exactly (j, i low, i high | call high, call low)
  const auto direct = dr::philox4x32_10({{3, 0x89abcdef, 0x0123 | (0u << 16), 7}}, 1, 2);
  const auto via = dr::block_at(key, 0x0123'89abcdefull, 3);
  for (int w = 0; w < 4; ++w)
    CHECK(via.w[w] == direct.w[w]);
  const dr::call_key high{1, 2, (std::uint64_t{5} << 32) | 7};
  const auto h = dr::block_at(high, 1, 0);
  const auto hd = dr::philox4x32_10({{0, 1, 5u << 16, 7}}, 1, 2);
  CHECK(h.w[0] == hd.w[0]);

  // an element's stream walks j: its words are those of blocks 0, 1, 2 in order
  dr::element_stream s(key, 42);
  for (std::uint32_t j = 0; j < 3; ++j) {
    const auto b = dr::block_at(key, 42, j);
    for (int w = 0; w < 4; ++w)
      CHECK(s.next_u32() == b.w[w]);
  }
  // distinct (element, call) pairs give distinct words (no overlap of streams)
  std::set<std::uint32_t> seen;
  for (std::uint64_t call = 0; call < 8; ++call)
    for (std::uint64_t i = 0; i < 64; ++i)
      seen.insert(dr::block_at({1, 2, call}, i, 0).w[0]);
  CHECK(seen.size() == 8 * 64);
}

TEST_CASE("unit floats are NumPy's next_float and next_double", "[random][philox]") {
  CHECK(dr::unit_float(0) == 0.0f);
  CHECK(dr::unit_float(0xffffffffu) == 1.0f - 0x1.0p-24f);
  CHECK(dr::unit_double(0) == 0.0);
  CHECK(dr::unit_double(~std::uint64_t{0}) == 1.0 - 0x1.0p-53);
  CHECK(dr::join_words(1, 2) == 0x2'00000001ull);
}
