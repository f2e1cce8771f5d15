#pragma once
/// \file
/// Cephes' chbevl, the Chebyshev series of cupx::special's scalar kernels and of I0 (i0.hpp).

#include <cupp/core/config.hpp>

namespace cupp::detail {

/// Cephes' chbevl: Clenshaw's sum of a Chebyshev series on [-2, 2] (highest order first, the
/// constant term counted half), over c[S..N): skipping the S highest orders truncates the series,
/// which is how float versions reuse the double tables.
template <int S = 0, class T, int N> CUPP_HD inline T chbevl(T x, const double (&c)[N]) {
  T b0 = static_cast<T>(c[S]);
  T b1 = 0;
  T b2 = 0;
  CUPP_UNROLL
  for (int i = S + 1; i < N; ++i) {
    b2 = b1;
    b1 = b0;
    b0 = x * b1 - b2 + static_cast<T>(c[i]);
  }
  return static_cast<T>(0.5) * (b0 - b2);
}

} // namespace cupp::detail
