// gradient, trapezoid, cov, corrcoef, convolve and correlate against NumPy 2 results written out
// below.
#include "common/testing.hpp"

#include <cupp/math/convolve.hpp>
#include <cupp/reduction/differences.hpp>
#include <cupp/reduction/stats.hpp>

using namespace cupp_test;
using dv = std::vector<double>;

namespace {
void check_close(const dv& got, const dv& want) {
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i)
    CHECK(got[i] == Approx(want[i]).margin(1e-12));
}
} // namespace

TEST_CASE("gradient and trapezoid", "[stats]") {
  const auto f = cupp::asarray<double>({1, 2, 4, 7, 11, 16});
  CHECK(host(cupp::gradient(f)) == dv{1, 1.5, 2.5, 3.5, 4.5, 5});
  CHECK(host(cupp::gradient(f, 2.0)) == dv{0.5, 0.75, 1.25, 1.75, 2.25, 2.5});
  const auto g = cupp::asarray<int>({{1, 2, 6}, {3, 4, 5}});
  CHECK(host(cupp::gradient(g, 1.0, 0)) == dv{2, 2, -1, 2, 2, -1});
  CHECK(host(cupp::gradient(g, 1.0, -1)) == dv{1, 2.5, 4, 1, 1, 1});
  CHECK(host(cupp::gradient(cupp::asarray<float>({1, 3}))) == std::vector<float>{2, 2});
  CHECK_THROWS_WITH_WORDS((void)cupp::gradient(cupp::asarray<float>({1})), cupp::value_error,
                          "too small to calculate a numerical gradient");
  CHECK_THROWS_AS((void)cupp::gradient(g), cupp::value_error);

  CHECK(cupp::trapezoid(cupp::asarray<double>({1, 2, 3})).item() == 4.0);
  CHECK(
      cupp::trapezoid(cupp::asarray<double>({1, 2, 3}), cupp::asarray<double>({4, 6, 8})).item() ==
      8.0);
  CHECK(host(cupp::trapezoid(cupp::arange<int>(6).reshape({2, 3}), 1.0, 0)) == dv{1.5, 2.5, 3.5});
  CHECK(cupp::trapezoid(cupp::asarray<double>({5})).item() == 0.0);
}

TEST_CASE("cov and corrcoef", "[stats]") {
  const auto m = cupp::asarray<double>({{0, 1, 2}, {2, 1, 0}});
  check_close(host(cupp::cov(m)), {1, -1, -1, 1});
  CHECK(cupp::cov(cupp::asarray<double>({1, 2, 4})).item() == Approx(2.333333333333333));
  check_close(host(cupp::cov(cupp::asarray<int>({{1, 2, 3}, {3, 1, 0}}), false)),
              {2, -1, -3, -1, 0.5, 1.5, -3, 1.5, 4.5});
  check_close(host(cupp::cov(m, true, 0)), {2.0 / 3, -2.0 / 3, -2.0 / 3, 2.0 / 3});
  const auto c = cupp::corrcoef(cupp::asarray<double>({{1, 2, 3, 4}, {2, 4, 5, 9}, {4, 3, 2, 1}}));
  check_close(host(c), {1, 0.96476382, -1, 0.96476382, 1, -0.96476382, -1, -0.96476382, 1});
  CHECK_THROWS_AS((void)cupp::cov(cupp::zeros<double>({2, 2, 2})), cupp::value_error);
}

TEST_CASE("convolve and correlate in every mode", "[stats]") {
  const auto a = cupp::asarray<double>({1, 2, 3}), v = cupp::asarray<double>({0, 1, 0.5});
  CHECK(host(cupp::convolve(a, v)) == dv{0, 1, 2.5, 4, 1.5});
  CHECK(host(cupp::convolve(a, v, "same")) == dv{1, 2.5, 4});
  CHECK(host(cupp::convolve(a, v, "valid")) == dv{2.5});
  CHECK(host(cupp::correlate(a, v)) == dv{3.5});
  CHECK(host(cupp::correlate(a, v, "same")) == dv{2, 3.5, 3});
  CHECK(host(cupp::correlate(a, v, "full")) == dv{0.5, 2, 3.5, 3, 0});
  const auto b = cupp::asarray<int>({1, 2, 3, 4}), w = cupp::asarray<int>({1, 1});
  CHECK(host(cupp::convolve(b, w, "same")) == std::vector<int>{1, 3, 5, 7});
  CHECK(host(cupp::correlate(b, w, "same")) == std::vector<int>{1, 3, 5, 7});
  CHECK(host(cupp::convolve(w, b, "same")) == std::vector<int>{1, 3, 5, 7});
  CHECK(host(cupp::convolve(b, cupp::asarray<int>({1, 2, 3, 4, 5, 6}), "valid")) ==
        std::vector<int>{20, 30, 40});
  CHECK_THROWS_WITH_WORDS((void)cupp::convolve(a, v, "middle"), cupp::value_error,
                          "mode must be one of");
  CHECK_THROWS_WITH_WORDS((void)cupp::convolve(cupp::zeros<double>({0}), v), cupp::value_error,
                          "a cannot be empty");
}
