// Rounding, sign, square, reciprocal, around, nan_to_num, power, float_power, floor_divide,
// remainder/mod, fmod, true_divide, divmod, ldexp (include/cupp/math/functions.hpp) and astype
// (include/cupp/expr/astype.hpp)
// against NumPy 2: the fixture test/fixtures/ufunc_numeric_*.inc (scripts/gen_ufunc_fixtures.py,
// run by ufunc_numeric_*.cpp) over every dtype with NaN, infinities, -0.0, division by zero,
// negative operands (Python's sign rules), INT_MIN // -1, wrapping powers, half-to-even rounding
// and astype's out-of-range conversions; by hand (NumPy's results as literals, the NumPy expression
// beside them): weak scalars, broadcasting, views, 0-d and empty arrays, and power's deferred error
// for negative integer exponents.
#include "math/ufunc_check.hpp"

#include <cupp/expr/astype.hpp>
#include <cupp/math/functions.hpp>

#include <cmath>

using namespace cupp_test;
using ufunc_test::expect;
using i8 = std::int8_t;
using i32 = std::int32_t;
using i64 = std::int64_t;

TEST_CASE("weak scalar operands keep the array's dtype", "[math][numeric]") {
  const auto f = cupp::asarray<float>({1.5f, -2.0f, 4.0f});
  expect<float>(cupp::power(f, 2), {3}, {2.25f, 4, 16}); // np.power(f32, 2) is float32
  expect<float>(cupp::power(f, -1), {3}, {0.6666667f, -0.5f, 0.25f}, 1);
  expect<float>(cupp::remainder(f, -2.5), {3}, {-1, -2, -1}); // the divisor's sign
  expect<float>(cupp::floor_divide(f, -1.5), {3}, {-1, 1, -3});
  expect<float>(cupp::fmod(f, -1.5), {3}, {0, -0.5f, 1}); // the dividend's sign
  expect<float>(cupp::ldexp(f, 3), {3}, {12, -16, 32});
  expect<i8>(cupp::power(cupp::asarray<i8>({2, -3, 100}), 2), {3}, {4, 9, 16}); // wraps
  expect<i64>(cupp::power(cupp::asarray<i64>({3}), 40), {1}, {-6289078614652622815LL});
  expect<double>(cupp::float_power(cupp::asarray<i8>({2, -3}), 2), {2}, {4, 9});
  expect<i32>(cupp::floor_divide(cupp::asarray<i32>({7, -7, 5}), 0), {3}, {0, 0, 0});
  expect<i32>(cupp::floor_divide(cupp::asarray<i32>({INT32_MIN}), -1), {1}, {INT32_MIN});
  expect<i64>(cupp::remainder(cupp::asarray<i64>({INT64_MIN}), -1), {1}, {0});
  expect<i64>(cupp::mod(cupp::asarray<i64>({-7}), 3), {1}, {2});
  expect<double>(cupp::true_divide(cupp::asarray<std::int16_t>({3, -4}), 2), {2}, {1.5, -2});
  // np.around([1234.5, -25.0, 0.125], -1); np.around(float32 [0.125, 0.375, -2.5], 2)
  expect<double>(cupp::around(cupp::asarray<double>({1234.5, -25, 0.125}), -1), {3},
                 {1230, -20, 0});
  expect<float>(cupp::round(cupp::asarray<float>({0.125f, 0.375f, -2.5f}), 2), {3},
                {0.12f, 0.38f, -2.5f});
  expect<std::int16_t>(cupp::around(cupp::asarray<std::int16_t>({125, -150, 7}), -2), {3},
                       {100, -200, 0});
  expect<float>(cupp::nan_to_num(cupp::asarray<float>({NAN, INFINITY, -INFINITY}), 5.0), {3},
                {5, 3.4028234663852886e+38f, -3.4028234663852886e+38f});
  expect<i32>(cupp::nan_to_num(cupp::asarray<i32>({-1, 7}), 5.0), {2}, {-1, 7});
  expect<double>(cupp::fix(cupp::asarray<double>({-2.5, 2.5, -0.5})), {3}, {-2, 2, -0.0});
  const auto [q, r] = cupp::divmod(cupp::asarray<i64>({7, -7, 7}), cupp::asarray<i64>({2, 2, -2}));
  expect<i64>(q, {3}, {3, -4, -4}); // np.divmod([7, -7, 7], [2, 2, -2])
  expect<i64>(r, {3}, {1, 1, -1});
}

TEST_CASE("rounding and division broadcast and take views", "[math][numeric]") {
  const auto m = cupp::asarray<i32>({{7, -7}, {8, 9}});
  expect<i32>(cupp::floor_divide(m.transpose(), 3), {2, 2}, {2, 2, -3, 3}); // m.T // 3
  expect<i32>(cupp::fmod(m.transpose(), -3), {2, 2}, {1, 2, -1, 0});
  const auto d = cupp::asarray<double>({{1.25, 2.5}, {-0.5, 35}});
  expect<double>(cupp::around(d.transpose(), 1), {2, 2}, {1.2, -0.5, 2.5, 35});
  const auto f = cupp::asarray<float>({1.5f, -2.0f, 4.0f});
  expect<double>(cupp::float_power(f, cupp::asarray<i8>({1, 2}).reshape({2, 1})), {2, 3},
                 {1.5, -2, 4, 2.25, 4, 16});
  // np.floor_divide([7, -7] int8, [[2], [-2], [0]] int8); np.remainder([7.5, -7.5], [[2.], [-2.]])
  expect<i8>(
      cupp::floor_divide(cupp::asarray<i8>({7, -7}), cupp::asarray<i8>({2, -2, 0}).reshape({3, 1})),
      {3, 2}, {3, -4, -4, 3, 0, 0});
  expect<double>(cupp::remainder(cupp::asarray<double>({7.5, -7.5}),
                                 cupp::asarray<double>({2, -2}).reshape({2, 1})),
                 {2, 2}, {1.5, 0.5, -0.5, -1.5});
  expect<double>(
      cupp::ldexp(cupp::asarray<double>({1, 3}), cupp::asarray<i32>({1, -1}).reshape({2, 1})),
      {2, 2}, {2, 6, 0.5, 1.5});
  expect<float>(cupp::floor(reversed(f)), {3}, {4, -2, 1});
  expect<float>(cupp::sign(every(f, 2)), {2}, {1, 1});
  expect<i32>(cupp::astype<i32>(reversed(cupp::asarray<double>({3.7, -3.7, 1e10}))), {3},
              {INT32_MIN, -3, 3});
  expect<std::uint16_t>(cupp::astype<std::uint16_t>(every(cupp::asarray<float>({2.5f, 0, -1}), 2)),
                        {2}, {2, 65535});
  CHECK_THROWS_WITH_WORDS((void)cupp::remainder(f, cupp::asarray<float>({1, 2})), cupp::value_error,
                          "operands could not be broadcast together");
}

TEST_CASE("rounding, division and conversion of 0-d and empty arrays", "[math][numeric]") {
  // np.array(300.).astype(np.int8) is 44 on x86
  expect<i8>(cupp::astype<i8>(cupp::full<double>({}, 300.0)), {}, {44});
  CHECK(cupp::evaluate(cupp::floor_divide(cupp::full<i32>({}, -7), 2)).item() == -4);
  expect<double>(cupp::rint(cupp::full<double>({}, 2.5)), {}, {2});
  const auto e = cupp::zeros<double>({0, 2});
  expect<double>(cupp::around(e, 2), {0, 2}, {});
  expect<double>(cupp::remainder(e, cupp::asarray<double>({1, 2})), {0, 2}, {});
  expect<i64>(cupp::power(cupp::zeros<i64>({0}), -1), {0}, {}); // no element, no error
  expect<std::uint8_t>(cupp::astype<std::uint8_t>(cupp::zeros<float>({0})), {0}, {});
  CHECK_NOTHROW(cupp::synchronize());
}

TEST_CASE("power of integers to negative integer powers raises at the next sync",
          "[math][numeric][power]") {
  const auto a = cupp::asarray<i32>({2, 3, 4});
  const auto n = cupp::asarray<i32>({3, -1, 2});
  cupp::ndarray<i32> r;
  CHECK_NOTHROW(r = cupp::evaluate(cupp::power(a, n))); // nothing raised at the call
  CHECK_THROWS_WITH_WORDS(cupp::synchronize(), cupp::value_error,
                          "Integers to negative integer powers are not allowed.");
  CHECK_NOTHROW(cupp::synchronize());              // raised once
  expect<i32>(cupp::power(a, 2), {3}, {4, 9, 16}); // the next operation works
  cupp::ndarray<i64> s;
  CHECK_NOTHROW(s = cupp::evaluate(cupp::power(cupp::asarray<i64>({-2}), -3)));
  CHECK_THROWS_WITH_WORDS((void)s.item(), cupp::value_error, "Integers to negative integer powers");
  cupp::ndarray<i8> t;
  const auto base = cupp::asarray<i8>({1, 2});
  CHECK_NOTHROW(t = cupp::evaluate(base * cupp::power(base, cupp::asarray<i8>({1, -1}))));
  CHECK_THROWS_WITH_WORDS((void)t.get(), cupp::value_error, "Integers to negative integer powers");
  // float and unsigned powers never raise: np.power([2., -4.], -1); np.power(uint8 [2, 3], 9)
  expect<double>(cupp::power(cupp::asarray<double>({2, -4}), -1), {2}, {0.5, -0.25});
  expect<std::uint8_t>(cupp::power(cupp::asarray<std::uint8_t>({2, 3}), 9), {2}, {0, 227});
  CHECK_NOTHROW(cupp::synchronize());
}
