// cupx::signal's windows and NumPy's windows in cupp against SciPy's and NumPy's values
// (test/fixtures/signal_design.txt), and their errors.
#include "signal_testing.hpp"

#include <cupx/signal/windows.hpp>

#include <cupp/windows.hpp>

#include <limits>

namespace sig = cupx::signal;
using cupp_test::check_close;
using cupp_test::signal_case;
using cupp_test::signal_cases;

namespace {
// SciPy's formulas are reproduced: every value within a few ulps of the window's maximum. dpss
// (an eigenvector by inverse iteration where SciPy calls LAPACK's stemr) and chebwin (a direct DFT
// where SciPy calls pocketfft) differ by rounding only.
constexpr double window_rtol = 1e-12;
constexpr double dpss_rtol = 1e-9;

sig::window_spec spec_of(const signal_case& c) {
  const auto params = c.has("params") ? c.reals("params") : std::vector<double>{};
  if (c.str("window") == "beta") return sig::window_spec(params.at(0));
  if (params.empty()) return sig::window_spec(c.str("window"));
  return sig::window_spec(c.str("window"), params);
}
} // namespace

TEST_CASE("signal get_window matches SciPy", "[signal][windows]") {
  std::size_t n = 0;
  for (const signal_case& c : signal_cases("get_window")) {
    CAPTURE(c.text);
    const auto w = sig::get_window(spec_of(c), c.integer("Nx"), c.flag("fftbins"));
    check_close(c.text, w, c.out("w"), c.str("window") == "dpss" ? dpss_rtol : window_rtol);
    ++n;
  }
  CHECK(n > 600);
}

TEST_CASE("signal windows:: functions match SciPy", "[signal][windows]") {
  for (const signal_case& c : signal_cases("windows.hann"))
    check_close(c.text, sig::windows::hann(c.integer("M"), c.flag("sym")), c.out("w"), window_rtol);
  for (const signal_case& c : signal_cases("windows.kaiser"))
    check_close(c.text, sig::windows::kaiser(c.integer("M"), c.real("beta"), c.flag("sym")),
                c.out("w"), window_rtol);
  for (const signal_case& c : signal_cases("windows.tukey"))
    check_close(c.text, sig::windows::tukey(c.integer("M"), c.real("alpha"), c.flag("sym")),
                c.out("w"), window_rtol);
  for (const signal_case& c : signal_cases("windows.taylor"))
    check_close(c.text,
                sig::windows::taylor(c.integer("M"), static_cast<int>(c.integer("nbar")),
                                     c.real("sll"), c.flag("norm"), c.flag("sym")),
                c.out("w"), window_rtol);
  for (const signal_case& c : signal_cases("windows.exponential"))
    check_close(
        c.text,
        sig::windows::exponential(c.integer("M"), c.real("center"), c.real("tau"), c.flag("sym")),
        c.out("w"), window_rtol);
  for (const signal_case& c : signal_cases("windows.dpss")) {
    const auto w =
        sig::windows::dpss(c.integer("M"), c.real("NW"), c.integer("Kmax"), c.flag("sym"));
    CHECK(w.shape() == cupp::shape_t{c.integer("Kmax"), c.integer("M")});
    check_close(c.text, w, c.out("w"), dpss_rtol);
  }
  for (const signal_case& c : signal_cases("windows.dpss1")) {
    const auto norm = c.str("norm") == "subsample" ? sig::windows::dpss_norm::subsample
                                                   : sig::windows::dpss_norm::l2;
    check_close(c.text, sig::windows::dpss(c.integer("M"), c.real("NW"), true, norm), c.out("w"),
                dpss_rtol);
  }
  // the remaining direct calls, against get_window's symmetric windows
  const auto same = [](const cupp::ndarray<double>& a, const cupp::ndarray<double>& b) {
    check_close("direct call", a, b.get(), 0.0);
  };
  for (const cupp::index_t m : {1, 6, 9}) {
    CAPTURE(m);
    same(sig::windows::boxcar(m), sig::get_window("boxcar", m, false));
    same(sig::windows::triang(m, false), sig::get_window("triang", m));
    same(sig::windows::parzen(m), sig::get_window("parzen", m, false));
    same(sig::windows::bohman(m), sig::get_window("bohman", m, false));
    same(sig::windows::blackman(m), sig::get_window("blackman", m, false));
    same(sig::windows::nuttall(m), sig::get_window("nuttall", m, false));
    same(sig::windows::blackmanharris(m), sig::get_window("blackmanharris", m, false));
    same(sig::windows::flattop(m), sig::get_window("flattop", m, false));
    same(sig::windows::bartlett(m), sig::get_window("bartlett", m, false));
    same(sig::windows::hamming(m), sig::get_window("hamming", m, false));
    same(sig::windows::general_hamming(m, 0.6),
         sig::get_window({"general_hamming", 0.6}, m, false));
    same(sig::windows::barthann(m), sig::get_window("barthann", m, false));
    same(sig::windows::gaussian(m, 2.0), sig::get_window({"gaussian", 2.0}, m, false));
    same(sig::windows::general_gaussian(m, 1.5, 2.0),
         sig::get_window({"general_gaussian", {1.5, 2.0}}, m, false));
    same(sig::windows::general_cosine(m, {0.5, 0.5}), sig::windows::hann(m));
    same(sig::windows::chebwin(m, 50.0), sig::get_window({"chebwin", 50.0}, m, false));
    same(sig::windows::cosine(m), sig::get_window("cosine", m, false));
    same(sig::windows::lanczos(m), sig::get_window("lanczos", m, false));
  }
  same(sig::windows::kaiser_bessel_derived(8, 4.0), sig::get_window({"kbd", 4.0}, 8, false));
}

TEST_CASE("cupp windows match NumPy's", "[signal][windows]") {
  for (const char* name : {"bartlett", "blackman", "hamming", "hanning"})
    for (const signal_case& c : signal_cases(std::string("np.") + name)) {
      const auto m = c.integer("M");
      const std::string f = name;
      const auto w = f == "bartlett"   ? cupp::bartlett(m)
                     : f == "blackman" ? cupp::blackman(m)
                     : f == "hamming"  ? cupp::hamming(m)
                                       : cupp::hanning(m);
      CHECK(w.shape() == cupp::shape_t{static_cast<cupp::index_t>(c.out("w").size())});
      check_close(c.text, w, c.out("w"), 1e-15);
    }
  for (const signal_case& c : signal_cases("np.kaiser"))
    check_close(c.text, cupp::kaiser(c.integer("M"), c.real("beta")), c.out("w"), 1e-15);
}

TEST_CASE("signal window errors", "[signal][windows]") {
  using cupp::value_error;
  CHECK_THROWS_WITH_WORDS(sig::get_window("hannn", 8), value_error, "Invalid window name 'hannn'");
  CHECK_THROWS_WITH_WORDS(sig::get_window("hann", 0), value_error, "Nx=0",
                          "is not a positive integer");
  CHECK_THROWS_WITH_WORDS(sig::get_window("kaiser", 8), value_error,
                          "'kaiser' must have parameters");
  CHECK_THROWS_WITH_WORDS(sig::get_window({"hann", 1.0}, 8), value_error,
                          "'hann' does not allow parameters");
  CHECK_THROWS_WITH_WORDS(sig::get_window({"dpss", {2.0, 3.0}}, 8), value_error,
                          "must have one parameter");
  CHECK_THROWS_WITH_WORDS(sig::get_window({"kbd", 4.0}, 8), value_error,
                          "only defined for symmetric shapes");
  CHECK_THROWS_WITH_WORDS(sig::windows::kaiser_bessel_derived(7, 4.0), value_error,
                          "only defined for even number of points");
  CHECK_THROWS_WITH_WORDS(sig::windows::hann(-1), value_error,
                          "Window length M must be a non-negative integer");
  CHECK_THROWS_WITH_WORDS(sig::windows::exponential(8, 2.0, 1.0, true), value_error,
                          "If sym==True, center must be None.");
  CHECK_THROWS_WITH_WORDS(sig::windows::dpss(8, 4.0), value_error, "NW must be less than M/2.");
  CHECK_THROWS_WITH_WORDS(sig::windows::dpss(8, -1.0), value_error, "NW must be positive");
  CHECK_THROWS_WITH_WORDS(sig::windows::dpss(8, 2.0, 9, true), value_error,
                          "Kmax must be greater than 0 and less than M");
  CHECK_THROWS_WITH_WORDS(sig::get_window({"general_gaussian", 1.5}, 8), value_error,
                          "two parameters");
}
