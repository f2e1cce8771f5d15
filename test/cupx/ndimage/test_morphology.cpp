// cupx::ndimage's morphology (generate_binary_structure iterate_structure binary_erosion
// binary_dilation binary_opening binary_closing grey_erosion grey_dilation grey_opening
// grey_closing morphological_gradient white_tophat black_tophat binary_propagation
// binary_fill_holes) against SciPy
// (test/fixtures/ndimage_filters.txt, scripts/gen_ndimage_fixtures.py), and their errors.
#include "cupx/ndimage/ndimage_testing.hpp"

#include <cupx/ndimage/morphology.hpp>

#include <cupp/reduction/equal.hpp>

#include <random>

namespace nd = cupx::ndimage;

namespace {
nd::binary_kw binary_of(const cupp_test::ndimage_case& c) {
  std::optional<cupp::ndarray<bool>> mask;
  if (c.has("mask")) {
    const auto v = c.reals("mask");
    const std::vector<std::uint8_t> bytes(v.begin(), v.end());
    mask = cupp::ndarray<bool>(cupp::astype<bool>(cupp::asarray(bytes))).reshape(c.shape);
  }
  return {.iterations = static_cast<int>(c.index("iterations", 1)),
          .mask = mask,
          .border_value = c.index("border_value", 0) != 0,
          .origin = c.per_axis<cupp::index_t>("origin", 0)};
}
std::optional<cupp::ndarray<bool>> structure_of(const cupp_test::ndimage_case& c) {
  if (!c.has("structure")) return std::nullopt;
  return c.array<bool>("structure", "sshape");
}
// the grey filters take one mode for all axes
nd::filter_kw grey_kw_of(const cupp_test::ndimage_case& c) {
  return {.mode = c.mode(),
          .cval = c.real("cval", 0),
          .origin = c.per_axis<cupp::index_t>("origin", 0)};
}
// binary_erosion and binary_dilation with the structure of the case or the default one
template <class T, class F>
cupp::ndarray<bool> with_structure(const cupp::ndarray<T>& x, const cupp_test::ndimage_case& c,
                                   F op) {
  const auto s = structure_of(c);
  return s ? op(x, *s, binary_of(c)) : op(x, binary_of(c));
}
nd::propagation_kw propagation_of(const cupp_test::ndimage_case& c) {
  const nd::binary_kw b = binary_of(c);
  return {.mask = b.mask, .border_value = b.border_value, .origin = b.origin};
}
void check_values(const cupp_test::ndimage_case& c, const cupp::ndarray<bool>& got) {
  const auto g = got.get();
  REQUIRE(g.size() == c.output.size());
  for (std::size_t i = 0; i < g.size(); ++i)
    CHECK(static_cast<double>(g[i]) == c.output[i]);
}
} // namespace

NDIMAGE_BOOL_CASE("binary_erosion",
                  with_structure(x, c, [](const auto&... a) { return nd::binary_erosion(a...); }))
NDIMAGE_BOOL_CASE("binary_dilation",
                  with_structure(x, c, [](const auto&... a) { return nd::binary_dilation(a...); }))
NDIMAGE_BOOL_CASE("binary_opening", nd::binary_opening(x, structure_of(c), binary_of(c)))
NDIMAGE_BOOL_CASE("binary_closing", nd::binary_closing(x, structure_of(c), binary_of(c)))
NDIMAGE_BOOL_CASE("binary_propagation",
                  nd::binary_propagation(x, structure_of(c), propagation_of(c)))
NDIMAGE_BOOL_CASE("binary_fill_holes",
                  nd::binary_fill_holes(x, structure_of(c), c.per_axis<cupp::index_t>("origin", 0)))
NDIMAGE_CASE("grey_erosion", false,
             sized(c, [&](const auto& s) { return nd::grey_erosion(x, s, grey_kw_of(c)); }))
NDIMAGE_CASE("grey_dilation", false,
             sized(c, [&](const auto& s) { return nd::grey_dilation(x, s, grey_kw_of(c)); }))
NDIMAGE_CASE("grey_opening", false,
             sized(c, [&](const auto& s) { return nd::grey_opening(x, s, grey_kw_of(c)); }))
NDIMAGE_CASE("grey_closing", false,
             sized(c, [&](const auto& s) { return nd::grey_closing(x, s, grey_kw_of(c)); }))
NDIMAGE_CASE("morphological_gradient", false, sized(c, [&](const auto& s) {
               return nd::morphological_gradient(x, s, grey_kw_of(c));
             }))
NDIMAGE_CASE("white_tophat", false,
             sized(c, [&](const auto& s) { return nd::white_tophat(x, s, grey_kw_of(c)); }))
NDIMAGE_CASE("black_tophat", false,
             sized(c, [&](const auto& s) { return nd::black_tophat(x, s, grey_kw_of(c)); }))

TEST_CASE("ndimage generate_binary_structure and iterate_structure match SciPy", "[ndimage]") {
  for (const auto& c : cupp_test::ndimage_cases("generate_binary_structure")) {
    CAPTURE(c.text);
    check_values(c, nd::generate_binary_structure(static_cast<int>(c.index("rank", 1)),
                                                  static_cast<int>(c.index("connectivity", 1))));
  }
  for (const auto& c : cupp_test::ndimage_cases("iterate_structure")) {
    CAPTURE(c.text);
    check_values(c, nd::iterate_structure(cupp_test::ndimage_input<bool>(c, false),
                                          static_cast<int>(c.index("iterations", 1))));
  }
}

TEST_CASE("ndimage morphology: SciPy's errors", "[ndimage]") {
  const auto a = cupp::ones<bool>({4, 5});
  CHECK_THROWS_WITH_WORDS(nd::binary_erosion(a, cupp::ones<bool>({3})), cupp::value_error,
                          "structure and input must have same dimensionality");
  CHECK_THROWS_WITH_WORDS(nd::binary_dilation(a, cupp::ones<bool>({0, 3})), cupp::value_error,
                          "structure must not be empty");
  CHECK_THROWS_WITH_WORDS(nd::binary_propagation(a, std::nullopt, {.mask = cupp::ones<bool>({4})}),
                          cupp::error, "mask and input must have equal sizes");
  CHECK_THROWS_WITH_WORDS(nd::binary_dilation(a, {.mask = cupp::ones<bool>({5, 4})}), cupp::error,
                          "mask and input must have equal sizes");
  CHECK_THROWS_WITH_WORDS(nd::binary_fill_holes(a, cupp::ones<bool>({3, 3, 3})), cupp::value_error,
                          "structure and input must have same dimensionality");
  CHECK_THROWS_WITH_WORDS(nd::grey_erosion(a, {3, 3, 3}), cupp::value_error,
                          "sequence argument must have length equal to input rank");
}

// The union-find path against SciPy's definition, repeated masked dilation, on images where
// every component shape occurs: random masks of several densities, 2-D and 3-D, every
// connectivity, with and without the border.
TEST_CASE("ndimage binary_propagation's components equal repeated dilation", "[ndimage]") {
  std::mt19937 rng(7);
  for (const cupp::shape_t shape : {cupp::shape_t{23, 31}, cupp::shape_t{7, 9, 11}}) {
    for (const double density : {0.35, 0.6, 0.8}) {
      std::bernoulli_distribution on(density), seed(0.02);
      std::vector<std::uint8_t> m, s;
      for (cupp::index_t i = 0; i < cupp::shape_size(shape); ++i) {
        m.push_back(on(rng));
        s.push_back(seed(rng));
      }
      const cupp::ndarray<bool> mask(cupp::asarray(m.data(), shape) != std::uint8_t(0));
      const cupp::ndarray<bool> seeds(cupp::asarray(s.data(), shape) != std::uint8_t(0));
      for (int conn = 1; conn <= shape.size(); ++conn) {
        const auto st = nd::generate_binary_structure(static_cast<int>(shape.size()), conn);
        for (const bool border : {false, true}) {
          CAPTURE(shape, density, conn, border);
          const auto want = nd::binary_dilation(
              seeds, st, {.iterations = -1, .mask = mask, .border_value = border});
          const auto got =
              nd::binary_propagation(seeds, st, {.mask = mask, .border_value = border});
          CHECK(cupp::array_equal(got, want));
        }
      }
    }
  }
}

// SciPy's axes= of the binary operators (_expand_footprint): the structure and origins over the
// filtered axes are the same operator as the structure with length-1 axes inserted for the
// others (whose values the fixtures check), origin 0 there.
TEST_CASE("ndimage binary operators over axes equal their structure expanded", "[ndimage]") {
  std::mt19937 rng(11);
  std::bernoulli_distribution on(0.55);
  const cupp::shape_t shape{7, 9, 11};
  std::vector<std::uint8_t> v;
  for (cupp::index_t i = 0; i < cupp::shape_size(shape); ++i)
    v.push_back(on(rng));
  const cupp::ndarray<bool> x(cupp::asarray(v.data(), shape) != std::uint8_t(0));
  struct axes_case {
    std::vector<cupp::index_t> axes;
    cupp::shape_t expanded; // the 3^k structure's shape with the other axes of length 1
    std::vector<cupp::index_t> origin, full_origin;
  };
  for (const auto& c : {axes_case{{0, 2}, {3, 1, 3}, {1, -1}, {1, 0, -1}},
                        axes_case{{1}, {1, 3, 1}, {0}, {0, 0, 0}},
                        axes_case{{-1, 0}, {3, 1, 3}, {0, 1}, {0, 0, 1}}}) {
    const cupp::axes ax(c.axes);
    for (int conn = 1; conn <= static_cast<int>(c.axes.size()); ++conn) {
      CAPTURE(c.axes, conn);
      const auto st = nd::generate_binary_structure(static_cast<int>(c.axes.size()), conn);
      const cupp::ndarray<bool> full = st.reshape(c.expanded);
      const nd::binary_kw kw{.origin = nd::per_axis<cupp::index_t>(c.origin), .axes = ax};
      const nd::binary_kw full_kw{.origin = nd::per_axis<cupp::index_t>(c.full_origin)};
      CHECK(cupp::array_equal(nd::binary_erosion(x, st, kw), nd::binary_erosion(x, full, full_kw)));
      CHECK(
          cupp::array_equal(nd::binary_dilation(x, st, kw), nd::binary_dilation(x, full, full_kw)));
      CHECK(cupp::array_equal(nd::binary_opening(x, st, kw), nd::binary_opening(x, full, full_kw)));
      CHECK(cupp::array_equal(nd::binary_closing(x, st, kw), nd::binary_closing(x, full, full_kw)));
      for (const bool border : {false, true}) {
        const auto seeds = nd::binary_erosion(x, full, {.iterations = 2});
        CHECK(cupp::array_equal(
            nd::binary_propagation(seeds, st, {.mask = x, .border_value = border, .axes = ax}),
            nd::binary_dilation(seeds, full,
                                {.iterations = -1, .mask = x, .border_value = border})));
      }
      CHECK(cupp::array_equal(nd::binary_fill_holes(x, st, 0, ax), nd::binary_fill_holes(x, full)));
    }
    // the default structure: generate_binary_structure(len(axes), 1)
    const auto st1 = nd::generate_binary_structure(static_cast<int>(c.axes.size()), 1);
    CHECK(cupp::array_equal(nd::binary_erosion(x, {.axes = ax}),
                            nd::binary_erosion(x, st1.reshape(c.expanded))));
    CHECK(cupp::array_equal(nd::binary_fill_holes(x, std::nullopt, 0, ax),
                            nd::binary_fill_holes(x, st1.reshape(c.expanded))));
  }
  // the structure has one axis per filtered axis
  CHECK_THROWS_WITH_WORDS(
      nd::binary_erosion(x, nd::generate_binary_structure(3, 1), {.axes = {0, 1}}),
      cupp::value_error, "structure and input must have same dimensionality");
}
