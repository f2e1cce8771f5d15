// nonzero, where (one argument), flatnonzero, argwhere, extract, compress, place, putmask and
// select against NumPy 2.4's results for the same inputs (pasted as literals) or an obvious host
// loop, for bool and non-bool dtypes, 1-D to 3-D, empty and >100000-element inputs.
#include "common/shapes.hpp"
#include "common/testing.hpp"
#include "indexing/index_arrays.hpp"

#include <cupp/indexing/mask.hpp>
#include <cupp/math/arithmetic.hpp>

#include <cmath>
#include <limits>

using namespace cupp_test;
using cupp::slice;
using i64 = std::int64_t;
using iv = std::vector<i64>;

TEST_CASE("nonzero, where, argwhere and flatnonzero in 1-D, 2-D and 3-D", "[indexing][mask]") {
  const auto a1 = cupp::asarray<int>({0, 3, 0, 0, -2, 1, 0});
  CHECK(hosts(cupp::nonzero(a1)) == std::vector<iv>{{1, 4, 5}});
  CHECK(hosts(cupp::where(a1)) == std::vector<iv>{{1, 4, 5}});
  CHECK_ARR(cupp::argwhere(a1), S(3, 1), 1, 4, 5);
  const auto a2 = cupp::asarray<int>({{0, 1, 0, 2}, {3, 0, 0, 0}, {0, 0, 4, 5}});
  CHECK(hosts(cupp::nonzero(a2)) == std::vector<iv>{{0, 0, 1, 2, 2}, {1, 3, 0, 2, 3}});
  CHECK(hosts(cupp::where(a2)) == std::vector<iv>{{0, 0, 1, 2, 2}, {1, 3, 0, 2, 3}});
  CHECK(hosts(cupp::nonzero(a2.transpose())) == std::vector<iv>{{0, 1, 2, 3, 3}, {1, 0, 2, 0, 2}});
  CHECK_ARR(cupp::argwhere(a2), S(5, 2), 0, 1, 0, 3, 1, 0, 2, 2, 2, 3);
  CHECK_ARR(cupp::flatnonzero(a2), S(5), 1, 3, 4, 10, 11);
  CHECK_ARR(cupp::flatnonzero(a2.transpose()), S(5), 1, 3, 8, 9, 11);
  // arange(24).reshape(2, 3, 4) % 5 == 2
  const auto a3 =
      mask({0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0}, S(2, 3, 4));
  CHECK(hosts(cupp::nonzero(a3)) ==
        std::vector<iv>{{0, 0, 1, 1, 1}, {0, 1, 0, 1, 2}, {2, 3, 0, 1, 2}});
  CHECK_ARR(cupp::argwhere(a3), S(5, 3), 0, 0, 2, 0, 1, 3, 1, 0, 0, 1, 1, 1, 1, 2, 2);
  CHECK_ARR(cupp::flatnonzero(a3), S(5), 2, 7, 12, 17, 22);
  // -0.0 is zero, NaN is not
  const float nan = std::numeric_limits<float>::quiet_NaN();
  CHECK(hosts(cupp::nonzero(cupp::asarray<float>({-0.0f, 1.5f, nan, 0.0f, -3.0f}))) ==
        std::vector<iv>{{1, 2, 4}});
  // nothing nonzero, empty inputs
  CHECK_ARR(cupp::argwhere(cupp::zeros<double>({2, 3})), S(0, 2));
  CHECK(hosts(cupp::nonzero(cupp::zeros<double>({2, 3}))) == std::vector<iv>{{}, {}});
  CHECK(hosts(cupp::nonzero(cupp::zeros<int>({0}))) == std::vector<iv>{{}});
  CHECK_ARR(cupp::flatnonzero(cupp::zeros<int>({0, 4})), S(0));
  CHECK_THROWS_WITH_WORDS((void)cupp::nonzero(cupp::full<int>({}, 1)), cupp::value_error,
                          "Calling nonzero on 0d arrays is not allowed");
  // 0-d: NumPy gives shape (1, 0) for a nonzero scalar and (0, 0) for zero
  CHECK(cupp::argwhere(cupp::full<int>({}, 5)).shape() == S(1, 0));
  CHECK(cupp::argwhere(cupp::full<int>({}, 0)).shape() == S(0, 0));
}

TEMPLATE_LIST_TEST_CASE("nonzero and extract for every dtype and size", "[indexing][mask]",
                        all_dtypes) {
  using T = TestType;
  for (i64 n : {0, 1, 33, 100002}) {
    INFO("n=" << n);
    std::unique_ptr<T[]> buf(new T[static_cast<std::size_t>(n + 1)]);
    iv flat, rows, cols;
    std::vector<T> kept;
    const i64 w = n % 2 ? 1 : 2; // viewed as (n / w, w)
    for (i64 i = 0; i < n; ++i) {
      buf[i] = i % 3 == 0 ? T(0) : value_at<T>(i);
      if (buf[i] == T(0)) continue;
      flat.push_back(i);
      rows.push_back(i / w);
      cols.push_back(i % w);
      kept.push_back(buf[i]);
    }
    const auto a = cupp::asarray(buf.get(), S(n));
    CHECK(hosts(cupp::nonzero(a)) == std::vector<iv>{flat});
    CHECK(hosts(cupp::nonzero(a.reshape({n / w, w}))) == std::vector<iv>{rows, cols});
    CHECK(host(cupp::flatnonzero(a.reshape({n / w, w}))) == flat);
    CHECK(host(cupp::extract(a, a)) == kept);
    CHECK(host(cupp::compress(a, a)) == kept);
    CHECK(host(cupp::extract(a.reshape({n / w, w}), cupp::arange<i64>(n))) == flat);
  }
}

TEST_CASE("extract and compress", "[indexing][mask]") {
  const auto x = cupp::arange<int>(12).reshape({3, 4});
  const auto c = mask({0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}, S(3, 4)); // x % 5 == 1
  CHECK_ARR(cupp::extract(c, x), S(3), 1, 6, 11);
  CHECK_ARR(cupp::extract(cupp::asarray<int>({{0, 1, 2, 3}, {0, 1, 2, 3}, {0, 1, 2, 3}}), x), S(9),
            1, 2, 3, 5, 6, 7, 9, 10, 11);
  CHECK_ARR(cupp::extract(c.transpose(), x.transpose()), S(3), 1, 6, 11);
  CHECK_ARR(cupp::extract(cupp::zeros<bool>({0}), cupp::zeros<int>({0, 2})), S(0));
  CHECK_ARR(cupp::compress(mask({0, 1, 1}, S(3)), x, 0), S(2, 4), 4, 5, 6, 7, 8, 9, 10, 11);
  CHECK_ARR(cupp::compress(mask({1, 0, 0, 1}, S(4)), x, 1), S(3, 2), 0, 3, 4, 7, 8, 11);
  CHECK_ARR(cupp::compress(mask({0, 1}, S(2)), x, -1), S(3, 1), 1, 5, 9); // shorter: a prefix
  CHECK_ARR(cupp::compress(mask({1, 0, 1, 1, 0, 1}, S(6)), x), S(4), 0, 2, 3, 5);
  CHECK_ARR(cupp::compress(cupp::asarray<int>({0, 2, -1}), x, 0), S(2, 4), 4, 5, 6, 7, 8, 9, 10,
            11);
  CHECK_ARR(cupp::compress(mask({0, 0, 0}, S(3)), x, 0), S(0, 4));
  CHECK_ARR(cupp::compress(mask({1, 0, 1}, S(3)), x.transpose(), 1), S(4, 2), 0, 8, 1, 9, 2, 10, 3,
            11);

  CHECK_THROWS_WITH_WORDS((void)cupp::compress(mask({1, 0, 1, 1}, S(4)), cupp::arange<int>(3)),
                          cupp::index_error, "index 3 is out of bounds for axis 0 with size 3");
  CHECK_THROWS_WITH_WORDS((void)cupp::compress(mask({1, 0, 1, 1}, S(4)), x, 0), cupp::index_error,
                          "index 3 is out of bounds for axis 0 with size 3");
  CHECK_THROWS_WITH_WORDS((void)cupp::compress(c, x, 0), cupp::value_error,
                          "condition must be a 1-d array");
  CHECK_THROWS_AS((void)cupp::compress(mask({1}, S(1)), x, 2), cupp::axis_error);
  CHECK_THROWS_AS((void)cupp::extract(mask({1, 0}, S(2)), x), cupp::value_error);
}

TEST_CASE("place, putmask and select", "[indexing][mask]") {
  using v = std::vector<int>;
  const auto m6 = mask({1, 0, 1, 1, 0, 1}, S(6));
  auto y = cupp::arange<int>(6);
  cupp::place(y, m6, cupp::asarray<int>({10, 20})); // values cycle over the true positions
  CHECK(host(y) == v{10, 1, 20, 10, 4, 20});
  y = cupp::arange<int>(6);
  cupp::place(y, m6, cupp::asarray<int>({10, 20, 30, 40, 50, 60}));
  CHECK(host(y) == v{10, 1, 20, 30, 4, 40});
  auto z = cupp::arange<int>(12).reshape({3, 4});
  cupp::place(z.transpose(), mask({1, 0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 0}, S(4, 3)),
              cupp::asarray<int>({-1, -2, -3}));
  CHECK(host(z) == v{-1, 1, 2, -1, 4, 5, -3, 7, 8, -2, 10, 11});
  cupp::place(y, cupp::zeros<bool>({6}), cupp::zeros<int>({0})); // nothing to place: fine
  CHECK_THROWS_WITH_WORDS(cupp::place(y, m6, cupp::zeros<int>({0})), cupp::value_error,
                          "Cannot insert from an empty array!");
  CHECK_THROWS_AS(cupp::place(y, mask({1, 0}, S(2)), cupp::asarray<int>({1})), cupp::value_error);
  CHECK(host(y) == v{10, 1, 20, 30, 4, 40});

  y = cupp::arange<int>(6);
  cupp::putmask(y, m6, cupp::asarray<int>({10, 20})); // values cycle over all positions
  CHECK(host(y) == v{10, 1, 10, 20, 4, 20});
  y = cupp::arange<int>(6);
  cupp::putmask(y, m6, cupp::asarray<int>({0, 1, 4, 9, 16, 25}));
  CHECK(host(y) == v{0, 1, 4, 9, 4, 25});
  z = cupp::arange<int>(12).reshape({3, 4});
  cupp::putmask(z.transpose(), mask({0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0}, S(4, 3)),
                cupp::asarray<int>({100, 200, 300}));
  CHECK(host(z) == v{0, 1, 2, 100, 200, 5, 6, 7, 8, 300, 10, 11});
  CHECK_THROWS_WITH_WORDS(cupp::putmask(y, mask({1, 0}, S(2)), cupp::asarray<int>({1})),
                          cupp::value_error, "putmask: mask and data must be the same size");

  const auto x = cupp::arange<int>(12).reshape({3, 4});
  const auto lt3 = mask({1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0}, S(3, 4));
  const auto gt8 = mask({0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1}, S(3, 4));
  CHECK_ARR(cupp::select({lt3, gt8}, {x, cupp::ndarray<int>(-x)}, 42), S(3, 4), 0, 1, 2, 42, 42, 42,
            42, 42, 42, -9, -10, -11);
  // the first true condition wins: x % 2 == 0 -> 1, x % 3 == 0 -> 2, else -1
  const auto even = mask({1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0}, S(3, 4));
  const auto three = mask({1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0}, S(3, 4));
  CHECK_ARR(cupp::select({even, three}, {cupp::full<int>({3, 4}, 1), cupp::full<int>({}, 2)}, -1),
            S(3, 4), 1, -1, 1, 2, 1, -1, 1, -1, 1, 2, 1, -1);
  CHECK_ARR(cupp::select<int>(
                {mask({1, 0, 1}, S(3)), mask({1, 0}, S(2, 1))},
                {cupp::asarray<int>({1, 2, 3}), cupp::asarray<int>({7, 8}).reshape({2, 1})}),
            S(2, 3), 1, 7, 3, 1, 0, 3);
  CHECK_THROWS_WITH_WORDS((void)cupp::select<int>({lt3}, {x, x}), cupp::value_error,
                          "list of cases must be same length as list of conditions");
  CHECK_THROWS_WITH_WORDS((void)cupp::select<int>({}, {}), cupp::value_error,
                          "select with an empty condition list is not possible");
  CHECK_THROWS_AS((void)cupp::select<int>({lt3}, {cupp::arange<int>(3)}), cupp::value_error);
}

TEST_CASE("mask functions over more than 100000 elements", "[indexing][mask]") {
  const i64 n = 131071;
  std::unique_ptr<bool[]> mb(new bool[n]);
  std::unique_ptr<float[]> vals(new float[n]);
  iv where_true;
  std::vector<float> kept, placed(static_cast<std::size_t>(n)), putm(static_cast<std::size_t>(n));
  for (i64 i = 0, k = 0; i < n; ++i) {
    mb[i] = (i * 2654435761LL) % 1000 < 300;
    vals[i] = static_cast<float>(i % 1000) * 0.25f;
    placed[static_cast<std::size_t>(i)] = putm[static_cast<std::size_t>(i)] = vals[i];
    if (!mb[i]) continue;
    where_true.push_back(i);
    kept.push_back(vals[i]);
    placed[static_cast<std::size_t>(i)] = static_cast<float>(-1 - (k++ % 5));
    putm[static_cast<std::size_t>(i)] = static_cast<float>(-1 - (i % 5));
  }
  const auto m = cupp::asarray(mb.get(), S(n));
  const auto a = cupp::asarray(vals.get(), S(n));
  CHECK(host(cupp::extract(m, a)) == kept);
  CHECK(host(cupp::flatnonzero(m)) == where_true);
  CHECK(host(cupp::argwhere(m)) == where_true);
  const auto five = cupp::asarray<float>({-1, -2, -3, -4, -5});
  auto b = a.copy();
  cupp::place(b, m, five);
  CHECK(host(b) == placed);
  b = a.copy();
  cupp::putmask(b, m, five);
  CHECK(host(b) == putm);
}

TEST_CASE("mask functions on negative-stride views", "[indexing][mask]") {
  using v = std::vector<int>;
  const auto m = mask({1, 0, 1, 1, 0, 0}, S(6));
  const auto r = reversed(cupp::arange<int>(6)); // [5, 4, 3, 2, 1, 0]
  CHECK(hosts(cupp::nonzero(r)) == std::vector<iv>{{0, 1, 2, 3, 4}});
  CHECK_ARR(cupp::flatnonzero(reversed(m)), S(3), 2, 3, 5);
  CHECK_ARR(cupp::argwhere(cupp::flip(cupp::arange<int>(6).reshape({2, 3}), 1)), S(5, 2), 0, 0, 0,
            1, 1, 0, 1, 1, 1, 2);
  auto c = cupp::arange<int>(6);
  cupp::place(reversed(c), m, cupp::asarray<int>({-1, -2}));
  CHECK(host(c) == v{0, 1, -1, -2, 4, -1});
  c = cupp::arange<int>(6);
  cupp::putmask(reversed(c), m, cupp::asarray<int>({-1, -2}));
  CHECK(host(c) == v{0, 1, -2, -1, 4, -1});
  CHECK_ARR(cupp::select<int>({m}, {r}, 9), S(6), 5, 9, 3, 2, 9, 9);
}
