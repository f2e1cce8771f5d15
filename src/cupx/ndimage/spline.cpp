// scipy.ndimage's spline prefilter and prepadding (detail/spline.hpp), compiled once here: as
// inline functions of the header their kernels were compiled in every unit that includes it.
#include <cupx/ndimage/detail/spline.hpp>

#include <cmath>

namespace cupx::ndimage::detail {

void spline_filter_axis(ndarray<double>& c, int axis, int order, extend_mode mode) {
  const auto& shape = c.shape();
  axis_lines g;
  index_t outer = 1;
  for (int d = 0; d < c.ndim(); ++d) {
    if (d < axis) outer *= shape[d];
    if (d > axis) g.inner *= shape[d];
  }
  g.n = shape[axis];
  g.lines = outer * g.inner;
  if (g.n <= 1 || g.lines == 0) return;
  // Lines whose samples are fewer than 32 apart (the last axis) would have a warp's threads read
  // 32 lines' samples each from its own line, a memory transaction per thread: moved first
  // (the tiled transpose), their samples are `lines` apart and neighbouring threads read
  // neighbouring ones. On an H100 (2026-12-06) the last axis of a 4096^2 image took 1.5 ms in
  // place against the first axis's 0.25.
  if (g.inner < 32 && axis > 0 && g.lines >= 32) {
    ndarray<double> moved = cupp::ascontiguousarray(cupp::moveaxis(c, axis, 0));
    spline_filter_axis(moved, 0, order, mode);
    c = cupp::ascontiguousarray(cupp::moveaxis(moved, 0, axis));
    return;
  }
  double poles[2];
  const int npoles = filter_poles(order, poles);
  double gain = 1.0;
  for (int k = 0; k < npoles; ++k)
    gain *= (1.0 - poles[k]) * (1.0 - 1.0 / poles[k]);
  double* data = c.data();
  ndarray<double> causal(shape);
  constexpr index_t chunk = 128;
  const index_t chunks = (g.n + chunk - 1) / chunk;
  for (int k = 0; k < npoles; ++k) {
    pole_pass p{data, causal.data(),      g, chunk, 0, poles[k], spline_init_of(mode),
                true, k == 0 ? gain : 1.0};
    p.warm = static_cast<index_t>(std::ceil(-60.0 * std::log(2.0) / std::log(std::fabs(p.z))));
    cupp::detail::launch_for_each(g.lines * chunks, p);
    p.x = causal.data();
    p.c = data;
    p.causal = false;
    p.scale = 1.0;
    cupp::detail::launch_for_each(g.lines * chunks, p);
  }
}

ndarray<double> prepad(const ndarray<double>& in, index_t pad, bool edge, double cval) {
  pad_eval f{in.data(), in.ndim(), pad, edge, cval};
  cupp::shape_t shape = in.shape();
  for (int d = 0; d < in.ndim(); ++d) {
    f.in_shape[d] = shape[d];
    shape[d] += 2 * pad;
    f.out_shape[d] = shape[d];
  }
  ndarray<double> out(shape);
  cupp::detail::launch_transform(out.size(), out.data(), f);
  return out;
}

} // namespace cupx::ndimage::detail
