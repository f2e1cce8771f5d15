// The complex ufuncs against NumPy: test/fixtures/complex_ufuncs.txt
// (scripts/gen_complex_fixtures.py) holds NumPy's results for values on and near the branch cuts,
// signed zeros, infinities and NaN in either part, huge and tiny magnitudes. The file is data read
// at run time: each ufunc is compiled once per dtype here (a table of functions), not once per
// fixture line.
#include "common/testing.hpp"

#include <cupp/math/complex.hpp>
#include <cupp/math/functions.hpp>

#include <cmath>
#include <fstream>
#include <functional>
#include <iomanip>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

template <class T> using unary = std::function<cupp::ndarray<T>(const cupp::ndarray<T>&)>;
template <class T>
using binary = std::function<cupp::ndarray<T>(const cupp::ndarray<T>&, const cupp::ndarray<T>&)>;
template <class T>
using to_real = std::function<cupp::ndarray<cupp::real_t<T>>(const cupp::ndarray<T>&)>;

#define CUPP_U(NAME)                                                                               \
  {                                                                                                \
#NAME, [](const cupp::ndarray <T>& a) { return cupp::ndarray<T>(cupp::NAME(a)); }              \
  }
template <class T> std::map<std::string, unary<T>> unary_ufuncs() {
  return {CUPP_U(negative), CUPP_U(conjugate), CUPP_U(reciprocal), CUPP_U(exp),     CUPP_U(exp2),
          CUPP_U(expm1),    CUPP_U(log),       CUPP_U(log2),       CUPP_U(log10),   CUPP_U(log1p),
          CUPP_U(sqrt),     CUPP_U(square),    CUPP_U(sin),        CUPP_U(cos),     CUPP_U(tan),
          CUPP_U(sinh),     CUPP_U(cosh),      CUPP_U(tanh),       CUPP_U(arcsin),  CUPP_U(arccos),
          CUPP_U(arctan),   CUPP_U(arcsinh),   CUPP_U(arccosh),    CUPP_U(arctanh), CUPP_U(sign)};
}
#undef CUPP_U
#define CUPP_B(NAME)                                                                               \
  {                                                                                                \
#NAME, [](const cupp::ndarray <T>& a,                                                          \
              const cupp::ndarray <T>& b) { return cupp::ndarray<T>(cupp::NAME(a, b)); }           \
  }
template <class T> std::map<std::string, binary<T>> binary_ufuncs() {
  return {CUPP_B(add), CUPP_B(subtract), CUPP_B(multiply), CUPP_B(divide), CUPP_B(power)};
}
#undef CUPP_B
template <class T> std::map<std::string, to_real<T>> real_ufuncs() {
  using R = cupp::real_t<T>;
  return {{"absolute", [](const cupp::ndarray<T>& a) { return cupp::ndarray<R>(cupp::abs(a)); }},
          {"angle", [](const cupp::ndarray<T>& a) { return cupp::ndarray<R>(cupp::angle(a)); }}};
}

struct fixture_line {
  std::string name, dtype;
  int tol = 0;
  std::vector<std::vector<double>> lists; // the operands, then NumPy's results
};

std::vector<double> numbers(const std::string& text) {
  std::istringstream in(text);
  std::vector<double> v;
  for (std::string w; in >> w;)
    v.push_back(std::strtod(w.c_str(), nullptr)); // "nan", "inf", "-inf", "-0.0" included
  return v;
}

std::vector<fixture_line> read_fixtures() {
  std::ifstream in(CUPP_TEST_FIXTURES "/complex_ufuncs.txt");
  REQUIRE(in.good());
  std::vector<fixture_line> lines;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    fixture_line f;
    std::istringstream parts(line);
    std::string head, rest;
    std::getline(parts, head, '|');
    std::istringstream h(head);
    h >> f.name >> f.dtype >> f.tol;
    while (std::getline(parts, rest, '|'))
      f.lists.push_back(numbers(rest));
    lines.push_back(f);
  }
  return lines;
}

template <class T> std::vector<T> complex_values(const std::vector<double>& parts) {
  std::vector<T> v;
  for (std::size_t k = 0; k + 1 < parts.size(); k += 2)
    v.emplace_back(static_cast<cupp::real_t<T>>(parts[k]),
                   static_cast<cupp::real_t<T>>(parts[k + 1]));
  return v;
}

// one part against NumPy's: exactly where NumPy's is 0, infinite or NaN (signs included), else
// within tol units of the dtype's epsilon times the magnitude of NumPy's result (its larger
// finite part, at least the smallest normal number: the generator's definition)
template <class F> bool same_part(F got, F want, double magnitude, int tol) {
  if (std::isnan(want)) return std::isnan(got);
  if (tol == 0 || want == 0 || std::isinf(want))
    return got == want && std::signbit(got) == std::signbit(want);
  const double floor = std::numeric_limits<F>::min();
  return std::fabs(static_cast<double>(got) - want) <=
         tol * std::numeric_limits<F>::epsilon() * std::fmax(magnitude, floor);
}
// the larger finite part of w
double finite_magnitude(double re, double im) {
  const double a = std::isfinite(re) ? std::fabs(re) : 0, b = std::isfinite(im) ? std::fabs(im) : 0;
  return std::fmax(a, b);
}

template <class T> std::string show(T z) {
  std::ostringstream os;
  os << std::setprecision(std::is_same_v<T, cupp::complex64> ? 9 : 17);
  if constexpr (cupp::is_complex_v<T>) {
    os << "(" << z.real() << ", " << z.imag() << ")";
  } else {
    os << z;
  }
  return os.str();
}

// a 1-D array of v laid out contiguous (0), reversed (1: a negative stride) or strided (2)
template <class T> cupp::ndarray<T> laid_out(const std::vector<T>& v, int layout) {
  const auto n = static_cast<std::int64_t>(v.size());
  if (layout == 0) return cupp::asarray(v);
  if (layout == 1) {
    std::vector<T> r(v.rbegin(), v.rend());
    return cupp_test::reversed(cupp::asarray(r));
  }
  std::vector<T> spread(static_cast<std::size_t>(2 * n), T(7, -7));
  for (std::int64_t i = 0; i < n; ++i)
    spread[static_cast<std::size_t>(2 * i)] = v[static_cast<std::size_t>(i)];
  return cupp_test::every(cupp::asarray(spread), 2);
}

template <class T> void check_line(const fixture_line& f) {
  using F = cupp::real_t<T>;
  static const auto unaries = unary_ufuncs<T>();
  static const auto binaries = binary_ufuncs<T>();
  static const auto reals = real_ufuncs<T>();
  const auto a = complex_values<T>(f.lists.at(0));
  for (int layout = 0; layout < 3; ++layout) {
    INFO(f.name << " " << f.dtype << " (layout " << layout << ")");
    if (const auto r = reals.find(f.name); r != reals.end()) {
      const auto got = r->second(laid_out(a, layout)).get();
      const auto& want = f.lists.at(1);
      REQUIRE(got.size() == want.size());
      for (std::size_t i = 0; i < got.size(); ++i) {
        INFO("of " << show(a[i]) << ": NumPy " << show(want[i]) << ", cupp " << show(got[i]));
        CHECK(same_part<F>(got[i], want[i], finite_magnitude(want[i], 0), f.tol));
      }
      continue;
    }
    std::vector<T> got, b;
    if (const auto u = unaries.find(f.name); u != unaries.end()) {
      got = u->second(laid_out(a, layout)).get();
    } else {
      const auto fn = binaries.find(f.name);
      REQUIRE(fn != binaries.end());
      b = complex_values<T>(f.lists.at(1));
      got = fn->second(laid_out(a, layout), laid_out(b, layout)).get();
    }
    const auto want = complex_values<T>(f.lists.back());
    REQUIRE(got.size() == want.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
      const double magnitude = finite_magnitude(want[i].real(), want[i].imag());
      INFO("of " << show(a[i]) << (b.empty() ? "" : " and " + show(b[i])) << ": NumPy "
                 << show(want[i]) << ", cupp " << show(got[i]));
      CHECK(same_part<F>(got[i].real(), want[i].real(), magnitude, f.tol));
      CHECK(same_part<F>(got[i].imag(), want[i].imag(), magnitude, f.tol));
    }
  }
}

} // namespace

TEST_CASE("complex ufuncs match NumPy on branch cuts, signed zeros, inf and nan",
          "[math][complex]") {
  const auto lines = read_fixtures();
  CHECK(lines.size() > 60);
  for (const auto& f : lines) {
    if (f.dtype == "complex64") {
      check_line<cupp::complex64>(f);
    } else {
      REQUIRE(f.dtype == "complex128");
      check_line<cupp::complex128>(f);
    }
  }
}
