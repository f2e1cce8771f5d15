// out= for ufuncs (include/cupp/expr/out.hpp), by hand, with NumPy's results as literals and the
// NumPy call beside them: conversion to out's dtype, broadcasting into out's shape, 0-d and empty
// outputs, the two-output ufuncs, NumPy's same_kind table and NumPy's shape errors. Every ufunc's
// out form: test_out_unary.cpp, test_out_binary.cpp; views of every layout and dtype:
// test_out_layouts_*.cpp; overlapping inputs: test_overlap.cpp.
#include "expr/out_check.hpp"

#include <cupp/math/bitwise.hpp>
#include <cupp/math/functions.hpp>

#include <cstdint>
#include <vector>

using namespace cupp_test;
using cupp::none;
using cupp::slice;
using out_test::scattered;
using i8 = std::int8_t;
using i16 = std::int16_t;
using i64 = std::int64_t;
using u8 = std::uint8_t;

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
