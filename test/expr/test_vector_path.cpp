// Contiguous expressions evaluate V consecutive elements per thread with 16-byte loads and stores
// where the arrays are aligned, element by element where they are not, and the last n % V
// elements apart. Against host loops: every offset of the operands and the result within 16 bytes,
// lengths around multiples of V, result dtypes of 1, 2, 4 and 8 bytes (V = 16, 8, 4, 2), mixed
// operand widths and scalars.
#include "common/testing.hpp"

#include <cupp/creation.hpp>
#include <cupp/expr/evaluate.hpp>
#include <cupp/indexing/basic.hpp>
#include <cupp/math/arithmetic.hpp>
#include <cupp/math/compare.hpp>

#include <cstdint>
#include <vector>

using namespace cupp_test;
using cupp::index_t;
using cupp::slice;

namespace {
template <class T> std::vector<T> ramp(index_t n, int mod) {
  std::vector<T> v(static_cast<std::size_t>(n));
  for (index_t i = 0; i < n; ++i)
    v[static_cast<std::size_t>(i)] = static_cast<T>(i % mod - mod / 3);
  return v;
}
} // namespace

TEMPLATE_TEST_CASE("contiguous expressions at every alignment and tail length", "[math][vector]",
                   std::int8_t, std::int16_t, float, double) {
  using T = TestType;
  const index_t n = GENERATE(as<index_t>{}, 1, 15, 16, 17, 33, 1000, 4099);
  const index_t off = GENERATE(as<index_t>{}, 0, 1, 3);
  CAPTURE(n, off);
  const auto ha = ramp<T>(n + 16, 23), hb = ramp<T>(n + 16, 7);
  const auto a = cupp::asarray(ha), b = cupp::asarray(hb);
  // offsets of a and b differ, so at most one of them can be aligned
  const auto va = a(slice(off, off + n)), vb = b(slice(2 * off, 2 * off + n));
  const cupp::ndarray<T> sum = va * T(2) + vb;
  const cupp::ndarray<bool> less = va < vb;
  const auto s = host(sum);
  const auto l = host(less);
  REQUIRE(s.size() == static_cast<std::size_t>(n));
  for (index_t i = 0; i < n; ++i) {
    const auto k = static_cast<std::size_t>(i);
    const T x = ha[k + static_cast<std::size_t>(off)],
            y = hb[k + 2 * static_cast<std::size_t>(off)];
    CHECK(s[k] == static_cast<T>(x * 2 + y));
    CHECK(l[k] == (x < y));
  }
  // mixed widths: int8/int16/float/double operand + float64 array -> float64 (V = 2)
  const auto d = cupp::asarray(ramp<double>(n + 1, 5));
  const cupp::ndarray<double> mixed = va + d(slice(1, cupp::none));
  const auto m = host(mixed);
  for (index_t i = 0; i < n; ++i)
    CHECK(m[static_cast<std::size_t>(i)] ==
          static_cast<double>(ha[static_cast<std::size_t>(i + off)]) +
              static_cast<double>((i + 1) % 5 - 5 / 3));
}

TEST_CASE("contiguous expression into a misaligned result", "[math][vector]") {
  const index_t n = 1001;
  auto out = cupp::zeros<float>({n + 1});
  const auto x = cupp::asarray(ramp<float>(n, 11));
  out(slice(1, cupp::none)) = x + 1.0f; // the view's first element is 4 bytes past 16
  const auto h = host(out), hx = host(x);
  CHECK(h[0] == 0.0f);
  for (index_t i = 0; i < n; ++i)
    CHECK(h[static_cast<std::size_t>(i + 1)] == hx[static_cast<std::size_t>(i)] + 1.0f);
}
