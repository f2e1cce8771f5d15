// cupx::ndimage's weighted filters (correlate1d convolve1d correlate convolve gaussian_filter1d
// gaussian_filter sobel prewitt laplace gaussian_laplace gaussian_gradient_magnitude) against
// SciPy (test/fixtures/ndimage_filters.txt, scripts/gen_ndimage_fixtures.py), and their errors.
#include "cupx/ndimage/ndimage_testing.hpp"

#include <cupx/ndimage/filters.hpp>

#include <cupp/reduction/reduce.hpp>

namespace nd = cupx::ndimage;

NDIMAGE_CASE(
    "correlate1d", false,
    nd::correlate1d(x, c.reals("weights"), c.index("axis", -1),
                    {.mode = c.mode(), .cval = c.real("cval", 0), .origin = c.index("origin", 0)}))
NDIMAGE_CASE(
    "convolve1d", false,
    nd::convolve1d(x, c.reals("weights"), c.index("axis", -1),
                   {.mode = c.mode(), .cval = c.real("cval", 0), .origin = c.index("origin", 0)}))
NDIMAGE_CASE("correlate", true,
             nd::correlate(x, c.array<double>("weights", "wshape"),
                           {.mode = c.mode(),
                            .cval = c.real("cval", 0),
                            .origin = c.per_axis<cupp::index_t>("origin", 0)}))
NDIMAGE_CASE("convolve", true,
             nd::convolve(x, c.array<double>("weights", "wshape"),
                          {.mode = c.mode(),
                           .cval = c.real("cval", 0),
                           .origin = c.per_axis<cupp::index_t>("origin", 0)}))
NDIMAGE_CASE("gaussian_filter1d", true,
             nd::gaussian_filter1d(x, c.real("sigma", 1), c.index("axis", -1),
                                   static_cast<int>(c.index("order", 0))))
NDIMAGE_CASE("gaussian_filter", true,
             nd::gaussian_filter(
                 x, c.per_axis<double>("sigma", 1.0),
                 {.order = c.per_axis<int>("order", 0),
                  .mode = c.modes(),
                  .cval = c.real("cval", 0),
                  .truncate = c.real("truncate", 4.0),
                  .radius = c.has("radius") ? std::optional(c.per_axis<cupp::index_t>("radius", 0))
                                            : std::nullopt,
                  .axes = c.axes()}))
NDIMAGE_CASE("sobel", false, nd::sobel(x, c.index("axis", -1), c.modes(), c.real("cval", 0)))
NDIMAGE_CASE("prewitt", false, nd::prewitt(x, c.index("axis", -1), c.modes(), c.real("cval", 0)))
NDIMAGE_CASE("laplace", false, nd::laplace(x, c.modes(), c.real("cval", 0)))
NDIMAGE_CASE("gaussian_laplace", true,
             nd::gaussian_laplace(x, c.per_axis<double>("sigma", 1.0),
                                  {.mode = c.modes(), .cval = c.real("cval", 0)}))
NDIMAGE_CASE("gaussian_gradient_magnitude", true,
             nd::gaussian_gradient_magnitude(x, c.per_axis<double>("sigma", 1.0),
                                             {.mode = c.modes(), .cval = c.real("cval", 0)}))

TEST_CASE("ndimage weighted filters: a chosen output dtype", "[ndimage]") {
  // SciPy's output=float32 of a uint8 image: no truncation between the passes
  const std::vector<std::uint8_t> v{0, 10, 20, 255, 7, 3, 1, 9, 100, 50, 60, 70};
  const auto img = cupp::asarray(v.data(), {3, 4});
  const auto f = nd::gaussian_filter<float>(img, 1.0);
  const auto d = nd::gaussian_filter(cupp::ndarray<float>(cupp::astype<float>(img)), 1.0);
  CHECK(cupp::allclose(f, d, 1e-6, 1e-5));
  STATIC_REQUIRE(std::is_same_v<decltype(nd::sobel<double>(img)), cupp::ndarray<double>>);
}

TEST_CASE("ndimage weighted filters: SciPy's errors", "[ndimage]") {
  const auto a = cupp::arange<double>(12).reshape({3, 4});
  CHECK_THROWS_WITH_WORDS(nd::correlate1d(a, {}), cupp::value_error, "no filter weights given");
  CHECK_THROWS_WITH_WORDS(nd::correlate1d(a, {1, 2, 3}, -1, {.origin = 2}), cupp::value_error,
                          "invalid origin");
  CHECK_THROWS_WITH_WORDS(nd::correlate1d(a, {1, 2}, -1, {.origin = -2}), cupp::value_error,
                          "invalid origin");
  CHECK_THROWS_AS(nd::correlate1d(a, {1, 2}, 2), cupp::axis_error);
  CHECK_THROWS_WITH_WORDS(nd::correlate(a, cupp::ones<double>({3})), cupp::value_error,
                          "filter weights array has incorrect shape.");
  CHECK_THROWS_WITH_WORDS(nd::gaussian_filter(a, {1.0, 2.0, 3.0}), cupp::value_error,
                          "sequence argument must have length equal to input rank");
  CHECK_THROWS_WITH_WORDS(nd::gaussian_filter1d(a, 1.0, -1, -1), cupp::value_error,
                          "order must be non-negative");
  CHECK_THROWS_WITH_WORDS(nd::gaussian_filter1d(a, 1.0, -1, 0, {.radius = -1}), cupp::value_error,
                          "Radius must be a nonnegative integer.");
}
