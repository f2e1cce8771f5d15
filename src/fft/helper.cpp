// numpy.fft's sample frequencies, compiled once here: their float64 kernels (an arange and a
// fused where) would otherwise be compiled again in every translation unit that includes cupp.hpp.
#include <cupp/core/error.hpp>
#include <cupp/creation.hpp>
#include <cupp/fft/helper.hpp>
#include <cupp/math/compare.hpp>

namespace cupp::fft {

ndarray<double> fftfreq(index_t n, double d) {
  if (n == 0) throw value_error("float division by zero");
  const double val = 1.0 / (static_cast<double>(n) * d);
  const ndarray<double> i = arange<double>(n);
  const double half = static_cast<double>((n - 1) / 2 + 1);
  return ndarray<double>(where(i < half, i, i - static_cast<double>(n)) * val);
}

ndarray<double> rfftfreq(index_t n, double d) {
  if (n == 0) throw value_error("float division by zero");
  const double val = 1.0 / (static_cast<double>(n) * d);
  return ndarray<double>(arange<double>(n / 2 + 1) * val);
}

} // namespace cupp::fft
