// cupx::ndimage's measurements (sum_labels mean variance standard_deviation minimum maximum
// minimum_position maximum_position center_of_mass histogram median label find_objects) against
// SciPy (test/fixtures/ndimage_measure.txt, scripts/gen_ndimage_measure_fixtures.py), and its
// errors.
#include "cupx/ndimage/ndimage_testing.hpp"

#include <cupx/ndimage/measurements.hpp>

#include <cupp/manipulation/views.hpp>
#include <cupp/reduction/equal.hpp>

namespace nd = cupx::ndimage;

namespace {

using cupp_test::ndimage_case;

const char* const measure_file = "ndimage_measure.txt";

/// Compares with SciPy's output of shape `oshape`: NaN where SciPy's is, float64 inputs within
/// 1e-10 of the output's largest magnitude (at least 1), float32 within 1e-5 (SciPy sums float32
/// in float32 where there is no index), integers exactly.
template <class R>
void measure_compare(const ndimage_case& c, const cupp::ndarray<R>& got, double tol) {
  const auto dims = c.ints("oshape");
  REQUIRE(got.shape() == cupp::shape_t(dims.begin(), dims.end()));
  const auto g = got.get();
  REQUIRE(g.size() == c.output.size());
  double scale = 1.0;
  for (const double w : c.output)
    if (std::isfinite(w)) scale = std::max(scale, std::fabs(w));
  for (std::size_t i = 0; i < g.size(); ++i) {
    const double got_i = static_cast<double>(g[i]), want = c.output[i];
    if (std::isnan(want) ? !std::isnan(got_i)
                         : !(got_i == want || std::fabs(got_i - want) <= tol * scale)) {
      std::ostringstream msg;
      msg.precision(17);
      msg << c.text << " element " << i << ": got " << got_i << ", want " << want;
      FAIL_CHECK(msg.str());
      return;
    }
  }
}

nd::label_index case_index(const ndimage_case& c) {
  if (!c.has("index")) return {};
  const auto v = c.ints("index");
  if (c.has("scalar")) return nd::label_index(static_cast<std::int64_t>(v.at(0)));
  return nd::label_index(std::vector<std::int64_t>(v.begin(), v.end()));
}

cupp::ndarray<std::int32_t> case_labels(const ndimage_case& c) {
  const auto v = c.ints("labels");
  const std::vector<std::int32_t> l(v.begin(), v.end());
  return cupp::asarray(l.data(), c.shape);
}

/// f(x) without labels, f(x, labels, index) with them, as double.
template <class F> void check_stat(const std::string& func, F fn) {
  for (const ndimage_case& c : cupp_test::ndimage_cases(func, measure_file)) {
    for (const bool strided : {false, true}) {
      CAPTURE(c.text, strided);
      auto run = [&](auto zero) {
        using T = decltype(zero);
        const auto x = cupp_test::ndimage_input<T>(c, strided);
        const auto got = c.has("labels") ? fn(x, std::optional(case_labels(c)), c)
                                         : fn(x, std::optional<cupp::ndarray<std::int32_t>>(), c);
        const double tol = std::is_same_v<T, float> ? 1e-5 : 1e-10;
        measure_compare(c, cupp::ndarray<double>(cupp::astype<double>(got)), tol);
      };
      cupp_test::with_dtype<float, double, std::int32_t, std::uint8_t>(c.dtype, run);
    }
  }
}

} // namespace

#define MEASURE_CASE(FUNC)                                                                         \
  TEST_CASE("ndimage " #FUNC " matches SciPy", "[ndimage]") {                                      \
    check_stat(#FUNC, [](const auto& x, const auto& labels, const ndimage_case& c) {               \
      return labels ? nd::FUNC(x, *labels, case_index(c)) : nd::FUNC(x);                           \
    });                                                                                            \
  }

MEASURE_CASE(sum_labels)
MEASURE_CASE(mean)
MEASURE_CASE(variance)
MEASURE_CASE(standard_deviation)
MEASURE_CASE(minimum)
MEASURE_CASE(maximum)
MEASURE_CASE(minimum_position)
MEASURE_CASE(maximum_position)
MEASURE_CASE(center_of_mass)
MEASURE_CASE(median)

TEST_CASE("ndimage histogram matches SciPy", "[ndimage]") {
  check_stat("histogram", [](const auto& x, const auto& labels, const ndimage_case& c) {
    const double lo = c.real("min", 0), hi = c.real("max", 0);
    const auto bins = c.index("bins", 1);
    return labels ? nd::histogram(x, lo, hi, bins, *labels, case_index(c))
                  : nd::histogram(x, lo, hi, bins);
  });
}

TEST_CASE("ndimage sum is sum_labels; extrema gathers the four", "[ndimage]") {
  const cupp::ndarray<double> x = cupp::asarray(std::vector<double>{1, 5, -2, 7, 3, 0});
  const cupp::ndarray<int> l = cupp::asarray(std::vector<int>{1, 1, 2, 2, 0, 3});
  CHECK(nd::sum(x, l, {1, 2, 3}).get() == std::vector<double>{6, 5, 0});
  CHECK(nd::sum(x).item() == 14);
  CHECK(nd::sum(x, l).item() == 11); // labels > 0
  const auto e = nd::extrema(x, l, {2, 9});
  CHECK(e.min.get() == std::vector<double>{-2, 0});
  CHECK(e.max.get() == std::vector<double>{7, 0});
  CHECK(e.min_position.shape() == cupp::shape_t{2, 1});
  CHECK(e.min_position.get() == std::vector<std::int64_t>{2, 0});
  CHECK(e.max_position.get() == std::vector<std::int64_t>{3, 0});
  const auto s = nd::extrema(x, l, 1);
  CHECK(s.min.ndim() == 0);
  CHECK(s.min.item() == 1);
  CHECK(s.max_position.get() == std::vector<std::int64_t>{1});
  CHECK(nd::mean(x, l, std::vector<std::int64_t>{}).shape() == cupp::shape_t{0});
}

TEST_CASE("ndimage label matches SciPy", "[ndimage]") {
  for (const ndimage_case& c : cupp_test::ndimage_cases("label", measure_file)) {
    for (const bool strided : {false, true}) {
      CAPTURE(c.text, strided);
      const auto x = cupp_test::ndimage_input<std::int32_t>(c, strided);
      const auto r =
          c.has("structure") ? nd::label(x, c.array<bool>("structure", "sshape")) : nd::label(x);
      CHECK(r.num_features() == c.index("nfeat", -1));
      measure_compare(c, r.labels, 0.0);
      // output=: the same labels in an int64 array and through a reversed int16 view
      const std::optional<cupp::ndarray<bool>> s =
          c.has("structure") ? std::optional(c.array<bool>("structure", "sshape")) : std::nullopt;
      cupp::ndarray<std::int64_t> wide = cupp::zeros<std::int64_t>(x.shape());
      CHECK(nd::label(x, s, wide).item() == c.index("nfeat", -1));
      CHECK(cupp::array_equal(wide, r.labels));
      cupp::ndarray<std::int16_t> base = cupp::zeros<std::int16_t>(x.shape());
      (void)nd::label(x, s, cupp::flip(base));
      CHECK(cupp::array_equal(cupp::flip(base), r.labels));
    }
  }
  CHECK_THROWS_WITH(nd::label(cupp::ones<int>({3, 4}), std::nullopt, cupp::zeros<int>({4, 3})),
                    "output shape not correct");
}

TEST_CASE("ndimage find_objects matches SciPy", "[ndimage]") {
  for (const ndimage_case& c : cupp_test::ndimage_cases("find_objects", measure_file)) {
    CAPTURE(c.text);
    const auto x = cupp_test::ndimage_input<std::int32_t>(c, true);
    const auto objs = nd::find_objects(x, c.index("max_label", 0));
    std::vector<double> flat;
    for (const auto& o : objs) {
      if (!o) {
        flat.insert(flat.end(), 2 * c.shape.size(), -1.0);
        continue;
      }
      for (const auto& s : *o) {
        flat.push_back(static_cast<double>(s.start.value()));
        flat.push_back(static_cast<double>(s.stop.value()));
      }
    }
    CHECK(static_cast<std::int64_t>(objs.size()) == c.ints("oshape").at(0));
    CHECK(flat == c.output);
  }
}

TEST_CASE("ndimage measurement errors", "[ndimage]") {
  const cupp::ndarray<double> x = cupp::zeros<double>({4, 5});
  CHECK_THROWS_AS(nd::label(x, cupp::ones<bool>({3})), cupp::error);
  CHECK_THROWS_AS(nd::label(x, cupp::ones<bool>({3, 4})), cupp::value_error);
  const cupp::ndarray<bool> half =
      cupp::asarray(std::vector<std::uint8_t>{0, 0, 0, 0, 1, 1, 0, 0, 0}).reshape({3, 3}) !=
      std::uint8_t(0);
  CHECK_THROWS_WITH(nd::label(x, half), "Structuring element is not symmetric");
  CHECK_THROWS_AS(nd::histogram(x, 1.0, 0.0, 4), cupp::value_error);
  CHECK_THROWS_AS(nd::histogram(x, 0.0, 1.0, 0), cupp::value_error);
  CHECK_THROWS_AS(nd::sum_labels(x, cupp::zeros<int>({3, 3})), cupp::value_error);
  const auto empty = nd::label(x);
  CHECK(empty.num_features() == 0);
  CHECK(empty.labels.shape() == x.shape());
}
#undef MEASURE_CASE
