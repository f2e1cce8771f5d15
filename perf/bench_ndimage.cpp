// cupx::ndimage benchmarks (issue 22): the filters of a 4096x4096 float32 image (gaussian sigma 2
// and 8, sigma 2 of the float64 image too, uniform size 5, sobel, convolve with a 7x7 kernel,
// maximum size 9, median size 3 and 5), distance_transform_edt of a 2048x2048 mask, zoom rotate
// map_coordinates of the image, label binary_erosion binary_fill_holes of its mask. Bandwidth
// counts the bytes that must move: one read and one write of the image, whatever the number of
// passes. perf/cupy_bench.py runs the same cases with cupyx.scipy.ndimage.
#include "harness.hpp"

#include <cupx/ndimage.hpp>

#include <cupp/creation.hpp>
#include <cupp/expr/astype.hpp>
#include <cupp/indexing/basic.hpp>
#include <cupp/manipulation/matrix.hpp>
#include <cupp/random/random.hpp>

#include <vector>

int main(int argc, char** argv) {
  const auto opt = perf::parse_options(argc, argv, "perf_ndimage.json");
  namespace nd = cupx::ndimage;
  using cupp::index_t;
  std::vector<perf::result> rs;
  const auto add = [&](const char* name, double bytes, auto fn) {
    perf::add_case(rs, name, bytes, fn);
  };
  auto rng = cupp::random::default_rng(5);
  const index_t side = 4096 / opt.scale;
  const cupp::ndarray<float> img = rng.random<float>({side, side});
  cupp::ndarray<float> out({side, side});
  const double rw = 8.0 * static_cast<double>(side * side);
  const cupp::ndarray<float> k7 = rng.random<float>({7, 7});
  add("ndimage gaussian_filter sigma2 4096^2 f32", rw,
      [&] { out = nd::gaussian_filter(img, 2.0); });
  add("ndimage gaussian_filter sigma8 4096^2 f32", rw,
      [&] { out = nd::gaussian_filter(img, 8.0); });
  const cupp::ndarray<double> img64 = cupp::astype<double>(img);
  cupp::ndarray<double> out64;
  add("ndimage gaussian_filter sigma2 4096^2 f64", 2.0 * rw,
      [&] { out64 = nd::gaussian_filter(img64, 2.0); });
  add("ndimage uniform_filter size5 4096^2 f32", rw, [&] { out = nd::uniform_filter(img, 5); });
  add("ndimage sobel 4096^2 f32", rw, [&] { out = nd::sobel(img); });
  add("ndimage convolve 7x7 4096^2 f32", rw, [&] { out = nd::convolve(img, k7); });
  add("ndimage maximum_filter size9 4096^2 f32", rw, [&] { out = nd::maximum_filter(img, 9); });
  add("ndimage median_filter size3 4096^2 f32", rw, [&] { out = nd::median_filter(img, 3); });
  add("ndimage median_filter size5 4096^2 f32", rw, [&] { out = nd::median_filter(img, 5); });
  // distance_transform_edt as ../shared/anchors/cupyx_bench.py times it (CuPy 1.06 ms): the
  // 2048^2 corner (a view) of the image's mask > 0.7, 30% foreground; one byte read and a float64
  // written per element. A few milliseconds a call: add_slow_case's 10 calls
  const cupp::ndarray<bool> mask = img > 0.7f;
  const cupp::ndarray<bool> corner = mask(cupp::slice(0, side / 2), cupp::slice(0, side / 2));
  cupp::ndarray<double> dist;
  perf::add_slow_case(rs, "ndimage distance_transform_edt 2048^2 bool", 10,
                      [&] { dist = nd::distance_transform_edt(corner); });
  rs.back().bytes = 9.0 * static_cast<double>(corner.size());
  // interpolation, measurements and morphology as the anchors time them (CuPy: zoom 5.72 ms,
  // rotate 0.372, map_coordinates 0.713 with its coordinates built in the call, label 1.73,
  // binary_erosion 0.255): bytes are the image read and the result written
  cupp::ndarray<float> big;
  perf::add_slow_case(rs, "ndimage zoom x2 order3 4096^2 f32", 5,
                      [&] { big = nd::zoom(img, 2.0); });
  rs.back().bytes = 4.0 * static_cast<double>(img.size()) * 5.0;
  // zoom's two parts: the order-3 prefilter (float64 coefficients of the image) and the
  // interpolation of those coefficients alone (prefilter off)
  cupp::ndarray<double> coef;
  add("ndimage spline_filter order3 4096^2 f32", 12.0 * static_cast<double>(img.size()),
      [&] { coef = nd::spline_filter(img); });
  perf::add_slow_case(rs, "ndimage zoom x2 order3 no prefilter 4096^2 f64", 5,
                      [&] { big = nd::zoom<float>(coef, 2.0, {.prefilter = false}); });
  rs.back().bytes = 8.0 * static_cast<double>(img.size()) * 5.0;
  add("ndimage rotate 30deg order1 4096^2 f32", rw,
      [&] { out = nd::rotate(img, 30.0, {.reshape = false, .order = 1}); });
  const cupp::ndarray<double> half_steps(cupp::indices<double>({side, side}) * 0.5);
  add("ndimage map_coordinates order1 4096^2 f32", rw + 16.0 * static_cast<double>(img.size()),
      [&] { out = nd::map_coordinates(img, half_steps, {.order = 1}); });
  nd::label_result labelled;
  perf::add_slow_case(rs, "ndimage label 4096^2 bool", 5, [&] { labelled = nd::label(mask); });
  rs.back().bytes = 5.0 * static_cast<double>(mask.size());
  cupp::ndarray<bool> binary;
  add("ndimage binary_erosion 4096^2 bool", 2.0 * static_cast<double>(mask.size()),
      [&] { binary = nd::binary_erosion(mask); });
  perf::add_slow_case(rs, "ndimage binary_fill_holes 4096^2 bool", 5,
                      [&] { binary = nd::binary_fill_holes(mask); });
  rs.back().bytes = 2.0 * static_cast<double>(mask.size());
  const double ceiling_ms = perf::median_ms(
      [&] { perf::raw_copy(out.data(), img.data(), 4 * std::size_t(side * side)); });
  const double copy_tbs = rw / (ceiling_ms * 1e-3) / 1e12;
  return perf::report(rs, opt.json, copy_tbs);
}
