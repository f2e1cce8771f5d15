// searchsorted, digitize, bincount, histogram, unique, isin, the set operations, lexsort and
// partition against NumPy 2 results written out below.
#include "common/testing.hpp"

#include <cupp/reduction/histogram.hpp>
#include <cupp/sorting/sets.hpp>
#include <cupp/sorting/sort.hpp>

#include <cmath>
#include <limits>

using namespace cupp_test;
using i64 = std::int64_t;
using iv = std::vector<i64>;

TEST_CASE("searchsorted and digitize", "[sorting][search]") {
  const auto a = cupp::asarray<double>({1, 2, 2, 3, 5, 8, 13});
  const auto v = cupp::asarray<double>({2, 4, 13, 0});
  CHECK(host(cupp::searchsorted(a, v)) == iv{1, 4, 6, 0});
  CHECK(host(cupp::searchsorted(a, v, cupp::side::right)) == iv{3, 4, 7, 0});
  // through a sorter, and queries of any shape
  const auto shuffled = cupp::asarray<double>({13, 2, 8, 1, 5, 2, 3});
  const auto sorter = cupp::argsort(shuffled);
  CHECK(host(cupp::searchsorted(shuffled, v, cupp::side::left, sorter)) == iv{1, 4, 6, 0});
  CHECK(cupp::searchsorted(a, v.reshape({2, 2})).shape() == cupp::shape_t{2, 2});
  const double nan = std::numeric_limits<double>::quiet_NaN();
  CHECK(host(cupp::searchsorted(cupp::asarray<double>({1, 2, nan}),
                                cupp::asarray<double>({nan, 3}))) == iv{2, 2});
  const auto x = cupp::asarray<double>({0.2, 6.4, 3.0, 1.6});
  CHECK(host(cupp::digitize(x, cupp::asarray<double>({0, 1, 2.5, 4, 10}))) == iv{1, 4, 3, 2});
  CHECK(host(cupp::digitize(x, cupp::asarray<double>({10, 4, 2.5, 1, 0}), true)) == iv{4, 1, 2, 3});
  CHECK_THROWS_AS((void)cupp::searchsorted(a.reshape({7, 1}), v), cupp::value_error);
}

TEST_CASE("bincount and histogram", "[sorting][histogram]") {
  CHECK(host(cupp::bincount(cupp::asarray<int>({0, 1, 1, 3, 2, 1, 7}))) ==
        iv{1, 3, 1, 1, 0, 0, 0, 1});
  CHECK(host(cupp::bincount(cupp::asarray<int>({0, 1, 1, 2}),
                            cupp::asarray<double>({0.3, 0.5, 0.2, 0.7}), 5)) ==
        std::vector<double>{0.3, 0.7, 0.7, 0, 0});
  CHECK(host(cupp::bincount(cupp::zeros<int>({0}), 3)) == iv{0, 0, 0});
  CHECK_THROWS_WITH_WORDS((void)cupp::bincount(cupp::asarray<int>({1, -1})), cupp::value_error,
                          "must have no negative elements");
  // many repeats into few bins: the atomics must not lose counts
  const auto big = cupp::asarray<std::uint8_t>(host_values<std::uint8_t>(200001));
  std::vector<i64> counts(101, 0);
  for (auto b : host(big))
    ++counts[b];
  CHECK(host(cupp::bincount(big)) == counts);

  const auto d = cupp::asarray<double>({1, 2, 1, 4, 2.5, 3, 1});
  auto [h, e] = cupp::histogram(d, 3);
  CHECK(host(h) == iv{3, 2, 2});
  CHECK(host(e) == std::vector<double>{1, 2, 3, 4});
  auto [h2, e2] = cupp::histogram(cupp::arange<int>(10), cupp::asarray<double>({0, 1, 5, 9}));
  CHECK(host(h2) == iv{1, 4, 5});
  const auto dens = host(cupp::histogram_density(d, 3).first);
  CHECK(dens[0] == Approx(0.42857143));
  CHECK(dens[1] == Approx(0.28571429));
  CHECK(host(cupp::histogram(cupp::asarray<double>({1, 2, 3}), 2, std::pair<double, double>{0, 4},
                             cupp::asarray<double>({1, 2, 3}))
                 .first) == std::vector<double>{1, 5});
  // values outside the range are dropped; a constant array gets NumPy's widened range
  CHECK(host(cupp::histogram(d, 2, std::pair<double, double>{2, 3}).first) == iv{1, 2});
  const auto constant = cupp::histogram(cupp::full<float>({4}, 5.f), 2);
  CHECK(host(constant.first) == iv{0, 4});
  CHECK(host(constant.second) == std::vector<double>{4.5, 5, 5.5});
  CHECK_THROWS_AS((void)cupp::histogram(d, 0), cupp::value_error);
}

TEST_CASE("histogram2d and histogramdd", "[sorting][histogram]") {
  const auto x = cupp::asarray<double>({0.1, 0.5, 0.9, 0.5, 0.2});
  const auto y = cupp::asarray<double>({1, 2, 3, 2, 3});
  const auto [h, xe, ye] = cupp::histogram2d(x, y, 2);
  CHECK(h.shape() == cupp::shape_t{2, 2});
  CHECK(host(h) == std::vector<double>{1, 1, 0, 3});
  CHECK(host(xe) == std::vector<double>{0.1, 0.5, 0.9});
  CHECK(host(ye) == std::vector<double>{1, 2, 3});
  const auto [hd, e] = cupp::histogramdd(cupp::stack<double>({x, y}, 1), {2, 3}, {{0, 1}, {0, 3}});
  CHECK(host(hd) == std::vector<double>{0, 1, 1, 0, 0, 3});
  CHECK(host(e[0]) == std::vector<double>{0, 0.5, 1});
  CHECK_THROWS_AS((void)cupp::histogramdd(x, {2}), cupp::value_error);
}

TEST_CASE("unique, unique_all and the set operations", "[sorting][sets]") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const auto a = cupp::asarray<double>({{3, 1, nan}, {1, 2, nan}});
  const auto u = cupp::unique_all(a); // NumPy 2: every NaN distinct in unique_all
  const auto vals = host(u.values);
  CHECK(std::vector<double>(vals.begin(), vals.begin() + 3) == std::vector<double>{1, 2, 3});
  CHECK((std::isnan(vals[3]) && std::isnan(vals[4])));
  CHECK(host(u.indices) == iv{1, 4, 0, 2, 5});
  CHECK(u.inverse_indices.shape() == cupp::shape_t{2, 3});
  CHECK(host(u.inverse_indices) == iv{2, 0, 3, 0, 1, 4});
  CHECK(host(u.counts) == iv{2, 1, 1, 1, 1});
  CHECK(cupp::unique(a).size() == 4); // np.unique collapses NaNs (equal_nan=True)
  CHECK(cupp::unique(a, false).size() == 5);
  CHECK(host(cupp::unique(cupp::asarray<int>({5, 5, 1}))) == std::vector<int>{1, 5});
  CHECK(cupp::unique(cupp::zeros<int>({0})).size() == 0);

  const auto x = cupp::asarray<int>({1, 2, 3, 4, 5}), y = cupp::asarray<int>({2, 4, 6});
  CHECK(host(cupp::isin(x, y)) == std::vector<bool>{false, true, false, true, false});
  CHECK(host(cupp::isin(x, y, true)) == std::vector<bool>{true, false, true, false, true});
  CHECK(host(cupp::intersect1d(x, y)) == std::vector<int>{2, 4});
  CHECK(host(cupp::union1d(x, y)) == std::vector<int>{1, 2, 3, 4, 5, 6});
  CHECK(host(cupp::setdiff1d(x, y)) == std::vector<int>{1, 3, 5});
  CHECK(host(cupp::setxor1d(x, y)) == std::vector<int>{1, 3, 5, 6});
}

TEST_CASE("lexsort, partition and argpartition", "[sorting]") {
  CHECK(host(cupp::lexsort(std::vector<cupp::ndarray<int>>{cupp::asarray<int>({1, 5, 1, 4, 3}),
                                                           cupp::asarray<int>({4, 4, 4, 1, 1})})) ==
        iv{4, 3, 0, 2, 1});
  const auto p = host(cupp::partition(cupp::asarray<int>({7, 1, 5, 3, 9}), 2));
  CHECK(p[2] == 5); // NumPy's promise: the kth in place, smaller before, larger after
  CHECK((p[0] <= 5 && p[1] <= 5 && p[3] >= 5 && p[4] >= 5));
  CHECK(host(cupp::argpartition(cupp::asarray<int>({7, 1, 5, 3, 9}), 0))[0] == 1);
  CHECK_THROWS_WITH_WORDS((void)cupp::partition(cupp::arange<int>(3), 3), cupp::value_error,
                          "kth(=3) out of bounds (3)");
}
