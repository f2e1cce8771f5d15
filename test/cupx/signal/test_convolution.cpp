// cupx::signal's convolutions (convolve, correlate, fftconvolve, oaconvolve, choose_conv_method,
// convolve2d, correlate2d) against SciPy's results (test/fixtures/signal_conv.txt, written by
// scripts/gen_signal_conv_fixtures.py), and SciPy's errors.
#include "conv_testing.hpp"

#include <cupx/signal/convolution.hpp>

#include <cupp/creation.hpp>
#include <cupp/random/generator.hpp>

namespace sig = cupx::signal;
using cupp::index_t;
using cupp_test::signal_case;

namespace {
sig::conv_mode mode_of(const signal_case& c) {
  const std::string m = c.str("mode");
  return m == "same"    ? sig::conv_mode::same
         : m == "valid" ? sig::conv_mode::valid
                        : sig::conv_mode::full;
}
sig::conv_method method_of(const signal_case& c) {
  const std::string m = c.has("method") ? c.str("method") : "auto";
  return m == "direct" ? sig::conv_method::direct
         : m == "fft"  ? sig::conv_method::fft
                       : sig::conv_method::automatic;
}
sig::conv_boundary conv_boundary_of(const signal_case& c) {
  const std::string b = c.str("boundary");
  return b == "wrap"   ? sig::conv_boundary::wrap
         : b == "symm" ? sig::conv_boundary::symm
                       : sig::conv_boundary::fill;
}
/// float64: rounding of sums (direct) or of transforms (fft); float32: single precision sums and
/// transforms of a few hundred terms.
template <class T> double rtol_of() {
  if constexpr (std::is_same_v<T, float>) {
    return 2e-5;
  } else {
    return 1e-11;
  }
}
cupp::axes axes_of(const signal_case& c) {
  if (!c.has("axes")) return cupp::all_axes;
  std::vector<index_t> v;
  for (const double a : c.reals("axes"))
    v.push_back(static_cast<index_t>(a));
  return cupp::axes(v);
}
} // namespace

TEST_CASE("signal convolve and correlate match SciPy", "[signal][convolution]") {
  for (const std::string func : {"convolve", "correlate"}) {
    std::size_t cases = 0;
    for (const signal_case& c : cupp_test::signal_cases(func, cupp_test::conv_file)) {
      CAPTURE(c.text.substr(0, 160));
      cupp_test::with_conv_dtype(c, [&](auto t) {
        using T = decltype(t);
        const auto x1 = cupp_test::conv_view(c, cupp_test::conv_input<T>(c, "x1"));
        const auto x2 = cupp_test::conv_input<T>(c, "x2");
        const auto y = func == "convolve" ? sig::convolve(x1, x2, mode_of(c), method_of(c))
                                          : sig::correlate(x1, x2, mode_of(c), method_of(c));
        static_assert(std::is_same_v<typename decltype(y)::value_type, T>);
        cupp_test::check_conv(c, y, rtol_of<T>());
      });
      ++cases;
    }
    CHECK(cases > 100);
  }
}

TEST_CASE("signal fftconvolve and oaconvolve match SciPy", "[signal][convolution]") {
  for (const std::string func : {"fftconvolve", "oaconvolve"}) {
    for (const signal_case& c : cupp_test::signal_cases(func, cupp_test::conv_file)) {
      CAPTURE(c.text.substr(0, 160));
      cupp_test::with_conv_dtype(c, [&](auto t) {
        using T = decltype(t);
        const auto x1 = cupp_test::conv_view(c, cupp_test::conv_input<T>(c, "x1"));
        const auto x2 = cupp_test::conv_input<T>(c, "x2");
        const auto y = func == "fftconvolve" ? sig::fftconvolve(x1, x2, mode_of(c), axes_of(c))
                                             : sig::oaconvolve(x1, x2, mode_of(c), axes_of(c));
        using R = typename decltype(y)::value_type;
        static_assert(std::is_same_v<R, std::conditional_t<std::is_integral_v<T>, double, T>>);
        cupp_test::check_conv(c, y, rtol_of<R>());
      });
    }
  }
}

TEST_CASE("signal choose_conv_method matches SciPy", "[signal][convolution]") {
  for (const signal_case& c : cupp_test::signal_cases("choose_conv_method", cupp_test::conv_file)) {
    CAPTURE(c.text);
    const auto a = cupp::zeros<double>(cupp_test::shape_of(c.reals("s1")));
    const auto b = cupp::zeros<double>(cupp_test::shape_of(c.reals("s2")));
    CHECK((sig::choose_conv_method(a, b, mode_of(c)) == sig::conv_method::fft) ==
          (c.out("fft").at(0) != 0.0));
  }
  CHECK(sig::choose_conv_method(cupp::zeros<int>({100000}), cupp::zeros<int>({1000})) ==
        sig::conv_method::direct);
}

TEST_CASE("signal convolve2d and correlate2d match SciPy", "[signal][convolution]") {
  for (const std::string func : {"convolve2d", "correlate2d"}) {
    for (const signal_case& c : cupp_test::signal_cases(func, cupp_test::conv_file)) {
      CAPTURE(c.text.substr(0, 160));
      cupp_test::with_conv_dtype(c, [&](auto t) {
        using T = decltype(t);
        const auto x1 = cupp_test::conv_input<T>(c, "x1");
        const auto x2 = cupp_test::conv_input<T>(c, "x2");
        const double fill = c.real("fillvalue");
        const auto y = func == "convolve2d"
                           ? sig::convolve2d(x1, x2, mode_of(c), conv_boundary_of(c), fill)
                           : sig::correlate2d(x1, x2, mode_of(c), conv_boundary_of(c), fill);
        cupp_test::check_conv(c, y, rtol_of<T>());
      });
    }
  }
}

TEST_CASE("signal convolutions of large inputs agree across methods", "[signal][convolution]") {
  auto rng = cupp::random::default_rng(3);
  const cupp::ndarray<double> x = rng.random<double>({20000});
  const cupp::ndarray<double> h = rng.random<double>({1025});
  const auto direct = sig::convolve(x, h, sig::conv_mode::same, sig::conv_method::direct);
  const auto fft = sig::fftconvolve(x, h, sig::conv_mode::same);
  const auto oa = sig::oaconvolve(x, h, sig::conv_mode::same);
  const auto d = direct.get();
  cupp_test::check_close("fftconvolve", cupp::ndarray<double>(fft), d, 1e-12);
  cupp_test::check_close("oaconvolve", cupp::ndarray<double>(oa), d, 1e-12);
}

TEST_CASE("signal convolutions raise SciPy's errors", "[signal][convolution]") {
  const auto a = cupp::ones<double>({4, 5});
  const auto b = cupp::ones<double>({5, 4});
  const auto v = cupp::ones<double>({5});
  CHECK_THROWS_WITH_WORDS(sig::convolve(a, b, sig::conv_mode::valid), cupp::value_error,
                          "For 'valid' mode, one must be at least as large as the other");
  CHECK_THROWS_WITH_WORDS(sig::fftconvolve(a, b, sig::conv_mode::valid), cupp::value_error,
                          "in every dimension");
  CHECK_THROWS_WITH_WORDS(sig::correlate(a, v), cupp::value_error,
                          "in1 and in2 should have the same dimensionality");
  CHECK_THROWS_WITH_WORDS(sig::oaconvolve(a, v), cupp::value_error, "same dimensionality");
  CHECK_THROWS_WITH_WORDS(sig::fftconvolve(a, b, sig::conv_mode::full, 0), cupp::value_error,
                          "incompatible shapes for in1 and in2: (4, 5) and (5, 4)");
  CHECK_THROWS_WITH_WORDS(sig::fftconvolve(a, b, sig::conv_mode::full, 2), cupp::value_error,
                          "axes exceeds dimensionality");
  CHECK_THROWS_WITH_WORDS(sig::fftconvolve(a, b, sig::conv_mode::full, cupp::axes(0, 0)),
                          cupp::value_error, "all axes must be unique");
  CHECK_THROWS_WITH_WORDS(sig::convolve2d(v, v), cupp::value_error,
                          "convolve2d inputs must both be 2-D arrays");
  CHECK_THROWS_WITH_WORDS(sig::correlate2d(a, v), cupp::value_error,
                          "correlate2d inputs must both be 2-D arrays");
  // empty inputs give an empty 1-D result, 0-d inputs their product (SciPy's)
  CHECK(sig::convolve(cupp::zeros<double>({0}), v).shape() == cupp::shape_t{0});
  const auto s = sig::convolve(cupp::full<double>(cupp::shape_t{}, 2.0),
                               cupp::full<double>(cupp::shape_t{}, 3.0));
  CHECK(s.ndim() == 0);
  CHECK(s.item() == 6.0);
}
