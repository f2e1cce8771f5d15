// where, clip and isclose (include/cupp/math/compare.hpp) by hand, against NumPy 2's results as
// literals with the NumPy expression beside them: broadcasting of conditions, arrays and scalars,
// scalar dtypes and wrapping, scalar and array bounds, NaN bounds and NumPy 2's rules for integer
// bounds beyond the dtype. Their NumPy fixture: ufunc_compare_*.cpp.
#include "math/ufunc_check.hpp"

#include <cupp/math/compare.hpp>

#include <cmath>

using ufunc_test::expect;
using i32 = std::int32_t;

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
