// cupp::dist's computations against cupp's one-device functions on the global array: fused
// elementwise expressions with broadcasting, reductions over every axis, cumsum, matmul in every
// layout, slab FFTs and sample sort, with the errors of each.
#include "dist_testing.hpp"

#include <cupp/fft/fft.hpp>
#include <cupp/linalg/products.hpp>
#include <cupp/math/functions.hpp>
#include <cupp/sorting/sort.hpp>

#include <limits>

using namespace dist_test;
using cupp_test::device_values;

TEST_CASE("transform: fused expressions, replicated operands broadcast", "[dist][elementwise]") {
  const dist::communicator c = dist::world();
  const cp::ndarray<double> x = device_values<double>({6, 5}, 1),
                            y = device_values<double>({6, 5}, 2);
  const cp::ndarray<double> row = device_values<double>({5}, 3),
                            col = device_values<double>({6, 1}, 4);
  const cp::ndarray<double> want = cp::ndarray<double>(x * x + y * row - col * 2.0);
  for (const dist::sharding s : layouts(2)) {
    const dist::array<double> a = dist::distribute(c, x, s), b = dist::distribute(c, y, s);
    // row and col as plain arrays, and as replicated distributed ones
    const dist::array<double> rc = dist::distribute(c, col, dist::replicated);
    const auto r = dist::transform([](const auto& p, const auto& q, const auto& w,
                                      const auto& k) { return p * p + q * w - k * 2.0; },
                                   a, b, row, rc);
    static_assert(std::is_same_v<std::decay_t<decltype(r)>, dist::array<double>>);
    CHECK(r.layout() == s);
    check_close(whole(r), want, 1e-15);
  }
  // a dtype change in the expression (NEP 50: int32 * 0.5 is float64)
  const dist::array<int> i = dist::arange<int>(c, 9.0);
  const auto h = dist::transform([](const auto& v) { return v * 0.5; }, i);
  check_equal(whole(h), cp::ndarray<double>(cp::arange<int>(9) * 0.5));
}

TEST_CASE("arithmetic operators: one transform each", "[dist][elementwise]") {
  const dist::communicator c = dist::world();
  const cp::ndarray<double> x = device_values<double>({7, 4}, 1),
                            y = device_values<double>({7, 4}, 2);
  const cp::ndarray<double> row = device_values<double>({4}, 3);
  for (const dist::sharding s : layouts(2)) {
    const dist::array<double> a = dist::distribute(c, x, s), b = dist::distribute(c, y, s);
    check_close(whole((a + b) * 2.0 - row / b), cp::ndarray<double>((x + y) * 2.0 - row / y),
                1e-15);
    check_close(whole(1.0 / -a), cp::ndarray<double>(1.0 / -x), 1e-15);
    CHECK((a * b).layout() == s);
  }
  // NEP 50: int32 array * 2.5 is float64, int32 + int32 stays int32
  const dist::array<int> i = dist::arange<int>(c, 10.0);
  static_assert(std::is_same_v<decltype(i * 2.5), dist::array<double>>);
  static_assert(std::is_same_v<decltype(i + i), dist::array<int>>);
  check_equal(whole(i + i), cp::ndarray<int>(cp::arange<int>(10) * 2));
}

TEST_CASE("transform refuses operands that do not line up", "[dist][elementwise][errors]") {
  const dist::communicator c = dist::world();
  const dist::array<float> a = dist::zeros<float>(c, {4, 6}, dist::sharding{0});
  const dist::array<float> b = dist::zeros<float>(c, {4, 6}, dist::sharding{1});
  const dist::array<float> v = dist::zeros<float>(c, {6}, dist::sharding{0});
  auto add = [](const auto& p, const auto& q) { return p + q; };
  CHECK_THROWS_WITH(dist::transform(add, a, b), Catch::Matchers::Contains("do not line up"));
  CHECK_THROWS_WITH(dist::transform(add, a, v), Catch::Matchers::Contains("do not line up"));
  CHECK_THROWS_WITH(dist::transform(add, a, cp::zeros<float>({5})),
                    Catch::Matchers::Contains("could not be broadcast"));
  const dist::array<float> row = dist::zeros<float>(c, {1, 6}, dist::sharding{0});
  CHECK_THROWS_WITH(dist::transform(add, row, cp::zeros<float>({4, 6})),
                    Catch::Matchers::Contains("would broadcast to"));
  // a sharded operand broadcasts along its other axes: (6,) split on 0 with (3, 6) gives (3, 6)
  // split on 1
  const dist::array<float> w = dist::distribute(c, cp::arange<float>(6), dist::sharding{0});
  const dist::array<float> sum = dist::transform(add, w, cp::ones<float>({3, 6}));
  CHECK(sum.layout() == dist::sharding{1});
  check_equal(whole(sum), cp::ndarray<float>(cp::arange<float>(6) + cp::ones<float>({3, 6})));
}

TEST_CASE("reductions over every axis and layout", "[dist][reduction]") {
  const dist::communicator c = dist::world();
  // {2, 3}: with 4 ranks some blocks are empty
  const cp::shape_t shape = GENERATE(cp::shape_t{7}, cp::shape_t{2, 3}, cp::shape_t{5, 4, 3});
  const cp::ndarray<double> xf = device_values<double>(shape, 5);
  const cp::ndarray<int> xi = device_values<int>(shape, 6);
  const cp::ndarray<bool> xb = device_values<bool>(shape, 7);
  std::vector<cp::axes> all_axes{cp::all_axes};
  for (int d = 0; d < xf.ndim(); ++d)
    all_axes.emplace_back(d);
  if (xf.ndim() == 3) all_axes.emplace_back(0, 2);
  for (const dist::sharding s : layouts(xf.ndim()))
    for (const cp::axes& ax : all_axes)
      for (const bool keep : {false, true}) {
        const dist::array<double> f = dist::distribute(c, xf, s);
        const dist::array<int> i = dist::distribute(c, xi, s);
        const dist::array<bool> b = dist::distribute(c, xb, s);
        check_close(whole(dist::sum(f, ax, keep)), cp::ndarray<double>(cp::sum(xf, ax, keep)),
                    1e-14);
        check_equal(whole(dist::sum(i, ax, keep)),
                    cp::ndarray<std::int64_t>(cp::sum(xi, ax, keep)));
        check_equal(whole(dist::prod(i, ax, keep)),
                    cp::ndarray<std::int64_t>(cp::prod(xi, ax, keep)));
        check_equal(whole(dist::max(f, ax, keep)), cp::ndarray<double>(cp::max(xf, ax, keep)));
        check_equal(whole(dist::min(i, ax, keep)), cp::ndarray<int>(cp::min(xi, ax, keep)));
        check_close(whole(dist::mean(i, ax, keep)), cp::ndarray<double>(cp::mean(xi, ax, keep)),
                    1e-14);
        check_close(whole(dist::mean(f, ax, keep)), cp::ndarray<double>(cp::mean(xf, ax, keep)),
                    1e-14);
        check_equal(whole(dist::any(b, ax, keep)), cp::ndarray<bool>(cp::any(xb, ax, keep)));
        check_equal(whole(dist::all(b, ax, keep)), cp::ndarray<bool>(cp::all(xb, ax, keep)));
        const dist::array<double> m = dist::max(f, ax, keep);
        // sharded along a kept axis: the result stays sharded, without communication
        const bool across =
            !s.axis || ax.all() ||
            std::find(ax.list().begin(), ax.list().end(), *s.axis) != ax.list().end();
        CHECK(m.replicated() == across);
      }
}

TEST_CASE("var and std: deviations from a keepdims mean, which lines up", "[dist][reduction]") {
  const dist::communicator c = dist::world();
  const cp::ndarray<double> x = device_values<double>({6, 5, 3}, 2);
  const cp::ndarray<int> xi = device_values<int>({6, 5, 3}, 3);
  const cp::ndarray<cp::complex64> z = device_values<cp::complex64>({6, 5, 3}, 4);
  for (const dist::sharding s : layouts(3))
    for (const cp::axes& ax : {cp::axes(cp::all_axes), cp::axes(0), cp::axes(1), cp::axes(0, 2)})
      for (const bool keep : {false, true}) {
        const dist::array<double> a = dist::distribute(c, x, s);
        check_close(whole(dist::var(a, ax, 0, keep)), cp::ndarray<double>(cp::var(x, ax, 0, keep)),
                    1e-13);
        check_close(whole(dist::std(a, ax, 1, keep)), cp::ndarray<double>(cp::std(x, ax, 1, keep)),
                    1e-13);
        check_close(whole(dist::var(dist::distribute(c, xi, s), ax, 0, keep)),
                    cp::ndarray<double>(cp::var(xi, ax, 0, keep)), 1e-13);
        // complex: the mean of |x - mean|^2, real (float32 for complex64)
        const auto vz = dist::var(dist::distribute(c, z, s), ax, 0, keep);
        static_assert(std::is_same_v<std::decay_t<decltype(vz)>, dist::array<float>>);
        check_close(whole(vz), cp::ndarray<float>(cp::var(z, ax, 0, keep)), 1e-5);
      }
}

TEST_CASE("reductions: NaN, empty arrays and dtype=", "[dist][reduction]") {
  const dist::communicator c = dist::world();
  cp::ndarray<double> x = device_values<double>({9}, 1);
  x(4) = std::numeric_limits<double>::quiet_NaN();
  const dist::array<double> a = dist::distribute(c, x, dist::sharding{0});
  CHECK(std::isnan(dist::max(a).local().item()));
  CHECK(std::isnan(dist::sum(a).local().item()));
  const dist::array<float> e = dist::zeros<float>(c, {0, 3});
  CHECK_THROWS_WITH(dist::max(e), Catch::Matchers::Contains("zero-size array to reduction"));
  CHECK(dist::sum(e).local().item() == 0.0f);
  check_equal(whole(dist::max(e, 1)), cp::zeros<float>({0}));
  // an axis split into empty and non-empty blocks, the whole array empty: NumPy's empty result
  check_equal(whole(dist::max(dist::zeros<float>(c, {1, 0}), 0)), cp::zeros<float>({0}));
  check_equal(whole(dist::min(dist::zeros<float>(c, {3, 0}, dist::sharding{0}), 0)),
              cp::zeros<float>({0}));
  // float16: summed in float32 as NumPy's mean (a float16 sum would overflow at 65504)
  const dist::array<cp::float16> ones = dist::ones<cp::float16>(c, {70001});
  CHECK(static_cast<float>(dist::mean(ones).local().item()) == 1.0f);
  // complex: NumPy's lexicographic order
  const cp::ndarray<cp::complex64> z = cupp_test::device_values<cp::complex64>({6, 5}, 2);
  for (const dist::sharding s : layouts(2))
    for (const int ax : {0, 1}) {
      check_equal(whole(dist::max(dist::distribute(c, z, s), ax)),
                  cp::ndarray<cp::complex64>(cp::max(z, ax)));
      check_equal(whole(dist::min(dist::distribute(c, z, s), ax)),
                  cp::ndarray<cp::complex64>(cp::min(z, ax)));
    }
  const dist::array<std::uint8_t> u = dist::full<std::uint8_t>(c, {300}, 200);
  CHECK(dist::sum(u).local().item() == 60000u);            // uint64, as NumPy
  CHECK(dist::sum<std::uint8_t>(u).local().item() == 96u); // dtype=uint8 wraps
}

TEST_CASE("cumsum along the sharded axis and the others", "[dist][scan]") {
  const dist::communicator c = dist::world();
  const cp::shape_t shape =
      GENERATE(cp::shape_t{1}, cp::shape_t{11}, cp::shape_t{3, 10}, cp::shape_t{5, 2, 3});
  const cp::ndarray<int> xi = device_values<int>(shape, 2);
  const cp::ndarray<double> xf = device_values<double>(shape, 3);
  for (const dist::sharding s : layouts(xi.ndim()))
    for (int ax = 0; ax < xi.ndim(); ++ax) {
      check_equal(whole(dist::cumsum(dist::distribute(c, xi, s), ax)),
                  cp::ndarray<std::int64_t>(cp::cumsum(xi, ax)));
      check_close(whole(dist::cumsum(dist::distribute(c, xf, s), ax)),
                  cp::ndarray<double>(cp::cumsum(xf, ax)), 1e-14);
    }
  if (shape.size() > 1)
    CHECK_THROWS_WITH(dist::cumsum(dist::distribute(c, xi, dist::sharding{0})),
                      Catch::Matchers::Contains("needs an axis"));
}

TEMPLATE_TEST_CASE("matmul in every layout", "[dist][linalg]", double, cp::complex64) {
  const dist::communicator c = dist::world();
  const cp::shape_t ka = GENERATE(cp::shape_t{7, 5}, cp::shape_t{2, 9}, cp::shape_t{1, 1});
  const cp::ndarray<TestType> x = device_values<TestType>(ka, 1);
  const cp::ndarray<TestType> y = device_values<TestType>({ka[1], 6}, 2);
  const cp::ndarray<TestType> want = cp::matmul(x, y);
  const double tol = std::is_same_v<TestType, double> ? 1e-14 : 1e-6;
  for (const dist::sharding sa : layouts(2))
    for (const dist::sharding sb : layouts(2)) {
      const dist::array<TestType> r =
          dist::matmul(dist::distribute(c, x, sa), dist::distribute(c, y, sb));
      check_close(whole(r), want, tol);
    }
  CHECK_THROWS_WITH(dist::matmul(dist::distribute(c, y, dist::sharding{0}),
                                 dist::distribute(c, y, dist::sharding{0})),
                    Catch::Matchers::Contains("mismatch in its core dimension"));
  CHECK_THROWS_AS(dist::matmul(dist::arange<TestType>(c, 3.0), dist::arange<TestType>(c, 3.0)),
                  cp::value_error);
}

TEST_CASE("slab FFTs over every axis", "[dist][fft]") {
  const dist::communicator c = dist::world();
  const cp::shape_t shape =
      GENERATE(cp::shape_t{8, 6}, cp::shape_t{5, 7}, cp::shape_t{3, 4, 5}, cp::shape_t{1, 9});
  const cp::ndarray<cp::complex128> z = device_values<cp::complex128>(shape, 1);
  const cp::ndarray<float> r = device_values<float>(shape, 2);
  for (const dist::sharding s : layouts(z.ndim())) {
    const dist::array<cp::complex128> a = dist::distribute(c, z, s);
    const auto f = dist::fft::fftn(a);
    CHECK(f.layout() == s);
    check_close(whole(f), cp::ndarray<cp::complex128>(cp::fft::fftn(z)), 1e-13);
    check_close(whole(dist::fft::ifftn(f)), z, 1e-13);
    check_close(whole(dist::fft::fftn(a, cp::fft::ortho)),
                cp::ndarray<cp::complex128>(cp::fft::fftn(z, {.norm = cp::fft::ortho})), 1e-13);
    // real float32 input: complex64 out, as NumPy 2
    const auto fr = dist::fft::fftn(dist::distribute(c, r, s));
    static_assert(std::is_same_v<std::decay_t<decltype(fr)>, dist::array<cp::complex64>>);
    check_close(whole(fr), cp::ndarray<cp::complex64>(cp::fft::fftn(r)), 1e-5);
    if (z.ndim() == 2)
      check_close(whole(dist::fft::fft2(a)), cp::ndarray<cp::complex128>(cp::fft::fft2(z)), 1e-13);
  }
  CHECK_THROWS_WITH(dist::fft::fftn(dist::arange<double>(c, 8.0)),
                    Catch::Matchers::Contains("2 or more dimensions"));
  CHECK_THROWS_WITH(dist::fft::fft2(dist::zeros<cp::complex128>(c, {2, 2, 2})),
                    Catch::Matchers::Contains("takes a 2-D array"));
}

TEST_CASE("sample sort gives cupp::sort's order in blocks", "[dist][sorting]") {
  const dist::communicator c = dist::world();
  const cp::index_t n = GENERATE(0, 1, 2, 5, 100, 4099);
  // few distinct values (ties across ranks), and NaNs, which sort last
  cp::ndarray<double> x = cp::ndarray<double>(cp::floor(device_values<double>({n}, 4) / 4.0));
  if (n > 3) x(cp::slice(0, cp::none, 3)) = std::numeric_limits<double>::quiet_NaN();
  const cp::ndarray<double> want = cp::sort(x);
  for (const dist::sharding s : layouts(1)) {
    const dist::array<double> got = dist::sort(dist::distribute(c, x, s));
    CHECK(got.layout() == (s.replicated() ? s : dist::sharding{0}));
    const std::vector<double> g = whole(got).get(), w = want.get();
    REQUIRE(g.size() == w.size());
    for (std::size_t i = 0; i < g.size(); ++i)
      CHECK(((g[i] == w[i]) || (std::isnan(g[i]) && std::isnan(w[i]))));
  }
  // one value everywhere: the (value, index) keys still split it between the ranks
  const cp::ndarray<std::int8_t> same = cp::full<std::int8_t>({1001}, 3);
  check_equal(whole(dist::sort(dist::distribute(c, same, dist::sharding{0}))), same);
  const dist::array<int> sorted_ints =
      dist::sort(dist::distribute(c, device_values<int>({77}, 1), dist::sharding{0}));
  check_equal(whole(sorted_ints), cp::sort(device_values<int>({77}, 1)));
  // N-d: the lines along any axis, the split one included
  const cp::ndarray<float> m = device_values<float>({5, 6, 3}, 7);
  for (const dist::sharding s : layouts(3))
    for (const int ax : {0, 1, 2, -1}) {
      const dist::array<float> got = dist::sort(dist::distribute(c, m, s), ax);
      CHECK(got.layout() == s);
      check_equal(whole(got), cp::sort(m, ax));
    }
  CHECK_THROWS_AS(dist::sort(dist::zeros<int>(c, {2, 2}), 2), cp::axis_error);
}
