// Host <-> device transfer: asarray from host containers and pointers, copies back.
#include "common/testing.hpp"

#include <cupp/creation.hpp>

using namespace cupp_test;

TEMPLATE_LIST_TEST_CASE("asarray round-trips host data", "[creation][transfer]", numeric_dtypes) {
  const auto n = GENERATE(as<std::int64_t>{}, 0, 1, 17, 4096, 100001);
  const auto v = host_values<TestType>(n);
  const auto a = cupp::asarray(v);
  CHECK(a.shape() == cupp::shape_t{n});
  CHECK(host(a) == v);
  CHECK(cupp::asnumpy(a) == v);
  if (n == 4096) {
    const auto m = cupp::asarray(v.data(), {64, 64});
    CHECK(m.shape() == cupp::shape_t{64, 64});
    std::vector<TestType> back(4096);
    m.get(back.data());
    CHECK(back == v);
  }
}

TEST_CASE("asarray from braced lists", "[creation][transfer]") {
  const auto a = cupp::asarray({1.5f, 2.5f});
  STATIC_REQUIRE(std::is_same_v<decltype(a), const cupp::ndarray<float>>);
  CHECK(host(a) == std::vector<float>{1.5f, 2.5f});
  const auto m = cupp::asarray<int>({{1, 2, 3}, {4, 5, 6}});
  CHECK(m.shape() == cupp::shape_t{2, 3});
  CHECK(host(m) == std::vector<int>{1, 2, 3, 4, 5, 6});
  const auto b = cupp::array({true, false});
  CHECK(host(b) == std::vector<bool>{true, false});
  CHECK(cupp::asarray(std::vector<double>{}).size() == 0);
  CHECK_THROWS_WITH_WORDS((cupp::asarray<int>({{1, 2}, {3}})), cupp::value_error,
                          "inhomogeneous shape");
}
