// Splitting a shape into kept and reduced axes (see reduction/axes.hpp).
#define CUPP_HOST_ONLY_TU
#include <cupp/core/error.hpp>
#include <cupp/indexing/basic.hpp>
#include <cupp/reduction/axes.hpp>

namespace cupp::detail {

axis_split split_axes(const shape_t& shape, const axes& ax) {
  axis_split sp;
  sp.reduced.assign(static_cast<std::size_t>(shape.size()), ax.all());
  if (!ax.all()) {
    for (index_t a : ax.list()) {
      const auto d = static_cast<std::size_t>(normalize_axis(a, shape.size()));
      if (sp.reduced[d]) throw value_error("duplicate value in 'axis'");
      sp.reduced[d] = true;
    }
  }
  for (int d = 0; d < shape.size(); ++d) {
    if (sp.reduced[static_cast<std::size_t>(d)]) {
      sp.len *= shape[d];
      sp.keepdims_shape.push_back(1);
    } else {
      sp.kept_shape.push_back(shape[d]);
      sp.keepdims_shape.push_back(shape[d]);
    }
  }
  return sp;
}

} // namespace cupp::detail
