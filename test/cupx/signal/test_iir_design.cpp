// cupx::signal's IIR design against SciPy's designs (test/fixtures/signal_design.txt): iirfilter
// and its wrappers over every family, order 1 to 10, every band type, analog and digital, each
// output form; the prototypes, the transforms, iirnotch and iirpeak; and the errors.
#include "signal_testing.hpp"

#include <cupx/signal/iir_design.hpp>

#include <map>

namespace sig = cupx::signal;
using cupp_test::check_close;
using cupp_test::check_sos;
using cupp_test::check_zpk;
using cupp_test::signal_case;
using cupp_test::signal_cases;

namespace {
// Zeros, poles and gains come from SciPy's closed forms: 1e-10 of max(1, |root|). The Bessel
// poles are roots of the Bessel polynomial (cupx: the polynomial's Aberth iteration, SciPy: of the
// modified Bessel function) and the 'mag' normalisation a root of the gain (SciPy's secant stops
// at 1.5e-8 relative in the frequency, cupx bisects to the last bit): 1e-7 there. ba and sos
// coefficients relative to their largest.
constexpr double zpk_rtol = 1e-10;
constexpr double ba_rtol = 1e-9;
constexpr double bessel_mag_rtol = 1e-7;

sig::band_type band_of(const std::string& s) {
  static const std::map<std::string, sig::band_type> m{{"lowpass", sig::lowpass},
                                                       {"highpass", sig::highpass},
                                                       {"bandpass", sig::bandpass},
                                                       {"bandstop", sig::bandstop}};
  return m.at(s);
}
sig::iir_ftype ftype_of(const std::string& s) {
  static const std::map<std::string, sig::iir_ftype> m{
      {"butter", sig::iir_ftype::butter},
      {"cheby1", sig::iir_ftype::cheby1},
      {"cheby2", sig::iir_ftype::cheby2},
      {"ellip", sig::iir_ftype::ellip},
      {"bessel_phase", sig::iir_ftype::bessel_phase},
      {"bessel_delay", sig::iir_ftype::bessel_delay},
      {"bessel_mag", sig::iir_ftype::bessel_mag}};
  return m.at(s);
}
sig::iirfilter_kw iir_kw_of(const signal_case& c) {
  return {.rp = c.opt("rp"),
          .rs = c.opt("rs"),
          .btype = band_of(c.str("btype")),
          .analog = c.flag("analog"),
          .ftype = ftype_of(c.str("ftype"))};
}
sig::frequencies wn_of(const signal_case& c) { return sig::frequencies(c.reals("Wn")); }
double rtol_of(const signal_case& c, double base) {
  return c.str("ftype") == "bessel_mag" ? bessel_mag_rtol : base;
}
} // namespace

TEST_CASE("signal iirfilter output zpk matches SciPy", "[signal][iir]") {
  for (const signal_case& c : signal_cases("iirfilter.zpk")) {
    CAPTURE(c.text);
    const auto f =
        sig::iirfilter<sig::zpk>(static_cast<int>(c.integer("N")), wn_of(c), iir_kw_of(c));
    check_zpk(c, f, rtol_of(c, zpk_rtol));
  }
}

TEST_CASE("signal iirfilter output ba matches SciPy", "[signal][iir]") {
  for (const signal_case& c : signal_cases("iirfilter.ba")) {
    CAPTURE(c.text);
    const auto [b, a] = sig::iirfilter(static_cast<int>(c.integer("N")), wn_of(c), iir_kw_of(c));
    check_close(c.text + " b", b, c.out("b"), rtol_of(c, ba_rtol));
    check_close(c.text + " a", a, c.out("a"), rtol_of(c, ba_rtol));
  }
}

TEST_CASE("signal iirfilter output sos matches SciPy", "[signal][iir]") {
  for (const signal_case& c : signal_cases("iirfilter.sos")) {
    CAPTURE(c.text);
    check_sos(c, sig::iirfilter<sig::sos>(static_cast<int>(c.integer("N")), wn_of(c), iir_kw_of(c)),
              rtol_of(c, ba_rtol));
  }
}

TEST_CASE("signal butter cheby1 cheby2 ellip bessel are iirfilter", "[signal][iir]") {
  // each wrapper against SciPy's iirfilter case of the same arguments
  for (const signal_case& c : signal_cases("iirfilter.zpk")) {
    if (c.integer("N") % 3 != 0) continue;
    CAPTURE(c.text);
    const int n = static_cast<int>(c.integer("N"));
    const sig::filter_kw kw{.btype = band_of(c.str("btype")), .analog = c.flag("analog")};
    const std::string t = c.str("ftype");
    sig::zpk f;
    if (t == "butter")
      f = sig::butter<sig::zpk>(n, wn_of(c), kw);
    else if (t == "cheby1")
      f = sig::cheby1<sig::zpk>(n, c.real("rp"), wn_of(c), kw);
    else if (t == "cheby2")
      f = sig::cheby2<sig::zpk>(n, c.real("rs"), wn_of(c), kw);
    else if (t == "ellip")
      f = sig::ellip<sig::zpk>(n, c.real("rp"), c.real("rs"), wn_of(c), kw);
    else
      f = sig::bessel<sig::zpk>(n, wn_of(c),
                                {.btype = kw.btype,
                                 .analog = kw.analog,
                                 .norm = t == "bessel_phase"   ? sig::bessel_norm::phase
                                         : t == "bessel_delay" ? sig::bessel_norm::delay
                                                               : sig::bessel_norm::mag});
    check_zpk(c, f, rtol_of(c, zpk_rtol));
  }
  for (const signal_case& c : signal_cases("butter.fs")) {
    CAPTURE(c.text);
    check_zpk(c,
              sig::butter<sig::zpk>(static_cast<int>(c.integer("N")), wn_of(c),
                                    {.btype = band_of(c.str("btype")), .fs = c.real("fs")}),
              zpk_rtol);
  }
}

TEST_CASE("signal analog prototypes match SciPy", "[signal][iir]") {
  for (const signal_case& c : signal_cases("buttap"))
    check_zpk(c, sig::buttap(static_cast<int>(c.integer("N"))), zpk_rtol);
  for (const signal_case& c : signal_cases("cheb1ap"))
    check_zpk(c, sig::cheb1ap(static_cast<int>(c.integer("N")), c.real("rp")), zpk_rtol);
  for (const signal_case& c : signal_cases("cheb2ap"))
    check_zpk(c, sig::cheb2ap(static_cast<int>(c.integer("N")), c.real("rs")), zpk_rtol);
  for (const signal_case& c : signal_cases("ellipap"))
    check_zpk(c, sig::ellipap(static_cast<int>(c.integer("N")), c.real("rp"), c.real("rs")),
              zpk_rtol);
  for (const signal_case& c : signal_cases("besselap")) {
    const std::string norm = c.str("norm");
    const auto f =
        sig::besselap(static_cast<int>(c.integer("N")), norm == "phase"   ? sig::bessel_norm::phase
                                                        : norm == "delay" ? sig::bessel_norm::delay
                                                                          : sig::bessel_norm::mag);
    check_zpk(c, f, norm == "mag" ? bessel_mag_rtol : zpk_rtol);
  }
}

namespace {
sig::zpk proto(const std::string& name) {
  if (name == "cheb2") return sig::cheb2ap(4, 30.0);
  if (name == "ellip") return sig::ellipap(5, 1.0, 40.0);
  return sig::buttap(3);
}
} // namespace

TEST_CASE("signal frequency transforms match SciPy", "[signal][iir]") {
  for (const signal_case& c : signal_cases("lp2lp_zpk"))
    check_zpk(c, sig::lp2lp_zpk(proto(c.str("proto")), c.real("wo")), zpk_rtol);
  for (const signal_case& c : signal_cases("lp2hp_zpk"))
    check_zpk(c, sig::lp2hp_zpk(proto(c.str("proto")), c.real("wo")), zpk_rtol);
  for (const signal_case& c : signal_cases("lp2bp_zpk"))
    check_zpk(c, sig::lp2bp_zpk(proto(c.str("proto")), c.real("wo"), c.real("bw")), zpk_rtol);
  for (const signal_case& c : signal_cases("lp2bs_zpk"))
    check_zpk(c, sig::lp2bs_zpk(proto(c.str("proto")), c.real("wo"), c.real("bw")), zpk_rtol);
  for (const signal_case& c : signal_cases("bilinear_zpk"))
    check_zpk(c, sig::bilinear_zpk(proto(c.str("proto")), c.real("fs")), zpk_rtol);
  const auto check_ba = [](const signal_case& c, const sig::ba& f) {
    check_close(c.text + " b", f.b, c.out("b"), ba_rtol);
    check_close(c.text + " a", f.a, c.out("a"), ba_rtol);
  };
  for (const signal_case& c : signal_cases("lp2lp"))
    check_ba(c, sig::lp2lp(sig::zpk2tf(proto(c.str("proto"))), c.real("wo")));
  for (const signal_case& c : signal_cases("lp2hp"))
    check_ba(c, sig::lp2hp(sig::zpk2tf(proto(c.str("proto"))), c.real("wo")));
  for (const signal_case& c : signal_cases("lp2bp"))
    check_ba(c, sig::lp2bp(sig::zpk2tf(proto(c.str("proto"))), c.real("wo"), c.real("bw")));
  for (const signal_case& c : signal_cases("lp2bs"))
    check_ba(c, sig::lp2bs(sig::zpk2tf(proto(c.str("proto"))), c.real("wo"), c.real("bw")));
  for (const signal_case& c : signal_cases("bilinear"))
    check_ba(c, sig::bilinear(sig::zpk2tf(proto(c.str("proto"))), c.real("fs")));
  for (const signal_case& c : signal_cases("iirnotch")) {
    const auto [b, a] = sig::iirnotch(c.real("w0"), c.real("Q"), c.real("fs"));
    check_close(c.text + " b", b, c.out("b"), 1e-14);
    check_close(c.text + " a", a, c.out("a"), 1e-14);
  }
  for (const signal_case& c : signal_cases("iirpeak")) {
    const auto [b, a] = sig::iirpeak(c.real("w0"), c.real("Q"), c.real("fs"));
    check_close(c.text + " b", b, c.out("b"), 1e-14);
    check_close(c.text + " a", a, c.out("a"), 1e-14);
  }
}

TEST_CASE("signal IIR design errors", "[signal][iir]") {
  using cupp::value_error;
  CHECK_THROWS_WITH_WORDS(sig::butter(4, 1.2), value_error,
                          "Digital filter critical frequencies must be 0 < Wn < 1");
  CHECK_THROWS_WITH_WORDS(sig::butter(4, 1.0), value_error, "0 < Wn < 1");
  CHECK_THROWS_WITH_WORDS(sig::butter(4, 600.0, {.fs = 1000.0}), value_error,
                          "must be 0 < Wn < fs/2 (fs=1000 -> fs/2=500)");
  CHECK_THROWS_WITH_WORDS(sig::butter(4, -0.2), value_error,
                          "filter critical frequencies must be greater than 0");
  CHECK_THROWS_WITH_WORDS(sig::butter(4, {0.4, 0.2}, {.btype = sig::bandpass}), value_error,
                          "Wn[0] must be less than Wn[1]");
  CHECK_THROWS_WITH_WORDS(sig::butter(4, 0.2, {.btype = sig::bandpass}), value_error,
                          "Wn must specify start and stop frequencies");
  CHECK_THROWS_WITH_WORDS(sig::butter(4, {0.1, 0.2}), value_error,
                          "Must specify a single critical frequency Wn");
  CHECK_THROWS_WITH_WORDS(sig::butter(4, 2.0, {.analog = true, .fs = 10.0}), value_error,
                          "fs cannot be specified for an analog filter");
  CHECK_THROWS_WITH_WORDS(
      sig::iirfilter(4, 0.2, {.btype = sig::lowpass, .ftype = sig::iir_ftype::cheby1}), value_error,
      "passband ripple (rp) must be provided");
  CHECK_THROWS_WITH_WORDS(
      sig::iirfilter(4, 0.2, {.btype = sig::lowpass, .ftype = sig::iir_ftype::cheby2}), value_error,
      "stopband attenuation (rs) must be provided");
  CHECK_THROWS_WITH_WORDS(
      sig::iirfilter(4, 0.2, {.rp = 1.0, .btype = sig::lowpass, .ftype = sig::iir_ftype::ellip}),
      value_error, "Both rp and rs must be provided");
  CHECK_THROWS_WITH_WORDS(sig::cheby1(4, -1.0, 0.2), value_error,
                          "passband ripple (rp) must be positive");
  CHECK_THROWS_WITH_WORDS(sig::cheby2(4, -1.0, 0.2), value_error,
                          "stopband attenuation (rs) must be positive");
  CHECK_THROWS_WITH_WORDS(sig::buttap(-1), value_error,
                          "Filter order must be a nonnegative integer");
  CHECK_THROWS_WITH_WORDS(sig::butter(-2, 0.3), value_error, "Filter order must be a nonnegative");
  CHECK_THROWS_WITH_WORDS(
      sig::lp2lp_zpk(sig::zpk{cupp::asarray(std::vector<std::complex<double>>{1.0, 2.0}),
                              cupp::asarray(std::vector<std::complex<double>>{-1.0}), 1.0}),
      value_error, "Improper transfer function");
  CHECK_THROWS_WITH_WORDS(sig::iirnotch(1.5, 10.0), value_error,
                          "w0 should be such that 0 < w0 < 1");
  CHECK_THROWS_WITH_WORDS(sig::iirpeak(-0.1, 10.0), value_error, "w0 should be such that");
}
