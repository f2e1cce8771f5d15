// cupx::signal's FIR design and Savitzky-Golay coefficients against SciPy's
// (test/fixtures/signal_design.txt), and their errors.
#include "signal_testing.hpp"

#include <cupx/signal/fir_design.hpp>
#include <cupx/signal/savgol.hpp>

namespace sig = cupx::signal;
using cupp_test::check_close;
using cupp_test::signal_case;
using cupp_test::signal_cases;

namespace {
// firwin and savgol_coeffs reproduce SciPy's arithmetic (savgol: a Householder QR where SciPy
// calls LAPACK's gelsd): 1e-12 of the largest tap. firwin2 sums its inverse FFT directly: 1e-12.
// remez runs its own exchange on SciPy's grid and converges to the same extremal set, then
// computes the taps as SciPy: 1e-9.
constexpr double fir_rtol = 1e-12;
constexpr double remez_rtol = 1e-9;

sig::window_spec fir_window_of(const signal_case& c) {
  const auto params = c.has("params") ? c.reals("params") : std::vector<double>{};
  if (params.empty()) return sig::window_spec(c.str("window"));
  return sig::window_spec(c.str("window"), params);
}
} // namespace

TEST_CASE("signal firwin matches SciPy", "[signal][fir]") {
  for (const signal_case& c : signal_cases("firwin")) {
    CAPTURE(c.text);
    const std::string pz = c.str("pass_zero");
    std::variant<bool, sig::band_type> pass_zero = pz == "1";
    if (pz == "lowpass") pass_zero = sig::lowpass;
    if (pz == "highpass") pass_zero = sig::highpass;
    if (pz == "bandpass") pass_zero = sig::bandpass;
    if (pz == "bandstop") pass_zero = sig::bandstop;
    const auto h = sig::firwin(c.integer("numtaps"), sig::frequencies(c.reals("cutoff")),
                               {.width = c.opt("width"),
                                .window = fir_window_of(c),
                                .pass_zero = pass_zero,
                                .scale = c.flag("scale"),
                                .fs = c.opt("fs")});
    check_close(c.text, h, c.out("h"), fir_rtol);
  }
}

TEST_CASE("signal firwin2 matches SciPy", "[signal][fir]") {
  for (const signal_case& c : signal_cases("firwin2")) {
    CAPTURE(c.text);
    std::optional<sig::window_spec> window;
    if (c.str("window") != "none") window = fir_window_of(c);
    std::optional<cupp::index_t> nfreqs;
    if (c.has("nfreqs")) nfreqs = c.integer("nfreqs");
    const auto h = sig::firwin2(c.integer("numtaps"), c.reals("freq"), c.reals("gain"),
                                {.nfreqs = nfreqs,
                                 .window = window,
                                 .antisymmetric = c.flag("antisymmetric"),
                                 .fs = c.opt("fs")});
    check_close(c.text, h, c.out("h"), fir_rtol);
  }
}

TEST_CASE("signal remez matches SciPy", "[signal][fir]") {
  for (const signal_case& c : signal_cases("remez")) {
    CAPTURE(c.text);
    const std::string t = c.str("type");
    std::optional<std::vector<double>> weight;
    if (c.has("weight")) weight = c.reals("weight");
    const auto h = sig::remez(c.integer("numtaps"), c.reals("bands"), c.reals("desired"),
                              {.weight = weight,
                               .type = t == "hilbert"          ? sig::remez_type::hilbert
                                       : t == "differentiator" ? sig::remez_type::differentiator
                                                               : sig::remez_type::bandpass,
                               .grid_density = static_cast<int>(c.integer("grid_density")),
                               .fs = c.opt("fs")});
    check_close(c.text, h, c.out("h"), remez_rtol);
  }
}

TEST_CASE("signal kaiser formulas and savgol_coeffs match SciPy", "[signal][fir]") {
  for (const signal_case& c : signal_cases("kaiser_beta"))
    cupp_test::check_scalar(c.text, sig::kaiser_beta(c.real("a")), c.out("v")[0], 1e-15);
  for (const signal_case& c : signal_cases("kaiser_atten"))
    cupp_test::check_scalar(c.text, sig::kaiser_atten(c.integer("numtaps"), c.real("width")),
                            c.out("v")[0], 1e-15);
  for (const signal_case& c : signal_cases("kaiserord")) {
    const auto [n, beta] = sig::kaiserord(c.real("ripple"), c.real("width"));
    CHECK(static_cast<double>(n) == c.out("v")[0]);
    cupp_test::check_scalar(c.text, beta, c.out("v")[1], 1e-15);
  }
  for (const signal_case& c : signal_cases("savgol_coeffs")) {
    CAPTURE(c.text);
    const auto h = sig::savgol_coeffs(
        c.integer("window_length"), c.integer("polyorder"),
        {.deriv = c.integer("deriv"),
         .delta = c.real("delta"),
         .pos = c.opt("pos"),
         .use = c.str("use") == "dot" ? sig::savgol_use::dot : sig::savgol_use::conv});
    check_close(c.text, h, c.out("c"), fir_rtol);
  }
}

TEST_CASE("signal FIR design errors", "[signal][fir]") {
  using cupp::value_error;
  CHECK_THROWS_WITH_WORDS(sig::firwin(10, 0.3, {.pass_zero = false}), value_error,
                          "A filter with an even number of coefficients must have zero response "
                          "at the Nyquist frequency.");
  CHECK_THROWS_WITH_WORDS(sig::firwin(11, 1.0), value_error,
                          "Invalid cutoff frequency: frequencies must be greater than 0 and less "
                          "than fs/2.");
  CHECK_THROWS_WITH_WORDS(sig::firwin(11, {0.4, 0.2}), value_error, "strictly increasing");
  CHECK_THROWS_WITH_WORDS(sig::firwin(11, std::vector<double>{}), value_error,
                          "At least one cutoff frequency must be given.");
  CHECK_THROWS_WITH_WORDS(sig::firwin(11, {0.2, 0.4}, {.pass_zero = sig::highpass}), value_error,
                          "cutoff must have one element if pass_zero==\"highpass\", got (2,)");
  CHECK_THROWS_WITH_WORDS(sig::firwin(11, 0.2, {.pass_zero = sig::bandstop}), value_error,
                          "cutoff must have at least two elements if pass_zero==\"bandstop\"");
  CHECK_THROWS_WITH_WORDS(sig::firwin(11, 0.2, {.window = "nope"}), value_error,
                          "Invalid window name 'nope'");
  CHECK_THROWS_WITH_WORDS(sig::firwin2(11, {0.0, 1.0}, {1.0}), value_error,
                          "freq and gain must be of same length.");
  CHECK_THROWS_WITH_WORDS(sig::firwin2(11, {0.1, 1.0}, {1.0, 0.0}), value_error,
                          "freq must start with 0 and end with fs/2.");
  CHECK_THROWS_WITH_WORDS(sig::firwin2(11, {0.0, 0.6, 0.5, 1.0}, {1.0, 1.0, 0.0, 0.0}), value_error,
                          "The values in freq must be nondecreasing.");
  CHECK_THROWS_WITH_WORDS(sig::firwin2(11, {0.0, 0.5, 0.5, 0.5, 1.0}, {1, 1, 0, 0, 0}), value_error,
                          "A value in freq must not occur more than twice.");
  CHECK_THROWS_WITH_WORDS(sig::firwin2(12, {0.0, 1.0}, {1.0, 1.0}), value_error,
                          "A Type II filter must have zero gain at the Nyquist frequency.");
  CHECK_THROWS_WITH_WORDS(sig::firwin2(11, {0.0, 1.0}, {1.0, 0.0}, {.antisymmetric = true}),
                          value_error, "A Type III filter must have zero gain");
  CHECK_THROWS_WITH_WORDS(sig::firwin2(12, {0.0, 1.0}, {1.0, 1.0}, {.antisymmetric = true}),
                          value_error, "A Type IV filter must have zero gain at zero frequency.");
  CHECK_THROWS_WITH_WORDS(sig::firwin2(11, {0.0, 1.0}, {1.0, 0.0}, {.nfreqs = 8}), value_error,
                          "ntaps must be less than nfreqs");
  CHECK_THROWS_WITH_WORDS(sig::remez(1, {0.0, 0.5}, {1.0}), value_error,
                          "The number of taps must be greater than 1.");
  CHECK_THROWS_WITH_WORDS(sig::remez(11, {0.0, 0.2, 0.3}, {1.0, 0.0}), value_error,
                          "The inputs desired and weight must have same length.");
  CHECK_THROWS_WITH_WORDS(sig::remez(11, {0.0, 0.3, 0.2, 0.5}, {1.0, 0.0}), value_error,
                          "Bands must be monotonic starting at zero.");
  CHECK_THROWS_WITH_WORDS(sig::remez(11, {0.0, 0.3, 0.4, 0.6}, {1.0, 0.0}), value_error,
                          "Band edges should be less than 1/2 the sampling frequency");
  CHECK_THROWS_WITH_WORDS(sig::kaiserord(5.0, 0.1), value_error,
                          "Requested maximum ripple attenuation 5.000000 is too small");
  CHECK_THROWS_WITH_WORDS(sig::savgol_coeffs(5, 5), value_error,
                          "polyorder must be less than window_length.");
  CHECK_THROWS_WITH_WORDS(sig::savgol_coeffs(5, 2, {.pos = 5.0}), value_error,
                          "pos must be nonnegative and less than window_length.");
}
