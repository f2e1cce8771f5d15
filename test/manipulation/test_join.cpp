// Joining and splitting against NumPy's results, over dtypes, axes and empty inputs.
#include "common/testing.hpp"

#include <cupp/manipulation/edit.hpp>
#include <cupp/manipulation/join.hpp>

using namespace cupp_test;
using cupp::none;
using cupp::slice;

TEMPLATE_LIST_TEST_CASE("concatenate along every axis", "[manipulation][join]", numeric_dtypes) {
  const auto a = cupp::arange<TestType>(6).reshape({2, 3});
  const auto b = cupp::full<TestType>({2, 1}, TestType(9));
  const auto r = cupp::concatenate<TestType>({a, b}, 1);
  CHECK(r.shape() == cupp::shape_t{2, 4});
  CHECK(host(r) == std::vector<TestType>{0, 1, 2, 9, 3, 4, 5, 9});
  const auto c =
      cupp::concatenate<TestType>({a, a.transpose().transpose(), cupp::zeros<TestType>({0, 3})});
  CHECK(c.shape() == cupp::shape_t{4, 3});
  CHECK(host(c(slice(2, none))) == host(a));
  CHECK(host(cupp::concatenate<TestType>({cupp::flip(a, 1), a}, -1)) ==
        std::vector<TestType>{2, 1, 0, 0, 1, 2, 5, 4, 3, 3, 4, 5});
}

TEST_CASE("stack, vstack, hstack, dstack, column_stack and append", "[manipulation][join]") {
  const auto x = cupp::asarray<int>({1, 2, 3});
  const auto y = cupp::asarray<int>({4, 5, 6});
  CHECK(cupp::stack<int>({x, y}).shape() == cupp::shape_t{2, 3});
  const auto s1 = cupp::stack<int>({x, y}, 1);
  CHECK(host(s1) == std::vector<int>{1, 4, 2, 5, 3, 6});
  CHECK(host(cupp::vstack<int>({x, y})) == std::vector<int>{1, 2, 3, 4, 5, 6});
  CHECK(host(cupp::hstack<int>({x, y})) == std::vector<int>{1, 2, 3, 4, 5, 6});
  const auto m = cupp::vstack<int>({x, y});
  CHECK(cupp::hstack<int>({m, m}).shape() == cupp::shape_t{2, 6});
  CHECK(cupp::dstack<int>({x, y}).shape() == cupp::shape_t{1, 3, 2});
  CHECK(host(cupp::column_stack<int>({x, y})) == std::vector<int>{1, 4, 2, 5, 3, 6});
  CHECK(host(cupp::append(m, x)) == std::vector<int>{1, 2, 3, 4, 5, 6, 1, 2, 3});
  CHECK(cupp::append(m, m, 0).shape() == cupp::shape_t{4, 3});
}

TEST_CASE("joining errors read like NumPy", "[manipulation][join][errors]") {
  const auto a = cupp::zeros<float>({2, 3});
  CHECK_THROWS_WITH_WORDS((void)cupp::concatenate<float>({a, cupp::zeros<float>({2, 4})}),
                          cupp::value_error, "along dimension 1, the array at index 0 has size 3",
                          "the array at index 1 has size 4");
  CHECK_THROWS_WITH_WORDS((void)cupp::concatenate<float>({a, cupp::zeros<float>({3})}),
                          cupp::value_error, "must have same number of dimensions");
  CHECK_THROWS_WITH_WORDS((void)cupp::concatenate<float>({cupp::zeros<float>({})}),
                          cupp::value_error, "zero-dimensional arrays cannot be concatenated");
  CHECK_THROWS_AS((void)cupp::concatenate<float>({}), cupp::value_error);
  CHECK_THROWS_AS((void)cupp::concatenate<float>({a, a}, 2), cupp::axis_error);
  CHECK_THROWS_WITH_WORDS((void)cupp::stack<float>({a, a.transpose()}), cupp::value_error,
                          "must have the same shape");
}

TEST_CASE("split and array_split give views", "[manipulation][split]") {
  const auto a = cupp::arange<int>(10);
  const auto parts = cupp::array_split(a, 3);
  REQUIRE(parts.size() == 3);
  CHECK(host(parts[0]) == std::vector<int>{0, 1, 2, 3});
  CHECK(host(parts[1]) == std::vector<int>{4, 5, 6});
  CHECK(host(parts[2]) == std::vector<int>{7, 8, 9});
  CHECK(parts[1].data() == a.data() + 4);
  const auto cut = cupp::split(a, std::vector<cupp::index_t>{2, 5, 20});
  REQUIRE(cut.size() == 4);
  CHECK(host(cut[1]) == std::vector<int>{2, 3, 4});
  CHECK(host(cut[2]) == std::vector<int>{5, 6, 7, 8, 9});
  CHECK(cut[3].size() == 0);
  CHECK_THROWS_WITH_WORDS((void)cupp::split(a, 3), cupp::value_error,
                          "array split does not result in an equal division");
  const auto m = cupp::arange<int>(16).reshape({4, 4});
  CHECK(host(cupp::hsplit(m, 2)[1](0)) == std::vector<int>{2, 3});
  CHECK(host(cupp::vsplit(m, 2)[1](0)) == std::vector<int>{8, 9, 10, 11});
  CHECK(cupp::dsplit(cupp::zeros<int>({1, 1, 4}), 4).size() == 4);
  CHECK_THROWS_AS((void)cupp::vsplit(a, 2), cupp::value_error);
  CHECK(cupp::array_split(a, 12).back().size() == 0);
}
