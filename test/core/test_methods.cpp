// NumPy's ndarray methods (issue 13): each against its free function (the same values exactly)
// and host references; a.sort() in place; a.reshape(2, 3, 4), a.T(); printing a shape.
#include "common/shapes.hpp"
#include "common/testing.hpp"

#include <cupp/expr/astype.hpp>
#include <cupp/indexing/mask.hpp>
#include <cupp/linalg/dot.hpp>
#include <cupp/manipulation/rearrange.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/math/compare.hpp>
#include <cupp/math/functions.hpp>
#include <cupp/reduction/reduce.hpp>
#include <cupp/reduction/scan.hpp>
#include <cupp/sorting/sort.hpp>

#include <algorithm>
#include <sstream>
#include <type_traits>

using namespace cupp_test;
namespace cp = cupp;

namespace {
std::string printed(const cp::shape_t& s) {
  std::ostringstream os;
  os << s;
  return os.str();
}
} // namespace

TEST_CASE("reduction and scan methods forward to the free functions", "[methods]") {
  const auto a = device_values<float>(S(2, 3, 4));
  check_same(a.sum(), cp::sum(a));
  check_same(a.sum(1), cp::sum(a, 1));
  check_same(a.sum({0, 2}, true), cp::sum(a, {0, 2}, true));
  check_same(a.sum({.axis = -1, .keepdims = true}), cp::sum(a, -1, true));
  check_same(a.sum<double>(), cp::sum<double>(a, cp::all_axes));
  check_same(a.sum<double>(0), cp::sum<double>(a, 0));
  check_same(a.prod(), cp::prod(a));
  check_same(a.prod(2), cp::prod(a, 2));
  check_same(a.prod({.axis = 1}), cp::prod(a, 1));
  check_same(a.max(), cp::max(a));
  check_same(a.max(1, true), cp::max(a, 1, true));
  check_same(a.max({.axis = {0, 1}}), cp::max(a, {0, 1}));
  check_same(a.min(), cp::min(a));
  check_same(a.min(0), cp::min(a, 0));
  check_same(a.min({.axis = 2}), cp::min(a, 2));
  check_same(a.argmax(), cp::argmax(a));
  check_same(a.argmax(1), cp::argmax(a, 1));
  check_same(a.argmax({.axis = 2, .keepdims = true}), cp::argmax(a, 2, true));
  check_same(a.argmin(), cp::argmin(a));
  check_same(a.argmin(0, true), cp::argmin(a, 0, true));
  check_same(a.argmin({.axis = 1}), cp::argmin(a, 1));
  check_same(a.mean(), cp::mean(a));
  check_same(a.mean({1, 2}), cp::mean(a, {1, 2}));
  check_same(a.mean({.axis = 0, .keepdims = true}), cp::mean(a, 0, true));
  check_same(a.var(), cp::var(a));
  check_same(a.var(1, 1), cp::var(a, 1, 1));
  check_same(a.var({.axis = 0, .ddof = 1}), cp::var(a, 0, 1));
  check_same(a.std(), cp::std(a));
  check_same(a.std(2, 0, true), cp::std(a, 2, 0, true));
  check_same(a.std({.ddof = 1}), cp::std(a, cp::all_axes, 1));
  const cp::ndarray<bool> pos = a > 0.0f;
  check_same(pos.any(), cp::any(pos));
  check_same(pos.any(1), cp::any(pos, 1));
  check_same(pos.any({.axis = 2}), cp::any(pos, 2));
  check_same(pos.all(), cp::all(pos));
  check_same(pos.all(0, true), cp::all(pos, 0, true));
  check_same(pos.all({.axis = 1}), cp::all(pos, 1));
  check_same(a.cumsum(), cp::cumsum(a));
  check_same(a.cumsum(1), cp::cumsum(a, 1));
  check_same(a.cumsum({.axis = 2}), cp::cumsum(a, 2));
  check_same(a.cumsum<double>(0), cp::cumsum<double>(a, 0));
  check_same(a.cumprod(), cp::cumprod(a));
  check_same(a.cumprod(2), cp::cumprod(a, 2));
  check_same(a.cumprod({.axis = 0}), cp::cumprod(a, 0));

  // host references: the total and the row sums of a (2, 3) int array
  const auto m = cp::asarray<int>({{1, -2, 3}, {4, 5, -6}});
  CHECK(m.sum().item() == 5);
  CHECK(host(m.sum(1)) == std::vector<std::int64_t>{2, 3});
  CHECK(host(m.max(0)) == std::vector<int>{4, 5, 3});
  CHECK(m.argmin().item() == 5);
  CHECK(m.mean().item() == Approx(5.0 / 6.0));
  CHECK(host(m.cumsum()) == std::vector<std::int64_t>{1, -1, 2, 6, 11, 5});
}

TEST_CASE("a.sort() sorts in place, a.argsort() returns positions", "[methods]") {
  const auto a = device_values<std::int16_t>(S(3, 5));
  cp::ndarray<std::int16_t> b = a.copy();
  b.sort(); // the last axis, as NumPy's a.sort()
  check_same(b, cp::sort(a));
  cp::ndarray<std::int16_t> c = a.copy();
  c.sort(0, "stable");
  check_same(c, cp::sort(a, 0));
  cp::ndarray<std::int16_t> d = a.copy();
  d.sort({.axis = 0, .kind = "heapsort"});
  check_same(d, cp::sort(a, 0));
  // a view sorts its part of the base
  cp::ndarray<std::int16_t> e = a.copy();
  e(1).sort();
  std::vector<std::int16_t> row = host(a(1).copy());
  std::sort(row.begin(), row.end());
  CHECK(host(e(1).copy()) == row);
  CHECK(host(e(0).copy()) == host(a(0).copy()));
  check_same(a.argsort(), cp::argsort(a));
  check_same(a.argsort(0, "mergesort"), cp::argsort(a, 0));
  check_same(a.argsort(cp::none), cp::argsort(a, cp::none));
  check_same(a.argsort({.axis = 0, .kind = "stable"}), cp::argsort(a, 0));
  CHECK_THROWS_WITH_WORDS(b.sort(-1, "bubble"), cp::value_error,
                          "sort kind must be one of 'quick', 'heap', or 'stable' (got 'bubble')");
  CHECK_THROWS_WITH_WORDS(b.sort({.axis = cp::none}), cp::type_error,
                          "'NoneType' object cannot be interpreted as an integer");
  CHECK_THROWS_AS(b.sort(2), cp::axis_error);
}

TEST_CASE("shape, conversion and elementwise methods", "[methods]") {
  const auto a = cp::arange<float>(24);
  const auto r = a.reshape(2, 3, 4);
  check_same(r, a.reshape({2, 3, 4}));
  check_same(a.reshape(4, -1), a.reshape({4, 6}));
  check_same(a.reshape(24), a.reshape({24}));
  CHECK_THROWS_WITH_WORDS(a.reshape(5, 5), cp::value_error,
                          "cannot reshape array of size 24 into shape (5, 5)");
  check_same(r.T(), r.transpose());
  CHECK(r.T().shape() == S(4, 3, 2));
  CHECK(r.T().data() == r.data()); // a view
  check_same(r.transpose(1, 0, 2), cp::transpose(r, {1, 0, 2}));
  CHECK_THROWS_AS(r.transpose(0, 1), cp::value_error);
  check_same(r.flatten(), cp::flatten(r));
  check_same(r.T().flatten(), cp::flatten(r.T()));
  check_same(r.ravel(), cp::ravel(r));
  CHECK(r.ravel().data() == r.data());
  const auto s = a.reshape(1, 24, 1);
  check_same(s.squeeze(), cp::squeeze(s));
  check_same(s.squeeze(2), cp::squeeze(s, 2));
  check_same(r.swapaxes(0, 2), cp::swapaxes(r, 0, 2));
  const auto small = cp::asarray<int>({{1, 2}, {3, 4}});
  check_same(small.repeat(2), cp::repeat(small, 2));
  check_same(small.repeat(3, 1), cp::repeat(small, 3, 1));
  CHECK_ARR(small.repeat(2, 0), S(4, 2), 1, 2, 1, 2, 3, 4, 3, 4);

  // astype, clip and round are arrays (NumPy's methods return arrays)
  const auto f = cp::asarray<double>({-1.55, 0.25, 2.5, 3.75});
  const cp::ndarray<std::int32_t> i = f.astype<std::int32_t>();
  CHECK(host(i) == std::vector<std::int32_t>{-1, 0, 2, 3});
  check_same(f.astype<float>(), cp::ndarray<float>(cp::astype<float>(f)));
  CHECK(f.astype<double>().data() != f.data()); // a copy, as NumPy's astype
  check_same(f.clip(0.0, 3.0), cp::ndarray<double>(cp::clip(f, 0.0, 3.0)));
  CHECK(host(f.clip(0.0, 3.0)) == std::vector<double>{0.0, 0.25, 2.5, 3.0});
  check_same(f.round(), cp::ndarray<double>(cp::round(f)));
  check_same(f.round(1), cp::ndarray<double>(cp::round(f, 1)));
  CHECK(host(f.round()) == std::vector<double>{-2.0, 0.0, 2.0, 4.0}); // half to even

  // nonzero, dot, fill, copy, item, tolist / get
  const auto z = cp::asarray<int>({{0, 3}, {5, 0}});
  const auto nz = z.nonzero();
  REQUIRE(nz.size() == 2);
  CHECK(host(nz[0]) == std::vector<cp::index_t>{0, 1});
  CHECK(host(nz[1]) == std::vector<cp::index_t>{1, 0});
  const auto m = cp::asarray<double>({{1, 2}, {3, 4}});
  check_same(m.dot(m), cp::dot(m, m));
  CHECK(host(m.dot(m)) == std::vector<double>{7, 10, 15, 22});
  cp::ndarray<int> w = cp::zeros<int>({3});
  w.fill(4);
  CHECK(w.tolist() == std::vector<int>{4, 4, 4});
  CHECK(w.tolist() == w.get());
  CHECK(w.copy().data() != w.data());
  CHECK(w(1).item() == 4);
}

TEST_CASE("a % b is NumPy's remainder and a %= b its in-place form", "[methods][math]") {
  // np.array([7, -7, 7, -7]) % np.array([3, 3, -3, -3]) = [1, 2, -2, -1] (the divisor's sign)
  const auto a = cp::asarray<int>({7, -7, 7, -7});
  const auto b = cp::asarray<int>({3, 3, -3, -3});
  CHECK(host(cp::ndarray<int>(a % b)) == std::vector<int>{1, 2, -2, -1});
  CHECK(host(cp::ndarray<int>(a % 3)) == std::vector<int>{1, 2, 1, 2});
  CHECK(host(cp::ndarray<int>(10 % b)) == std::vector<int>{1, 1, -2, -2});
  // np.fmod differs (the dividend's sign); floats: np.array([5.5, -5.5]) % 2 = [1.5, 0.5]
  const auto f = cp::asarray<double>({5.5, -5.5});
  CHECK(host(cp::ndarray<double>(f % 2.0)) == std::vector<double>{1.5, 0.5});
  CHECK(host(cp::ndarray<double>((f * 2.0) % 4.0)) == std::vector<double>{3.0, 1.0});
  cp::ndarray<int> c = a.copy();
  c %= 4;
  CHECK(host(c) == std::vector<int>{3, 1, 3, 1});
  cp::ndarray<int> d = cp::arange<int>(6);
  d(cp::asarray<int>({1, 5})) %= 3;
  CHECK(host(d) == std::vector<int>{0, 1, 2, 3, 4, 2});
}

TEST_CASE("a shape prints as NumPy's shape tuple", "[methods][io]") {
  CHECK(printed(cp::zeros<float>({2, 3}).shape()) == "(2, 3)");
  CHECK(printed(cp::zeros<float>({5}).shape()) == "(5,)");
  CHECK(printed(cp::zeros<float>({}).shape()) == "()");
  CHECK(printed(cp::zeros<float>({4, 0, 1}).shape()) == "(4, 0, 1)");
}
