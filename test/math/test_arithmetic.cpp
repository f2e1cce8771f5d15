// The first ufuncs over every dtype against host loops with NumPy's semantics (wrapping integer
// arithmetic, true division in float64 for integers), on contiguous, strided, reversed and 0-d
// operands.
#include "common/testing.hpp"

#include <cupp/expr/evaluate.hpp>
#include <cupp/math/arithmetic.hpp>
#include <cupp/math/functions.hpp>

#include <cmath>

using namespace cupp_test;

namespace {

// Reference results in dtype R with NumPy's wrapping for integers.
template <class R, class A, class B> R ref_add(A a, B b) {
  if constexpr (std::is_same_v<R, bool>) {
    return static_cast<bool>(a) || static_cast<bool>(b);
  } else if constexpr (std::is_integral_v<R>) {
    return static_cast<R>(static_cast<std::uint64_t>(static_cast<R>(a)) +
                          static_cast<std::uint64_t>(static_cast<R>(b)));
  } else {
    return static_cast<R>(static_cast<R>(a) + static_cast<R>(b));
  }
}
template <class R, class A, class B> R ref_mul(A a, B b) {
  if constexpr (std::is_same_v<R, bool>) {
    return static_cast<bool>(a) && static_cast<bool>(b);
  } else if constexpr (std::is_integral_v<R>) {
    return static_cast<R>(static_cast<std::uint64_t>(static_cast<R>(a)) *
                          static_cast<std::uint64_t>(static_cast<R>(b)));
  } else {
    return static_cast<R>(static_cast<R>(a) * static_cast<R>(b));
  }
}

template <class T> void check_close(const std::vector<T>& got, const std::vector<T>& want) {
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    if constexpr (cupp::is_floating_v<T>) { // the 16-bit floats: float32 results rounded once
      if (std::isnan(want[i])) {
        CHECK(std::isnan(got[i]));
      } else {
        CHECK(got[i] == Approx(want[i]).epsilon(sizeof(T) <= 4 ? 1e-6 : 1e-14));
      }
    } else {
      CHECK(got[i] == want[i]);
    }
  }
}

} // namespace

TEMPLATE_LIST_TEST_CASE("add and multiply over dtypes and sizes", "[math][arithmetic]",
                        all_dtypes) {
  const auto n = GENERATE(as<std::int64_t>{}, 0, 1, 3, 1023, 1024, 1025, 4097, 70001);
  const auto x = device_values<TestType>({n}, 1);
  const auto y = device_values<TestType>({n}, 17);
  const auto hx = host(x), hy = host(y);
  std::vector<TestType> sum(hx.size()), prod(hx.size());
  for (std::size_t i = 0; i < hx.size(); ++i) {
    sum[i] = ref_add<TestType>(hx[i], hy[i]);
    prod[i] = ref_mul<TestType>(hx[i], hy[i]);
  }
  check_close(host(cupp::ndarray<TestType>(x + y)), sum);
  check_close(host(cupp::ndarray<TestType>(cupp::multiply(x, y))), prod);
  if constexpr (!std::is_same_v<TestType, bool>) {
    std::vector<TestType> want(hx.size()); // wrapped x - y
    for (std::size_t i = 0; i < hx.size(); ++i) {
      if constexpr (std::is_integral_v<TestType>)
        want[i] = static_cast<TestType>(static_cast<std::uint64_t>(hx[i]) -
                                        static_cast<std::uint64_t>(hy[i]));
      else
        want[i] = hx[i] - hy[i];
    }
    check_close(host(cupp::ndarray<TestType>(x - y)), want);
  }
}

TEMPLATE_LIST_TEST_CASE("true division gives float64 for integers", "[math][arithmetic]",
                        numeric_dtypes) {
  const auto x = device_values<TestType>({257}, 3);
  const auto y = device_values<TestType>({257}, 8);
  using R = cupp::expr::value_type_t<decltype(x / y)>;
  STATIC_REQUIRE(
      std::is_same_v<R, std::conditional_t<cupp::is_floating_v<TestType>, TestType, double>>);
  const auto hx = host(x), hy = host(y);
  std::vector<R> want(hx.size());
  for (std::size_t i = 0; i < hx.size(); ++i)
    want[i] = static_cast<R>(hx[i]) / static_cast<R>(hy[i]);
  const auto got = host(cupp::ndarray<R>(x / y)); // includes x/0 -> inf or nan, as NumPy
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (std::isnan(want[i])) {
      CHECK(std::isnan(got[i]));
    } else if (std::isinf(want[i])) {
      CHECK(got[i] == want[i]);
    } else {
      CHECK(got[i] == Approx(want[i]).epsilon(1e-6));
    }
  }
}

TEMPLATE_LIST_TEST_CASE("negative, abs and sqrt", "[math][arithmetic]", numeric_dtypes) {
  const auto x = device_values<TestType>({1000}, 5);
  const auto hx = host(x);
  std::vector<TestType> neg(hx.size()), ab(hx.size());
  for (std::size_t i = 0; i < hx.size(); ++i) {
    if constexpr (std::is_integral_v<TestType>) {
      neg[i] = static_cast<TestType>(std::uint64_t{0} - static_cast<std::uint64_t>(hx[i]));
      ab[i] = std::is_signed_v<TestType> && hx[i] < 0 ? neg[i] : hx[i];
    } else {
      neg[i] = -hx[i];
      ab[i] = std::fabs(hx[i]);
    }
  }
  check_close(host(cupp::ndarray<TestType>(-x)), neg);
  check_close(host(cupp::ndarray<TestType>(cupp::abs(x))), ab);
  if constexpr (sizeof(TestType) > 1) {
    using R = cupp::float_result_t<TestType>;
    std::vector<R> sq(hx.size());
    for (std::size_t i = 0; i < hx.size(); ++i)
      sq[i] = std::sqrt(static_cast<R>(hx[i]));
    check_close(host(cupp::ndarray<R>(cupp::sqrt(x))), sq); // negative inputs give nan
  }
}

TEST_CASE("integer edge values wrap as NumPy", "[math][arithmetic]") {
  const auto a = cupp::asarray<std::int8_t>({-128, 127, 100});
  CHECK(host(cupp::ndarray<std::int8_t>(a + a)) == std::vector<std::int8_t>{0, -2, -56});
  CHECK(host(cupp::ndarray<std::int8_t>(-a)) == std::vector<std::int8_t>{-128, -127, -100});
  CHECK(host(cupp::ndarray<std::int8_t>(cupp::abs(a))) == std::vector<std::int8_t>{-128, 127, 100});
  const auto u = cupp::asarray<std::uint16_t>({65535, 2});
  CHECK(host(cupp::ndarray<std::uint16_t>(u * u)) == std::vector<std::uint16_t>{1, 4});
  const auto big = cupp::asarray<std::int64_t>({INT64_MAX});
  CHECK(host(cupp::ndarray<std::int64_t>(big + 1)) == std::vector<std::int64_t>{INT64_MIN});
  const auto b = cupp::asarray({true, false, true});
  CHECK(host(cupp::ndarray<bool>(b + b)) == std::vector<bool>{true, false, true});
  CHECK(host(cupp::ndarray<std::int64_t>(b + 1)) == std::vector<std::int64_t>{2, 1, 2});
  CHECK(host(cupp::ndarray<double>(b / b))[0] == 1.0);
}

TEST_CASE("float special values follow IEEE as NumPy", "[math][arithmetic]") {
  const auto a = cupp::asarray<double>({-0.0, INFINITY, NAN, -2.0});
  const auto h = host(cupp::ndarray<double>(cupp::abs(a)));
  CHECK(h[0] == 0.0);
  CHECK_FALSE(std::signbit(h[0]));
  CHECK(h[1] == INFINITY);
  CHECK(std::isnan(h[2]));
  const auto s = host(cupp::ndarray<double>(cupp::sqrt(a)));
  CHECK(std::signbit(s[0])); // sqrt(-0.0) is -0.0
  CHECK(s[1] == INFINITY);
  CHECK(std::isnan(s[3]));
  const auto d = host(cupp::ndarray<double>(a / 0.0));
  CHECK(std::isnan(d[0]));
  CHECK(d[3] == -INFINITY);
}

TEMPLATE_LIST_TEST_CASE("operands may be strided, reversed or 0-d", "[math][arithmetic]",
                        numeric_dtypes) {
  const auto base = device_values<TestType>({30}, 2);
  const auto hb = host(base);
  const auto s = every(base, 3); // 10 elements, stride 3
  const auto r = reversed(every(base, 3));
  std::vector<TestType> want(10);
  for (std::size_t i = 0; i < 10; ++i)
    want[i] = ref_add<TestType>(hb[3 * i], hb[3 * (9 - i)]);
  check_close(host(cupp::ndarray<TestType>(s + r)), want);
  // 0-d operands broadcast
  const auto zero_d = cupp::full<TestType>({}, TestType(3));
  std::vector<TestType> want2(10);
  for (std::size_t i = 0; i < 10; ++i)
    want2[i] = ref_mul<TestType>(hb[3 * (9 - i)], TestType(3));
  check_close(host(cupp::ndarray<TestType>(r * zero_d)), want2);
  const auto both = cupp::ndarray<TestType>(zero_d + zero_d);
  CHECK(both.ndim() == 0);
  CHECK(both.item() == ref_add<TestType>(TestType(3), TestType(3)));
}

TEST_CASE("weak scalars keep the array dtype", "[math][arithmetic]") {
  const auto f = cupp::arange<float>(4);
  cupp::ndarray<float> g = f * 2.0 + 1; // stays float32, as `float32_array * 2.0 + 1` in NumPy
  CHECK(host(g) == std::vector<float>{1, 3, 5, 7});
  cupp::ndarray<float> h = 1.0 - f / 2;
  CHECK(host(h) == std::vector<float>{1, 0.5f, 0, -0.5f});
  cupp::ndarray<double> i = cupp::arange<std::int16_t>(3) * 0.5; // int array * float -> float64
  CHECK(host(i) == std::vector<double>{0, 0.5, 1});
  cupp::ndarray<std::uint8_t> u = cupp::arange<std::uint8_t>(3) + 254;
  CHECK(host(u) == std::vector<std::uint8_t>{254, 255, 0});
}
