// Bitwise ufuncs, shifts, gcd and lcm (include/cupp/math/bitwise.hpp) against NumPy 2: the fixture
// test/fixtures/ufunc_bitwise_*.inc (scripts/gen_ufunc_fixtures.py, run by ufunc_bitwise_*.cpp)
// over bool and every integer dtype, with shift counts that are negative or at least the bit width,
// and by hand (NumPy's results as literals, the NumPy expression beside them) for weak scalars,
// expressions, broadcasting, views, 0-d and empty arrays.
#include "math/ufunc_check.hpp"

#include <cupp/io/print.hpp>
#include <cupp/math/bitwise.hpp>
#include <cupp/math/compare.hpp>

#include <sstream>

using namespace cupp_test;
using ufunc_test::expect;
using i8 = std::int8_t;
using i32 = std::int32_t;

TEST_CASE("bitwise operators with weak scalars keep the array's dtype", "[math][bitwise]") {
  const auto a = cupp::asarray<i8>({1, -1, 100, -128}); // np.array([1, -1, 100, -128], int8)
  expect<i8>(a << 3, {4}, {8, -8, 32, 0});
  expect<i8>(a >> 1, {4}, {0, -1, 50, -64});
  expect<i8>(a << 9, {4}, {0, 0, 0, 0});    // count >= 8: 0
  expect<i8>(a >> 9, {4}, {0, -1, 0, -1});  // negative numbers: -1
  expect<i8>(a >> -1, {4}, {0, -1, 0, -1}); // negative count as well
  expect<i8>(a << -1, {4}, {0, 0, 0, 0});
  expect<i8>(a & 0x0F, {4}, {1, 15, 4, 0});
  expect<i8>(a | 3, {4}, {3, -1, 103, -125});
  expect<i8>(a ^ -1, {4}, {-2, 0, -101, 127});
  expect<i8>(1 << cupp::asarray<i8>({0, 3, 7, 8}), {4}, {1, 8, -128, 0});
  expect<i8>(cupp::gcd(a, 12), {4}, {1, 1, 4, 4});
  expect<i8>(cupp::lcm(a, 4), {4}, {4, 4, 100, -128}); // |-128| wraps to -128, as NumPy
  const auto u = cupp::asarray<std::uint8_t>({1, 128, 255});
  expect<std::uint8_t>(u >> 1, {3}, {0, 64, 127});
  expect<std::uint8_t>(u << 1, {3}, {2, 0, 254});
  expect<std::uint8_t>(u & 0x81, {3}, {1, 128, 129});
  expect<std::uint8_t>(~u, {3}, {254, 127, 0});
  expect<std::uint8_t>(u >> 8, {3}, {0, 0, 0});
  expect<std::uint8_t>(u << 8, {3}, {0, 0, 0});
  expect<std::uint8_t>(cupp::gcd(u, 36), {3}, {1, 4, 3});
  const auto b = cupp::asarray({true, false});
  expect<bool>(b & true, {2}, {true, false});
  expect<bool>(~b, {2}, {false, true});
  expect<bool>(b ^ true, {2}, {false, true});
  expect<bool>(b | false, {2}, {true, false});
  expect<bool>(cupp::invert(b), {2}, {false, true});
}

TEST_CASE("bitwise operators on expressions", "[math][bitwise]") {
  const auto a = cupp::asarray<i8>({1, -1, 100, -128});
  expect<bool>((a & 1) == 0, {4}, {false, false, true, true});
  expect<i8>(~(a | 3), {4}, {-4, 0, -104, 124});
  expect<i8>((a << 2) >> 1, {4}, {2, -2, -56, 0});
  expect<i8>(cupp::bitwise_xor(a + 1, a - 1), {4}, {2, -2, 6, -2}); // np.bitwise_xor(a+1, a-1)
  const auto x = cupp::asarray<std::int64_t>({5, 6, 12});
  expect<bool>((x > 5) & ((x & 1) == 0) | (x == 5), {3}, {true, true, true});
  expect<std::int64_t>(cupp::where((x & 4) != 0, x >> 2, x << 1), {3}, {1, 1, 3});
}

TEST_CASE("bitwise ufuncs broadcast and take views, 0-d and empty arrays", "[math][bitwise]") {
  const auto m = cupp::asarray<i32>({{1, 2, 3}, {12, 10, 6}});
  expect<i32>(m & cupp::asarray<i32>({3, 3, 1}), {2, 3}, {1, 2, 1, 0, 2, 0});
  expect<i32>(m << cupp::asarray<i32>({{1}, {2}}), {2, 3}, {2, 4, 6, 48, 40, 24});
  expect<i32>(cupp::gcd(m, cupp::asarray<i32>({4, 6, 9})), {2, 3}, {1, 2, 3, 4, 2, 3});
  // m.T ^ ones((3, 2)); np.lcm(m.T, [[2, 3]])
  expect<i32>(m.transpose() ^ cupp::ones<i32>({3, 2}), {3, 2}, {0, 13, 3, 11, 2, 7});
  expect<i32>(cupp::lcm(m.transpose(), cupp::asarray<i32>({{2, 3}})), {3, 2}, {2, 12, 2, 30, 6, 6});
  const auto r = reversed(cupp::asarray<std::uint16_t>({1, 2, 0x8000}));
  expect<std::uint16_t>(r >> every(cupp::asarray<std::uint16_t>({15, 0, 1, 0, 16}), 2), {3},
                        {1, 1, 0});
  const auto z = cupp::full<std::int64_t>({}, -7);
  expect<std::int64_t>(z >> 1, {}, {-4});
  expect<std::int64_t>(z & cupp::asarray<std::int64_t>({1, 2, 4}), {3}, {1, 0, 0});
  expect<i32>(~cupp::zeros<i32>({0, 2}), {0, 2}, {});
  expect<i32>(cupp::gcd(cupp::zeros<i32>({0}), 3), {0}, {});
  CHECK_THROWS_WITH_WORDS((void)(cupp::arange<i32>(3) << cupp::arange<i32>(2)), cupp::value_error,
                          "operands could not be broadcast together");
}

TEST_CASE("operator<< still prints arrays to streams", "[math][bitwise]") {
  std::ostringstream os;
  os << cupp::asarray<i32>({1, 2});
  CHECK(os.str() == "array([1, 2], dtype=int32)");
}
