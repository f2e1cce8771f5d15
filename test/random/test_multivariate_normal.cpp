// Generator::multivariate_normal: for each method the sample mean and covariance of 2^18 rows
// against mean and cov (within five standard errors), a rank-deficient cov whose rows keep its
// linear relation, shapes, reproducibility, and NumPy's errors (the PSD check of
// check_valid="raise" included).
#include "testing.hpp"

#include <cupp/random/random.hpp>

#include <cmath>
#include <string>
#include <vector>

using cupp::random::default_rng;

namespace {
constexpr cupp::index_t sample_rows = 1 << 18;
const std::vector<double> mean_h = {1.0, -2.0, 0.5};
const std::vector<double> cov_h = {2.0, 0.5, 0.3, 0.5, 1.0, -0.2, 0.3, -0.2, 1.5};
} // namespace

TEST_CASE("multivariate_normal moments by every method", "[random][multivariate_normal]") {
  const auto mean = cupp::asarray(mean_h);
  const auto cov = cupp::asarray(cov_h).reshape(3, 3);
  for (const char* method : {"svd", "eigh", "cholesky"}) {
    INFO(method);
    auto g = default_rng(42);
    const auto x = g.multivariate_normal(mean, cov, sample_rows, "raise", 1e-8, method);
    REQUIRE(x.shape() == cupp::shape_t{sample_rows, 3});
    const auto h = x.get();
    double m[3] = {0, 0, 0};
    for (cupp::index_t r = 0; r < sample_rows; ++r)
      for (int i = 0; i < 3; ++i)
        m[i] += h[r * 3 + i];
    for (double& v : m)
      v /= static_cast<double>(sample_rows);
    for (int i = 0; i < 3; ++i) // standard error sqrt(cov_ii / n)
      CHECK(std::abs(m[i] - mean_h[i]) < 5 * std::sqrt(cov_h[i * 4] / sample_rows));
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) {
        double c = 0;
        for (cupp::index_t r = 0; r < sample_rows; ++r)
          c += (h[r * 3 + i] - m[i]) * (h[r * 3 + j] - m[j]);
        c /= static_cast<double>(sample_rows - 1);
        const double se =
            std::sqrt((cov_h[i * 4] * cov_h[j * 4] + cov_h[i * 3 + j] * cov_h[i * 3 + j]) /
                      static_cast<double>(sample_rows));
        CHECK(std::abs(c - cov_h[i * 3 + j]) < 5 * se);
      }
  }
}

TEST_CASE("multivariate_normal of a rank-deficient cov", "[random][multivariate_normal]") {
  // cov of (z, 2 z): every row has x1 == 2 x0 (svd and eigh factor a PSD matrix)
  const auto cov = cupp::asarray<double>({{1.0, 2.0}, {2.0, 4.0}});
  const auto mean = cupp::zeros<double>({2});
  for (const char* method : {"svd", "eigh"}) {
    INFO(method);
    const auto h = default_rng(3).multivariate_normal(mean, cov, 1000, "raise", 1e-8, method).get();
    double worst = 0;
    for (int r = 0; r < 1000; ++r)
      worst = std::max(worst, std::abs(h[r * 2 + 1] - 2 * h[r * 2]));
    CHECK(worst < 1e-6);
  }
}

TEST_CASE("multivariate_normal shapes and reproducibility", "[random][multivariate_normal]") {
  const auto mean = cupp::asarray(mean_h);
  const auto cov = cupp::asarray(cov_h).reshape(3, 3);
  auto g = default_rng(5);
  CHECK(g.multivariate_normal(mean, cov).shape() == cupp::shape_t{3});
  CHECK(g.multivariate_normal(mean, cov, 7).shape() == cupp::shape_t{7, 3});
  CHECK(g.multivariate_normal(mean, cov, {2, 4}).shape() == cupp::shape_t{2, 4, 3});
  CHECK(g.multivariate_normal(mean, cov, 0).shape() == cupp::shape_t{0, 3});
  const auto a = default_rng(9).multivariate_normal(mean, cov, 100).get();
  const auto b = default_rng(9).multivariate_normal(mean, cov, 100).get();
  const auto c = default_rng(10).multivariate_normal(mean, cov, 100).get();
  CHECK(a == b);
  CHECK(a != c);
  // the module function, on the global generator
  cupp::random::seed(1);
  CHECK(cupp::random::multivariate_normal(mean, cov, 4).shape() == cupp::shape_t{4, 3});
}

TEST_CASE("multivariate_normal errors as NumPy's", "[random][multivariate_normal]") {
  auto g = default_rng(1);
  const auto mean = cupp::asarray(mean_h);
  const auto cov = cupp::asarray(cov_h).reshape(3, 3);
  CHECK_THROWS_WITH_WORDS(g.multivariate_normal(mean, cov, {}, "warn", 1e-8, "qr"),
                          cupp::value_error, "method must be one of");
  CHECK_THROWS_WITH_WORDS(g.multivariate_normal(cov, cov), cupp::value_error,
                          "mean must be 1 dimensional");
  CHECK_THROWS_WITH_WORDS(g.multivariate_normal(mean, mean), cupp::value_error,
                          "cov must be 2 dimensional and square");
  CHECK_THROWS_WITH_WORDS(g.multivariate_normal(cupp::zeros<double>({2}), cov), cupp::value_error,
                          "mean and cov must have same length");
  CHECK_THROWS_WITH_WORDS(g.multivariate_normal(mean, cov, {}, "loud"), cupp::value_error,
                          "check_valid must equal 'warn', 'raise', or 'ignore'");
  // NumPy does not look at check_valid for cholesky
  CHECK(g.multivariate_normal(mean, cov, {}, "loud", 1e-8, "cholesky").shape() == cupp::shape_t{3});
  const auto bad = cupp::asarray<double>({{1.0, 2.0}, {2.0, 1.0}}); // eigenvalues 3, -1
  const auto m2 = cupp::zeros<double>({2});
  for (const char* method : {"svd", "eigh"})
    CHECK_THROWS_WITH_WORDS(g.multivariate_normal(m2, bad, 3, "raise", 1e-8, method),
                            cupp::value_error,
                            "covariance is not symmetric positive-semidefinite.");
  CHECK(g.multivariate_normal(m2, bad, 3, "warn").shape() == cupp::shape_t{3, 2});
  // cholesky of an indefinite matrix: numpy.linalg's error, at the next sync point
  CHECK_THROWS_AS(g.multivariate_normal(m2, bad, 3, "ignore", 1e-8, "cholesky").get(),
                  cupp::linalg_error);
}
