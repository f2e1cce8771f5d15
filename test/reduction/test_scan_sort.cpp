// cumsum/cumprod/nan-variants, diff/ediff1d, sort/argsort against NumPy 2 results (literals below)
// and host loops for the sweeps.
#include "common/testing.hpp"

#include <cupp/reduction/scan.hpp>
#include <cupp/sorting/sort.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>
#include <type_traits>

using namespace cupp_test;
using cupp::none;
using i64 = std::int64_t;

TEST_CASE("cumsum and cumprod, flattened and along axes", "[reduction][scan]") {
  const auto a = cupp::arange<int>(12).reshape({3, 4});
  CHECK(host(cupp::cumsum(a)) == std::vector<i64>{0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66});
  CHECK(host(cupp::cumsum(a, 0)) == std::vector<i64>{0, 1, 2, 3, 4, 6, 8, 10, 12, 15, 18, 21});
  CHECK(cupp::cumsum(a, 0).shape() == cupp::shape_t{3, 4});
  CHECK(host(cupp::cumsum(a, -1))[7] == 22);
  CHECK(host(cupp::cumsum(a.transpose(), 1)) == host(cupp::cumsum(a, 0).transpose().copy()));
  const auto p = cupp::cumprod(cupp::arange<std::int8_t>(1, 7));
  CHECK(p.dtype() == std::string("int64")); // NumPy accumulates small integers in int64
  CHECK(host(p) == std::vector<i64>{1, 2, 6, 24, 120, 720});
  const auto w = host(cupp::cumprod(cupp::arange<i64>(1, 25))); // wraps as NumPy's int64
  CHECK(std::vector<i64>(w.end() - 3, w.end()) ==
        std::vector<i64>{-1250660718674968576, 8128291617894825984, -7835185981329244160});
  CHECK(host(cupp::cumsum<double>(cupp::arange<float>(4))) == std::vector<double>{0, 1, 3, 6});
  const float nan = std::numeric_limits<float>::quiet_NaN();
  CHECK(host(cupp::nancumsum(cupp::asarray<float>({1, nan, 2, nan}))) ==
        std::vector<float>{1, 1, 3, 3});
  CHECK(host(cupp::nancumprod(cupp::asarray<double>({2, double(nan), 3}))) ==
        std::vector<double>{2, 2, 6});
  CHECK(std::isnan(host(cupp::cumsum(cupp::asarray<float>({1, nan, 2})))[2]));
  CHECK(cupp::cumsum(cupp::zeros<int>({0, 3}), 1).shape() == cupp::shape_t{0, 3});
  CHECK(cupp::cumsum(cupp::zeros<int>({2, 0}), 1).shape() == cupp::shape_t{2, 0});
  CHECK_THROWS_AS((void)cupp::cumsum(a, 2), cupp::axis_error);
}

TEMPLATE_LIST_TEST_CASE("cumsum along the last axis for run lengths around block sizes",
                        "[reduction][scan]", numeric_dtypes) {
  using T = TestType;
  using A = cupp::sum_result_t<T>;
  const auto len = GENERATE(as<i64>{}, 1, 31, 257, 1025, 4099);
  const i64 rows = 3;
  const auto a = device_values<T>({rows, len});
  const auto h = host(a);
  std::vector<A> expected(h.size());
  for (i64 r = 0; r < rows; ++r) {
    A acc = 0;
    for (i64 k = 0; k < len; ++k) {
      acc = static_cast<A>(acc + static_cast<A>(h[static_cast<std::size_t>(r * len + k)]));
      expected[static_cast<std::size_t>(r * len + k)] = acc;
    }
  }
  CHECK(host(cupp::cumsum(a, 1)) == expected); // values are exact in every dtype
}

TEST_CASE("diff and ediff1d", "[reduction][scan]") {
  CHECK(host(cupp::diff(cupp::asarray<int>({1, 4, 9, 16, 25}), 2)) == std::vector<int>{2, 2, 2});
  const auto d0 = cupp::diff(cupp::asarray<int>({{1, 3, 6}, {0, 5, 5}}), 1, 0);
  CHECK(d0.shape() == cupp::shape_t{1, 3});
  CHECK(host(d0) == std::vector<int>{-1, 2, -1});
  CHECK(cupp::diff(cupp::asarray<std::uint8_t>({5})).size() == 0);
  CHECK(host(cupp::diff(cupp::asarray<std::uint8_t>({1, 0}))) == std::vector<std::uint8_t>{255});
  CHECK(host(cupp::diff(cupp::arange<int>(4), 0)) == std::vector<int>{0, 1, 2, 3});
  CHECK(cupp::diff(cupp::arange<int>(3), 5).size() == 0);
  CHECK(host(cupp::ediff1d(cupp::asarray<int>({{1, 2}, {4, 8}}))) == std::vector<int>{1, 2, 4});
  CHECK_THROWS_WITH_WORDS((void)cupp::diff(cupp::arange<int>(3), -1), cupp::value_error,
                          "order must be non-negative");
}

TEST_CASE("sort and argsort follow NumPy: NaN last, stable, any axis", "[sorting]") {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  const auto x = cupp::asarray<float>({{3, nan, 1}, {-0.5f, 2, inf}});
  const auto s = host(cupp::sort(x));
  CHECK(s[0] == 1);
  CHECK(s[1] == 3);
  CHECK(std::isnan(s[2]));
  CHECK(std::vector<float>(s.begin() + 3, s.end()) == std::vector<float>{-0.5f, 2, inf});
  CHECK(host(cupp::argsort(x)) == std::vector<i64>{2, 0, 1, 0, 1, 2});
  CHECK(host(cupp::argsort(x, 0)) == std::vector<i64>{1, 1, 0, 0, 0, 1});
  const auto flat = host(cupp::sort(x, none));
  CHECK(std::vector<float>(flat.begin(), flat.end() - 1) ==
        std::vector<float>{-0.5f, 1, 2, 3, inf});
  CHECK(std::isnan(flat.back()));
  CHECK(host(cupp::argsort(cupp::asarray<int>({2, 1, 2, 1, 2}))) ==
        std::vector<i64>{1, 3, 0, 2, 4});
  CHECK(host(cupp::argsort(cupp::asarray<bool>({true, false, true, false}))) ==
        std::vector<i64>{1, 3, 0, 2});
  CHECK(cupp::sort(cupp::zeros<int>({0, 4})).shape() == cupp::shape_t{0, 4});
  CHECK_THROWS_AS((void)cupp::sort(cupp::full<int>({}, 1)), cupp::axis_error);
}

TEMPLATE_LIST_TEST_CASE("sort keys keep every float's order and bits", "[sorting]", float_dtypes) {
  using T = TestType;
  using lim = std::numeric_limits<T>;
  // short rows go through CUB's comparison sort, long ones through its radix sort: both see keys
  for (const i64 len : {i64{9}, i64{3000}}) {
    std::vector<T> h(static_cast<std::size_t>(len), T(7)); // 7 between denorm_min and max
    const std::vector<T> special{T(-0.0),
                                 T(0.0),
                                 -lim::infinity(),
                                 lim::quiet_NaN(),
                                 -lim::quiet_NaN(),
                                 lim::denorm_min(),
                                 -lim::denorm_min(),
                                 lim::max(),
                                 lim::lowest()};
    std::copy(special.begin(), special.end(), h.begin());
    const auto s = host(cupp::sort(cupp::asarray(h).reshape({1, len})));
    const std::vector<T> head(s.begin(), s.begin() + 6);
    CHECK(head == std::vector<T>{-lim::infinity(), lim::lowest(), -lim::denorm_min(), T(-0.0),
                                 T(0.0), lim::denorm_min()});
    CHECK(std::signbit(s[3])); // -0.0 kept its sign (and sorts before +0.0, see the docs)
    CHECK(!std::signbit(s[4]));
    if (len > 9) CHECK(s[static_cast<std::size_t>(len) - 4] == T(7));
    CHECK(s[static_cast<std::size_t>(len) - 3] == lim::max());
    CHECK(std::isnan(s[static_cast<std::size_t>(len) - 2])); // both NaNs last
    CHECK(std::isnan(s[static_cast<std::size_t>(len) - 1]));
  }
}

TEMPLATE_TEST_CASE("sort of one run of floats: NaNs of either sign last, every value's bits kept",
                   "[sorting]", float, double) {
  using T = TestType;
  using U = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
  const auto bits = [](T x) {
    U b;
    std::memcpy(&b, &x, sizeof b);
    return b;
  };
  const auto nan_with = [&](bool negative, U payload) { // a quiet NaN's bits with a payload
    U r = bits(std::numeric_limits<T>::quiet_NaN()) | payload;
    if (negative) r |= U(1) << (8 * sizeof(U) - 1);
    T x;
    std::memcpy(&x, &r, sizeof x);
    return x;
  };
  // 300007: more pairs than the reversals' 2^16 calls, each then swaps several; 2^20 + 8193:
  // many of the radix sort's tiles, the last one partial
  for (const i64 n :
       {i64{1}, i64{2}, i64{7}, i64{1000}, i64{100003}, i64{300007}, (i64{1} << 20) + 8193}) {
    for (const i64 negative : {i64{0}, i64{1}, i64{3}, n / 2, n}) {
      const i64 positive = std::min<i64>(2, n - negative);
      std::vector<T> h(static_cast<std::size_t>(n));
      std::uint64_t state = 12345 + static_cast<std::uint64_t>(n * 31 + negative);
      const auto next = [&] {
        return state = state * 6364136223846793005ull + 1442695040888963407ull;
      };
      for (i64 i = 0; i < n; ++i) {
        const std::uint64_t r = next() >> 33;
        if (i < negative) {
          h[static_cast<std::size_t>(i)] = nan_with(true, U(r % 5));
        } else if (i < negative + positive) {
          h[static_cast<std::size_t>(i)] = nan_with(false, U(r % 3));
        } else {
          h[static_cast<std::size_t>(i)] = r % 7 == 0    ? T(r % 2 ? -0.0 : 0.0)
                                           : r % 11 == 0 ? -std::numeric_limits<T>::infinity()
                                                         : T(static_cast<double>(r % 2001) - 1000);
        }
      }
      for (i64 i = n - 1; i > 0; --i) // shuffled
        std::swap(h[static_cast<std::size_t>(i)], h[next() % static_cast<std::uint64_t>(i + 1)]);
      std::vector<T> numbers;
      std::vector<U> nans;
      for (const T x : h) {
        if (x != x) {
          nans.push_back(bits(x));
        } else {
          numbers.push_back(x);
        }
      }
      const auto a = cupp::asarray(h.data(), {n});
      for (const bool reversed : {false, true}) { // contiguous, and a negative stride
        // stable: -0.0 and 0.0 (equal) keep their input order, as NumPy's kind='stable'
        std::vector<T> want = numbers;
        if (reversed) std::reverse(want.begin(), want.end());
        std::stable_sort(want.begin(), want.end(), [](T x, T y) { return x < y; });
        const auto s = host(cupp::sort(reversed ? a(cupp::slice(cupp::none, cupp::none, -1)) : a));
        REQUIRE(s.size() == h.size());
        std::size_t first_wrong = want.size(); // the first value whose bits differ
        for (std::size_t i = 0; i < want.size() && first_wrong == want.size(); ++i)
          if (bits(s[i]) != bits(want[i])) first_wrong = i;
        CAPTURE(n, negative, reversed, first_wrong);
        CHECK(first_wrong == want.size());
        std::vector<U> got_nans;
        for (std::size_t i = numbers.size(); i < s.size(); ++i)
          got_nans.push_back(bits(s[i]));
        std::vector<U> want_nans = nans;
        std::sort(got_nans.begin(), got_nans.end());
        std::sort(want_nans.begin(), want_nans.end());
        CHECK(got_nans == want_nans);
      }
    }
  }
}

TEMPLATE_TEST_CASE("long runs of 32-bit keys: every digit pattern, partial last tiles", "[sorting]",
                   float, std::int32_t, std::uint32_t) {
  // Radix sorts of one run (CUB's onesweep on the CUDA backend): whole tiles only, a partial last
  // tile, many; keys over all 32 bits (the digits of a warp's keys differ) and over 3 values (all
  // alike).
  using T = TestType;
  for (const i64 n : {i64{1} << 20, (i64{1} << 20) + 8193, i64{3000017}}) {
    for (const bool narrow : {false, true}) {
      std::vector<T> h(static_cast<std::size_t>(n));
      std::uint64_t state = 99 + static_cast<std::uint64_t>(n) * 2 + narrow;
      for (T& x : h) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        auto r = static_cast<std::uint32_t>(state >> 32);
        if (narrow) { // floats: -0.0, +0.0 and 1.0
          const std::uint32_t floats[] = {0x80000000u, 0u, 0x3f800000u};
          r = std::is_same_v<T, float> ? floats[r % 3] : r % 3;
        }
        if constexpr (std::is_same_v<T, float>) {
          if ((r & 0x7f800000u) == 0x7f800000u) r &= 0xbfffffffu; // no NaN or inf: `<` orders all
        }
        std::memcpy(&x, &r, sizeof x);
      }
      // stable: the zeros of either sign (equal) keep their input order
      std::vector<T> want = h;
      std::stable_sort(want.begin(), want.end(), [](T x, T y) { return x < y; });
      const auto s = host(cupp::sort(cupp::asarray(h.data(), {n})));
      REQUIRE(s.size() == want.size());
      std::size_t first_wrong = want.size();
      for (std::size_t i = 0; i < want.size() && first_wrong == want.size(); ++i)
        if (std::memcmp(&s[i], &want[i], sizeof(T)) != 0) first_wrong = i;
      CAPTURE(n, narrow, first_wrong);
      CHECK(first_wrong == want.size());
    }
  }
}

TEMPLATE_LIST_TEST_CASE("sort and argsort sweep dtypes, layouts and run lengths", "[sorting]",
                        all_dtypes) {
  using T = TestType;
  const auto len = GENERATE(as<i64>{}, 1, 2, 33, 1000, 5000);
  const i64 rows = 4;
  const auto a = device_values<T>({rows, len}, 5);
  const auto h = host(a);
  std::vector<T> sorted(h.begin(), h.end());
  std::vector<i64> order(h.size());
  for (i64 r = 0; r < rows; ++r) {
    auto first = order.begin() + r * len;
    std::iota(first, first + len, i64{0});
    std::stable_sort(first, first + len, [&](i64 x, i64 y) { // no NaN: NumPy's order is `<`
      return cupp::detail::order_less(h[static_cast<std::size_t>(r * len + x)],
                                      h[static_cast<std::size_t>(r * len + y)]);
    });
    for (i64 k = 0; k < len; ++k)
      sorted[static_cast<std::size_t>(r * len + k)] =
          h[static_cast<std::size_t>(r * len + order[static_cast<std::size_t>(r * len + k)])];
  }
  CHECK(host(cupp::sort(a)) == sorted);
  CHECK(host(cupp::argsort(a)) == order); // stable: ties keep their order
  // the same rows seen through a transpose (sorting along axis 0) and flattened
  CHECK(host(cupp::sort(a.transpose(), 0).transpose().copy()) == sorted);
  if (len == 1000) {
    std::vector<T> all(h.begin(), h.end());
    std::stable_sort(all.begin(), all.end(), cupp::detail::order_less<T>);
    CHECK(host(cupp::sort(a, none)) == all);
  }
}
