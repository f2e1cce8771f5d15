// cupx::ndimage on complex data (SciPy's _complex_via_real_components): the linear filters with
// complex input and/or complex weights, the interpolation and the spline filters, against SciPy
// (test/fixtures/ndimage_complex.txt, scripts/gen_ndimage_complex_fixtures.py).
#include "cupx/ndimage/ndimage_testing.hpp"
#include "fixture_values.hpp"

#include <cupx/ndimage/filters.hpp>
#include <cupx/ndimage/interpolation.hpp>

#include <cupp/reduction/equal.hpp>

namespace nd = cupx::ndimage;

namespace {

using cupp::complex128;
using cupp::complex64;
using cupp::index_t;
using cupp_test::ndimage_case;

/// The case's input as V, C-contiguous or through a view with negative strides.
template <class V> cupp::ndarray<V> input_of(const ndimage_case& c, bool strided) {
  auto v = cupp_test::fixture_values<V>(c.input);
  if (!strided) return cupp::asarray(v.data(), c.shape);
  std::reverse(v.begin(), v.end());
  return cupp::flip(cupp::asarray(v.data(), c.shape));
}

/// Compares parts with SciPy's within rtol of the largest magnitude (float32 parts: 4e-6 as the
/// real filters' tests; float64: 1e-11), the dtype as SciPy's.
template <class V> void compare(const ndimage_case& c, const cupp::ndarray<V>& got) {
  REQUIRE(std::string(got.dtype()) == c.args.at("odtype"));
  const auto dims = c.ints("oshape");
  REQUIRE(got.shape() == cupp::shape_t(dims.begin(), dims.end()));
  const auto g = got.get();
  REQUIRE(2 * g.size() == c.output.size());
  double scale = 1.0;
  for (const double w : c.output)
    scale = std::max(scale, std::fabs(w));
  const double tol = (std::is_same_v<V, complex64> ? 4e-6 : 1e-11) * scale;
  for (std::size_t i = 0; i < g.size(); ++i) {
    const double re = static_cast<double>(g[i].real()), im = static_cast<double>(g[i].imag());
    if (!(std::fabs(re - c.output[2 * i]) <= tol && std::fabs(im - c.output[2 * i + 1]) <= tol)) {
      std::ostringstream msg;
      msg.precision(17);
      msg << c.text << " element " << i << ": got " << re << " " << im << ", want "
          << c.output[2 * i] << " " << c.output[2 * i + 1];
      FAIL_CHECK(msg.str());
      return;
    }
  }
}

/// Runs `fn(input, case)` over the cases of `func` with the inputs' dtypes listed.
template <class... Ts, class F> void check(const std::string& func, F fn) {
  for (const ndimage_case& c : cupp_test::ndimage_cases(func, "ndimage_complex.txt")) {
    for (const bool strided : {false, true}) {
      CAPTURE(c.text, strided);
      cupp_test::with_dtype<Ts...>(
          c.dtype, [&](auto zero) { compare(c, fn(input_of<decltype(zero)>(c, strided), c)); });
    }
  }
}

/// cval, or ccval's (real, imaginary) pair.
nd::fill_value cval_of(const ndimage_case& c) {
  if (!c.has("ccval")) return c.real("cval", 0.0);
  const auto v = c.reals("ccval");
  return {v.at(0), v.at(1)};
}

nd::filter1d_kw kw1d(const ndimage_case& c) {
  return {.mode = c.mode(), .cval = cval_of(c), .origin = c.index("origin", 0)};
}
nd::filter_kw kw(const ndimage_case& c) { return {.mode = c.mode(), .cval = cval_of(c)}; }

/// A case's weights: real, or complex128 from cweights' pairs, on the host or (shape) the device.
std::vector<complex128> cweights(const ndimage_case& c) {
  return cupp_test::fixture_values<complex128>(c.reals("cweights"));
}
template <class V> cupp::ndarray<V> weight_array(const ndimage_case& c) {
  const auto dims = c.ints("wshape");
  auto w = cupp_test::fixture_values<V>(c.reals(c.has("cweights") ? "cweights" : "weights"));
  return cupp::asarray(w.data(), cupp::shape_t(dims.begin(), dims.end()));
}

} // namespace

TEST_CASE("ndimage correlations of complex data match SciPy", "[ndimage]") {
  const auto oned = [](bool convolve) {
    return [convolve](const auto& x, const ndimage_case& c) {
      const index_t axis = c.index("axis", -1);
      if (c.has("cweights")) {
        return convolve ? nd::convolve1d(x, cweights(c), axis, kw1d(c))
                        : nd::correlate1d(x, cweights(c), axis, kw1d(c));
      }
      using T = typename std::decay_t<decltype(x)>::value_type;
      if constexpr (cupp::is_complex_v<T>)
        return convolve ? nd::convolve1d(x, c.reals("weights"), axis, kw1d(c))
                        : nd::correlate1d(x, c.reals("weights"), axis, kw1d(c));
      else
        throw std::logic_error("real input with real weights is test_linear_filters'");
    };
  };
  check<complex128, complex64, double, float, std::int16_t>("correlate1d", oned(false));
  check<complex128, complex64>("convolve1d", oned(true));
  const auto nd_ = [](bool convolve) {
    return [convolve](const auto& x, const ndimage_case& c) {
      using T = typename std::decay_t<decltype(x)>::value_type;
      if (c.has("cweights")) {
        const auto w = weight_array<complex128>(c);
        return convolve ? nd::convolve(x, w, kw(c)) : nd::correlate(x, w, kw(c));
      }
      if constexpr (cupp::is_complex_v<T>) {
        const auto w = weight_array<double>(c);
        return convolve ? nd::convolve(x, w, kw(c)) : nd::correlate(x, w, kw(c));
      } else {
        throw std::logic_error("real input with real weights is test_linear_filters'");
        return cupp::ndarray<nd::detail::complex_out_t<T>>();
      }
    };
  };
  check<complex128, complex64, double, float, std::int16_t>("correlate", nd_(false));
  check<complex128, complex64>("convolve", nd_(true));
}

TEST_CASE("ndimage filters made of correlations take complex data as SciPy", "[ndimage]") {
  check<complex128, complex64>("gaussian_filter1d", [](const auto& x, const ndimage_case& c) {
    return nd::gaussian_filter1d(x, c.real("sigma", 1.0), -1,
                                 static_cast<int>(c.index("order", 0)));
  });
  check<complex128, complex64>("gaussian_filter", [](const auto& x, const ndimage_case& c) {
    return nd::gaussian_filter(x, c.per_axis<double>("sigma", 1.0),
                               {.mode = c.mode(), .cval = cval_of(c)});
  });
  check<complex128, complex64>("uniform_filter1d", [](const auto& x, const ndimage_case& c) {
    return nd::uniform_filter1d(x, c.index("size", 3), -1, kw1d(c));
  });
  check<complex128, complex64>("uniform_filter", [](const auto& x, const ndimage_case& c) {
    return nd::uniform_filter(x, c.per_axis<index_t>("size", 3), kw(c));
  });
  check<complex128, complex64>("sobel", [](const auto& x, const ndimage_case& c) {
    return nd::sobel(x, c.index("axis", -1), c.mode(), cval_of(c));
  });
  check<complex128, complex64>("prewitt", [](const auto& x, const ndimage_case& c) {
    return nd::prewitt(x, c.index("axis", -1), c.mode(), cval_of(c));
  });
  check<complex128, complex64>("laplace", [](const auto& x, const ndimage_case& c) {
    return nd::laplace(x, c.mode(), cval_of(c));
  });
  check<complex128, complex64>("gaussian_laplace", [](const auto& x, const ndimage_case& c) {
    return nd::gaussian_laplace(x, c.per_axis<double>("sigma", 1.0));
  });
  check<complex128, complex64>(
      "gaussian_gradient_magnitude", [](const auto& x, const ndimage_case& c) {
        return nd::gaussian_gradient_magnitude(x, c.per_axis<double>("sigma", 1.0));
      });
}

TEST_CASE("ndimage interpolation of complex data matches SciPy", "[ndimage]") {
  const auto ikw = [](const ndimage_case& c) {
    return nd::interp_kw{.order = static_cast<int>(c.index("order", 3)),
                         .mode = c.has("mode") ? c.mode() : nd::constant,
                         .cval = cval_of(c)};
  };
  check<complex128, complex64>("shift", [&](const auto& x, const ndimage_case& c) {
    return nd::shift(x, c.per_axis<double>("shift", 0.0), ikw(c));
  });
  check<complex128, complex64>("zoom", [&](const auto& x, const ndimage_case& c) {
    const auto k = ikw(c);
    return nd::zoom(x, c.per_axis<double>("zoom", 1.0),
                    {.order = k.order, .mode = k.mode, .cval = k.cval});
  });
  check<complex128, complex64>("map_coordinates", [&](const auto& x, const ndimage_case& c) {
    const auto dims = c.ints("cshape");
    const auto v = c.reals("coords");
    const cupp::ndarray<double> coords =
        cupp::asarray(v.data(), cupp::shape_t(dims.begin(), dims.end()));
    return nd::map_coordinates(x, coords, ikw(c));
  });
  check<complex128, complex64>("rotate", [&](const auto& x, const ndimage_case& c) {
    const auto k = ikw(c);
    return nd::rotate(x, c.real("angle", 0.0), {.order = k.order, .mode = k.mode, .cval = k.cval});
  });
  check<complex128, complex64>("affine_transform", [&](const auto& x, const ndimage_case& c) {
    const auto k = ikw(c);
    return nd::affine_transform(x, c.reals("matrix"),
                                {.offset = c.per_axis<double>("offset", 0.0),
                                 .order = k.order,
                                 .mode = k.mode,
                                 .cval = k.cval});
  });
  check<complex128, complex64>("spline_filter1d", [](const auto& x, const ndimage_case& c) {
    return nd::spline_filter1d(x, static_cast<int>(c.index("order", 3)), -1, c.mode());
  });
  check<complex128, complex64>("spline_filter", [](const auto& x, const ndimage_case& c) {
    return nd::spline_filter(x, static_cast<int>(c.index("order", 3)), c.mode());
  });
}

TEST_CASE("ndimage: a complex cval needs complex input, as SciPy", "[ndimage]") {
  const auto x = cupp::arange<double>(12).reshape({3, 4});
  const nd::fill_value c{1.0, 2.0};
  CHECK_THROWS_WITH_WORDS(nd::correlate1d(x, {1.0, 2.0}, -1, {.mode = nd::constant, .cval = c}),
                          cupp::type_error, "must be real number, not complex");
  CHECK_THROWS_WITH_WORDS(nd::gaussian_filter(x, 1.0, {.mode = nd::constant, .cval = c}),
                          cupp::type_error, "must be real number, not complex");
  CHECK_THROWS_WITH_WORDS(nd::median_filter(x, 3, {.mode = nd::constant, .cval = c}),
                          cupp::type_error, "must be real number, not complex");
  CHECK_THROWS_WITH_WORDS(nd::sobel(x, 0, nd::constant, c), cupp::type_error,
                          "must be real number, not complex");
  CHECK_THROWS_WITH_WORDS(nd::shift(x, 0.5, {.mode = nd::constant, .cval = c}), cupp::type_error,
                          "must be real number, not complex");
  const std::vector<complex128> w{{1.0, 0.0}, {0.0, 2.0}};
  CHECK_THROWS_WITH_WORDS(nd::correlate1d(x, w, -1, {.mode = nd::constant, .cval = c}),
                          cupp::value_error,
                          "Cannot provide a complex-valued cval when the input is real.");
  // a real cval given as a complex number with no imaginary part is a real cval
  const auto same = nd::gaussian_filter(x, 1.0, {.mode = nd::constant, .cval = {2.0, 0.0}});
  CHECK(cupp::array_equal(same, nd::gaussian_filter(x, 1.0, {.mode = nd::constant, .cval = 2.0})));
}
