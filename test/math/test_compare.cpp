// Comparison and logic ufuncs, predicates, maximum/minimum/fmax/fmin, where, clip and isclose
// (include/cupp/math/compare.hpp) against NumPy 2: the fixture test/fixtures/ufunc_compare.inc
// (scripts/gen_ufunc_fixtures.py) over every dtype and mixed pairs, and by hand (NumPy's results
// as literals, the NumPy expression beside them) for weak scalars, operators on expressions,
// broadcasting, views, 0-d and empty arrays.
#include "math/ufunc_check.hpp"

#include <cupp/math/bitwise.hpp>
#include <cupp/math/compare.hpp>

#include <cmath>

using namespace cupp_test;

TEST_CASE("comparison and logic ufuncs match NumPy", "[math][compare]") {
#include "fixtures/ufunc_compare.inc"
}

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
  expect<bool>(i8 < 1000, {3}, {true, true, true});      // i8 < 1000
  expect<bool>(1000 > i8, {3}, {true, true, true});
  expect<bool>(i8 == -1000, {3}, {false, false, false});
  expect<bool>(i8 != 1000, {3}, {true, true, true});
  expect<bool>(i8 >= -129, {3}, {true, true, true});
  expect<bool>(cupp::equal(i8, 1000), {3}, {false, false, false});
  expect<bool>(u8 == -1, {3}, {false, false, false});     // u8 == -1
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

TEST_CASE("where broadcasts condition, arrays and scalars", "[math][compare][where]") {
  const auto c = cupp::asarray({true, false, true}).reshape({3, 1});
  const auto x = cupp::asarray<float>({1, 2, 3, 4});
  // np.where(c, x, 0.5): float32 (3, 4)
  expect<float>(cupp::where(c, x, 0.5), {3, 4}, {1, 2, 3, 4, .5f, .5f, .5f, .5f, 1, 2, 3, 4});
  // np.where([T, F, T, F], 1, int16 array): int16
  const auto x16 = cupp::asarray<std::int16_t>({7, -8, 9, 10});
  const auto row = cupp::asarray({true, false, true, false});
  expect<std::int16_t>(cupp::where(row, 1, x16), {4}, {1, -8, 1, 10});
  const auto y = cupp::arange<double>(12).reshape({3, 4});
  expect<double>(cupp::where(c, x, y), {3, 4}, {1, 2, 3, 4, 4, 5, 6, 7, 1, 2, 3, 4});
  expect<float>(cupp::where(cupp::full<bool>({}, true), x, 0), {4}, {1, 2, 3, 4}); // 0-d condition
  expect<float>(cupp::where(x > 2.5f, x * 2, -x), {4}, {-1, -2, 6, 8});
  const auto empty = cupp::zeros<bool>({0, 4});
  expect<float>(cupp::where(empty, x, 1), {0, 4}, {});
  CHECK_THROWS_WITH_WORDS((void)cupp::where(row, x, cupp::arange<float>(3)), cupp::value_error,
                          "operands could not be broadcast together");
}

TEST_CASE("where takes two scalars, and wraps a scalar out of range", "[math][compare][where]") {
  const auto c = cupp::asarray({true, false, true});
  // scalars keep the default dtype of their kind: np.where(c, 1, 2.5) is float64
  expect<double>(cupp::where(c, 1, 2.5), {3}, {1, 2.5, 1});
  expect<std::int64_t>(cupp::where(c, 1, 2), {3}, {1, 2, 1});
  expect<bool>(cupp::where(c, true, false), {3}, {true, false, true});
  expect<std::int64_t>(cupp::where(c, true, 2), {3}, {1, 2, 1});
  expect<double>(cupp::where(c, true, 2.5), {3}, {1, 2.5, 1});
  expect<double>(cupp::where(c, 1.5f, 2), {3}, {1.5, 2, 1.5}); // a C++ float is a Python float
  // np.where(c, 2**63, 1): int64, wrapped
  expect<std::int64_t>(cupp::where(c, 1ULL << 63, 1), {3}, {INT64_MIN, 1, INT64_MIN});
  expect<std::int64_t>(cupp::where(c.reshape({3, 1}), 7, 8), {3, 1}, {7, 8, 7});
  // a scalar beside an array takes its dtype and wraps (np.where does not raise)
  const auto i8 = cupp::asarray<std::int8_t>({-128, 0, 127});
  expect<std::int8_t>(cupp::where(c, i8, 1000), {3}, {-128, -24, 127});
  expect<std::int8_t>(cupp::where(c, 1000, i8), {3}, {-24, 0, -24});
  expect<std::int8_t>(cupp::where(c, i8, -129), {3}, {-128, 127, 127});
  expect<std::uint8_t>(cupp::where(c, cupp::asarray<std::uint8_t>({0, 1, 255}), 256), {3},
                       {0, 0, 255});
  expect<std::uint64_t>(cupp::where(c, cupp::asarray<std::uint64_t>({0, 1, 2}), -1), {3},
                        {0, 18446744073709551615ULL, 2});
  expect<float>(cupp::where(c, cupp::asarray<float>({1, 2, 3}), 1e300), {3}, {1, INFINITY, 3});
  expect<double>(cupp::where(c, i8, 1000.5), {3}, {-128, 1000.5, 127});
  expect<std::int8_t>(cupp::where(c, i8, true), {3}, {-128, 1, 127});
}

TEST_CASE("clip takes scalar and array bounds", "[math][compare][clip]") {
  const auto f = cupp::asarray<float>({NAN, -INFINITY, -1, 0.5f, 2, INFINITY});
  expect<float>(cupp::clip(f, 0, 1.5), {6}, {NAN, 0, 0, 0.5f, 1.5f, 1.5f}); // float32
  const auto i8 = cupp::asarray<std::int8_t>({-128, -5, 0, 5, 127});
  expect<std::int8_t>(cupp::clip(i8, -10, 10), {5}, {-10, -5, 0, 5, 10});
  // np.clip(x, np.nan, 1.0): NaN bounds propagate
  expect<double>(cupp::clip(cupp::asarray<double>({1, 5, -2}), NAN, 1.0), {3}, {NAN, NAN, NAN});
  // np.clip(int16 array, 0.5, 3) is float64
  expect<double>(cupp::clip(cupp::asarray<std::int16_t>({0, 1, 5}), 0.5, 3), {3}, {0.5, 1, 3});
  const auto lo = cupp::asarray<i32>({0, 0, 0, 8});
  expect<i32>(cupp::clip(cupp::asarray<i32>({1, 20, -3, 7}), lo, 10), {4}, {1, 10, 0, 8});
  // np.clip(m, [0., -4., 1.], [[2.], [3.]]): a row and a column of bounds (lo > hi gives hi)
  const auto m = cupp::asarray<double>({{1, -5, 3}, {4, 2, -6}});
  const auto hi = cupp::asarray<double>({{2}, {3}});
  expect<double>(cupp::clip(m, cupp::asarray<double>({0, -4, 1}), hi), {2, 3}, {1, -4, 2, 3, 2, 1});
  expect<double>(cupp::clip(m.transpose(), -1, 2), {3, 2}, {1, 2, -1, 2, 2, -1});
  expect<double>(cupp::clip(cupp::zeros<double>({0}), 0, 1), {0}, {});
  // an integer bound beyond the dtype on the side it bounds clips nothing (NumPy 2):
  // np.clip(i8, -1000, 1000); np.clip(u8, -1, 300); np.clip(i8, 0, 1000)
  expect<std::int8_t>(cupp::clip(i8, -1000, 1000), {5}, {-128, -5, 0, 5, 127});
  const auto u8 = cupp::asarray<std::uint8_t>({0, 1, 255});
  expect<std::uint8_t>(cupp::clip(u8, -1, 300), {3}, {0, 1, 255});
  expect<std::int8_t>(cupp::clip(i8, 0, 1000), {5}, {0, 0, 0, 5, 127});
  // ... one beyond it on the other side is NumPy's OverflowError
  CHECK_THROWS_WITH_WORDS((void)cupp::clip(i8, 200, 300), cupp::overflow_error,
                          "Python integer 200 out of bounds for int8");
  CHECK_THROWS_WITH_WORDS((void)cupp::clip(i8, -1000, -500), cupp::overflow_error,
                          "Python integer -500 out of bounds for int8");
  CHECK_THROWS_WITH_WORDS((void)cupp::clip(u8, -5, -1), cupp::overflow_error,
                          "Python integer -1 out of bounds for uint8");
}

TEST_CASE("isclose broadcasts scalars in the array's dtype", "[math][compare][isclose]") {
  // np.isclose([1.0, 1.000001, 0.9, nan], 1.0)
  expect<bool>(cupp::isclose(cupp::asarray<double>({1.0, 1.000001, 0.9, NAN}), 1.0), {4},
               {true, true, false, false});
  // np.isclose(np.array([0.1, 0.1000001, 0.2], float32), 0.1)
  expect<bool>(cupp::isclose(cupp::asarray<float>({0.1f, 0.1000001f, 0.2f}), 0.1), {3},
               {true, true, false});
  expect<bool>(cupp::isclose(cupp::full<double>({}, NAN), NAN, 1e-5, 1e-8, true), {}, {true});
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
