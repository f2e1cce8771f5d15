// matmul, dot and vdot of the dtypes without a BLAS: bool and integers exact as NumPy's (wrapping
// in their dtype, or of ands for bool) against a host loop in the same arithmetic, float16 and
// bfloat16 through float32 against a float loop rounded once; stacks, vectors, views, errors.
#include "common/testing.hpp"

#include <cupp/linalg/dot.hpp>
#include <cupp/manipulation/join.hpp>
#include <cupp/manipulation/views.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

using namespace cupp_test;

namespace {

// c = a @ b for a stack of `count` (m x k) by (k x n), accumulated in T itself (NumPy's integer
// matmul wraps in its dtype; a bool product is an or of ands), unsigned arithmetic for the wrap
template <class T>
std::vector<T> exact_matmul(const std::vector<T>& a, const std::vector<T>& b, std::int64_t count,
                            std::int64_t m, std::int64_t k, std::int64_t n) {
  std::vector<T> c(static_cast<std::size_t>(count * m * n));
  for (std::int64_t q = 0; q < count; ++q)
    for (std::int64_t i = 0; i < m; ++i)
      for (std::int64_t j = 0; j < n; ++j) {
        if constexpr (std::is_same_v<T, bool>) {
          bool any = false;
          for (std::int64_t p = 0; p < k; ++p)
            any = any || (a[(q * m + i) * k + p] && b[(q * k + p) * n + j]);
          c[(q * m + i) * n + j] = any;
        } else {
          using U = std::make_unsigned_t<T>;
          U acc = 0;
          for (std::int64_t p = 0; p < k; ++p)
            acc = static_cast<U>(acc + static_cast<U>(static_cast<U>(a[(q * m + i) * k + p]) *
                                                      static_cast<U>(b[(q * k + p) * n + j])));
          c[(q * m + i) * n + j] = static_cast<T>(acc);
        }
      }
  return c;
}

// values that overflow T in the products and sums (bool: a pattern of both)
template <class T> std::vector<T> spread(std::int64_t size, int seed) {
  std::vector<T> v(static_cast<std::size_t>(size));
  for (std::int64_t i = 0; i < size; ++i) {
    if constexpr (std::is_same_v<T, bool>) {
      v[i] = (i * 7 + seed) % 3 == 0;
    } else {
      const auto big = std::numeric_limits<T>::max() / 3;
      v[i] =
          static_cast<T>(i % 4 == 0 ? big - (i + seed) : (i * 37 + seed) % 101 - (i % 2 ? 0 : 50));
    }
  }
  return v;
}

// a device array of v (std::vector<bool> has no contiguous storage to hand over)
template <class T> cupp::ndarray<T> device(const std::vector<T>& v, const cupp::shape_t& shape) {
  std::unique_ptr<T[]> buf(new T[v.size() ? v.size() : 1]);
  std::copy(v.begin(), v.end(), buf.get());
  return cupp::asarray(buf.get(), shape);
}

using exact_dtypes = std::tuple<bool, std::int8_t, std::int16_t, std::int32_t, std::int64_t,
                                std::uint8_t, std::uint32_t, std::uint64_t>;

} // namespace

TEMPLATE_LIST_TEST_CASE("matmul of bool and integers is exact, as NumPy's", "[linalg][dot]",
                        exact_dtypes) {
  using T = TestType;
  const std::int64_t m = GENERATE(1, 3, 17), k = GENERATE(0, 1, 5, 40), n = 6, count = 3;
  CAPTURE(m, k);
  const auto a = spread<T>(count * m * k, 1), b = spread<T>(count * k * n, 2);
  const auto want = exact_matmul(a, b, count, m, k, n);
  const auto da = device(a, {count, m, k});
  const auto db = device(b, {count, k, n});
  const auto c = cupp::matmul(da, db);
  STATIC_REQUIRE(std::is_same_v<decltype(c), const cupp::ndarray<T>>);
  CHECK(c.shape() == cupp::shape_t{count, m, n});
  CHECK(c.get() == want);
  // a transposed view and a reversed stack give the same products
  const auto at = cupp::ndarray<T>(da.swapaxes(1, 2).copy()).swapaxes(1, 2);
  CHECK(cupp::matmul(at, db).get() == want);
  // one matrix broadcast against the stack
  const auto first = cupp::matmul(da(0), db);
  CHECK(first.shape() == cupp::shape_t{count, m, n});
  const auto a0 = std::vector<T>(a.begin(), a.begin() + m * k);
  for (std::int64_t q = 0; q < count; ++q) {
    const std::vector<T> bq(b.begin() + q * k * n, b.begin() + (q + 1) * k * n);
    const auto wq = exact_matmul(a0, bq, 1, m, k, n);
    const auto got = cupp::ndarray<T>(first(q)).get();
    CHECK(got == wq);
  }
}

TEMPLATE_LIST_TEST_CASE("dot and vdot of bool and integers: vectors and matrices", "[linalg][dot]",
                        exact_dtypes) {
  using T = TestType;
  const std::int64_t k = 9;
  const auto x = spread<T>(k, 3), y = spread<T>(k, 4), m = spread<T>(4 * k, 5);
  const auto dx = device(x, {k}), dy = device(y, {k});
  const auto dm = device(m, {4, k});
  const T inner = exact_matmul(x, y, 1, 1, k, 1)[0];
  CHECK(cupp::dot(dx, dy).shape() == cupp::shape_t{});
  CHECK(cupp::dot(dx, dy).item() == inner);
  CHECK(cupp::vdot(dx, dy).item() == inner);
  CHECK(cupp::vdot(dm, cupp::ndarray<T>(dm.copy())).item() ==
        exact_matmul(m, m, 1, 1, 4 * k, 1)[0]);
  CHECK(cupp::matmul(dx, dy).item() == inner);
  // (4, k) @ (k,) and (k,) @ (k, 4)
  const auto mv = cupp::dot(dm, dy);
  CHECK(mv.shape() == cupp::shape_t{4});
  CHECK(mv.get() == exact_matmul(m, y, 1, 4, k, 1));
  const auto mt = cupp::ndarray<T>(dm.T().copy());
  const auto vm = cupp::matmul(dx, mt);
  CHECK(vm.shape() == cupp::shape_t{4});
  CHECK(vm.get() == cupp::dot(dm, dx).get());
  // a reversed (negative-stride) vector
  CHECK(cupp::dot(reversed(dx), reversed(dy)).item() == inner);
}

TEMPLATE_TEST_CASE("matmul of float16 and bfloat16 multiplies in float32, rounded once",
                   "[linalg][dot]", cupp::float16, cupp::bfloat16) {
  using T = TestType;
  const std::int64_t m = 5, k = 33, n = 4;
  std::vector<T> a, b;
  for (std::int64_t i = 0; i < m * k; ++i)
    a.push_back(T(static_cast<float>((i * 13) % 29 - 14) / 8.0f));
  for (std::int64_t i = 0; i < k * n; ++i)
    b.push_back(T(static_cast<float>((i * 7) % 23 - 11) / 4.0f));
  std::vector<T> want;
  for (std::int64_t i = 0; i < m; ++i)
    for (std::int64_t j = 0; j < n; ++j) {
      float acc = 0; // the products and sums are exact in float32 here (small dyadic values)
      for (std::int64_t p = 0; p < k; ++p)
        acc += static_cast<float>(a[i * k + p]) * static_cast<float>(b[p * n + j]);
      want.push_back(T(acc));
    }
  const auto c = cupp::matmul(cupp::asarray(a.data(), {m, k}), cupp::asarray(b.data(), {k, n}));
  STATIC_REQUIRE(std::is_same_v<decltype(c), const cupp::ndarray<T>>);
  const auto got = c.get();
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i)
    CHECK(got[i].bits == want[i].bits);
  CHECK(cupp::dot(cupp::asarray(a.data(), {m, k}), cupp::asarray(b.data(), {k, n})).get().size() ==
        want.size());

  // transposed views (the library's op flags) and a stack with b broadcast over it
  const auto at = cupp::asarray(a.data(), {m, k}).transpose().copy().transpose();
  const auto bt = cupp::asarray(b.data(), {k, n}).transpose().copy().transpose();
  REQUIRE(!at.is_c_contiguous());
  const auto ct = cupp::matmul(at, bt).get();
  for (std::size_t i = 0; i < ct.size(); ++i)
    CHECK(ct[i].bits == want[i].bits);
  const auto stack = cupp::stack({cupp::asarray(a.data(), {m, k}), at});
  const auto cs = cupp::matmul(stack, cupp::asarray(b.data(), {k, n}));
  REQUIRE(cs.shape() == cupp::shape_t{2, m, n});
  const auto got_stack = cs.get();
  for (std::size_t i = 0; i < got_stack.size(); ++i)
    CHECK(got_stack[i].bits == want[i % want.size()].bits);
}

TEST_CASE("matmul of integers raises NumPy's errors", "[linalg][dot][errors]") {
  const auto a = cupp::zeros<int>({2, 3}), b = cupp::zeros<int>({4, 5});
  CHECK_THROWS_WITH_WORDS(cupp::matmul(a, b), cupp::value_error, "mismatch in its core dimension 0",
                          "(size 4 is different from 3)");
  CHECK_THROWS_WITH_WORDS(cupp::matmul(cupp::zeros<int>({2, 2, 3}), cupp::zeros<int>({3, 3, 1})),
                          cupp::value_error, "operands could not be broadcast together");
  CHECK_THROWS_WITH_WORDS(cupp::matmul(cupp::zeros<int>(cupp::shape_t{}), b), cupp::value_error,
                          "does not have enough dimensions");
  CHECK_THROWS_WITH_WORDS(cupp::dot(a, b), cupp::value_error, "not aligned");
  CHECK_THROWS_WITH_WORDS(cupp::vdot(a, b), cupp::value_error, "vectors have different lengths");
}
