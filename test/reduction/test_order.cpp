// nan-variants of the reductions, quantile/percentile/median (every method) and average, against
// NumPy 2 results written out below.
#include "common/testing.hpp"

#include <cupp/reduction/order.hpp>

#include <cmath>
#include <limits>

using namespace cupp_test;

namespace {

// Host values with NaN compared as equal to NaN.
bool nan_same(const std::vector<double>& got, const std::vector<double>& want) {
  if (got.size() != want.size()) return false;
  for (std::size_t i = 0; i < got.size(); ++i)
    if (!(std::isnan(got[i]) && std::isnan(want[i])) && !(got[i] == Approx(want[i]))) return false;
  return true;
}
} // namespace

TEST_CASE("nan-variants skip NaN", "[reduction][nan]") {
  const auto a = cupp::asarray<double>({{1, qnan, 3}, {qnan, qnan, qnan}, {4, 5, qnan}});
  CHECK(nan_same(host(cupp::nansum(a, 1)), {4, 0, 9}));
  CHECK(nan_same(host(cupp::nanprod(a, 0)), {4, 5, 3}));
  CHECK(nan_same(host(cupp::nanmax(a, 1)), {3, qnan, 5}));
  CHECK(nan_same(host(cupp::nanmin(a, 0)), {1, 5, 3}));
  CHECK(nan_same(host(cupp::nanmean(a, 1)), {2, qnan, 4.5}));
  CHECK(nan_same(host(cupp::nanvar(a, 0)), {2.25, 0, 0}));
  CHECK(cupp::nanstd(a, cupp::all_axes, 1).item() == Approx(1.707825127659933));
  CHECK(cupp::nanargmax(a(0)).item() == 2);
  CHECK(host(cupp::nanargmax(a(cupp::asarray<int>({0, 2})), 1)) == std::vector<std::int64_t>{2, 1});
  // an all-NaN slice: NumPy's error, raised at the next sync point
  const auto bad = cupp::nanargmin(a, 1);
  CHECK_THROWS_WITH_WORDS(cupp::synchronize(), cupp::value_error, "All-NaN slice encountered");
  CHECK(cupp::nanargmin(a(0)).item() == 0); // and the next call works
  // integers have no NaN: the nan-variants equal the plain ones
  const auto i = cupp::arange<int>(6).reshape({2, 3});
  CHECK(host(cupp::nansum(i, 0)) == host(cupp::sum(i, 0)));
  CHECK(host(cupp::nanmax(i, 1)) == host(cupp::max(i, 1)));
  CHECK_THROWS_AS((void)cupp::nanmax(cupp::zeros<float>({0, 2}), 0), cupp::value_error);
}

TEST_CASE("quantile, percentile and median in every method", "[reduction][quantile]") {
  const auto a = cupp::asarray<float>({{3, 1, 4, 1}, {5, 9, 2, 6}, {5, 3, 5, 8}});
  CHECK(cupp::median(a).item() == 4.5f);
  CHECK(host(cupp::median(a, 0)) == std::vector<float>{5, 3, 4, 6});
  CHECK(cupp::median(a, 1, true).shape() == cupp::shape_t{3, 1});
  const std::vector<double> q{0.0, 0.3, 0.5, 0.9, 1.0};
  using m = cupp::quantile_method;
  const std::vector<std::pair<m, std::vector<float>>> expected{
      {m::linear, {1, 2, 3, 1, 4.7f, 4.8f, 2, 5.5f, 5, 3.7f, 8.1f, 7.1f, 4, 9, 8}},
      {m::lower, {1, 2, 3, 1, 2, 3, 1, 5, 5, 3, 6, 5, 4, 9, 8}},
      {m::higher, {1, 2, 3, 1, 5, 5, 3, 6, 5, 4, 9, 8, 4, 9, 8}},
      {m::nearest, {1, 2, 3, 1, 5, 5, 3, 6, 5, 4, 9, 8, 4, 9, 8}},
      {m::midpoint, {1, 2, 3, 1, 3.5f, 4, 2, 5.5f, 5, 3.5f, 7.5f, 6.5f, 4, 9, 8}}};
  for (const auto& [method, want] : expected) {
    const auto r = cupp::quantile(a, q, 1, method);
    CHECK(r.shape() == cupp::shape_t{5, 3});
    const auto got = host(r);
    for (std::size_t k = 0; k < want.size(); ++k)
      CHECK(got[k] == Approx(want[k]).epsilon(1e-6));
  }
  const auto b = cupp::asarray<int>({{7, 1, 4}, {2, 8, 2}});
  CHECK(host(cupp::quantile(b, std::vector<double>{0.25, 0.75}, 0)) ==
        std::vector<double>{3.25, 2.75, 2.5, 5.75, 6.25, 3.5});
  CHECK(host(cupp::percentile(b, std::vector<double>{10, 90}, 1, m::nearest)) ==
        std::vector<double>{1, 2, 7, 8});
  CHECK(cupp::median(b, {0, 1}).item() == 3.0);
  CHECK(cupp::percentile(cupp::arange<int>(10), 25.0).item() == 2.25);
  CHECK(std::isnan(cupp::median(cupp::asarray<double>({1, qnan, 3})).item()));
  CHECK(cupp::nanmedian(cupp::asarray<double>({1, qnan, 3, 2})).item() == 2.0);
  const auto n = cupp::asarray<double>({{1, qnan, 3}, {qnan, qnan, qnan}, {4, 5, qnan}});
  CHECK(nan_same(host(cupp::nanpercentile(n, 50.0, 1)), {2, qnan, 4.5}));
  CHECK(nan_same(host(cupp::nanquantile(n, std::vector<double>{0, 1}, 0)), {1, 5, 3, 4, 5, 3}));
  CHECK(std::isnan(cupp::median(cupp::zeros<float>({0})).item()));
  CHECK_THROWS_WITH_WORDS((void)cupp::quantile(a, 1.5), cupp::value_error,
                          "Quantiles must be in the range [0, 1]");
  CHECK_THROWS_WITH_WORDS((void)cupp::percentile(a, -1.0), cupp::value_error,
                          "Percentiles must be in the range [0, 100]");
}

TEST_CASE("average with weights", "[reduction][average]") {
  const auto a = cupp::asarray<float>({{3, 1, 4, 1}, {5, 9, 2, 6}, {5, 3, 5, 8}});
  const auto w = cupp::asarray<float>({1, 2, 3, 4});
  const auto r = host(cupp::average(a, w, 1));
  CHECK(r[0] == Approx(2.1f));
  CHECK(r[1] == Approx(5.3f));
  CHECK(r[2] == Approx(5.8f));
  const auto [avg, sum_w] = cupp::average(a, w, 1, cupp::returned);
  CHECK(host(sum_w) == std::vector<float>{10, 10, 10});
  CHECK(host(avg) == host(cupp::average(a, w, 1)));
  const auto i = cupp::arange<int>(6).reshape({2, 3});
  CHECK(host(cupp::average(i, cupp::asarray<int>({1, 3}), 0)) ==
        std::vector<double>{2.25, 3.25, 4.25});
  CHECK(cupp::average(i, cupp::arange<int>(6).reshape({2, 3})).item() ==
        Approx(3.6666666666666665));
  CHECK(cupp::average(i).item() == 2.5);
  CHECK_THROWS_WITH_WORDS((void)cupp::average(a, w), cupp::type_error, "Axis must be specified");
  CHECK_THROWS_WITH_WORDS((void)cupp::average(a, w, 0), cupp::value_error,
                          "Length of weights not compatible");
}

TEST_CASE("reductions write into out= arrays", "[reduction][out]") {
  const auto a = cupp::arange<int>(6).reshape({2, 3});
  auto o = cupp::zeros<double>({3});
  CHECK(cupp::sum(a, 0, false, o).data() == o.data());
  CHECK(host(o) == std::vector<double>{3, 5, 7});
  auto v = cupp::zeros<float>({2, 1});
  cupp::mean(a, 1, true, v);
  CHECK(host(v) == std::vector<float>{1, 4});
  auto big = cupp::zeros<std::int64_t>({4, 3});
  cupp::max(a, 0, false, big(1)); // into a view: a row of a larger array
  CHECK(host(big) == std::vector<std::int64_t>{0, 0, 0, 3, 4, 5, 0, 0, 0, 0, 0, 0});
  auto s = cupp::zeros<double>({2});
  cupp::std(a, 1, 0, false, s);
  CHECK(host(s)[0] == Approx(0.816496580927726));
  CHECK_THROWS_WITH_WORDS(cupp::sum(a, 1, false, o), cupp::value_error,
                          "output parameter for reduction has shape (3,)");
}
