// The special functions filter design needs, on the host: I0, the complete elliptic integral K
// and the Jacobi elliptic functions.
#define CUPP_HOST_ONLY_TU
#include <cupx/signal/detail/host.hpp>

#include <cupp/detail/i0.hpp>

#include <cmath>
#include <limits>
#include <numbers>

namespace cupx::signal::detail {

double i0(double x) { return cupp::detail::host_i0(x); }

namespace {
/// pi / (2 AGM(1, b)): K of the parameter whose complement's square root is b.
double k_from_root_complement(double b) {
  if (b == 0.0) return std::numeric_limits<double>::infinity();
  double a = 1.0;
  for (int i = 0; i < 64 && std::fabs(a - b) > 4 * std::numeric_limits<double>::epsilon() * a;
       ++i) {
    const double an = 0.5 * (a + b);
    b = std::sqrt(a * b);
    a = an;
  }
  return std::numbers::pi / (a + b);
}
} // namespace

double ellipk(double m) {
  if (std::isnan(m) || m > 1.0) return std::numeric_limits<double>::quiet_NaN();
  return k_from_root_complement(std::sqrt(1.0 - m));
}

double ellipkm1(double m1) {
  if (std::isnan(m1) || m1 < 0.0) return std::numeric_limits<double>::quiet_NaN();
  return k_from_root_complement(std::sqrt(m1));
}

void ellipj(double u, double m, double& sn, double& cn, double& dn) {
  if (std::isnan(u) || std::isnan(m) || m < 0.0 || m > 1.0) {
    sn = cn = dn = std::numeric_limits<double>::quiet_NaN();
    return;
  }
  if (m == 0.0) {
    sn = std::sin(u);
    cn = std::cos(u);
    dn = 1.0;
    return;
  }
  if (m == 1.0) {
    sn = std::tanh(u);
    cn = dn = 1.0 / std::cosh(u);
    return;
  }
  // The descending Landen sequence of the arithmetic-geometric mean (Abramowitz and Stegun
  // 16.4), then the amplitude back up the sequence.
  double a[16], c[16];
  a[0] = 1.0;
  c[0] = std::sqrt(m);
  double b = std::sqrt(1.0 - m), twon = 1.0;
  int i = 0;
  while (std::fabs(c[i] / a[i]) > std::numeric_limits<double>::epsilon() && i < 15) {
    const double ai = a[i];
    ++i;
    c[i] = 0.5 * (ai - b);
    const double t = std::sqrt(ai * b);
    a[i] = 0.5 * (ai + b);
    b = t;
    twon *= 2.0;
  }
  double phi = twon * a[i] * u, prev = phi;
  for (; i > 0; --i) {
    const double t = c[i] * std::sin(phi) / a[i];
    prev = phi;
    phi = 0.5 * (std::asin(t) + phi);
  }
  sn = std::sin(phi);
  cn = std::cos(phi);
  dn = cn / std::cos(phi - prev);
}

} // namespace cupx::signal::detail
