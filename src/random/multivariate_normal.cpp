// Generator::multivariate_normal (random/generator.hpp): NumPy's algorithm and checks
// (_generator.pyx): standard normals first, then the factor of cov by the chosen method, x @ F^T
// + mean; every step a device operation (linalg's factorisations, one GEMM, one fused add).
#include <cupp/linalg/decompositions.hpp>
#include <cupp/linalg/dot.hpp>
#include <cupp/math/compare.hpp>
#include <cupp/math/functions.hpp>
#include <cupp/random/generator.hpp>
#include <cupp/reduction/reduce.hpp>

#include <string>

namespace cupp::random {

ndarray<double> Generator::multivariate_normal(const ndarray<double>& mean,
                                               const ndarray<double>& cov, const size_arg& size,
                                               std::string_view check_valid, double tol,
                                               std::string_view method) {
  if (method != "eigh" && method != "svd" && method != "cholesky")
    throw value_error("method must be one of {'eigh', 'svd', 'cholesky'}");
  if (mean.ndim() != 1) throw value_error("mean must be 1 dimensional");
  if (cov.ndim() != 2 || cov.shape()[0] != cov.shape()[1])
    throw value_error("cov must be 2 dimensional and square");
  const index_t k = mean.shape()[0];
  if (k != cov.shape()[0]) throw value_error("mean and cov must have same length");
  shape_t final_shape = size.shape() ? *size.shape() : shape_t{};
  final_shape.push_back(k);
  const ndarray<double> z = standard_normal<double>(final_shape);
  const ndarray<double> x = z.reshape({z.size() / (k ? k : 1), k});

  // NumPy checks check_valid only where it would check (not for cholesky, not for ignore)
  const bool check = check_valid != "ignore" && method != "cholesky";
  if (check && check_valid != "warn" && check_valid != "raise")
    throw value_error("check_valid must equal 'warn', 'raise', or 'ignore'");
  const bool raise = check && check_valid == "raise";
  const auto not_psd = [] {
    throw value_error("covariance is not symmetric positive-semidefinite.");
  };
  ndarray<double> factor;
  if (method == "cholesky") {
    factor = linalg::cholesky(cov);
  } else if (method == "eigh") {
    const auto [s, u] = linalg::eigh(cov);
    if (raise && cupp::any(ndarray<bool>(s < -tol)).item()) not_psd();
    factor = ndarray<double>(u * cupp::sqrt(cupp::abs(s)));
  } else {
    const auto [u, s, vh] = linalg::svd(cov);
    if (raise) {
      const ndarray<double> back = matmul(ndarray<double>(vh.T() * s), vh);
      if (!cupp::allclose(back, cov, tol, tol)) not_psd();
    }
    factor = ndarray<double>(u * cupp::sqrt(s));
  }
  const ndarray<double> y = mean + matmul(x, factor.T());
  return y.reshape(final_shape);
}

} // namespace cupp::random
