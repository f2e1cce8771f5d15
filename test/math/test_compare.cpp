// Comparison and logic ufuncs, predicates and maximum/minimum/fmax/fmin
// (include/cupp/math/compare.hpp) against NumPy 2: the fixture test/fixtures/ufunc_compare_*.inc
// (scripts/gen_ufunc_fixtures.py, run by ufunc_compare_*.cpp) over every dtype and mixed pairs, and
// by hand (NumPy's results as literals, the NumPy expression beside them) for weak scalars,
// operators on expressions, broadcasting, views, 0-d and empty arrays. where, clip and isclose by
// hand: test_where_clip.cpp.
#include "math/ufunc_check.hpp"

#include <cupp/math/bitwise.hpp>
#include <cupp/math/compare.hpp>

#include <cmath>

using namespace cupp_test;
using ufunc_test::expect;
using i32 = std::int32_t;

TEST_CASE("weak scalars compare in the array's dtype (NEP 50)", "[math][compare]") {
  const auto f = cupp::asarray<float>({0.1f, 0.2f, NAN});
  expect<bool>(f == 0.1, {3}, {true, false, false}); // float32 array == 0.1 -> [T, F, F]
  expect<bool>(f != 0.1, {3}, {false, true, true});  // NaN != anything
  const auto i8 = cupp::asarray<std::int8_t>({-1, 100, 127});
  expect<bool>(i8 < 1.5, {3}, {true, false, false}); // compared in float64
  expect<bool>(99.5 < i8, {3}, {false, true, true});
  expect<bool>(i8 >= 100, {3}, {false, true, true});
  const auto u8 = cupp::asarray<std::uint8_t>({0, 200, 255});
  expect<bool>(u8 != 0, {3}, {false, true, true});
  expect<bool>(3 < u8, {3}, {false, true, true});
  expect<bool>(cupp::less_equal(u8, 255), {3}, {true, true, true});
  const auto big = cupp::asarray<std::int64_t>({(1LL << 53) + 1});
  expect<bool>(big == (1LL << 53) + 1, {1}, {true});    // int64: exact
  expect<bool>(big == 9007199254740992.0, {1}, {true}); // float64: 2**53 + 1 rounds to 2**53
  const auto u64 = cupp::asarray<std::uint64_t>({18446744073709551615ULL});
  expect<bool>(u64 == 18446744073709551615ULL, {1}, {true});
  const auto b = cupp::asarray({true, false});
  expect<bool>(b == true, {2}, {true, false});
  expect<bool>(cupp::logical_and(b, 2.5), {2}, {true, false});
  // maximum and friends keep the array's dtype: np.maximum(int8_array, 0) is int8
  expect<std::int8_t>(cupp::maximum(i8, 0), {3}, {0, 100, 127});
  expect<std::uint8_t>(cupp::minimum(u8, 100), {3}, {0, 100, 100});
  expect<float>(cupp::fmax(f, NAN), {3}, {0.1f, 0.2f, NAN});     // NaN ignored (both NaN: NaN)
  expect<float>(cupp::maximum(f, -1.0), {3}, {0.1f, 0.2f, NAN}); // NaN propagates
  expect<float>(cupp::minimum(f, NAN), {3}, {NAN, NAN, NAN});
  expect<double>(cupp::fmin(i8, 0.5), {3}, {-1, 0.5, 0.5}); // int8 with a float: float64
}

TEST_CASE("integer scalars out of the array's range compare by value", "[math][compare]") {
  // NumPy 2 gives the mathematical answer where converting the Python int would overflow
  const auto i8 = cupp::asarray<std::int8_t>({-128, 0, 127});
  const auto u8 = cupp::asarray<std::uint8_t>({0, 1, 255});
  expect<bool>(i8 < 1000, {3}, {true, true, true}); // i8 < 1000
  expect<bool>(1000 > i8, {3}, {true, true, true});
  expect<bool>(i8 == -1000, {3}, {false, false, false});
  expect<bool>(i8 != 1000, {3}, {true, true, true});
  expect<bool>(i8 >= -129, {3}, {true, true, true});
  expect<bool>(cupp::equal(i8, 1000), {3}, {false, false, false});
  expect<bool>(u8 == -1, {3}, {false, false, false}); // u8 == -1
  expect<bool>(u8 < -1, {3}, {false, false, false});
  expect<bool>(u8 > -1, {3}, {true, true, true});
  expect<bool>(cupp::less_equal(u8, 256), {3}, {true, true, true});
  const auto u64 = cupp::asarray<std::uint64_t>({0, 1, 18446744073709551615ULL});
  expect<bool>(cupp::less(u64, -1), {3}, {false, false, false}); // np.less(u64, -1)
  const auto i64 = cupp::asarray<std::int64_t>({-1, 0, INT64_MAX});
  expect<bool>(cupp::equal(i64, 1ULL << 63), {3}, {false, false, false}); // np.equal(i64, 2**63)
  expect<bool>(i64 < (1ULL << 63), {3}, {true, true, true});
  expect<bool>(cupp::greater(i64, UINT64_MAX), {3}, {false, false, false});
  const auto b = cupp::asarray({true, false});
  expect<bool>(b == -1, {2}, {false, false});
  expect<bool>(b < 2, {2}, {true, true});
  // logic tests the value, not its wrapped bits: np.logical_and(u8, 256)
  expect<bool>(cupp::logical_and(u8, 256), {3}, {false, true, true});
  expect<bool>(cupp::logical_or(cupp::zeros<std::uint8_t>({3}), 256), {3}, {true, true, true});
  expect<bool>(cupp::logical_xor(i8, -256), {3}, {false, true, false});
  expect<bool>(cupp::isclose(i8, 1000), {3}, {false, false, false});
  expect<bool>(cupp::isclose(u8, 255), {3}, {false, false, true});
  // arithmetic and maximum/minimum still raise, as NumPy's
  CHECK_THROWS_WITH_WORDS((void)cupp::maximum(u8, -1), cupp::overflow_error,
                          "Python integer -1 out of bounds for uint8");
  CHECK_THROWS_WITH_WORDS((void)(i8 + 1000), cupp::overflow_error,
                          "Python integer 1000 out of bounds for int8");
  CHECK_THROWS_WITH_WORDS((void)(i64 + (1ULL << 63)), cupp::overflow_error,
                          "Python integer 9223372036854775808 out of bounds for int64");
}

TEST_CASE("operators combine comparisons of expressions", "[math][compare]") {
  const auto a = cupp::asarray<i32>({-2, 0, 3, 5});
  const auto b = cupp::asarray<double>({1.0, 4.0, 2.0, -1.0});
  // a = np.array([-2, 0, 3, 5], int32); b = np.array([1.0, 4.0, 2.0, -1.0])
  expect<bool>((a > 0) & (b < 3), {4}, {false, false, true, true});
  expect<bool>((a > 0) | (b < 3), {4}, {true, false, true, true});
  expect<bool>((a > 0) ^ (b < 3), {4}, {true, false, false, false});
  expect<bool>(~(a > 0), {4}, {true, true, false, false});
  expect<bool>((a * 2) <= (b + a), {4}, {true, true, false, false});
  expect<bool>((a + 1) == (b * 2), {4}, {false, false, true, false});
  expect<bool>(cupp::logical_not(a >= b), {4}, {true, true, false, false});
  expect<bool>(cupp::logical_xor(a, b - 1.0), {4}, {true, true, false, false});
  expect<i32>(cupp::where((a > 0) & (b < 3), a, -a), {4}, {2, 0, 3, 5});
  expect<double>(cupp::maximum(a - 1, b * 2), {4}, {2, 8, 4, 4});
  expect<bool>(cupp::isnan((b - 2.0) / (a - a)), {4}, {false, false, true, false}); // 0 / 0 only
  expect<bool>(cupp::isinf((b - 2.0) / (a - a)), {4}, {true, true, false, true});
  expect<bool>(cupp::signbit(-b), {4}, {true, true, true, false});
}

TEST_CASE("comparisons broadcast rows, take views, 0-d and empty arrays", "[math][compare]") {
  const auto m = cupp::asarray<i32>({{1, 5, 3}, {4, 2, 6}});
  expect<bool>(m < cupp::asarray<i32>({2, 5, 3}), {2, 3}, {true, false, false, false, true, false});
  expect<i32>(cupp::maximum(m, cupp::asarray<i32>({{3}, {4}})), {2, 3}, {3, 5, 3, 4, 4, 6});
  const auto m2 = cupp::asarray<i32>({{1, 0}, {5, 5}, {2, 7}});
  expect<bool>(cupp::equal(m.transpose(), m2), {3, 2}, {true, false, true, false, false, false});
  expect<i32>(cupp::maximum(m.transpose(), m2), {3, 2}, {1, 4, 5, 5, 3, 7});
  expect<double>(cupp::fmin(m.transpose(), 3.5), {3, 2}, {1, 3.5, 3.5, 2, 3, 3.5});
  const auto r = reversed(cupp::asarray<double>({NAN, 1, -INFINITY}));
  expect<bool>(cupp::isfinite(r), {3}, {false, true, false});
  expect<bool>(cupp::isneginf(every(cupp::asarray<double>({-INFINITY, 0, INFINITY}), 2)), {2},
               {true, false});
  const auto z = cupp::full<float>({}, NAN);
  expect<bool>(cupp::isnan(z), {}, {true});
  expect<float>(cupp::fmax(z, cupp::asarray<float>({1, NAN})), {2}, {1, NAN});
  CHECK(cupp::evaluate(cupp::full<i32>({}, 3) > 2).item());
  expect<bool>(cupp::zeros<double>({0}) < 1.0, {0}, {});
  expect<bool>(cupp::zeros<i32>({0, 3}) == cupp::asarray<i32>({1, 2, 3}), {0, 3}, {});
  CHECK_THROWS_WITH_WORDS((void)cupp::equal(cupp::arange<i32>(3), cupp::arange<i32>(4)),
                          cupp::value_error, "operands could not be broadcast together",
                          "(3,) (4,)");
}
