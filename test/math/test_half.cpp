// Ufuncs on float16 and bfloat16 by hand (the NumPy and ml_dtypes fixture, every ufunc family on
// both dtypes, is in ufunc_half_{1,2,3}.cpp): fusion keeps NumPy's rounding after each operation,
// the vector path over 16-bit elements, in-place operators, out=, where and clip, creation, and
// the weak scalars cupp keeps in bfloat16.
#include "math/ufunc_check.hpp"

#include <cupp/math/compare.hpp>
#include <cupp/math/functions.hpp>

#include <cmath>

using cupp::bfloat16;
using cupp::float16;
using ufunc_test::expect;

TEST_CASE("a fused float16 expression rounds after every operation, as NumPy", "[math][half]") {
  // np.float16(2048) + 1 is 2048 (2049 ties to even), so (a + 1) + 1 stays 2048; computed in
  // float32 throughout and rounded once it would be 2050
  const auto a = cupp::asarray<float16>({2048.0f, 1.0f});
  expect<float16>(a + 1 + 1, {2}, {2048.0f, 3.0f});
  const auto b = cupp::asarray<bfloat16>({256.0f});
  expect<bfloat16>(b + 1 + 1, {1}, {256.0f}); // 257 rounds to 256 each time
  // a float16 * a float32 array computes in float32 (NumPy's promotion)
  expect<float>(a + cupp::asarray<float>({1.0f, 0.5f}), {2}, {2049.0f, 1.5f});
}

TEST_CASE("float16 arrays take the vector path at every length and layout", "[math][half]") {
  for (const cupp::index_t n : {0, 1, 7, 8, 9, 63, 1000, 4099}) {
    INFO("n = " << n);
    std::vector<float16> x(static_cast<std::size_t>(n)), y(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
      x[i] = static_cast<float>(static_cast<int>(i % 97) - 48) / 4.0f;
      y[i] = static_cast<float>(i % 13);
    }
    const auto dx = cupp::asarray(x.data(), cupp::shape_t{n});
    const auto dy = cupp::asarray(y.data(), cupp::shape_t{n});
    const auto want = [](float xv, float yv) { // x * y rounded to float16, then + 0.5
      return float16(static_cast<float>(float16(xv * yv)) + 0.5f);
    };
    const cupp::ndarray<float16> got = dx * dy + 0.5;
    const auto h = got.get();
    REQUIRE(h.size() == x.size());
    for (std::size_t i = 0; i < h.size(); ++i)
      CHECK(h[i].bits == want(x[i], y[i]).bits);
    if (n > 1) { // reversed and every other element: the strided evaluators
      const auto r = cupp::ndarray<float16>(cupp_test::reversed(dx) * 2).get();
      const auto s = cupp::ndarray<float16>(cupp_test::every(dx, 2) - 1).get();
      for (std::size_t i = 0; i < r.size(); ++i)
        CHECK(static_cast<float>(r[i]) == 2.0f * static_cast<float>(x[x.size() - 1 - i]));
      for (std::size_t i = 0; i < s.size(); ++i)
        CHECK(s[i].bits == float16(static_cast<float>(x[2 * i]) - 1.0f).bits);
    }
  }
}

TEST_CASE("float16 and bfloat16 in place, with out= and in where/clip", "[math][half]") {
  auto a = cupp::asarray<float16>({1.0f, 2.5f, -3.0f});
  a += 0.5;
  a *= cupp::asarray<std::int8_t>({2, 2, 2});
  expect<float16>(a, {3}, {3.0f, 6.0f, -5.0f});
  a(cupp::slice(1, cupp::none)) -= a(cupp::slice(cupp::none, -1)); // a[1:] -= a[:-1]
  expect<float16>(a, {3}, {3.0f, 3.0f, -11.0f});
  cupp::ndarray<float> out(cupp::shape_t{3});
  cupp::sqrt(cupp::asarray<float16>({4.0f, 2.0f, 0.25f}), out); // float16 result cast to float32
  expect<float>(out, {3}, {2.0f, 1.4140625f, 0.5f});
  const auto b = cupp::asarray<bfloat16>({-1.0f, 0.5f, 300.0f});
  expect<bfloat16>(cupp::where(b > 0, b, bfloat16(7)), {3}, {7.0f, 0.5f, 300.0f});
  expect<bfloat16>(cupp::clip(b, 0, 256), {3}, {0.0f, 0.5f, 256.0f});
  expect<bfloat16>(cupp::maximum(b, 1), {3}, {1.0f, 1.0f, 300.0f}); // a weak integer
}

TEST_CASE("float16 creation and bfloat16 arithmetic follow ml_dtypes", "[math][half]") {
  // weak scalars keep the 16-bit dtype: np.float16 array * 2.5 is float16; cupp keeps bfloat16
  // for a C++ double too (ml_dtypes gives float32 there, see docs/dtypes.md)
  const auto b = cupp::asarray<bfloat16>({1.0f, 3.0f});
  STATIC_REQUIRE(std::is_same_v<cupp::expr::value_type_t<decltype(b * 2.5)>, bfloat16>);
  expect<bfloat16>(b * 2.5, {2}, {2.5f, 7.5f});
  expect<bfloat16>(b / 3, {2}, {0.333984375f, 1.0f});
  const auto z = cupp::zeros<float16>({2});
  expect<float16>(cupp::full<float16>({2}, 0.1), {2}, {0.0999755859375f, 0.0999755859375f});
  expect<float16>(z + cupp::ones<float16>({2}), {2}, {1.0f, 1.0f});
}
