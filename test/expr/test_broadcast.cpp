// Broadcasting, in-place writes through views, and the lifetime of lazy expressions.
#include "common/testing.hpp"

#include <cupp/expr/evaluate.hpp>
#include <cupp/math/arithmetic.hpp>
#include <cupp/math/functions.hpp>

#include <functional>

using namespace cupp_test;

TEST_CASE("broadcasting combinations match a host loop", "[math][broadcast]") {
  using case_t = std::tuple<cupp::shape_t, cupp::shape_t, cupp::shape_t>;
  const auto c = GENERATE(case_t{{3, 4}, {4}, {3, 4}}, case_t{{3, 1}, {1, 4}, {3, 4}},
                          case_t{{2, 3, 4}, {3, 1}, {2, 3, 4}}, case_t{{}, {5}, {5}},
                          case_t{{5, 1, 3}, {1, 7, 1}, {5, 7, 3}}, case_t{{0, 3}, {3}, {0, 3}},
                          case_t{{1}, {1}, {1}}, case_t{{4, 1}, {0}, {4, 0}},
                          case_t{{2, 1, 2, 1, 2}, {2, 1, 2, 1}, {2, 2, 2, 2, 2}},
                          case_t{{257, 3}, {257, 1}, {257, 3}});
  const auto& [sa, sb, so] = c;
  const auto a = device_values<double>(sa, 1);
  const auto b = device_values<double>(sb, 9);
  const auto got = cupp::ndarray<double>(a + b);
  CHECK(got.shape() == so);
  CHECK(host(got) == host_broadcast<double>(std::plus<>{}, host(a), sa, host(b), sb, so));
  const auto swapped = cupp::ndarray<double>(b + a);
  CHECK(swapped.shape() == so);
}

TEST_CASE("transposed and broadcast operands together", "[math][broadcast]") {
  const auto m = cupp::arange<double>(12).reshape({3, 4});
  const auto t = m.transpose(); // (4, 3), strided
  const auto row = cupp::asarray<double>({100, 200, 300});
  const auto r = host(cupp::ndarray<double>(t + row));
  std::vector<double> want;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 3; ++j)
      want.push_back((j * 4 + i) + 100.0 * (j + 1));
  CHECK(r == want);
  // a longer fused expression with mixed layouts
  const auto e = cupp::ndarray<double>(cupp::sqrt(t * t + row * 0.0) - t);
  CHECK(host(cupp::ndarray<double>(cupp::abs(e))) == std::vector<double>(12, 0.0));
}

TEST_CASE("incompatible shapes raise NumPy's broadcast error at the operation",
          "[math][broadcast][errors]") {
  const auto a = cupp::zeros<float>({4, 3, 6});
  const auto b = cupp::zeros<float>({4, 3, 9});
  CHECK_THROWS_WITH_WORDS((void)(a + b), cupp::value_error,
                          "operands could not be broadcast together with shapes (4,3,6) (4,3,9)");
  CHECK_THROWS_WITH_WORDS((void)(cupp::zeros<int>({3}) * cupp::zeros<int>({4})), cupp::value_error,
                          "shapes (3,) (4,)");
  CHECK_THROWS_AS((void)(cupp::sqrt(a + 1.0f) * b), cupp::value_error);
}

TEST_CASE("assign and compound assignment write in place through views", "[math][broadcast]") {
  auto m = cupp::zeros<int>({3, 4});
  m.assign(cupp::arange<int>(4)); // broadcast a row
  CHECK(host(m) == std::vector<int>{0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3});
  auto t = m.transpose();
  t += 10; // through a strided view
  CHECK(host(m)[0] == 10);
  CHECK(host(m)[11] == 13);
  t *= cupp::asarray<int>({1, 2, 3}); // (4,3) * (3,) : row i of m times i+1
  CHECK(host(m) == std::vector<int>{10, 11, 12, 13, 20, 22, 24, 26, 30, 33, 36, 39});
  auto f = cupp::ones<double>({4});
  f /= 4;
  f -= cupp::full<double>({}, 0.25);
  CHECK(host(f) == std::vector<double>(4, 0.0));
  auto r = reversed(cupp::arange<double>(4));
  r.assign(cupp::arange<double>(4) * 2.0);
  CHECK(host(r) == std::vector<double>{0, 2, 4, 6});
  m.assign(7.9); // scalars convert (unsafe casting, as a[...] = 7.9)
  CHECK(host(m) == std::vector<int>(12, 7));
  CHECK_THROWS_WITH_WORDS(m.assign(cupp::zeros<int>({3})), cupp::value_error,
                          "could not broadcast input array from shape (3,) into shape (3, 4)");
  CHECK_THROWS_AS(m.assign(cupp::zeros<int>({2, 3, 4})), cupp::value_error);
}

TEST_CASE("lazy expressions keep their operands alive", "[math][expr]") {
  auto make = [] {
    auto x = cupp::arange<float>(5);
    return x * x + 1.0f; // x goes out of scope; the expression holds a handle to its storage
  };
  const auto e = make();
  STATIC_REQUIRE(cupp::expr::traits<std::decay_t<decltype(e)>>::is_node);
  CHECK(host(cupp::evaluate(e)) == std::vector<float>{1, 2, 5, 10, 17});
  // evaluating twice gives the same result; evaluation happens at assignment
  auto a = cupp::arange<float>(3);
  const auto lazy = a * 2.0f;
  cupp::ndarray<float> first = lazy;
  a.fill(1.0f);
  cupp::ndarray<float> second = lazy;
  CHECK(host(first) == std::vector<float>{0, 2, 4});
  CHECK(host(second) == std::vector<float>{2, 2, 2});
}
