// Shape manipulation views against NumPy's results (values written out from NumPy) and errors.
#include "common/testing.hpp"

#include <cupp/manipulation/views.hpp>

using namespace cupp_test;
using cupp::none;
using cupp::slice;

TEST_CASE("transpose, swapaxes and moveaxis permute axes as views", "[manipulation]") {
  const auto a = cupp::arange<int>(24).reshape({2, 3, 4});
  const auto t = cupp::transpose(a, {1, 0, 2});
  CHECK(t.shape() == cupp::shape_t{3, 2, 4});
  CHECK(t.data() == a.data());
  CHECK(host(t(0)) == std::vector<int>{0, 1, 2, 3, 12, 13, 14, 15});
  CHECK(cupp::permute_dims(a, {-1, 0, 1}).shape() == cupp::shape_t{4, 2, 3});
  CHECK(host(cupp::swapaxes(a, 0, -1)(slice(), 0, 0)) == std::vector<int>{0, 1, 2, 3});
  CHECK(cupp::moveaxis(a, 0, -1).shape() == cupp::shape_t{3, 4, 2});
  CHECK(host(cupp::moveaxis(a, 0, -1)(0, 1)) == std::vector<int>{1, 13});
  CHECK(cupp::moveaxis(a, -1, 0).shape() == cupp::shape_t{4, 2, 3});
  CHECK_THROWS_WITH_WORDS((void)cupp::transpose(a, {0, 1}), cupp::value_error,
                          "axes don't match array");
  CHECK_THROWS_WITH_WORDS((void)cupp::transpose(a, {0, 1, 1}), cupp::value_error, "repeated axis");
  CHECK_THROWS_WITH_WORDS((void)cupp::swapaxes(a, 0, 3), cupp::axis_error,
                          "axis 3 is out of bounds for array of dimension 3");
}

TEST_CASE("squeeze, expand_dims and atleast_Nd", "[manipulation]") {
  const auto a = cupp::arange<float>(6).reshape({1, 2, 1, 3});
  CHECK(cupp::squeeze(a).shape() == cupp::shape_t{2, 3});
  CHECK(cupp::squeeze(a, -2).shape() == cupp::shape_t{1, 2, 3});
  CHECK_THROWS_WITH_WORDS((void)cupp::squeeze(a, 1), cupp::value_error,
                          "cannot select an axis to squeeze out which has size not equal to one");
  const auto v = cupp::arange<float>(3);
  CHECK(cupp::expand_dims(v, 0).shape() == cupp::shape_t{1, 3});
  CHECK(cupp::expand_dims(v, -1).shape() == cupp::shape_t{3, 1});
  CHECK(host(cupp::expand_dims(v, 1)) == host(v));
  CHECK_THROWS_AS((void)cupp::expand_dims(v, 3), cupp::axis_error);
  const auto s = cupp::full<float>({}, 1.f);
  CHECK(cupp::atleast_1d(s).shape() == cupp::shape_t{1});
  CHECK(cupp::atleast_2d(v).shape() == cupp::shape_t{1, 3});
  CHECK(cupp::atleast_3d(v).shape() == cupp::shape_t{1, 3, 1});
  CHECK(cupp::atleast_3d(cupp::zeros<float>({2, 3})).shape() == cupp::shape_t{2, 3, 1});
  CHECK(cupp::atleast_3d(s).shape() == cupp::shape_t{1, 1, 1});
}

TEST_CASE("broadcast_to and broadcast_arrays give stride-0 views", "[manipulation]") {
  const auto row = cupp::arange<int>(3);
  const auto b = cupp::broadcast_to(row, {2, 3});
  CHECK(b.strides() == cupp::shape_t{0, 1});
  CHECK(host(b) == std::vector<int>{0, 1, 2, 0, 1, 2});
  const auto col = cupp::arange<int>(2).reshape({2, 1});
  const auto [x, y] = cupp::broadcast_arrays(col, row);
  CHECK(host(x) == std::vector<int>{0, 0, 0, 1, 1, 1});
  CHECK(host(y) == std::vector<int>{0, 1, 2, 0, 1, 2});
  CHECK_THROWS_WITH_WORDS((void)cupp::broadcast_to(row, {2, 4}), cupp::value_error,
                          "(3,) and requested shape (2,4)");
  CHECK_THROWS_AS((void)cupp::broadcast_to(col, {2}), cupp::value_error);
  CHECK_THROWS_AS((void)cupp::broadcast_arrays(row, cupp::zeros<int>({4})), cupp::value_error);
}

TEST_CASE("flip, fliplr, flipud and diagonal", "[manipulation]") {
  const auto m = cupp::arange<int>(6).reshape({2, 3});
  CHECK(host(cupp::flip(m)) == std::vector<int>{5, 4, 3, 2, 1, 0});
  CHECK(host(cupp::fliplr(m)) == std::vector<int>{2, 1, 0, 5, 4, 3});
  CHECK(host(cupp::flipud(m)) == std::vector<int>{3, 4, 5, 0, 1, 2});
  CHECK(host(cupp::flip(cupp::flip(m, 1), -1)) == host(m));
  CHECK(cupp::flip(cupp::zeros<int>({0})).size() == 0);
  CHECK_THROWS_WITH_WORDS((void)cupp::fliplr(cupp::arange<int>(3)), cupp::value_error, ">= 2-d");
  const auto sq = cupp::arange<int>(12).reshape({3, 4});
  CHECK(host(cupp::diagonal(sq)) == std::vector<int>{0, 5, 10});
  CHECK(host(cupp::diagonal(sq, 1)) == std::vector<int>{1, 6, 11});
  CHECK(host(cupp::diagonal(sq, -1)) == std::vector<int>{4, 9});
  CHECK(cupp::diagonal(sq, 5).size() == 0);
  const auto cube = cupp::arange<int>(8).reshape({2, 2, 2});
  CHECK(host(cupp::diagonal(cube, 0, 1, 2)) == std::vector<int>{0, 3, 4, 7}); // shape (2, 2)
  auto w = cupp::zeros<int>({3, 3});
  cupp::diagonal(w).fill(1); // writable view
  CHECK(host(w) == host(cupp::eye<int>(3)));
  CHECK_THROWS_AS((void)cupp::diagonal(cupp::arange<int>(3)), cupp::value_error);
  CHECK_THROWS_WITH_WORDS((void)cupp::diagonal(sq, 0, 1, 1), cupp::value_error,
                          "cannot be the same");
}

TEST_CASE("ravel is a view when it can be; flatten and the layout conversions copy",
          "[manipulation]") {
  const auto m = cupp::arange<double>(6).reshape({2, 3});
  CHECK(cupp::ravel(m).data() == m.data());
  const auto rt = cupp::ravel(m.transpose());
  CHECK(rt.data() != m.data());
  CHECK(host(rt) == std::vector<double>{0, 3, 1, 4, 2, 5});
  CHECK(cupp::flatten(m).data() != m.data());
  CHECK(cupp::ascontiguousarray(m).data() == m.data());
  const auto c = cupp::ascontiguousarray(m.transpose());
  CHECK(c.is_c_contiguous());
  CHECK(host(c) == std::vector<double>{0, 3, 1, 4, 2, 5});
  CHECK(cupp::ascontiguousarray(cupp::full<double>({}, 1.0)).shape() == cupp::shape_t{1});
  const auto f = cupp::asfortranarray(m);
  CHECK(f.is_f_contiguous());
  CHECK(f.shape() == m.shape());
  CHECK(host(f) == host(m)); // same values in C order
  CHECK(cupp::asfortranarray(m.transpose()).data() == m.data());
}
