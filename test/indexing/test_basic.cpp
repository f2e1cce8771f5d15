// Basic indexing against Python's slice rules (an obvious host model of them) and NumPy's errors:
// which results are views (they share memory and writes show through).
#include "common/testing.hpp"

#include <cupp/indexing/basic.hpp>
#include <cupp/math/arithmetic.hpp>

using namespace cupp_test;
using cupp::ellipsis;
using cupp::newaxis;
using cupp::none;
using cupp::slice;

namespace {
// Python's list(range(n))[start:stop:step], written the obvious way.
std::vector<std::int64_t> python_slice(std::int64_t n, std::optional<std::int64_t> start,
                                       std::optional<std::int64_t> stop,
                                       std::optional<std::int64_t> step) {
  const std::int64_t st = step.value_or(1);
  auto clamp = [&](std::optional<std::int64_t> v, std::int64_t dflt) {
    if (!v) return dflt;
    std::int64_t x = *v < 0 ? *v + n : *v;
    if (st > 0) return std::min(std::max<std::int64_t>(x, 0), n);
    return std::min(std::max<std::int64_t>(x, -1), n - 1);
  };
  const std::int64_t b = clamp(start, st > 0 ? 0 : n - 1), e = clamp(stop, st > 0 ? n : -1);
  std::vector<std::int64_t> r;
  for (std::int64_t i = b; st > 0 ? i < e : i > e; i += st)
    r.push_back(i);
  return r;
}
} // namespace

TEST_CASE("slices follow Python's rules, including clamping and negative steps", "[indexing]") {
  for (std::int64_t n : {0, 1, 2, 7}) {
    const auto a = cupp::arange<std::int64_t>(n);
    for (auto start : {std::optional<std::int64_t>{}, std::optional<std::int64_t>{-9},
                       std::optional<std::int64_t>{-1}, std::optional<std::int64_t>{0},
                       std::optional<std::int64_t>{2}, std::optional<std::int64_t>{8}})
      for (auto stop : {std::optional<std::int64_t>{}, std::optional<std::int64_t>{-8},
                        std::optional<std::int64_t>{-2}, std::optional<std::int64_t>{1},
                        std::optional<std::int64_t>{5}, std::optional<std::int64_t>{9}})
        for (auto step : {std::optional<std::int64_t>{}, std::optional<std::int64_t>{1},
                          std::optional<std::int64_t>{2}, std::optional<std::int64_t>{-1},
                          std::optional<std::int64_t>{-3}}) {
          const auto v = a(slice(start, stop, step));
          INFO("n=" << n << " start=" << start.value_or(999) << " stop=" << stop.value_or(999)
                    << " step=" << step.value_or(999));
          CHECK(host(v) == python_slice(n, start, stop, step));
        }
  }
  CHECK_THROWS_WITH_WORDS((void)cupp::arange(3)(slice(none, none, 0)), cupp::value_error,
                          "slice step cannot be zero");
}

TEST_CASE("integers, newaxis and ellipsis combine as in NumPy", "[indexing]") {
  const auto a = cupp::arange<int>(24).reshape({2, 3, 4});
  CHECK(a(1).shape() == cupp::shape_t{3, 4});
  CHECK(host(a(1, 2)) == std::vector<int>{20, 21, 22, 23});
  CHECK(a(-1, -1, -1).ndim() == 0);
  CHECK(a(-1, -1, -1).item() == 23);
  CHECK(host(a(slice(), 1)) == std::vector<int>{4, 5, 6, 7, 16, 17, 18, 19});
  CHECK(host(a(ellipsis, 0)) == std::vector<int>{0, 4, 8, 12, 16, 20});
  CHECK(host(a(0, ellipsis, slice(none, none, -2))) == std::vector<int>{3, 1, 7, 5, 11, 9});
  // a[1:, ::2, None, ..., -1]
  const auto v = a(slice(1, none), slice(none, none, 2), newaxis, ellipsis, -1);
  CHECK(v.shape() == cupp::shape_t{1, 2, 1});
  CHECK(host(v) == std::vector<int>{15, 23});
  CHECK(a(newaxis).shape() == cupp::shape_t{1, 2, 3, 4});
  CHECK(a(ellipsis, newaxis).shape() == cupp::shape_t{2, 3, 4, 1});
  CHECK(a().shape() == a.shape());
  const auto s = cupp::full<float>({}, 2.f);
  CHECK(s(newaxis).shape() == cupp::shape_t{1});
  CHECK(s(ellipsis).item() == 2.f);
  CHECK(a(slice(5, none)).size() == 0); // empty views are fine
}

TEST_CASE("views share memory; assignment through them writes", "[indexing]") {
  auto a = cupp::zeros<int>({3, 4});
  auto row = a(1);
  row.fill(7);
  CHECK(host(a) == std::vector<int>{0, 0, 0, 0, 7, 7, 7, 7, 0, 0, 0, 0});
  a(slice(), 0) = 5;                                    // a[:, 0] = 5
  a(2, slice(1, none)) = cupp::asarray<int>({1, 2, 3}); // a[2, 1:] = [1, 2, 3]
  a(0, slice(none, none, -1)) += cupp::arange<int>(4);  // a[0, ::-1] += arange(4)
  CHECK(host(a) == std::vector<int>{8, 2, 1, 0, 5, 7, 7, 7, 5, 1, 2, 3});
  a(ellipsis) = cupp::asarray<int>({9, 8, 7, 6}); // broadcast over rows
  CHECK(host(a(1)) == std::vector<int>{9, 8, 7, 6});
  auto b = a; // an lvalue still rebinds
  b = cupp::zeros<int>({2});
  CHECK(a.shape() == cupp::shape_t{3, 4});
  CHECK_THROWS_WITH_WORDS((a(0) = cupp::zeros<int>({3})), cupp::value_error,
                          "could not broadcast input array from shape (3,) into shape (4,)");
}

TEST_CASE("a value's leading unit axes beyond the target's are dropped, as NumPy's", "[indexing]") {
  auto a = cupp::zeros<int>({3, 4});
  a(0) = cupp::arange<int>(4).reshape({1, 1, 4});             // a[0] = arange(4).reshape(1, 1, 4)
  a(slice(1, none)) = cupp::full<int>({1, 2, 1}, 5);          // a[1:] = full((1, 2, 1), 5)
  a(2, slice(none, none, -2)) = cupp::asarray<int>({{8, 9}}); // a[2, ::-2] = [[8, 9]]
  CHECK(host(a) == std::vector<int>{0, 1, 2, 3, 5, 5, 5, 5, 5, 9, 5, 8});
  a(0) = cupp::arange<int>(4).reshape({1, 4}) * 2; // the product broadcasts to (1, 4)
  CHECK(host(a(0)) == std::vector<int>{0, 2, 4, 6});
  auto v = cupp::zeros<float>({3});
  CHECK_NOTHROW((v(slice(2, 2)) = cupp::ones<float>({1, 0}))); // v[2:2] = ones((1, 0))
  CHECK(host(v) == std::vector<float>{0, 0, 0});
  // only unit axes go, and only in front: (2, 4) and (4, 1) into (4,) still raise
  CHECK_THROWS_WITH_WORDS((a(0) = cupp::zeros<int>({2, 4})), cupp::value_error,
                          "could not broadcast input array from shape (2, 4) into shape (4,)");
  CHECK_THROWS_WITH_WORDS((a(0) = cupp::zeros<int>({4, 1})), cupp::value_error,
                          "could not broadcast input array from shape (4, 1) into shape (4,)");
}

TEST_CASE("bad basic indices raise NumPy's errors", "[indexing][errors]") {
  const auto a = cupp::zeros<float>({2, 3});
  CHECK_THROWS_WITH_WORDS((void)a(2), cupp::index_error,
                          "index 2 is out of bounds for axis 0 with size 2");
  CHECK_THROWS_WITH_WORDS((void)a(0, -4), cupp::index_error,
                          "index -4 is out of bounds for axis 1 with size 3");
  CHECK_THROWS_WITH_WORDS((void)a(0, 0, 0), cupp::index_error,
                          "too many indices for array: array is 2-dimensional, but 3 were indexed");
  CHECK_THROWS_WITH_WORDS((void)a(ellipsis, 0, ellipsis), cupp::index_error,
                          "an index can only have a single ellipsis");
  CHECK_THROWS_AS((void)cupp::full<int>({}, 1)(0), cupp::index_error);
}
