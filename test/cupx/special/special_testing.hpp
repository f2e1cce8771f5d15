#pragma once
// Helpers of the cupx::special tests: SciPy's values (test/fixtures/special_<family>.txt,
// written by scripts/gen_special_fixtures.py) and the check that runs a function over them in
// every dtype of the file, contiguous and through a negative-stride view, and compares within the
// line's bounds |got - want| <= atol + rtol |want| (NaN matches NaN, infinities match exactly).
#include "fixture_values.hpp"
#include "testing.hpp"

#include <cupp/core/complex.hpp>
#include <cupp/creation.hpp>
#include <cupp/ndarray.hpp>

#include <cmath>
#include <complex>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace cupp_test {

/// One line of a special_<family>.txt file.
struct special_fixture {
  std::string name, dtype;
  int nargs = 0;
  double rtol = 0, atol = 0;
  std::vector<std::vector<double>> lists; // the arguments, then the outputs
};

/// The lines of function `name` in special_<family>.txt.
inline std::vector<special_fixture> special_fixtures(const std::string& family,
                                                     const std::string& name) {
  std::ifstream in(CUPP_TEST_FIXTURES "/special_" + family + ".txt");
  REQUIRE(in.good());
  std::vector<special_fixture> out;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream parts(line);
    std::string head, list;
    std::getline(parts, head, '|');
    special_fixture f;
    std::istringstream h(head);
    h >> f.name >> f.dtype >> f.nargs >> f.rtol >> f.atol;
    if (f.name != name) continue;
    REQUIRE(!h.fail()); // a bound that does not parse would silently become 0
    while (std::getline(parts, list, '|')) {
      std::istringstream nums(list);
      std::vector<double> v;
      for (std::string w; nums >> w;)
        v.push_back(std::strtod(w.c_str(), nullptr));
      f.lists.push_back(std::move(v));
    }
    out.push_back(std::move(f));
  }
  REQUIRE(!out.empty());
  return out;
}

inline bool special_close(double got, double want, double rtol, double atol) {
  if (std::isnan(want)) return std::isnan(got);
  if (std::isinf(want)) return got == want;
  return std::fabs(got - want) <= atol + rtol * std::fabs(want);
}

/// Compares an output with the fixture's list (complex parts each within the bounds of the
/// value's magnitude, as SciPy's own tests of complex functions).
template <class R>
void check_special_output(const special_fixture& f, const std::vector<R>& got,
                          const std::vector<double>& want_list, const std::vector<double>& arg0) {
  const auto want = fixture_values<R>(want_list);
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    bool ok;
    if constexpr (cupp::is_complex_v<R>) {
      const double scale = std::abs(std::complex<double>(want[i].real(), want[i].imag()));
      const double bound = f.atol + f.rtol * (std::isfinite(scale) ? scale : 0.0);
      auto part = [&](double g, double w) {
        return std::isnan(w) ? std::isnan(g) : std::isinf(w) ? g == w : std::fabs(g - w) <= bound;
      };
      ok = part(got[i].real(), want[i].real()) && part(got[i].imag(), want[i].imag());
    } else {
      ok = special_close(static_cast<double>(got[i]), static_cast<double>(want[i]), f.rtol, f.atol);
    }
    if (!ok) {
      std::ostringstream msg;
      msg.precision(17);
      msg << f.name << " " << f.dtype << " element " << i << " (first argument "
          << (i < arg0.size() ? arg0[i] : 0.0) << "): got ";
      if constexpr (cupp::is_complex_v<R>) {
        msg << got[i].real() << "+" << got[i].imag() << "j, want " << want[i].real() << "+"
            << want[i].imag() << "j";
      } else {
        msg << static_cast<double>(got[i]) << ", want " << static_cast<double>(want[i]);
      }
      FAIL_CHECK(msg.str());
    }
  }
}

/// The device array of a fixture list, contiguous or (`strided`) as a negative-stride view.
template <class T> cupp::ndarray<T> special_array(const std::vector<double>& list, bool strided) {
  const std::vector<T> v = fixture_values<T>(list);
  const auto n = static_cast<std::int64_t>(v.size());
  if (!strided) return cupp::asarray(v.data(), {n});
  std::vector<T> twice(2 * v.size(), T(0)); // v reversed at the odd positions
  for (std::size_t i = 0; i < v.size(); ++i)
    twice[2 * (v.size() - 1 - i) + 1] = v[i];
  const cupp::ndarray<T> all = cupp::asarray(twice.data(), {2 * n});
  return every(reversed(all), 2);
}

/// The host values of an expression (or array).
template <class E> auto evaluated(const E& e) {
  return cupp::ndarray<cupp::expr::value_type_t<E>>(e).get();
}

template <class T, class F, std::size_t... I>
void check_special_line(const special_fixture& f, F fn, bool strided, std::index_sequence<I...>) {
  const auto result = fn(special_array<T>(f.lists[I], strided)...);
  constexpr std::size_t n = sizeof...(I);
  const std::vector<double> empty;
  const auto& arg0 = f.dtype.find("complex") == 0 ? empty : f.lists[0];
  if constexpr (requires { std::get<1>(result); }) { // several outputs
    [&]<std::size_t... O>(std::index_sequence<O...>) {
      REQUIRE(f.lists.size() == n + sizeof...(O));
      (check_special_output(f, evaluated(std::get<O>(result)), f.lists[n + O], arg0), ...);
    }
    (std::make_index_sequence<std::tuple_size_v<std::decay_t<decltype(result)>>>{});
  } else {
    REQUIRE(f.lists.size() == n + 1);
    check_special_output(f, evaluated(result), f.lists[n], arg0);
  }
}

/// Runs `fn` (N arrays -> an expression, or a pair/tuple of them) over every line of `name` in
/// special_<family>.txt, in the line's dtype; complex lines only where `Complex` (a function of
/// reals alone does not compile with complex arrays).
template <std::size_t N, bool Complex = false, class F>
void check_special(const std::string& family, const std::string& name, F fn) {
  for (const special_fixture& f : special_fixtures(family, name)) {
    REQUIRE(f.nargs == static_cast<int>(N));
    for (const bool strided : {false, true}) {
      CAPTURE(f.name, f.dtype, strided);
      if (f.dtype == "float64") {
        check_special_line<double>(f, fn, strided, std::make_index_sequence<N>{});
      } else if (f.dtype == "float32") {
        check_special_line<float>(f, fn, strided, std::make_index_sequence<N>{});
      } else if constexpr (Complex) {
        if (f.dtype == "complex128") {
          check_special_line<cupp::complex128>(f, fn, strided, std::make_index_sequence<N>{});
        } else {
          check_special_line<cupp::complex64>(f, fn, strided, std::make_index_sequence<N>{});
        }
      } else {
        FAIL("complex fixture line for a real-only check: " + f.name);
      }
    }
  }
}

} // namespace cupp_test

/// One TEST_CASE per function: SciPy's values of NAME (N operands) in every dtype of the family's
/// fixture file.
#define SPECIAL_CASE(FAMILY, NAME, N, COMPLEX)                                                     \
  TEST_CASE("special " #NAME " matches SciPy", "[special][" FAMILY "]") {                          \
    cupp_test::check_special<N, COMPLEX>(                                                          \
        FAMILY, #NAME, [](const auto&... a) { return cupx::special::NAME(a...); });                \
  }
