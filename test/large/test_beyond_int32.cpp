// Arrays of more than 2^31 elements outside elementwise kernels (issue 20; elementwise is
// test/math/test_large.cpp): whole and axis reductions, argmax, scans, sort and argsort, unique,
// nonzero and mask extraction, take and put, concatenate and a transposed copy. A 32-bit count or
// index anywhere on the way (a CUB call's num_items, a grid's block index times its width, an
// int offset) wraps at 2^31 and shows up at the elements checked: those around 2^31 and the last.
// uint8/int8 keep each array near 2 GiB. The references are closed forms of the value pattern
// a[i] = i mod 256 (arange of uint8 wraps so), not another run of the same code.
//
// The CUDA backend only (test/CMakeLists.txt): the host backend's OpenMP loops index with 64 bits
// throughout, and a 2-core CI machine has neither the memory (argsort's result alone is 17 GB)
// nor the time for it. scripts/gpu_check.sh runs it on the H200 with the other suites.
#include "common/testing.hpp"

#include <cupp/creation.hpp>
#include <cupp/expr/evaluate.hpp>
#include <cupp/indexing/basic.hpp>
#include <cupp/indexing/mask.hpp>
#include <cupp/indexing/take.hpp>
#include <cupp/manipulation/join.hpp>
#include <cupp/math/compare.hpp>
#include <cupp/reduction/reduce.hpp>
#include <cupp/reduction/scan.hpp>
#include <cupp/sorting/sets.hpp>
#include <cupp/sorting/sort.hpp>

#include <cstdint>
#include <vector>

using cupp::index_t;
using cupp::slice;

namespace {

constexpr index_t big = (index_t{1} << 31) + 1001; // past 2^31, not a multiple of 256
constexpr index_t two31 = index_t{1} << 31;

// sum_{i < k} (i mod 256)
std::uint64_t pattern_sum(index_t k) {
  const index_t q = k / 256, r = k % 256;
  return static_cast<std::uint64_t>(q * (255 * 256 / 2) + r * (r - 1) / 2);
}

cupp::ndarray<std::uint8_t> pattern(index_t n) { return cupp::arange<std::uint8_t>(0, n); }

// positions where a wrapped 32-bit index would show: the start, around 2^31 and the end
std::vector<index_t> probes(index_t n) {
  std::vector<index_t> p = {0, 1, two31 - 2, two31 - 1, two31, two31 + 1, n - 2, n - 1};
  std::vector<index_t> in;
  for (const index_t i : p)
    if (i >= 0 && i < n) in.push_back(i);
  return in;
}

template <class T> T at(const cupp::ndarray<T>& a, index_t i) {
  return a(slice(i, i + 1)).get()[0];
}

} // namespace

TEST_CASE("whole-array reductions past 2^31 elements", "[large]") {
  const auto a = pattern(big);
  CHECK(cupp::sum(a).item() == pattern_sum(big));
  CHECK(cupp::max(a).item() == 255);
  CHECK(cupp::count_nonzero(a).item() == big - (big + 255) / 256);
  // one nonzero element past 2^31: argmax's index must not wrap
  auto z = cupp::zeros<std::int8_t>({big});
  z(slice(big - 3, big - 2)).fill(std::int8_t{5});
  CHECK(cupp::argmax(z).item() == big - 3);
  CHECK(cupp::argmin(cupp::ndarray<std::int8_t>(-z)).item() == big - 3);
  CHECK(cupp::any(z).item());
  CHECK(cupp::count_nonzero(z).item() == 1);
}

TEST_CASE("axis reductions whose array passes 2^31 elements", "[large]") {
  const index_t m =
      (index_t{1} << 30) + 513; // two rows: the second starts past 2^30, ends past 2^31
  const auto a = pattern(2 * m).reshape({2, m});
  const auto rows = cupp::sum(a, 1).get();
  CHECK(rows[0] == pattern_sum(m));
  CHECK(rows[1] == pattern_sum(2 * m) - pattern_sum(m));
  const cupp::ndarray<std::uint64_t> cols = cupp::sum(a, 0);
  for (const index_t j : {index_t{0}, m - 600, m - 2, m - 1}) {
    INFO("column " << j);
    CHECK(at(cols, j) == static_cast<std::uint64_t>(j % 256 + (m + j) % 256));
  }
  const cupp::ndarray<index_t> am = cupp::argmax(a, 1);
  CHECK(at(am, 0) == 255);
  CHECK(at(am, 1) == (256 - m % 256 + 255) % 256); // the first 255 of the second row
}

TEST_CASE("scans past 2^31 elements", "[large]") {
  const auto a = pattern(big);
  const auto c = cupp::cumsum(a);
  REQUIRE(c.size() == big);
  for (const index_t i : probes(big)) {
    INFO("element " << i);
    CHECK(static_cast<std::uint64_t>(at(c, i)) == pattern_sum(i + 1));
  }
}

namespace {

// int8 of the pattern: -128..127, each q or q + 1 times
cupp::ndarray<std::int8_t> int8_pattern() { return pattern(big).astype<std::int8_t>(); }

// the position after the last copy of value v in the sorted int8 pattern
index_t end_of(int v) {
  const index_t q = big / 256, r = big % 256;
  index_t e = 0;
  for (int w = -128; w <= v; ++w) {
    const index_t u = static_cast<std::uint8_t>(static_cast<std::int8_t>(w)); // i mod 256
    e += q + (u < r ? 1 : 0);
  }
  return e;
}

} // namespace

TEST_CASE("sort past 2^31 elements", "[large]") {
  const auto s = cupp::sort(int8_pattern());
  for (const index_t i : probes(big)) {
    int v = -128; // the value whose copies cover position i
    while (end_of(v) <= i)
      ++v;
    INFO("element " << i);
    CHECK(at(s, i) == v);
  }
}

TEST_CASE("argsort past 2^31 elements", "[large]") {
  // stable: the copies of a value in index order; the last element is the last 127
  const auto idx = cupp::argsort(int8_pattern(), -1, "stable");
  const index_t last127 = (big - 1) - ((big - 1 - 127) % 256);
  CHECK(at(idx, big - 1) == last127);
  CHECK(at(idx, 0) == 128);            // the first -128
  CHECK(at(idx, end_of(-128)) == 129); // the first -127
}

TEST_CASE("unique, nonzero and mask extraction past 2^31 elements", "[large]") {
  CHECK(cupp::unique(pattern(big)).get() == cupp::arange<std::uint8_t>(0, 256).get());
  auto z = cupp::zeros<std::uint8_t>({big});
  const std::vector<index_t> where = {5, two31 - 1, two31, big - 1};
  for (std::size_t k = 0; k < where.size(); ++k)
    z(slice(where[k], where[k] + 1)).fill(static_cast<std::uint8_t>(k + 1));
  CHECK(cupp::flatnonzero(z).get() == where);
  CHECK(cupp::ndarray<std::uint8_t>(z(cupp::ndarray<bool>(z != std::uint8_t{0}))).get() ==
        std::vector<std::uint8_t>{1, 2, 3, 4});
}

TEST_CASE("take and put past 2^31 elements", "[large]") {
  auto a = pattern(big);
  const std::vector<index_t> where = {0, two31 - 1, two31, big - 1};
  const auto ind = cupp::asarray(where);
  std::vector<std::uint8_t> want;
  for (const index_t i : where)
    want.push_back(static_cast<std::uint8_t>(i % 256));
  CHECK(cupp::take(a, ind).get() == want);
  cupp::put(a, ind, cupp::asarray(std::vector<std::uint8_t>{9, 8, 7, 6}));
  for (std::size_t k = 0; k < where.size(); ++k)
    CHECK(at(a, where[k]) == static_cast<int>(9 - k));
  CHECK(at(a, two31 + 1) == (two31 + 1) % 256); // its neighbours untouched
}

TEST_CASE("concatenate and a transposed copy past 2^31 elements", "[large]") {
  const index_t h = (index_t{1} << 30) + 7;
  const auto c = cupp::concatenate({pattern(h), pattern(h + 999)});
  REQUIRE(c.size() == 2 * h + 999);
  CHECK(at(c, h - 1) == (h - 1) % 256);
  CHECK(at(c, h) == 0);
  CHECK(at(c, c.size() - 1) == (h + 998) % 256);
  CHECK(at(c, two31) == (two31 - h) % 256);
  // (rows, cols) -> (cols, rows): the source element (r, k) lands at k * rows + r
  const index_t rows = (index_t{1} << 16) + 3, cols = (index_t{1} << 15) + 5; // 2^31 + ...
  const cupp::ndarray<std::uint8_t> t =
      pattern(rows * cols).reshape({rows, cols}).transpose().copy();
  for (const index_t k : {index_t{0}, cols - 1})
    for (const index_t r : {index_t{0}, rows - 1}) {
      INFO("(" << r << ", " << k << ")");
      CHECK(at(t.reshape({rows * cols}), k * rows + r) == (r * cols + k) % 256);
    }
}
