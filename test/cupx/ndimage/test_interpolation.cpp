// cupx::ndimage's interpolation (spline_filter1d spline_filter map_coordinates affine_transform
// shift zoom rotate) against SciPy (test/fixtures/ndimage_interp.txt,
// scripts/gen_ndimage_interp_fixtures.py), and its errors.
#include "cupx/ndimage/ndimage_testing.hpp"

#include <cupx/ndimage/interpolation.hpp>

namespace nd = cupx::ndimage;

namespace {

using cupp_test::ndimage_case;

/// Compares with SciPy's output of shape `oshape`: float64 within 1e-10 of the output's largest
/// magnitude (at least 1), float32 within 2e-6 of it, integers within 1 (a value at a rounding
/// tie may land either way after the float64 sums).
template <class T> void interp_compare(const ndimage_case& c, const cupp::ndarray<T>& got) {
  const auto dims = c.ints("oshape");
  REQUIRE(got.shape() == cupp::shape_t(dims.begin(), dims.end()));
  const auto g = got.get();
  REQUIRE(g.size() == c.output.size());
  double scale = 1.0;
  for (const double w : c.output)
    scale = std::max(scale, std::fabs(w));
  const double tol = std::is_same_v<T, double>  ? 1e-10 * scale
                     : std::is_same_v<T, float> ? 2e-6 * scale
                                                : 1.0;
  for (std::size_t i = 0; i < g.size(); ++i) {
    const double got_i = static_cast<double>(g[i]), want = c.output[i];
    if (!(std::fabs(got_i - want) <= tol)) {
      std::ostringstream msg;
      msg.precision(17);
      msg << c.text << " element " << i << ": got " << got_i << ", want " << want;
      FAIL_CHECK(msg.str());
      return;
    }
  }
}

/// Runs `fn(input, case)` over every case of `func`, contiguous and strided input.
template <class F> void check_interp(const std::string& func, F fn) {
  for (const ndimage_case& c : cupp_test::ndimage_cases(func, "ndimage_interp.txt")) {
    for (const bool strided : {false, true}) {
      CAPTURE(c.text, strided);
      auto run = [&](auto zero) {
        using T = decltype(zero);
        interp_compare(c, fn(cupp_test::ndimage_input<T>(c, strided), c));
      };
      cupp_test::with_dtype<float, double, std::int16_t, std::uint8_t>(c.dtype, run);
    }
  }
}

nd::interp_kw interp(const ndimage_case& c) {
  return {.order = static_cast<int>(c.index("order", 3)),
          .mode = c.has("mode") ? c.mode() : nd::constant,
          .cval = c.real("cval", 0.0),
          .prefilter = c.index("prefilter", 1) != 0};
}

cupp::shape_t shape_of(const std::vector<cupp::index_t>& v) { return {v.begin(), v.end()}; }

} // namespace

TEST_CASE("ndimage spline_filter1d matches SciPy", "[ndimage]") {
  check_interp("spline_filter1d", [](const auto& x, const ndimage_case& c) {
    using T = typename std::decay_t<decltype(x)>::value_type;
    const int order = static_cast<int>(c.index("order", 3));
    const auto mode = c.has("mode") ? c.mode() : nd::mirror;
    // SciPy's output is float64; the float32 case asks for its dtype (SciPy's output=)
    if constexpr (std::is_same_v<T, float>)
      return nd::spline_filter1d<float>(x, order, c.index("axis", -1), mode);
    else
      return nd::spline_filter1d(x, order, c.index("axis", -1), mode);
  });
}

TEST_CASE("ndimage spline_filter matches SciPy", "[ndimage]") {
  check_interp("spline_filter", [](const auto& x, const ndimage_case& c) {
    return nd::spline_filter(x, static_cast<int>(c.index("order", 3)),
                             c.has("mode") ? c.mode() : nd::mirror);
  });
}

TEST_CASE("ndimage map_coordinates matches SciPy", "[ndimage]") {
  check_interp("map_coordinates", [](const auto& x, const ndimage_case& c) {
    const auto v = c.reals("coords");
    const cupp::ndarray<double> coords = cupp::asarray(v.data(), shape_of(c.ints("cshape")));
    return nd::map_coordinates(x, coords, interp(c));
  });
}

// The fixtures' coordinates are C-contiguous float64, which map_coordinates reads in place; any
// other layout or dtype goes through a float64 copy, with the same result. Bilinear interpolation
// of x[r][c] = 5 r + c is exact: 5 row + col.
TEST_CASE("ndimage map_coordinates reads coordinates of any layout and dtype", "[ndimage]") {
  const cupp::ndarray<double> x = cupp::arange<double>(20).reshape({4, 5});
  const std::vector<double> c{0.5, 1.25, 2.75, 2.0, 0.25, 1.5, 3.5, 0.75, 2.5, 1.0, 3.25, 0.0};
  const std::vector<double> want{6.0, 7.0, 16.25, 11.0, 4.5, 7.5};
  const cupp::ndarray<double> coords = cupp::asarray(c.data(), {2, 6});
  CHECK(nd::map_coordinates(x, coords, {.order = 1}).get() == want);
  // every other column of a wider array, the columns reversed, and float32
  std::vector<double> wide(24, -7.0);
  for (std::size_t r = 0; r < 2; ++r)
    for (std::size_t j = 0; j < 6; ++j)
      wide[r * 12 + 2 * j] = c[r * 6 + j];
  const cupp::ndarray<double> w = cupp::asarray(wide.data(), {2, 12});
  CHECK(
      nd::map_coordinates(x, w(cupp::slice(), cupp::slice(0, cupp::none, 2)), {.order = 1}).get() ==
      want);
  const auto reversed =
      nd::map_coordinates(x, coords(cupp::slice(), cupp::slice(cupp::none, cupp::none, -1)),
                          {.order = 1})
          .get();
  CHECK(reversed == std::vector<double>(want.rbegin(), want.rend()));
  const cupp::ndarray<float> narrow(cupp::astype<float>(coords));
  CHECK(nd::map_coordinates(x, narrow, {.order = 1}).get() == want);
}

TEST_CASE("ndimage shift matches SciPy", "[ndimage]") {
  check_interp("shift", [](const auto& x, const ndimage_case& c) {
    return nd::shift(x, c.per_axis<double>("shift", 0.0), interp(c));
  });
}

TEST_CASE("ndimage zoom matches SciPy", "[ndimage]") {
  check_interp("zoom", [](const auto& x, const ndimage_case& c) {
    const auto k = interp(c);
    return nd::zoom(x, c.per_axis<double>("zoom", 1.0),
                    {.order = k.order,
                     .mode = k.mode,
                     .cval = k.cval,
                     .prefilter = k.prefilter,
                     .grid_mode = c.index("grid_mode", 0) != 0});
  });
}

TEST_CASE("ndimage affine_transform matches SciPy", "[ndimage]") {
  check_interp("affine_transform", [](const auto& x, const ndimage_case& c) {
    const auto k = interp(c);
    const nd::affine_kw kw{.offset = c.per_axis<double>("offset", 0.0),
                           .output_shape = c.has("output_shape")
                                               ? std::optional(shape_of(c.ints("output_shape")))
                                               : std::nullopt,
                           .order = k.order,
                           .mode = k.mode,
                           .cval = k.cval,
                           .prefilter = k.prefilter};
    const auto m = c.reals("matrix");
    if (!c.has("mshape")) return nd::affine_transform(x, m, kw);
    const auto ms = c.ints("mshape");
    std::vector<std::vector<double>> rows;
    for (cupp::index_t r = 0; r < ms[0]; ++r)
      rows.emplace_back(m.begin() + r * ms[1], m.begin() + (r + 1) * ms[1]);
    return nd::affine_transform(x, rows, kw);
  });
}

TEST_CASE("ndimage rotate matches SciPy", "[ndimage]") {
  check_interp("rotate", [](const auto& x, const ndimage_case& c) {
    const auto k = interp(c);
    std::array<int, 2> axes{1, 0};
    if (c.has("axes")) {
      const auto a = c.ints("axes");
      axes = {static_cast<int>(a[0]), static_cast<int>(a[1])};
    }
    return nd::rotate(x, c.real("angle", 0.0),
                      {.axes = axes,
                       .reshape = c.index("reshape", 1) != 0,
                       .order = k.order,
                       .mode = k.mode,
                       .cval = k.cval,
                       .prefilter = k.prefilter});
  });
}

TEST_CASE("ndimage interpolation's output dtype and errors", "[ndimage]") {
  const std::vector<double> v{0.0, 1.0, 2.0, 3.0, 4.0, 5.0};
  const cupp::ndarray<double> x = cupp::asarray(v.data(), {2, 3});
  // output= as the template argument: SciPy rounds half away from zero and saturates
  const cupp::ndarray<double> y = x * 100.0 - 100.0;
  const auto u = nd::shift<std::uint8_t>(y, {0.0, 0.5}, {.order = 1}).get();
  CHECK(u == std::vector<std::uint8_t>{0, 0, 50, 0, 250, 255});
  CHECK_THROWS_AS(nd::shift(x, 1.0, {.order = 6}), cupp::error);
  CHECK_THROWS_WITH(nd::spline_filter(x, 1), "spline order not supported");
  CHECK_THROWS_WITH(nd::map_coordinates(x, cupp::zeros<double>({3, 4})),
                    "invalid shape for coordinate array");
  CHECK_THROWS_WITH(nd::affine_transform(x, std::vector<double>{1.0, 2.0, 3.0}),
                    "affine matrix has wrong number of rows");
  CHECK_THROWS_WITH(
      nd::affine_transform(x, std::vector<double>{1.0, 2.0}, {.output_shape = cupp::shape_t{6}}),
      "affine matrix has wrong number of columns");
  CHECK_THROWS_WITH(
      nd::affine_transform(x, std::vector<std::vector<double>>{{1, 0, 0}, {0, 1, 0}, {0, 1, 1}}),
      "Expected homogeneous transformation matrix with shape (3, 3) for image shape "
      "(2, 3), but bottom row was not equal to [0, 0, 1]");
  CHECK_THROWS_WITH(nd::rotate(cupp::zeros<double>({4}), 10.0),
                    "input array should be at least 2D");
  CHECK(nd::zoom(x, 2.0).shape() == cupp::shape_t{4, 6});
}

// The fixtures' lines are short: one chunk of the prefilter's recursions (detail/spline.hpp). A
// spline through long lines must still interpolate its samples: a shift by 0 returns the input,
// which a chunk starting from a wrong state, or too short a warm-up, would miss by far more.
TEST_CASE("ndimage splines interpolate their samples along long lines", "[ndimage]") {
  const cupp::shape_t shapes[] = {{1000}, {300, 257}};
  for (const auto& shape : shapes) {
    std::vector<double> v(static_cast<std::size_t>(cupp::shape_size(shape)));
    std::uint64_t s = 12345;
    for (double& e : v) {
      s = s * 6364136223846793005ULL + 1442695040888963407ULL;
      e = static_cast<double>(s >> 11) / 9007199254740992.0 * 8.0 - 4.0;
    }
    const cupp::ndarray<double> x = cupp::asarray(v.data(), shape);
    for (const int order : {2, 3, 4, 5}) {
      for (const auto mode : {nd::mirror, nd::reflect, nd::grid_wrap, nd::constant}) {
        CAPTURE(shape.size(), order, static_cast<int>(mode));
        const auto got = nd::shift(x, 0.0, {.order = order, .mode = mode}).get();
        double worst = 0.0;
        for (std::size_t i = 0; i < v.size(); ++i)
          worst = std::max(worst, std::fabs(got[i] - v[i]));
        CHECK(worst < 1e-12);
      }
    }
  }
}
