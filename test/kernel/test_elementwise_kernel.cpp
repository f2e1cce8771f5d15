// Functor and device-lambda kernels (cupp::elementwise_kernel): values against host loops over
// dtypes, broadcasting, views, 0-d and empty arrays, scalars, out=, fusion, and the errors.
#include "common/testing.hpp"

#include <cupp/core/error.hpp>
#include <cupp/expr/astype.hpp>
#include <cupp/expr/evaluate.hpp>
#include <cupp/kernel/elementwise.hpp>
#include <cupp/math/arithmetic.hpp>
#include <cupp/reduction/reduce.hpp>

#include <cmath>
#include <cstdint>

using namespace cupp_test;
namespace cp = cupp;

namespace {

/// x * y + x in T, as C++ computes it (integers wrap when converted back to T).
struct mul_add {
  template <class T> CUPP_HD T operator()(T x, T y) const { return static_cast<T>(x * y + x); }
};

/// Untyped: each operand arrives in its own dtype.
struct weighted {
  template <class A, class B> CUPP_HD double operator()(A a, B b) const {
    return static_cast<double>(a) * 0.5 + static_cast<double>(b);
  }
};

struct positive {
  CUPP_HD bool operator()(double x) const { return x > 0; }
};

/// A parameter block passed by value, as a scalar operand.
struct line {
  float slope, intercept;
};
struct apply_line {
  CUPP_HD float operator()(float x, line l) const { return l.slope * x + l.intercept; }
};

} // namespace

TEST_CASE("the seed's y = x * a + b as a device lambda", "[kernel][functor]") {
  auto axpb = cp::elementwise_kernel<float>(
      [] CUPP_DEVICE(float x, float a, float b) { return x * a + b; });
  const std::int64_t n = GENERATE(0, 1, 7, 1000, 4099);
  const auto x = device_values<float>({n});
  const cp::ndarray<float> y = axpb(x, 2.0f, 1.0f);
  REQUIRE(y.shape() == cp::shape_t{n});
  const auto hx = host(x);
  std::vector<float> expected;
  for (float v : hx)
    expected.push_back(v * 2.0f + 1.0f);
  CHECK(host(y) == expected);
}

TEST_CASE("a host-device lambda", "[kernel][functor]") {
  auto inc = cp::elementwise_kernel<double>([] CUPP_HD(double x) { return x + 1; });
  CHECK(host(inc(cp::asarray(std::vector<double>{1, 2}))) == std::vector<double>{2, 3});
}

TEMPLATE_LIST_TEST_CASE("typed functor kernels over every numeric dtype", "[kernel][functor]",
                        numeric_dtypes) {
  using T = TestType;
  auto k = cp::elementwise_kernel<T(T, T)>(mul_add{});
  const auto a = device_values<T>({5, 7}, 1);
  const auto b = device_values<T>({5, 7}, 4);
  const auto got = k(a, b);
  CHECK(got.dtype() == std::string(cp::dtype_name<T>()));
  std::vector<T> expected;
  const auto ha = host(a), hb = host(b);
  for (std::size_t i = 0; i < ha.size(); ++i)
    expected.push_back(mul_add{}(ha[i], hb[i]));
  CHECK(host(got) == expected);
}

TEST_CASE("functor kernels of complex dtypes", "[kernel][functor][complex]") {
  using c64 = cp::complex64;
  // a typed kernel (a real input converts to the complex parameter) and a real result
  auto k = cp::elementwise_kernel<c64(c64, float)>(
      [] CUPP_HD(c64 z, float s) { return c64(z.real() * s, -z.imag()); });
  const auto z = cp::asarray<c64>({c64(1, 2), c64(-3, 0.5f)});
  CHECK(host(k(z, cp::asarray<float>({2, 4}))) == std::vector<c64>{c64(2, -2), c64(-12, -0.5f)});
  auto re = cp::elementwise_kernel<float(c64)>([] CUPP_HD(c64 v) { return v.real() + v.imag(); });
  CHECK(host(re(z)) == std::vector<float>{3, -2.5f});
}

TEMPLATE_LIST_TEST_CASE("a device lambda in a templated function", "[kernel][functor]",
                        float_dtypes) {
  using T = TestType;
  auto half = cp::elementwise_kernel<T>([] CUPP_DEVICE(T x) { return x / 2; });
  const auto a = device_values<T>({33});
  std::vector<T> expected;
  for (T v : host(a))
    expected.push_back(v / 2);
  CHECK(host(half(a)) == expected);
}

TEST_CASE("untyped operands reach the functor in their own dtypes", "[kernel][functor]") {
  auto k = cp::elementwise_kernel<float>(weighted{});
  const auto i = device_values<std::int32_t>({6}, 2);
  const auto d = device_values<double>({6}, 5);
  std::vector<float> expected;
  const auto hi = host(i);
  const auto hd = host(d);
  for (std::size_t j = 0; j < hi.size(); ++j)
    expected.push_back(static_cast<float>(weighted{}(hi[j], hd[j])));
  CHECK(host(k(i, d)) == expected);
  // a scalar keeps its C++ type (2.25 stays a double)
  std::vector<float> with_scalar;
  for (const auto v : hi)
    with_scalar.push_back(static_cast<float>(weighted{}(v, 2.25)));
  CHECK(host(k(i, 2.25)) == with_scalar);
}

TEST_CASE("typed kernels convert operands and results as astype does", "[kernel][functor]") {
  // float64 operands of a float32 kernel, the float result into int32 (truncated toward zero)
  auto k = cp::elementwise_kernel<std::int32_t(float, float)>(
      [] CUPP_DEVICE(float x, float y) { return x * y; });
  const auto a = cp::asarray(std::vector<double>{1.5, -2.5, 3.25, 100.75});
  const auto got = k(a, 2);
  CHECK(got.dtype() == std::string("int32"));
  CHECK(host(got) == std::vector<std::int32_t>{3, -5, 6, 201});
  // a scalar converts to its input type with NumPy's overflow check
  auto bytes = cp::elementwise_kernel<std::int8_t(std::int8_t, std::int8_t)>(mul_add{});
  const auto s = cp::asarray(std::vector<std::int8_t>{1, 2});
  CHECK(host(bytes(s, 3)) == std::vector<std::int8_t>{4, 8});
  CHECK_THROWS_WITH_WORDS((void)bytes(s, 300), cp::overflow_error, "Python integer 300",
                          "out of bounds for int8");
}

TEST_CASE("functor kernels broadcast as ufuncs do", "[kernel][functor]") {
  using case_t = std::tuple<cp::shape_t, cp::shape_t, cp::shape_t>;
  const auto c = GENERATE(case_t{{3, 1}, {1, 4}, {3, 4}}, case_t{{2, 3, 4}, {3, 1}, {2, 3, 4}},
                          case_t{{}, {5}, {5}}, case_t{{0, 3}, {3}, {0, 3}},
                          case_t{{4, 1}, {0}, {4, 0}}, case_t{{257, 3}, {257, 1}, {257, 3}});
  const auto& [sa, sb, so] = c;
  auto k = cp::elementwise_kernel<double(double, double)>(mul_add{});
  const auto a = device_values<double>(sa, 1);
  const auto b = device_values<double>(sb, 9);
  const auto got = k(a, b);
  CHECK(got.shape() == so);
  CHECK(host(got) == host_broadcast<double>(mul_add{}, host(a), sa, host(b), sb, so));
}

TEST_CASE("functor kernels read strided, reversed and transposed views", "[kernel][functor]") {
  auto k = cp::elementwise_kernel<std::int64_t(std::int64_t, std::int64_t)>(mul_add{});
  const auto base = device_values<std::int64_t>({20}, 3);
  const auto hb = host(base);
  SECTION("every other element against a reversed view") {
    const auto a = every(base, 2);
    const auto b = reversed(every(base, 2));
    std::vector<std::int64_t> expected;
    for (std::size_t i = 0; i < 10; ++i)
      expected.push_back(mul_add{}(hb[2 * i], hb[18 - 2 * i]));
    CHECK(host(k(a, b)) == expected);
  }
  SECTION("a transposed matrix with a broadcast row") {
    const auto m = base.reshape({4, 5}).transpose(); // (5, 4), not contiguous
    const auto row = device_values<std::int64_t>({4}, 7);
    const auto hr = host(row);
    std::vector<std::int64_t> expected;
    for (std::size_t i = 0; i < 5; ++i)
      for (std::size_t j = 0; j < 4; ++j)
        expected.push_back(mul_add{}(hb[j * 5 + i], hr[j]));
    const auto got = k(m, row);
    CHECK(got.shape() == cp::shape_t{5, 4});
    CHECK(host(got) == expected);
  }
}

TEST_CASE("functor kernels of 0-d arrays, scalars only and value operands", "[kernel][functor]") {
  auto k = cp::elementwise_kernel<double(double, double)>(mul_add{});
  const auto zero_d = cp::asarray(std::vector<double>{3.0}).reshape({});
  const auto got = k(zero_d, 2.0);
  CHECK(got.shape() == cp::shape_t{});
  CHECK(got.item() == 9.0);
  CHECK(k(4.0, 0.5).shape() == cp::shape_t{}); // scalars alone make a 0-d result, as ufuncs do
  CHECK(k(4.0, 0.5).item() == 6.0);

  auto f = cp::elementwise_kernel<float>(apply_line{});
  const auto x = cp::asarray(std::vector<float>{0, 1, 2});
  CHECK(host(f(x, line{2.0f, -1.0f})) == std::vector<float>{-1, 1, 3});

  auto is_pos = cp::elementwise_kernel<bool>(positive{});
  CHECK(host(is_pos(cp::asarray(std::vector<double>{-1, 0, 2}))) ==
        std::vector<bool>{false, false, true});
}

TEST_CASE("into writes an existing array or view", "[kernel][functor]") {
  auto k = cp::elementwise_kernel<float>(
      [] CUPP_DEVICE(float x, float a, float b) { return x * a + b; });
  const auto x = cp::asarray(std::vector<float>{1, 2, 3});
  SECTION("a strided view, broadcasting the input along rows") {
    auto big = cp::zeros<float>({2, 6});
    const auto view = cp::ndarray<float>(big.data(), {2, 3}, {6, 2}, big.owner(), big.device());
    const auto& same = k.into(view, x, 10.0f, 1.0f);
    CHECK(same.data() == view.data());
    CHECK(host(big) == std::vector<float>{11, 0, 21, 0, 31, 0, 11, 0, 21, 0, 31, 0});
  }
  SECTION("another dtype: values convert") {
    auto out = cp::zeros<double>({3});
    k.into(out, x, 0.5f, 0.0f);
    CHECK(host(out) == std::vector<double>{0.5, 1.0, 1.5});
  }
  SECTION("in place") {
    auto y = x.copy();
    k.into(y, y, 2.0f, 0.0f);
    CHECK(host(y) == std::vector<float>{2, 4, 6});
  }
  SECTION("an output that the operands do not broadcast to") {
    auto out = cp::zeros<float>({3});
    const auto wide = cp::zeros<float>({2, 3});
    CHECK_THROWS_WITH_WORDS(k.into(out, wide, 1.0f, 0.0f), cp::value_error,
                            "non-broadcastable output operand with shape (3,) doesn't match the "
                            "broadcast shape (2,3)");
  }
}

TEST_CASE("lazy functor kernels fuse into expressions and reductions", "[kernel][functor]") {
  auto k = cp::elementwise_kernel<double(double, double)>(mul_add{});
  const auto a = device_values<double>({100}, 1);
  const auto b = device_values<double>({100}, 2);
  const auto ha = host(a), hb = host(b);
  double total = 0;
  std::vector<double> twice;
  for (std::size_t i = 0; i < ha.size(); ++i) {
    total += mul_add{}(ha[i], hb[i]);
    twice.push_back(mul_add{}(ha[i], hb[i]) * 2.0);
  }
  CHECK(cp::sum(k.lazy(a, b)).item() == Approx(total));
  const cp::ndarray<double> doubled = k.lazy(a, b) * 2.0;
  CHECK(host(doubled) == twice);
  const cp::ndarray<double> nested = k(a + 1.0, b); // expression operands fuse in as well
  std::vector<double> expected;
  for (std::size_t i = 0; i < ha.size(); ++i)
    expected.push_back(mul_add{}(ha[i] + 1.0, hb[i]));
  CHECK(host(nested) == expected);
}

TEST_CASE("functor kernels raise NumPy's broadcast error at the call", "[kernel][functor]") {
  auto k = cp::elementwise_kernel<float(float, float)>(mul_add{});
  const auto a = cp::zeros<float>({4, 3, 6});
  const auto b = cp::zeros<float>({4, 3, 9});
  CHECK_THROWS_WITH_WORDS((void)k(a, b), cp::value_error,
                          "operands could not be broadcast together with shapes (4,3,6) (4,3,9)");
  CHECK_THROWS_AS((void)k.lazy(a, b), cp::value_error);
}
