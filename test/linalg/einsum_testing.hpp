#pragma once
// Helpers of the einsum tests: the lines of test/fixtures/einsum.txt (NumPy's results, written by
// scripts/gen_einsum_fixtures.py), operands and results as values of any dtype, and the check of
// every value line of a dtype in every optimize mode and operand layout.
#include "common/testing.hpp"

#include <cupp/linalg/einsum.hpp>
#include <cupp/manipulation/views.hpp>

#include <cmath>
#include <complex>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace cupp_test {

/// The lines of test/fixtures/einsum.txt of one kind ("value", "error", ...), split at '|'.
inline std::vector<std::vector<std::string>> einsum_lines(const std::string& kind) {
  std::ifstream in(CUPP_TEST_FIXTURES "/einsum.txt");
  REQUIRE(in.good());
  std::vector<std::vector<std::string>> out;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(kind + "|", 0) != 0) continue;
    std::vector<std::string> fields;
    std::istringstream parts(line);
    for (std::string f; std::getline(parts, f, '|');)
      fields.push_back(f);
    if (line.back() == '|') fields.emplace_back(); // an empty array's values
    out.push_back(fields);
  }
  REQUIRE(!out.empty());
  return out;
}

/// "2,3 - 4" -> (2, 3), (), (4,).
inline std::vector<cupp::shape_t> einsum_shapes(const std::string& field) {
  std::vector<cupp::shape_t> out;
  std::istringstream in(field);
  for (std::string tok; in >> tok;) {
    cupp::shape_t s;
    if (tok != "-") {
      std::istringstream e(tok);
      for (std::string x; std::getline(e, x, ',');)
        s.push_back(std::stoll(x));
    }
    out.push_back(s);
  }
  return out;
}

/// One value of the fixture ("re,im" for complex, integers exact).
template <class T> T fixture_value(const std::string& tok) {
  if constexpr (cupp::is_complex_v<T>) {
    const auto comma = tok.find(',');
    using F = cupp::real_t<T>;
    return T(static_cast<F>(std::stod(tok.substr(0, comma))),
             static_cast<F>(std::stod(tok.substr(comma + 1))));
  } else if constexpr (std::is_same_v<T, bool>) {
    return tok != "0";
  } else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
    return static_cast<T>(std::stoll(tok));
  } else if constexpr (std::is_integral_v<T>) {
    return static_cast<T>(std::stoull(tok));
  } else if constexpr (cupp::is_half_v<T>) {
    return T(static_cast<float>(std::stod(tok)));
  } else {
    return static_cast<T>(std::stod(tok));
  }
}

template <class T> std::vector<T> fixture_values(const std::string& field) {
  std::vector<T> out;
  std::istringstream in(field);
  for (std::string tok; in >> tok;)
    out.push_back(fixture_value<T>(tok));
  return out;
}

/// The operands of a line: shapes field and values field (one ';' an operand).
template <class T>
std::vector<cupp::ndarray<T>> fixture_operands(const std::string& shapes,
                                               const std::string& values) {
  const auto s = einsum_shapes(shapes);
  std::vector<std::string> parts;
  std::istringstream in(values);
  for (std::string p; std::getline(in, p, ';');)
    parts.push_back(p);
  parts.resize(s.size()); // an empty last operand leaves no field
  std::vector<cupp::ndarray<T>> out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto v = fixture_values<T>(parts[i]);
    REQUIRE(static_cast<std::int64_t>(v.size()) == cupp::shape_size(s[i]));
    if (v.empty()) {
      out.emplace_back(s[i]);
      continue;
    }
    const std::unique_ptr<T[]> host(new T[v.size()]); // std::vector<bool> has no data()
    std::copy(v.begin(), v.end(), host.get());
    out.push_back(cupp::asarray(host.get(), s[i]));
  }
  return out;
}

/// The tolerance of a result of small integers and unit normals (relative to max(1, max |x|)).
template <class T> double einsum_tolerance() {
  using R = cupp::real_t<T>;
  if constexpr (std::is_same_v<R, cupp::float16>) {
    return 1e-3;
  } else if constexpr (std::is_same_v<R, cupp::bfloat16>) {
    return 1e-2;
  } else if constexpr (std::is_same_v<R, float>) {
    return 1e-6;
  } else if constexpr (std::is_same_v<R, double>) {
    return 1e-13;
  } else {
    return 0; // integers and bool: exact
  }
}

template <class T> std::complex<double> as_z(T v) {
  if constexpr (cupp::is_complex_v<T>) {
    return {static_cast<double>(v.real()), static_cast<double>(v.imag())};
  } else {
    return {static_cast<double>(static_cast<cupp::compute_t<T>>(v)), 0.0};
  }
}

/// r has the shape and values of a line's output fields.
template <class T>
void check_einsum_result(const cupp::ndarray<T>& r, const std::string& shape,
                         const std::string& values) {
  const auto want_shape = einsum_shapes(shape).at(0);
  REQUIRE(r.shape() == want_shape);
  const auto want = fixture_values<T>(values);
  const auto got = r.get();
  REQUIRE(got.size() == want.size());
  double scale = 1, diff = 0;
  for (std::size_t i = 0; i < got.size(); ++i) {
    scale = std::max(scale, std::abs(as_z(want[i])));
    diff = std::max(diff, std::abs(as_z(got[i]) - as_z(want[i])));
  }
  CHECK(diff <= einsum_tolerance<T>() * scale);
}

/// The operand as a view of another layout with the same values: 0 as it is, 1 Fortran order
/// (transposed strides), 2 every stride negative.
template <class T> cupp::ndarray<T> relayout(const cupp::ndarray<T>& a, int layout) {
  if (layout == 1) return cupp::ndarray<T>(a.T().copy()).T();
  if (layout == 2 && a.ndim() > 0) return cupp::flip(cupp::ndarray<T>(cupp::flip(a).copy()));
  return a;
}

/// Every value line of dtype T, in each optimize mode and operand layout.
template <class T> void check_einsum_values() {
  int lines = 0;
  for (const auto& f : einsum_lines("value")) {
    if (f[2] != cupp::dtype_name<T>()) continue;
    ++lines;
    const auto ops = fixture_operands<T>(f[3], f[4]);
    for (const auto opt : {cupp::einsum_optimize::none, cupp::einsum_optimize::greedy,
                           cupp::einsum_optimize::optimal})
      for (int layout = 0; layout < 3; ++layout) {
        INFO(f[1] << " " << f[2] << " optimize " << static_cast<int>(opt) << " layout " << layout);
        std::vector<cupp::ndarray<T>> views;
        for (const auto& op : ops)
          views.push_back(relayout(op, layout));
        check_einsum_result(cupp::einsum(f[1], views, opt), f[5], f[6]);
      }
  }
  CHECK(lines > 0);
}

} // namespace cupp_test
