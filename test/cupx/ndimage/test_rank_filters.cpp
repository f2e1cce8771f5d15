// cupx::ndimage's uniform, minimum, maximum, median, rank, percentile and generic filters against
// SciPy (test/fixtures/ndimage_filters.txt, scripts/gen_ndimage_fixtures.py), and their errors.
#include "cupx/ndimage/ndimage_testing.hpp"

#include <cupx/ndimage/filters.hpp>
#include <cupx/ndimage/morphology.hpp>

#include <cupp/reduction/equal.hpp>

namespace nd = cupx::ndimage;

namespace {
nd::filter_kw kw_of(const cupp_test::ndimage_case& c) {
  return {.mode = c.modes(),
          .cval = c.real("cval", 0),
          .origin = c.per_axis<cupp::index_t>("origin", 0),
          .axes = c.axes()};
}
nd::filter1d_kw kw1_of(const cupp_test::ndimage_case& c) {
  return {.mode = c.mode(), .cval = c.real("cval", 0), .origin = c.index("origin", 0)};
}
// generic_filter's functions of the fixtures (scripts/gen_ndimage_fixtures.py's FUNCTIONS)
struct ptp {
  template <class T> CUPP_HD double operator()(const T* v, cupp::index_t n) const {
    double lo = static_cast<double>(v[0]), hi = lo;
    for (cupp::index_t i = 1; i < n; ++i) {
      lo = static_cast<double>(v[i]) < lo ? static_cast<double>(v[i]) : lo;
      hi = static_cast<double>(v[i]) > hi ? static_cast<double>(v[i]) : hi;
    }
    return hi - lo;
  }
};
struct second {
  template <class T> CUPP_HD double operator()(const T* v, cupp::index_t) const {
    return static_cast<double>(v[1]) * 2.0 - static_cast<double>(v[0]);
  }
};
} // namespace

NDIMAGE_CASE("uniform_filter1d", false,
             nd::uniform_filter1d(x, c.index("size", 3), c.index("axis", -1), kw1_of(c)))
NDIMAGE_CASE("minimum_filter1d", false,
             nd::minimum_filter1d(x, c.index("size", 3), c.index("axis", -1), kw1_of(c)))
NDIMAGE_CASE("maximum_filter1d", false,
             nd::maximum_filter1d(x, c.index("size", 3), c.index("axis", -1), kw1_of(c)))
NDIMAGE_CASE("uniform_filter", false,
             nd::uniform_filter(x, c.per_axis<cupp::index_t>("size", 3), kw_of(c)))
NDIMAGE_CASE("minimum_filter", false,
             sized(c, [&](const auto& s) { return nd::minimum_filter(x, s, kw_of(c)); }))
NDIMAGE_CASE("maximum_filter", false,
             sized(c, [&](const auto& s) { return nd::maximum_filter(x, s, kw_of(c)); }))
NDIMAGE_CASE("median_filter", false,
             sized(c, [&](const auto& s) { return nd::median_filter(x, s, kw_of(c)); }))
NDIMAGE_CASE("rank_filter", false, sized(c, [&](const auto& s) {
               return nd::rank_filter(x, c.index("rank", 0), s, kw_of(c));
             }))
NDIMAGE_CASE("percentile_filter", false, sized(c, [&](const auto& s) {
               return nd::percentile_filter(x, c.real("percentile", 50), s, kw_of(c));
             }))

NDIMAGE_CASE("generic_filter", false, sized(c, [&](const auto& s) {
               return c.args.at("function") == "ptp" ? nd::generic_filter(x, ptp{}, s, kw_of(c))
                                                     : nd::generic_filter(x, second{}, s, kw_of(c));
             }))

TEST_CASE("ndimage rank filters: SciPy's errors", "[ndimage]") {
  const auto a = cupp::arange<float>(20).reshape({4, 5});
  CHECK_THROWS_WITH_WORDS(nd::uniform_filter1d(a, 0), cupp::value_error, "incorrect filter size");
  CHECK_THROWS_WITH_WORDS(nd::uniform_filter(a, {3, 0}), cupp::value_error,
                          "incorrect filter size");
  CHECK_THROWS_WITH_WORDS(nd::minimum_filter1d(a, 0), cupp::value_error, "incorrect filter size");
  CHECK_THROWS_WITH_WORDS(nd::median_filter(a, {3, 3, 3}), cupp::value_error,
                          "sequence argument must have length equal to input rank");
  CHECK_THROWS_WITH_WORDS(nd::rank_filter(a, 9, 3), cupp::value_error,
                          "rank not within filter footprint size");
  CHECK_THROWS_WITH_WORDS(nd::rank_filter(a, -10, 3), cupp::value_error,
                          "rank not within filter footprint size");
  CHECK_THROWS_WITH_WORDS(nd::percentile_filter(a, 120.0, 3), cupp::value_error,
                          "invalid percentile");
  CHECK_THROWS_WITH_WORDS(nd::uniform_filter1d(a, 3, -1, {.origin = 2}), cupp::value_error,
                          "invalid origin");
  CHECK_THROWS_WITH_WORDS(nd::median_filter(a, 17), cupp::value_error,
                          "rank filters take footprints of at most 256 elements");
  CHECK_THROWS_AS(nd::maximum_filter1d(a, 3, 2), cupp::axis_error);
  CHECK_THROWS_WITH_WORDS(nd::generic_filter(a, ptp{}, 17), cupp::value_error,
                          "generic_filter takes footprints of at most 256 elements");
}

TEST_CASE("ndimage filters that take one mode refuse a sequence, as SciPy", "[ndimage]") {
  const auto a = cupp::arange<float>(20).reshape({4, 5});
  const nd::filter_kw two{.mode = {nd::reflect, nd::wrap}};
  const cupp::ndarray<bool> cross = nd::generate_binary_structure(2, 1);
  CHECK_THROWS_WITH_WORDS(nd::median_filter(a, 3, two), cupp::error,
                          "A sequence of modes is not supported by non-separable rank filters");
  CHECK_THROWS_WITH_WORDS(nd::rank_filter(a, 1, 3, two), cupp::error,
                          "A sequence of modes is not supported by non-separable rank filters");
  CHECK_THROWS_WITH_WORDS(nd::percentile_filter(a, 50.0, 3, two), cupp::error,
                          "A sequence of modes is not supported by non-separable rank filters");
  CHECK_THROWS_WITH_WORDS(nd::maximum_filter(a, cross, two), cupp::error,
                          "A sequence of modes is not supported for non-separable footprints");
  CHECK_THROWS_WITH_WORDS(nd::correlate(a, cupp::ones<float>({2, 2}), two), cupp::error,
                          "A sequence of modes is not supported");
  CHECK_THROWS_WITH_WORDS(nd::convolve(a, cupp::ones<float>({2, 2}), two), cupp::error,
                          "A sequence of modes is not supported");
  CHECK_THROWS_WITH_WORDS(nd::generic_filter(a, ptp{}, 3, two), cupp::error,
                          "boundary mode not supported");
  CHECK_THROWS_WITH_WORDS(nd::uniform_filter(a, 3, {.mode = {nd::reflect, nd::wrap, nd::wrap}}),
                          cupp::value_error,
                          "sequence argument must have length equal to input rank");
  // no filtered axis (0-d, or axes=()): the input, as SciPy's
  CHECK(nd::maximum_filter(cupp::full<float>({}, 2.0f), 3).item() == 2.0f);
  CHECK(cupp::array_equal(
      nd::minimum_filter(a, 3, {.axes = cupp::axes(std::vector<cupp::index_t>{})}), a));
  // a mode per axis of a box is separable: the same as filtering each axis alone
  const auto both = nd::maximum_filter(a, 3, two);
  const auto by_axis = nd::maximum_filter1d(nd::maximum_filter1d(a, 3, 0, {.mode = nd::reflect}), 3,
                                            1, {.mode = nd::wrap});
  CHECK(cupp::array_equal(both, by_axis));
}
