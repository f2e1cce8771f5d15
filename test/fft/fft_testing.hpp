#pragma once
// Helpers of the FFT tests: NumPy's results (test/fixtures/fft.txt, written by
// scripts/gen_fft_fixtures.py, read with the linalg fixtures' reader), the fixture calls run
// through cupp's transforms in any input dtype, the dtypes NumPy 2 gives, and a host DFT.
#include "linalg/linalg_testing.hpp"

#include <cupp/core/half.hpp>
#include <cupp/fft/fft.hpp>
#include <cupp/fft/helper.hpp>

#include <cmath>
#include <complex>
#include <cstdint>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

namespace cupp_test {

namespace cfft = cupp::fft;

/// The input dtypes the fixture cases run in (float64/complex128 as written, the others cast).
using fft_input_dtypes =
    std::tuple<double, float, cupp::complex128, cupp::complex64, cupp::float16, std::int32_t>;

/// One line of test/fixtures/fft.txt: the function, its keywords (from the name
/// "fft:n=8:axis=0"), the input and NumPy's output with its shape.
struct fft_case {
  std::string func;
  std::map<std::string, std::string> kw;
  linalg_fixture f;

  [[nodiscard]] bool has(const std::string& k) const { return kw.count(k) != 0; }
  [[nodiscard]] std::int64_t integer(const std::string& k) const { return std::stoll(kw.at(k)); }
  [[nodiscard]] std::vector<std::int64_t> list(const std::string& k) const {
    const cupp::shape_t s = parse_shape(kw.at(k));
    return std::vector<std::int64_t>(s.begin(), s.end());
  }
  [[nodiscard]] cfft::norm_mode norm() const {
    if (!has("norm")) return cfft::backward;
    const std::string& n = kw.at("norm");
    if (n == "ortho") return cfft::ortho;
    REQUIRE(n == "forward");
    return cfft::forward;
  }
  /// The input's values (complex for a complex128 line).
  [[nodiscard]] std::vector<zd> input() const { return list_values(0, f.dtype == "complex128"); }
  /// NumPy's output, complex (re im pairs) or real.
  [[nodiscard]] std::vector<zd> output(bool complex) const { return list_values(1, complex); }
  [[nodiscard]] cupp::shape_t output_shape() const {
    cupp::shape_t s;
    for (const double e : f.lists.at(2))
      s.push_back(static_cast<std::int64_t>(e));
    return s;
  }
  /// Whether every input value is a small integer (exact in int32 and float16).
  [[nodiscard]] bool integral() const {
    if (f.dtype != "float64") return false;
    for (const double v : f.lists.at(0))
      if (v != std::round(v) || std::abs(v) > 64) return false;
    return true;
  }
  [[nodiscard]] std::string label() const { return f.name + " " + f.dtype; }

  /// fft's keywords.
  [[nodiscard]] cfft::fft_kw kw1() const {
    cfft::fft_kw k;
    if (has("n")) k.n = integer("n");
    if (has("axis")) k.axis = integer("axis");
    k.norm = norm();
    return k;
  }
  /// fftn's keywords.
  [[nodiscard]] cfft::fftn_kw kwn() const {
    cfft::fftn_kw k;
    if (has("s")) k.s = cfft::lengths(list("s"));
    if (has("axes")) k.axes = cupp::axes(list("axes"));
    k.norm = norm();
    return k;
  }

private:
  [[nodiscard]] std::vector<zd> list_values(std::size_t i, bool complex) const {
    const std::vector<double>& v = f.lists.at(i);
    std::vector<zd> out;
    if (complex) {
      REQUIRE(v.size() % 2 == 0);
      for (std::size_t j = 0; j + 1 < v.size(); j += 2)
        out.emplace_back(v[j], v[j + 1]);
    } else {
      for (const double x : v)
        out.emplace_back(x, 0.0);
    }
    return out;
  }
};

/// Every line of `func` (the plain name and "func:..."), from test/fixtures/fft.txt.
inline std::vector<fft_case> fft_fixtures(const std::string& func) {
  std::vector<linalg_fixture> lines = linalg_fixtures(func + ":", "fft.txt");
  if (func != "fftfreq" && func != "rfftfreq")
    for (const linalg_fixture& f : linalg_fixtures(func, "fft.txt"))
      lines.push_back(f);
  std::vector<fft_case> out;
  for (const linalg_fixture& f : lines) {
    fft_case c;
    c.f = f;
    std::istringstream parts(f.name);
    std::getline(parts, c.func, ':');
    for (std::string kv; std::getline(parts, kv, ':');) {
      const auto eq = kv.find('=');
      REQUIRE(eq != std::string::npos);
      c.kw[kv.substr(0, eq)] = kv.substr(eq + 1);
    }
    REQUIRE(c.func == func);
    out.push_back(c);
  }
  return out;
}

/// Whether T computes in float32 (NumPy 2: complex64, float32, the 16-bit floats).
template <class T>
inline constexpr bool single_v =
    std::is_same_v<T, float> || std::is_same_v<T, cupp::complex64> || cupp::is_half_v<T>;

/// The dtype NumPy 2 gives a transform of input T: complex, or real (irfft, hfft).
template <class T> std::string complex_result_dtype() {
  return single_v<T> ? "complex64" : "complex128";
}
template <class T> std::string real_result_dtype() { return single_v<T> ? "float32" : "float64"; }
/// The dtype of NumPy 2's one-axis irfft and hfft: result_type(a.real.dtype, 1.0), so float16 and
/// bfloat16 stay themselves.
template <class T> std::string one_axis_real_dtype() {
  return cupp::is_half_v<T> ? cupp::dtype_name<T>() : real_result_dtype<T>();
}

/// The tolerance of a result relative to its largest value (NumPy's are float64).
template <class T> double fft_tolerance() { return single_v<T> ? 1e-4 : 1e-10; }

/// A result, whatever its dtype.
struct fft_result {
  cupp::shape_t shape;
  std::string dtype;
  bool complex = false;
  std::vector<zd> values;
};
template <class U> fft_result result_of(const cupp::ndarray<U>& r) {
  return {r.shape(), r.dtype(), cupp::is_complex_v<U>, values_of(r)};
}

/// Whether a function takes real input only (rfft, ihfft, rfft2, rfftn).
inline bool real_input_only(const std::string& f) {
  return f == "rfft" || f == "ihfft" || f == "rfft2" || f == "rfftn";
}
/// Whether a function's result is real (irfft, hfft, irfft2, irfftn).
inline bool real_output(const std::string& f) {
  return f == "irfft" || f == "hfft" || f == "irfft2" || f == "irfftn";
}

/// The fixture's call on x (keywords, or NumPy's positional order when `positional`).
template <class T>
fft_result run_fixture(const fft_case& c, const cupp::ndarray<T>& x, bool positional) {
  const std::string& f = c.func;
  const auto k1 = c.kw1();
  const auto kn = c.kwn();
#define CUPP_FFT_ONE(name)                                                                         \
  if (f == #name)                                                                                  \
    return positional ? result_of(cfft::name(x, k1.n, k1.axis, k1.norm))                           \
                      : result_of(cfft::name(x, k1));
#define CUPP_FFT_MANY(name)                                                                        \
  if (f == #name)                                                                                  \
    return positional ? result_of(cfft::name(x, kn.s, kn.axes, kn.norm))                           \
                      : result_of(cfft::name(x, kn));
  CUPP_FFT_ONE(fft)
  CUPP_FFT_ONE(ifft)
  CUPP_FFT_ONE(irfft)
  CUPP_FFT_ONE(hfft)
  CUPP_FFT_MANY(fft2)
  CUPP_FFT_MANY(ifft2)
  CUPP_FFT_MANY(irfft2)
  CUPP_FFT_MANY(fftn)
  CUPP_FFT_MANY(ifftn)
  CUPP_FFT_MANY(irfftn)
  if constexpr (!cupp::is_complex_v<T>) {
    CUPP_FFT_ONE(rfft)
    CUPP_FFT_ONE(ihfft)
    CUPP_FFT_MANY(rfft2)
    CUPP_FFT_MANY(rfftn)
  }
#undef CUPP_FFT_ONE
#undef CUPP_FFT_MANY
  FAIL("no transform " << f << " for this input");
  return {};
}

/// Runs every fixture line of `func` whose input dtype T can take (the float64 lines for real T,
/// the complex128 ones for complex T; int32 and float16 only the lines of small integers) and
/// checks the dtype, shape and values against NumPy's.
template <class T> void check_fixtures(const std::string& func, bool positional = false) {
  constexpr bool exact_input = std::is_same_v<T, double> || std::is_same_v<T, cupp::complex128>;
  constexpr bool rounded_input = std::is_same_v<T, float> || std::is_same_v<T, cupp::complex64>;
  int run = 0;
  for (const fft_case& c : fft_fixtures(func)) {
    if ((c.f.dtype == "complex128") != cupp::is_complex_v<T>) continue;
    if (!exact_input && !rounded_input && !c.integral()) continue;
    INFO(c.label() << " in " << cupp::dtype_name<T>() << (positional ? " (positional)" : ""));
    const auto x = array_of<T>(c.input(), c.f.a_shape);
    const fft_result r = run_fixture(c, x, positional);
    const bool real = real_output(func);
    const bool one_axis = func == "irfft" || func == "hfft";
    CHECK(r.dtype == (!real      ? complex_result_dtype<T>()
                      : one_axis ? one_axis_real_dtype<T>()
                                 : real_result_dtype<T>()));
    CHECK(r.complex == !real);
    CHECK(r.shape == c.output_shape());
    const auto want = c.output(!real);
    // a float16 result is rounded to float16
    const double tol = real && one_axis && cupp::is_half_v<T> ? 2e-3 : fft_tolerance<T>();
    if (r.values.size() == want.size()) {
      CHECK(relative_error(r.values, want) < tol);
    } else {
      FAIL_CHECK("result size " << r.values.size() << " != NumPy's " << want.size());
    }
    ++run;
  }
  // the dtype's lines exist (int32 and float16: some lines hold integers)
  if (!(real_input_only(func) && cupp::is_complex_v<T>)) CHECK(run > 0);
}

/// The DFT of x (length n, stride 1) on the host: sum_k x_k exp(-+2 pi i jk / n), in long double
/// accumulated per term.
inline std::vector<zd> host_dft(const std::vector<zd>& x, bool forward) {
  const std::size_t n = x.size();
  std::vector<zd> out(n);
  const long double sign = forward ? -1.0L : 1.0L;
  const long double two_pi = 6.283185307179586476925286766559L;
  for (std::size_t j = 0; j < n; ++j) {
    std::complex<long double> s = 0;
    for (std::size_t k = 0; k < n; ++k) {
      const std::size_t jk = (j * k) % n; // exact angle reduction
      const long double ang = sign * two_pi * static_cast<long double>(jk) / n;
      s += std::complex<long double>(x[k].real(), x[k].imag()) *
           std::complex<long double>(std::cos(ang), std::sin(ang));
    }
    out[j] = zd(static_cast<double>(s.real()), static_cast<double>(s.imag()));
  }
  return out;
}

/// The rows of a row-major (rows, cols) block, each transformed on the host.
inline std::vector<zd> host_rows(const std::vector<zd>& v, std::int64_t cols, bool forward) {
  std::vector<zd> out;
  const auto c = static_cast<std::size_t>(cols);
  for (std::size_t r = 0; r < v.size() / c; ++r) {
    const std::vector<zd> row(v.begin() + r * c, v.begin() + (r + 1) * c);
    for (const zd& z : host_dft(row, forward))
      out.push_back(z);
  }
  return out;
}

/// Deterministic pseudo-random values in [-1, 1) (imaginary parts zero for real T).
template <class T> cupp::ndarray<T> random_array(const cupp::shape_t& shape, unsigned seed) {
  std::mt19937_64 gen(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<zd> v(static_cast<std::size_t>(cupp::shape_size(shape)));
  for (zd& z : v) {
    const double re = u(gen);
    z = zd(re, cupp::is_complex_v<T> ? u(gen) : 0.0);
  }
  return array_of<T>(v, shape);
}

} // namespace cupp_test
