// numpy.fft's argument rules (_cook_nd_args, the n and axis checks) with NumPy's messages.
#include <cupp/core/layout.hpp>
#include <cupp/fft/fft.hpp>

#include <string>

namespace cupp::fft::impl {

namespace {
void check_points(index_t n) {
  if (n < 1)
    throw value_error("Invalid number of FFT data points (" + std::to_string(n) + ") specified.");
}
} // namespace

nd_args cook(const shape_t& shape, const lengths& ls, const axes& ax, bool c2r, norm_mode norm,
             plan* p) {
  const int ndim = static_cast<int>(shape.size());
  const std::vector<index_t>& s = ls.list();
  nd_args a{{}, {}, norm, false, p};
  const bool shapeless = s.empty();
  if (ax.all()) { // the last len(s) axes, every axis without s
    const index_t k = shapeless ? ndim : static_cast<index_t>(s.size());
    for (index_t i = -k; i < 0; ++i)
      a.axes.push_back(i);
  } else {
    a.axes = ax.list();
  }
  if (!shapeless && s.size() != a.axes.size())
    throw value_error("Shape and axes have different lengths.");
  for (index_t& axis : a.axes)
    axis = detail::normalize_axis(axis, ndim);
  if (shapeless) {
    for (const index_t axis : a.axes)
      a.s.push_back(shape[axis]);
    if (c2r && !a.axes.empty()) a.s.back() = (shape[a.axes.back()] - 1) * 2;
  } else { // NumPy 2: -1 is the axis's own length (irfftn's last too: m, not 2 (m - 1))
    a.s = s;
    for (std::size_t i = 0; i < a.s.size(); ++i)
      if (a.s[i] == -1) a.s[i] = shape[a.axes[i]];
  }
  for (const index_t n : a.s)
    check_points(n);
  return a;
}

nd_args cook1(const shape_t& shape, std::optional<index_t> n, index_t axis, bool c2r,
              norm_mode norm, plan* p) {
  const int ax = detail::normalize_axis(axis, static_cast<int>(shape.size()));
  const index_t len = n ? *n : c2r ? (shape[ax] - 1) * 2 : shape[ax];
  check_points(len);
  return nd_args{{ax}, {len}, norm, false, p};
}

} // namespace cupp::fft::impl
