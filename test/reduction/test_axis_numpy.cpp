// Axis reductions (reduction/reduce.hpp) against values and errors from NumPy 2.4: NaN handling,
// argmax/argmin ties, var/std with ddof and on data with a large offset, integer prod wrapping,
// result dtypes, empty inputs, axis errors, 0-d input, keepdims shapes, expressions and bool input.
#include "common/testing.hpp"

#include <cupp/math/arithmetic.hpp>
#include <cupp/reduction/reduce.hpp>

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <memory>
#include <type_traits>
#include <vector>

using namespace cupp_test;
using cupp::index_t;
using cupp::shape_t;

namespace {
template <class T> std::vector<T> vec(std::initializer_list<T> v) { return std::vector<T>(v); }

/// NaN-aware equality of a float result with NumPy's.
template <class T> bool same(const std::vector<T>& got, const std::vector<double>& want) {
  if (got.size() != want.size()) return false;
  for (std::size_t i = 0; i < got.size(); ++i) {
    const double g = static_cast<double>(got[i]);
    if (std::isnan(want[i]) ? !std::isnan(g) : !(g == Approx(want[i]).epsilon(1e-6))) return false;
  }
  return true;
}
constexpr double NaN = std::numeric_limits<double>::quiet_NaN();
constexpr double Inf = std::numeric_limits<double>::infinity();
} // namespace

TEMPLATE_LIST_TEST_CASE("axis reductions propagate NaN as NumPy", "[reduction][axis][NaN]",
                        float_dtypes) {
  using T = TestType;
  // [[1, NaN, 3, NaN], [-Inf, 2, 0, 5], [NaN, NaN, 7, -1]]
  const auto m =
      cupp::asarray<T>({1, NAN, 3, NAN, -INFINITY, 2, 0, 5, NAN, NAN, 7, -1}).reshape({3, 4});
  CHECK(same(host(cupp::max(m, 1)), {NaN, 5, NaN}));
  CHECK(same(host(cupp::min(m, 1)), {NaN, -Inf, NaN}));
  CHECK(same(host(cupp::max(m, 0)), {NaN, NaN, 7, NaN}));
  CHECK(same(host(cupp::amin(m, -2)), {NaN, NaN, 0, NaN}));
  CHECK(host(cupp::argmax(m, 1)) == vec<std::int64_t>({1, 3, 0}));
  CHECK(host(cupp::argmin(m, 1)) == vec<std::int64_t>({1, 0, 0}));
  CHECK(host(cupp::argmax(m, 0)) == vec<std::int64_t>({2, 0, 2, 0}));
  CHECK(host(cupp::argmin(m, 0)) == vec<std::int64_t>({2, 0, 1, 0}));
  CHECK(cupp::argmax(m).item() == 1);
  CHECK(cupp::argmin(m).item() == 1);
  CHECK(same(host(cupp::mean(m, 1)), {NaN, -Inf, NaN}));
  CHECK(same(host(cupp::mean(m, 0)), {NaN, NaN, 3.3333333333333335, NaN}));
  CHECK(same(host(cupp::var(m, 1)), {NaN, NaN, NaN}));
  CHECK(same(host(cupp::std(m, 0)), {NaN, NaN, 2.8674417556808756, NaN}));
  CHECK(same(host(cupp::ptp(m, 1)), {NaN, Inf, NaN}));
  CHECK(same(host(cupp::sum(m, 0)), {NaN, NaN, 10, NaN}));
  CHECK(host(cupp::count_nonzero(m, 1)) == vec<std::int64_t>({4, 3, 4}));
  CHECK(host(cupp::any(m, 0)) == std::vector<bool>{true, true, true, true});
  CHECK(host(cupp::all(m, 1)) == std::vector<bool>{true, false, true});
  CHECK(std::isnan(cupp::max(m, cupp::all_axes).item()));
  CHECK(std::isnan(cupp::mean(m).item()));

  // long runs: the first NaN wins argmax/argmin across blocks; rows, columns and every axis
  std::vector<T> h(3 * 1025);
  for (std::size_t i = 0; i < h.size(); ++i)
    h[i] = static_cast<T>(i);
  h[1025 + 700] = h[1025 + 900] = h[2 * 1025 + 1024] = NAN;
  const auto a = cupp::asarray(h).reshape({3, 1025});
  CHECK(host(cupp::argmax(a, 1)) == vec<std::int64_t>({1024, 700, 1024}));
  CHECK(host(cupp::argmin(a, 1)) == vec<std::int64_t>({0, 700, 1024}));
  CHECK(same(host(cupp::max(a, 1)), {1024, NaN, NaN}));
  CHECK(same(host(cupp::min(a, -1)), {0, NaN, NaN}));
  CHECK(same(host(cupp::mean(a, 1)), {512, NaN, NaN}));
  CHECK(same(host(cupp::ptp(a, 1)), {1024, NaN, NaN}));
  const auto at = a.transpose().copy(); // (1025, 3): the reduced axis outer
  CHECK(host(cupp::argmax(at, 0)) == vec<std::int64_t>({1024, 700, 1024}));
  CHECK(host(cupp::argmin(a.transpose(), 0)) == vec<std::int64_t>({0, 700, 1024}));
  CHECK(same(host(cupp::max(at, 0)), {1024, NaN, NaN}));
  CHECK(cupp::argmax(a).item() == 1725);
  CHECK(cupp::argmin(a).item() == 1725);
  CHECK(std::isnan(cupp::min(a, {0, 1}).item()));
}

TEST_CASE("argmax and argmin: the first of tied extremes wins", "[reduction][axis]") {
  const auto s = cupp::asarray<std::int32_t>({3, 1, 3, 3, 0, 0, 0, 0, 2, 5, 5, 1}).reshape({3, 4});
  CHECK(host(cupp::argmax(s, 1)) == vec<std::int64_t>({0, 0, 1}));
  CHECK(host(cupp::argmin(s, 1)) == vec<std::int64_t>({1, 0, 3}));
  CHECK(host(cupp::argmax(s, 0)) == vec<std::int64_t>({0, 2, 2, 0}));
  CHECK(host(cupp::argmin(s, 0)) == vec<std::int64_t>({1, 1, 1, 1}));
  // (5000, 7): ties thousands of rows apart, merged across blocks and chunks
  std::vector<std::int32_t> h(5000 * 7, 0);
  for (int j = 0; j < 7; ++j) {
    h[77 * 7 + j] = h[4000 * 7 + j] = 9;
    h[10 * 7 + j] = h[20 * 7 + j] = -1;
  }
  h[3 * 7 + 3] = 9;
  h[5 * 7 + 6] = -1;
  const auto t = cupp::asarray(h).reshape({5000, 7});
  CHECK(host(cupp::argmax(t, 0)) == vec<std::int64_t>({77, 77, 77, 3, 77, 77, 77}));
  CHECK(host(cupp::argmin(t, 0)) == vec<std::int64_t>({10, 10, 10, 10, 10, 10, 5}));
  CHECK(host(cupp::argmax(t.transpose(), 1)) == vec<std::int64_t>({77, 77, 77, 3, 77, 77, 77}));
  CHECK(host(cupp::argmax(t.transpose().copy(), -1)) ==
        vec<std::int64_t>({77, 77, 77, 3, 77, 77, 77}));
  CHECK(cupp::argmax(t.transpose()).item() == 77);
  CHECK(cupp::argmin(t.transpose()).item() == 10);
  CHECK(cupp::argmax(t).item() == 24);
  CHECK(cupp::argmin(t).item() == 41);
  const auto flat = cupp::zeros<double>({5000});
  CHECK(cupp::argmax(flat).item() == 0);
  CHECK(cupp::argmin(flat, 0).item() == 0);
}

TEMPLATE_TEST_CASE("var and std with ddof as NumPy", "[reduction][axis][var]", double, float,
                   std::int32_t) {
  // [[1, 2, 3, 4], [2, 4, 8, 16], [-1, 0, 0, 1]]
  const auto x = cupp::asarray<TestType>({1, 2, 3, 4, 2, 4, 8, 16, -1, 0, 0, 1}).reshape({3, 4});
  using M = std::conditional_t<std::is_same_v<TestType, float>, float, double>;
  STATIC_REQUIRE(std::is_same_v<decltype(cupp::var(x)), cupp::ndarray<M>>);
  STATIC_REQUIRE(std::is_same_v<decltype(cupp::std(x, 0)), cupp::ndarray<M>>);
  STATIC_REQUIRE(std::is_same_v<decltype(cupp::mean(x, 0)), cupp::ndarray<M>>);
  CHECK(same(host(cupp::var(x, 1)), {1.25, 28.75, 0.5}));
  CHECK(
      same(host(cupp::var(x, 1, 1)), {1.6666666666666667, 38.333333333333336, 0.6666666666666666}));
  CHECK(same(host(cupp::std(x, 0)),
             {1.247219128924647, 1.632993161855452, 3.299831645537222, 6.48074069840786}));
  CHECK(same(host(cupp::std(x, 0, 1)),
             {1.5275252316519465, 2.0, 4.041451884327381, 7.937253933193772}));
  CHECK(cupp::var(x).item() == Approx(19.88888888888889).epsilon(1e-6));
  CHECK(cupp::std(x, cupp::all_axes, 1).item() == Approx(4.65800061152526).epsilon(1e-6));
  CHECK(same(host(cupp::mean(x, 1)), {2.5, 7.5, 0}));
  CHECK(cupp::mean(x).item() == Approx(3.3333333333333335).epsilon(1e-6));
  CHECK(cupp::var(x, {0, 1}, 0, true).shape() == shape_t{1, 1});
  CHECK(cupp::std(x, -1, 1, true).shape() == shape_t{3, 1});
}

TEST_CASE("var and std with ddof >= n give Inf or NaN as NumPy", "[reduction][axis][var]") {
  const auto two = cupp::asarray<double>({1.0, 2.0});
  CHECK(cupp::var(two, 0, 2).item() == Inf);
  CHECK(cupp::var(two, 0, 3).item() == Inf);
  CHECK(cupp::std(two, cupp::all_axes, 2).item() == Inf);
  CHECK(std::isnan(cupp::var(cupp::asarray<double>({3.0}), 0, 1).item()));
}

TEMPLATE_TEST_CASE("var and std with a large offset", "[reduction][axis][var]", float, double) {
  // 1e4 + ((i * 37 + 11) % 101) / 100, stored as T: variance ~0.085 beside a mean of ~1e4.
  // NumPy's float32 var of these values is within 3e-5 (relative) of the float64 result; cupp's
  // float32 moments accumulate in double, which holds them to 1e-5 (a float32 running mean lost
  // up to 1.3e-3 here).
  const double tol = std::is_same_v<TestType, float> ? 1e-5 : 1e-9;
  std::vector<TestType> h(8 * 4096);
  for (std::size_t i = 0; i < h.size(); ++i)
    h[i] = static_cast<TestType>(1e4 + static_cast<double>((i * 37 + 11) % 101) * 0.01);
  const auto x = cupp::asarray(h).reshape({8, 4096});
  // float64 references over the stored values (NumPy: np.var(x.astype(np.float64), ...))
  auto var64 = [&](std::size_t start, std::size_t step, std::size_t n, double ddof) {
    double m = 0, q = 0;
    for (std::size_t k = 0; k < n; ++k)
      m += static_cast<double>(h[start + k * step]);
    m /= static_cast<double>(n);
    for (std::size_t k = 0; k < n; ++k)
      q += (static_cast<double>(h[start + k * step]) - m) *
           (static_cast<double>(h[start + k * step]) - m);
    return q / (static_cast<double>(n) - ddof);
  };
  if constexpr (std::is_same_v<TestType, float>) { // NumPy 2.4, float64 of the float32 values
    CHECK(var64(0, 1, h.size(), 0) == Approx(0.08501306489983662).epsilon(1e-12));
    CHECK(var64(4096, 1, 4096, 0) == Approx(0.08501342216771945).epsilon(1e-12));
    CHECK(std::sqrt(var64(2, 4096, 8, 1)) == Approx(0.2643746511759159).epsilon(1e-12));
  }
  CHECK(cupp::var(x).item() == Approx(var64(0, 1, h.size(), 0)).epsilon(tol));
  CHECK(cupp::std(x, cupp::all_axes, 1).item() ==
        Approx(std::sqrt(var64(0, 1, h.size(), 1))).epsilon(tol));
  const auto rows = host(cupp::var(x, 1));
  const auto cols = host(cupp::var(x.transpose().copy(), 0)); // (4096, 8): reduced axis outer
  for (std::size_t r = 0; r < 8; ++r) {
    CHECK(rows[r] == Approx(var64(r * 4096, 1, 4096, 0)).epsilon(tol));
    CHECK(cols[r] == Approx(var64(r * 4096, 1, 4096, 0)).epsilon(tol));
  }
  const auto colvar = host(cupp::var(x, 0)); // runs of 8 across the rows
  const auto colstd = host(cupp::std(x, 0, 1));
  int bad = 0;
  for (std::size_t c = 0; c < 4096; ++c) {
    bad += colvar[c] == Approx(var64(c, 4096, 8, 0)).epsilon(tol) ? 0 : 1;
    bad += colstd[c] == Approx(std::sqrt(var64(c, 4096, 8, 1))).epsilon(tol) ? 0 : 1;
  }
  CHECK(bad == 0);
}

TEST_CASE("integer prod and ptp wrap as NumPy's", "[reduction][axis][prod]") {
  CHECK(cupp::prod(cupp::asarray<std::int64_t>({std::int64_t(1) << 62, 3, 5})).item() ==
        -4611686018427387904LL);
  const auto p32 = cupp::prod(cupp::asarray<std::int32_t>({100000, 100000, 100000}));
  STATIC_REQUIRE(std::is_same_v<decltype(p32), const cupp::ndarray<std::int64_t>>);
  CHECK(p32.item() == 1000000000000000LL);
  CHECK(cupp::prod(cupp::full<std::int8_t>({9}, -128), 0).item() ==
        std::numeric_limits<std::int64_t>::min());
  CHECK(cupp::prod(cupp::full<std::int8_t>({10}, -128)).item() == 0);
  CHECK(cupp::prod(cupp::asarray<std::uint64_t>({(std::uint64_t(1) << 63) + 1, 3})).item() ==
        9223372036854775811ULL);
  const std::int64_t big = (std::int64_t(1) << 32) + 1;
  const auto m =
      cupp::asarray<std::int64_t>({big, big, 3, 7, -1, std::int64_t(1) << 62}).reshape({2, 3});
  CHECK(host(cupp::prod(m, 1)) == vec<std::int64_t>({25769803779LL, 4611686018427387904LL}));
  CHECK(host(cupp::prod(m, 0)) ==
        vec<std::int64_t>({30064771079LL, -4294967297LL, -4611686018427387904LL}));
  const auto u8 = cupp::asarray<std::uint8_t>({200, 200, 200, 255, 255, 255}).reshape({2, 3});
  const auto pu = cupp::prod(u8, -1);
  STATIC_REQUIRE(std::is_same_v<decltype(pu), const cupp::ndarray<std::uint64_t>>);
  CHECK(host(pu) == vec<std::uint64_t>({8000000, 16581375}));
  // dtype= overrides the accumulator: np.sum([100, 100], dtype=int8) wraps to -56
  const auto s8 = cupp::sum<std::int8_t>(cupp::asarray<std::int8_t>({100, 100}), 0);
  STATIC_REQUIRE(std::is_same_v<decltype(s8), const cupp::ndarray<std::int8_t>>);
  CHECK(s8.item() == -56);
  CHECK(cupp::sum(cupp::asarray<std::uint32_t>({4000000000u, 4000000000u}), 0).item() ==
        8000000000ULL);
  CHECK(cupp::sum<double>(cupp::asarray<std::int32_t>({1, 2, 4}), 0).item() == 7.0);
  CHECK(cupp::prod<std::int32_t>(cupp::asarray<std::int8_t>({100, 100, 3})).item() == 30000);
  // and products in a small dtype wrap: np.prod([-1, -1, 300, 300], dtype=np.int16) is 24464; as
  // uint16, 65535 * 65535 overflows the (signed) int that small types promote to, unless computed
  // in a wider unsigned type (undefined behaviour, which UBSan reports)
  CHECK(cupp::prod<std::int16_t>(cupp::asarray<std::int16_t>({-1, -1, 300, 300}), 0).item() ==
        24464);
  CHECK(cupp::prod<std::uint16_t>(cupp::asarray<std::uint16_t>({65535, 65535}), 0).item() == 1);
  // ptp keeps the input dtype: int8 100 - (-100) wraps to -56
  const auto r8 = cupp::ptp(cupp::asarray<std::int8_t>({-100, 100, 0, 5, 5, 5}).reshape({2, 3}), 1);
  STATIC_REQUIRE(std::is_same_v<decltype(r8), const cupp::ndarray<std::int8_t>>);
  CHECK(host(r8) == vec<std::int8_t>({-56, 0}));
  CHECK(cupp::ptp(cupp::asarray<std::uint16_t>({0, 65535})).item() == 65535);
}

TEST_CASE("axis reduction result dtypes follow NumPy", "[reduction][axis][dtype]") {
  const auto i8 = cupp::zeros<std::int8_t>({2, 3});
  const auto u16 = cupp::zeros<std::uint16_t>({2, 3});
  const auto b = cupp::zeros<bool>({2, 3});
  const auto f = cupp::zeros<float>({2, 3});
  using cupp::ndarray;
  STATIC_REQUIRE(std::is_same_v<decltype(cupp::sum(i8, 0)), ndarray<std::int64_t>>);
  STATIC_REQUIRE(std::is_same_v<decltype(cupp::sum(u16, 0)), ndarray<std::uint64_t>>);
  STATIC_REQUIRE(std::is_same_v<decltype(cupp::sum(b, 0)), ndarray<std::int64_t>>);
  STATIC_REQUIRE(std::is_same_v<decltype(cupp::sum(f, 0)), ndarray<float>>);
  STATIC_REQUIRE(std::is_same_v<decltype(cupp::prod(b)), ndarray<std::int64_t>>);
  STATIC_REQUIRE(std::is_same_v<decltype(cupp::prod(u16, 1)), ndarray<std::uint64_t>>);
  STATIC_REQUIRE(std::is_same_v<decltype(cupp::max(i8, 0)), ndarray<std::int8_t>>);
  STATIC_REQUIRE(std::is_same_v<decltype(cupp::ptp(u16, 0)), ndarray<std::uint16_t>>);
  STATIC_REQUIRE(std::is_same_v<decltype(cupp::mean(i8)), ndarray<double>>);
  STATIC_REQUIRE(std::is_same_v<decltype(cupp::mean(b, 1)), ndarray<double>>);
  STATIC_REQUIRE(std::is_same_v<decltype(cupp::mean(f, 1)), ndarray<float>>);
  STATIC_REQUIRE(std::is_same_v<decltype(cupp::var(u16)), ndarray<double>>);
  STATIC_REQUIRE(std::is_same_v<decltype(cupp::std(f)), ndarray<float>>);
  STATIC_REQUIRE(std::is_same_v<decltype(cupp::argmax(f, 0)), ndarray<std::int64_t>>);
  STATIC_REQUIRE(std::is_same_v<decltype(cupp::argmin(i8)), ndarray<std::int64_t>>);
  STATIC_REQUIRE(std::is_same_v<decltype(cupp::count_nonzero(f, 0)), ndarray<std::int64_t>>);
  STATIC_REQUIRE(std::is_same_v<decltype(cupp::any(i8, 0)), ndarray<bool>>);
  STATIC_REQUIRE(std::is_same_v<decltype(cupp::all(f)), ndarray<bool>>);
}

TEST_CASE("axis reductions of empty inputs as NumPy", "[reduction][axis][errors]") {
  const auto z = cupp::zeros<double>({3, 0});
  const auto s = cupp::sum(z, 1);
  CHECK(s.shape() == shape_t{3});
  CHECK(host(s) == vec<double>({0, 0, 0}));
  CHECK(cupp::sum(z, 1, true).shape() == shape_t{3, 1});
  CHECK(cupp::sum(z, 0).shape() == shape_t{0});
  CHECK(cupp::sum(z, cupp::all_axes).item() == 0.0);
  CHECK(cupp::sum(cupp::zeros<std::int8_t>({0}), 0).item() == 0);
  CHECK(host(cupp::prod(z, 1)) == vec<double>({1, 1, 1}));
  CHECK(cupp::prod(z).item() == 1.0);
  CHECK(same(host(cupp::mean(z, 1)), {NaN, NaN, NaN}));
  CHECK(std::isnan(cupp::mean(z).item()));
  CHECK(cupp::mean(z, 0).shape() == shape_t{0});
  CHECK(same(host(cupp::mean(cupp::zeros<std::int32_t>({0, 3}), 0)), {NaN, NaN, NaN}));
  CHECK(same(host(cupp::var(z, 1)), {NaN, NaN, NaN}));
  CHECK(same(host(cupp::std(z, 1, 1)), {NaN, NaN, NaN}));
  CHECK(host(cupp::count_nonzero(z, 1)) == vec<std::int64_t>({0, 0, 0}));
  CHECK(cupp::count_nonzero(z).item() == 0);
  CHECK(host(cupp::any(z, 1)) == std::vector<bool>{false, false, false});
  CHECK(host(cupp::all(z, 1)) == std::vector<bool>{true, true, true});
  CHECK_FALSE(cupp::any(z).item());
  CHECK(cupp::all(z).item());
  // no identity: an error whenever the reduced length is 0, even with no output element left
  CHECK_THROWS_WITH_WORDS((void)cupp::max(cupp::zeros<float>({0, 0}), 1), cupp::value_error,
                          "zero-size array to reduction operation maximum which has no identity");
  CHECK_THROWS_WITH_WORDS((void)cupp::argmax(cupp::zeros<int>({0, 3, 0}), 2), cupp::value_error,
                          "attempt to get argmax of an empty sequence");
  CHECK_THROWS_WITH_WORDS((void)cupp::max(z, 1), cupp::value_error,
                          "zero-size array to reduction operation maximum which has no identity");
  CHECK_THROWS_WITH_WORDS((void)cupp::amin(z, {1}), cupp::value_error,
                          "zero-size array to reduction operation minimum which has no identity");
  CHECK_THROWS_WITH_WORDS((void)cupp::max(z, cupp::all_axes), cupp::value_error,
                          "zero-size array to reduction operation maximum which has no identity");
  CHECK_THROWS_WITH_WORDS((void)cupp::ptp(z, 1), cupp::value_error,
                          "zero-size array to reduction operation maximum which has no identity");
  CHECK(cupp::max(z, 0).shape() == shape_t{0});
  CHECK(cupp::min(cupp::zeros<float>({0, 3}), 1).shape() == shape_t{0});
  CHECK_THROWS_WITH_WORDS((void)cupp::argmax(z, 1), cupp::value_error,
                          "attempt to get argmax of an empty sequence");
  CHECK_THROWS_WITH_WORDS((void)cupp::argmin(z, -1), cupp::value_error,
                          "attempt to get argmin of an empty sequence");
  CHECK_THROWS_WITH_WORDS((void)cupp::argmax(cupp::zeros<float>({0})), cupp::value_error,
                          "attempt to get argmax of an empty sequence");
  CHECK_THROWS_WITH_WORDS((void)cupp::argmin(cupp::zeros<float>({0})), cupp::value_error,
                          "attempt to get argmin of an empty sequence");
  const auto col = cupp::zeros<double>({0, 1});
  CHECK_THROWS_WITH_WORDS((void)cupp::argmax(col, 0), cupp::value_error,
                          "attempt to get argmax of an empty sequence");
  CHECK(cupp::argmax(col, 1).shape() == shape_t{0});
  CHECK(cupp::argmax(col, 1, true).shape() == shape_t{0, 1});
  // no axis with keepdims: every axis kept as length 1 (np.argmax(a, keepdims=True))
  const auto m = cupp::asarray<double>({3, 9, 1, 4, 9, 0}).reshape({2, 1, 3});
  const auto i = cupp::argmax(m, std::nullopt, true);
  CHECK(i.shape() == shape_t{1, 1, 1});
  CHECK(i.get() == std::vector<std::int64_t>{1});
  CHECK(cupp::argmin(m, std::nullopt, true).get() == std::vector<std::int64_t>{5});
}

TEST_CASE("axis errors as NumPy", "[reduction][axis][errors]") {
  const auto a = cupp::zeros<double>({2, 3});
  CHECK_THROWS_WITH_WORDS((void)cupp::sum(a, 2), cupp::axis_error,
                          "axis 2 is out of bounds for array of dimension 2");
  CHECK_THROWS_WITH_WORDS((void)cupp::mean(a, -3), cupp::axis_error,
                          "axis -3 is out of bounds for array of dimension 2");
  CHECK_THROWS_WITH_WORDS((void)cupp::max(a, {0, 2}), cupp::axis_error,
                          "axis 2 is out of bounds for array of dimension 2");
  CHECK_THROWS_WITH_WORDS((void)cupp::argmax(a, 2), cupp::axis_error,
                          "axis 2 is out of bounds for array of dimension 2");
  CHECK_THROWS_WITH_WORDS((void)cupp::var(a, 2), cupp::axis_error,
                          "axis 2 is out of bounds for array of dimension 2");
  CHECK_THROWS_WITH_WORDS((void)cupp::count_nonzero(a, {-3}), cupp::axis_error,
                          "axis -3 is out of bounds for array of dimension 2");
  CHECK_THROWS_AS((void)cupp::any(a, 5), cupp::value_error); // axis_error is a value_error
  CHECK_THROWS_WITH_WORDS((void)cupp::sum(a, {0, 0}), cupp::value_error,
                          "duplicate value in 'axis'");
  CHECK_THROWS_WITH_WORDS((void)cupp::prod(a, {1, -1}), cupp::value_error,
                          "duplicate value in 'axis'");
  CHECK_THROWS_WITH_WORDS((void)cupp::std(a, {0, 1, -2}), cupp::value_error,
                          "duplicate value in 'axis'");
  CHECK_THROWS_WITH_WORDS((void)cupp::sum(cupp::full<double>({}, 1.0), 1), cupp::axis_error,
                          "axis 1 is out of bounds for array of dimension 0");
}

TEST_CASE("axis reductions of 0-d input", "[reduction][axis]") {
  const auto x = cupp::full<double>({}, 2.5);
  CHECK(cupp::sum(x, cupp::all_axes).ndim() == 0);
  CHECK(cupp::sum(x, cupp::all_axes).item() == 2.5);
  CHECK(cupp::sum(x, cupp::all_axes, true).ndim() == 0);
  CHECK(cupp::prod(x).item() == 2.5);
  CHECK(cupp::max(x, cupp::all_axes).item() == 2.5);
  CHECK(cupp::min(x, cupp::all_axes, true).item() == 2.5);
  CHECK(cupp::mean(x).item() == 2.5);
  CHECK(cupp::var(x).item() == 0.0);
  CHECK(cupp::std(x).item() == 0.0);
  CHECK(cupp::ptp(x).item() == 0.0);
  CHECK(cupp::argmax(x).item() == 0);
  CHECK(cupp::argmin(x).item() == 0);
  CHECK(cupp::any(x).item());
  CHECK(cupp::count_nonzero(x).item() == 1);
  const auto i = cupp::full<std::int16_t>({}, -7);
  CHECK(cupp::sum(i, cupp::all_axes).item() == -7);
  CHECK(cupp::mean(i).item() == -7.0);
}

TEST_CASE("keepdims, several axes, expressions and bool input as NumPy", "[reduction][axis]") {
  const auto b = cupp::arange<std::int32_t>(24).reshape({2, 3, 4});
  const auto s = cupp::sum(b, {0, 2}, true);
  CHECK(s.shape() == shape_t{1, 3, 1});
  CHECK(host(s) == vec<std::int64_t>({60, 92, 124}));
  CHECK(cupp::sum(b, cupp::all_axes, true).shape() == shape_t{1, 1, 1});
  CHECK(cupp::sum(b, cupp::all_axes, true).item() == 276);
  const auto m = cupp::mean(b, -1, true);
  CHECK(m.shape() == shape_t{2, 3, 1});
  CHECK(host(m) == vec<double>({1.5, 5.5, 9.5, 13.5, 17.5, 21.5}));
  CHECK(host(cupp::max(b, 1)) == vec<std::int32_t>({8, 9, 10, 11, 20, 21, 22, 23}));
  CHECK(cupp::argmin(b, 1, true).shape() == shape_t{2, 1, 4});
  CHECK(same(host(cupp::var(b, {1, 2})), {11.916666666666666, 11.916666666666666}));
  // axis=(): nothing reduced, the values in the result dtype
  const auto a = cupp::arange<std::int32_t>(6).reshape({2, 3});
  const auto none = cupp::sum(a, cupp::axes(std::vector<index_t>{}));
  CHECK(none.shape() == shape_t{2, 3});
  CHECK(host(none) == vec<std::int64_t>({0, 1, 2, 3, 4, 5}));
  CHECK(host(cupp::mean(a, cupp::axes(std::vector<index_t>{}))) == vec<double>({0, 1, 2, 3, 4, 5}));

  // expressions are evaluated first
  const auto c = cupp::arange<std::int32_t>(12).reshape({3, 4});
  CHECK(host(cupp::sum(c * 2, 1)) == vec<std::int64_t>({12, 44, 76}));
  CHECK(host(cupp::mean(c + 0.5, 0)) == vec<double>({4.5, 5.5, 6.5, 7.5}));
  CHECK(host(cupp::argmax(-c, 1)) == vec<std::int64_t>({0, 0, 0}));
  CHECK(cupp::count_nonzero(c - 5).item() == 11);
  CHECK(host(cupp::max(c * 2, 0)) == vec<std::int32_t>({16, 18, 20, 22}));
  CHECK(cupp::argmax(c * 1).item() == 11);

  // bool: (arange(24) % 3 == 0).reshape(2, 3, 4)
  std::unique_ptr<bool[]> hb(new bool[24]);
  for (int k = 0; k < 24; ++k)
    hb[k] = k % 3 == 0;
  const auto bb = cupp::asarray(hb.get(), shape_t{2, 3, 4});
  const auto bs = cupp::sum(bb, 0);
  STATIC_REQUIRE(std::is_same_v<decltype(bs), const cupp::ndarray<std::int64_t>>);
  CHECK(host(bs) == vec<std::int64_t>({2, 0, 0, 2, 0, 0, 2, 0, 0, 2, 0, 0}));
  CHECK(host(cupp::sum(bb, {0, 2})) == vec<std::int64_t>({4, 2, 2}));
  CHECK(host(cupp::prod(bb, 0)) == vec<std::int64_t>({1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0}));
  CHECK(host(cupp::count_nonzero(bb, -1)) == vec<std::int64_t>({2, 1, 1, 2, 1, 1}));
  CHECK(host(cupp::any(bb, 1)) == std::vector<bool>(8, true));
  CHECK(host(cupp::all(bb, 2)) == std::vector<bool>(6, false));
  CHECK(cupp::any(bb).item());
  CHECK_FALSE(cupp::all(bb).item());
  CHECK(same(host(cupp::mean(bb, 1)), std::vector<double>(8, 0.3333333333333333)));
}
