// take, put, take_along_axis, put_along_axis, add_at and choose against NumPy 2.4's results for
// the same inputs (pasted as literals) or an obvious host loop, including index_mode wrap/clip and
// the out-of-bounds errors raised at the next sync point.
#include "common/shapes.hpp"
#include "common/testing.hpp"
#include "indexing/index_arrays.hpp"

#include <cupp/indexing/take.hpp>
#include <cupp/math/arithmetic.hpp>

using namespace cupp_test;
using cupp::index_mode;
using cupp::slice;
using i64 = std::int64_t;

TEST_CASE("take, flat and along an axis, in every index_mode", "[indexing][take]") {
  const auto x = cupp::arange<int>(12).reshape({3, 4});
  CHECK_ARR(cupp::take(x, ix({{0, 11}, {-1, 5}})), S(2, 2), 0, 11, 11, 5);
  CHECK_ARR(cupp::take(x, ix({2, 0, -1}), 1), S(3, 3), 2, 0, 3, 6, 4, 7, 10, 8, 11);
  CHECK_ARR(cupp::take(x, ix({3, 1}).reshape({2, 1}), -1), S(3, 2, 1), 3, 1, 7, 5, 11, 9);
  CHECK_ARR(cupp::take(x, ix({{2, 2}, {0, 1}}), 0), S(2, 2, 4), 8, 9, 10, 11, 8, 9, 10, 11, 0, 1, 2,
            3, 4, 5, 6, 7);
  CHECK_ARR(cupp::take(cupp::arange<int>(24).reshape({2, 3, 4}), ix({2, 0}), 1), S(2, 2, 4), 8, 9,
            10, 11, 0, 1, 2, 3, 20, 21, 22, 23, 12, 13, 14, 15);
  CHECK_ARR(cupp::take(x.transpose(), ix({1, 5, 11})), S(3), 4, 9, 11);
  CHECK_ARR(cupp::take(x, cupp::zeros<i64>({0}), 1), S(3, 0));
  CHECK_ARR(cupp::take(x, cupp::full<i64>({}, 7)), S(), 7); // a 0-d index gives a 0-d result
  const cupp::ndarray<int> a5 = cupp::arange<int>(5) * 10;
  const auto bad = ix({-7, -1, 5, 12, 3});
  CHECK_ARR(cupp::take(a5, bad, index_mode::wrap), S(5), 30, 40, 0, 20, 30);
  CHECK_ARR(cupp::take(a5, bad, index_mode::clip), S(5), 0, 0, 40, 40, 30); // clip: -1 -> 0
  CHECK_ARR(cupp::take(x, ix({4, -5, 9}), 1, index_mode::wrap), S(3, 3), 0, 3, 1, 4, 7, 5, 8, 11,
            9);
  CHECK_ARR(cupp::take(x, ix({-1, 3, 1}), 0, index_mode::clip), S(3, 4), 0, 1, 2, 3, 8, 9, 10, 11,
            4, 5, 6, 7);
  CHECK_ARR(cupp::take(x, cupp::asarray<std::uint8_t>({3, 0}), 1), S(3, 2), 3, 0, 7, 4, 11, 8);
  CHECK_ARR(cupp::take(x, cupp::asarray<std::int32_t>({-3}), 0), S(1, 4), 0, 1, 2, 3);
  CHECK_THROWS_WITH_WORDS((void)cupp::take(x, ix({0}), 2), cupp::axis_error,
                          "axis 2 is out of bounds for array of dimension 2");
}

TEMPLATE_LIST_TEST_CASE("take and put for every dtype and size", "[indexing][take]", all_dtypes) {
  using T = TestType;
  for (i64 n : {1, 9, 100003}) {
    INFO("n=" << n);
    const auto a = device_values<T>(S(n));
    const auto hv = host_values<T>(n);
    std::vector<i64> idx;
    for (i64 i = 0; i < std::min<i64>(n, 2000); ++i)
      idx.push_back(i % 2 ? (i * 31) % n : -1 - (i * 17) % n);
    std::vector<T> expect;
    for (i64 i : idx)
      expect.push_back(hv[static_cast<std::size_t>(i < 0 ? i + n : i)]);
    CHECK(host(cupp::take(a, cupp::asarray(idx))) == expect);
    CHECK(host(cupp::take(a, cupp::asarray(idx), index_mode::wrap)) == expect);
    // put: distinct positions 0, 2, 4, ... (the even ones given negatively) from a shorter v
    auto b = cupp::zeros<T>(S(n));
    std::vector<i64> pos;
    for (i64 i = 0; i < n && i < 5000; i += 2)
      pos.push_back(i % 4 ? i - n : i);
    cupp::put(b, cupp::asarray(pos), device_values<T>(S(3), 40));
    std::vector<T> want(static_cast<std::size_t>(n), T(0));
    for (std::size_t k = 0; k < pos.size(); ++k)
      want[static_cast<std::size_t>(pos[k] < 0 ? pos[k] + n : pos[k])] =
          value_at<T>(40 + static_cast<i64>(k % 3));
    CHECK(host(b) == want);
  }
}

TEST_CASE("put cycles its values and honours index_mode", "[indexing][take]") {
  using v = std::vector<int>;
  auto y = cupp::arange<int>(6);
  cupp::put(y, ix({0, -1, 2}), cupp::asarray<int>({10, 20}));
  CHECK(host(y) == v{10, 1, 10, 3, 4, 20});
  y = cupp::arange<int>(6);
  // no index repeats after wrapping: which of two writes to one place wins is unspecified on GPUs
  cupp::put(y, ix({7, -8, 0}), cupp::asarray<int>({10, 20, 30}), index_mode::wrap);
  CHECK(host(y) == v{30, 10, 2, 3, 20, 5});
  y = cupp::arange<int>(6);
  cupp::put(y, ix({7, -8, 3}), cupp::asarray<int>({10, 20, 30}), index_mode::clip);
  CHECK(host(y) == v{20, 1, 2, 30, 4, 10});
  y = cupp::arange<int>(6);
  cupp::put(y, ix({{1, 4}}), 9);
  CHECK(host(y) == v{0, 9, 2, 3, 9, 5});
  auto z = cupp::arange<int>(12).reshape({3, 4});
  cupp::put(z.transpose(), ix({1, 5, 11}), cupp::asarray<int>({-1, -2, -3})); // C order of the view
  CHECK(host(z) == v{0, 1, 2, 3, -1, 5, 6, 7, 8, -2, 10, -3});
  auto c = cupp::arange<int>(6);
  cupp::put(reversed(c), ix({0, 1, -1}), cupp::asarray<int>({-1, -2, -3})); // a negative stride
  CHECK(host(c) == v{-3, 1, 2, 3, -2, -1});
  cupp::put(y, cupp::zeros<i64>({0}), cupp::zeros<int>({0})); // nothing to put: fine
  CHECK_THROWS_WITH_WORDS(cupp::put(y, ix({0}), cupp::zeros<int>({0})), cupp::value_error, "empty");
  CHECK(host(y) == v{0, 9, 2, 3, 9, 5});
}

TEST_CASE("take_along_axis and put_along_axis with argsort/argmax indices", "[indexing][take]") {
  const auto a = cupp::asarray<int>({{10, 30, 20}, {60, 40, 50}});
  // np.argsort(a, axis=1), np.argsort(a, axis=0), np.argmax(a, axis=1)[:, None]
  CHECK_ARR(cupp::take_along_axis(a, ix({{0, 2, 1}, {1, 2, 0}}), 1), S(2, 3), 10, 20, 30, 40, 50,
            60);
  CHECK_ARR(cupp::take_along_axis(a, ix({{0, 0, 0}, {1, 1, 1}}), 0), S(2, 3), 10, 30, 20, 60, 40,
            50);
  CHECK_ARR(cupp::take_along_axis(a, ix({1, 0}).reshape({2, 1}), 1), S(2, 1), 30, 60);
  CHECK_ARR(cupp::take_along_axis(a, ix({{2, 0}}), 1), S(2, 2), 20, 10, 50, 60); // broadcast rows
  CHECK_ARR(cupp::take_along_axis(a, ix({-1, -3}).reshape({2, 1}), -1), S(2, 1), 20, 60);
  // b3 = (arange(24) * 7 % 11).reshape(2, 3, 4); i3 = argsort(b3, axis=1, kind="stable")
  const auto b3 =
      cupp::asarray<int>({0, 7, 3, 10, 6, 2, 9, 5, 1, 8, 4, 0, 7, 3, 10, 6, 2, 9, 5, 1, 8, 4, 0, 7})
          .reshape({2, 3, 4});
  const auto i3 = cupp::asarray<std::int32_t>(
                      {0, 1, 0, 2, 2, 0, 2, 1, 1, 2, 1, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 2})
                      .reshape({2, 3, 4});
  CHECK_ARR(cupp::take_along_axis(b3, i3, 1), S(2, 3, 4), 0, 2, 3, 0, 1, 7, 4, 5, 6, 8, 9, 10, 2, 3,
            0, 1, 7, 4, 5, 6, 8, 9, 10, 7);
  CHECK_THROWS_WITH_WORDS((void)cupp::take_along_axis(a, ix({0, 1}), 1), cupp::value_error,
                          "`indices` and `arr` must have the same number of dimensions");
  CHECK_THROWS_AS((void)cupp::take_along_axis(a, ix({0}).reshape({1, 1}), 2), cupp::axis_error);

  auto c = a.copy();
  cupp::put_along_axis(c, ix({1, 0}).reshape({2, 1}), 99, 1);
  CHECK(host(c) == std::vector<int>{10, 99, 20, 99, 40, 50});
  c = a.copy();
  cupp::put_along_axis(c, ix({{0, 2}, {1, 2}}), cupp::asarray<int>({{1, 2}, {3, 4}}), 1);
  CHECK(host(c) == std::vector<int>{1, 30, 2, 60, 3, 4});
  c = a.copy();
  cupp::put_along_axis(c, ix({{1, 0, 1}}), cupp::asarray<int>({{-1, -2, -3}}), 0);
  CHECK(host(c) == std::vector<int>{10, -2, 20, -1, 40, -3});
}

TEMPLATE_TEST_CASE("add_at adds once per occurrence of an index", "[indexing][take]", std::int8_t,
                   std::int16_t, std::int32_t, std::int64_t, std::uint8_t, float, double, bool) {
  using T = TestType;
  // np.add.at(np.zeros(5, dtype), [0, 0, 2, 4, 4, 4, -1], 1)
  auto z = cupp::zeros<T>({5});
  cupp::add_at(z, T(1), ix({0, 0, 2, 4, 4, 4, -1}));
  if constexpr (std::is_same_v<T, bool>) {
    CHECK(host(z) == std::vector<bool>{true, false, true, false, true}); // logical or
  } else {
    CHECK(host(z) == std::vector<T>{2, 0, 1, 0, 4});
  }
  // np.add.at(np.zeros(5, dtype), [3, 3, 1, -2], np.array([1, 2, 3, 0]).astype(dtype))
  z = cupp::zeros<T>({5});
  cupp::add_at(z, cupp::asarray<T>({T(1), T(2), T(3), T(0)}), ix({3, 3, 1, -2}));
  if constexpr (std::is_same_v<T, bool>) {
    CHECK(host(z) == std::vector<bool>{false, true, false, true, false});
  } else {
    CHECK(host(z) == std::vector<T>{0, 3, 0, 3, 0});
  }
  // many collisions on one element: 3000 adds of 1 (int8/uint8 wrap modulo 256, as NumPy's)
  z = cupp::zeros<T>({3});
  cupp::add_at(z, T(1), cupp::ones<i64>({3000}));
  T expect = T(0);
  for (int k = 0; k < 3000; ++k)
    expect = static_cast<T>(expect + T(1));
  CHECK(host(z) == std::vector<T>{T(0), expect, T(0)});
}

TEST_CASE("add_at with several index arrays, slices and masks", "[indexing][take]") {
  using v = std::vector<int>;
  auto z = cupp::zeros<int>({3, 4});
  cupp::add_at(z, cupp::asarray<int>({1, 2, 3}), ix({0, 0, 2}), ix({1, 1, 3}));
  CHECK(host(z) == v{0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3});
  z = cupp::zeros<int>({3, 4});
  cupp::add_at(z, cupp::asarray<int>({{1, 2, 3}}), slice(), ix({0, 0, -1}));
  CHECK(host(z) == v{3, 0, 0, 3, 3, 0, 0, 3, 3, 0, 0, 3});
  z = cupp::zeros<int>({3, 4});
  const bool m[] = {true, false, true};
  cupp::add_at(z, 5, cupp::asarray(m, S(3)));
  CHECK(host(z) == v{5, 5, 5, 5, 0, 0, 0, 0, 5, 5, 5, 5});
  // far more than 100000 adds, most of them colliding: a histogram of i % 7
  const i64 n = 150001;
  auto hist = cupp::zeros<i64>({7});
  std::vector<i64> bins(n), h(7, 0);
  for (i64 i = 0; i < n; ++i)
    ++h[static_cast<std::size_t>(bins[static_cast<std::size_t>(i)] = i % 7)];
  cupp::add_at(hist, i64{1}, cupp::asarray(bins));
  CHECK(host(hist) == h);
}

TEST_CASE("choose, with broadcasting and index_mode", "[indexing][take]") {
  const std::vector<cupp::ndarray<int>> ch{cupp::asarray<int>({0, 1, 2, 3}),
                                           cupp::asarray<int>({10, 11, 12, 13}),
                                           cupp::asarray<int>({20, 21, 22, 23})};
  CHECK_ARR(cupp::choose(ix({2, 0, 1, 0}), ch), S(4), 20, 1, 12, 3);
  CHECK_ARR(cupp::choose(ix({{0, 1, 1}, {1, 0, 0}}),
                         std::vector<cupp::ndarray<int>>{cupp::asarray<int>({1, 2}).reshape({2, 1}),
                                                         cupp::asarray<int>({7, 8, 9})}),
            S(2, 3), 1, 8, 9, 7, 2, 2);
  CHECK_ARR(
      cupp::choose(ix({0, 1, 0, 1}),
                   std::vector<cupp::ndarray<int>>{reversed(ch[0]), cupp::arange<int>(4) * 10}),
      S(4), 3, 10, 1, 30);
  CHECK_ARR(cupp::choose(ix({-1, 3, 5, 4}), ch, index_mode::wrap), S(4), 20, 1, 22, 13);
  CHECK_ARR(cupp::choose(cupp::asarray<std::int8_t>({-1, 3, 5, 1}), ch, index_mode::clip), S(4), 0,
            21, 22, 13);
  CHECK_ARR(
      cupp::choose(cupp::zeros<i64>({0}), std::vector<cupp::ndarray<int>>{cupp::asarray<int>({5}),
                                                                          cupp::asarray<int>({6})}),
      S(0));
  CHECK_THROWS_AS((void)cupp::choose(ix({0}), std::vector<cupp::ndarray<int>>{}),
                  cupp::value_error);
  CHECK_THROWS_WITH_WORDS((void)cupp::choose(ix({0, 1, 0}), ch), cupp::value_error,
                          "shape mismatch");
}

TEST_CASE("bad indices of take, put, take_along_axis, add_at and choose raise at the next sync",
          "[indexing][take][errors]") {
  const auto a = cupp::arange<int>(3);
  cupp::ndarray<int> r;
  CHECK_NOTHROW(r = cupp::take(a, ix({0, 7, 1})));
  CHECK_THROWS_WITH_WORDS(cupp::synchronize(), cupp::index_error,
                          "index 7 is out of bounds for axis 0 with size 3");
  CHECK_NOTHROW(cupp::synchronize());
  CHECK(host(cupp::take(a, ix({2, -3}))) == std::vector<int>{2, 0}); // works normally afterwards

  const auto m = cupp::arange<int>(12).reshape({3, 4});
  CHECK_NOTHROW(r = cupp::take(m, ix({-5}), 1));
  CHECK_THROWS_WITH_WORDS((void)host(r), cupp::index_error,
                          "index -5 is out of bounds for axis 1 with size 4");
  CHECK_NOTHROW(r = cupp::take_along_axis(m, ix({0, 3, 4}).reshape({3, 1}), 1));
  CHECK_THROWS_WITH_WORDS(cupp::synchronize(), cupp::index_error,
                          "index 4 is out of bounds for axis 1 with size 4");

  auto w = cupp::zeros<int>({3});
  CHECK_NOTHROW(cupp::put(w, ix({1, -4}), 5));
  CHECK_THROWS_WITH_WORDS(cupp::synchronize(), cupp::index_error, "index -4 is out of bounds",
                          "with size 3");
  CHECK_NOTHROW(cupp::add_at(w, 1, ix({0, 3, 0})));
  CHECK_THROWS_WITH_WORDS(cupp::synchronize(), cupp::index_error,
                          "index 3 is out of bounds for axis 0 with size 3");
  w = cupp::zeros<int>({3});
  cupp::add_at(w, 1, ix({0, 2, 0}));
  CHECK(host(w) == std::vector<int>{2, 0, 1});

  const std::vector<cupp::ndarray<int>> ch{cupp::zeros<int>({3}), cupp::ones<int>({3})};
  CHECK_NOTHROW(r = cupp::choose(ix({0, 2, 1}), ch));
  CHECK_THROWS_WITH_WORDS(cupp::synchronize(), cupp::value_error, "invalid entry in choice array");
  CHECK_NOTHROW(r = cupp::choose(ix({-1, 0, 1}), ch)); // negative entries are invalid too
  CHECK_THROWS_WITH_WORDS((void)r.get(), cupp::value_error, "invalid entry in choice array");
  CHECK(host(cupp::choose(ix({1, 0, 1}), ch)) == std::vector<int>{1, 0, 1});
}

TEST_CASE("an empty result still checks its indices, as NumPy", "[indexing][take][errors]") {
  // np.zeros((3, 0))[[5]] and np.take(np.zeros((3, 0, 0)), [3], axis=0) raise IndexError
  const auto e = cupp::zeros<int>({3, 0});
  cupp::ndarray<int> r;
  CHECK_NOTHROW(r = e(ix({5})));
  CHECK(r.shape() == cupp::shape_t{1, 0});
  CHECK_THROWS_WITH_WORDS(cupp::synchronize(), cupp::index_error,
                          "index 5 is out of bounds for axis 0 with size 3");
  CHECK_NOTHROW(r = cupp::take(cupp::zeros<int>({3, 0, 0}), ix({1, 3}), 0));
  CHECK_THROWS_WITH_WORDS(cupp::synchronize(), cupp::index_error,
                          "index 3 is out of bounds for axis 0 with size 3");
  // np.zeros((0, 3))[:, [7]] raises, but np.take(np.zeros((0, 3)), [7], axis=1) does not: take
  // checks once per element of the axes before its axis, of which there is none
  CHECK_NOTHROW(r = cupp::zeros<int>({0, 3})(cupp::slice(), ix({7})));
  CHECK_THROWS_WITH_WORDS(cupp::synchronize(), cupp::index_error,
                          "index 7 is out of bounds for axis 1 with size 3");
  CHECK_NOTHROW(r = cupp::take(cupp::zeros<int>({0, 3}), ix({7}), 1));
  CHECK(r.shape() == cupp::shape_t{0, 1});
  CHECK_NOTHROW(cupp::synchronize());
  // in range, or no index at all: nothing to raise
  CHECK(e(ix({2, -3})).copy().shape() == cupp::shape_t{2, 0});
  CHECK(e(cupp::zeros<int>({0})).copy().shape() == cupp::shape_t{0, 0});
  CHECK_NOTHROW(cupp::synchronize());
}
