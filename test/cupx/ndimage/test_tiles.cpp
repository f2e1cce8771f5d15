// cupx::ndimage's filters over the last two axes of images larger than one tile of the GPU's
// paths (cuda/plane_tiles.cuh: 32x32 outputs a tile, planes one after another), which the small
// SciPy fixtures never cross: N-D windows (rank, median, correlate) against an obvious host loop,
// and the two-pass separable filters (uniform, minimum/maximum, sobel, gaussian), which the GPU
// fuses, against their 1-D filters run one after the other. Every mode; sizes off the tile grid.
#include "testing.hpp"

#include <cupx/ndimage/filters.hpp>

#include <cupp/detail/line_filter.hpp>
#include <cupp/math/functions.hpp>
#include <cupp/reduction/equal.hpp>
#include <cupp/reduction/reduce.hpp>

#include <algorithm>
#include <functional>
#include <memory>
#include <vector>

namespace nd = cupx::ndimage;
using cupp::index_t;

namespace {

const std::vector<nd::extend_mode> all_modes{nd::reflect, nd::mirror, nd::nearest, nd::wrap,
                                             nd::constant};
const std::vector<cupp::shape_t> shapes{{45, 70}, {3, 37, 65}, {33, 1}, {1, 65}};

/// out[..., y, x] = f(the values under the fh x fw footprint centred as SciPy centres it, in C
/// order), the planes' edges extended by `mode`: the obvious loop.
std::vector<double> host_window(const std::vector<double>& in, const cupp::shape_t& shape,
                                index_t fh, index_t fw, const std::vector<bool>& footprint,
                                nd::extend_mode mode, double cval,
                                const std::function<double(std::vector<double>&)>& f,
                                index_t origin_y = 0, index_t origin_x = 0) {
  const int nd_ = shape.size();
  const index_t h = shape[nd_ - 2], w = shape[nd_ - 1], planes = cupp::shape_size(shape) / (h * w);
  const auto b = nd::detail::filter_boundary(mode);
  std::vector<double> out(in.size()), values;
  for (index_t p = 0; p < planes; ++p)
    for (index_t y = 0; y < h; ++y)
      for (index_t x = 0; x < w; ++x) {
        values.clear();
        for (index_t i = 0; i < fh; ++i)
          for (index_t j = 0; j < fw; ++j) {
            if (!footprint[static_cast<std::size_t>(i * fw + j)]) continue;
            const index_t yy = cupp::detail::boundary_index(y + i - fh / 2 - origin_y, h, b);
            const index_t xx = cupp::detail::boundary_index(x + j - fw / 2 - origin_x, w, b);
            values.push_back(
                yy < 0 || xx < 0 ? cval : in[static_cast<std::size_t>((p * h + yy) * w + xx)]);
          }
        out[static_cast<std::size_t>((p * h + y) * w + x)] = f(values);
      }
  return out;
}

std::vector<double> as_doubles(const cupp::ndarray<float>& a) {
  const auto v = a.get();
  return {v.begin(), v.end()};
}

} // namespace

TEST_CASE("ndimage tiles: rank windows against a host loop", "[ndimage]") {
  for (const auto& shape : shapes) {
    const auto x = cupp_test::device_values<float>(shape, 3);
    const auto in = as_doubles(x);
    for (const auto mode : all_modes) {
      INFO("shape " << shape.size() << "-d, mode " << static_cast<int>(mode));
      for (const index_t size : {3, 5}) {
        const std::vector<bool> box(static_cast<std::size_t>(size * size), true);
        const auto median = [](std::vector<double>& v) {
          std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2),
                           v.end());
          return v[v.size() / 2];
        };
        auto fsize = cupp::shape_t::filled(static_cast<int>(shape.size()), 1);
        fsize[static_cast<int>(shape.size()) - 2] = size;
        fsize[static_cast<int>(shape.size()) - 1] = size;
        const auto got = nd::median_filter(
            x, nd::per_axis<index_t>(std::vector<index_t>(fsize.begin(), fsize.end())),
            {.mode = mode, .cval = 1.5});
        CHECK(as_doubles(got) == host_window(in, shape, size, size, box, mode, 1.5, median));
      }
      // an even, irregular footprint (3 x 4, 7 taps) and its second-smallest value
      const std::vector<bool> fp{true,  false, true, true, false, true,
                                 false, false, true, true, false, true};
      const auto second = [](std::vector<double>& v) {
        std::sort(v.begin(), v.end());
        return v[1];
      };
      auto fshape = cupp::shape_t::filled(static_cast<int>(shape.size()), 1);
      fshape[static_cast<int>(shape.size()) - 2] = 3;
      fshape[static_cast<int>(shape.size()) - 1] = 4;
      std::unique_ptr<bool[]> fpbuf(new bool[fp.size()]);
      std::copy(fp.begin(), fp.end(), fpbuf.get());
      const auto footprint = cupp::asarray(fpbuf.get(), fshape);
      const auto got = nd::rank_filter(x, 1, footprint, {.mode = mode, .cval = -2.0});
      CHECK(as_doubles(got) == host_window(in, shape, 3, 4, fp, mode, -2.0, second));
    }
  }
}

TEST_CASE("ndimage tiles: the 3x3 median with ties, origins and integers", "[ndimage]") {
  // four distinct values: most windows hold ties, which the sorted-rows median must count
  const auto median = [](std::vector<double>& v) {
    std::nth_element(v.begin(), v.begin() + 4, v.end());
    return v[4];
  };
  const std::vector<bool> box(9, true);
  for (const auto& shape : shapes) {
    const cupp::ndarray<std::uint8_t> x = cupp_test::device_values<std::uint8_t>(shape, 7) % 4;
    const auto xv = x.get();
    const std::vector<double> in(xv.begin(), xv.end());
    for (const auto mode : all_modes) {
      for (const index_t oy : {-1, 0, 1}) {
        INFO("shape " << shape.size() << "-d, mode " << static_cast<int>(mode) << ", origin " << oy
                      << ", " << -oy);
        auto fsize = std::vector<index_t>(shape.size(), 1);
        fsize[shape.size() - 2] = fsize[shape.size() - 1] = 3;
        auto origin = std::vector<index_t>(shape.size(), 0);
        origin[shape.size() - 2] = oy;
        origin[shape.size() - 1] = -oy;
        const auto got =
            nd::median_filter(x, nd::per_axis<index_t>(fsize),
                              {.mode = mode, .cval = 3.0, .origin = nd::per_axis<index_t>(origin)});
        const auto gv = got.get();
        CHECK(std::vector<double>(gv.begin(), gv.end()) ==
              host_window(in, shape, 3, 3, box, mode, 3.0, median, oy, -oy));
      }
    }
  }
}

TEST_CASE("ndimage tiles: correlate with a 7x7 weight against a host loop", "[ndimage]") {
  std::vector<double> wv(49);
  for (std::size_t k = 0; k < wv.size(); ++k)
    wv[k] = static_cast<double>((k * 13 + 5) % 17) / 16.0 - 0.4;
  for (const auto& shape : shapes) {
    const auto x = cupp_test::device_values<double>(shape, 1);
    const auto in = x.get();
    auto wshape = cupp::shape_t::filled(static_cast<int>(shape.size()), 1);
    wshape[static_cast<int>(shape.size()) - 2] = 7;
    wshape[static_cast<int>(shape.size()) - 1] = 7;
    const auto weights = cupp::asarray(wv.data(), wshape);
    const std::vector<bool> all(49, true);
    for (const auto mode : all_modes) {
      INFO("shape " << shape.size() << "-d, mode " << static_cast<int>(mode));
      const auto sum = [&](std::vector<double>& v) {
        double s = 0.0;
        for (std::size_t tap = 0; tap < v.size(); ++tap)
          s += wv[tap] * v[tap];
        return s;
      };
      const auto expected = host_window(in, shape, 7, 7, all, mode, 0.25, sum);
      const auto got = nd::correlate(x, weights, {.mode = mode, .cval = 0.25}).get();
      REQUIRE(got.size() == expected.size());
      for (std::size_t k = 0; k < got.size(); ++k)
        CHECK_THAT(got[k], Catch::Matchers::WithinAbs(expected[k], 1e-12));
    }
  }
}

TEST_CASE("ndimage tiles: two-pass separable filters equal their 1-D passes", "[ndimage]") {
  for (const auto& shape : shapes) {
    const int last = static_cast<int>(shape.size()) - 1;
    const auto x = cupp_test::device_values<float>(shape, 7);
    const auto bytes = cupp_test::device_values<std::uint8_t>(shape, 2);
    for (const auto my : all_modes) {
      for (const auto mx : all_modes) {
        INFO("shape " << shape.size() << "-d, modes " << static_cast<int>(my) << " "
                      << static_cast<int>(mx));
        auto modes = std::vector<nd::extend_mode>(shape.size(), nd::reflect);
        modes[static_cast<std::size_t>(last - 1)] = my;
        modes[static_cast<std::size_t>(last)] = mx;
        const nd::filter1d_kw ky{.mode = my, .cval = 0.5, .origin = 1};
        const nd::filter1d_kw kx{.mode = mx, .cval = 0.5, .origin = -1};
        auto sizes = std::vector<index_t>(shape.size(), 1);
        sizes[static_cast<std::size_t>(last - 1)] = 4;
        sizes[static_cast<std::size_t>(last)] = 5;
        auto origins = std::vector<index_t>(shape.size(), 0);
        origins[static_cast<std::size_t>(last - 1)] = 1;
        origins[static_cast<std::size_t>(last)] = -1;
        const nd::filter_kw k2{.mode = nd::per_axis<nd::extend_mode>(modes),
                               .cval = 0.5,
                               .origin = nd::per_axis<index_t>(origins)};
        const nd::per_axis<index_t> size(sizes);
        // uint8 in, float32 out: the first pass reads cval as uint8 (0), the second as float
        CHECK(cupp::allclose(nd::uniform_filter<float>(bytes, size, k2),
                             nd::uniform_filter1d<float>(
                                 nd::uniform_filter1d<float>(bytes, 4, last - 1, ky), 5, last, kx),
                             1e-6, 1e-6));
        CHECK(cupp::array_equal(
            nd::maximum_filter(x, size, k2),
            nd::maximum_filter1d(nd::maximum_filter1d(x, 4, last - 1, ky), 5, last, kx)));
        CHECK(cupp::array_equal(
            nd::minimum_filter(bytes, size, k2),
            nd::minimum_filter1d(nd::minimum_filter1d(bytes, 4, last - 1, ky), 5, last, kx)));
        if (shape.size() != 2) continue;
        // sobel along x: the derivative along x, then the smoothing along y (the other order)
        const nd::filter1d_kw dy{.mode = my, .cval = 0.5}, dx{.mode = mx, .cval = 0.5};
        CHECK(cupp::allclose(
            nd::sobel(x, -1, {my, mx}, 0.5),
            nd::correlate1d(nd::correlate1d(x, {-1, 0, 1}, 1, dx), {1, 2, 1}, 0, dy), 1e-6, 1e-6));
        CHECK(cupp::allclose(
            nd::sobel(x, 0, {my, mx}, 0.5),
            nd::correlate1d(nd::correlate1d(x, {-1, 0, 1}, 0, dy), {1, 2, 1}, 1, dx), 1e-6, 1e-6));
        CHECK(cupp::allclose(
            nd::gaussian_filter(x, {1.5, 2.5}, {.mode = {my, mx}, .cval = 0.5}),
            nd::gaussian_filter1d(nd::gaussian_filter1d(x, 1.5, 0, 0, {.mode = my, .cval = 0.5}),
                                  2.5, 1, 0, {.mode = mx, .cval = 0.5}),
            1e-6, 1e-6));
      }
    }
  }
}
