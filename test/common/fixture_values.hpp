#pragma once
// A fixture's list of numbers as values of T: complex values from (real, imaginary) pairs.
#include <cupp/core/complex.hpp>

#include <cstddef>
#include <vector>

namespace cupp_test {

template <class T> std::vector<T> fixture_values(const std::vector<double>& v) {
  std::vector<T> out;
  if constexpr (cupp::is_complex_v<T>) {
    using F = cupp::real_t<T>;
    for (std::size_t i = 0; i + 1 < v.size(); i += 2)
      out.emplace_back(static_cast<F>(v[i]), static_cast<F>(v[i + 1]));
  } else {
    for (const double x : v)
      out.push_back(static_cast<T>(x));
  }
  return out;
}

} // namespace cupp_test
