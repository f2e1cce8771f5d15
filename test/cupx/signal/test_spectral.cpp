// cupx::signal's spectral analysis (periodogram, welch, csd, coherence, spectrogram, stft, istft,
// hilbert, hilbert2, detrend) against SciPy's results (test/fixtures/signal_spectral.txt, written
// by scripts/gen_signal_spectral_fixtures.py), the istft(stft(x)) round trip, and the errors.
#include "signal_testing.hpp"

#include <cupx/signal/spectral.hpp>

#include <cmath>
#include <complex>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

namespace sig = cupx::signal;
using cupp::index_t;
using cupp_test::check_close;
using cupp_test::signal_case;

namespace {
// Tolerances relative to the largest value of SciPy's result: float64 1e-10 (the same sums in
// another order; cupx detrends in double); float32 2e-5 (SciPy computes in float32 throughout,
// cupx detrends and accumulates the averages in double).
const char* const spectral_file = "signal_spectral.txt";
template <class T> double spectral_rtol() { return std::is_same_v<T, float> ? 2e-5 : 1e-10; }

template <class T>
cupp::ndarray<T> array_of(const signal_case& c, const std::string& key, const std::string& shape) {
  std::vector<T> v;
  for (const double d : c.reals(key))
    v.push_back(static_cast<T>(d));
  return cupp::asarray(v).reshape(cupp_test::shape_of(c.reals(shape)));
}
/// Calls f with a value of the float dtype named d.
template <class F> void with_float(const std::string& d, F&& f) {
  if (d == "float32") {
    f(float{});
  } else {
    REQUIRE(d == "float64");
    f(double{});
  }
}
template <class F> void with_dtype(const std::string& d, F&& f) {
  if (d == "float32") {
    f(float{});
  } else if (d == "int64") {
    f(std::int64_t{});
  } else {
    REQUIRE(d == "float64");
    f(double{});
  }
}
std::optional<index_t> opt_int(const signal_case& c, const std::string& key) {
  if (!c.has(key)) return std::nullopt;
  return c.integer(key);
}
sig::spectral_window spectral_window_of(const signal_case& c) {
  const std::string w = c.str("window");
  if (w == "array") return sig::spectral_window(c.array("win"));
  const auto colon = w.find(':');
  if (colon != std::string::npos)
    return sig::spectral_window(w.substr(0, colon), std::stod(w.substr(colon + 1)));
  return sig::spectral_window(w);
}
sig::detrend_type detrend_of(const signal_case& c) {
  const std::string d = c.str("detrend");
  return d == "constant" ? sig::detrend_type::constant
         : d == "linear" ? sig::detrend_type::linear
                         : sig::detrend_type::none;
}
sig::spectral_scaling scaling_of(const signal_case& c) {
  const std::string s = c.str("scaling");
  return s == "spectrum" ? sig::spectral_scaling::spectrum : sig::spectral_scaling::density;
}
sig::boundary_ext spectral_boundary_of(const signal_case& c) {
  const std::string b = c.str("boundary");
  return b == "zeros"      ? sig::boundary_ext::zeros
         : b == "even"     ? sig::boundary_ext::even
         : b == "odd"      ? sig::boundary_ext::odd
         : b == "constant" ? sig::boundary_ext::constant
                           : sig::boundary_ext::none;
}
template <class V> std::vector<double> host_real(const cupp::ndarray<V>& a) {
  std::vector<double> v;
  for (const auto x : a.copy().get())
    v.push_back(static_cast<double>(x));
  return v;
}
template <class V> std::vector<std::complex<double>> host_cplx(const cupp::ndarray<V>& a) {
  std::vector<std::complex<double>> v;
  for (const auto x : a.copy().get())
    v.emplace_back(static_cast<double>(x.real()), static_cast<double>(x.imag()));
  return v;
}
template <class V> void check_shape(const signal_case& c, const cupp::ndarray<V>& a) {
  INFO(c.text);
  REQUIRE(a.shape() == cupp_test::shape_of(c.reals("pshape")));
}
/// Angles compared modulo 2 pi (the sign of a zero imaginary part decides between -pi and pi).
void check_angles(const std::string& what, const std::vector<double>& got,
                  const std::vector<double>& want, double tol) {
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    const double d = std::remainder(got[i] - want[i], 2 * M_PI);
    if (!(std::fabs(d) <= tol)) {
      FAIL_CHECK(what << " element " << i << ": got " << got[i] << ", want " << want[i]);
      return;
    }
  }
}
} // namespace

TEST_CASE("welch, csd and coherence match SciPy", "[signal][spectral]") {
  int n = 0;
  for (const auto& c : cupp_test::signal_cases("welch", spectral_file))
    with_float(c.str("dtype"), [&](auto t) {
      using T = decltype(t);
      INFO(c.text);
      const auto x = array_of<T>(c, "x", "shape");
      const auto [f, p] =
          sig::welch(x, {.fs = c.real("fs"),
                         .window = spectral_window_of(c),
                         .nperseg = opt_int(c, "nperseg"),
                         .noverlap = opt_int(c, "noverlap"),
                         .nfft = opt_int(c, "nfft"),
                         .detrend = detrend_of(c),
                         .return_onesided = c.flag("onesided"),
                         .scaling = scaling_of(c),
                         .axis = c.integer("axis"),
                         .average = c.str("average") == "median" ? sig::spectral_average::median
                                                                 : sig::spectral_average::mean});
      static_assert(std::is_same_v<typename std::decay_t<decltype(p)>::value_type,
                                   sig::detail::spectral_t<T>>);
      check_shape(c, p);
      check_close(c.text + " f", f, c.out("f"), 1e-14);
      check_close(c.text + " Pxx", host_real(p), c.out("p"), spectral_rtol<T>());
      ++n;
    });
  for (const auto& c : cupp_test::signal_cases("csd", spectral_file))
    with_dtype(c.str("dtype"), [&](auto t) {
      with_dtype(c.str("ydtype"), [&](auto u) {
        using T = decltype(t);
        using U = decltype(u);
        INFO(c.text);
        const auto x = array_of<T>(c, "x", "shape");
        const auto y = array_of<U>(c, "y", "yshape");
        const auto [f, p] =
            sig::csd(x, y,
                     {.fs = c.real("fs"),
                      .window = spectral_window_of(c),
                      .nperseg = opt_int(c, "nperseg"),
                      .detrend = detrend_of(c),
                      .return_onesided = c.flag("onesided"),
                      .axis = c.integer("axis"),
                      .average = c.str("average") == "median" ? sig::spectral_average::median
                                                              : sig::spectral_average::mean});
        check_shape(c, p);
        check_close(c.text + " f", f, c.out("f"), 1e-14);
        using R = cupp::real_t<typename std::decay_t<decltype(p)>::value_type>;
        // SciPy detrends each signal in its own dtype: a float32 one brings float32's rounding
        const double tol = c.str("dtype") == "float32" || c.str("ydtype") == "float32"
                               ? spectral_rtol<float>()
                               : spectral_rtol<R>();
        check_close(c.text + " Pxy", host_cplx(p), c.cout("p"), tol);
        ++n;
      });
    });
  for (const auto& c : cupp_test::signal_cases("coherence", spectral_file))
    with_dtype(c.str("dtype"), [&](auto t) {
      with_dtype(c.str("ydtype"), [&](auto u) {
        using T = decltype(t);
        using U = decltype(u);
        INFO(c.text);
        const auto [f, p] = sig::coherence(
            array_of<T>(c, "x", "shape"), array_of<U>(c, "y", "yshape"),
            {.fs = c.real("fs"), .nperseg = c.integer("nperseg"), .axis = c.integer("axis")});
        check_shape(c, p);
        const double tol = c.str("dtype") == "float32" || c.str("ydtype") == "float32"
                               ? spectral_rtol<float>()
                               : spectral_rtol<double>();
        check_close(c.text + " Cxy", host_real(p), c.out("p"), 10 * tol);
        ++n;
      });
    });
  CHECK(n == 360);
}

TEST_CASE("periodogram matches SciPy", "[signal][spectral]") {
  for (const auto& c : cupp_test::signal_cases("periodogram", spectral_file))
    with_float(c.str("dtype"), [&](auto t) {
      using T = decltype(t);
      INFO(c.text);
      const auto [f, p] =
          sig::periodogram(array_of<T>(c, "x", "shape"), {.fs = c.real("fs"),
                                                          .window = spectral_window_of(c),
                                                          .nfft = opt_int(c, "nfft"),
                                                          .detrend = detrend_of(c),
                                                          .return_onesided = c.flag("onesided"),
                                                          .scaling = scaling_of(c),
                                                          .axis = c.integer("axis")});
      check_shape(c, p);
      check_close(c.text + " f", f, c.out("f"), 1e-14);
      check_close(c.text + " Pxx", host_real(p), c.out("p"), spectral_rtol<T>());
    });
}

template <sig::spectrogram_mode M, class T> void spectrogram_case(const signal_case& c) {
  INFO(c.text);
  const auto [f, t, p] =
      sig::spectrogram<M>(array_of<T>(c, "x", "shape"), {.fs = c.real("fs"),
                                                         .window = spectral_window_of(c),
                                                         .nperseg = opt_int(c, "nperseg"),
                                                         .noverlap = opt_int(c, "noverlap"),
                                                         .nfft = opt_int(c, "nfft"),
                                                         .detrend = detrend_of(c),
                                                         .return_onesided = c.flag("onesided"),
                                                         .axis = c.integer("axis")});
  check_shape(c, p);
  check_close(c.text + " f", f, c.out("f"), 1e-14);
  check_close(c.text + " t", t, c.out("t"), 1e-14);
  if constexpr (M == sig::spectrogram_mode::complex) {
    check_close(c.text + " Sxx", host_cplx(p), c.cout("p"), spectral_rtol<T>());
  } else if constexpr (M == sig::spectrogram_mode::angle || M == sig::spectrogram_mode::phase) {
    // angles of values near zero are noise in float32: only float64 compares them closely
    check_angles(c.text + " Sxx", host_real(p), c.out("p"), std::is_same_v<T, float> ? 1e-2 : 1e-7);
  } else {
    check_close(c.text + " Sxx", host_real(p), c.out("p"), spectral_rtol<T>());
  }
}

TEST_CASE("spectrogram matches SciPy in every mode", "[signal][spectral]") {
  for (const auto& c : cupp_test::signal_cases("spectrogram", spectral_file))
    with_float(c.str("dtype"), [&](auto t) {
      using T = decltype(t);
      const std::string m = c.str("mode");
      if (m == "psd") spectrogram_case<sig::spectrogram_mode::psd, T>(c);
      if (m == "complex") spectrogram_case<sig::spectrogram_mode::complex, T>(c);
      if (m == "magnitude") spectrogram_case<sig::spectrogram_mode::magnitude, T>(c);
      if (m == "angle" && std::is_same_v<T, double>)
        spectrogram_case<sig::spectrogram_mode::angle, T>(c);
      if (m == "phase" && std::is_same_v<T, double>)
        spectrogram_case<sig::spectrogram_mode::phase, T>(c);
    });
}

TEST_CASE("stft and istft match SciPy", "[signal][spectral]") {
  for (const auto& c : cupp_test::signal_cases("stft", spectral_file))
    with_float(c.str("dtype"), [&](auto t) {
      using T = decltype(t);
      INFO(c.text);
      const auto x = array_of<T>(c, "x", "shape");
      const auto [f, tt, z] = sig::stft(x, {.fs = c.real("fs"),
                                            .nperseg = c.integer("nperseg"),
                                            .noverlap = opt_int(c, "noverlap"),
                                            .nfft = opt_int(c, "nfft"),
                                            .detrend = detrend_of(c),
                                            .return_onesided = c.flag("onesided"),
                                            .boundary = spectral_boundary_of(c),
                                            .padded = c.flag("padded"),
                                            .axis = c.integer("axis"),
                                            .scaling = scaling_of(c)});
      check_shape(c, z);
      check_close(c.text + " f", f, c.out("f"), 1e-14);
      check_close(c.text + " t", tt, c.out("t"), 1e-14);
      check_close(c.text + " Zxx", host_cplx(z), c.cout("p"), spectral_rtol<T>());
      // the round trip, where the segments cover the signal (a boundary and padding)
      if (c.flag("onesided") && c.str("detrend") == "none" && c.str("boundary") != "none" &&
          c.flag("padded")) {
        const index_t ax = c.integer("axis");
        const auto [t2, back] =
            sig::istft(z, {.fs = c.real("fs"),
                           .nperseg = std::min<index_t>(c.integer("nperseg"),
                                                        x.shape()[ax < 0 ? x.ndim() - 1 : ax]),
                           .noverlap = opt_int(c, "noverlap"),
                           .nfft = opt_int(c, "nfft"),
                           .time_axis = -1,
                           .freq_axis = ax < 0 ? -2 : 0,
                           .scaling = scaling_of(c)});
        const index_t n = x.shape()[ax < 0 ? x.ndim() - 1 : ax];
        const auto b = back; // time_axis=-1: the signal comes back along the last axis
        const cupp::ndarray<T> head(
            b.data(),
            [&] {
              auto s = b.shape();
              s[s.size() - 1] = n;
              return s;
            }(),
            b.strides(), b.owner(), b.device());
        check_close(c.text + " istft(stft(x))", host_real(head),
                    host_real(cupp::moveaxis(x, ax, -1)), 50 * spectral_rtol<T>());
      }
    });
  for (const auto& c : cupp_test::signal_cases("istft", spectral_file))
    with_float(c.str("dtype") == "complex64" ? "float32" : "float64", [&](auto t) {
      using T = decltype(t);
      INFO(c.text);
      const auto zc = c.complexes("z");
      std::vector<::cuda::std::complex<T>> h;
      for (const auto v : zc)
        h.emplace_back(static_cast<T>(v.real()), static_cast<T>(v.imag()));
      const auto z = cupp::asarray(h).reshape(cupp_test::shape_of(c.reals("shape")));
      const auto [tt, x] = sig::istft(z, {.fs = c.real("fs"),
                                          .nperseg = c.integer("nperseg"),
                                          .noverlap = opt_int(c, "noverlap"),
                                          .nfft = opt_int(c, "nfft"),
                                          .boundary = c.flag("boundary"),
                                          .time_axis = c.integer("time_axis"),
                                          .freq_axis = c.integer("freq_axis"),
                                          .scaling = scaling_of(c)});
      check_shape(c, x);
      check_close(c.text + " t", tt, c.out("t"), 1e-14);
      check_close(c.text + " x", host_real(x), c.out("x"), 10 * spectral_rtol<T>());
    });
}

TEST_CASE("hilbert, hilbert2 and detrend match SciPy", "[signal][spectral]") {
  for (const auto& c : cupp_test::signal_cases("hilbert", spectral_file))
    with_float(c.str("dtype"), [&](auto t) {
      using T = decltype(t);
      INFO(c.text);
      const auto p = sig::hilbert(array_of<T>(c, "x", "shape"), opt_int(c, "n"), c.integer("axis"));
      check_shape(c, p);
      check_close(c.text, host_cplx(p), c.cout("p"), spectral_rtol<T>());
    });
  for (const auto& c : cupp_test::signal_cases("hilbert2", spectral_file))
    with_float(c.str("dtype"), [&](auto t) {
      using T = decltype(t);
      INFO(c.text);
      std::optional<std::pair<index_t, index_t>> n;
      if (c.has("n")) n = std::pair<index_t, index_t>{c.reals("n")[0], c.reals("n")[1]};
      const auto p = sig::hilbert2(array_of<T>(c, "x", "shape"), n);
      check_shape(c, p);
      check_close(c.text, host_cplx(p), c.cout("p"), spectral_rtol<T>());
    });
  for (const auto& c : cupp_test::signal_cases("detrend", spectral_file))
    with_dtype(c.str("dtype"), [&](auto t) {
      using T = decltype(t);
      INFO(c.text);
      std::vector<index_t> bp;
      for (const double b : c.reals("bp"))
        bp.push_back(static_cast<index_t>(b));
      const auto p = sig::detrend(array_of<T>(c, "x", "shape"),
                                  {.axis = c.integer("axis"),
                                   .type = c.str("type") == "linear" ? sig::detrend_type::linear
                                                                     : sig::detrend_type::constant,
                                   .bp = bp});
      check_shape(c, p);
      using R = typename std::decay_t<decltype(p)>::value_type;
      static_assert(std::is_same_v<R, std::conditional_t<std::is_same_v<T, float>, float, double>>);
      check_close(c.text, host_real(p), c.out("p"), 10 * spectral_rtol<R>());
    });
}

TEST_CASE("spectral functions raise SciPy's errors", "[signal][spectral][errors]") {
  const auto x = cupp::asarray(std::vector<double>(100, 1.0));
  const auto win = sig::get_window("hann", 16);
  CHECK_THROWS_WITH_WORDS(sig::welch(x, {.nperseg = 16, .noverlap = 16}), cupp::value_error,
                          "noverlap=16 must be less than nperseg=16!");
  CHECK_THROWS_WITH_WORDS(sig::welch(x, {.nperseg = 0}), cupp::value_error,
                          "Parameter nperseg=0 is not a positive integer!");
  CHECK_THROWS_WITH_WORDS(sig::welch(x, {.nperseg = 16, .nfft = 8}), cupp::value_error,
                          "nfft=8 must be greater than or equal to nperseg=16!");
  CHECK_THROWS_WITH_WORDS(sig::welch(x, {.window = win, .nperseg = 20}), cupp::value_error,
                          "nperseg=20 does not equal len(win)=16");
  CHECK_THROWS_WITH_WORDS(sig::welch(x, {.window = "nope"}), cupp::value_error,
                          "Invalid window name");
  CHECK_THROWS_AS(sig::welch(x, {.axis = 1}), cupp::axis_error);
  // nperseg longer than the signal: SciPy warns and uses the signal's length
  CHECK(sig::welch(x, {.nperseg = 1000}).second.size() == 51);
  CHECK(std::get<2>(sig::stft(x)).shape() == cupp::shape_t{51, 3});
  CHECK_THROWS_WITH_WORDS(sig::stft(x, {.nperseg = 16, .noverlap = 20}), cupp::value_error,
                          "noverlap must be less than nperseg.");
  CHECK_THROWS_WITH_WORDS(sig::stft(x, {.nperseg = 16, .nfft = 10}), cupp::value_error,
                          "nfft must be greater than or equal to nperseg.");
  CHECK_THROWS_WITH_WORDS(sig::stft(x, {.nperseg = 0}), cupp::value_error,
                          "nperseg must be a positive integer");
  CHECK_THROWS_WITH_WORDS(sig::spectrogram(x, {.window = win, .nperseg = 20}), cupp::value_error,
                          "value specified for nperseg is different from length of window");
  CHECK_THROWS_WITH_WORDS(
      sig::spectrogram(cupp::asarray(std::vector<double>(8, 1.0)), {.window = win}),
      cupp::value_error, "window is longer than input signal");
  CHECK_THROWS_WITH_WORDS(
      sig::periodogram(x, {.window = win}), cupp::value_error,
      "the size of the window must be the same size of the input on the specified axis");
  const auto z = std::get<2>(sig::stft(x, {.nperseg = 16}));
  CHECK_THROWS_WITH_WORDS(sig::istft(cupp::asarray(std::vector<cupp::complex128>(4))),
                          cupp::value_error, "Input stft must be at least 2d!");
  CHECK_THROWS_WITH_WORDS(sig::istft(z, {.time_axis = 0, .freq_axis = 0}), cupp::value_error,
                          "Must specify differing time and frequency axes!");
  CHECK_THROWS_WITH_WORDS(sig::istft(z, {.window = win, .nperseg = 12}), cupp::value_error,
                          "window must have length of 12");
  CHECK_THROWS_WITH_WORDS(sig::istft(z, {.nperseg = 16, .noverlap = 16}), cupp::value_error,
                          "noverlap must be less than nperseg.");
  CHECK_THROWS_WITH_WORDS(sig::hilbert(x, 0), cupp::value_error, "N must be positive.");
  CHECK_THROWS_WITH_WORDS(
      sig::hilbert2(x.reshape(cupp::shape_t{10, 10}), std::pair<index_t, index_t>{0, 3}),
      cupp::value_error, "When given as a tuple, N must hold exactly two positive integers");
  CHECK_THROWS_WITH_WORDS(sig::detrend(x, {.bp = {101}}), cupp::value_error,
                          "Breakpoints must be less than length of data along given axis.");
  CHECK_THROWS_WITH_WORDS(
      sig::csd(x.reshape(cupp::shape_t{2, 50}),
               cupp::asarray(std::vector<double>(150, 1.0)).reshape(cupp::shape_t{3, 50})),
      cupp::value_error, "x and y cannot be broadcast together.");
  // empty input: SciPy's empty results of x's shape
  const auto e = sig::welch(cupp::asarray(std::vector<double>{}));
  CHECK(e.first.size() == 0);
  CHECK(e.second.size() == 0);
}
