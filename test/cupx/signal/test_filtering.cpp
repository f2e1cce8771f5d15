// cupx::signal's filtering (lfilter, lfilter_zi, sosfilt, sosfilt_zi, filtfilt, sosfiltfilt)
// against SciPy's results (test/fixtures/signal_filtering.txt, written by
// scripts/gen_signal_filter_fixtures.py), long rows against a long double loop, and the errors.
#include "signal_testing.hpp"

#include <cupx/signal/filtering.hpp>
#include <cupx/signal/iir_design.hpp>

#include <cupp/manipulation/views.hpp>

#include <algorithm>
#include <complex>
#include <cstdint>
#include <type_traits>

namespace sig = cupx::signal;
using cupp::index_t;
using cupp_test::check_close;
using cupp_test::signal_case;

namespace {
// Tolerances, relative to the largest value of SciPy's result, the same on both backends.
// float64: the host backend runs SciPy's recurrence in SciPy's order (the FIR path: SciPy
// convolves; zf, lfilter_zi and filtfilt's steady states are computed by other formulas than
// SciPy's solve); the CUDA scan reorders the sums, and filters whose companion powers would
// amplify that (narrow bands, high orders: the 12-pole band-pass and 8th-order ba filters here)
// run sample after sample there too (detail/cuda/linear_recurrence.cuh). float32: 2e-4 (the same
// recurrence in single precision, up to 4th order).
constexpr double rtol64 = 1e-9;
constexpr double rtol32 = 2e-4;
const char* const filtering_file = "signal_filtering.txt";

template <class T> double filtering_rtol() { return std::is_same_v<T, float> ? rtol32 : rtol64; }

template <class T> cupp::ndarray<T> array_of(const signal_case& c, const std::string& key) {
  std::vector<T> v;
  if (c.has(key))
    for (const double d : c.reals(key))
      v.push_back(static_cast<T>(d));
  return cupp::asarray(v);
}
/// The case's x (of dtype T) as the view it asks for.
template <class T> cupp::ndarray<T> x_of(const signal_case& c) {
  const auto x = array_of<T>(c, "x").reshape(cupp_test::shape_of(c.reals("shape")));
  const std::string kind = c.str("view");
  if (kind == "flip") return cupp::flip(x, c.integer("axis"));
  if (kind == "T") return x.T();
  if (kind == "step") {
    cupp::shape_t s = x.shape(), st = x.strides();
    s[0] = (s[0] + 1) / 2;
    st[0] *= 2;
    return cupp::ndarray<T>(x.data(), s, st, x.owner(), x.device());
  }
  return x;
}
/// Calls f with a value of the dtype named by the case's key.
template <class F> void with_dtype(const signal_case& c, const std::string& key, F&& f) {
  const std::string d = c.str(key);
  if (d == "float32") {
    f(float{});
  } else if (d == "int64") {
    f(std::int64_t{});
  } else {
    REQUIRE(d == "float64");
    f(double{});
  }
}
template <class R>
void check_result(const signal_case& c, const std::string& name, const cupp::ndarray<R>& got) {
  REQUIRE(got.shape() == cupp_test::shape_of(c.out(name + "shape")));
  check_close(c.text.substr(0, 120) + " " + name,
              cupp::ndarray<double>(got.template astype<double>()), c.out(name),
              filtering_rtol<R>());
}
sig::pad_type pad_of(const std::string& s) {
  if (s == "even") return sig::pad_type::even;
  if (s == "constant") return sig::pad_type::constant;
  if (s == "none") return sig::pad_type::none;
  return sig::pad_type::odd;
}
sig::filtfilt_kw filtfilt_kw_of(const signal_case& c) {
  const bool gust = c.has("method") && c.str("method") == "gust";
  const bool irlen = c.has("irlen") && c.str("irlen") != "none";
  return {.axis = c.integer("axis"),
          .padtype = pad_of(c.str("padtype")),
          .padlen = c.has("padlen") ? std::optional<index_t>(c.integer("padlen")) : std::nullopt,
          .method = gust ? sig::filtfilt_method::gust : sig::filtfilt_method::pad,
          .irlen = irlen ? std::optional<index_t>(c.integer("irlen")) : std::nullopt};
}
} // namespace

TEST_CASE("signal lfilter matches SciPy", "[signal][filtering]") {
  std::size_t cases = 0;
  for (const signal_case& c : cupp_test::signal_cases("lfilter", filtering_file)) {
    CAPTURE(c.text.substr(0, 120));
    with_dtype(c, "dtype", [&](auto xt) {
      with_dtype(c, "cdtype", [&](auto ct) {
        using X = decltype(xt);
        using C = decltype(ct);
        const auto x = x_of<X>(c);
        const auto b = array_of<C>(c, "b"), a = array_of<C>(c, "a");
        const index_t axis = c.integer("axis");
        if (c.has("zi")) {
          const auto zi =
              cupp::asarray(c.reals("zi")).reshape(cupp_test::shape_of(c.reals("zshape")));
          const auto [y, zf] = sig::lfilter(b, a, x, axis, zi);
          check_result(c, "y", y);
          check_result(c, "zf", zf);
        } else {
          const auto y = sig::lfilter(b, a, x, axis);
          static_assert(
              std::is_same_v<typename decltype(y)::value_type, sig::detail::filter_t<C, C, X>>);
          check_result(c, "y", y);
        }
      });
    });
    ++cases;
  }
  CHECK(cases >= 80);
}

TEST_CASE("signal sosfilt matches SciPy", "[signal][filtering]") {
  std::size_t cases = 0;
  for (const signal_case& c : cupp_test::signal_cases("sosfilt", filtering_file)) {
    CAPTURE(c.text.substr(0, 120));
    with_dtype(c, "dtype", [&](auto xt) {
      with_dtype(c, "cdtype", [&](auto ct) {
        using X = decltype(xt);
        using C = decltype(ct);
        const auto x = x_of<X>(c);
        auto sos = array_of<C>(c, "sos");
        if (sos.size() != 6 || c.integer("sections") != 6) // else the 1-D sos of one section
          sos = sos.reshape(cupp::shape_t{c.integer("sections"), 6});
        const index_t axis = c.integer("axis");
        if (c.has("zi")) {
          const auto zi =
              cupp::asarray(c.reals("zi")).reshape(cupp_test::shape_of(c.reals("zshape")));
          const auto [y, zf] = sig::sosfilt(sos, x, axis, zi);
          check_result(c, "y", y);
          check_result(c, "zf", zf);
        } else {
          check_result(c, "y", sig::sosfilt(sos, x, axis));
        }
      });
    });
    ++cases;
  }
  CHECK(cases >= 50);
}

TEST_CASE("signal lfilter_zi and sosfilt_zi match SciPy", "[signal][filtering]") {
  for (const signal_case& c : cupp_test::signal_cases("lfilter_zi", filtering_file)) {
    CAPTURE(c.text);
    with_dtype(c, "cdtype", [&](auto ct) {
      using C = decltype(ct);
      const auto zi = sig::lfilter_zi(array_of<C>(c, "b"), array_of<C>(c, "a"));
      static_assert(std::is_same_v<typename decltype(zi)::value_type, sig::detail::filter_t<C, C>>);
      check_close(c.text, cupp::ndarray<double>(zi.template astype<double>()), c.out("zi"),
                  std::is_same_v<C, float> ? 1e-5 : 1e-10);
    });
  }
  for (const signal_case& c : cupp_test::signal_cases("sosfilt_zi", filtering_file)) {
    CAPTURE(c.text);
    const auto sos = array_of<double>(c, "sos").reshape(cupp::shape_t{c.integer("sections"), 6});
    const auto zi = sig::sosfilt_zi(sos);
    CHECK(zi.shape() == cupp::shape_t{c.integer("sections"), 2});
    check_close(c.text, zi, c.out("zi"), 1e-10);
  }
  // the ba overload
  const auto f = sig::butter(3, 0.25);
  check_close("ba", sig::lfilter_zi(f), sig::lfilter_zi(f.b, f.a).get(), 0.0);
}

TEST_CASE("signal filtfilt and sosfiltfilt match SciPy", "[signal][filtering]") {
  std::size_t cases = 0;
  for (const std::string func : {"filtfilt", "sosfiltfilt"})
    for (const signal_case& c : cupp_test::signal_cases(func, filtering_file)) {
      CAPTURE(c.text.substr(0, 120));
      with_dtype(c, "dtype", [&](auto xt) {
        using X = decltype(xt);
        const auto x = x_of<X>(c);
        if (func == "filtfilt") {
          check_result(c, "y",
                       sig::filtfilt(array_of<double>(c, "b"), array_of<double>(c, "a"), x,
                                     filtfilt_kw_of(c)));
        } else {
          const auto sos =
              array_of<double>(c, "sos").reshape(cupp::shape_t{c.integer("sections"), 6});
          check_result(c, "y", sig::sosfiltfilt(sos, x, filtfilt_kw_of(c)));
        }
      });
      ++cases;
    }
  CHECK(cases >= 60);
}

namespace {
/// The case's complex array of C from its parts `re` and `im` (zeros where `im` is absent).
template <class C>
cupp::ndarray<C> complex_of(const signal_case& c, const std::string& re, const std::string& im,
                            const cupp::shape_t& shape) {
  using F = cupp::real_t<C>;
  cupp::ndarray<C> z = cupp::zeros<C>(shape);
  z.real() = array_of<F>(c, re).reshape(shape);
  if (c.has(im)) z.imag() = array_of<F>(c, im).reshape(shape);
  return z;
}
/// got against SciPy's complex output `name`, relative to its largest magnitude.
template <class C>
void check_complex(const signal_case& c, const std::string& name, const cupp::ndarray<C>& got) {
  const auto want = c.cout(name);
  const auto g = cupp::ndarray<cupp::complex128>(got.template astype<cupp::complex128>()).get();
  REQUIRE(g.size() == want.size());
  double scale = 0.0;
  for (const auto& w : want)
    scale = std::max(scale, std::abs(w));
  for (std::size_t k = 0; k < g.size(); ++k) {
    const std::complex<double> d(g[k].real() - want[k].real(), g[k].imag() - want[k].imag());
    CHECK(std::abs(d) <= filtering_rtol<cupp::real_t<C>>() * scale);
  }
}
} // namespace

TEST_CASE("signal filters of complex data match SciPy", "[signal][filtering]") {
  std::size_t cases = 0;
  for (const std::string func : {"lfilter", "sosfilt", "filtfilt", "sosfiltfilt"})
    for (const signal_case& c : cupp_test::signal_cases(func + "_complex", filtering_file)) {
      CAPTURE(c.text.substr(0, 120));
      const auto run = [&](auto xt) {
        using X = decltype(xt);
        const auto shape = cupp_test::shape_of(c.reals("shape"));
        const auto x = complex_of<X>(c, "x", "xi", shape);
        const index_t axis = c.integer("axis");
        const auto b = array_of<double>(c, "b"), a = array_of<double>(c, "a");
        const auto sos =
            c.has("sos")
                ? array_of<double>(c, "sos").reshape(cupp::shape_t{c.integer("sections"), 6})
                : cupp::ndarray<double>();
        // SciPy's dtype: float64 coefficients make complex128, whatever x's precision
        REQUIRE(c.str("ydtype") == "complex128");
        if (c.has("zi")) {
          const auto zshape = cupp_test::shape_of(c.reals("zshape"));
          const auto check = [&](const auto& zi) {
            const auto [y, zf] = func == "lfilter" ? sig::lfilter(b, a, x, axis, zi)
                                                   : sig::sosfilt(sos, x, axis, zi);
            static_assert(std::is_same_v<typename decltype(y)::value_type, cupp::complex128>);
            check_complex(c, "y", y);
            check_complex(c, "zf", zf);
          };
          if (c.has("zii")) {
            check(complex_of<cupp::complex128>(c, "zi", "zii", zshape));
          } else {
            check(array_of<double>(c, "zi").reshape(zshape));
          }
        } else if (func == "lfilter") {
          check_complex(c, "y", sig::lfilter(b, a, x, axis));
        } else if (func == "sosfilt") {
          check_complex(c, "y", sig::sosfilt(sos, x, axis));
        } else if (func == "filtfilt") {
          check_complex(c, "y", sig::filtfilt(b, a, x, {.axis = axis}));
        } else {
          check_complex(c, "y", sig::sosfiltfilt(sos, x, {.axis = axis}));
        }
      };
      if (c.str("dtype") == "complex64") {
        run(cupp::complex64{});
      } else {
        run(cupp::complex128{});
      }
      ++cases;
    }
  CHECK(cases == 16);
  // complex64 data and float32 coefficients stay complex64 (NumPy's result_type)
  const auto x = cupp::ndarray<cupp::complex64>(cupp::zeros<cupp::complex64>({8}));
  STATIC_REQUIRE(
      std::is_same_v<decltype(sig::lfilter(cupp::ones<float>({2}), cupp::ones<float>({1}), x)),
                     cupp::ndarray<cupp::complex64>>);
}

TEST_CASE("signal filtering of float32 stays float32, and the ba overloads",
          "[signal][filtering]") {
  const auto f = sig::butter(4, 0.2);
  const auto b = cupp::ndarray<float>(f.b.astype<float>());
  const auto a = cupp::ndarray<float>(f.a.astype<float>());
  const auto x = cupp::ndarray<float>(cupp::asarray(std::vector<double>(50, 1.0)).astype<float>());
  static_assert(std::is_same_v<decltype(sig::lfilter(b, a, x)), cupp::ndarray<float>>);
  static_assert(std::is_same_v<decltype(sig::lfilter(f, x)), cupp::ndarray<double>>);
  static_assert(std::is_same_v<decltype(sig::filtfilt(b, a, x)), cupp::ndarray<float>>);
  static_assert(
      std::is_same_v<decltype(sig::lfilter(b, a, cupp::ndarray<cupp::float16>(cupp::shape_t{3}))),
                     cupp::ndarray<float>>);
  static_assert(std::is_same_v<decltype(sig::lfilter(cupp::ndarray<int>(cupp::shape_t{3}), a,
                                                     cupp::ndarray<bool>(cupp::shape_t{3}))),
                               cupp::ndarray<double>>);
  check_close("ba", sig::lfilter(f, x.astype<double>()),
              sig::lfilter(f.b, f.a, cupp::ndarray<double>(x.astype<double>())).get(), 0.0);
  const auto [y, zf] = sig::lfilter(f, x, 0, cupp::ndarray<double>(sig::lfilter_zi(f)));
  check_close("step response from the steady state", y, std::vector<double>(50, 1.0), 1e-12);
  check_close("ba filtfilt", sig::filtfilt(f, x), sig::filtfilt(f.b, f.a, x).get(), 0.0);
  // n = 0: an empty result; with zi, zf = zi (SciPy 1.17 returns uninitialised memory)
  const auto e = cupp::ndarray<double>(cupp::shape_t{2, 0});
  CHECK(sig::lfilter(f.b, f.a, e).shape() == cupp::shape_t{2, 0});
  const auto zi = cupp::asarray(std::vector<double>{1, 2, 3, 4, 5, 6, 7, 8}).reshape(2, 4);
  const auto [ye, zfe] = sig::lfilter(f.b, f.a, e, -1, zi);
  CHECK(ye.shape() == cupp::shape_t{2, 0});
  check_close("zf of an empty x", zfe, zi.get(), 0.0);
  const auto sos = sig::butter<sig::sos>(4, 0.2);
  CHECK(sig::sosfilt(sos, e).shape() == cupp::shape_t{2, 0});
}

namespace {
/// lfilter in long double: the recurrence in its plain form y[i] = sum b_j x[i-j] - sum a_j y[i-j].
std::vector<long double> reference(const std::vector<double>& b, const std::vector<double>& a,
                                   const std::vector<long double>& x) {
  std::vector<long double> y(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) {
    long double s = 0;
    for (std::size_t j = 0; j < b.size() && j <= i; ++j)
      s += static_cast<long double>(b[j]) / a[0] * x[i - j];
    for (std::size_t j = 1; j < a.size() && j <= i; ++j)
      s -= static_cast<long double>(a[j]) / a[0] * y[i - j];
    y[i] = s;
  }
  return y;
}
} // namespace

TEST_CASE("signal lfilter and sosfilt of long rows match a long double loop",
          "[signal][filtering]") {
  // n = 100000 in one row and in three (the CUDA backend's scan over chunks of a row)
  constexpr index_t n = 100000;
  std::vector<double> xs(static_cast<std::size_t>(3 * n));
  std::uint64_t state = 22;
  for (auto& v : xs) { // a deterministic sequence in [-1, 1)
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    v = static_cast<double>(state >> 11) / 4503599627370496.0 - 1.0;
  }
  const auto x = cupp::asarray(xs).reshape(3, n);
  const auto f = sig::butter(4, 0.1);
  const auto sos = sig::butter<sig::sos>(8, 0.1);
  const auto hb = f.b.get(), ha = f.a.get(), hs = sos.get();
  const auto y = sig::lfilter(f.b, f.a, x).get();
  const auto ys = sig::sosfilt(sos, x).get();
  const auto y1 = sig::lfilter(f.b, f.a, x(0)).get();
  for (index_t r = 0; r < 3; ++r) {
    std::vector<long double> row(xs.begin() + r * n, xs.begin() + (r + 1) * n);
    const auto want = reference(hb, ha, row);
    auto sec = row;
    for (std::size_t s = 0; s < hs.size() / 6; ++s)
      sec = reference({hs[6 * s], hs[6 * s + 1], hs[6 * s + 2]},
                      {hs[6 * s + 3], hs[6 * s + 4], hs[6 * s + 5]}, sec);
    std::vector<double> got(y.begin() + r * n, y.begin() + (r + 1) * n);
    std::vector<double> got_s(ys.begin() + r * n, ys.begin() + (r + 1) * n);
    // 1e-10 of the largest value: rounding of the double recurrence over 1e5 steps of a stable
    // filter (poles within 0.95 of the unit circle) stays near 1e-14
    check_close("lfilter row " + std::to_string(r), got,
                std::vector<double>(want.begin(), want.end()), 1e-10);
    check_close("sosfilt row " + std::to_string(r), got_s,
                std::vector<double>(sec.begin(), sec.end()), 1e-10);
  }
  check_close("one row", y1, std::vector<double>(y.begin(), y.begin() + n), 1e-12);
}

TEST_CASE("signal filtering errors", "[signal][filtering]") {
  using cupp::value_error;
  const auto f = sig::butter(2, 0.2);
  const auto x = cupp::asarray(std::vector<double>(10, 1.0));
  const auto x2 = x.reshape(2, 5);
  const auto empty = cupp::ndarray<double>(cupp::shape_t{0});
  const auto one = cupp::asarray(std::vector<double>{1.0});
  const auto z = [](cupp::shape_t s) {
    cupp::ndarray<double> a(s);
    a.fill(0.0);
    return a;
  };
  // coefficients
  CHECK_THROWS_WITH_WORDS(sig::lfilter(empty, f.a, x), value_error,
                          "Parameter b is not a non-empty 1d array, since b.shape=(0,)!");
  CHECK_THROWS_WITH_WORDS(sig::lfilter(f.b, empty, x), value_error,
                          "Parameter a is not a non-empty 1d array, since a.shape=(0,)!");
  CHECK_THROWS_WITH_WORDS(sig::lfilter(z({2, 2}), f.a, x), value_error, "since b.shape=(2, 2)!");
  // axes: SciPy's C filter says "selected axis is out of range", its FIR path NumPy's AxisError
  CHECK_THROWS_WITH_WORDS(sig::lfilter(f.b, f.a, x2, 2), value_error,
                          "selected axis is out of range");
  CHECK_THROWS_WITH_WORDS(sig::lfilter(f.b, f.a, x2, -3), value_error,
                          "selected axis is out of range");
  CHECK_THROWS_WITH_WORDS(sig::lfilter(f.b, f.a, cupp::ndarray<double>(cupp::shape_t{})),
                          value_error, "selected axis is out of range");
  CHECK_THROWS_AS(sig::lfilter(f.b, one, x2, 2), cupp::axis_error);
  CHECK_THROWS_AS(sig::sosfilt(sig::butter<sig::sos>(2, 0.2), x2, 2), cupp::axis_error);
  CHECK_THROWS_AS(sig::filtfilt(f.b, f.a, x2, {.axis = -3}), cupp::axis_error);
  // zi shapes: the C filter's messages and the FIR path's
  CHECK_THROWS_WITH_WORDS(sig::lfilter(f.b, f.a, x, -1, z({3})), value_error,
                          "Unexpected shape for zi: expected (2,), found (3,).");
  CHECK_THROWS_WITH_WORDS(sig::lfilter(f.b, f.a, x2, -1, z({2, 3})), value_error,
                          "Unexpected shape for zi:  expected (2,2), found (2,3).");
  CHECK_THROWS_WITH_WORDS(sig::lfilter(f.b, f.a, x2, 0, z({3, 5})), value_error,
                          "expected (2,5), found (3,5).");
  CHECK_THROWS_WITH_WORDS(sig::lfilter(f.b, f.a, x, -1, z({2, 1})), value_error,
                          "object too deep for desired array");
  CHECK_THROWS_WITH_WORDS(sig::lfilter(f.b, f.a, x2, -1, z({2})), value_error,
                          "object of too small depth for desired array");
  const auto fir = cupp::asarray(std::vector<double>{1, 2, 3});
  CHECK_THROWS_WITH_WORDS(sig::lfilter(fir, one, x, -1, z({3})), value_error,
                          "Unexpected shape for parameter zi: expected (2,), found (3,).");
  CHECK_THROWS_WITH_WORDS(sig::lfilter(fir, one, x2, -1, z({2})), value_error,
                          "Dimensions of parameters x and zi must match, but x.ndim=2, zi.ndim=1!");
  // sosfilt
  const auto sos = sig::butter<sig::sos>(4, 0.2);
  CHECK_THROWS_WITH_WORDS(sig::sosfilt(z({2, 5}), x), value_error,
                          "sos array must be shape (n_sections, 6)");
  CHECK_THROWS_WITH_WORDS(sig::sosfilt(z({1, 2, 6}), x), value_error, "sos array must be 2D");
  CHECK_THROWS_WITH_WORDS(sig::sosfilt(sos, cupp::ndarray<double>(cupp::shape_t{})), value_error,
                          "x must be at least 1-D");
  CHECK_THROWS_WITH_WORDS(sig::sosfilt(sos, x2, -1, z({2, 3})), value_error,
                          "Invalid zi shape. With axis=-1, an input with shape (2, 5), and an sos "
                          "array with 2 sections, zi must have shape (2, 2, 2), got (2, 3).");
  CHECK_THROWS_WITH_WORDS(sig::sosfilt_zi(z({2, 5})), value_error,
                          "sos must be shape (n_sections, 6)");
  // lfilter_zi
  CHECK_THROWS_WITH_WORDS(sig::lfilter_zi(z({2, 2}), f.a), value_error, "Numerator b must be 1-D.");
  CHECK_THROWS_WITH_WORDS(sig::lfilter_zi(f.b, z({2, 2})), value_error,
                          "Denominator a must be 1-D.");
  CHECK_THROWS_WITH_WORDS(sig::lfilter_zi(f.b, empty), value_error,
                          "There must be at least one nonzero `a` coefficient.");
  CHECK_THROWS_WITH_WORDS(sig::lfilter_zi(one, one), value_error,
                          "The length of `a` along the last axis must be at least 2.");
  // filtfilt, sosfiltfilt: padlen
  CHECK_THROWS_WITH_WORDS(sig::filtfilt(f.b, f.a, cupp::asarray(std::vector<double>(9, 1.0))),
                          value_error,
                          "The length of the input vector x must be greater than padlen, which "
                          "is 9.");
  CHECK_THROWS_WITH_WORDS(sig::filtfilt(f.b, f.a, x, {.padlen = 10}), value_error,
                          "greater than padlen, which is 10.");
  CHECK_THROWS_WITH_WORDS(sig::sosfiltfilt(sos, x), value_error,
                          "greater than padlen, which is 15.");
  CHECK_THROWS_WITH_WORDS(sig::filtfilt(f.b, f.a, empty, {.padtype = sig::pad_type::none}),
                          value_error, "greater than padlen, which is 0.");
  CHECK_THROWS_WITH_WORDS(sig::filtfilt(empty, f.a, x, {.padlen = 2}), value_error,
                          "Parameter b is not a non-empty 1d array");
  CHECK_THROWS_WITH_WORDS(sig::sosfiltfilt(sos, cupp::ndarray<double>(cupp::shape_t{})),
                          value_error, "x must be at least 1-D");
  // Gustafsson's method is filtfilt's alone; an empty signal gives an empty one (SciPy's)
  CHECK(sig::filtfilt(f.b, f.a, cupp::zeros<double>({0}), {.method = sig::filtfilt_method::gust})
            .size() == 0);
  CHECK_THROWS_WITH_WORDS(sig::sosfiltfilt(sos, x, {.method = sig::filtfilt_method::gust}),
                          value_error, "sosfiltfilt takes no method or irlen");
  // sosfiltfilt's default padlen reads sos back and checks it as SciPy
  auto bad = sos.copy();
  bad(0, 3) = 2.0;
  const auto long_x = cupp::asarray(std::vector<double>(40, 1.0));
  CHECK_THROWS_WITH_WORDS(sig::sosfiltfilt(bad, long_x), value_error,
                          "sos[:, 3] should be all ones");
  // a negative padlen is no extension (as SciPy)
  check_close("negative padlen", sig::filtfilt(f.b, f.a, x, {.padlen = -1}),
              sig::filtfilt(f.b, f.a, x, {.padlen = 0}).get(), 0.0);
}
