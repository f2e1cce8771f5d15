// Operands that overlap the array written (expr/overlap.hpp): compound assignment, assign, out=
// and advanced-index assignment give NumPy's results, which are those of copying the overlapping
// operand first (NumPy's results as literals, the NumPy statement beside them). Without the copy a
// kernel would read elements it has already written: the host backend's loops show it in order, the
// GPU in races, which the large cases expose. Operands elementwise identical to the output stay in
// place.
#include "common/testing.hpp"

#include <cupp/math/functions.hpp>

#include <cstdint>
#include <vector>

using namespace cupp_test;
using cupp::none;
using cupp::slice;
using i64 = std::int64_t;

TEST_CASE("may_share_memory compares the bytes views span", "[math][overlap]") {
  const auto a = cupp::arange<i64>(10);
  using cupp::may_share_memory;
  CHECK(may_share_memory(a(slice(none, 5)), a(slice(4, none))));
  CHECK_FALSE(may_share_memory(a(slice(none, 5)), a(slice(5, none))));
  CHECK(may_share_memory(a(slice(none, none, 2)), a(slice(1, none, 2)))); // bounds interleave
  CHECK(may_share_memory(reversed(a), a(slice(9, none))));
  CHECK_FALSE(may_share_memory(a(slice(3, 3)), a)); // empty
  CHECK_FALSE(may_share_memory(a, cupp::arange<i64>(10)));
  const auto m = cupp::arange<double>(12).reshape({3, 4});
  CHECK(may_share_memory(m.transpose(), m(2, slice())));
  CHECK_FALSE(may_share_memory(m(slice(none, 1), slice()), m(slice(1, none), slice())));
  using cupp::expr::same_elements;
  CHECK(same_elements(a(slice(none, none, 2)), a(slice(none, none, 2))));
  CHECK_FALSE(same_elements(a(slice(none, 5)), a(slice(none, 5)).reshape({5, 1})));
  CHECK_FALSE(same_elements(reversed(a), a));
}

TEST_CASE("compound assignment copies an operand that overlaps the array", "[math][overlap]") {
  auto a = cupp::asarray<i64>({5, 0, 0, 0, 0});
  a(slice(1, none)) += a(slice(none, -1)); // a[1:] += a[:-1]
  CHECK(host(a) == std::vector<i64>{5, 5, 0, 0, 0});
  auto b = cupp::asarray<i64>({1, 2, 3, 4});
  b(slice(none, -1)) += b(slice(1, none)); // b[:-1] += b[1:]
  CHECK(host(b) == std::vector<i64>{3, 5, 7, 4});
  auto c = cupp::asarray<i64>({1, 2, 3, 4});
  c += reversed(c); // c += c[::-1]
  CHECK(host(c) == std::vector<i64>{5, 5, 5, 5});
  auto m = cupp::arange<i64>(9).reshape({3, 3});
  m += m(0, slice()); // m += m[0]: a broadcast row of m itself
  CHECK(host(m) == std::vector<i64>{0, 2, 4, 3, 5, 7, 6, 8, 10});
  auto s = cupp::arange<i64>(9).reshape({3, 3});
  s += s.transpose();
  CHECK(host(s) == std::vector<i64>{0, 4, 8, 4, 8, 12, 8, 12, 16});
  auto f = cupp::arange<double>(8);
  f(slice(none, none, 2)) += f(slice(1, none, 2)); // a[::2] += a[1::2]: interleaved, disjoint
  CHECK(host(f) == std::vector<double>{1, 1, 5, 3, 9, 5, 13, 7});
  auto e = cupp::asarray<double>({1, 2, 3, 4});
  e *= e(slice(none, none, -1)) - 1.0; // an overlapping leaf inside an expression
  CHECK(host(e) == std::vector<double>{3, 4, 3, 0});
}

TEST_CASE("elementwise identical operands are read in place", "[math][overlap]") {
  auto a = cupp::arange<double>(8);
  auto same = a; // a handle: the same elements
  a += same;
  CHECK(host(a) == std::vector<double>{0, 2, 4, 6, 8, 10, 12, 14});
  a(slice(none, none, 2)) += a(slice(none, none, 2)); // two views of the same elements
  CHECK(host(a) == std::vector<double>{0, 2, 8, 6, 16, 10, 24, 14});
  a *= a;
  CHECK(host(a)[7] == 196);
  auto z = cupp::full<i64>({}, 3);
  z += z;
  CHECK(z.item() == 6);
  auto empty = cupp::zeros<i64>({0});
  empty += reversed(empty);
  CHECK(empty.size() == 0);
}

TEST_CASE("assign copies a source that overlaps the array", "[math][overlap]") {
  auto m = cupp::arange<i64>(9).reshape({3, 3});
  m.assign(m.transpose()); // m[...] = m.T
  CHECK(host(m) == std::vector<i64>{0, 3, 6, 1, 4, 7, 2, 5, 8});
  // the tiled transpose path (both sides at least 16)
  const i64 n = 40;
  auto big = cupp::arange<i64>(n * n).reshape({n, n});
  big.assign(big.transpose());
  std::vector<i64> want(static_cast<std::size_t>(n * n));
  for (i64 i = 0; i < n; ++i)
    for (i64 j = 0; j < n; ++j)
      want[static_cast<std::size_t>(i * n + j)] = j * n + i;
  CHECK(host(big) == want);
  auto r = cupp::arange<double>(6);
  r(slice(1, none)) = r(slice(none, -1)); // a[1:] = a[:-1]
  CHECK(host(r) == std::vector<double>{0, 0, 1, 2, 3, 4});
}

TEST_CASE("out= copies inputs that overlap the output", "[math][overlap][out]") {
  auto a = cupp::asarray<i64>({5, 0, 0, 0});
  cupp::add(a(slice(none, -1)), 1, a(slice(1, none))); // np.add(a[:-1], 1, out=a[1:])
  CHECK(host(a) == std::vector<i64>{5, 6, 1, 1});
  auto f = cupp::asarray<double>({1, 2, 3, 4});
  cupp::multiply(reversed(f), 2, f); // np.multiply(a[::-1], 2, out=a)
  CHECK(host(f) == std::vector<double>{8, 6, 4, 2});
  auto g = cupp::arange<double>(6);
  cupp::add(g(slice(none, 3)), g(slice(3, none)), g(slice(1, 4))); // out=a[1:4]
  CHECK(host(g) == std::vector<double>{0, 3, 5, 7, 4, 5});
  auto m = cupp::arange<i64>(6).reshape({2, 3});
  cupp::subtract(m, m(slice(), slice(none, none, -1)), m(slice(), slice(none, none, -1)));
  CHECK(host(m) ==
        std::vector<i64>{2, 0, -2, 2, 0, -2}); // np.subtract(a, b, out=b), b = a[:, ::-1]
  auto n = cupp::arange<i64>(4);
  cupp::negative(reversed(n), n);
  CHECK(host(n) == std::vector<i64>{-3, -2, -1, 0});
  auto c = cupp::asarray<i64>({5, -3, 8, 1});
  cupp::clip(reversed(c), 0, 6, c);
  CHECK(host(c) == std::vector<i64>{1, 6, 0, 5});
  auto x = cupp::arange<i64>(5);
  cupp::maximum(reversed(x), x, x);
  CHECK(host(x) == std::vector<i64>{4, 3, 2, 3, 4});
  auto b = cupp::asarray({true, false, true});
  cupp::logical_not(reversed(b), b);
  CHECK(host(b) == std::vector<bool>{false, true, false});
}

TEST_CASE("two-output ufuncs read their inputs before either output is written",
          "[math][overlap][out]") {
  auto a = cupp::asarray<i64>({7, -7, 9});
  auto b = cupp::asarray<i64>({2, 2, -4});
  cupp::divmod(a, b, b, a); // np.divmod(a, b, out=(b, a))
  CHECK(host(b) == std::vector<i64>{3, -4, -3});
  CHECK(host(a) == std::vector<i64>{1, 1, -3});
  auto p = cupp::asarray<i64>({7, 8, 9, 10});
  auto r = cupp::zeros<i64>({4});
  cupp::divmod(p, 3, p, r); // np.divmod(a, 3, out=(a, b))
  CHECK(host(p) == std::vector<i64>{2, 2, 3, 3});
  CHECK(host(r) == std::vector<i64>{1, 2, 0, 1});
  auto x = cupp::asarray<double>({1.5, -2.25, 3.0});
  auto y = cupp::zeros<double>({3});
  cupp::modf(x, x, y); // np.modf(x, out=(x, y))
  CHECK(host(x) == std::vector<double>{0.5, -0.25, 0.0});
  CHECK(host(y) == std::vector<double>{1.0, -2.0, 3.0});
  auto u = cupp::asarray<double>({1.5, -2.25, 3.0});
  auto v = cupp::zeros<double>({3});
  cupp::modf(u, v, u); // np.modf(x, out=(y, x))
  CHECK(host(u) == std::vector<double>{1.0, -2.0, 3.0});
  CHECK(host(v) == std::vector<double>{0.5, -0.25, 0.0});
}

TEST_CASE("advanced-index assignment copies a value that overlaps the array", "[math][overlap]") {
  const auto idx = cupp::asarray<i64>({1, 2, 3});
  auto a = cupp::arange<i64>(6);
  a(idx) = a(slice(none, 3)); // a[[1, 2, 3]] = a[:3]
  CHECK(host(a) == std::vector<i64>{0, 0, 1, 2, 4, 5});
  auto b = cupp::arange<i64>(6);
  b(idx) += b(slice(none, 3)); // b[[1, 2, 3]] += b[:3]
  CHECK(host(b) == std::vector<i64>{0, 1, 3, 5, 4, 5});
  auto c = cupp::arange<i64>(6);
  c(idx).add_at(c(slice(none, 3))); // np.add.at(c, [1, 2, 3], c[:3])
  CHECK(host(c) == std::vector<i64>{0, 1, 3, 5, 4, 5});
}

TEST_CASE("large overlapping updates match a host loop", "[math][overlap]") {
  const i64 n = GENERATE(as<i64>{}, 2, 1000, 100003);
  auto a = cupp::arange<i64>(n);
  a(slice(1, none)) += a(slice(none, -1)); // a[i] = i + (i - 1)
  const auto h = host(a);
  bool ok = h[0] == 0;
  for (i64 i = 1; i < n; ++i)
    ok = ok && h[static_cast<std::size_t>(i)] == 2 * i - 1;
  CHECK(ok);
  auto r = cupp::arange<double>(n);
  cupp::subtract(reversed(r), r, r); // (n - 1 - i) - i
  const auto hr = host(r);
  ok = true;
  for (i64 i = 0; i < n; ++i)
    ok = ok && hr[static_cast<std::size_t>(i)] == static_cast<double>(n - 1 - 2 * i);
  CHECK(ok);
}
