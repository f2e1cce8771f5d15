// The layouts with their own kernel paths, against host loops: whole-array and few-row reductions
// long enough to be split in chunks (states merged across chunks: argmax ties and NaN in later
// chunks, var of data far from zero), and axis-0 reductions over 16-byte aligned rows (a thread per
// vector of columns) next to the same reductions over misaligned or odd-width views, and fused
// expressions over long runs.
#include "common/testing.hpp"

#include <cupp/expr/astype.hpp>
#include <cupp/indexing/basic.hpp>
#include <cupp/reduction/reduce.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

using namespace cupp_test;
using cupp::index_t;
using cupp::slice;

namespace {

// deterministic values in [-50, 50): a linear congruential sequence
template <class T> std::vector<T> values(index_t n, std::uint64_t seed) {
  std::vector<T> v(static_cast<std::size_t>(n));
  std::uint64_t x = seed;
  for (auto& e : v) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    e = static_cast<T>(static_cast<int>((x >> 33) % 100) - 50);
  }
  return v;
}

// population variance of v[lo, hi) by two passes in long double
template <class T> double host_var(const std::vector<T>& v, std::size_t lo, std::size_t hi) {
  long double s = 0, m2 = 0;
  for (std::size_t i = lo; i < hi; ++i)
    s += v[i];
  const long double mean = s / static_cast<long double>(hi - lo);
  for (std::size_t i = lo; i < hi; ++i)
    m2 += (v[i] - mean) * (v[i] - mean);
  return static_cast<double>(m2 / static_cast<long double>(hi - lo));
}

} // namespace

// lengths around the chunk sizes of both backends (4096-element quanta, 2^16 host chunks)
TEST_CASE("whole-array reductions of long runs", "[reduction][long]") {
  const index_t n = GENERATE(as<index_t>{}, 131071, 131073, 1 << 20, (5 << 20) + 17);
  CAPTURE(n);
  auto h = values<std::int32_t>(n, 7);
  // the maximum twice (first in a late chunk), the minimum at the very end and once earlier
  h[static_cast<std::size_t>(n / 2 + 1)] = 1000;
  h[static_cast<std::size_t>(n - 5)] = 1000;
  h[static_cast<std::size_t>(n / 3)] = -1000;
  h[static_cast<std::size_t>(n - 1)] = -1000;
  const auto a = cupp::asarray(h);
  std::int64_t total = 0, nonzero = 0;
  for (auto x : h) {
    total += x;
    nonzero += x != 0;
  }
  CHECK(cupp::sum(a, cupp::all_axes).item() == total);
  CHECK(cupp::count_nonzero(a, cupp::all_axes).item() == nonzero);
  CHECK(cupp::argmax(a).item() == n / 2 + 1);
  CHECK(cupp::argmin(a).item() == n / 3);
  CHECK(cupp::max(a, cupp::all_axes).item() == 1000);
  CHECK(cupp::ptp(a).item() == 2000);
  CHECK(cupp::all(a, cupp::all_axes).item() == (nonzero == n));
  // a misaligned view (one element in) and a stepped one take the scalar loads
  const auto tail = a(slice(1, cupp::none));
  CHECK(cupp::sum(tail, cupp::all_axes).item() == total - h[0]);
  CHECK(cupp::argmax(tail).item() == n / 2);
  const auto even = a(slice(0, cupp::none, 2));
  std::int64_t even_total = 0;
  for (index_t i = 0; i < n; i += 2)
    even_total += h[static_cast<std::size_t>(i)];
  CHECK(cupp::sum(even, cupp::all_axes).item() == even_total);

  // variance of float32 data far from zero (1e4 + small values), against long double
  std::vector<float> f(h.size());
  for (std::size_t i = 0; i < f.size(); ++i)
    f[i] = 1e4f + static_cast<float>(h[i] % 7) * 0.25f;
  const auto fa = cupp::asarray(f);
  CHECK(cupp::var(fa).item() == Approx(host_var(f, 0, f.size())).epsilon(1e-5));
  CHECK(cupp::std(fa, cupp::all_axes, 1).item() ==
        Approx(std::sqrt(host_var(f, 0, f.size()) * n / (n - 1))).epsilon(1e-5));
  std::vector<double> d(h.begin(), h.end());
  CHECK(cupp::var(cupp::asarray(d)).item() == Approx(host_var(d, 0, d.size())).epsilon(1e-12));
}

TEST_CASE("argmax of long runs: NaN and ties across chunks", "[reduction][long]") {
  const index_t n = GENERATE(as<index_t>{}, 1 << 18, (3 << 20) + 5);
  std::vector<float> h(static_cast<std::size_t>(n), 1.0f);
  h[static_cast<std::size_t>(n - 3)] = 2.0f;
  h[static_cast<std::size_t>(n - 2)] = 2.0f;
  CHECK(cupp::argmax(cupp::asarray(h)).item() == n - 3);
  h[static_cast<std::size_t>(n / 2)] = std::numeric_limits<float>::quiet_NaN();
  h[static_cast<std::size_t>(n - 1)] = std::numeric_limits<float>::quiet_NaN();
  const auto a = cupp::asarray(h);
  CHECK(cupp::argmax(a).item() == n / 2); // the first NaN wins
  CHECK(cupp::argmin(a).item() == n / 2);
  CHECK(std::isnan(cupp::max(a, cupp::all_axes).item()));
  CHECK(cupp::nanargmax(a).item() == n - 3);
}

TEST_CASE("few long rows: a chunked run per row", "[reduction][long]") {
  const index_t rows = GENERATE(as<index_t>{}, 1, 3), len = GENERATE(as<index_t>{}, 70001, 300000);
  CAPTURE(rows, len);
  const auto h = values<std::int16_t>(rows * len, 11);
  const auto a = cupp::asarray(h).reshape({rows, len});
  const auto s = cupp::sum(a, 1).get();
  const auto am = cupp::argmin(a, 1).get();
  const auto v = cupp::var(a, 1).get();
  for (index_t r = 0; r < rows; ++r) {
    const auto lo = static_cast<std::size_t>(r * len), hi = lo + static_cast<std::size_t>(len);
    std::int64_t t = 0;
    std::size_t best = lo;
    for (std::size_t i = lo; i < hi; ++i) {
      t += h[i];
      if (h[i] < h[best]) best = i;
    }
    CHECK(s[static_cast<std::size_t>(r)] == t);
    CHECK(am[static_cast<std::size_t>(r)] == static_cast<index_t>(best - lo));
    CHECK(v[static_cast<std::size_t>(r)] == Approx(host_var(h, lo, hi)).epsilon(1e-12));
  }
}

// Fused expressions reduced over long runs (chunked, their states merged) equal the loops' whether
// the runs are aligned or start one element in, for one row or several of an odd length, with
// float32, double and bool results. Integer values: the float32 sums are exact (every partial sum
// below 2^24).
TEST_CASE("fused expressions over long runs", "[reduction][long]") {
  const index_t rows = GENERATE(as<index_t>{}, 1, 3), len = GENERATE(as<index_t>{}, 70001, 160001),
                first = GENERATE(as<index_t>{}, 0, 1);
  CAPTURE(rows, len, first);
  const index_t n = first + rows * len;
  auto hx = values<float>(n, 5);
  auto hy = values<std::int16_t>(n, 9);
  // rows 0 and 1: their maximum of 2x + y twice, first late in the row (x 100 where every other
  // |x| and |y| is at most 50, so that only these pass x + y > 99); row 2 none
  for (index_t r = 0; r < std::min<index_t>(rows, 2); ++r)
    for (const index_t i : {len - 7 - r, len - 2}) {
      hx[static_cast<std::size_t>(first + r * len + i)] = 100;
      hy[static_cast<std::size_t>(first + r * len + i)] = 0;
    }
  const auto x = cupp::asarray(hx)(slice(first, n)).reshape({rows, len});
  const auto y = cupp::asarray(hy)(slice(first, n)).reshape({rows, len});
  const auto s = cupp::sum(x + y, 1).get(); // float32 + int16: float32
  const auto am = cupp::argmax(x * 2.0f + y, 1).get();
  const auto sq = cupp::sum(cupp::astype<double>(x) * x, 1).get();
  const auto any_big = cupp::any(x + y > 99.0f, 1).get();
  for (index_t r = 0; r < rows; ++r) {
    double t = 0, t2 = 0;
    index_t best = 0;
    float best_value = -1e30f;
    bool big = false;
    for (index_t i = 0; i < len; ++i) {
      const auto k = static_cast<std::size_t>(first + r * len + i);
      t += static_cast<double>(hx[k]) + hy[k];
      t2 += static_cast<double>(hx[k]) * hx[k];
      const float e = hx[k] * 2.0f + hy[k];
      if (e > best_value) {
        best_value = e;
        best = i;
      }
      big = big || hx[k] + hy[k] > 99.0f;
    }
    CHECK(static_cast<double>(s[static_cast<std::size_t>(r)]) == t);
    CHECK(am[static_cast<std::size_t>(r)] == best);
    CHECK(sq[static_cast<std::size_t>(r)] == t2);
    CHECK(static_cast<bool>(any_big[static_cast<std::size_t>(r)]) == big);
  }
}

TEMPLATE_TEST_CASE("axis 0 over aligned and misaligned rows", "[reduction][long]", std::int8_t,
                   std::int32_t, float, double) {
  using T = TestType;
  const index_t rows = GENERATE(as<index_t>{}, 1, 37, 2000),
                cols = GENERATE(as<index_t>{}, 16, 48, 35);
  CAPTURE(rows, cols);
  auto h = values<T>(rows * cols, 3);
  const auto a = cupp::asarray(h).reshape({rows, cols});
  const index_t first = GENERATE(as<index_t>{}, 0, 1); // column offset 1: misaligned rows
  const auto v = a(slice(), slice(first, cupp::none));
  const index_t w = cols - first;
  const auto s = cupp::sum(v, 0).get();
  const auto am = cupp::argmax(v, 0).get();
  const auto var = cupp::var(v, 0).get();
  for (index_t c = 0; c < w; ++c) {
    double t = 0;
    index_t best = 0;
    std::vector<double> col;
    for (index_t r = 0; r < rows; ++r) {
      const T x = h[static_cast<std::size_t>(r * cols + first + c)];
      t += static_cast<double>(x);
      col.push_back(static_cast<double>(x));
      if (x > h[static_cast<std::size_t>(best * cols + first + c)]) best = r;
    }
    CHECK(static_cast<double>(s[static_cast<std::size_t>(c)]) == t); // small integers: exact
    CHECK(am[static_cast<std::size_t>(c)] == best);
    CHECK(static_cast<double>(var[static_cast<std::size_t>(c)]) ==
          Approx(host_var(col, 0, col.size())).epsilon(1e-6).margin(1e-9));
  }
}
