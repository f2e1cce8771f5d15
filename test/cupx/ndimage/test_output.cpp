// cupx::ndimage's out= forms (cupx/ndimage/output.hpp): each must store exactly what its form
// without out= returns for the output dtype (whose values the SciPy fixtures check), into a
// contiguous array, into a view with negative strides and into the input itself; the wrong shape
// raises SciPy's "output shape not correct".
#include "testing.hpp"

#include <cupx/ndimage/output.hpp>

#include <cupp/manipulation/views.hpp>
#include <cupp/math/arithmetic.hpp>
#include <cupp/reduction/equal.hpp>

#include <vector>

namespace nd = cupx::ndimage;
using cupp::index_t;

namespace {

/// generic_filter's function: the last value of the window less the first.
struct spread_of {
  CUPP_HD float operator()(const float* v, index_t n) const { return v[n - 1] - v[0]; }
};

/// with_out(out) stores plain() into out and returns out: a new array and a reversed view.
template <class O, class With, class Plain> void check_out(With with_out, Plain plain) {
  const cupp::ndarray<O> want = plain();
  cupp::ndarray<O> out = cupp::zeros<O>(want.shape());
  const cupp::ndarray<O> got = with_out(out);
  CHECK(got.data() == out.data());
  CHECK(cupp::array_equal(out, want));
  cupp::ndarray<O> base = cupp::zeros<O>(want.shape());
  with_out(cupp::flip(base));
  CHECK(cupp::array_equal(cupp::flip(base), want));
  auto wrong = want.shape();
  wrong[0] += 1;
  CHECK_THROWS_WITH_WORDS(with_out(cupp::zeros<O>(wrong)), cupp::error, "output shape not correct");
}

} // namespace

TEST_CASE("ndimage out=: the filters", "[ndimage]") {
  const auto x = cupp_test::device_values<float>({23, 37}, 5);
  const std::vector<double> w{0.25, 0.5, -0.125};
  const auto weights = cupp_test::device_values<float>({3, 4}, 1);
  const cupp::ndarray<bool> fp = cupp_test::device_values<bool>({3, 3}, 2);
  nd::filter_kw kw{.mode = nd::nearest};
  check_out<float>([&](auto o) { return nd::correlate1d(x, w, 0, {}, o); },
                   [&] { return nd::correlate1d(x, w, 0); });
  check_out<double>(
      [&](auto o) {
        return nd::convolve1d(x, {1.0, -2.0, 0.5}, -1, {}, o);
      },
      [&] {
        return nd::convolve1d<double>(x, {1.0, -2.0, 0.5});
      });
  check_out<float>([&](auto o) { return nd::correlate(x, weights, kw, o); },
                   [&] { return nd::correlate(x, weights, kw); });
  check_out<float>([&](auto o) { return nd::convolve(x, weights, kw, o); },
                   [&] { return nd::convolve(x, weights, kw); });
  check_out<double>([&](auto o) { return nd::gaussian_filter1d(x, 1.5, 0, 1, {}, o); },
                    [&] { return nd::gaussian_filter1d<double>(x, 1.5, 0, 1); });
  check_out<float>(
      [&](auto o) {
        return nd::gaussian_filter(x, {1.0, 2.0}, {}, o);
      },
      [&] {
        return nd::gaussian_filter(x, {1.0, 2.0});
      });
  check_out<float>([&](auto o) { return nd::gaussian_laplace(x, 1.5, {}, o); },
                   [&] { return nd::gaussian_laplace(x, 1.5); });
  check_out<float>([&](auto o) { return nd::gaussian_gradient_magnitude(x, 1.5, {}, o); },
                   [&] { return nd::gaussian_gradient_magnitude(x, 1.5); });
  check_out<std::int32_t>([&](auto o) { return nd::uniform_filter1d(x, 4, 1, {}, o); },
                          [&] { return nd::uniform_filter1d<std::int32_t>(x, 4, 1); });
  check_out<float>([&](auto o) { return nd::minimum_filter1d(x, 3, 0, {}, o); },
                   [&] { return nd::minimum_filter1d(x, 3, 0); });
  check_out<float>([&](auto o) { return nd::maximum_filter1d(x, 3, 0, {}, o); },
                   [&] { return nd::maximum_filter1d(x, 3, 0); });
  check_out<float>(
      [&](auto o) {
        return nd::uniform_filter(x, {3, 5}, kw, o);
      },
      [&] {
        return nd::uniform_filter(x, {3, 5}, kw);
      });
  check_out<float>(
      [&](auto o) {
        return nd::minimum_filter(x, {3, 2}, kw, o);
      },
      [&] {
        return nd::minimum_filter(x, {3, 2}, kw);
      });
  check_out<float>([&](auto o) { return nd::maximum_filter(x, fp, kw, o); },
                   [&] { return nd::maximum_filter(x, fp, kw); });
  check_out<float>([&](auto o) { return nd::median_filter(x, 3, kw, o); },
                   [&] { return nd::median_filter(x, 3, kw); });
  check_out<float>([&](auto o) { return nd::median_filter(x, fp, kw, o); },
                   [&] { return nd::median_filter(x, fp, kw); });
  check_out<float>(
      [&](auto o) {
        return nd::rank_filter(x, 2, {3, 3}, kw, o);
      },
      [&] {
        return nd::rank_filter(x, 2, {3, 3}, kw);
      });
  check_out<double>([&](auto o) { return nd::percentile_filter(x, 30.0, fp, kw, o); },
                    [&] { return nd::percentile_filter<double>(x, 30.0, fp, kw); });
  const spread_of spread;
  check_out<float>(
      [&](auto o) {
        return nd::generic_filter(x, spread, {2, 3}, kw, o);
      },
      [&] {
        return nd::generic_filter(x, spread, {2, 3}, kw);
      });
  check_out<float>([&](auto o) { return nd::sobel(x, 0, nd::wrap, 0.0, o); },
                   [&] { return nd::sobel(x, 0, nd::wrap); });
  check_out<double>([&](auto o) { return nd::prewitt(x, 1, nd::reflect, 0.0, o); },
                    [&] { return nd::prewitt<double>(x, 1); });
  check_out<float>([&](auto o) { return nd::laplace(x, nd::mirror, 0.0, cupp::all_axes, o); },
                   [&] { return nd::laplace(x, nd::mirror); });
}

// out= the input itself: the result is computed from the input as it was (in a buffer of its
// own), as SciPy's output=input
TEST_CASE("ndimage out=: the input as out", "[ndimage]") {
  const auto x = cupp_test::device_values<float>({40, 70}, 8);
  cupp::ndarray<float> y = x.copy();
  nd::gaussian_filter(y, 2.0, {}, y);
  CHECK(cupp::array_equal(y, nd::gaussian_filter(x, 2.0)));
  y = x.copy();
  nd::median_filter(y, 3, {}, y);
  CHECK(cupp::array_equal(y, nd::median_filter(x, 3)));
  y = x.copy();
  nd::shift(y, {1.5, -0.5}, {.order = 1}, y);
  CHECK(cupp::array_equal(y, nd::shift(x, {1.5, -0.5}, {.order = 1})));
  const cupp::ndarray<bool> b = cupp_test::device_values<bool>({40, 70}, 2);
  cupp::ndarray<bool> c = b.copy();
  nd::binary_dilation(c, std::nullopt, {}, c);
  CHECK(cupp::array_equal(c, nd::binary_dilation(b)));
}

TEST_CASE("ndimage out=: the interpolation", "[ndimage]") {
  const auto x = cupp_test::device_values<double>({12, 17}, 3);
  check_out<double>([&](auto o) { return nd::spline_filter1d(x, 3, 0, nd::mirror, o); },
                    [&] { return nd::spline_filter1d(x, 3, 0); });
  check_out<float>([&](auto o) { return nd::spline_filter(x, 2, nd::wrap, o); },
                   [&] { return nd::spline_filter<float>(x, 2, nd::wrap); });
  const cupp::ndarray<double> coords = cupp_test::device_values<double>({2, 5, 4}, 9) / 8.0 + 6.0;
  check_out<double>([&](auto o) { return nd::map_coordinates(x, coords, {.order = 1}, o); },
                    [&] { return nd::map_coordinates(x, coords, {.order = 1}); });
  check_out<double>(
      [&](auto o) {
        return nd::shift(x, {1.5, -2.25}, {}, o);
      },
      [&] {
        return nd::shift(x, {1.5, -2.25});
      });
  check_out<double>([&](auto o) { return nd::zoom(x, 1.5, {.order = 2}, o); },
                    [&] { return nd::zoom(x, 1.5, {.order = 2}); });
  check_out<double>([&](auto o) { return nd::rotate(x, 30.0, {}, o); },
                    [&] { return nd::rotate(x, 30.0); });
  const std::vector<double> m{0.9, 1.1};
  check_out<double>(
      [&](auto o) { return nd::affine_transform(x, m, {.output_shape = x.shape()}, o); },
      [&] { return nd::affine_transform(x, m); });
  // without .output_shape, out's shape is the output's (SciPy's rule)
  cupp::ndarray<double> out = cupp::zeros<double>({5, 9});
  nd::affine_transform(x, m, {.offset = 1.0}, out);
  CHECK(cupp::array_equal(
      out, nd::affine_transform(x, m, {.offset = 1.0, .output_shape = cupp::shape_t{5, 9}})));
}

TEST_CASE("ndimage out=: the morphology", "[ndimage]") {
  const cupp::ndarray<bool> b = cupp_test::device_values<bool>({14, 19}, 4);
  const cupp::ndarray<bool> s = nd::generate_binary_structure(2, 2);
  const auto g = cupp_test::device_values<std::int16_t>({14, 19}, 6);
  check_out<std::uint8_t>([&](auto o) { return nd::binary_erosion(b, s, {}, o); },
                          [&] { return cupp::astype<std::uint8_t>(nd::binary_erosion(b, s)); });
  check_out<bool>([&](auto o) { return nd::binary_dilation(b, std::nullopt, {}, o); },
                  [&] { return nd::binary_dilation(b); });
  check_out<bool>([&](auto o) { return nd::binary_opening(b, s, {}, o); },
                  [&] { return nd::binary_opening(b, s); });
  check_out<bool>([&](auto o) { return nd::binary_closing(b, std::nullopt, {}, o); },
                  [&] { return nd::binary_closing(b); });
  const cupp::ndarray<bool> seed = cupp::zeros<bool>({14, 19});
  check_out<bool>([&](auto o) { return nd::binary_propagation(seed, s, {.mask = b}, o); },
                  [&] { return nd::binary_propagation(seed, s, {.mask = b}); });
  check_out<bool>(
      [&](auto o) { return nd::binary_fill_holes(b, std::nullopt, 0, cupp::all_axes, o); },
      [&] { return nd::binary_fill_holes(b); });
  check_out<std::int16_t>(
      [&](auto o) {
        return nd::grey_erosion(g, {3, 2}, {}, o);
      },
      [&] {
        return nd::grey_erosion(g, {3, 2});
      });
  check_out<float>([&](auto o) { return nd::grey_dilation(g, s, {}, o); },
                   [&] { return cupp::astype<float>(nd::grey_dilation(g, s)); });
  check_out<std::int16_t>([&](auto o) { return nd::grey_opening(g, 3, {}, o); },
                          [&] { return nd::grey_opening(g, 3); });
  check_out<std::int16_t>([&](auto o) { return nd::grey_closing(g, s, {}, o); },
                          [&] { return nd::grey_closing(g, s); });
  check_out<std::int16_t>([&](auto o) { return nd::morphological_gradient(g, 3, {}, o); },
                          [&] { return nd::morphological_gradient(g, 3); });
  check_out<std::int16_t>([&](auto o) { return nd::white_tophat(g, 3, {}, o); },
                          [&] { return nd::white_tophat(g, 3); });
  check_out<std::int16_t>([&](auto o) { return nd::black_tophat(g, s, {}, o); },
                          [&] { return nd::black_tophat(g, s); });
}
