// cupx::signal's resampling (upfirdn, resample_poly, decimate, resample) against SciPy's results
// (test/fixtures/signal_resample.txt, written by scripts/gen_signal_resample_fixtures.py), and
// SciPy's errors. Tolerances, relative to the largest value: float64 1e-10 (sums of a few
// hundred taps, transforms), float32 1e-5 (float32 taps and sums; SciPy rounds the filter to
// float32 after scaling by up, cupx before).
#include "conv_testing.hpp"

#include <cupx/signal/resampling.hpp>

#include <cupp/creation.hpp>

namespace sig = cupx::signal;
using cupp::index_t;
using cupp_test::signal_case;

namespace {
const char* const file = "signal_resample.txt";

template <class T> double tol() {
  if constexpr (std::is_same_v<T, float>) {
    return 1e-5;
  } else {
    return 1e-10;
  }
}
} // namespace

TEST_CASE("signal upfirdn matches SciPy", "[signal][resampling]") {
  std::size_t n = 0;
  for (const signal_case& c : cupp_test::signal_cases("upfirdn", file)) {
    CAPTURE(c.text.substr(0, 160));
    cupp_test::with_conv_dtype(c, [&](auto t) {
      using T = decltype(t);
      const auto x = cupp_test::conv_input<T>(c, "x1");
      const auto y = sig::upfirdn(c.array("h"), x,
                                  {.up = c.integer("up"),
                                   .down = c.integer("down"),
                                   .axis = c.integer("axis"),
                                   .mode = c.has("mode") ? c.str("mode") : "constant",
                                   .cval = c.real("cval")});
      cupp_test::check_conv(c, y, tol<T>());
      ++n;
    });
  }
  CHECK(n > 100);
  // float32 filter and input stay float32
  const auto y = sig::upfirdn(cupp::asarray(std::vector<float>{1, 2}),
                              cupp::asarray(std::vector<float>{1, 1, 1}), {.up = 2});
  static_assert(std::is_same_v<decltype(y), const cupp::ndarray<float>>);
  CHECK(y.get() == std::vector<float>{1, 2, 1, 2, 1, 2});
}

TEST_CASE("signal resample_poly matches SciPy", "[signal][resampling]") {
  std::size_t n = 0;
  for (const signal_case& c : cupp_test::signal_cases("resample_poly", file)) {
    CAPTURE(c.text.substr(0, 160));
    cupp_test::with_conv_dtype(c, [&](auto t) {
      using T = decltype(t);
      const auto x = cupp_test::conv_input<T>(c, "x1");
      sig::resample_poly_kw kw{
          .axis = c.integer("axis"), .padtype = c.str("padtype"), .cval = c.opt("cval")};
      if (c.has("window"))
        kw.window = c.has("wparam") ? sig::window_spec(c.str("window"), c.real("wparam"))
                                    : sig::window_spec(c.str("window"));
      if (c.has("warray")) kw.window_array = c.array("warray");
      const auto y = sig::resample_poly(x, c.integer("up"), c.integer("down"), kw);
      cupp_test::check_conv(c, y, tol<T>());
      ++n;
    });
  }
  CHECK(n > 40);
}

TEST_CASE("signal decimate matches SciPy", "[signal][resampling]") {
  std::size_t n = 0;
  for (const signal_case& c : cupp_test::signal_cases("decimate", file)) {
    CAPTURE(c.text.substr(0, 160));
    cupp_test::with_conv_dtype(c, [&](auto t) {
      using T = decltype(t);
      const auto x = cupp_test::conv_input<T>(c, "x1");
      sig::decimate_kw kw{.ftype = c.str("ftype") == "fir" ? sig::decimate_ftype::fir
                                                           : sig::decimate_ftype::iir,
                          .axis = c.integer("axis"),
                          .zero_phase = c.flag("zero_phase")};
      if (c.has("n")) kw.n = c.integer("n");
      const auto y = sig::decimate(x, c.integer("q"), kw);
      // float32 IIR: the recursion's rounding over ~100 samples
      cupp_test::check_conv(c, y, std::is_same_v<T, float> ? 1e-4 : 1e-9);
      ++n;
    });
  }
  CHECK(n > 40);
}

TEST_CASE("signal resample matches SciPy", "[signal][resampling]") {
  std::size_t n = 0;
  for (const signal_case& c : cupp_test::signal_cases("resample", file)) {
    CAPTURE(c.text.substr(0, 160));
    cupp_test::with_conv_dtype(c, [&](auto t) {
      using T = decltype(t);
      const auto x = cupp_test::conv_input<T>(c, "x1");
      sig::resample_kw kw{.axis = c.integer("axis")};
      if (c.has("window")) kw.window = sig::window_spec(c.str("window"));
      if (c.has("warray")) kw.window_array = c.array("warray");
      if (c.has("t")) {
        const auto [y, tn] = sig::resample(x, c.integer("num"), c.array("t"), kw);
        cupp_test::check_conv(c, y, tol<T>());
        cupp_test::check_close("t", tn.get(), c.out("tn"), 1e-14);
      } else {
        cupp_test::check_conv(c, sig::resample(x, c.integer("num"), kw), tol<T>());
      }
      ++n;
    });
  }
  CHECK(n > 40);
}

TEST_CASE("signal resampling raises SciPy's errors", "[signal][resampling]") {
  const auto x = cupp::asarray(std::vector<double>{1, 2, 3, 4});
  const auto h = cupp::asarray(std::vector<double>{1, 1});
  REQUIRE_THROWS_MATCHES(sig::upfirdn(h, x, {.up = 0}), cupp::value_error,
                         Catch::Matchers::Message("Both up and down must be >= 1"));
  REQUIRE_THROWS_MATCHES(sig::upfirdn(cupp::zeros<double>(cupp::shape_t{0}), x), cupp::value_error,
                         Catch::Matchers::Message("h must be 1-D with non-zero length"));
  REQUIRE_THROWS_MATCHES(sig::upfirdn(h, x, {.mode = "bogus"}), cupp::value_error,
                         Catch::Matchers::Message("Unknown mode: bogus"));
  REQUIRE_THROWS_AS(sig::resample_poly(x, 3, 2, {.padtype = "median"}), cupp::value_error);
  REQUIRE_THROWS_MATCHES(sig::resample_poly(x, 0, 2), cupp::value_error,
                         Catch::Matchers::Message("up and down must be >= 1"));
  REQUIRE_THROWS_AS(sig::resample_poly(x, 3, 2, {.padtype = "mean", .cval = 1.0}),
                    cupp::value_error);
  REQUIRE_THROWS_AS(sig::resample_poly(x, 3, 2, {.padtype = "bogus"}), cupp::value_error);
  REQUIRE_THROWS_AS(sig::resample_poly(x, 3, 2, {.axis = 1}), cupp::axis_error);
  REQUIRE_THROWS_AS(sig::decimate(x, 0), cupp::value_error);
  REQUIRE_THROWS_AS(sig::decimate(cupp::zeros<cupp::complex128>(cupp::shape_t{8}), 2),
                    cupp::value_error);
  REQUIRE_THROWS_MATCHES(
      sig::resample(x, 3, {.domain = "space"}), cupp::value_error,
      Catch::Matchers::Message("Parameter domain='space' not in ('time', 'freq')!"));
  REQUIRE_THROWS_AS(sig::resample(x, 3, {.window_array = h}), cupp::value_error);
  // up == down: a copy
  const auto y = sig::resample_poly(x, 2, 2);
  CHECK(y.get() == x.get());
  CHECK(y.data() != x.data());
}
