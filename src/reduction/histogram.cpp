// histogram_density's normalisation, compiled once here: its fused float64 kernel would otherwise
// be compiled again in every translation unit that includes cupp.hpp.
#include <cupp/reduction/histogram.hpp>

namespace cupp::detail {

ndarray<double> density(const ndarray<double>& counts, const ndarray<double>& edges) {
  const index_t n = counts.size();
  const auto widths = edges(slice(1, none)) - edges(slice(none, n));
  return ndarray<double>(counts / sum(counts) / widths);
}

} // namespace cupp::detail
