#pragma once
// The differential fuzzer's interpreter (diff_numpy.cpp) and its families of steps, a unit each:
// every family instantiates cupp's functions for each dtype through cupp::array::visit, and in
// one unit nvcc took 438 s on two cores (after test_special's units, the longest of the device
// build); apart, they compile side by side.
#include <cupp/array.hpp>
#include <cupp/array/ufuncs.hpp>

#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace fuzz {

using cupp::array;
using cupp::weak_scalar;

// One operand: a variable's array or a weak scalar.
struct operand {
  std::optional<array> a;
  std::optional<weak_scalar> s;
};

// A step's keywords (axis=1, shape=2,3, ddof=1, keepdims=1).
struct keywords {
  std::map<std::string, std::string> kv;
  [[nodiscard]] std::optional<cupp::index_t> axis() const {
    const auto it = kv.find("axis");
    if (it == kv.end() || it->second == "none") return std::nullopt;
    return std::stoll(it->second);
  }
  [[nodiscard]] cupp::axes axes() const {
    const auto a = axis();
    return a ? cupp::axes(*a) : cupp::all_axes;
  }
  [[nodiscard]] bool keepdims() const { return kv.count("keepdims") && kv.at("keepdims") == "1"; }
  [[nodiscard]] cupp::index_t integer(const std::string& k, cupp::index_t d) const {
    return kv.count(k) ? std::stoll(kv.at(k)) : d;
  }
  // a list of integers (indices=0,-1,4, axes=0,1, s=4,3); none when absent or "none"
  [[nodiscard]] std::optional<std::vector<cupp::index_t>> list(const std::string& k) const {
    const auto it = kv.find(k);
    if (it == kv.end() || it->second == "none") return std::nullopt;
    std::vector<cupp::index_t> r;
    std::stringstream ss(it->second);
    for (std::string p; std::getline(ss, p, ',');)
      r.push_back(std::stoll(p));
    return r;
  }
};

// "2,3" as a shape ("" is 0-d)
inline cupp::shape_t parse_shape(const std::string& t) {
  cupp::shape_t s;
  std::stringstream ss(t);
  for (std::string part; std::getline(ss, part, ',');)
    if (!part.empty()) s.push_back(std::stoll(part));
  return s;
}

// The families of steps (steps_*.cpp). Each raises cupp's errors, and NumPy's error class where
// C++ refuses at compile time what NumPy refuses at run time.
array typed_step(const std::string& op, const std::vector<operand>& in, const keywords& kw);
bool is_math(const std::string& op);
array math_step(const std::string& op, const array& a);
array math_rounding_step(const std::string& op, const array& a); // (math_step's other half)
array fft_step(const std::string& op, const array& a, const keywords& kw);
array linalg_step(const std::string& op, const std::vector<operand>& in, const keywords& kw);
array random_step(const std::string& op, const std::vector<operand>& in, const keywords& kw);

} // namespace fuzz
