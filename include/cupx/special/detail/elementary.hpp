#pragma once
/// \file
/// The elementary special functions as scalar functions of float, double and (where SciPy has
/// them) complex numbers: the logistic family, the information-theory functions, the Huber losses,
/// x*log(y) forms that are 0 at x = 0, exprel, exp2, cbrt and Box-Cox. Each follows SciPy's
/// definition at the edges (scipy/special/_logit.h, _xlogy.pxd, _convex_analysis.pxd, _exprel.pxd,
/// _boxcox.pxd), which the fixtures check.

#include <cupp/core/complex.hpp>
#include <cupp/core/config.hpp>
#include <cupp/detail/complex_math.hpp>

#include <cmath>
#include <limits>
#include <type_traits>

namespace cupx::special::detail {

template <class T> inline constexpr bool is_complex_v = cupp::is_complex_v<T>;

template <class T> CUPP_HD T nan_of() {
  if constexpr (is_complex_v<T>) {
    using F = cupp::real_t<T>;
    return T(std::numeric_limits<F>::quiet_NaN(), std::numeric_limits<F>::quiet_NaN());
  } else {
    return std::numeric_limits<T>::quiet_NaN();
  }
}

template <class T> CUPP_HD bool isnan_any(T x) {
  if constexpr (is_complex_v<T>) {
    return std::isnan(x.real()) || std::isnan(x.imag());
  } else {
    return std::isnan(x);
  }
}

/// The logistic sigmoid 1 / (1 + e^-x) (SciPy's formula: 0 once e^-x overflows, before the
/// subnormal results).
template <class T> CUPP_HD T expit(T x) { return T(1) / (T(1) + std::exp(-x)); }

/// log(x / (1 - x)); near x = 1/2 as log1p(2x - 1) - log1p(1 - 2x), which keeps the relative
/// accuracy of the small result (SciPy's logit).
template <class T> CUPP_HD T logit(T x) {
  if (x < T(0.3) || x > T(0.65)) return std::log(x / (T(1) - x));
  const T s = T(2) * x - T(1);
  return std::log1p(s) - std::log1p(-s);
}

/// log(expit(x)) without underflow: x - log1p(e^x) for negative x.
template <class T> CUPP_HD T log_expit(T x) {
  if (x < T(0)) return x - std::log1p(std::exp(x));
  return -std::log1p(std::exp(-x));
}

template <class T> CUPP_HD T log_of(T y) {
  if constexpr (is_complex_v<T>) {
    return cupp::detail::c_log(y);
  } else {
    return std::log(y);
  }
}

/// log(1 + z) accurate for small |z| (SciPy's clog1p; NumPy's log1p computes log(1 + z)): the
/// real part from |1 + z|^2 - 1 = 2x + x^2 + y^2 with fused products.
template <class F> CUPP_HD cuda::std::complex<F> clog1p(cuda::std::complex<F> z) {
  const F x = z.real(), y = z.imag();
  if (!std::isfinite(x) || !std::isfinite(y)) return cupp::detail::c_log1p(z);
  if (y == F(0) && x >= F(-1)) return {std::log1p(x), y};
  if (std::hypot(x, y) >= F(0.707)) return cupp::detail::c_log1p(z);
  const F s = std::fma(x, x, std::fma(y, y, F(2) * x));
  return {F(0.5) * std::log1p(s), std::atan2(y, x + F(1))};
}

template <class T> CUPP_HD T log1p_of(T y) {
  if constexpr (is_complex_v<T>) {
    return clog1p(y);
  } else {
    return std::log1p(y);
  }
}

template <class T> CUPP_HD T times(T a, T b) {
  if constexpr (is_complex_v<T>) {
    return cupp::detail::c_mul(a, b);
  } else {
    return a * b;
  }
}

/// x * log(y), 0 where x = 0 and y is not NaN (even y = 0).
template <class T> CUPP_HD T xlogy(T x, T y) {
  if (x == T(0) && !isnan_any(y)) return T(0);
  return times(x, log_of(y));
}

/// x * log1p(y), 0 where x = 0 and y is not NaN.
template <class T> CUPP_HD T xlog1py(T x, T y) {
  if (x == T(0) && !isnan_any(y)) return T(0);
  return times(x, log1p_of(y));
}

/// (e^x - 1) / x, 1 at 0, without cancellation for small x.
template <class T> CUPP_HD T exprel(T x) {
  if (std::fabs(x) < std::numeric_limits<T>::epsilon()) return T(1);
  if (x > T(717)) return std::numeric_limits<T>::infinity(); // the quotient overflows first
  return std::expm1(x) / x;
}

/// -x log(x) for x > 0, 0 at 0, -inf for negative x.
template <class T> CUPP_HD T entr(T x) {
  if (std::isnan(x)) return x;
  if (x > T(0)) return -x * std::log(x);
  if (x == T(0)) return T(0);
  return -std::numeric_limits<T>::infinity();
}

/// log(x / y) for positive x, y, also where the quotient overflows or underflows.
template <class T> CUPP_HD T log_ratio(T x, T y) {
  const T r = x / y;
  if (r < std::numeric_limits<T>::min() || r > std::numeric_limits<T>::max())
    return std::log(x) - std::log(y);
  return std::log(r);
}

/// x log(x / y) where both are positive, 0 where x = 0 <= y, else inf.
template <class T> CUPP_HD T rel_entr(T x, T y) {
  if (std::isnan(x) || std::isnan(y)) return nan_of<T>();
  if (x > T(0) && y > T(0)) return x * log_ratio(x, y);
  if (x == T(0) && y >= T(0)) return T(0);
  return std::numeric_limits<T>::infinity();
}

/// x log(x / y) - x + y where both are positive, y where x = 0 <= y, else inf.
template <class T> CUPP_HD T kl_div(T x, T y) {
  if (std::isnan(x) || std::isnan(y)) return nan_of<T>();
  if (x > T(0) && y > T(0)) return x * std::log(x / y) - x + y;
  if (x == T(0) && y >= T(0)) return y;
  return std::numeric_limits<T>::infinity();
}

/// r^2 / 2 within delta of 0, delta (|r| - delta / 2) beyond; inf for delta < 0.
template <class T> CUPP_HD T huber(T delta, T r) {
  if (delta < T(0)) return std::numeric_limits<T>::infinity();
  if (std::fabs(r) <= delta) return T(0.5) * r * r;
  return delta * (std::fabs(r) - T(0.5) * delta);
}

/// delta^2 (sqrt(1 + (r / delta)^2) - 1), as expm1(log1p((r / delta)^2) / 2) so small r keeps its
/// relative accuracy; inf for delta < 0, 0 where delta or r is 0 (even if the other is NaN).
template <class T> CUPP_HD T pseudo_huber(T delta, T r) {
  if (delta < T(0)) return std::numeric_limits<T>::infinity();
  if (delta == T(0) || r == T(0)) return T(0);
  const T u = r / delta;
  return delta * delta * std::expm1(T(0.5) * std::log1p(u * u));
}

template <class T> CUPP_HD T exp2(T x) { return std::exp2(x); }
template <class T> CUPP_HD T cbrt(T x) { return std::cbrt(x); }
/// Round to the nearest integer, halves to even (SciPy's round).
template <class T> CUPP_HD T round(T x) { return std::nearbyint(x); }

template <class T> CUPP_HD T expm1(T x) {
  if constexpr (is_complex_v<T>) {
    return cupp::detail::c_expm1(x);
  } else {
    return std::expm1(x);
  }
}
template <class T> CUPP_HD T log1p(T x) { return log1p_of(x); }

/// The Box-Cox transform (x^lmbda - 1) / lmbda, log(x) at lmbda = 0 (SciPy's, with its
/// small-lmbda branch).
template <class T> CUPP_HD T boxcox(T x, T lmbda) {
  if (std::fabs(lmbda) < T(1e-19)) return std::log(x);
  const T lx = std::log(x);
  return std::expm1(lmbda * lx) / lmbda;
}

/// boxcox(1 + x, lmbda), accurate for small x.
template <class T> CUPP_HD T boxcox1p(T x, T lmbda) {
  const T lx = std::log1p(x);
  if (std::fabs(lmbda) < T(1e-19) || (std::fabs(lx) < T(1e-289) && std::fabs(lmbda) < T(1e273)))
    return lx;
  return std::expm1(lmbda * lx) / lmbda;
}

/// The inverse of boxcox in x.
template <class T> CUPP_HD T inv_boxcox(T y, T lmbda) {
  if (lmbda == T(0)) return std::exp(y);
  return std::exp(std::log1p(lmbda * y) / lmbda);
}

/// The inverse of boxcox1p in x.
template <class T> CUPP_HD T inv_boxcox1p(T y, T lmbda) {
  if (lmbda == T(0)) return std::expm1(y);
  if (std::fabs(lmbda * y) < T(1e-154)) return y;
  return std::expm1(std::log1p(lmbda * y) / lmbda);
}

} // namespace cupx::special::detail
