#pragma once
// Helpers of the complex tests (test_complex*.cpp of each area).
#include "common/testing.hpp"

namespace cupp_test {

/// Complex numbers equal part by part, a NaN part matching a NaN part (NumPy's results with NaN).
inline bool same_complex(cupp::complex128 a, cupp::complex128 b) {
  auto eq = [](double x, double y) { return x == y || (x != x && y != y); };
  return eq(a.real(), b.real()) && eq(a.imag(), b.imag());
}

} // namespace cupp_test
