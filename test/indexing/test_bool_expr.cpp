// Expressions and host lists as indices (issue 13): `a(a > 0.5)` read and assigned, integer
// expressions, nonzero/where/compress/extract of expressions, std::vector / std::array / braced
// lists as integer-array and mask indices, and a selection's methods (`a(a > 0.5).sum()`), against
// obvious host loops and NumPy's values.
#include "common/shapes.hpp"
#include "common/testing.hpp"
#include "indexing/index_arrays.hpp"

#include <cupp/expr/astype.hpp>
#include <cupp/indexing/mask.hpp>
#include <cupp/math/arithmetic.hpp>
#include <cupp/math/compare.hpp>
#include <cupp/math/functions.hpp>
#include <cupp/reduction/reduce.hpp>
#include <cupp/reduction/scan.hpp>

#include <array>
#include <vector>

using namespace cupp_test;
using cupp::slice;
using i64 = std::int64_t;
using iv = std::vector<i64>;

namespace {
// the elements of v (C order) for which keep(x) holds
template <class T, class F> std::vector<T> host_filter(const std::vector<T>& v, F keep) {
  std::vector<T> r;
  for (const T& x : v)
    if (keep(x)) r.push_back(x);
  return r;
}
} // namespace

TEMPLATE_TEST_CASE("a(a > x) selects and assigns where the expression is true", "[indexing][mask]",
                   float, double, std::int32_t) {
  using T = TestType;
  for (const cupp::shape_t& shape : {S(0), S(1), S(7), S(3, 5), S(2, 3, 4), S(1000)}) {
    const cupp::ndarray<T> a = device_values<T>(shape);
    const std::vector<T> h = host(a);
    const T pivot = static_cast<T>(1);
    CHECK(host(cupp::ndarray<T>(a(a > pivot))) == host_filter(h, [&](T x) { return x > pivot; }));
    // a transposed (non-contiguous) base and mask
    const cupp::ndarray<T> at = a.transpose();
    CHECK(host(cupp::ndarray<T>(at(at <= pivot))) ==
          host_filter(host(at.copy()), [&](T x) { return x <= pivot; }));

    cupp::ndarray<T> b = a.copy();
    b(b > pivot) = 0; // NumPy's a[a > 0.5] = 0: one kernel, no sync
    std::vector<T> expected = h;
    for (T& x : expected)
      if (x > pivot) x = 0;
    CHECK(host(b) == expected);

    cupp::ndarray<T> c = a.copy();
    c(c < pivot) += 2;
    expected = h;
    for (T& x : expected)
      if (x < pivot) x = static_cast<T>(x + 2);
    CHECK(host(c) == expected);
  }
}

TEST_CASE("boolean and integer expressions as indices", "[indexing][mask]") {
  const auto a = cupp::asarray<float>({{0.1f, 0.9f, 0.5f}, {0.7f, 0.2f, 0.6f}});
  // a mask expression of a's shape selects elements, one over the leading axes selects rows
  CHECK_ARR(cupp::ndarray<float>(a(a > 0.5f)), S(3), 0.9f, 0.7f, 0.6f);
  const auto rows = cupp::asarray<int>({3, -1});
  CHECK_ARR(cupp::ndarray<float>(a(rows > 0)), S(1, 3), 0.1f, 0.9f, 0.5f);
  const auto cols = cupp::asarray<int>({1, 0, 2});
  CHECK_ARR(cupp::ndarray<float>(a(slice(), cols != 0)), S(2, 2), 0.1f, 0.5f, 0.7f, 0.6f);
  // a[idx + 1]: the integer expression is evaluated first
  const auto idx = cupp::asarray<std::int16_t>({1, -2, 0});
  CHECK_ARR(cupp::ndarray<float>(a(0, idx + 1)), S(3), 0.5f, 0.5f, 0.9f);
  // a selection as an index: a[0, idx[idx >= 0]]
  CHECK_ARR(cupp::ndarray<float>(a(0, idx(idx >= 0))), S(2), 0.9f, 0.1f);
  // assigning an array through a mask expression
  cupp::ndarray<float> b = a.copy();
  b(b > 0.5f) = cupp::asarray<float>({1, 2, 3});
  CHECK_ARR(b, S(2, 3), 0.1f, 1.0f, 0.5f, 2.0f, 0.2f, 3.0f);
  CHECK_THROWS_WITH_WORDS(b(b > 0.0f) = cupp::asarray<float>({1, 2}), cupp::value_error,
                          "cannot assign 2 input values to the 6 output values");
  CHECK_THROWS_WITH_WORDS(cupp::ndarray<float>(a(cupp::asarray<int>({1, 2, 3}) > 0)),
                          cupp::index_error, "boolean index did not match", "size of axis is 2",
                          "corresponding boolean axis is 3");
}

TEST_CASE("nonzero, where, compress and extract of expressions", "[indexing][mask]") {
  const auto a = cupp::asarray<int>({{0, 3, -1}, {4, 0, 2}});
  const auto b = cupp::asarray<double>({{1, 2, 3}, {4, 5, 6}});
  // host references: positions and values where a > 0
  iv rows, cols;
  std::vector<double> picked;
  const auto ha = host(a);
  const auto hb = host(b);
  for (i64 i = 0; i < 6; ++i)
    if (ha[std::size_t(i)] > 0) {
      rows.push_back(i / 3);
      cols.push_back(i % 3);
      picked.push_back(hb[std::size_t(i)]);
    }
  CHECK(hosts(cupp::nonzero(a > 0)) == std::vector<iv>{rows, cols});
  CHECK(hosts(cupp::where(a > 0)) == std::vector<iv>{rows, cols});
  CHECK(host(cupp::extract(a > 0, b)) == picked);
  CHECK(host(cupp::extract(a > 0, b * 2.0)) == std::vector<double>{4, 8, 12});
  CHECK(host(cupp::flatnonzero(a > 0)) == iv{1, 3, 5});
  CHECK_ARR(cupp::argwhere(a > 0), S(3, 2), 0, 1, 1, 0, 1, 2);
  // compress: a 1-D condition over the flattened input, or along an axis
  const auto c = cupp::asarray<int>({0, 1, 1});
  CHECK_ARR(cupp::compress(c > 0, b), S(2), 2.0, 3.0);
  CHECK_ARR(cupp::compress(c > 0, b, 1), S(2, 2), 2.0, 3.0, 5.0, 6.0);
  CHECK_ARR(cupp::compress(c(slice(2)) == 0, b + 1.0, 0), S(1, 3), 2.0, 3.0, 4.0);

  CHECK_THROWS_WITH_WORDS(cupp::nonzero(cupp::asarray<int>({1})(0) > 0), cupp::value_error,
                          "Calling nonzero on 0d arrays is not allowed");
  CHECK_THROWS_WITH_WORDS(cupp::extract(c > 0, b), cupp::value_error, "extract");
  CHECK_THROWS_WITH_WORDS(cupp::compress(a > 0, b, 0), cupp::value_error,
                          "condition must be a 1-d array");
}

TEST_CASE("std::vector, std::array and braced lists as index arrays", "[indexing][advanced]") {
  const auto a = cupp::asarray<int>({{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9, 10, 11}});
  const cupp::ndarray<int> v = cupp::arange<int>(10) * 10;
  // gathers: NumPy's v[[0, 2, 3]], v[[-1, 0]], a[[2, 0]], a[[0, 2], 1:]
  CHECK_ARR(cupp::ndarray<int>(v({0, 2, 3})), S(3), 0, 20, 30);
  CHECK_ARR(cupp::ndarray<int>(v(std::vector<i64>{-1, 0})), S(2), 90, 0);
  CHECK_ARR(cupp::ndarray<int>(v(std::vector<int>{4, 4, 1})), S(3), 40, 40, 10);
  CHECK_ARR(cupp::ndarray<int>(v(std::array<std::uint8_t, 2>{9, 8})), S(2), 90, 80);
  CHECK_ARR(cupp::ndarray<int>(v(std::vector<int>{})), S(0));
  CHECK_ARR(cupp::ndarray<int>(a({2, 0})), S(2, 4), 8, 9, 10, 11, 0, 1, 2, 3);
  CHECK_ARR(cupp::ndarray<int>(a(std::vector<int>{0, 2}, slice(1, cupp::none))), S(2, 3), 1, 2, 3,
            9, 10, 11);
  CHECK_ARR(cupp::ndarray<int>(a(std::vector<int>{0, 2}, std::array<int, 2>{3, 0})), S(2), 3, 8);
  // lists of bools are masks, as in NumPy
  CHECK_ARR(cupp::ndarray<int>(a({true, false, true})), S(2, 4), 0, 1, 2, 3, 8, 9, 10, 11);
  CHECK_ARR(cupp::ndarray<int>(a(slice(), std::vector<bool>{false, true, false, true})), S(3, 2), 1,
            3, 5, 7, 9, 11);
  CHECK_ARR(cupp::ndarray<int>(a(1, std::array<bool, 4>{true, true, false, false})), S(2), 4, 5);

  // scatters
  cupp::ndarray<int> w = cupp::zeros<int>({6});
  w({1, 4}) = 7;
  w(std::vector<i64>{0, -1}) = cupp::asarray<int>({2, 3});
  w(std::array<int, 1>{2}) += 5;
  CHECK_ARR(w, S(6), 2, 7, 5, 0, 7, 3);
  cupp::ndarray<int> m = a.copy();
  m(std::vector<int>{0, 2}, slice()) = 0;
  CHECK_ARR(m, S(3, 4), 0, 0, 0, 0, 4, 5, 6, 7, 0, 0, 0, 0);

  // out-of-bounds entries raise at the next sync point, as for device index arrays
  CHECK_THROWS_WITH_WORDS(cupp::ndarray<int>(v({1, 10})).get(), cupp::index_error,
                          "index 10 is out of bounds for axis 0 with size 10");
  CHECK_THROWS_WITH_WORDS(cupp::ndarray<int>(a(std::vector<bool>{true, false})), cupp::index_error,
                          "boolean index did not match", "size of axis is 3");
}

TEST_CASE("a selection's methods: a(a > 0.5).sum() and the like", "[indexing][mask]") {
  const auto x = cupp::asarray<float>({0.1f, 0.9f, 0.5f, 0.75f, 0.6f});
  const auto m = x(x > 0.5f); // NumPy: x[x > 0.5] is [0.9, 0.75, 0.6]
  CHECK(m.get() == std::vector<float>{0.9f, 0.75f, 0.6f});
  CHECK(m.tolist() == m.get());
  CHECK(m.sum().item() == Approx(2.25));
  CHECK(m.sum<double>().item() == Approx(2.25));
  CHECK(m.prod().item() == Approx(0.405));
  CHECK(m.max().item() == 0.9f);
  CHECK(m.min().item() == 0.6f);
  CHECK(m.argmax().item() == 0);
  CHECK(m.argmin().item() == 2);
  CHECK(m.mean().item() == Approx(0.75));
  CHECK(m.var().item() == Approx(0.015));    // np.var(x[x > 0.5])
  CHECK(m.std(0, 1).item() == Approx(0.15)); // ddof=1
  CHECK(m.any().item());
  CHECK_FALSE(cupp::ndarray<bool>(m > 0.7f).all().item());
  const auto c = host(m.cumsum());
  REQUIRE(c.size() == 3);
  CHECK(c[2] == Approx(2.25));
  CHECK(host(m.astype<int>()) == std::vector<int>{0, 0, 0});
  CHECK(x(std::vector<int>{3}).item() == 0.75f);
  // along an axis of a 2-D selection: rows 0 and 2 of a (3, 2) array
  const auto a = cupp::asarray<int>({{1, 2}, {3, 4}, {5, 6}});
  const auto r = cupp::asarray<int>({1, 0, 1});
  CHECK(host(a(r > 0).sum(1)) == std::vector<std::int64_t>{3, 11});
  CHECK(host(a(r > 0).max(0)) == std::vector<int>{5, 6});
  CHECK_THROWS_WITH_WORDS(x(x > 5.0f).max(), cupp::value_error,
                          "zero-size array to reduction operation maximum");
}
