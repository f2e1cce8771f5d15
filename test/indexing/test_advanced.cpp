// Advanced indexing through a(...): integer arrays and boolean masks, read (a gather) and written
// (a scatter), against NumPy 2.4's results for the same indices (pasted as literals) or an obvious
// host loop; NumPy's immediate errors, and out-of-bounds indices raised at the next sync point.
#include "common/shapes.hpp"
#include "common/testing.hpp"
#include "indexing/index_arrays.hpp"

#include <cupp/indexing/advanced.hpp>
#include <cupp/indexing/mask.hpp>
#include <cupp/io/print.hpp>
#include <cupp/math/arithmetic.hpp>
#include <cupp/reduction/reduce.hpp>

#include <sstream>

using namespace cupp_test;
using cupp::ellipsis;
using cupp::newaxis;
using cupp::none;
using cupp::slice;
using i64 = std::int64_t;

namespace {
template <class T> cupp::ndarray<T> sel(const cupp::indexed<T>& s) { return s.copy(); }
} // namespace

TEST_CASE("integer arrays mixed with slices, integers, newaxis and ellipsis",
          "[indexing][advanced]") {
  const auto x = cupp::arange<int>(24).reshape({2, 3, 4});
  // separated advanced indices put the index block first; adjacent ones keep its place
  CHECK_ARR(sel(x(ix({0, 1}), slice(), ix({1, 3}))), S(2, 3), 1, 5, 9, 15, 19, 23);
  CHECK_ARR(sel(x(slice(), ix({0, 2}), ix({1, 3}))), S(2, 2), 1, 11, 13, 23);
  CHECK_ARR(sel(x(1, ix({0, 2}), ix({1, 3}))), S(2), 13, 23);
  CHECK_ARR(sel(x(ix({0, 1}), 1, ix({1, 3}))), S(2), 5, 19);
  CHECK_ARR(sel(x(slice(), 1, ix({1, 3}))), S(2, 2), 5, 7, 17, 19);
  CHECK_ARR(sel(x(ix({1}), slice(), 2)), S(1, 3), 14, 18, 22);
  CHECK_ARR(sel(x(-1, slice(), ix({-1, 0}))), S(2, 3), 15, 19, 23, 12, 16, 20);
  CHECK_ARR(sel(x(ellipsis, ix({0, 2}))), S(2, 3, 2), 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22);
  CHECK_ARR(sel(x(ix({1, 0}), ellipsis, ix({0}))), S(2, 3), 12, 16, 20, 0, 4, 8);
  CHECK_ARR(sel(x(newaxis, ix({1, 0}))), S(1, 2, 3, 4), 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22,
            23, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11);
  CHECK_ARR(sel(x(ix({0, 1}), newaxis, slice(), ix({1, 3}))), S(2, 1, 3), 1, 5, 9, 15, 19, 23);
  CHECK_ARR(sel(x(slice(none, none, -1), ix({0, 2}))), S(2, 2, 4), 12, 13, 14, 15, 20, 21, 22, 23,
            0, 1, 2, 3, 8, 9, 10, 11);
  CHECK_ARR(sel(x(slice(), slice(none, none, -1), ix({0, 3}))), S(2, 3, 2), 8, 11, 4, 7, 0, 3, 20,
            23, 16, 19, 12, 15);
  CHECK_ARR(sel(x(slice(1, none), ix({2, 0}), slice(1, 3))), S(1, 2, 2), 21, 22, 13, 14);
  CHECK_ARR(sel(x(slice(), cupp::asarray<i64>({{0, 1}, {2, 2}}))), S(2, 2, 2, 4), 0, 1, 2, 3, 4, 5,
            6, 7, 8, 9, 10, 11, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 20,
            21, 22, 23);
  // index arrays broadcast together: (2,1) with (1,3), separated -> (2,3) + (3,)
  const auto col = ix({0, 1}).reshape({2, 1}), row = ix({1, 2, 3}).reshape({1, 3});
  CHECK_ARR(sel(x(col, slice(), row)), S(2, 3, 3), 1, 5, 9, 2, 6, 10, 3, 7, 11, 13, 17, 21, 14, 18,
            22, 15, 19, 23);
  CHECK_ARR(sel(x(ix({1, 0}).reshape({2, 1}), ix({0, 2}).reshape({1, 2}))), S(2, 2, 4), 12, 13, 14,
            15, 20, 21, 22, 23, 0, 1, 2, 3, 8, 9, 10, 11);

  const auto m = cupp::arange<int>(12).reshape({3, 4});
  CHECK_ARR(sel(m(ix({2, 0, -1}))), S(3, 4), 8, 9, 10, 11, 0, 1, 2, 3, 8, 9, 10, 11);
  CHECK_ARR(sel(m(slice(), ix({3, -4}))), S(3, 2), 3, 0, 7, 4, 11, 8);
  CHECK_ARR(sel(m(cupp::asarray<i64>({{0, 1}, {2, 0}}))), S(2, 2, 4), 0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
            10, 11, 0, 1, 2, 3);
  CHECK_ARR(sel(m(ix({0, 2}), ix({1, 3}))), S(2), 1, 11);
  CHECK_ARR(sel(m(ix({0, 2}).reshape({2, 1}), ix({1, 3}))), S(2, 2), 1, 3, 9, 11);
  CHECK_ARR(sel(m.transpose()(ix({3, 0}))), S(2, 3), 3, 7, 11, 0, 4, 8); // a strided source
  // empty selections
  CHECK_ARR(sel(m(cupp::zeros<i64>({0}), slice())), S(0, 4));
  CHECK_ARR(sel(cupp::arange<int>(0)(cupp::zeros<i64>({0}))), S(0));
}

TEMPLATE_LIST_TEST_CASE("integer-array gather and scatter for every dtype", "[indexing][advanced]",
                        all_dtypes) {
  using T = TestType;
  for (i64 n : {1, 7}) {
    INFO("n=" << n);
    const auto a = device_values<T>(S(n));
    const auto hv = host_values<T>(n);
    const std::vector<i64> idx =
        n == 1 ? std::vector<i64>{0, -1, 0} : std::vector<i64>{0, 6, -1, 3, 3, -7};
    std::vector<T> expect;
    for (i64 i : idx)
      expect.push_back(hv[static_cast<std::size_t>(i < 0 ? i + n : i)]);
    CHECK(host(sel(a(cupp::asarray(idx)))) == expect);
    const auto r2 = sel(a(cupp::asarray(idx).reshape({static_cast<i64>(idx.size()) / 3, 3})));
    CHECK(r2.shape() == S(idx.size() / 3, 3));
    CHECK(host(r2) == expect);
  }
  // scatter of distinct positions (one given negatively)
  auto b = cupp::zeros<T>(S(7));
  b(ix({5, -7, 3})) = device_values<T>(S(3), 100);
  std::vector<T> expect(7, T(0));
  expect[5] = value_at<T>(100);
  expect[0] = value_at<T>(101);
  expect[3] = value_at<T>(102);
  CHECK(host(b) == expect);
  b(ix({1, 2})) = value_at<T>(5); // a scalar
  expect[1] = expect[2] = value_at<T>(5);
  CHECK(host(b) == expect);
}

TEMPLATE_TEST_CASE("index arrays of any integer dtype", "[indexing][advanced]", std::int8_t,
                   std::int16_t, std::int32_t, std::int64_t, std::uint8_t, std::uint16_t,
                   std::uint32_t, std::uint64_t) {
  using I = TestType;
  const cupp::ndarray<double> a = cupp::arange<double>(256) * 0.5;
  std::vector<I> idx{0, 100, 2, 127, 5};
  if constexpr (std::is_unsigned_v<I>)
    idx.push_back(I(255));
  else
    idx.push_back(I(-1)); // element 255 too
  std::vector<double> expect;
  for (I i : idx)
    expect.push_back(0.5 * static_cast<double>(std::is_signed_v<I> && i < 0 ? 256 + i : i));
  CHECK(host(sel(a(cupp::asarray(idx)))) == expect);
  auto b = cupp::zeros<int>({3, 4});
  b(cupp::asarray(std::vector<I>{2, 0}), cupp::asarray(std::vector<I>{1, 3})) = 9;
  CHECK(host(b) == std::vector<int>{0, 0, 0, 9, 0, 0, 0, 0, 0, 9, 0, 0});
}

TEST_CASE("gathers and scatters of more than 100000 elements", "[indexing][advanced]") {
  const i64 n = 100003; // prime: i -> (7919 i + 13) mod n is a permutation
  std::vector<i64> perm(n);
  for (i64 i = 0; i < n; ++i)
    perm[static_cast<std::size_t>(i)] = (7919 * i + 13) % n;
  const auto p = cupp::asarray(perm);
  const cupp::ndarray<i64> a = cupp::arange<i64>(n) * 3;
  const auto g = host(sel(a(p)));
  bool ok = true;
  for (i64 i = 0; i < n; ++i)
    ok = ok && g[static_cast<std::size_t>(i)] == 3 * perm[static_cast<std::size_t>(i)];
  CHECK(ok);
  auto b = cupp::zeros<i64>({n});
  b(p) = cupp::arange<i64>(n);
  const auto hb = host(b);
  for (i64 i = 0; i < n; ++i)
    ok = ok && hb[static_cast<std::size_t>(perm[static_cast<std::size_t>(i)])] == i;
  CHECK(ok);
}

TEST_CASE("writes through integer arrays, and buffered compound assignment",
          "[indexing][advanced]") {
  auto x = cupp::arange<int>(10);
  x(ix({1, -1, 4})) = cupp::asarray<int>({10, 20, 30});
  x(ix({0, 2})) = 7;
  CHECK(host(x) == std::vector<int>{7, 10, 7, 3, 30, 5, 6, 7, 8, 20});
  auto z = cupp::zeros<int>({3, 4});
  z(ix({0, 2}), slice(1, 3)) = cupp::asarray<int>({{1, 2}, {3, 4}});
  z(slice(), ix({3, 0})) = cupp::asarray<int>({5, 6}); // broadcast over rows
  CHECK(host(z) == std::vector<int>{6, 1, 2, 5, 6, 0, 0, 5, 6, 3, 4, 5});
  auto w = cupp::arange<int>(24).reshape({2, 3, 4});
  w(ix({0, 1}), slice(), ix({1, 3})) = -cupp::arange<int>(6).reshape({2, 3});
  CHECK(host(w) == std::vector<int>{0,  0,  2,  3,  4,  -1, 6,  7,  8,  -2, 10, 11,
                                    12, 13, 14, -3, 16, 17, 18, -4, 20, 21, 22, -5});
  w = cupp::arange<int>(24).reshape({2, 3, 4});
  w(slice(), 1, ix({1, 3})) = cupp::asarray<int>({{100}, {200}});
  CHECK(host(w) == std::vector<int>{0,  1,  2,  3,  4,  100, 6,  100, 8,  9,  10, 11,
                                    12, 13, 14, 15, 16, 200, 18, 200, 20, 21, 22, 23});
  // x[[0,0,2,2,2]] += 1 reads once and writes once: repeated indices add once
  auto y = cupp::zeros<int>({5});
  y(ix({0, 0, 2, 2, 2})) += 1;
  CHECK(host(y) == std::vector<int>{1, 0, 1, 0, 0});
  y = cupp::arange<int>(5);
  y(ix({4, 4, 1})) -= 10;
  y(ix({0, 3})) *= 3;
  CHECK(host(y) == std::vector<int>{0, -9, 2, 9, -6});
  // an empty index writes nothing
  y(cupp::zeros<i64>({0})) = 99;
  CHECK(host(y) == std::vector<int>{0, -9, 2, 9, -6});
  // NumPy drops a value's leading unit axes beyond the selection's: y[[0, 2]] = ones((1, 1, 2))
  y(ix({0, 2})) = cupp::ones<int>({1, 1, 2});
  CHECK(host(y) == std::vector<int>{1, -9, 1, 9, -6});
}

TEST_CASE("selections in expressions, reductions and printing", "[indexing][advanced]") {
  const auto x = cupp::arange<i64>(24).reshape({2, 3, 4});
  const cupp::ndarray<i64> r = x(ix({0, 1}), 1, ix({1, 3}));
  CHECK(host(r) == std::vector<i64>{5, 19});
  CHECK(host(cupp::ndarray<i64>(x(ix({0, 1}), 1, ix({1, 3})) * 2 + 1)) == std::vector<i64>{11, 39});
  CHECK(cupp::sum(x(slice(), 1, ix({1, 3}))).item() == 5 + 7 + 17 + 19);
  std::ostringstream os;
  os << x(ix({0, 1}), 1, ix({1, 3})) << "|" << cupp::arange<int>(5)(mask({1, 0, 0, 1, 1}, S(5)));
  CHECK(os.str() == "array([ 5, 19])|array([0, 3, 4], dtype=int32)");
}

TEST_CASE("boolean masks select like NumPy", "[indexing][advanced][mask]") {
  const auto m = cupp::arange<int>(12).reshape({3, 4});
  const auto mk = mask({1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0}, S(3, 4)); // m % 3 == 0
  CHECK_ARR(sel(m(mk)), S(4), 0, 3, 6, 9);
  CHECK_ARR(sel(m(mask({1, 0, 1}, S(3)))), S(2, 4), 0, 1, 2, 3, 8, 9, 10, 11);
  CHECK_ARR(sel(m(slice(), mask({0, 1, 1, 0}, S(4)))), S(3, 2), 1, 2, 5, 6, 9, 10);
  CHECK_ARR(sel(m(mask({1, 0, 1}, S(3)), ix({1, 2}))), S(2), 1, 10);
  const auto x = cupp::arange<int>(24).reshape({2, 3, 4});
  const auto m34 = mask({0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}, S(3, 4));
  CHECK_ARR(sel(x(slice(), m34)), S(2, 3), 1, 6, 11, 13, 18, 23);
  const auto m23 = mask({1, 0, 1, 0, 0, 1}, S(2, 3));
  CHECK_ARR(sel(x(m23)), S(3, 4), 0, 1, 2, 3, 8, 9, 10, 11, 20, 21, 22, 23);
  CHECK_ARR(sel(x(m23, 2)), S(3), 2, 10, 22);
  CHECK_ARR(sel(x(m23, slice(1, 3))), S(3, 2), 1, 2, 9, 10, 21, 22);
  CHECK_ARR(sel(x(ellipsis, mask({1, 0, 0, 1}, S(4)))), S(2, 3, 2), 0, 3, 4, 7, 8, 11, 12, 15, 16,
            19, 20, 23);
  // non-contiguous arrays and masks, negative strides
  const auto mt = mask({1, 0, 1, 0, 1, 1, 0, 0, 0, 1, 0, 0}, S(4, 3));
  CHECK_ARR(sel(m.transpose()(mt)), S(5), 0, 8, 5, 9, 3);
  const auto b = cupp::arange<int>(20);
  const auto m10 = mask({1, 0, 0, 1, 1, 0, 1, 0, 0, 1}, S(10));
  const auto m20 = mask({1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0}, S(20));
  CHECK_ARR(sel(every(b, 2)(m10)), S(5), 0, 6, 8, 12, 18);
  CHECK_ARR(sel(cupp::arange<int>(10)(every(m20, 2))), S(4), 0, 3, 6, 9);
  CHECK_ARR(sel(b(reversed(m20))), S(7), 1, 4, 7, 10, 13, 16, 19);
  // nothing selected
  CHECK_ARR(sel(b(cupp::zeros<bool>({20}))), S(0));
  CHECK_ARR(sel(m(cupp::zeros<bool>({3}))), S(0, 4));
  CHECK_ARR(sel(cupp::arange<int>(0)(cupp::zeros<bool>({0}))), S(0));
  CHECK_ARR(sel(cupp::zeros<int>({0, 3})(cupp::zeros<bool>({0, 3}))), S(0));
}

TEMPLATE_LIST_TEST_CASE("boolean masks for every dtype, 0, 1, odd and >100000 elements",
                        "[indexing][advanced][mask]", all_dtypes) {
  using T = TestType;
  for (i64 n : {0, 1, 15, 100001}) {
    INFO("n=" << n);
    const auto a = device_values<T>(S(n));
    const auto hv = host_values<T>(n);
    std::unique_ptr<bool[]> mb(new bool[static_cast<std::size_t>(n + 1)]);
    std::vector<T> expect, written = hv;
    for (i64 i = 0; i < n; ++i) {
      mb[i] = (i * 5) % 7 < 3 || i == 0;
      if (!mb[i]) continue;
      expect.push_back(hv[static_cast<std::size_t>(i)]);
      written[static_cast<std::size_t>(i)] = value_at<T>(7);
    }
    const auto mk = cupp::asarray(mb.get(), S(n));
    CHECK(host(sel(a(mk))) == expect);                          // contiguous fast path
    CHECK(host(sel(a.reshape({1, n})(slice(), mk))) == expect); // the general path
    auto c = a.copy();
    c(mk) = value_at<T>(7); // one kernel, no sync
    CHECK(host(c) == written);
    std::unique_ptr<T[]> vals(new T[expect.size() + 1]);
    for (std::size_t k = 0; k < expect.size(); ++k)
      vals[k] = expect[k];
    c = cupp::zeros<T>(S(n));
    c(mk) = cupp::asarray(vals.get(), S(expect.size()));
    std::vector<T> back(static_cast<std::size_t>(n), T(0));
    for (i64 i = 0, k = 0; i < n; ++i)
      if (mb[i]) back[static_cast<std::size_t>(i)] = expect[static_cast<std::size_t>(k++)];
    CHECK(host(c) == back);
  }
}

TEST_CASE("writes through boolean masks", "[indexing][advanced][mask]") {
  const auto mk = mask({1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0}, S(3, 4));
  auto m = cupp::arange<int>(12).reshape({3, 4});
  m(mk) = -1;
  CHECK(host(m) == std::vector<int>{-1, 1, 2, -1, 4, 5, -1, 7, 8, -1, 10, 11});
  m = cupp::arange<int>(12).reshape({3, 4});
  m(mk) = cupp::asarray<int>({10, 20, 30, 40});
  CHECK(host(m) == std::vector<int>{10, 1, 2, 20, 4, 5, 30, 7, 8, 40, 10, 11});
  m = cupp::arange<int>(12).reshape({3, 4});
  m(mask({1, 0, 1}, S(3))) = cupp::asarray<int>({{1, 2, 3, 4}});
  CHECK(host(m) == std::vector<int>{1, 2, 3, 4, 4, 5, 6, 7, 1, 2, 3, 4});
  m = cupp::arange<int>(12).reshape({3, 4});
  m(slice(), mask({0, 1, 1, 0}, S(4))) = 0;
  CHECK(host(m) == std::vector<int>{0, 0, 0, 3, 4, 0, 0, 7, 8, 0, 0, 11});
  m = cupp::arange<int>(12).reshape({3, 4});
  m(mask({1, 0, 1}, S(3))) += 100;
  CHECK(host(m) == std::vector<int>{100, 101, 102, 103, 4, 5, 6, 7, 108, 109, 110, 111});
  const auto mt = mask({1, 0, 1, 0, 1, 1, 0, 0, 0, 1, 0, 0}, S(4, 3));
  m = cupp::arange<int>(12).reshape({3, 4});
  m.transpose()(mt) = -5;
  CHECK(host(m) == std::vector<int>{-5, 1, 2, -5, 4, -5, 6, 7, -5, -5, 10, 11});
  m = cupp::arange<int>(12).reshape({3, 4});
  m.transpose()(mt) = cupp::asarray<int>({1, 2, 3, 4, 5});
  CHECK(host(m) == std::vector<int>{1, 1, 2, 5, 4, 3, 6, 7, 2, 4, 10, 11});
  const auto m10 = mask({1, 0, 0, 1, 1, 0, 1, 0, 0, 1}, S(10));
  const auto m20 = mask({1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0}, S(20));
  auto b = cupp::arange<int>(20);
  every(b, 2)(m10) = 0;
  CHECK(host(b) ==
        std::vector<int>{0, 1, 2, 3, 4, 5, 0, 7, 0, 9, 10, 11, 0, 13, 14, 15, 16, 17, 0, 19});
  b = cupp::arange<int>(20);
  reversed(b)(m20) = -1;
  CHECK(host(b) ==
        std::vector<int>{0, -1, 2, 3, -1, 5, 6, -1, 8, 9, -1, 11, 12, -1, 14, 15, -1, 17, 18, -1});
  b = cupp::arange<int>(20);
  b(cupp::zeros<bool>({20})) = 5; // nothing selected, nothing written
  b(cupp::zeros<bool>({20})) = cupp::zeros<int>({0});
  b(slice(), newaxis)(cupp::zeros<bool>({20, 1})) = cupp::zeros<int>({0});
  CHECK(host(b) == host(cupp::arange<int>(20)));
}

TEST_CASE("advanced indexing errors raised at the call", "[indexing][advanced][errors]") {
  auto m = cupp::arange<int>(12).reshape({3, 4});
  // through a mask of the array's shape, NumPy takes values of 0 or 1 dimensions (TypeError)
  CHECK_THROWS_WITH_WORDS((m(m > 5) = cupp::asarray<int>({{1, 2, 3, 4, 5, 6}})), cupp::type_error,
                          "requires a 0 or 1-dimensional input, input has 2 dimensions");
  CHECK_THROWS_WITH_WORDS(sel(m(ix({0}), 0, 0)), cupp::index_error, "too many indices for array",
                          "array is 2-dimensional, but 3 were indexed");
  CHECK_THROWS_WITH_WORDS(sel(m(mask({1, 0, 1}, S(3)), 0, ix({1}))), cupp::index_error,
                          "too many indices");
  CHECK_THROWS_WITH_WORDS(sel(m(ix({0, 1}), ix({0, 1, 2}))), cupp::index_error,
                          "shape mismatch: indexing arrays could not be broadcast together with "
                          "shapes (2,) (3,)");
  CHECK_THROWS_WITH_WORDS((m(ix({0, 1}), ix({0, 1, 2})) = 1), cupp::index_error, "shape mismatch");
  const auto a = cupp::arange<int>(3);
  CHECK_THROWS_WITH_WORDS(sel(a(mask({1, 0, 1, 1}, S(4)))), cupp::index_error,
                          "boolean index did not match indexed array along axis 0; size of axis "
                          "is 3 but size of corresponding boolean axis is 4");
  CHECK_THROWS_WITH_WORDS(sel(m(slice(), mask({1, 0, 1}, S(3)))), cupp::index_error,
                          "boolean index did not match indexed array along axis 1; size of axis "
                          "is 4 but size of corresponding boolean axis is 3");
  CHECK_THROWS_WITH_WORDS((a(mask({1, 0, 1}, S(3))) = cupp::asarray<int>({7, 8, 9})),
                          cupp::value_error,
                          "NumPy boolean array indexing assignment cannot assign 3 input values to "
                          "the 2 output values where the mask is true");
  CHECK_THROWS_WITH_WORDS((a(ix({0, 1})) = cupp::asarray<int>({7, 8, 9})), cupp::value_error,
                          "shape mismatch: value array of shape (3,) could not be broadcast to "
                          "indexing result of shape (2,)");
  CHECK_THROWS_AS((m(ix({0, 1})) = cupp::zeros<int>({2, 3})), cupp::value_error);
  CHECK(host(a) == std::vector<int>{0, 1, 2}); // nothing was written
  cupp::synchronize();                         // and no fault is pending
}

TEST_CASE("out-of-bounds indices raise index_error at the next sync point",
          "[indexing][advanced][errors]") {
  const auto a = cupp::arange<int>(3);
  cupp::ndarray<int> r;
  CHECK_NOTHROW(r = sel(a(ix({0, 7}))));
  CHECK_THROWS_WITH_WORDS(cupp::synchronize(), cupp::index_error,
                          "index 7 is out of bounds for axis 0 with size 3");
  CHECK_NOTHROW(cupp::synchronize()); // raised once
  CHECK(host(sel(a(ix({2, -3})))) == std::vector<int>{2, 0});

  const auto m = cupp::arange<int>(12).reshape({3, 4});
  CHECK_NOTHROW(r = sel(m(slice(), ix({1, -5}))));
  CHECK_THROWS_WITH_WORDS((void)host(r), cupp::index_error,
                          "index -5 is out of bounds for axis 1 with size 4");
  CHECK(sel(m(ix({2}), ix({3}))).item() == 11);

  auto w = cupp::zeros<int>({3});
  CHECK_NOTHROW(w(ix({1, 3})) = 5);
  CHECK_THROWS_WITH_WORDS(cupp::synchronize(), cupp::index_error,
                          "index 3 is out of bounds for axis 0 with size 3");
  w = cupp::zeros<int>({3});
  w(ix({2, 0})) = cupp::asarray<int>({4, 6});
  CHECK(host(w) == std::vector<int>{6, 0, 4});

  CHECK_NOTHROW(w(ix({-4})) += 1);
  CHECK_THROWS_WITH_WORDS((void)sel(w(ix({0}))).item(), cupp::index_error,
                          "index -4 is out of bounds for axis 0 with size 3");
  CHECK_NOTHROW(cupp::synchronize());
}

TEST_CASE("selections through views with negative strides", "[indexing][advanced]") {
  // element offsets before data() are legitimate (expected values from NumPy 2)
  const auto b = cupp::arange<int>(20);
  const auto r = b(slice(none, none, -1));
  const auto mask = cupp::ndarray<bool>(
      cupp::asarray<bool>({true,  false, false, true,  false, false, true,  false, false, true,
                           false, false, true,  false, false, true,  false, false, true,  false}));
  CHECK(host(cupp::ndarray<int>(r(mask))) == std::vector<int>{19, 16, 13, 10, 7, 4, 1});
  CHECK(host(cupp::ndarray<int>(r(cupp::asarray<int>({1, 2})))) == std::vector<int>{18, 17});
  CHECK(host(cupp::take(cupp::flip(b, 0), cupp::asarray<int>({1, 2}))) == std::vector<int>{18, 17});
  const auto c = cupp::arange<int>(6);
  const auto m6 = cupp::asarray<bool>({true, false, true, true, false, false});
  CHECK(host(cupp::extract(m6, cupp::flip(c))) == std::vector<int>{5, 3, 2});
  CHECK(host(cupp::compress(m6, cupp::flip(c))) == std::vector<int>{5, 3, 2});
  auto d = cupp::arange<int>(6);
  cupp::add_at(cupp::flip(d), 10, cupp::asarray<int>({5, 5, 0}));
  CHECK(host(d) == std::vector<int>{20, 1, 2, 3, 4, 15});
  auto e = cupp::arange<int>(20);
  e(slice(none, none, -1))(cupp::asarray<int>({0, 19})) = cupp::asarray<int>({-7, -8});
  CHECK(host(e)[19] == -7);
  CHECK(host(e)[0] == -8);
}
