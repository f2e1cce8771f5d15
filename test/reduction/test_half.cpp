// Reductions, scans and sorting of float16 and bfloat16 against NumPy 2 and ml_dtypes (results
// written out below): sums and means accumulate in float32 and round once, as NumPy's; the
// places where cupp is more accurate than NumPy's float16 steps are stated.
#include "common/testing.hpp"

#include <cupp/reduction/order.hpp>
#include <cupp/reduction/reduce.hpp>
#include <cupp/reduction/scan.hpp>
#include <cupp/sorting/sort.hpp>

#include <cmath>

using cupp::bfloat16;
using cupp::float16;
using h16 = std::vector<float16>;
using b16 = std::vector<bfloat16>;
using cupp_test::host;

TEST_CASE("float16 and bfloat16 reductions match NumPy", "[reduction][half]") {
  const auto b = cupp::asarray<float16>({2048.0f, 1.0f, 1.0f, 7.0f, -3.5f, 0.1f});
  const auto a = cupp::asarray<float16>({2048.0f, 1.0f, 1.0f, NAN, -3.5f, 0.1f});
  // b.sum(): float32 accumulation, 2054 (2048 + 1 + 1 in float16 steps would stay 2048)
  CHECK(host(cupp::sum(b)) == h16{2054.0});
  CHECK(host(cupp::sum(b * 2)) == h16{4108.0}); // a fused expression
  CHECK(std::isnan(static_cast<float>(cupp::sum(a).item())));
  CHECK(std::isnan(static_cast<float>(cupp::max(a).item()))); // NaN propagates
  CHECK(host(cupp::max(b)) == h16{2048.0});
  CHECK(host(cupp::min(b)) == h16{-3.5});
  CHECK(host(cupp::nansum(a)) == h16{2047.0});
  CHECK(host(cupp::nanmax(a)) == h16{2048.0});
  CHECK(host(cupp::mean(b)) == h16{342.25});
  CHECK(cupp::argmax(b).item() == 0);
  CHECK(cupp::argmax(a).item() == 3); // the first NaN
  CHECK(cupp::argmin(b).item() == 4);
  CHECK(host(cupp::ptp(b)) == h16{2052.0});
  CHECK(host(cupp::median(b)) == h16{1.0});
  CHECK(host(cupp::quantile(b, 0.3)) == h16{0.5498046875});
  const auto v = cupp::asarray<float16>({1.0f, 2.0f, 3.0f, 4.5f});
  CHECK(host(cupp::var(v)) == h16{1.671875});
  CHECK(host(cupp::std(v)) == h16{1.29296875});
  // 5000 ones sum to 5000 (float32 accumulation), as NumPy's pairwise sum
  CHECK(host(cupp::sum(cupp::ones<float16>({5000}))) == h16{5000.0});
}

TEST_CASE("bfloat16 reductions over axes match ml_dtypes", "[reduction][half]") {
  const auto m = cupp::asarray<bfloat16>({1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.5f}).reshape({2, 3});
  CHECK_ARR(cupp::sum(m, 0), (cupp::shape_t{3}), 5.0, 7.0, 9.5);
  CHECK_ARR(cupp::sum(m, 1), (cupp::shape_t{2}), 6.0, 15.5);
  CHECK_ARR(cupp::mean(m, 0), (cupp::shape_t{3}), 2.5, 3.5, 4.75);
  CHECK_ARR(cupp::prod(m, 1), (cupp::shape_t{2}), 6.0, 130.0);
  CHECK_ARR(cupp::max(m, 1), (cupp::shape_t{2}), 3.0, 6.5);
  CHECK_ARR(cupp::argmin(m, 1), (cupp::shape_t{2}), 0, 0);
}

TEST_CASE("float16 scans and sorts", "[reduction][half]") {
  const auto a = cupp::asarray<float16>({2048.0f, 1.0f, 1.0f, NAN, -3.5f, 0.1f});
  const auto s = host(cupp::sort(a)); // NaN last, as NumPy's
  REQUIRE(s.size() == 6);
  CHECK(h16(s.begin(), s.end() - 1) == h16{-3.5, 0.0999755859375, 1.0, 1.0, 2048.0});
  CHECK(std::isnan(static_cast<float>(s.back())));
  const auto b = cupp::asarray<float16>({2048.0f, 1.0f, 1.0f, 7.0f, -3.5f, 0.1f});
  CHECK(host(cupp::argsort(b)) == std::vector<std::int64_t>{4, 5, 1, 2, 3, 0});
  CHECK(host(cupp::sort(cupp::asarray<bfloat16>({0.5f, -0.0f, -2.0f, INFINITY}))) ==
        b16{-2.0, -0.0, 0.5, INFINITY});
  // cumsum accumulates in float32 and rounds each result: [2048, 2049 -> 2048, 2050, 2057 -> 2056,
  // 2053.5 -> 2054, 2053.6 -> 2054]; NumPy rounds every step in float16 and gives
  // [2048, 2048, 2048, 2056, 2052, 2052]
  CHECK(host(cupp::cumsum(b)) == h16{2048.0, 2048.0, 2050.0, 2056.0, 2054.0, 2054.0});
  CHECK(host(cupp::cumsum(cupp::ones<bfloat16>({300}))).back() == bfloat16(300.0f));
}
