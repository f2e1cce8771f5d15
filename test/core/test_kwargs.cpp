// NumPy's keyword arguments as designated initializers (issue 13, core/keywords.hpp): the
// acceptance program, both spellings of every family agree (and with host references), the
// positional braced lists still mean axes, and the structs' defaults are NumPy's.
#include "common/shapes.hpp"
#include "common/testing.hpp"

#include <cupp/manipulation/pad.hpp>
#include <cupp/math/compare.hpp>
#include <cupp/math/functions.hpp>
#include <cupp/reduction/histogram.hpp>
#include <cupp/reduction/order.hpp>
#include <cupp/reduction/reduce.hpp>
#include <cupp/reduction/scan.hpp>
#include <cupp/reduction/stats.hpp>
#include <cupp/sorting/search.hpp>
#include <cupp/sorting/sets.hpp>
#include <cupp/sorting/sort.hpp>

#include <cmath>
#include <limits>
#include <type_traits>

using namespace cupp_test;
namespace cp = cupp;

namespace {
// var of x (shape (n, m), C order) over axis 0 with ddof, on the host
std::vector<double> host_var0(const std::vector<float>& x, int n, int m, int ddof) {
  std::vector<double> r;
  for (int j = 0; j < m; ++j) {
    double mean = 0;
    for (int i = 0; i < n; ++i)
      mean += x[std::size_t(i * m + j)];
    mean /= n;
    double ss = 0;
    for (int i = 0; i < n; ++i)
      ss += (x[std::size_t(i * m + j)] - mean) * (x[std::size_t(i * m + j)] - mean);
    r.push_back(ss / (n - ddof));
  }
  return r;
}
} // namespace

TEST_CASE("the acceptance program: a mask expression, a.sum() and var with keywords", "[kwargs]") {
  const std::vector<float> hx = {0.1f, 0.9f, 0.5f, 0.75f, 0.2f, 0.6f, 1.0f, 0.0f, 0.55f};
  cp::ndarray<float> x = cp::asarray(hx).reshape({3, 3});
  auto m = x(x > 0.5);
  auto s = x.sum();
  cp::ndarray<float> v = cp::var(x, {.axis = 0, .ddof = 1});

  std::vector<float> picked;
  double total = 0;
  for (float e : hx) {
    if (e > 0.5f) picked.push_back(e);
    total += e;
  }
  CHECK(host(cp::ndarray<float>(m)) == picked);
  CHECK(s.shape() == S());
  CHECK(s.item() == Approx(total).epsilon(1e-6));
  const auto expected = host_var0(hx, 3, 3, 1);
  REQUIRE(v.shape() == S(3));
  const auto hv = host(v);
  for (std::size_t j = 0; j < 3; ++j)
    CHECK(hv[j] == Approx(expected[j]).epsilon(1e-5));
  check_same(v, cp::var(x, 0, 1));
}

TEST_CASE("reductions: keyword and positional spellings agree", "[kwargs]") {
  const auto a = device_values<float>(S(2, 3, 4));
  check_same(cp::sum(a, {.axis = {0, 2}, .keepdims = true}), cp::sum(a, {0, 2}, true));
  check_same(cp::sum(a, {.axis = 1}), cp::sum(a, 1));
  check_same(cp::sum(a, {.keepdims = true}), cp::sum(a, cp::all_axes, true));
  check_same(cp::sum<double>(a, {.axis = -1}), cp::sum<double>(a, -1));
  check_same(cp::prod(a, {.axis = 2}), cp::prod(a, 2));
  check_same(cp::max(a, {.axis = {1, 2}}), cp::max(a, {1, 2}));
  check_same(cp::min(a, {.axis = 0, .keepdims = true}), cp::min(a, 0, true));
  check_same(cp::amax(a, {.axis = 1}), cp::amax(a, 1));
  check_same(cp::amin(a, {.axis = 1}), cp::amin(a, 1));
  check_same(cp::ptp(a, {.axis = 0}), cp::ptp(a, 0));
  check_same(cp::mean(a, {.axis = {0, 1}}), cp::mean(a, {0, 1}));
  check_same(cp::any(a > 1.0f, {.axis = 2}), cp::any(a > 1.0f, 2));
  check_same(cp::all(a > -5.0f, {.axis = 2, .keepdims = true}), cp::all(a > -5.0f, 2, true));
  check_same(cp::count_nonzero(a, {.axis = 1}), cp::count_nonzero(a, 1));
  check_same(cp::var(a, {.axis = 2, .ddof = 1, .keepdims = true}), cp::var(a, 2, 1, true));
  check_same(cp::std(a, {.ddof = 1}), cp::std(a, cp::all_axes, 1));
  check_same(cp::argmax(a, {.axis = 1, .keepdims = true}), cp::argmax(a, 1, true));
  check_same(cp::argmin(a, {.axis = 0}), cp::argmin(a, 0));
  check_same(cp::argmax(a, {.keepdims = false}), cp::argmax(a));
  // the nan-variants
  const auto n = cp::asarray<double>({{1.0, std::nan(""), 3.0}, {std::nan(""), 5.0, 6.0}});
  check_same(cp::nansum(n, {.axis = 1}), cp::nansum(n, 1));
  check_same(cp::nanprod(n, {.axis = 0}), cp::nanprod(n, 0));
  check_same(cp::nanmax(n, {.axis = 1}), cp::nanmax(n, 1));
  check_same(cp::nanmin(n, {.axis = 1}), cp::nanmin(n, 1));
  check_same(cp::nanmean(n, {.axis = 0, .keepdims = true}), cp::nanmean(n, 0, true));
  check_same(cp::nanvar(n, {.axis = 1, .ddof = 1}), cp::nanvar(n, 1, 1));
  check_same(cp::nanstd(n, {.axis = 1, .ddof = 1}), cp::nanstd(n, 1, 1));
  check_same(cp::nanargmax(n, {.axis = 1}), cp::nanargmax(n, 1));
  check_same(cp::nanargmin(n, {.axis = 0}), cp::nanargmin(n, 0));
  // NumPy: np.nansum(n, axis=1) = [4, 11], np.nanvar(n, axis=1, ddof=1) = [2, 0.5]
  CHECK(host(cp::nansum(n, {.axis = 1})) == std::vector<double>{4, 11});
  CHECK(host(cp::nanvar(n, {.axis = 1, .ddof = 1})) == std::vector<double>{2, 0.5});
  // axis=None is cupp::none everywhere
  check_same(cp::sum(a, cp::none), cp::sum(a, cp::all_axes));
  check_same(cp::mean(a, {.axis = cp::none, .keepdims = true}), cp::mean(a, cp::all_axes, true));
  // errors are the positional forms' errors
  CHECK_THROWS_AS(cp::sum(a, {.axis = 3}), cp::axis_error);
  CHECK_THROWS_WITH_WORDS(cp::sum(a, {.axis = {1, -2}}), cp::value_error, "duplicate value");
  CHECK_THROWS_WITH_WORDS(cp::max(cp::zeros<float>({0, 2}), {.axis = 0}), cp::value_error,
                          "zero-size array to reduction operation maximum");
}

TEST_CASE("scans, diff, sort, order statistics: keyword and positional spellings agree",
          "[kwargs]") {
  const auto a = device_values<std::int32_t>(S(3, 4));
  check_same(cp::cumsum(a, {.axis = 1}), cp::cumsum(a, 1));
  check_same(cp::cumsum(a, {.axis = cp::none}), cp::cumsum(a));
  check_same(cp::cumsum<double>(a, {.axis = 0}), cp::cumsum<double>(a, 0));
  check_same(cp::cumprod(a, {.axis = 0}), cp::cumprod(a, 0));
  const auto f = device_values<double>(S(3, 4));
  check_same(cp::nancumsum(f, {.axis = 1}), cp::nancumsum(f, 1));
  check_same(cp::nancumprod(f, {.axis = 1}), cp::nancumprod(f, 1));
  check_same(cp::diff(a, {.n = 2}), cp::diff(a, 2));
  check_same(cp::diff(a, {.axis = 0}), cp::diff(a, 1, 0));
  check_same(cp::sort(a, {.axis = 0}), cp::sort(a, 0));
  check_same(cp::sort(a, {.axis = cp::none, .kind = "stable"}), cp::sort(a, cp::none, "stable"));
  check_same(cp::argsort(a, {.kind = "mergesort"}), cp::argsort(a, -1, "mergesort"));
  CHECK_THROWS_WITH_WORDS(cp::sort(a, {.kind = "bogo"}), cp::value_error,
                          "sort kind must be one of 'quick', 'heap', or 'stable' (got 'bogo')");
  check_same(cp::median(f, {.axis = 1, .keepdims = true}), cp::median(f, 1, true));
  check_same(cp::nanmedian(f, {.axis = 0}), cp::nanmedian(f, 0));
  check_same(cp::quantile(f, 0.3, {.axis = 0, .method = cp::quantile_method::lower}),
             cp::quantile(f, 0.3, 0, cp::quantile_method::lower));
  check_same(cp::quantile(f, {0.25, 0.75}, {.axis = 1, .keepdims = true}),
             cp::quantile(f, {0.25, 0.75}, 1, cp::quantile_method::linear, true));
  check_same(cp::percentile(f, 40.0, {.method = cp::quantile_method::nearest}),
             cp::percentile(f, 40.0, cp::all_axes, cp::quantile_method::nearest));
  check_same(cp::percentile(f, {10.0, 90.0}, {.axis = 0}), cp::percentile(f, {10.0, 90.0}, 0));
  check_same(cp::nanquantile(f, 0.5, {.axis = 1}), cp::nanquantile(f, 0.5, 1));
  check_same(cp::nanquantile(f, {0.5}, {.axis = 1}), cp::nanquantile(f, {0.5}, 1));
  check_same(cp::nanpercentile(f, 50.0, {.axis = 1}), cp::nanpercentile(f, 50.0, 1));
  check_same(cp::nanpercentile(f, {50.0}, {.axis = 1}), cp::nanpercentile(f, {50.0}, 1));
  check_same(cp::average(f, {.axis = 0, .keepdims = true}), cp::mean(f, 0, true));
  const auto w = cp::asarray<double>({1, 2, 3, 4});
  check_same(cp::average(f, w, {.axis = 1}), cp::average(f, w, 1));
  // np.average([[1, 2], [3, 4]], axis=1, weights=[1, 3], keepdims=True) = [[1.75], [3.75]]
  CHECK_ARR(cp::average(cp::asarray<double>({{1, 2}, {3, 4}}), cp::asarray<double>({1, 3}),
                        {.axis = 1, .keepdims = true}),
            S(2, 1), 1.75, 3.75);
  // np.cov(m, rowvar=False, bias=True), ddof overriding bias
  const auto m = cp::asarray<double>({{1, 2}, {3, 5}, {4, 9}});
  check_same(cp::cov(m, {.rowvar = false}), cp::cov(m, false));
  check_same(cp::cov(m, {.rowvar = false, .bias = true}), cp::cov(m, false, 0));
  check_same(cp::cov(m, {.bias = true, .ddof = 2}), cp::cov(m, true, 2));
  CHECK_ARR(cp::cov(cp::asarray<double>({1, 2, 3, 6}), {.bias = true}), S(), 3.5);
}

TEST_CASE("elementwise, creation, pad, histogram, unique: keyword and positional spellings agree",
          "[kwargs]") {
  const double inf = std::numeric_limits<double>::infinity();
  const auto x = cp::asarray<double>({1.0, std::nan(""), inf, -inf, 2.0});
  check_same(cp::ndarray<double>(cp::nan_to_num(x, {.posinf = 1e30})),
             cp::ndarray<double>(cp::nan_to_num(x, 0.0, 1e30)));
  CHECK(host(cp::ndarray<double>(cp::nan_to_num(x, {.nan = -1.0, .neginf = -7.0}))) ==
        std::vector<double>{1.0, -1.0, std::numeric_limits<double>::max(), -7.0, 2.0});
  const auto y = x + 1e-7;
  check_same(cp::ndarray<bool>(cp::isclose(x, y, {.equal_nan = true})),
             cp::ndarray<bool>(cp::isclose(x, y, 1e-5, 1e-8, true)));
  check_same(cp::ndarray<bool>(cp::isclose(x, y, {.rtol = 0.0, .atol = 1e-9})),
             cp::ndarray<bool>(cp::isclose(x, y, 0.0, 1e-9)));
  // np.allclose: NaN equal to NaN only with equal_nan
  CHECK_FALSE(cp::allclose(x, y));
  CHECK(cp::allclose(x, y, {.equal_nan = true}));
  CHECK_FALSE(cp::allclose(x, y, {.rtol = 0.0, .atol = 1e-9, .equal_nan = true}));
  CHECK(cp::allclose(cp::asarray<float>({1.0f, 2.0f}), 1.5f, {.atol = 0.5}));

  check_same(cp::linspace<float>(0, 1, {.num = 5, .endpoint = false}),
             cp::linspace<float>(0, 1, 5, false));
  CHECK_ARR(cp::linspace<double>(0, 2, {.num = 4, .endpoint = false}), S(4), 0.0, 0.5, 1.0, 1.5);
  CHECK(cp::linspace(0, 1, {.endpoint = true}).shape() == S(50));

  const auto a = cp::asarray<int>({1, 2, 3});
  check_same(cp::pad(a, 2, {.mode = "edge"}), cp::pad(a, 2, "edge"));
  CHECK_ARR(cp::pad(a, {{1, 2}}, {.constant_values = 7}), S(6), 7, 1, 2, 3, 7, 7);
  CHECK_THROWS_WITH_WORDS(cp::pad(a, 1, {.mode = "mean"}), cp::value_error,
                          "mode 'mean' is not supported");

  const auto h = cp::asarray<double>({0.1, 0.4, 0.5, 0.9, 1.5});
  const auto [c1, e1] = cp::histogram(h, {.bins = 4, .range = {{0, 1}}});
  const auto [c2, e2] = cp::histogram(h, 4, std::pair{0.0, 1.0});
  check_same(c1, c2);
  check_same(e1, e2);
  // np.histogram(h, bins=4, range=(0, 1)) = [1, 1, 1, 1]
  CHECK(host(c1) == std::vector<cp::index_t>{1, 1, 1, 1});
  const auto [d1, f1] = cp::histogram_density(h, {.bins = 2});
  const auto [d2, f2] = cp::histogram_density(h, 2);
  check_same(d1, d2);
  check_same(f1, f2);

  const auto u = cp::asarray<double>({2.0, std::nan(""), 1.0, std::nan(""), 2.0});
  const auto v = cp::asarray<double>({2.0, 1.0, 3.0, 2.0});
  check_same(cp::unique(v, {.equal_nan = false}), cp::unique(v, false));
  CHECK(cp::unique(u, {.equal_nan = true}).size() == 3);
  CHECK(cp::unique(u, {.equal_nan = false}).size() == 4);
}

TEST_CASE("positional braced lists still mean the positional argument", "[kwargs]") {
  const auto a = device_values<double>(S(2, 3, 4));
  // {0, 2} and {1} are axes (the keyword structs' guard refuses them), {} is no axis
  CHECK(cp::sum(a, {0, 2}).shape() == S(3));
  CHECK(cp::sum(a, {1}).shape() == S(2, 4));
  CHECK(cp::var(a, {0, 1}, 1).shape() == S(4));
  CHECK(cp::argmax(a, {2}).shape() == S(2, 3));
  CHECK(cp::cumsum(a, {1}).shape() == S(2, 3, 4));
  CHECK(cp::quantile(a, 0.5, {0, 1}).shape() == S(4));
  CHECK(cp::ndarray<bool>(cp::isclose(a, a, {1e-3})).shape() == S(2, 3, 4));
  CHECK(cp::linspace(0, 1, {7}).shape() == S(7));
  // the defaults are NumPy's
  const cp::var_kw v{};
  CHECK(v.axis.all());
  CHECK(v.ddof == 0);
  CHECK_FALSE(v.keepdims);
  const cp::sort_kw s{};
  CHECK(s.axis == -1);
  CHECK(s.kind == "quicksort");
  const cp::isclose_kw c{};
  CHECK(c.rtol == 1e-5);
  CHECK(c.atol == 1e-8);
  CHECK_FALSE(c.equal_nan);
  CHECK(cp::linspace_kw{}.num == 50);
  CHECK(cp::histogram_kw{}.bins == 10);
  CHECK(cp::unique_kw{}.equal_nan);
  CHECK(cp::diff_kw{}.axis == -1);
  CHECK(cp::cov_kw{}.rowvar);
}
