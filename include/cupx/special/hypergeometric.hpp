#pragma once
/// \file
/// scipy.special's hypergeometric functions of real arguments as cupx ufuncs: hyp2f1(a, b, c, x)
/// (Gauss), hyp1f1(a, b, x) (Kummer's M) and hyp0f1(v, z) (the confluent limit, by Bessel's I and
/// J). float32 computes in float64, as SciPy's float loops. Complex arguments are not provided
/// (SciPy's hyp2f1 and hyp1f1 have complex-z loops).

#include <cupx/special/detail/bessel.hpp>
#include <cupx/special/detail/gamma.hpp>
#include <cupx/special/detail/hypergeometric.hpp>
#include <cupx/special/ufunc.hpp>

#include <cmath>
#include <limits>
#include <utility>

namespace cupx::special {

namespace detail {
namespace hyp_impl {

// Gamma(v) I_(v-1)(2 sqrt(z)) z^((1-v)/2) for large v by the uniform expansion of I (DLMF
// 10.41.3, three terms), with the K term for v < 1 (SciPy's fallback where I over/underflows).
CUPP_NOINLINE CUPP_HD inline double hyp0f1_uniform(double v, double z) {
  const double arg = std::sqrt(z);
  const double nu = std::fabs(v - 1.0);
  const double t = 2.0 * arg / nu;
  const double p1 = std::sqrt(1.0 + t * t);
  const double eta = p1 + std::log(t) - std::log1p(p1);
  const double q = 1.0 / p1;
  const double q2 = q * q;
  const double u1 = (3.0 - 5.0 * q2) * q / 24.0;
  const double u2 = (81.0 - 462.0 * q2 + 385.0 * q2 * q2) * q2 / 1152.0;
  const double u3 =
      (30375.0 - 369603.0 * q2 + 765765.0 * q2 * q2 - 425425.0 * q2 * q2 * q2) * q * q2 / 414720.0;
  const double base =
      -0.5 * std::log(p1) - 0.5 * std::log(2.0 * 3.14159265358979323846 * nu) + gamma_lgam_d(v);
  const double sg = gamma_gammasgn_d(v);
  const double la = nu * std::log(arg);
  double r =
      std::exp(base + nu * eta - la) * sg * (1.0 + u1 / nu + u2 / (nu * nu) + u3 / (nu * nu * nu));
  if (v - 1.0 < 0.0) {
    const double uk = 1.0 - u1 / nu + u2 / (nu * nu) - u3 / (nu * nu * nu);
    r += std::exp(base - nu * eta + la) * sg * 2.0 * std::sin(3.14159265358979323846 * nu) * uk;
  }
  return r;
}

// 0F1(; v; z) = Gamma(v) z^((1-v)/2) I_(v-1)(2 sqrt z) (J and (-z) for z < 0), SciPy's
// conventions: NaN at nonpositive integer v, 1 at z = 0, two terms of the series for tiny z.
CUPP_NOINLINE CUPP_HD inline double hyp0f1(double v, double z) {
  if (std::isnan(v) || std::isnan(z)) {
    return std::numeric_limits<double>::quiet_NaN();
  }
  if (v <= 0.0 && v == std::floor(v)) {
    return std::numeric_limits<double>::quiet_NaN();
  }
  if (z == 0.0) {
    return 1.0;
  }
  if (std::fabs(z) < 1e-6 * (1.0 + std::fabs(v))) {
    return 1.0 + z / v + z * z / (2.0 * v * (v + 1.0));
  }
  if (z > 0.0) {
    const double arg = std::sqrt(z);
    const double lpre = (1.0 - v) * std::log(arg) + gamma_lgam_d(v);
    const double bess = iv(v - 1.0, 2.0 * arg);
    if (lpre > 709.782712893384 || lpre < -708.3964185322641 || bess == 0.0 || std::isinf(bess)) {
      return hyp0f1_uniform(v, z);
    }
    return std::exp(lpre) * gamma_gammasgn_d(v) * bess;
  }
  const double arg = std::sqrt(-z);
  return std::pow(arg, 1.0 - v) * gamma_gamma_d(v) * jv(v - 1.0, 2.0 * arg);
}

} // namespace hyp_impl

/// 0F1(; v; z) for real arguments (SciPy's hyp0f1). Computed in double.
template <class T> CUPP_HD T hyp0f1(T v, T z) {
  return static_cast<T>(hyp_impl::hyp0f1(static_cast<double>(v), static_cast<double>(z)));
}
} // namespace detail

CUPX_SPECIAL_OP_OUTLINED(hyp2f1, domain::real, hyp2f1)
CUPX_SPECIAL_OP_OUTLINED(hyp1f1, domain::real, hyp1f1)
CUPX_SPECIAL_OP_OUTLINED(hyp0f1, domain::real, hyp0f1)

/// The Gauss hypergeometric function 2F1(a, b; c; x) (`hyp2f1(a, b, c, x)`): SciPy's special
/// values (+inf at poles and for x > 1 outside the polynomial cases).
CUPX_SPECIAL_UFUNC4(hyp2f1)
/// Kummer's confluent hypergeometric function 1F1(a; b; x) (`hyp1f1(a, b, x)`).
CUPX_SPECIAL_UFUNC3(hyp1f1)
/// The confluent hypergeometric limit function 0F1(; v; z) (`hyp0f1(v, z)`).
CUPX_SPECIAL_UFUNC2(hyp0f1)

} // namespace cupx::special
