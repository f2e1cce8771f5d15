// Creation routines against NumPy (fixtures) and obvious host loops.
#include "common/testing.hpp"

#include <cupp/creation.hpp>

#include <cmath>

using namespace cupp_test;

TEMPLATE_LIST_TEST_CASE("zeros, ones, full and the _like variants", "[creation]", all_dtypes) {
  const auto shape = GENERATE(cupp::shape_t{}, cupp::shape_t{0}, cupp::shape_t{1},
                              cupp::shape_t{7, 3}, cupp::shape_t{2, 0, 4}, cupp::shape_t{1025});
  const auto n = static_cast<std::size_t>(cupp::shape_size(shape));
  const auto z = cupp::zeros<TestType>(shape);
  CHECK(z.shape() == shape);
  CHECK(host(z) == std::vector<TestType>(n, TestType(0)));
  CHECK(host(cupp::ones<TestType>(shape)) == std::vector<TestType>(n, TestType(1)));
  const TestType v = value_at<TestType>(3);
  CHECK(host(cupp::full<TestType>(shape, v)) == std::vector<TestType>(n, v));
  CHECK(cupp::empty<TestType>(shape).shape() == shape);
  CHECK(host(cupp::ones_like(z)) == std::vector<TestType>(n, TestType(1)));
  CHECK(host(cupp::zeros_like(cupp::ones<TestType>(shape))) ==
        std::vector<TestType>(n, TestType(0)));
  CHECK(host(cupp::full_like(z, v)) == std::vector<TestType>(n, v));
  CHECK(cupp::empty_like(z).shape() == shape);
  const auto d = cupp::ones_like<double>(z);
  CHECK(host(d) == std::vector<double>(n, 1.0));
}

TEST_CASE("arange matches NumPy", "[creation][arange]"){
#define CUPP_ARANGE(T, START, STOP, STEP, LEN, VALUES)                                             \
  {                                                                                                \
    INFO(#T " arange(" #START ", " #STOP ", " #STEP ")");                                          \
    const auto a = cupp::arange<T>(START, STOP, STEP);                                             \
    REQUIRE(a.size() == LEN);                                                                      \
    const std::vector<T> expected VALUES;                                                          \
    const auto h = host(a);                                                                        \
    for (std::size_t i = 0; i < h.size(); ++i)                                                     \
      CHECK(h[i] == expected[i]);                                                                  \
  }
#include "fixtures/arange.inc"
#undef CUPP_ARANGE
}

TEST_CASE("arange defaults and errors", "[creation][arange]") {
  STATIC_REQUIRE(std::is_same_v<decltype(cupp::arange(5)), cupp::ndarray<std::int64_t>>);
  STATIC_REQUIRE(std::is_same_v<decltype(cupp::arange(0, 1.0, 0.5)), cupp::ndarray<double>>);
  CHECK(host(cupp::arange(4)) == std::vector<std::int64_t>{0, 1, 2, 3});
  CHECK(host(cupp::arange(-3)).empty());
  CHECK(host(cupp::arange<std::uint8_t>(250, 256, 2)) == std::vector<std::uint8_t>{250, 252, 254});
  CHECK_THROWS_WITH_WORDS(cupp::arange(0, 10, 0), cupp::value_error, "division by zero");
  CHECK_THROWS_WITH_WORDS(cupp::arange(0.0, 1e300, 1e-300), cupp::value_error,
                          "Maximum allowed size exceeded");
}

TEST_CASE("linspace matches NumPy", "[creation][linspace]") {
#define CUPP_LINSPACE(T, START, STOP, NUM, ENDPOINT, VALUES)                                       \
  {                                                                                                \
    INFO(#T " linspace(" #START ", " #STOP ", " #NUM ")");                                         \
    const auto a = cupp::linspace<T>(START, STOP, NUM, ENDPOINT);                                  \
    REQUIRE(a.size() == NUM);                                                                      \
    const std::vector<T> expected VALUES;                                                          \
    const auto h = host(a);                                                                        \
    for (std::size_t i = 0; i < h.size(); ++i)                                                     \
      CHECK(h[i] == expected[i]);                                                                  \
  }
#include "fixtures/linspace.inc"
#undef CUPP_LINSPACE
  CHECK_THROWS_WITH_WORDS(cupp::linspace(0, 1, -1), cupp::value_error, "Number of samples, -1",
                          "must be non-negative");
}

TEMPLATE_LIST_TEST_CASE("eye and identity", "[creation][eye]", all_dtypes) {
  const auto n = GENERATE(as<std::int64_t>{}, 0, 1, 3, 5);
  const auto m = GENERATE(as<std::int64_t>{}, -1, 0, 2, 6);
  const auto k = GENERATE(as<std::int64_t>{}, -2, 0, 1);
  const auto e = cupp::eye<TestType>(n, m, k);
  const auto cols = m < 0 ? n : m;
  REQUIRE(e.shape() == cupp::shape_t{n, cols});
  const auto h = host(e);
  for (std::int64_t r = 0; r < n; ++r)
    for (std::int64_t c = 0; c < cols; ++c)
      CHECK(h[static_cast<std::size_t>(r * cols + c)] == TestType(c - r == k ? 1 : 0));
  CHECK(host(cupp::identity<TestType>(2)) ==
        std::vector<TestType>{TestType(1), TestType(0), TestType(0), TestType(1)});
  CHECK_THROWS_AS(cupp::eye<TestType>(-1), cupp::value_error);
}
