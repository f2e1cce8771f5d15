// np.pad in every supported mode (including pads wider than the data), resize, delete, insert and
// vander, against values printed by NumPy 2.4.
#include "common/testing.hpp"

#include <cupp/manipulation/edit.hpp>
#include <cupp/manipulation/matrix.hpp>
#include <cupp/manipulation/pad.hpp>

using namespace cupp_test;

TEST_CASE("pad matches NumPy in every mode", "[manipulation][pad]") {
  const auto a = cupp::asarray<int>({1, 2, 3});
  using v = std::vector<int>;
  auto p = [&](cupp::index_t l, cupp::index_t r, const char* mode) {
    return host(cupp::pad(a, cupp::pad_widths{{l, r}}, mode));
  };
  CHECK(p(2, 3, "edge") == v{1, 1, 1, 2, 3, 3, 3, 3});
  CHECK(p(5, 7, "edge") == v{1, 1, 1, 1, 1, 1, 2, 3, 3, 3, 3, 3, 3, 3, 3});
  CHECK(p(0, 4, "edge") == v{1, 2, 3, 3, 3, 3, 3});
  CHECK(p(2, 3, "wrap") == v{2, 3, 1, 2, 3, 1, 2, 3});
  CHECK(p(5, 7, "wrap") == v{2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1});
  CHECK(p(0, 4, "wrap") == v{1, 2, 3, 1, 2, 3, 1});
  CHECK(p(2, 3, "reflect") == v{3, 2, 1, 2, 3, 2, 1, 2});
  CHECK(p(5, 7, "reflect") == v{2, 1, 2, 3, 2, 1, 2, 3, 2, 1, 2, 3, 2, 1, 2});
  CHECK(p(0, 4, "reflect") == v{1, 2, 3, 2, 1, 2, 3});
  CHECK(p(2, 3, "symmetric") == v{2, 1, 1, 2, 3, 3, 2, 1});
  CHECK(p(5, 7, "symmetric") == v{2, 3, 3, 2, 1, 1, 2, 3, 3, 2, 1, 1, 2, 3, 3});
  CHECK(p(0, 4, "symmetric") == v{1, 2, 3, 3, 2, 1, 1});
  CHECK(host(cupp::pad(cupp::asarray<int>({7}), cupp::pad_widths{{2, 1}}, "reflect")) ==
        v{7, 7, 7, 7});

  const auto m = cupp::arange<int>(6).reshape({2, 3});
  CHECK(
      host(cupp::pad(m, cupp::pad_widths{{1, 2}, {2, 1}}, "symmetric")) ==
      v{1, 0, 0, 1, 2, 2, 1, 0, 0, 1, 2, 2, 4, 3, 3, 4, 5, 5, 4, 3, 3, 4, 5, 5, 1, 0, 0, 1, 2, 2});
  CHECK(host(cupp::pad(m, cupp::pad_widths{{1, 1}, {4, 0}}, "reflect")) ==
        v{3, 4, 5, 4, 3, 4, 5, 0, 1, 2, 1, 0, 1, 2, 3, 4, 5, 4, 3, 4, 5, 0, 1, 2, 1, 0, 1, 2});
  CHECK(host(cupp::pad(m, cupp::pad_widths{{3, 0}, {1, 5}}, "wrap")) ==
        v{5, 3, 4, 5, 3, 4, 5, 3, 4, 2, 0, 1, 2, 0, 1, 2, 0, 1, 5, 3, 4, 5, 3,
          4, 5, 3, 4, 2, 0, 1, 2, 0, 1, 2, 0, 1, 5, 3, 4, 5, 3, 4, 5, 3, 4});
  CHECK(host(cupp::pad(m, 1, "constant", 9)) ==
        v{9, 9, 9, 9, 9, 9, 0, 1, 2, 9, 9, 3, 4, 5, 9, 9, 9, 9, 9, 9});
  CHECK(host(cupp::pad(m.transpose(), 0, "edge")) == host(m.transpose()));
}

TEST_CASE("pad errors", "[manipulation][pad][errors]") {
  const auto a = cupp::arange<float>(3);
  CHECK_THROWS_WITH_WORDS((void)cupp::pad(a, -1), cupp::value_error, "negative");
  CHECK_THROWS_WITH_WORDS((void)cupp::pad(a, 1, "mean"), cupp::value_error,
                          "'mean' is not supported");
  CHECK_THROWS_WITH_WORDS((void)cupp::pad(cupp::zeros<float>({0}), 1, "edge"), cupp::value_error,
                          "can't extend empty axis 0");
  CHECK(cupp::pad(cupp::zeros<float>({0}), 1).size() == 2); // constant extends an empty axis
  CHECK_THROWS_AS((void)cupp::pad(a, cupp::pad_widths{{1, 1}, {1, 1}}), cupp::value_error);
}

TEST_CASE("resize, delete, insert and vander", "[manipulation]") {
  using v = std::vector<int>;
  CHECK(host(cupp::resize(cupp::asarray<int>({1, 2, 3}), {2, 4})) == v{1, 2, 3, 1, 2, 3, 1, 2});
  CHECK(host(cupp::resize(cupp::zeros<int>({0}), {2})) == v{0, 0});
  const auto m = cupp::arange<int>(6).reshape({2, 3});
  CHECK(host(cupp::delete_(m, {1}, 1)) == v{0, 2, 3, 5});
  CHECK(host(cupp::delete_(cupp::arange<int>(6), {0, 2, 5, -1})) == v{1, 3, 4});
  CHECK(cupp::delete_(m, {0, 1}, 0).shape() == cupp::shape_t{0, 3});
  CHECK_THROWS_WITH_WORDS((void)cupp::delete_(m, {3}, 1), cupp::index_error,
                          "index 3 is out of bounds for axis 1 with size 3");
  CHECK(host(cupp::insert(m, 1, 9, 1)) == v{0, 9, 1, 2, 3, 9, 4, 5});
  CHECK(host(cupp::insert(cupp::arange<int>(4), 4, 7)) == v{0, 1, 2, 3, 7});
  CHECK(host(cupp::insert(cupp::arange<int>(4), -1, 7)) == v{0, 1, 2, 7, 3});
  CHECK_THROWS_AS((void)cupp::insert(cupp::arange<int>(4), 5, 7), cupp::index_error);
  CHECK(host(cupp::vander(cupp::asarray<int>({1, 2, 3}), 4)) ==
        v{1, 1, 1, 1, 8, 4, 2, 1, 27, 9, 3, 1});
  CHECK(host(cupp::vander(cupp::asarray<int>({1, 2, 3}), -1, true)) ==
        v{1, 1, 1, 1, 2, 4, 1, 3, 9});
  CHECK_THROWS_AS((void)cupp::vander(m), cupp::value_error);
}

TEST_CASE("insert blocks and several positions, delete by array or mask", "[manipulation]") {
  // expected values from NumPy 2
  const auto a = cupp::arange<int>(6).reshape({2, 3});
  const auto v = [](std::vector<int> x) { return cupp::asarray(x); };
  CHECK(host(cupp::insert(a, std::vector<cupp::index_t>{1, 0, 1}, v({7, 8, 9}), 1)) ==
        std::vector<int>{8, 0, 7, 9, 1, 2, 8, 3, 7, 9, 4, 5});
  CHECK(host(cupp::insert(a, 1, v({7, 8, 9}), 0)) == std::vector<int>{0, 1, 2, 7, 8, 9, 3, 4, 5});
  const auto col = cupp::insert(a, 1, v({7, 8}), 1);
  CHECK(col.shape() == cupp::shape_t{2, 4});
  CHECK(host(col) == std::vector<int>{0, 7, 1, 2, 3, 8, 4, 5});
  CHECK(host(cupp::insert(a, std::vector<cupp::index_t>{2, 2}, -1, 0)) ==
        std::vector<int>{0, 1, 2, 3, 4, 5, -1, -1, -1, -1, -1, -1});
  CHECK(host(cupp::insert(cupp::arange<int>(5), 2, v({10, 11, 12}))) ==
        std::vector<int>{0, 1, 10, 11, 12, 2, 3, 4});
  CHECK(host(cupp::insert(cupp::arange<int>(5), std::vector<cupp::index_t>{0, 5}, v({10, 11}))) ==
        std::vector<int>{10, 0, 1, 2, 3, 4, 11});
  CHECK_THROWS_WITH_WORDS((void)cupp::insert(a, std::vector<cupp::index_t>{4}, v({1}), 1),
                          cupp::index_error, "index 4 is out of bounds for axis 1 with size 3");
  CHECK(host(cupp::delete_(a, cupp::asarray<bool>({true, false, true}), 1)) ==
        std::vector<int>{1, 4});
  CHECK(host(cupp::delete_(a, cupp::asarray(std::vector<std::int64_t>{-1}), 0)) ==
        std::vector<int>{0, 1, 2});
  CHECK_THROWS_AS((void)cupp::delete_(a, cupp::asarray<bool>({true}), 1), cupp::value_error);
}
