// cupx::signal's conversions between filter representations and its frequency responses against
// SciPy's (test/fixtures/signal_design.txt), and their errors.
#include "signal_testing.hpp"

#include <cupx/signal/filter_conversions.hpp>
#include <cupx/signal/freq_response.hpp>

namespace sig = cupx::signal;
using cupp_test::check_close;
using cupp_test::check_roots;
using cupp_test::check_sos;
using cupp_test::check_zpk;
using cupp_test::host_complex;
using cupp_test::signal_case;
using cupp_test::signal_cases;

namespace {
// zpk2sos and the closed-form conversions reproduce SciPy's arithmetic: 1e-12 of each half row's
// largest coefficient. Roots (tf2zpk, sos2zpk, tf2sos) come from cupx's Aberth-Ehrlich iteration
// where NumPy takes eigenvalues: 1e-9 of max(1, |root|) for these well-separated roots. Responses
// are evaluated by Horner's rule as SciPy's (which takes an FFT for FIR filters on its default
// grid); near the band edges of a 10th-order elliptic bandpass the denominator is small and
// rounding differences grow to 1e-11: 1e-10 of the largest.
constexpr double exact_rtol = 1e-12;
constexpr double root_rtol = 1e-9;
constexpr double response_rtol = 1e-10;

std::optional<sig::sos_pairing> pairing_of(const std::string& s) {
  if (s == "nearest") return sig::sos_pairing::nearest;
  if (s == "keep_odd") return sig::sos_pairing::keep_odd;
  if (s == "minimal") return sig::sos_pairing::minimal;
  return std::nullopt;
}
cupp::ndarray<double> sos_of(const signal_case& c) {
  return cupp::asarray(c.reals("sos")).reshape(cupp::shape_t{c.integer("rows"), 6});
}
} // namespace

TEST_CASE("signal zpk2sos matches SciPy for every pairing", "[signal][conversions]") {
  std::size_t cases = 0;
  for (const signal_case& c : signal_cases("zpk2sos")) {
    CAPTURE(c.text);
    const auto s =
        sig::zpk2sos(c.carray("z"), c.carray("p"), c.real("k"),
                     {.pairing = pairing_of(c.str("pairing")), .analog = c.flag("analog")});
    check_sos(c, s, exact_rtol);
    ++cases;
  }
  CHECK(cases >= 20);
}

TEST_CASE("signal zpk2tf tf2zpk tf2sos sos2tf sos2zpk normalize match SciPy",
          "[signal][conversions]") {
  for (const signal_case& c : signal_cases("zpk2tf")) {
    const auto [b, a] = sig::zpk2tf(c.carray("z"), c.carray("p"), c.real("k"));
    check_close(c.text + " b", b, c.out("b"), exact_rtol);
    check_close(c.text + " a", a, c.out("a"), exact_rtol);
  }
  for (const signal_case& c : signal_cases("tf2zpk"))
    check_zpk(c, sig::tf2zpk(c.array("b"), c.array("a")), root_rtol);
  for (const signal_case& c : signal_cases("tf2sos"))
    check_sos(c, sig::tf2sos(c.array("b"), c.array("a")), root_rtol);
  for (const signal_case& c : signal_cases("sos2tf")) {
    const auto [b, a] = sig::sos2tf(sos_of(c));
    check_close(c.text + " b", b, c.out("b"), exact_rtol);
    check_close(c.text + " a", a, c.out("a"), exact_rtol);
  }
  for (const signal_case& c : signal_cases("sos2zpk")) {
    const auto f = sig::sos2zpk(sos_of(c));
    check_roots(c.text + " z", f.z, c.cout("z"), root_rtol);
    check_roots(c.text + " p", f.p, c.cout("p"), root_rtol);
    cupp_test::check_scalar(c.text + " k", f.k, c.out("k").at(0), exact_rtol);
  }
  for (const signal_case& c : signal_cases("normalize")) {
    const auto [b, a] = sig::normalize(c.array("b"), c.array("a"));
    check_close(c.text + " b", b, c.out("b"), exact_rtol);
    check_close(c.text + " a", a, c.out("a"), exact_rtol);
  }
  // the zpk overloads agree with the array ones
  const auto f = sig::zpk{cupp::asarray(std::vector<std::complex<double>>{{0.0, 1.0}, {0.0, -1.0}}),
                          cupp::asarray(std::vector<std::complex<double>>{0.5, -0.25}), 2.0};
  check_close("zpk2tf(zpk)", sig::zpk2tf(f).b, {2.0, 0.0, 2.0}, 0.0);
  check_close("zpk2sos(zpk)", sig::zpk2sos(f), {2.0, 0.0, 2.0, 1.0, -0.25, -0.125}, 1e-15);
  const auto g = sig::tf2zpk(sig::zpk2tf(f));
  check_roots("tf2zpk(ba)", g.z, {{0.0, 1.0}, {0.0, -1.0}}, 1e-14);
  check_roots("tf2zpk(ba)", g.p, {0.5, -0.25}, 1e-14);
}

TEST_CASE("signal freqz sosfreqz group_delay match SciPy", "[signal][freqz]") {
  for (const signal_case& c : signal_cases("freqz")) {
    CAPTURE(c.text);
    const auto [w, h] = sig::freqz(c.array("b"), c.array("a"),
                                   {.worN = c.integer("worN"),
                                    .whole = c.flag("whole"),
                                    .fs = c.real("fs"),
                                    .include_nyquist = c.flag("include_nyquist")});
    check_close(c.text + " w", w, c.out("w"), 1e-15);
    check_close(c.text + " h", host_complex(h), c.cout("h"), response_rtol);
    if (c.str("src") == "fir") { // the FIR form, a = 1
      const auto r = sig::freqz(c.array("b"), {.worN = c.integer("worN"),
                                               .whole = c.flag("whole"),
                                               .fs = c.real("fs"),
                                               .include_nyquist = c.flag("include_nyquist")});
      check_close(c.text + " fir h", host_complex(r.h), c.cout("h"), response_rtol);
    }
  }
  for (const signal_case& c : signal_cases("freqz.w")) {
    const auto [w, h] = sig::freqz(c.array("b"), c.array("a"), c.array("w"), c.real("fs"));
    check_close(c.text + " w", w, c.out("w"), 1e-15);
    check_close(c.text + " h", host_complex(h), c.cout("h"), response_rtol);
  }
  for (const signal_case& c : signal_cases("sosfreqz")) {
    const auto [w, h] = sig::sosfreqz(
        sos_of(c), {.worN = c.integer("worN"), .whole = c.flag("whole"), .fs = c.real("fs")});
    check_close(c.text + " w", w, c.out("w"), 1e-15);
    check_close(c.text + " h", host_complex(h), c.cout("h"), response_rtol);
  }
  for (const signal_case& c : signal_cases("group_delay")) {
    const auto [w, gd] = sig::group_delay({c.array("b"), c.array("a")},
                                          {.w = c.integer("w"), .whole = c.flag("whole")});
    check_close(c.text + " w", w, c.out("w"), 1e-15);
    check_close(c.text + " gd", gd, c.out("gd"), 1e-9);
  }
  for (const signal_case& c : signal_cases("group_delay.w")) {
    const auto [w, gd] = sig::group_delay({c.array("b"), c.array("a")}, c.array("w"), c.real("fs"));
    check_close(c.text + " w", w, c.out("w"), 1e-15);
    check_close(c.text + " gd", gd, c.out("gd"), 1e-9);
  }
}

TEST_CASE("signal conversion and response errors", "[signal][conversions]") {
  using cupp::value_error;
  const auto z = cupp::asarray(std::vector<std::complex<double>>{{0.5, 0.5}});
  const auto p = cupp::asarray(std::vector<std::complex<double>>{{0.2, 0.3}, {0.2, -0.3}});
  CHECK_THROWS_WITH_WORDS(sig::zpk2sos(z, p, 1.0), value_error,
                          "Array contains complex value with no matching conjugate.");
  CHECK_THROWS_WITH_WORDS(
      sig::zpk2sos(p, p, 1.0, {.pairing = sig::sos_pairing::nearest, .analog = true}), value_error,
      "for analog zpk2sos conversion, pairing must be \"minimal\"");
  const auto three = cupp::asarray(std::vector<std::complex<double>>{1.0, 2.0, 3.0});
  CHECK_THROWS_WITH_WORDS(sig::zpk2sos(three, p, 1.0, {.pairing = sig::sos_pairing::minimal}),
                          value_error, "must have len(p)>=len(z)");
  CHECK_THROWS_WITH_WORDS(sig::normalize(cupp::asarray({1.0}), cupp::asarray({0.0, 0.0})),
                          value_error, "Denominator must have at least on nonzero element.");
  CHECK_THROWS_WITH_WORDS(sig::sos2tf(cupp::asarray({1.0, 2.0, 3.0})), value_error,
                          "sos array must be 2D");
  CHECK_THROWS_WITH_WORDS(sig::sos2zpk(cupp::zeros<double>({2, 5})), value_error,
                          "sos array must be shape (n_sections, 6)");
  CHECK_THROWS_WITH_WORDS(sig::sosfreqz(cupp::zeros<double>({1, 6})), value_error,
                          "sos[:, 3] should be all ones");
  CHECK_THROWS_WITH_WORDS(sig::sosfreqz(cupp::zeros<double>({0, 6})), value_error,
                          "Cannot compute frequencies with no sections");
  CHECK_THROWS_WITH_WORDS(sig::freqz(cupp::asarray({1.0}), {.worN = -1}), value_error,
                          "worN must be nonnegative, got -1");
}
