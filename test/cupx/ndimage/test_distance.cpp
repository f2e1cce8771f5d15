// cupx::ndimage::distance_transform_edt against SciPy (test/fixtures/ndimage_distance.txt,
// scripts/gen_ndimage_distance_fixtures.py): distances and indices bit for bit, on contiguous
// inputs and three kinds of views; the return flags, a 0-d input, a brute-force check of a larger
// image and the errors.
#include "cupx/ndimage/ndimage_testing.hpp"

#include <cupx/ndimage/distance.hpp>

#include <cupp/indexing/basic.hpp>
#include <cupp/manipulation/rearrange.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/math/functions.hpp>
#include <cupp/random/random.hpp>
#include <cupp/reduction/equal.hpp>

namespace nd = cupx::ndimage;

namespace {

using cupp_test::ndimage_case;

/// How the test hands the input over: C-contiguous, through negative strides, as a transpose of
/// a transposed copy (the last axis has the largest stride), as every other element of a last
/// axis twice as long.
enum class view { contiguous, flipped, transposed, stepped };

template <class T> cupp::ndarray<T> case_input(const ndimage_case& c, view v) {
  const cupp::ndarray<T> x = cupp_test::ndimage_input<T>(c, v == view::flipped);
  if (v == view::transposed) return cupp::transpose(cupp::ascontiguousarray(cupp::transpose(x)));
  if (v == view::stepped)
    return cupp::repeat(x, 2, c.shape.size() - 1)(cupp::ellipsis,
                                                  cupp::slice(cupp::none, cupp::none, 2));
  return x;
}

/// Equal bit for bit (NaN where SciPy's is NaN).
void check_equal(const ndimage_case& c, const char* what, const std::vector<double>& got,
                 const std::vector<double>& want) {
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (std::isnan(want[i]) ? std::isnan(got[i]) : got[i] == want[i]) continue;
    std::ostringstream msg;
    msg.precision(17);
    msg << c.text << ' ' << what << ' ' << i << ": got " << got[i] << ", want " << want[i];
    FAIL_CHECK(msg.str());
    return;
  }
}

template <class R> std::vector<double> values_of(const cupp::ndarray<R>& a) {
  const auto v = a.get();
  return {v.begin(), v.end()};
}

template <class T> void check_case(const ndimage_case& c) {
  const auto n = static_cast<std::size_t>(cupp::shape_size(c.shape));
  const std::vector<double> want_d(c.output.begin(), c.output.begin() + n);
  const std::vector<double> want_i(c.output.begin() + n, c.output.end());
  cupp::shape_t ishape{static_cast<cupp::index_t>(c.shape.size())};
  for (const auto e : c.shape)
    ishape.push_back(e);
  const auto sampling = c.per_axis<double>("sampling", 1.0);
  for (const view v : {view::contiguous, view::flipped, view::transposed, view::stepped}) {
    CAPTURE(static_cast<int>(v));
    if (v == view::transposed && c.shape.size() < 2) continue;
    const auto x = case_input<T>(c, v);
    const auto r = nd::distance_transform_edt(x, {.sampling = sampling, .return_indices = true});
    REQUIRE(r.distances);
    REQUIRE(r.indices);
    CHECK(r.distances->shape() == c.shape);
    CHECK(r.indices->shape() == ishape);
    check_equal(c, "distance", values_of(*r.distances), want_d);
    check_equal(c, "index", values_of(*r.indices), want_i);
  }
  const auto x = case_input<T>(c, view::contiguous);
  const auto only_d = nd::distance_transform_edt(x, {.sampling = sampling});
  CHECK(!only_d.indices);
  check_equal(c, "distance", values_of(*only_d.distances), want_d);
  check_equal(c, "distance", values_of(nd::distance_transform_edt(x, sampling)), want_d);
  const auto only_i = nd::distance_transform_edt(
      x, {.sampling = sampling, .return_distances = false, .return_indices = true});
  CHECK(!only_i.distances);
  check_equal(c, "index", values_of(*only_i.indices), want_i);
}

} // namespace

TEST_CASE("ndimage distance_transform_edt matches SciPy", "[ndimage]") {
  for (const ndimage_case& c : cupp_test::ndimage_cases("edt", "ndimage_distance.txt")) {
    CAPTURE(c.text);
    cupp_test::with_dtype<bool, std::uint8_t, std::int32_t, float, double>(
        c.dtype, [&](auto t) { check_case<decltype(t)>(c); });
  }
}

TEST_CASE("ndimage distance_transform_edt: SciPy's example, a 0-d input", "[ndimage]") {
  const std::vector<int> a{0, 1, 1, 1, 1, 0, 0, 1, 1, 1, 0, 1, 1,
                           1, 1, 0, 1, 1, 1, 0, 0, 1, 1, 0, 0};
  const auto r = nd::distance_transform_edt(cupp::asarray(a.data(), {5, 5}),
                                            {.sampling = {2.0, 1.0}, .return_indices = true});
  CHECK(r.indices->get() == std::vector<std::int32_t>{0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2,
                                                      3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 0,
                                                      0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 0, 0, 4,
                                                      4, 0, 0, 0, 4, 4, 0, 0, 3, 3, 4});
  CHECK(r.distances->get()[4] == std::sqrt(13.0)); // (2 * 1)^2 + 3^2 to (1, 1)
  // SciPy's atleast_1d: a 0-d input is read as shape (1,)
  const auto zero = nd::distance_transform_edt(cupp::asarray(std::vector<double>{0.0}).reshape({}),
                                               {.return_indices = true});
  CHECK(zero.distances->shape() == cupp::shape_t{1});
  CHECK(zero.indices->shape() == cupp::shape_t{1, 1});
  CHECK(zero.distances->get() == std::vector<double>{0.0});
  const auto five = nd::distance_transform_edt(cupp::asarray(std::vector<int>{5}).reshape({}),
                                               {.return_indices = true});
  CHECK(five.distances->get() == std::vector<double>{1.0});
  CHECK(five.indices->get() == std::vector<std::int32_t>{-1});
}

namespace {

/// Each index must name a zero at the returned distance, and no zero may be nearer: a brute-force
/// check of the 2-D mask x (true where nonzero) with sampling (sy, sx).
void check_nearest(const cupp::ndarray<bool>& x, double sy, double sx) {
  const cupp::index_t rows = x.shape()[0], cols = x.shape()[1];
  const auto r = nd::distance_transform_edt(x, {.sampling = {sy, sx}, .return_indices = true});
  const auto fg = x.get();
  const auto dist = r.distances->get();
  const auto ind = r.indices->get();
  std::vector<std::pair<cupp::index_t, cupp::index_t>> zeros;
  for (cupp::index_t i = 0; i < rows * cols; ++i)
    if (!fg[static_cast<std::size_t>(i)]) zeros.emplace_back(i / cols, i % cols);
  REQUIRE(!zeros.empty());
  int bad = 0;
  for (cupp::index_t i = 0; i < rows * cols; ++i) {
    const auto k = static_cast<std::size_t>(i);
    double best = 1e300;
    for (const auto& [zy, zx] : zeros) { // differences first: rows of 17000 x 0.7 lose bits
      const double dy = static_cast<double>(zy - i / cols) * sy;
      const double dx = static_cast<double>(zx - i % cols) * sx;
      best = std::min(best, dy * dy + dx * dx);
    }
    const auto fy = ind[k], fx = ind[k + static_cast<std::size_t>(rows * cols)];
    const bool is_zero = !fg[static_cast<std::size_t>(fy * cols + fx)];
    const double dy = (fy - i / cols) * sy, dx = (fx - i % cols) * sx;
    if (!is_zero || std::fabs(dist[k] - std::sqrt(best)) > 1e-12 ||
        std::fabs(std::sqrt(dy * dy + dx * dx) - dist[k]) > 1e-12)
      ++bad;
  }
  CHECK(bad == 0);
}

} // namespace

TEST_CASE("ndimage distance_transform_edt: nearest zero by brute force", "[ndimage]") {
  auto rng = cupp::random::default_rng(3);
  // lines staged in shared memory (cupp::detail::warp_lines): walked by one lane; with a
  // sampling of 1 searched by all (dense and sparse zeros: short and long searches)
  check_nearest(rng.random<float>({61, 90}) > 0.02f, 0.8, 1.7);
  check_nearest(rng.random<float>({70, 83}) > 0.3f, 1.0, 1.0);
  check_nearest(rng.random<float>({150, 210}) > 0.9995f, 1.0, 1.0);
  // rows of 9000 (48 KB of scratch at most: 54 KB) keep their envelopes in global memory, and
  // so do columns of 17000 in pass 0 (a byte and two per element: 51 KB)
  check_nearest(rng.random<float>({3, 9000}) > 0.01f, 1.3, 0.6);
  check_nearest(rng.random<float>({17000, 2}) > 0.005f, 0.7, 1.1);
}

TEST_CASE("ndimage distance_transform_edt errors", "[ndimage]") {
  const cupp::ndarray<double> x = cupp::ones<double>({3, 4});
  CHECK_THROWS_WITH(nd::distance_transform_edt(x, {.return_distances = false}),
                    "at least one of return_distances/return_indices must be True");
  CHECK_THROWS_AS(nd::distance_transform_edt(x, {.return_distances = false}), cupp::error);
  CHECK_THROWS_WITH(nd::distance_transform_edt(x, {1.0, 2.0, 3.0}),
                    "sequence argument must have length equal to input rank");
  CHECK_THROWS_WITH(nd::distance_transform_edt(x, nd::per_axis<double>(std::vector<double>{})),
                    "sequence argument must have length equal to input rank");
  // SciPy raises RuntimeError, not ValueError, for a wrong sampling
  bool value_error = false;
  try {
    (void)nd::distance_transform_edt(x, {1.0, 2.0, 3.0});
  } catch (const cupp::value_error&) {
    value_error = true;
  } catch (const cupp::error&) {
  }
  CHECK(!value_error);
  // no zero at all: SciPy's -1, 0 indices and the distances to (-1, 0)
  const auto r = nd::distance_transform_edt(x, {.return_indices = true});
  CHECK(r.distances->get()[5] == std::sqrt(5.0)); // (1, 1): 2^2 + 1^2
  CHECK(r.indices->get()[5] == -1);
  CHECK(r.indices->get()[17] == 0);
}

// SciPy's distances= and indices= output arrays: the same values as the returned arrays, written
// in place where the array is contiguous and through any view otherwise; SciPy's errors.
TEST_CASE("ndimage distance_transform_edt into given arrays", "[ndimage]") {
  const cupp::ndarray<std::int32_t> x = cupp_test::device_values<std::int32_t>({9, 13}, 4) % 5;
  const nd::edt_kw kw{.sampling = {1.5, 0.75}, .return_indices = true};
  const auto want = nd::distance_transform_edt(x, kw);
  cupp::ndarray<double> d = cupp::zeros<double>({9, 13});
  cupp::ndarray<std::int32_t> i = cupp::zeros<std::int32_t>({2, 9, 13});
  nd::edt_kw into = kw;
  into.distances = d;
  into.indices = i;
  const auto got = nd::distance_transform_edt(x, into);
  CHECK(got.distances->data() == d.data());
  CHECK(got.indices->data() == i.data());
  CHECK(cupp::array_equal(d, *want.distances));
  CHECK(cupp::array_equal(i, *want.indices));
  // views: reversed (not contiguous), written at the end
  cupp::ndarray<double> dbase = cupp::zeros<double>({9, 13});
  cupp::ndarray<std::int32_t> ibase = cupp::zeros<std::int32_t>({2, 9, 13});
  into.distances = cupp::flip(dbase);
  into.indices = cupp::flip(ibase, 1);
  (void)nd::distance_transform_edt(x, into);
  CHECK(cupp::array_equal(cupp::flip(dbase), *want.distances));
  CHECK(cupp::array_equal(cupp::flip(ibase, 1), *want.indices));
  // SciPy's errors, all the argument errors in one message
  CHECK_THROWS_WITH(nd::distance_transform_edt(x, {.distances = cupp::zeros<double>({9, 12})}),
                    "distances array has wrong shape");
  CHECK_THROWS_WITH(nd::distance_transform_edt(
                        x, {.return_indices = true, .indices = cupp::zeros<std::int32_t>({9, 13})}),
                    "indices array has wrong shape");
  CHECK_THROWS_WITH(
      nd::distance_transform_edt(x, {.return_distances = false, .distances = d, .indices = i}),
      "at least one of return_distances/return_indices must be True, return_distances must be "
      "True if distances is supplied, return_indices must be True if indices is supplied");
}
