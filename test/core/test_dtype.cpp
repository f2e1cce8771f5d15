// dtype names and NumPy 2 promotion, checked against NumPy's own tables (test/fixtures).
#include "common/testing.hpp"

#include <cupp/core/dtype.hpp>
#include <cupp/math/arithmetic.hpp>

#include <type_traits>

using namespace cupp_test;

namespace {
template <class A, class B> constexpr bool same = std::is_same_v<A, B>;
} // namespace

// promote_t against np.promote_types for every pair of dtypes
#define CUPP_PROMOTE(A, B, R) static_assert(same<cupp::promote_t<A, B>, R>, #A " + " #B);
#define CUPP_WEAK(A, S, R)
#define CUPP_DIVIDE(A, R)
#include "fixtures/promotion.inc"
#undef CUPP_PROMOTE
#undef CUPP_WEAK
#undef CUPP_DIVIDE

// The dtype of `array op scalar` through the operators (NEP 50 weak scalars) against NumPy
#define CUPP_PROMOTE(A, B, R)
#define CUPP_WEAK(A, S, R)                                                                         \
  static_assert(same<cupp::expr::value_type_t<decltype(std::declval<cupp::ndarray<A>>() +          \
                                                       std::declval<S>())>,                        \
                     R>,                                                                           \
                #A " + weak " #S);
#define CUPP_DIVIDE(A, R)                                                                          \
  static_assert(same<cupp::expr::value_type_t<decltype(std::declval<cupp::ndarray<A>>() /          \
                                                       std::declval<cupp::ndarray<A>>())>,         \
                     R>,                                                                           \
                #A " / " #A);
#include "fixtures/promotion.inc"
#undef CUPP_PROMOTE
#undef CUPP_WEAK
#undef CUPP_DIVIDE

TEST_CASE("dtype names follow NumPy", "[core][dtype]") {
  CHECK(std::string(cupp::dtype_name<bool>()) == "bool");
  CHECK(std::string(cupp::dtype_name<std::int8_t>()) == "int8");
  CHECK(std::string(cupp::dtype_name<std::uint16_t>()) == "uint16");
  CHECK(std::string(cupp::dtype_name<std::int32_t>()) == "int32");
  CHECK(std::string(cupp::dtype_name<std::uint64_t>()) == "uint64");
  CHECK(std::string(cupp::dtype_name<float>()) == "float32");
  CHECK(std::string(cupp::dtype_name<double>()) == "float64");
  CHECK(std::string(cupp::dtype_name<cupp::float16>()) == "float16");
  CHECK(std::string(cupp::dtype_name<cupp::bfloat16>()) == "bfloat16");
  CHECK(std::string(cupp::ndarray<std::int64_t>::dtype()) == "int64");
}

TEST_CASE("sum accumulates in NumPy's dtypes", "[core][dtype]") {
  STATIC_REQUIRE(same<cupp::sum_result_t<bool>, std::int64_t>);
  STATIC_REQUIRE(same<cupp::sum_result_t<std::int8_t>, std::int64_t>);
  STATIC_REQUIRE(same<cupp::sum_result_t<std::uint16_t>, std::uint64_t>);
  STATIC_REQUIRE(same<cupp::sum_result_t<float>, float>);
  STATIC_REQUIRE(same<cupp::float_result_t<std::int16_t>, float>);
  STATIC_REQUIRE(same<cupp::float_result_t<std::int32_t>, double>);
  // NumPy computes float functions of bool and 8-bit integers in float16
  STATIC_REQUIRE(same<cupp::float_result_t<bool>, cupp::float16>);
  STATIC_REQUIRE(same<cupp::float_result_t<std::uint8_t>, cupp::float16>);
  STATIC_REQUIRE(same<cupp::float_result_t<cupp::bfloat16>, cupp::bfloat16>);
}

TEST_CASE("float16 and bfloat16 are dtypes with NumPy's and ml_dtypes' casting rules",
          "[core][dtype]") {
  STATIC_REQUIRE(cupp::is_dtype_v<cupp::float16>);
  STATIC_REQUIRE(cupp::is_dtype_v<cupp::bfloat16>);
  STATIC_REQUIRE(sizeof(cupp::float16) == 2);
  STATIC_REQUIRE(alignof(cupp::bfloat16) == 2);
  STATIC_REQUIRE(std::is_trivially_copyable_v<cupp::float16>);
  // np.can_cast(a, b, "same_kind") with ml_dtypes: bfloat16 -> float16 is the one refusal
  STATIC_REQUIRE(cupp::same_kind_castable_v<cupp::float16, cupp::bfloat16>);
  STATIC_REQUIRE(!cupp::same_kind_castable_v<cupp::bfloat16, cupp::float16>);
  STATIC_REQUIRE(cupp::same_kind_castable_v<double, cupp::bfloat16>);
  STATIC_REQUIRE(cupp::same_kind_castable_v<std::int64_t, cupp::float16>);
  STATIC_REQUIRE(!cupp::same_kind_castable_v<cupp::bfloat16, std::int8_t>);
  // a float16 scalar is strong, like np.float16(2): int8 array * np.float16(2) is float16,
  // float32 array * np.float16(2) float32
  const auto i8 = cupp::asarray<std::int8_t>({1, -3});
  const auto f = cupp::asarray<float>({0.5f});
  STATIC_REQUIRE(same<cupp::expr::value_type_t<decltype(i8 * cupp::float16(2))>, cupp::float16>);
  STATIC_REQUIRE(same<cupp::expr::value_type_t<decltype(f * cupp::bfloat16(2))>, float>);
  CHECK(host(cupp::ndarray<cupp::float16>(i8 * cupp::float16(2.5))) ==
        std::vector<cupp::float16>{2.5, -7.5});
}

TEST_CASE("weak integer scalars that do not fit the array dtype raise like NumPy 2",
          "[core][dtype]") {
  const auto a = cupp::zeros<std::int8_t>({3});
  CHECK_THROWS_WITH_WORDS((void)(a + 1000), cupp::overflow_error, "Python integer 1000",
                          "out of bounds for int8");
  const auto u = cupp::zeros<std::uint8_t>({3});
  CHECK_THROWS_WITH_WORDS((void)(u + -1), cupp::overflow_error, "-1", "uint8");
  CHECK_THROWS_AS((void)(cupp::zeros<std::uint64_t>({1}) * -5), cupp::overflow_error);
  CHECK_NOTHROW((void)(a + 127));
  CHECK_NOTHROW((void)(u + 255));
  CHECK(host(cupp::ndarray<std::int8_t>(a + (-128)))[0] == -128);
}
