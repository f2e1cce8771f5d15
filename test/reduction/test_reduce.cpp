// sum / max / min over all elements against host loops: dtypes, sizes around block boundaries,
// views, expressions, NaN, empty inputs.
#include "common/testing.hpp"

#include <cupp/math/arithmetic.hpp>
#include <cupp/reduction/equal.hpp>
#include <cupp/reduction/reduce.hpp>

#include <cmath>
#include <numeric>

using namespace cupp_test;

TEMPLATE_LIST_TEST_CASE("sum, max and min over dtypes and sizes", "[reduction]", all_dtypes) {
  const auto n = GENERATE(as<std::int64_t>{}, 1, 2, 127, 128, 129, 4095, 4096, 65537, 1000003);
  const auto x = device_values<TestType>({n}, 4);
  const auto h = host(x);
  using R = cupp::sum_result_t<TestType>;
  R want_sum = 0;
  TestType want_max = h[0], want_min = h[0];
  for (std::size_t i = 0; i < h.size(); ++i) {
    if constexpr (std::is_same_v<TestType, bool>) {
      want_sum += h[i] ? 1 : 0;
    } else {
      want_sum = static_cast<R>(want_sum + static_cast<R>(h[i]));
    }
    // the values have no NaN: NumPy's order is `<` (lexicographic for complex)
    if (cupp::detail::order_less(want_max, h[i])) want_max = h[i];
    if (cupp::detail::order_less(h[i], want_min)) want_min = h[i];
  }
  const auto s = cupp::sum(x);
  STATIC_REQUIRE(std::is_same_v<decltype(s), const cupp::ndarray<R>>);
  CHECK(s.ndim() == 0);
  if constexpr (std::is_floating_point_v<TestType>) {
    // the test values are multiples of 1/8 below 2^20 in magnitude: every partial sum is exact
    CHECK(s.item() == want_sum);
  } else {
    CHECK(s.item() == want_sum);
  }
  CHECK(cupp::max(x).item() == want_max);
  CHECK(cupp::min(x).item() == want_min);
  CHECK(cupp::amax(x).item() == want_max);
  CHECK(cupp::amin(x).item() == want_min);
}

TEST_CASE("reductions of views and fused expressions", "[reduction]") {
  const auto m = cupp::arange<double>(12).reshape({3, 4});
  CHECK(cupp::sum(m.transpose()).item() == 66.0);
  CHECK(cupp::max(m.transpose()).item() == 11.0);
  const auto r = reversed(cupp::arange<std::int32_t>(1001));
  CHECK(cupp::sum(r).item() == 500500);
  CHECK(cupp::min(every(r, 7)).item() == 6); // 1000, 993, ..., 6
  CHECK(cupp::max(every(r, 7)).item() == 1000);
  const auto x = cupp::arange<float>(100);
  CHECK(cupp::sum(x * 2.0f + 1.0f).item() == 10000.0f);
  CHECK(cupp::max(cupp::abs(x - 60.0f)).item() == 60.0f);
  const auto col = cupp::arange<double>(4).reshape({4, 1});
  CHECK(cupp::sum(col + cupp::arange<double>(3)).item() == 30.0); // broadcast (4,3)
  CHECK(cupp::sum(cupp::full<float>({}, 2.5f)).item() == 2.5f);
}

TEST_CASE("float32 sums are tree-accurate", "[reduction][accuracy]") {
  const std::int64_t n = 1 << 22;
  const auto x = cupp::full<float>({n}, 0.1f);
  const double exact = static_cast<double>(n) * static_cast<double>(0.1f);
  // a sequential float32 loop is off by ~1e-2 relative here; NumPy's pairwise sum by ~1e-7
  CHECK(std::abs(cupp::sum(x).item() - exact) / exact < 1e-6);
}

TEST_CASE("NaN propagates through max and min", "[reduction]") {
  const auto a = cupp::asarray<double>({1.0, NAN, 3.0, -INFINITY});
  CHECK(std::isnan(cupp::max(a).item()));
  CHECK(std::isnan(cupp::min(a).item()));
  CHECK(std::isnan(cupp::sum(a).item()));
  const auto b = cupp::asarray<float>({-INFINITY, 2.0f, -1.0f});
  CHECK(cupp::max(b).item() == 2.0f);
  CHECK(cupp::min(b).item() == -INFINITY);
}

// np.array_equal / np.array_equiv, with NumPy's answers for each pair
TEST_CASE("array_equal and array_equiv", "[reduction]") {
  const auto a = cupp::asarray<double>({1.0, NAN, 3.0});
  const auto b = cupp::asarray<double>({1.0, NAN, 3.0});
  CHECK_FALSE(cupp::array_equal(a, b));
  CHECK(cupp::array_equal(a, b, true));
  CHECK_FALSE(cupp::array_equal(a, cupp::asarray<double>({1.0, NAN, 4.0}), true));
  const auto i = cupp::asarray<int>({1, 2, 3});
  CHECK(cupp::array_equal(i, cupp::asarray<double>({1.0, 2.0, 3.0})));
  CHECK(cupp::array_equal(i, i, true)); // equal_nan on integers: no NaN to compare
  CHECK_FALSE(cupp::array_equal(i, i.reshape({3, 1})));
  CHECK(cupp::array_equal(cupp::zeros<float>({0, 2}), cupp::zeros<int>({0, 2})));
  CHECK_FALSE(cupp::array_equal(cupp::zeros<float>({0, 2}), cupp::zeros<float>({2, 0})));
  const auto rows = cupp::asarray<int>({1, 2, 1, 2}).reshape({2, 2});
  CHECK(cupp::array_equiv(rows, cupp::asarray<int>({1, 2})));
  CHECK_FALSE(cupp::array_equiv(rows, cupp::asarray<int>({1, 3})));
  CHECK_FALSE(cupp::array_equiv(rows, i)); // shapes (2, 2) and (3,) do not broadcast
  CHECK(cupp::array_equiv(cupp::full<int>({3, 2}, 7), cupp::full<int>({}, 7)));
}

TEST_CASE("empty inputs behave as NumPy", "[reduction][errors]") {
  CHECK(cupp::sum(cupp::zeros<float>({0})).item() == 0.0f);
  CHECK(cupp::sum(cupp::zeros<std::int8_t>({3, 0})).item() == 0);
  CHECK_THROWS_WITH_WORDS((void)cupp::max(cupp::zeros<float>({0})), cupp::value_error,
                          "zero-size array to reduction operation maximum which has no identity");
  CHECK_THROWS_WITH_WORDS((void)cupp::min(cupp::zeros<int>({2, 0})), cupp::value_error,
                          "zero-size array to reduction operation minimum which has no identity");
}

// One engine: a reduction over every axis is the whole-array reduction (same kernels, same
// order, so equal bit for bit), and an expression reduced over axes (fused, no temporary) gives
// what reducing its evaluated array gives, in every layout the engine distinguishes.
TEST_CASE("the reduction engine: whole-array, axes and expressions agree", "[reduction][engine]") {
  // float32 values whose sums round: equality below holds only if the order is the same
  const auto x = cupp::linspace<float>(0.1, 7.3, 300001);
  CHECK(cupp::sum(x).item() == cupp::sum(x, cupp::all_axes).item());
  CHECK(cupp::sum(x).item() == cupp::sum(x, 0).item());
  CHECK(cupp::sum(x).item() == x.sum().item());
  const auto m = x(cupp::slice(0, 300000)).reshape({300, 1000});
  CHECK(cupp::sum(m).item() == cupp::sum(m, {0, 1}).item());
  CHECK(cupp::var(m).item() == cupp::var(m, {1, 0}).item());

  const auto a = cupp::arange<double>(2 * 3 * 4 * 5).reshape({2, 3, 4, 5});
  const auto b = cupp::linspace<double>(-1, 1, 5); // broadcast along the last axis
  const auto e = a * 2.0 - b;
  const cupp::ndarray<double> ev = e;
  const std::vector<cupp::axes> layouts = {
      cupp::axes(3),       // reduced innermost: rows
      cupp::axes(0),       // reduced outer: columns
      cupp::axes(1, 2),    // reduced in the middle: columns over two axes
      cupp::axes(0, 3),    // neither innermost: the evaluated copy
      cupp::axes(0, 1, 2), // everything but the last
      cupp::all_axes};
  for (const auto& ax : layouts) {
    CHECK(host(cupp::sum(e, ax)) == host(cupp::sum(ev, ax)));
    CHECK(host(cupp::max(e, ax)) == host(cupp::max(ev, ax)));
    CHECK(host(cupp::mean(e, ax, true)) == host(cupp::mean(ev, ax, true)));
    CHECK(host(cupp::count_nonzero(e, ax)) == host(cupp::count_nonzero(ev, ax)));
  }
  CHECK(host(cupp::argmin(e, 3)) == host(cupp::argmin(ev, 3)));
  CHECK(host(cupp::argmax(e, 0)) == host(cupp::argmax(ev, 0)));
  // without an axis: positions in the flattened (C-order) array, read in place or copied
  const auto t = (a - 50.0) * (a - 50.0);
  CHECK(cupp::argmin(t).item() == 50);
  CHECK(cupp::argmin(a.transpose() - 7.0).item() ==
        cupp::argmin(a.transpose().copy() - 7.0).item());
  CHECK(cupp::argmax(a.transpose()).item() == 119);
  CHECK(cupp::argmax(reversed(cupp::arange<float>(10))).item() == 0);
  // one run of any single stride, negative too, is read in place; two strides are copied
  const auto r = reversed(cupp::arange<std::int64_t>(100001));
  CHECK(cupp::sum(r).item() == 5000050000);
  CHECK(cupp::sum(every(r, 3)).item() == 1666716667); // 100000 + 99997 + ... + 1
  CHECK(cupp::max(a.transpose()).item() == 119.0);
  CHECK(host(cupp::sum(a.transpose(), {1, 2})) == host(cupp::sum(a, {1, 2}).transpose()));
}
