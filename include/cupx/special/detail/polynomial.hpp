#pragma once
// The polynomial and trigonometric kernels every special-function family shares: Horner's rule in
// Cephes' two conventions, Clenshaw's Chebyshev sum (cupp/detail/chebyshev.hpp's, shared with
// cupp's I0), an ascending-order Horner for TOMS 708's tables, and sin(pi x), cos(pi x) with exact
// argument reduction. The coefficient tables are
// double data evaluated in the argument's type T, so a float function can reuse a double table.
#include <cupp/core/config.hpp>
#include <cupp/detail/chebyshev.hpp>

#include <cmath>

namespace cupx::special::detail {

using cupp::detail::chbevl;

/// c[0] x^(N-1) + ... + c[N-1] (Cephes' polevl: highest degree first).
template <class T, int N> CUPP_HD inline T polevl(T x, const double (&c)[N]) {
  T r = static_cast<T>(c[0]);
  CUPP_UNROLL
  for (int i = 1; i < N; ++i)
    r = r * x + static_cast<T>(c[i]);
  return r;
}

/// x^N + c[0] x^(N-1) + ... + c[N-1] (Cephes' p1evl: the leading coefficient 1 is implied).
template <class T, int N> CUPP_HD inline T p1evl(T x, const double (&c)[N]) {
  T r = x + static_cast<T>(c[0]);
  CUPP_UNROLL
  for (int i = 1; i < N; ++i)
    r = r * x + static_cast<T>(c[i]);
  return r;
}

/// c[0] + c[1] x + ... + c[N-1] x^(N-1) (lowest degree first, the order of TOMS 708's tables).
template <class T, int N> CUPP_HD inline T polyval(T x, const double (&c)[N]) {
  T r = static_cast<T>(c[N - 1]);
  CUPP_UNROLL
  for (int i = N - 2; i >= 0; --i)
    r = r * x + static_cast<T>(c[i]);
  return r;
}

/// sin(pi x) with the reduction done exactly on x (fmod is exact), so that large arguments (the
/// reflection formulas, Fresnel's x^2 / 2) keep their phase, and zeros at the integers are exact.
template <class T> CUPP_HD T sinpi(T x) {
  constexpr T pi = static_cast<T>(3.14159265358979323846264338327950288);
  T r = std::fmod(x, T(2));
  T sgn = T(1);
  if (r < 0) {
    r = -r;
    sgn = -sgn;
  }
  if (r > T(1)) {
    r -= T(1);
    sgn = -sgn;
  }
  if (r > T(0.5)) r = T(1) - r;
  return sgn * std::sin(pi * r);
}

/// cos(pi x), exact zero at the half-integers.
template <class T> CUPP_HD T cospi(T x) {
  constexpr T pi = static_cast<T>(3.14159265358979323846264338327950288);
  T r = std::fabs(std::fmod(x, T(2)));
  if (r > T(1)) r = T(2) - r;
  // cos(pi r) = sin(pi (1/2 - r))
  if (r > T(0.5)) return -std::sin(pi * (r - T(0.5)));
  return std::sin(pi * (T(0.5) - r));
}

} // namespace cupx::special::detail
