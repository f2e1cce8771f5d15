// tile, repeat, roll, rot90, triangles, diag, trace and grids against NumPy's results.
#include "common/testing.hpp"

#include <cupp/manipulation/matrix.hpp>
#include <cupp/manipulation/rearrange.hpp>
#include <cupp/reduction/trace.hpp>

using namespace cupp_test;

TEST_CASE("tile and repeat", "[manipulation]") {
  const auto a = cupp::asarray<int>({1, 2});
  CHECK(host(cupp::tile(a, {3})) == std::vector<int>{1, 2, 1, 2, 1, 2});
  const auto t = cupp::tile(a, {2, 2});
  CHECK(t.shape() == cupp::shape_t{2, 4});
  CHECK(host(t) == std::vector<int>{1, 2, 1, 2, 1, 2, 1, 2});
  const auto m = cupp::asarray<int>({{1, 2}, {3, 4}});
  CHECK(host(cupp::tile(m, {2, 1})) == std::vector<int>{1, 2, 3, 4, 1, 2, 3, 4});
  CHECK(host(cupp::tile(m, {1, 2})) == std::vector<int>{1, 2, 1, 2, 3, 4, 3, 4});
  CHECK(cupp::tile(m, {0}).shape() == cupp::shape_t{2, 0});
  CHECK(host(cupp::repeat(m, 2)) == std::vector<int>{1, 1, 2, 2, 3, 3, 4, 4});
  CHECK(host(cupp::repeat(m, 2, 0)) == std::vector<int>{1, 2, 1, 2, 3, 4, 3, 4});
  CHECK(host(cupp::repeat(m, 2, 1)) == std::vector<int>{1, 1, 2, 2, 3, 3, 4, 4});
  CHECK(host(cupp::repeat(m.transpose(), 2, -1)) == std::vector<int>{1, 1, 3, 3, 2, 2, 4, 4});
  CHECK_THROWS_AS((void)cupp::repeat(m, -1, 0), cupp::value_error);
}

TEST_CASE("roll and rot90", "[manipulation]") {
  const auto a = cupp::arange<int>(10);
  CHECK(host(cupp::roll(a, 2)) == std::vector<int>{8, 9, 0, 1, 2, 3, 4, 5, 6, 7});
  CHECK(host(cupp::roll(a, -12)) == std::vector<int>{2, 3, 4, 5, 6, 7, 8, 9, 0, 1});
  const auto m = cupp::arange<int>(6).reshape({2, 3});
  CHECK(host(cupp::roll(m, 1, 1)) == std::vector<int>{2, 0, 1, 5, 3, 4});
  CHECK(host(cupp::roll(m, 1)) == std::vector<int>{5, 0, 1, 2, 3, 4});
  // np.rot90(arange(6).reshape(2,3), k) for k = 1, 2, 3, -1
  CHECK(host(cupp::rot90(m)) == std::vector<int>{2, 5, 1, 4, 0, 3});
  CHECK(host(cupp::rot90(m, 2)) == std::vector<int>{5, 4, 3, 2, 1, 0});
  CHECK(host(cupp::rot90(m, 3)) == std::vector<int>{3, 0, 4, 1, 5, 2});
  CHECK(host(cupp::rot90(m, -1)) == host(cupp::rot90(m, 3)));
  CHECK(cupp::rot90(m).shape() == cupp::shape_t{3, 2});
  CHECK_THROWS_AS((void)cupp::rot90(m, 1, 1, 1), cupp::value_error);
}

TEMPLATE_LIST_TEST_CASE("tril, triu and tri", "[manipulation][matrix]", numeric_dtypes) {
  const auto m = cupp::arange<TestType>(1, 13).reshape({3, 4});
  CHECK(host(cupp::tril(m)) == std::vector<TestType>{1, 0, 0, 0, 5, 6, 0, 0, 9, 10, 11, 0});
  CHECK(host(cupp::triu(m, 1)) == std::vector<TestType>{0, 2, 3, 4, 0, 0, 7, 8, 0, 0, 0, 12});
  CHECK(host(cupp::tril(m, -1)) == std::vector<TestType>{0, 0, 0, 0, 5, 0, 0, 0, 9, 10, 0, 0});
  CHECK(host(cupp::triu(m.transpose())) ==
        std::vector<TestType>{1, 5, 9, 0, 6, 10, 0, 0, 11, 0, 0, 0});
  CHECK(host(cupp::tri<TestType>(2, 3)) == std::vector<TestType>{1, 0, 0, 1, 1, 0});
  const auto stacked = cupp::tril(cupp::ones<TestType>({2, 2, 2}));
  CHECK(host(stacked) == std::vector<TestType>{1, 0, 1, 1, 1, 0, 1, 1});
  CHECK_THROWS_AS((void)cupp::tril(cupp::arange<TestType>(3)), cupp::value_error);
}

TEST_CASE("diag, diagflat and trace", "[manipulation][matrix]") {
  const auto v = cupp::asarray<int>({1, 2});
  CHECK(host(cupp::diag(v)) == std::vector<int>{1, 0, 0, 2});
  CHECK(host(cupp::diag(v, 1)) == std::vector<int>{0, 1, 0, 0, 0, 2, 0, 0, 0});
  CHECK(host(cupp::diag(v, -1)) == std::vector<int>{0, 0, 0, 1, 0, 0, 0, 2, 0});
  const auto m = cupp::arange<int>(9).reshape({3, 3});
  CHECK(host(cupp::diag(m)) == std::vector<int>{0, 4, 8});
  CHECK(host(cupp::diag(m, -1)) == std::vector<int>{3, 7});
  CHECK(host(cupp::diagflat(cupp::asarray<int>({{1, 2}, {3, 4}}))) ==
        host(cupp::diag(cupp::asarray<int>({1, 2, 3, 4}))));
  CHECK(cupp::trace(m).item() == 12);
  CHECK(cupp::trace(m, 1).item() == 6);
  CHECK_THROWS_AS((void)cupp::diag(cupp::zeros<int>({2, 2, 2})), cupp::value_error);
}

TEST_CASE("meshgrid and indices", "[manipulation][grids]") {
  const auto x = cupp::asarray<double>({1, 2, 3});
  const auto y = cupp::asarray<double>({10, 20});
  const auto [X, Y] = cupp::meshgrid(x, y);
  CHECK(X.shape() == cupp::shape_t{2, 3});
  CHECK(host(X) == std::vector<double>{1, 2, 3, 1, 2, 3});
  CHECK(host(Y) == std::vector<double>{10, 10, 10, 20, 20, 20});
  const auto [I, J] = cupp::meshgrid(x, y, "ij");
  CHECK(I.shape() == cupp::shape_t{3, 2});
  CHECK(host(J) == std::vector<double>{10, 20, 10, 20, 10, 20});
  CHECK_THROWS_AS((void)cupp::meshgrid(x, y, "xz"), cupp::value_error);
  const auto ind = cupp::indices({2, 3});
  CHECK(ind.shape() == cupp::shape_t{2, 2, 3});
  CHECK(host(ind) == std::vector<std::int64_t>{0, 0, 0, 1, 1, 1, 0, 1, 2, 0, 1, 2});
}
