// cupx::signal's waveforms (sawtooth, square, chirp, gausspulse, unit_impulse) against SciPy's
// results in test/fixtures/signal_peaks.txt (scripts/gen_signal_peaks_fixtures.py), and SciPy's
// errors.
#include "signal_testing.hpp"

#include <cupx/signal/waveforms.hpp>

#include <cupp/creation.hpp>
#include <cupp/expr/astype.hpp>

#include <cmath>
#include <map>
#include <string>
#include <vector>

namespace {

namespace sig = cupx::signal;
using cupp::index_t;
using cupp_test::check_close;
using cupp_test::signal_case;

const char* const waveforms_file = "signal_peaks.txt";

/// Calls f with t in the case's dtype.
template <class F> void with_t(const signal_case& c, F f) {
  const auto t = cupp::asarray(cupp_test::peaks_data().at(c.str("t")));
  const std::string dt = c.str("dtype");
  if (dt == "float32") {
    f(cupp::ndarray<float>(t.astype<float>()));
  } else if (dt == "int64") {
    f(cupp::ndarray<std::int64_t>(t.astype<std::int64_t>()));
  } else {
    f(t);
  }
}

} // namespace

TEST_CASE("signal sawtooth and square match SciPy", "[signal][waveforms]") {
  for (const char* func : {"sawtooth", "square"})
    for (const auto& c : cupp_test::signal_cases(func, waveforms_file)) {
      INFO(c.text);
      REQUIRE(c.str("ydtype") == "float64");
      const std::string key = std::string(func) == "sawtooth" ? "width" : "duty";
      with_t(c, [&](const auto& t) {
        const double rtol =
            std::is_same_v<typename std::decay_t<decltype(t)>::value_type, float> ? 1e-6 : 1e-13;
        cupp::ndarray<double> y;
        if (!c.args.count(key)) {
          y = std::string(func) == "sawtooth" ? cupp::ndarray<double>(sig::sawtooth(t))
                                              : cupp::ndarray<double>(sig::square(t));
        } else if (c.str(key).rfind("a:", 0) == 0) {
          std::vector<double> wv;
          const std::string s = c.str(key).substr(2);
          for (std::size_t at = 0; at < s.size();) {
            const auto comma = s.find(',', at);
            wv.push_back(std::strtod(s.substr(at, comma - at).c_str(), nullptr));
            if (comma == std::string::npos) break;
            at = comma + 1;
          }
          const auto wa = cupp::asarray(wv);
          if (std::string(c.str("dtype")) == "float32") {
            const cupp::ndarray<float> w32 = wa.astype<float>();
            y = std::string(func) == "sawtooth" ? cupp::ndarray<double>(sig::sawtooth(t, w32))
                                                : cupp::ndarray<double>(sig::square(t, w32));
          } else {
            y = std::string(func) == "sawtooth" ? cupp::ndarray<double>(sig::sawtooth(t, wa))
                                                : cupp::ndarray<double>(sig::square(t, wa));
          }
        } else {
          const double w = c.real(key);
          y = std::string(func) == "sawtooth" ? cupp::ndarray<double>(sig::sawtooth(t, w))
                                              : cupp::ndarray<double>(sig::square(t, w));
        }
        check_close(c.text, y, c.out("y"), rtol);
      });
    }
}

TEST_CASE("signal chirp matches SciPy", "[signal][waveforms]") {
  int n = 0;
  for (const auto& c : cupp_test::signal_cases("chirp", waveforms_file)) {
    INFO(c.text);
    REQUIRE(c.str("ydtype") == "float64");
    with_t(c, [&](const auto& t) {
      const bool f32 = std::is_same_v<typename std::decay_t<decltype(t)>::value_type, float>;
      const std::string method = c.str("method");
      const cupp::ndarray<double> y = sig::chirp(
          t, c.real("f0"), c.real("t1"), c.real("f1"),
          {.method = method.c_str(), .phi = c.real("phi"), .vertex_zero = c.flag("vertex_zero")});
      // float32 phases of up to ~400 radians: a few ulps of float32 there
      check_close(c.text, y, c.out("y"), f32 ? 2e-4 : 1e-11);
    });
    ++n;
  }
  CHECK(n > 100);
  const auto t = cupp::linspace(0.0, 1.0, 11);
  const cupp::ndarray<double> a =
      sig::chirp(t, 1.0, 1.0, 2.0, {.method = sig::chirp_method::quadratic});
  const cupp::ndarray<double> b = sig::chirp(t, 1.0, 1.0, 2.0, {.method = "q"});
  CHECK(a.get() == b.get());
  // lazy: fuses with other operations
  const cupp::ndarray<double> twice = sig::chirp(t, 1.0, 1.0, 2.0) * 2.0;
  CHECK(twice.get()[0] == 2.0);
}

TEST_CASE("signal gausspulse matches SciPy", "[signal][waveforms]") {
  for (const auto& c : cupp_test::signal_cases("gausspulse", waveforms_file)) {
    INFO(c.text);
    REQUIRE(c.str("ydtype") == "float64");
    const sig::gausspulse_kw kw{
        .fc = c.real("fc"), .bw = c.real("bw"), .bwr = c.real("bwr"), .tpr = c.real("tpr")};
    with_t(c, [&](const auto& t) {
      // float32 t: the carrier's cos and sin in float32 (as NumPy's), a few ulps apart
      const double rtol =
          std::is_same_v<typename std::decay_t<decltype(t)>::value_type, float> ? 1e-6 : 1e-12;
      const cupp::ndarray<double> yi = sig::gausspulse(t, kw);
      check_close(c.text + " yI", yi, c.out("yI"), rtol);
      if (c.outputs.count("yQ")) {
        const auto [i2, q, env] = sig::gausspulse_all(t, kw);
        check_close(c.text + " yI", i2, c.out("yI"), rtol);
        check_close(c.text + " yQ", q, c.out("yQ"), rtol);
        check_close(c.text + " yenv", env, c.out("yenv"), 1e-12);
      }
    });
  }
  for (const auto& c : cupp_test::signal_cases("gausspulse_cutoff", waveforms_file)) {
    const double tc = sig::gausspulse(
        "cutoff",
        {.fc = c.real("fc"), .bw = c.real("bw"), .bwr = c.real("bwr"), .tpr = c.real("tpr")});
    const double want = c.out("tc").at(0);
    if (std::isinf(want)) {
      CHECK(tc == want); // fc = 0: a = 0
    } else {
      cupp_test::check_scalar(c.text, tc, want, 1e-14);
    }
  }
}

TEST_CASE("signal unit_impulse matches SciPy", "[signal][waveforms]") {
  for (const auto& c : cupp_test::signal_cases("unit_impulse", waveforms_file)) {
    INFO(c.text);
    cupp::shape_t shape;
    for (const double e : c.reals("shape"))
      shape.push_back(static_cast<index_t>(e));
    cupp::ndarray<double> y;
    const std::string idx = c.str("idx");
    if (idx == "none") {
      y = sig::unit_impulse(shape);
    } else if (idx == "mid") {
      y = sig::unit_impulse(shape, "mid");
    } else if (c.flag("scalar")) {
      y = sig::unit_impulse(shape, c.integer("idx"));
    } else {
      std::vector<index_t> v;
      for (const double e : c.reals("idx"))
        v.push_back(static_cast<index_t>(e));
      y = sig::unit_impulse(shape, v);
    }
    CHECK(y.shape() == shape);
    CHECK(y.get() == c.out("y"));
  }
  const auto f = sig::unit_impulse<float>({5}, 2);
  CHECK(f.get() == std::vector<float>{0, 0, 1, 0, 0});
  CHECK(sig::unit_impulse<std::int32_t>({2, 2}, "mid").get() ==
        std::vector<std::int32_t>{0, 0, 0, 1});
}

TEST_CASE("signal waveform errors", "[signal][waveforms]") {
  using cupp::value_error;
  const auto t = cupp::linspace(0.0, 1.0, 5);
  CHECK_THROWS_WITH_WORDS(sig::chirp(t, 1.0, 1.0, 2.0, {.method = "cubic"}), value_error,
                          "method must be 'linear', 'quadratic', 'logarithmic', or "
                          "'hyperbolic', but a value of 'cubic' was given.");
  CHECK_THROWS_WITH_WORDS(sig::chirp(t, -1.0, 1.0, 2.0, {.method = "log"}), value_error,
                          "For a logarithmic chirp, f0 and f1 must be nonzero and have the same "
                          "sign.");
  CHECK_THROWS_WITH_WORDS(sig::chirp(t, 0.0, 1.0, 2.0, {.method = "hyperbolic"}), value_error,
                          "For a hyperbolic chirp, f0 and f1 must be nonzero.");
  CHECK_THROWS_WITH_WORDS(sig::gausspulse(t, {.fc = -1}), value_error,
                          "Center frequency (fc=-1.00) must be >=0.");
  CHECK_THROWS_WITH_WORDS(sig::gausspulse(t, {.bw = 0}), value_error,
                          "Fractional bandwidth (bw=0.00) must be > 0.");
  CHECK_THROWS_WITH_WORDS(sig::gausspulse(t, {.bwr = 1}), value_error,
                          "Reference level for bandwidth (bwr=1.00) must be < 0 dB");
  CHECK_THROWS_WITH_WORDS(sig::gausspulse("cutoff", {.tpr = 0}), value_error,
                          "Reference level for time cutoff must be < 0 dB");
  CHECK_THROWS_WITH_WORDS(sig::gausspulse("other"), value_error,
                          "If `t` is a string, it must be 'cutoff'");
  CHECK_THROWS_WITH_WORDS(sig::unit_impulse({5}, 5), cupp::index_error,
                          "index 5 is out of bounds for axis 0 with size 5");
  CHECK_THROWS_WITH_WORDS(sig::unit_impulse({5}, std::vector<index_t>{1, 2}), cupp::index_error,
                          "too many indices for array");
  CHECK_THROWS_WITH_WORDS(sig::sawtooth(t, cupp::asarray(std::vector<double>{0.5, 0.5})),
                          value_error, "could not be broadcast");
}
