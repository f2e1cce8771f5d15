// The window's sums of the spectral estimators (spectral.hpp), compiled once here.
#include <cupx/signal/spectral.hpp>

namespace cupx::signal::detail {

cupp::ndarray<double> window_sums_of(const cupp::ndarray<double>& win) {
  cupp::ndarray<double> sums(cupp::shape_t{2});
  cupp::detail::launch_for_each(1, window_sums{win.data(), sums.data(), win.size()});
  return sums;
}

} // namespace cupx::signal::detail
