#pragma once
// Helpers of the cupx::ndimage tests: SciPy's results (test/fixtures/ndimage_filters.txt, written
// by scripts/gen_ndimage_fixtures.py) and the check that runs a function over every case of it,
// in the case's dtype, on a C-contiguous input and on the same values through a view with
// negative strides.
#include "testing.hpp"

#include <cupx/ndimage/arguments.hpp>

#include <cupp/core/dtype_table.hpp>
#include <cupp/creation.hpp>
#include <cupp/expr/astype.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/ndarray.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace cupp_test {

/// One line of ndimage_filters.txt: the function's arguments by name, the input and SciPy's
/// output.
struct ndimage_case {
  std::string func, dtype, text;
  cupp::shape_t shape;
  std::map<std::string, std::string> args;
  std::vector<double> input, output;

  [[nodiscard]] bool has(const std::string& key) const { return args.count(key) != 0; }
  [[nodiscard]] std::vector<double> reals(const std::string& key) const {
    std::vector<double> v;
    std::istringstream in(args.at(key));
    for (std::string w; std::getline(in, w, ',');)
      v.push_back(std::strtod(w.c_str(), nullptr));
    return v;
  }
  [[nodiscard]] std::vector<cupp::index_t> ints(const std::string& key) const {
    std::vector<cupp::index_t> v;
    for (const double x : reals(key))
      v.push_back(static_cast<cupp::index_t>(x));
    return v;
  }
  [[nodiscard]] double real(const std::string& key, double otherwise) const {
    return has(key) ? reals(key).at(0) : otherwise;
  }
  [[nodiscard]] cupp::index_t index(const std::string& key, cupp::index_t otherwise) const {
    return has(key) ? ints(key).at(0) : otherwise;
  }
  /// A scalar-or-sequence argument.
  template <class V>
  [[nodiscard]] cupx::ndimage::per_axis<V> per_axis(const std::string& key, V otherwise) const {
    if (!has(key)) return otherwise;
    std::vector<V> v;
    for (const double x : reals(key))
      v.push_back(static_cast<V>(x));
    return v.size() == 1 ? cupx::ndimage::per_axis<V>(v[0]) : cupx::ndimage::per_axis<V>(v);
  }
  [[nodiscard]] cupp::axes axes() const {
    if (!has("axes")) return cupp::all_axes;
    return cupp::axes(ints("axes"));
  }
  static cupx::ndimage::extend_mode mode_named(const std::string& name) {
    using namespace cupx::ndimage;
    static const std::map<std::string, extend_mode> modes{
        {"reflect", reflect},         {"constant", constant},  {"nearest", nearest},
        {"mirror", mirror},           {"wrap", wrap},          {"grid-constant", grid_constant},
        {"grid-mirror", grid_mirror}, {"grid-wrap", grid_wrap}};
    return modes.at(name);
  }
  [[nodiscard]] cupx::ndimage::extend_mode mode() const {
    return has("mode") ? mode_named(args.at("mode")) : cupx::ndimage::reflect;
  }
  /// mode= as one mode or a comma list of one per axis.
  [[nodiscard]] cupx::ndimage::per_axis<cupx::ndimage::extend_mode> modes() const {
    if (!has("mode") || args.at("mode").find(',') == std::string::npos) return mode();
    std::vector<cupx::ndimage::extend_mode> v;
    std::istringstream in(args.at("mode"));
    for (std::string w; std::getline(in, w, ',');)
      v.push_back(mode_named(w));
    return cupx::ndimage::per_axis<cupx::ndimage::extend_mode>(v);
  }
  /// A weights or footprint argument of `shape_key`'s shape, as a device array of V.
  template <class V>
  [[nodiscard]] cupp::ndarray<V> array(const std::string& key, const std::string& shape_key) const {
    const auto values = reals(key);
    std::vector<V> v(values.begin(), values.end());
    const auto dims = ints(shape_key);
    if constexpr (std::is_same_v<V, bool>) {
      const std::vector<std::uint8_t> bytes(values.begin(), values.end());
      return cupp::ndarray<bool>(cupp::astype<bool>(cupp::asarray(bytes)))
          .reshape(cupp::shape_t(dims.begin(), dims.end()));
    } else {
      return cupp::asarray(v.data(), cupp::shape_t(dims.begin(), dims.end()));
    }
  }
};

inline std::vector<double> ndimage_numbers(const std::string& list) {
  std::vector<double> v;
  std::istringstream in(list);
  for (std::string w; in >> w;)
    v.push_back(std::strtod(w.c_str(), nullptr));
  return v;
}

/// The cases of `func` in ndimage_filters.txt (or another fixture file of that format).
inline std::vector<ndimage_case> ndimage_cases(const std::string& func,
                                               const std::string& file = "ndimage_filters.txt") {
  std::ifstream in(std::string(CUPP_TEST_FIXTURES "/") + file);
  REQUIRE(in.good());
  std::vector<ndimage_case> out;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream parts(line);
    std::string head, input, output;
    std::getline(parts, head, '|');
    std::getline(parts, input, '|');
    std::getline(parts, output, '|');
    ndimage_case c;
    std::string shape, keys;
    std::istringstream h(head);
    h >> c.func >> c.dtype >> shape >> keys;
    if (c.func != func) continue;
    c.text = head;
    if (shape != "-") {
      std::istringstream s(shape);
      for (std::string w; std::getline(s, w, ',');)
        c.shape.push_back(std::stoll(w));
    }
    std::istringstream k(keys == "-" ? "" : keys);
    for (std::string kv; std::getline(k, kv, ';');) {
      const auto eq = kv.find('=');
      c.args[kv.substr(0, eq)] = kv.substr(eq + 1);
    }
    c.input = ndimage_numbers(input);
    c.output = ndimage_numbers(output);
    out.push_back(std::move(c));
  }
  REQUIRE(!out.empty());
  return out;
}

/// The case's input as T, C-contiguous or (`strided`) as a view with negative strides.
template <class T> cupp::ndarray<T> ndimage_input(const ndimage_case& c, bool strided) {
  if constexpr (std::is_same_v<T, bool>) { // std::vector<bool> has no data()
    const std::vector<std::uint8_t> bytes(c.input.begin(), c.input.end());
    const cupp::ndarray<bool> a =
        cupp::ndarray<bool>(cupp::astype<bool>(cupp::asarray(bytes))).reshape(c.shape);
    return strided && !c.shape.empty() ? cupp::flip(cupp::flip(a).copy()) : a;
  } else {
    std::vector<T> v(c.input.size());
    std::transform(c.input.begin(), c.input.end(), v.begin(),
                   [](double x) { return static_cast<T>(x); });
    if (!strided || c.shape.empty()) return cupp::asarray(v.data(), c.shape);
    std::reverse(v.begin(), v.end()); // C order reversed is every axis reversed
    return cupp::flip(cupp::asarray(v.data(), c.shape));
  }
}

/// Compares a result (of dtype T) with SciPy's: integers and bools exactly (within 1 where
/// `int_slack`: fractional weights truncate where SciPy's sums and the device's round differently),
/// floats within `rtol` of the output's largest magnitude.
template <class T>
void ndimage_compare(const ndimage_case& c, const cupp::ndarray<T>& got, bool int_slack) {
  REQUIRE(got.shape() == c.shape);
  const auto g = got.get();
  double scale = 1.0;
  for (const double w : c.output)
    scale = std::max(scale, std::fabs(w));
  const double tol = std::is_same_v<T, float>    ? 4e-6 * scale
                     : std::is_same_v<T, double> ? 1e-12 * scale
                     : int_slack                 ? 1.0
                                                 : 0.0;
  for (std::size_t i = 0; i < g.size(); ++i) {
    const double got_i = static_cast<double>(g[i]), want = c.output[i];
    if (!(std::fabs(got_i - want) <= tol)) {
      std::ostringstream msg;
      msg.precision(17);
      msg << c.text << " element " << i << ": got " << got_i << ", want " << want;
      FAIL_CHECK(msg.str());
      return;
    }
  }
}

/// Calls `run(T{})` with the one of `Ts` whose NumPy name is a case's `dtype`; a test failure for a
/// dtype not among them (each caller lists the dtypes its functions are instantiated for).
template <class... Ts, class F> void with_dtype(const std::string& dtype, F run) {
  const bool found = ((dtype == cupp::dtype_name<Ts>() ? (run(Ts{}), true) : false) || ...);
  if (!found) FAIL("no dtype " + dtype);
}

/// Runs `fn(input, case)` over every case of `func` in its dtype, contiguous and strided (bool
/// inputs where `Bool`: the binary morphology).
template <bool Bool = false, class F>
void check_ndimage(const std::string& func, bool int_slack, F fn) {
  for (const ndimage_case& c : ndimage_cases(func)) {
    for (const bool strided : {false, true}) {
      CAPTURE(c.text, strided);
      auto run = [&](auto zero) {
        using T = decltype(zero);
        ndimage_compare(c, fn(ndimage_input<T>(c, strided), c), int_slack);
      };
      if constexpr (Bool) {
        with_dtype<bool, float, double, std::int32_t, std::int16_t, std::uint8_t>(c.dtype, run);
      } else {
        with_dtype<float, double, std::int32_t, std::int16_t, std::uint8_t>(c.dtype, run);
      }
    }
  }
}

/// `f` of the case's footprint= where it has one, else of its size= (3 by default).
template <class F> auto sized(const ndimage_case& c, F f) {
  return c.has("footprint") ? f(c.array<bool>("footprint", "fshape"))
                            : f(c.per_axis<cupp::index_t>("size", 3));
}

} // namespace cupp_test

/// One TEST_CASE per function: SciPy's results of FUNC over its cases (`c` the case, `x` the
/// input); NDIMAGE_BOOL_CASE also runs bool inputs.
#define NDIMAGE_CASE(FUNC, SLACK, ...)                                                             \
  TEST_CASE("ndimage " FUNC " matches SciPy", "[ndimage]") {                                       \
    cupp_test::check_ndimage(                                                                      \
        FUNC, SLACK, [](const auto& x, const cupp_test::ndimage_case& c) { return __VA_ARGS__; }); \
  }
#define NDIMAGE_BOOL_CASE(FUNC, ...)                                                               \
  TEST_CASE("ndimage " FUNC " matches SciPy", "[ndimage]") {                                       \
    cupp_test::check_ndimage<true>(                                                                \
        FUNC, false, [](const auto& x, const cupp_test::ndimage_case& c) { return __VA_ARGS__; }); \
  }
