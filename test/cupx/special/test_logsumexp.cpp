// cupx::special's logsumexp (axis, keepdims, b=, return_sign), softmax and log_softmax: random
// inputs against long-double host loops over every axis choice, float32 and float64, strided
// inputs, and SciPy's values at the edges (infinities, NaN, zero and negative weights, huge
// values, one dominant element), written out from SciPy 1.17.
#include "cupx/special/special_testing.hpp"

#include <cupx/special/logsumexp.hpp>

#include <cupp/creation.hpp>
#include <cupp/expr/astype.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/math/functions.hpp>

#include <cmath>
#include <limits>
#include <vector>

using namespace cupp_test;
namespace sp = cupx::special;
using cupp::ndarray;

namespace {
constexpr double inf = std::numeric_limits<double>::infinity();

/// logsumexp of a (rows, len) matrix over its rows, in long double.
std::vector<double> host_lse(const std::vector<double>& a, std::size_t rows, std::size_t len) {
  std::vector<double> out(rows);
  for (std::size_t i = 0; i < rows; ++i) {
    long double m = -INFINITY, s = 0;
    for (std::size_t j = 0; j < len; ++j)
      m = std::fmax(m, static_cast<long double>(a[i * len + j]));
    for (std::size_t j = 0; j < len; ++j)
      s += std::exp(static_cast<long double>(a[i * len + j]) - m);
    out[i] = static_cast<double>(m + std::log(s));
  }
  return out;
}

ndarray<double> arr(const std::vector<double>& v) {
  return cupp::asarray(v.data(), {static_cast<std::int64_t>(v.size())});
}

void check_values(const std::vector<double>& got, const std::vector<double>& want, double rtol) {
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    CAPTURE(i, got[i], want[i]);
    CHECK(special_close(got[i], want[i], rtol, 0.0));
  }
}
} // namespace

TEMPLATE_TEST_CASE("logsumexp over each axis matches a host loop", "[special][logsumexp]", float,
                   double) {
  const double rtol = sizeof(TestType) == 4 ? 2e-6 : 2e-15;
  const auto [rows, len] = GENERATE(table<std::size_t, std::size_t>({{1, 1},
                                                                     {3, 7},
                                                                     {5, 1000},
                                                                     {64, 33},
                                                                     {2, 70000},
                                                                     {1000, 3},
                                                                     {4, 4096},
                                                                     {2, 4097},
                                                                     {3, 8192}}));
  CAPTURE(rows, len);
  const auto n = static_cast<std::int64_t>(rows * len);
  // values from -60 to 60: the maximum's shift matters, e^x alone would overflow float32
  const ndarray<double> base =
      cupp::linspace<double>(-60, 60, n) * cupp::cos(cupp::arange<double>(n));
  const ndarray<TestType> a = base.astype<TestType>().reshape(
      {static_cast<std::int64_t>(rows), static_cast<std::int64_t>(len)});
  std::vector<double> host;
  for (const TestType v : a.get())
    host.push_back(static_cast<double>(v));
  // axis 1 (rows are contiguous runs) and axis 0 of the transpose (the same numbers, strided)
  const ndarray<TestType> r1 = sp::logsumexp(a, 1);
  const ndarray<TestType> r0 = sp::logsumexp(a.T(), 0);
  std::vector<double> g1, g0;
  for (const TestType v : r1.get())
    g1.push_back(static_cast<double>(v));
  for (const TestType v : r0.get())
    g0.push_back(static_cast<double>(v));
  const auto want = host_lse(host, rows, len);
  check_values(g1, want, rtol);
  check_values(g0, want, rtol);
  // every axis: one number
  const TestType all = sp::logsumexp(a).item();
  CHECK(special_close(static_cast<double>(all), host_lse(host, 1, rows * len)[0], rtol, 0.0));
  // keepdims
  CHECK(sp::logsumexp(a, {.axis = 1, .keepdims = true}).shape() ==
        cupp::shape_t{static_cast<std::int64_t>(rows), 1});
}

TEST_CASE("logsumexp keeps SciPy's values at the edges", "[special][logsumexp]") {
  const std::vector<std::pair<std::vector<double>, double>> cases = {
      {{-inf, -inf}, -inf},
      {{inf, inf}, inf},
      {{inf, -inf, 1}, inf},
      {{qnan, 1}, qnan},
      {{inf, qnan}, qnan},
      {{1, 2, 3}, 3.40760596444438},
      {{}, -inf},
      {{-inf, 0}, 0.0},
      {{1e308, 1e308}, 1e308},
      // one dominant element: log1p keeps the small rest (log(1 + e^-40) = 4.2e-18)
      {{0.0, -40.0}, 4.248354255291589e-18}};
  for (const auto& [a, want] : cases) {
    CAPTURE(a);
    CHECK(special_close(sp::logsumexp(arr(a)).item(), want, 1e-15, 0.0));
  }
  // the same edges as the last element of long rows (CUDA: seen by one thread of the block)
  for (const std::size_t len : {5, 3001, 4096}) {
    std::vector<double> row(len, -1.0);
    const double lse = -1.0 + std::log(static_cast<double>(len));
    for (const auto& [last, want] : std::vector<std::pair<double, double>>{
             {qnan, qnan}, {inf, inf}, {-inf, -1.0 + std::log(len - 1.0)}, {-1.0, lse}}) {
      row.back() = last;
      CAPTURE(len, last);
      CHECK(special_close(sp::logsumexp(arr(row)).item(), want, 1e-14, 0.0));
    }
  }
  // integers compute in float64, float16 in float32
  CHECK(sp::logsumexp(cupp::arange<std::int8_t>(1, 4)).item() ==
        Approx(3.40760596444438).epsilon(1e-15));
  STATIC_REQUIRE(
      std::is_same_v<decltype(sp::logsumexp(cupp::ones<cupp::float16>({2})).item()), float>);
}

TEST_CASE("logsumexp with weights and return_sign", "[special][logsumexp]") {
  const auto a = arr({1, 2});
  CHECK(std::isnan(sp::logsumexp(a, arr({1, -1})).item())); // a negative sum, as SciPy's
  const auto [v, s] = sp::logsumexp_sign(a, arr({1, -1}));
  CHECK(v.item() == Approx(1.5413248546129181).epsilon(1e-15));
  CHECK(s.item() == -1.0);
  const auto [v0, s0] = sp::logsumexp_sign(arr({1, 1}), arr({1, -1}));
  CHECK(v0.item() == -inf);
  CHECK(s0.item() == 0.0);
  // a zero weight removes its element, even an infinite one
  CHECK(sp::logsumexp(arr({-inf, 1}), arr({0, 1})).item() == 1.0);
  CHECK(sp::logsumexp(arr({inf, 1}), arr({0, 1})).item() == 1.0);
  CHECK(sp::logsumexp(arr({1, 2}), arr({0, 0})).item() == -inf);
  // weights broadcast: b of shape (3,) along the rows of a (2, 3)
  const auto m = cupp::linspace<double>(0, 5, 6).reshape({2, 3});
  const auto w = arr({0.5, 2, 1});
  const std::vector<double> got = sp::logsumexp(m, w, {.axis = 1}).get();
  for (std::size_t i = 0; i < 2; ++i) {
    const double want =
        std::log(0.5 * std::exp(3.0 * i) + 2 * std::exp(3.0 * i + 1) + std::exp(3.0 * i + 2));
    CHECK(got[i] == Approx(want).epsilon(1e-15));
  }
}

TEST_CASE("softmax and log_softmax match SciPy", "[special][logsumexp]") {
  const auto x = cupp::linspace<double>(-3, 8, 12).reshape({3, 4});
  const ndarray<double> s1 = sp::softmax(x, 1), l1 = sp::log_softmax(x, 1);
  const ndarray<double> s0 = sp::softmax(x, 0), sa = sp::softmax(x);
  const auto hx = x.get();
  for (std::size_t i = 0; i < 3; ++i) {
    double sum = 0;
    for (std::size_t j = 0; j < 4; ++j)
      sum += std::exp(hx[i * 4 + j]);
    for (std::size_t j = 0; j < 4; ++j) {
      CHECK(s1.get()[i * 4 + j] == Approx(std::exp(hx[i * 4 + j]) / sum).epsilon(1e-15));
      CHECK(l1.get()[i * 4 + j] == Approx(hx[i * 4 + j] - std::log(sum)).margin(4e-16));
    }
  }
  double col = 0, total = 0;
  for (std::size_t i = 0; i < 3; ++i)
    col += s0.get()[i * 4 + 2];
  for (const double v : sa.get())
    total += v;
  CHECK(col == Approx(1.0).epsilon(1e-15));
  CHECK(total == Approx(1.0).epsilon(1e-15));
  // SciPy's edges: softmax([inf, 1]) is all NaN, log_softmax([inf, 1]) is [qnan, -inf]
  const std::vector<std::pair<std::vector<double>, std::vector<double>>> soft = {
      {{inf, 1}, {qnan, qnan}},  {{-inf, -inf}, {qnan, qnan}}, {{-inf, 1}, {0, 1}},
      {{qnan, 1}, {qnan, qnan}}, {{inf, inf}, {qnan, qnan}},   {{1e308, 1e308}, {0.5, 0.5}},
      {{-1e308, 1e308}, {0, 1}}};
  const std::vector<std::vector<double>> log_soft = {
      {qnan, -inf}, {qnan, qnan}, {-inf, 0},
      {qnan, qnan}, {qnan, qnan}, {-0.6931471805599453, -0.6931471805599453},
      {-inf, 0}};
  for (std::size_t k = 0; k < soft.size(); ++k) {
    CAPTURE(k);
    check_values(ndarray<double>(sp::softmax(arr(soft[k].first))).get(), soft[k].second, 1e-15);
    check_values(ndarray<double>(sp::log_softmax(arr(soft[k].first))).get(), log_soft[k], 1e-15);
  }
}

TEMPLATE_TEST_CASE("softmax and log_softmax of long rows match a host loop", "[special][logsumexp]",
                   float, double) {
  // row lengths on both sides of the one-pass kernel's limits (1024, 4096, 8192 on CUDA)
  const std::int64_t len = GENERATE(1, 1000, 1025, 4096, 5000, 8192, 9000);
  const std::int64_t rows = 3;
  CAPTURE(len);
  const ndarray<double> base =
      cupp::linspace<double>(-30, 30, rows * len) * cupp::sin(cupp::arange<double>(rows * len));
  const ndarray<TestType> x = base.astype<TestType>().reshape({rows, len});
  const auto hx = x.get();
  const std::vector<TestType> s = ndarray<TestType>(sp::softmax(x, 1)).get();
  const std::vector<TestType> l = ndarray<TestType>(sp::log_softmax(x, -1)).get();
  const double rtol = sizeof(TestType) == 4 ? 2e-5 : 1e-13;
  for (std::int64_t r = 0; r < rows; ++r) {
    long double m = -INFINITY, sum = 0;
    for (std::int64_t j = 0; j < len; ++j)
      m = std::fmax(m, static_cast<long double>(hx[r * len + j]));
    for (std::int64_t j = 0; j < len; ++j)
      sum += std::exp(static_cast<long double>(hx[r * len + j]) - m);
    for (std::int64_t j = 0; j < len; j += 7) {
      const auto i = static_cast<std::size_t>(r * len + j);
      const long double d = static_cast<long double>(hx[i]) - m;
      CHECK(special_close(static_cast<double>(s[i]), static_cast<double>(std::exp(d) / sum), rtol,
                          1e-300));
      CHECK(special_close(static_cast<double>(l[i]), static_cast<double>(d - std::log(sum)), rtol,
                          rtol));
    }
  }
}
