// out= for ufuncs (include/cupp/expr/out.hpp): every ufunc's out form writes what its plain form
// evaluates to (whose values the NumPy fixtures check) into views of every layout; by hand, with
// NumPy's results as literals and the NumPy call beside them: conversion to out's dtype,
// broadcasting into out's shape, 0-d and empty outputs, the two-output ufuncs, NumPy's
// same_kind table and NumPy's shape errors. Overlapping inputs: test_overlap.cpp.
#include "math/ufunc_check.hpp"

#include <cupp/math/bitwise.hpp>
#include <cupp/math/functions.hpp>

#include <cmath>
#include <cstdint>
#include <vector>

using namespace cupp_test;
using cupp::none;
using cupp::slice;
using ufunc_test::same;
using i8 = std::int8_t;
using i16 = std::int16_t;
using i64 = std::int64_t;
using u8 = std::uint8_t;

namespace {

/// A view of shape `shape` into a buffer of 7s twice as large, every other element, reversed.
template <class T> cupp::ndarray<T> scattered(const cupp::shape_t& shape) {
  const auto n = cupp::shape_size(shape);
  const auto buf = cupp::full<T>({2 * n}, T(7));
  return reversed(every(buf, 2)).reshape(shape);
}

/// `with_out(x, out)` writes `plain(x)` into `out` (a scattered view: the filler stays) and
/// returns `out`.
template <class Plain, class WithOut, class... X>
void check_out_form(const char* name, Plain plain, WithOut with_out, const X&... x) {
  const auto want = cupp::evaluate(plain(x...));
  using R = typename decltype(want)::value_type;
  const auto out = scattered<R>(want.shape());
  const cupp::ndarray<R> returned = with_out(x..., out);
  INFO(name);
  CHECK(returned.data() == out.data());
  const auto got = host(out);
  const auto expected = host(want);
  REQUIRE(got.size() == expected.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    INFO("element " << i);
    CHECK(same<R>(got[i], expected[i], 0));
  }
}

} // namespace

#define UNARY(NAME, X)                                                                             \
  check_out_form(                                                                                  \
      #NAME, [](const auto& a) { return cupp::NAME(a); },                                          \
      [](const auto& a, auto out) { return cupp::NAME(a, out); }, X)
#define BINARY(NAME, X, Y)                                                                         \
  check_out_form(                                                                                  \
      #NAME, [](const auto& a, const auto& b) { return cupp::NAME(a, b); },                        \
      [](const auto& a, const auto& b, auto out) { return cupp::NAME(a, b, out); }, X, Y)

TEST_CASE("every ufunc has an out= form", "[math][out]") {
  const auto x = cupp::asarray<double>({{-0.75, 0.5, NAN}, {0.0, 2.5, -INFINITY}});
  const auto y = cupp::asarray<double>({1.5, -0.25, 2.0});
  const auto k = cupp::asarray<std::int32_t>({{-7, 12, 5}, {0, 3, -18}});
  const auto s = cupp::asarray<std::int32_t>({3, 1, 2});
  UNARY(negative, x);
  UNARY(positive, x);
  UNARY(absolute, x);
  UNARY(abs, k);
  UNARY(sqrt, x);
  UNARY(logical_not, k);
  UNARY(isnan, x);
  UNARY(isinf, x);
  UNARY(isfinite, x);
  UNARY(isposinf, x);
  UNARY(isneginf, x);
  UNARY(signbit, x);
  UNARY(exp, x);
  UNARY(exp2, x);
  UNARY(expm1, x);
  UNARY(log, x);
  UNARY(log2, x);
  UNARY(log10, x);
  UNARY(log1p, x);
  UNARY(sin, x);
  UNARY(cos, x);
  UNARY(tan, x);
  UNARY(arcsin, x);
  UNARY(arccos, x);
  UNARY(arctan, x);
  UNARY(sinh, x);
  UNARY(cosh, x);
  UNARY(tanh, x);
  UNARY(arcsinh, x);
  UNARY(arccosh, x);
  UNARY(arctanh, x);
  UNARY(degrees, x);
  UNARY(radians, x);
  UNARY(rad2deg, x);
  UNARY(deg2rad, x);
  UNARY(floor, x);
  UNARY(ceil, x);
  UNARY(trunc, x);
  UNARY(rint, k);
  UNARY(fix, x);
  UNARY(sign, k);
  UNARY(square, k);
  UNARY(reciprocal, x);
  UNARY(cbrt, x);
  UNARY(fabs, k);
  UNARY(spacing, x);
  UNARY(sinc, k);
  UNARY(bitwise_not, k);
  UNARY(invert, k);
  BINARY(add, x, y);
  BINARY(subtract, k, 1);
  BINARY(multiply, x, 2);
  BINARY(divide, k, s);
  BINARY(true_divide, x, y);
  BINARY(equal, k, s);
  BINARY(not_equal, x, y);
  BINARY(less, k, 1000);
  BINARY(less_equal, x, y);
  BINARY(greater, -1, k);
  BINARY(greater_equal, x, 0.5);
  BINARY(logical_and, k, s);
  BINARY(logical_or, x, 0);
  BINARY(logical_xor, k, y);
  BINARY(maximum, x, y);
  BINARY(minimum, k, s);
  BINARY(fmax, x, y);
  BINARY(fmin, x, y);
  BINARY(arctan2, x, y);
  BINARY(hypot, x, y);
  BINARY(copysign, k, y);
  BINARY(nextafter, x, y);
  BINARY(logaddexp, x, y);
  BINARY(logaddexp2, x, y);
  BINARY(heaviside, x, y);
  BINARY(float_power, x, y);
  BINARY(power, k, s);
  BINARY(floor_divide, k, s);
  BINARY(remainder, x, y);
  BINARY(mod, k, -4);
  BINARY(fmod, k, s);
  BINARY(bitwise_and, k, s);
  BINARY(bitwise_or, k, 6);
  BINARY(bitwise_xor, k, s);
  BINARY(left_shift, k, s);
  BINARY(right_shift, k, s);
  BINARY(gcd, k, s);
  BINARY(lcm, k, s);
  BINARY(ldexp, x, s);
  check_out_form(
      "clip", [](const auto& a) { return cupp::clip(a, -0.5, 1.0); },
      [](const auto& a, auto out) { return cupp::clip(a, -0.5, 1.0, out); }, x);
  check_out_form(
      "around", [](const auto& a) { return cupp::around(a, -1); },
      [](const auto& a, auto out) { return cupp::around(a, -1, out); }, k);
  check_out_form(
      "round", [](const auto& a) { return cupp::round(a, 1); },
      [](const auto& a, auto out) { return cupp::round(a, 1, out); }, x);
}

TEMPLATE_LIST_TEST_CASE("out= writes views of every layout", "[math][out]", all_dtypes) {
  using T = TestType;
  const auto a = device_values<T>({3, 4});
  const auto b = device_values<T>({4}, 5);
  for (const auto& out :
       {cupp::zeros<T>({3, 4}), scattered<T>({3, 4}), cupp::zeros<T>({4, 3}).transpose(),
        cupp::zeros<T>({3, 8})(slice(), slice(none, none, -2))}) {
    cupp::add(a, b, out);
    CHECK(host(out) == host(cupp::evaluate(a + b)));
    cupp::maximum(a.transpose(), T(0), out.transpose()); // np.maximum(a.T, 0, out=out.T)
    CHECK(host(out) == host(cupp::evaluate(cupp::maximum(a, T(0)))));
    const auto flags = cupp::zeros<bool>({3, 4});
    cupp::less(a, b, flags);
    CHECK(host(flags) == host(cupp::evaluate(a < b)));
  }
  const auto z = cupp::zeros<T>({});
  cupp::add(cupp::full<T>({}, T(1)), T(1), z); // 0-d
  CHECK(z.item() == cupp::evaluate(cupp::full<T>({}, T(1)) + T(1)).item());
  const auto e = cupp::zeros<T>({0, 4});
  CHECK(cupp::multiply(cupp::zeros<T>({0, 1}), b, e).shape() == cupp::shape_t{0, 4});
}

TEST_CASE("out= converts the result to out's dtype", "[math][out]") {
  const auto a = cupp::arange<i64>(6).reshape({2, 3});
  const auto f = cupp::zeros<double>({2, 3});
  CHECK(cupp::add(a, 1, f).data() == f.data()); // np.add(a, 1, out=f) returns f
  CHECK(host(f) == std::vector<double>{1, 2, 3, 4, 5, 6});
  const auto i8s = cupp::zeros<i8>({3});
  cupp::less(cupp::arange<i64>(3), 1, i8s); // np.less(np.arange(3), 1, out=int8)
  CHECK(host(i8s) == std::vector<i8>{1, 0, 0});
  cupp::add(cupp::arange<u8>(3), 1, i8s); // uint8 result into int8: same_kind
  CHECK(host(i8s) == std::vector<i8>{1, 2, 3});
  cupp::add(cupp::asarray<i64>({100, 200, 300}), 0, i8s); // int64 into int8 wraps
  CHECK(host(i8s) == std::vector<i8>{100, -56, 44});
  // computed in the inputs' loop, then converted: np.sqrt(int16, out=float64) is float32's root
  const auto d = cupp::zeros<double>({1});
  cupp::sqrt(cupp::asarray<i16>({2}), d);
  CHECK(d.item() == 1.4142135381698608);
  const auto w = cupp::zeros<i16>({1});
  cupp::add(cupp::asarray<i8>({100}), cupp::asarray<i8>({100}), w); // int8 + int8 wraps first
  CHECK(w.item() == -56);
  const auto f32 = cupp::zeros<float>({1});
  cupp::divide(cupp::asarray<i8>({1}), 3, f32); // float64 result into float32
  CHECK(f32.item() == 0.3333333432674408f);
  const auto u = cupp::zeros<u8>({3});
  cupp::logical_and(cupp::arange<i64>(3), 1, u);
  CHECK(host(u) == std::vector<u8>{0, 1, 1});
  const auto wide = cupp::zeros<i16>({3});
  cupp::negative(cupp::arange<u8>(3), wide); // np.negative(uint8, out=int16)
  CHECK(host(wide) == std::vector<i16>{0, 255, 254});
  cupp::around(cupp::arange<i64>(3), 0, i8s);
  CHECK(host(i8s) == std::vector<i8>{0, 1, 2});
  cupp::clip(cupp::zeros<i8>({3}), -1000, 5, i8s); // the bound below int8's range clips nothing
  CHECK(host(i8s) == std::vector<i8>{0, 0, 0});
  const auto l = cupp::zeros<double>({2});
  cupp::ldexp(cupp::asarray<float>({1, 1.5f}), 2, l);
  CHECK(host(l) == std::vector<double>{4, 6});
  CHECK_THROWS_WITH_WORDS(cupp::add(cupp::zeros<i8>({3}), 1000, wide), cupp::overflow_error,
                          "Python integer 1000 out of bounds for int8");
}

TEST_CASE("out= broadcasts the operands to out's shape", "[math][out]") {
  // np.add(a[0], 1, out=np.zeros((2, 3)))
  const auto out = cupp::zeros<double>({2, 3});
  cupp::add(cupp::arange<i64>(3), 1, out);
  CHECK(host(out) == std::vector<double>{1, 2, 3, 1, 2, 3});
  cupp::add(cupp::zeros<double>({}), 1, out(0, slice())); // np.add(np.zeros(()), 1, out=out[0])
  CHECK(host(out) == std::vector<double>{1, 1, 1, 1, 2, 3});
  // np.add(np.zeros((2, 1)), np.arange(3), out=np.zeros((4, 2, 3)))
  const auto cube = cupp::zeros<double>({4, 2, 3});
  cupp::add(cupp::zeros<double>({2, 1}), cupp::arange<double>(3), cube);
  std::vector<double> want;
  for (int i = 0; i < 8; ++i)
    want.insert(want.end(), {0, 1, 2});
  CHECK(host(cube) == want);
  const auto z = cupp::zeros<double>({});
  cupp::add(cupp::full<double>({}, 2), 3, z);
  CHECK(z.item() == 5);
  CHECK(cupp::add(cupp::zeros<double>({0, 3}), 1, cupp::zeros<double>({0, 3})).size() == 0);
}

TEST_CASE("two-output ufuncs take two outs", "[math][out]") {
  // np.divmod(np.arange(3), 2, out=(q, r)) with int16 outs
  const auto q = cupp::zeros<i16>({3});
  const auto r = scattered<i16>({3});
  const auto [q2, r2] = cupp::divmod(cupp::arange<i64>(3), 2, q, r);
  CHECK(q2.data() == q.data());
  CHECK(r2.data() == r.data());
  CHECK(host(q) == std::vector<i16>{0, 0, 1});
  CHECK(host(r) == std::vector<i16>{0, 1, 0});
  // np.frexp(np.arange(3.), out=(np.zeros(3), np.zeros(3, np.int8)))
  const auto m = cupp::zeros<double>({3});
  const auto e = cupp::zeros<i8>({3});
  cupp::frexp(cupp::arange<double>(3), m, e);
  CHECK(host(m) == std::vector<double>{0, 0.5, 0.5});
  CHECK(host(e) == std::vector<i8>{0, 1, 2});
  // np.modf(np.arange(3.), out=(np.zeros(3), np.zeros(3, np.float32)))
  const auto frac = cupp::zeros<double>({3});
  const auto whole = cupp::zeros<float>({3});
  cupp::modf(cupp::arange<double>(3) + 0.25, frac, whole);
  CHECK(host(frac) == std::vector<double>{0.25, 0.25, 0.25});
  CHECK(host(whole) == std::vector<float>{0, 1, 2});
  CHECK_THROWS_WITH_WORDS(cupp::divmod(cupp::zeros<double>({3}), cupp::zeros<double>({2}),
                                       cupp::zeros<double>({3}), cupp::zeros<double>({3})),
                          cupp::value_error,
                          "operands could not be broadcast together with shapes (3,) (2,) (3,) "
                          "(3,)");
  CHECK_THROWS_WITH_WORDS(
      cupp::divmod(cupp::arange<i64>(3), 2, cupp::zeros<i64>({3}), cupp::zeros<i64>({})),
      cupp::value_error,
      "non-broadcastable output operand with shape () doesn't match the "
      "broadcast shape (3,)");
  CHECK_THROWS_WITH_WORDS(
      cupp::modf(cupp::zeros<double>({3}), cupp::zeros<double>({3}), cupp::zeros<double>({2})),
      cupp::value_error, "operands could not be broadcast together with shapes (3,) (3,) (2,)");
}

TEST_CASE("out= follows NumPy's same_kind casting table", "[math][out]") {
  using cupp::same_kind_castable_v;
  // np.can_cast(From, To, "same_kind"): bool < unsigned < signed < float
  STATIC_REQUIRE(same_kind_castable_v<bool, u8>);
  STATIC_REQUIRE(same_kind_castable_v<bool, double>);
  STATIC_REQUIRE(same_kind_castable_v<i64, i8>);
  STATIC_REQUIRE(same_kind_castable_v<std::uint64_t, i8>);
  STATIC_REQUIRE(same_kind_castable_v<u8, float>);
  STATIC_REQUIRE(same_kind_castable_v<double, float>);
  STATIC_REQUIRE_FALSE(same_kind_castable_v<i8, u8>);
  STATIC_REQUIRE_FALSE(same_kind_castable_v<i8, std::uint64_t>);
  STATIC_REQUIRE_FALSE(same_kind_castable_v<i64, bool>);
  STATIC_REQUIRE_FALSE(same_kind_castable_v<u8, bool>);
  STATIC_REQUIRE_FALSE(same_kind_castable_v<float, i64>);
  STATIC_REQUIRE_FALSE(same_kind_castable_v<double, std::uint32_t>);
  // np.add(int_arr, 1.5, out=int_arr) is NumPy's UFuncTypeError "Cannot cast ufunc 'add' output
  // from dtype('float64') to dtype('int64') with casting rule 'same_kind'"; in cupp it does not
  // compile (the dtypes are types), nor does int_arr += 1.5.
}

TEST_CASE("out= raises NumPy's shape errors", "[math][out][errors]") {
  const auto a = cupp::arange<i64>(6).reshape({2, 3});
  CHECK_THROWS_WITH_WORDS(cupp::add(a, a, cupp::zeros<double>({3})), cupp::value_error,
                          "non-broadcastable output operand with shape (3,) doesn't match the "
                          "broadcast shape (2,3)");
  CHECK_THROWS_WITH_WORDS(cupp::add(a, 1, cupp::zeros<i64>({1, 3})), cupp::value_error,
                          "non-broadcastable output operand with shape (1,3) doesn't match the "
                          "broadcast shape (2,3)");
  CHECK_THROWS_WITH_WORDS(cupp::add(a, a, cupp::zeros<double>({2})), cupp::value_error,
                          "operands could not be broadcast together with shapes (2,3) (2,3) (2,)");
  CHECK_THROWS_WITH_WORDS(cupp::add(cupp::zeros<double>({3}), 2, cupp::zeros<double>({2})),
                          cupp::value_error,
                          "operands could not be broadcast together with shapes (3,) () (2,)");
  CHECK_THROWS_WITH_WORDS(
      cupp::add(cupp::zeros<double>({3}), cupp::zeros<double>({2}), cupp::zeros<double>({3})),
      cupp::value_error, "operands could not be broadcast together with shapes (3,) (2,) (3,)");
  CHECK_THROWS_WITH_WORDS(cupp::add(cupp::zeros<double>({3}), 1, cupp::zeros<double>({})),
                          cupp::value_error,
                          "non-broadcastable output operand with shape () doesn't match the "
                          "broadcast shape (3,)");
  CHECK_THROWS_WITH_WORDS(cupp::add(cupp::zeros<double>({0, 3}), 1, cupp::zeros<double>({3})),
                          cupp::value_error,
                          "non-broadcastable output operand with shape (3,) doesn't match the "
                          "broadcast shape (0,3)");
  CHECK_THROWS_WITH_WORDS(cupp::add(cupp::zeros<double>({2, 3}), 1,
                                    cupp::zeros<double>({2, 3})(slice(), slice(none, none, 2))),
                          cupp::value_error,
                          "operands could not be broadcast together with shapes (2,3) () (2,2)");
  CHECK_THROWS_WITH_WORDS(cupp::negative(cupp::zeros<double>({3}), cupp::zeros<double>({2})),
                          cupp::value_error,
                          "operands could not be broadcast together with shapes (3,) (2,)");
  // an expression operand is named by its shape, as NumPy names the temporary it would be
  CHECK_THROWS_WITH_WORDS(
      cupp::multiply(a + cupp::arange<i64>(3), 2, cupp::zeros<i64>({3})), cupp::value_error,
      "non-broadcastable output operand with shape (3,) doesn't match the broadcast shape (2,3)");
  // in-place operators are out= of the array itself: a = np.zeros(3); a += np.zeros((2, 3))
  auto z = cupp::zeros<double>({3});
  CHECK_THROWS_WITH_WORDS(z += cupp::zeros<double>({2, 3}), cupp::value_error,
                          "non-broadcastable output operand with shape (3,) doesn't match the "
                          "broadcast shape (2,3)");
  CHECK_THROWS_WITH_WORDS(z -= cupp::zeros<double>({4}), cupp::value_error,
                          "operands could not be broadcast together with shapes (3,) (4,) (3,)");
  CHECK(host(z) == std::vector<double>{0, 0, 0}); // nothing written
}
