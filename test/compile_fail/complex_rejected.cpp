// Functions NumPy rejects for complex input must not compile, and must say so: each ctest
// compile_fail_complex_<name> (test/CMakeLists.txt) builds this file with CUPP_REJECTED_<name>
// defined and passes when the compiler stops with NumPy's words ("ufunc '<name>' not supported
// for complex", "quantile and percentile need an array of real numbers").
#include <cupp/math/functions.hpp>
#include <cupp/reduction/order.hpp>

void rejected(const cupp::ndarray<cupp::complex64>& z) {
#if defined(CUPP_REJECTED_floor)
  (void)cupp::evaluate(cupp::floor(z));
#elif defined(CUPP_REJECTED_remainder)
  (void)cupp::evaluate(cupp::remainder(z, z));
#elif defined(CUPP_REJECTED_arctan2)
  (void)cupp::evaluate(cupp::arctan2(z, 1.0));
#elif defined(CUPP_REJECTED_signbit)
  (void)cupp::evaluate(cupp::signbit(z));
#elif defined(CUPP_REJECTED_quantile)
  (void)cupp::quantile(z, 0.5);
#endif
}
