// cupx::signal's smoothing filters (savgol_filter, medfilt, medfilt2d, wiener) against SciPy's
// results (test/fixtures/signal_conv.txt, written by scripts/gen_signal_conv_fixtures.py), and
// SciPy's errors.
#include "conv_testing.hpp"

#include <cupx/signal/smoothing.hpp>

#include <cupp/creation.hpp>

namespace sig = cupx::signal;
using cupp::index_t;
using cupp_test::signal_case;

namespace {
sig::savgol_mode savgol_mode_of(const std::string& m) {
  if (m == "mirror") return sig::savgol_mode::mirror;
  if (m == "constant") return sig::savgol_mode::constant;
  if (m == "nearest") return sig::savgol_mode::nearest;
  if (m == "wrap") return sig::savgol_mode::wrap;
  return sig::savgol_mode::interp;
}
std::vector<index_t> ints(const signal_case& c, const std::string& key) {
  std::vector<index_t> v;
  for (const double d : c.reals(key))
    v.push_back(static_cast<index_t>(d));
  return v;
}
} // namespace

TEST_CASE("signal savgol_filter matches SciPy", "[signal][smoothing]") {
  std::size_t cases = 0;
  for (const signal_case& c : cupp_test::signal_cases("savgol_filter", cupp_test::conv_file)) {
    CAPTURE(c.text.substr(0, 200));
    cupp_test::with_conv_dtype(c, [&](auto t) {
      using T = decltype(t);
      if constexpr (!cupp::is_complex_v<T>) {
        const auto x = cupp_test::conv_view(c, cupp_test::conv_input<T>(c, "x1"));
        const auto y = sig::savgol_filter(x, c.integer("window_length"), c.integer("polyorder"),
                                          {.deriv = c.integer("deriv"),
                                           .delta = c.real("delta"),
                                           .axis = c.integer("axis"),
                                           .mode = savgol_mode_of(c.str("mode")),
                                           .cval = c.real("cval")});
        using R = typename decltype(y)::value_type;
        static_assert(
            std::is_same_v<R, std::conditional_t<std::is_same_v<T, float>, float, double>>);
        // SciPy fits the float32 edges in float32; the body sums in float32 here
        cupp_test::check_conv(c, y, std::is_same_v<R, float> ? 1e-4 : 1e-10);
      }
    });
    ++cases;
  }
  CHECK(cases > 100);
}

TEST_CASE("signal medfilt and medfilt2d match SciPy", "[signal][smoothing]") {
  for (const std::string func : {"medfilt", "medfilt2d"}) {
    for (const signal_case& c : cupp_test::signal_cases(func, cupp_test::conv_file)) {
      CAPTURE(c.text.substr(0, 200));
      cupp_test::with_conv_dtype(c, [&](auto t) {
        using T = decltype(t);
        if constexpr (!cupp::is_complex_v<T>) {
          const auto x = cupp_test::conv_input<T>(c, "x1");
          const cupx::ndimage::per_axis<index_t> k(ints(c, "kernel_size"));
          const auto y = func == "medfilt" ? sig::medfilt(x, k) : sig::medfilt2d(x, k);
          static_assert(std::is_same_v<typename decltype(y)::value_type, T>);
          cupp_test::check_conv(c, y, 0.0);
        }
      });
    }
  }
}

TEST_CASE("signal wiener matches SciPy", "[signal][smoothing]") {
  for (const signal_case& c : cupp_test::signal_cases("wiener", cupp_test::conv_file)) {
    CAPTURE(c.text.substr(0, 200));
    cupp_test::with_conv_dtype(c, [&](auto t) {
      using T = decltype(t);
      if constexpr (!cupp::is_complex_v<T>) {
        const auto x = cupp_test::conv_input<T>(c, "x1");
        std::optional<cupx::ndimage::per_axis<index_t>> size;
        if (c.has("mysize")) size = cupx::ndimage::per_axis<index_t>(ints(c, "mysize"));
        const auto y = sig::wiener(x, size, c.opt("noise"));
        // float32 input: SciPy squares in float32, cupx in float64
        cupp_test::check_conv(c, y, std::is_same_v<T, float> ? 1e-5 : 1e-10);
      }
    });
  }
}

TEST_CASE("signal smoothing filters raise SciPy's errors", "[signal][smoothing]") {
  const auto x = cupp::ones<double>({10});
  CHECK_THROWS_WITH_WORDS(sig::savgol_filter(x, 11, 2), cupp::value_error,
                          "If mode is 'interp', window_length must be less than or equal to "
                          "the size of x.");
  CHECK_THROWS_WITH_WORDS(sig::savgol_filter(x, 5, 5, {.mode = sig::savgol_mode::mirror}),
                          cupp::value_error, "polyorder must be less than window_length.");
  CHECK_THROWS_AS(sig::savgol_filter(x, 5, 2, {.axis = 1}), cupp::axis_error);
  CHECK_THROWS_WITH_WORDS(sig::medfilt(x, 4), cupp::value_error,
                          "Each element of kernel_size should be odd.");
  CHECK_THROWS_WITH_WORDS(sig::medfilt2d(cupp::ones<double>({3, 3}), {3, 4}), cupp::value_error,
                          "Each element of kernel_size should be odd.");
  CHECK_THROWS_WITH_WORDS(sig::medfilt2d(x), cupp::value_error, "object too deep");
  // a window longer than x in the other modes, as SciPy's
  const auto y = sig::savgol_filter(x, 11, 2, {.mode = sig::savgol_mode::nearest});
  CHECK(y.shape() == x.shape());
}
