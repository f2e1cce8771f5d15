// Float ufuncs (include/cupp/math/functions.hpp): exponentials, logarithms, trigonometric and
// hyperbolic functions, degrees/radians, cbrt, spacing, sinc, modf, frexp, arctan2, hypot,
// copysign, nextafter, logaddexp(2), heaviside, against NumPy 2: the fixture
// test/fixtures/ufunc_functions_*.inc (scripts/gen_ufunc_fixtures.py, run by ufunc_functions_*.cpp)
// over the integer and float dtypes with NaN, infinities, -0.0, subnormals and extremes (a few ulp
// allowed where libm and NumPy's SIMD loops may round differently); by hand (NumPy's results as
// literals, the NumPy expression beside them): result dtypes, weak scalars, broadcasting, views,
// 0-d and empty arrays.
#include "math/ufunc_check.hpp"

#include <cupp/expr/astype.hpp>
#include <cupp/math/bitwise.hpp>
#include <cupp/math/functions.hpp>

#include <cmath>

using namespace cupp_test;
using ufunc_test::expect;
using i32 = std::int32_t;
using i64 = std::int64_t;
using cupp::expr::value_type_t;

TEST_CASE("result dtypes follow NumPy 2", "[math][functions]") {
  const auto i16 = cupp::asarray<std::int16_t>({1});
  const auto u32 = cupp::asarray<std::uint32_t>({1});
  const auto f = cupp::asarray<float>({1});
  STATIC_REQUIRE(std::is_same_v<value_type_t<decltype(cupp::exp(i16))>, float>);
  STATIC_REQUIRE(std::is_same_v<value_type_t<decltype(cupp::log(u32))>, double>);
  STATIC_REQUIRE(std::is_same_v<value_type_t<decltype(cupp::floor(u32))>, std::uint32_t>);
  STATIC_REQUIRE(std::is_same_v<value_type_t<decltype(cupp::around(i16, -1))>, std::int16_t>);
  STATIC_REQUIRE(std::is_same_v<value_type_t<decltype(cupp::float_power(f, f))>, double>);
  STATIC_REQUIRE(std::is_same_v<value_type_t<decltype(cupp::power(f, 2))>, float>);
  STATIC_REQUIRE(std::is_same_v<value_type_t<decltype(cupp::power(i16, 2))>, std::int16_t>);
  STATIC_REQUIRE(std::is_same_v<value_type_t<decltype(cupp::frexp(f).second)>, std::int32_t>);
  STATIC_REQUIRE(std::is_same_v<value_type_t<decltype(cupp::modf(i16).first)>, float>);
  STATIC_REQUIRE(std::is_same_v<value_type_t<decltype(cupp::ldexp(f, 3))>, float>);
  STATIC_REQUIRE(std::is_same_v<value_type_t<decltype(cupp::true_divide(i16, 2))>, double>);
  STATIC_REQUIRE(std::is_same_v<value_type_t<decltype(cupp::arctan2(i16, f))>, float>);
  STATIC_REQUIRE(std::is_same_v<value_type_t<decltype(cupp::hypot(u32, f))>, double>);
  STATIC_REQUIRE(std::is_same_v<value_type_t<decltype(cupp::sin(f * 2.0))>, float>);
  STATIC_REQUIRE(std::is_same_v<value_type_t<decltype(cupp::astype<bool>(f))>, bool>);
  // np.rint and np.fabs give floats (np.rint(int16) is float32); np.sinc is pi * x in Python, so
  // float64 for every integer dtype
  STATIC_REQUIRE(std::is_same_v<value_type_t<decltype(cupp::rint(i16))>, float>);
  STATIC_REQUIRE(std::is_same_v<value_type_t<decltype(cupp::rint(u32))>, double>);
  STATIC_REQUIRE(std::is_same_v<value_type_t<decltype(cupp::fabs(i16))>, float>);
  STATIC_REQUIRE(std::is_same_v<value_type_t<decltype(cupp::sinc(i16))>, double>);
  STATIC_REQUIRE(std::is_same_v<value_type_t<decltype(cupp::sinc(f))>, float>);
  // NumPy has no bool loop for square, reciprocal, power, floor_divide, remainder, fmod, shifts:
  // np.square(bool_array) is int8; rounding keeps bool
  const auto b = cupp::asarray({true});
  using i8 = std::int8_t;
  STATIC_REQUIRE(std::is_same_v<value_type_t<decltype(cupp::sinc(b))>, double>);
  STATIC_REQUIRE(std::is_same_v<value_type_t<decltype(cupp::square(b))>, i8>);
  STATIC_REQUIRE(std::is_same_v<value_type_t<decltype(cupp::reciprocal(b))>, i8>);
  STATIC_REQUIRE(std::is_same_v<value_type_t<decltype(cupp::power(b, b))>, i8>);
  STATIC_REQUIRE(std::is_same_v<value_type_t<decltype(cupp::power(b, 2))>, i64>);
  STATIC_REQUIRE(std::is_same_v<value_type_t<decltype(cupp::floor_divide(b, b))>, i8>);
  STATIC_REQUIRE(std::is_same_v<value_type_t<decltype(cupp::fmod(b, b))>, i8>);
  STATIC_REQUIRE(std::is_same_v<value_type_t<decltype(cupp::divmod(b, b).second)>, i8>);
  STATIC_REQUIRE(std::is_same_v<value_type_t<decltype(cupp::right_shift(b, b))>, i8>);
  STATIC_REQUIRE(std::is_same_v<value_type_t<decltype(cupp::floor(b))>, bool>);
  STATIC_REQUIRE(std::is_same_v<value_type_t<decltype(cupp::trunc(b))>, bool>);
}

TEST_CASE("float ufuncs take weak scalars and expressions", "[math][functions]") {
  const auto f = cupp::asarray<float>({1.5f, -2.0f, 4.0f});
  expect<float>(cupp::nextafter(cupp::asarray<float>({1}), 2), {1}, {1.0000001192092896f});
  expect<double>(cupp::copysign(cupp::asarray<i32>({1, 2, 3}), -0.0), {3}, {-1, -2, -3});
  expect<double>(cupp::heaviside(cupp::asarray<double>({-1, 0, 2}), 0.5), {3}, {0, 0.5, 1});
  expect<double>(cupp::logaddexp(cupp::asarray<double>({0, 1000}), 0.0), {2},
                 {0.6931471805599453, 1000}, 1);
  // np.arctan2(f, 1.0) stays float32; np.exp(f * 2) - 1; np.degrees(np.arcsin(f / 4))
  expect<float>(cupp::arctan2(f, 1.0), {3}, {0.9827938f, -1.1071488f, 1.3258177f}, 1);
  expect<float>(cupp::exp(f * 2) - 1, {3}, {19.085537f, -0.9816844f, 2979.958f}, 1);
  expect<float>(cupp::degrees(cupp::arcsin(f / 4)), {3}, {22.024313f, -30.0f, 90.0f}, 1);
  expect<float>(cupp::sinc(f - f), {3}, {1, 1, 1});
}

TEST_CASE("float ufuncs broadcast and take views", "[math][functions]") {
  const auto col = cupp::asarray<double>({3, 5}).reshape({2, 1});
  // np.hypot([[3.], [5.]], [4., 12.]); np.arctan2([[1.], [-1.]], [0., -1.])
  expect<double>(cupp::hypot(col, cupp::asarray<double>({4, 12})), {2, 2},
                 {5, 12.36931687685298, 6.4031242374328485, 13}, 1);
  expect<double>(
      cupp::arctan2(cupp::asarray<double>({1, -1}).reshape({2, 1}), cupp::asarray<double>({0, -1})),
      {2, 2}, {1.5707963267948966, 2.356194490192345, -1.5707963267948966, -2.356194490192345}, 1);
  // m = np.array([[0., 1.], [2., -1.]]); np.exp2(m.T); np.log1p(m.T)
  const auto m = cupp::asarray<double>({{0, 1}, {2, -1}});
  expect<double>(cupp::exp2(m.transpose()), {2, 2}, {1, 4, 2, 0.5});
  expect<double>(cupp::log1p(m.transpose()), {2, 2},
                 {0, 1.0986122886681098, 0.6931471805599453, -INFINITY}, 1);
  const auto f = cupp::asarray<float>({0.5f, -2.0f, 8.0f});
  expect<float>(cupp::cbrt(reversed(f)), {3}, {2, -1.2599211f, 0.7937005f}, 1);
  expect<float>(cupp::tanh(every(f, 2)), {2}, {0.4621172f, 0.99999976f}, 1);
  expect<float>(cupp::modf(reversed(f)).first, {3}, {0, -0.0f, 0.5f});
  CHECK_THROWS_WITH_WORDS((void)cupp::hypot(f, cupp::asarray<float>({1, 2})), cupp::value_error,
                          "operands could not be broadcast together");
}

TEST_CASE("float ufuncs of 0-d and empty arrays", "[math][functions]") {
  const auto z = cupp::full<float>({}, 0.0f);
  expect<float>(cupp::exp(z), {}, {1});
  CHECK(cupp::evaluate(cupp::cos(z)).item() == 1.0f);
  expect<float>(cupp::ldexp(z + 1, cupp::full<i64>({}, -2)), {}, {0.25f});
  expect<float>(cupp::arctan2(z, cupp::asarray<float>({-1, 1})), {2}, {3.14159274f, 0}, 1);
  const auto e = cupp::zeros<double>({0, 2});
  expect<double>(cupp::log(e), {0, 2}, {});
  expect<double>(cupp::hypot(e, cupp::asarray<double>({1, 2})), {0, 2}, {});
  expect<i32>(cupp::frexp(e).second, {0, 2}, {});
  expect<float>(cupp::sinh(cupp::zeros<std::int16_t>({0})), {0}, {});
}
