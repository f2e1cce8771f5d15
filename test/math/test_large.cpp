// Arrays past 2^31 elements: elementwise kernels index with 64 bits (a 32-bit index would wrap
// and write below the end). int8 keeps the memory to about 4.3 GB; the values are checked where
// a 32-bit index would go wrong (around 2^31 and at the end) against the obvious formula.
#include "common/testing.hpp"

#include <cupp/expr/evaluate.hpp>
#include <cupp/indexing/basic.hpp>
#include <cupp/math/arithmetic.hpp>

#include <cstdint>
#include <vector>

using cupp::index_t;
using cupp::slice;

TEST_CASE("elementwise kernels over more than 2^31 elements", "[math][large]") {
  const index_t n = (index_t{1} << 31) + 37;
  const auto a = cupp::arange<std::int8_t>(0, n); // wraps every 256: element i is i mod 256
  const cupp::ndarray<std::int8_t> r = a + std::int8_t{1};
  const auto expect_at = [](index_t i) { return static_cast<std::int8_t>((i + 1) & 0xff); };
  for (const index_t start : {index_t{0}, (index_t{1} << 31) - 5, n - 12}) {
    const auto got = r(slice(start, start + 12)).get();
    for (index_t k = 0; k < 12; ++k) {
      INFO("element " << start + k);
      CHECK(got[static_cast<std::size_t>(k)] == expect_at(start + k));
    }
  }
  // a strided view (every other element) past 2^31 in the source
  const cupp::ndarray<std::int8_t> s = r(slice(0, cupp::none, 2)) * std::int8_t{2};
  REQUIRE(s.size() == (n + 1) / 2);
  const auto tail = s(slice(s.size() - 4, cupp::none)).get();
  for (index_t k = 0; k < 4; ++k) {
    const index_t i = 2 * (s.size() - 4 + k);
    CHECK(tail[static_cast<std::size_t>(k)] == static_cast<std::int8_t>(2 * expect_at(i)));
  }
}
