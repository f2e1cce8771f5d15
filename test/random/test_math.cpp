// detail/random/math.hpp against long double / float64 references: the error bounds its comments
// state, over a million arguments each, and the special values.
#include "catch.hpp"

#include <cupp/detail/random/math.hpp>

#include <cmath>
#include <random>

namespace pm = cupp::detail::random::pm;

namespace {
// |got - ref| in units of the last place of ref rounded to T
template <class T> double ulps(T got, long double ref) {
  const T r = static_cast<T>(ref);
  const long double u = std::nextafter(std::fabs(r), static_cast<T>(INFINITY)) - std::fabs(r);
  return static_cast<double>(std::fabs(static_cast<long double>(got) - ref) / u);
}
// sin(pi x), cos(pi x) from the exact reduction x = r + n / 2 (a long double pi * x would lose
// the bits that matter near the zeros)
template <class T> std::pair<long double, long double> sincospi_ref(T x) {
  const long double pi = 3.14159265358979323846264338327950288L;
  const long double n = std::floor(2.0L * x + 0.5L), r = x - 0.5L * n;
  const int q = static_cast<int>(std::fmod(n, 4.0L) + 4) & 3;
  const long double s = std::sin(pi * r), c = std::cos(pi * r);
  return q == 0   ? std::pair{s, c}
         : q == 1 ? std::pair{c, -s}
         : q == 2 ? std::pair{-s, -c}
                  : std::pair{-c, s};
}
} // namespace

TEST_CASE("float64 functions are within their ulp bounds", "[random][math]") {
  std::mt19937_64 g(1);
  const auto unit = [&] { return static_cast<double>(g() >> 11) * 0x1p-53; };
  double e_log = 0, e_exp = 0, e_log1p = 0, e_expm1 = 0, e_sin = 0, e_cos = 0, e_acos = 0,
         e_gam = 0;
  for (int i = 0; i < 1000000; ++i) {
    const double x = std::ldexp(1 + unit(), static_cast<int>(g() % 2100) - 1074);
    e_log = std::max(e_log, ulps(pm::log(x), std::log(static_cast<long double>(x))));
    const double y = (unit() - 0.5) * 1400;
    e_exp = std::max(e_exp, ulps(pm::exp(y), std::exp(static_cast<long double>(y))));
    const double v = std::ldexp(unit() - 0.5, -static_cast<int>(g() % 40));
    e_log1p = std::max(e_log1p, ulps(pm::log1p(v), std::log1p(static_cast<long double>(v))));
    e_expm1 = std::max(e_expm1, ulps(pm::expm1(v), std::expm1(static_cast<long double>(v))));
    const double u = unit() * 4 - 2;
    double s, c;
    pm::sincospi(u, &s, &c);
    const auto [rs, rc] = sincospi_ref(u);
    e_sin = std::max(e_sin, ulps(s, rs));
    e_cos = std::max(e_cos, ulps(c, rc));
    const double w = unit() * 2 - 1;
    e_acos = std::max(e_acos, ulps(pm::acos(w), std::acos(static_cast<long double>(w))));
    const double z = std::ldexp(1 + unit(), static_cast<int>(g() % 24) - 4);
    const double lg = std::lgamma(z);
    e_gam = std::max(e_gam, std::fabs(pm::loggam(z) - lg) / std::max(1.0, std::fabs(lg)));
  }
  WARN("max ulp: log " << e_log << ", exp " << e_exp << ", log1p " << e_log1p << ", expm1 "
                       << e_expm1 << ", sinpi " << e_sin << ", cospi " << e_cos << ", acos "
                       << e_acos << "; loggam relative " << e_gam);
  CHECK(e_log < 1);
  CHECK(e_exp < 1);
  CHECK(e_log1p < 4);
  CHECK(e_expm1 < 4);
  CHECK(e_sin < 2);
  CHECK(e_cos < 2);
  CHECK(e_acos < 8);
  CHECK(e_gam < 1e-13);
}

TEST_CASE("float32 functions are within their ulp bounds", "[random][math]") {
  std::mt19937 g(2);
  const auto unit = [&] { return static_cast<float>(g() >> 8) * 0x1p-24f; };
  double e_log = 0, e_log1p = 0, e_sin = 0, e_cos = 0;
  for (int i = 0; i < 2000000; ++i) {
    const float x = std::ldexp(1 + unit(), static_cast<int>(g() % 270) - 149);
    e_log = std::max(e_log, ulps(pm::logf(x), std::log(static_cast<long double>(x))));
    const float u = unit();
    if (u > 0) e_log1p = std::max(e_log1p, ulps(pm::log1pf(-u), std::log1p(-(long double)u)));
    const float v = unit() * 2;
    float s, c;
    pm::sincospif(v, &s, &c);
    const auto [rs, rc] = sincospi_ref(v);
    e_sin = std::max(e_sin, ulps(s, rs));
    e_cos = std::max(e_cos, ulps(c, rc));
  }
  WARN("max ulp: logf " << e_log << ", log1pf " << e_log1p << ", sinpif " << e_sin << ", cospif "
                        << e_cos);
  CHECK(e_log < 1);
  CHECK(e_log1p < 2);
  CHECK(e_sin < 2.5);
  CHECK(e_cos < 2.5);
}

TEST_CASE("special values are IEEE's", "[random][math]") {
  CHECK(pm::log(0.0) == -HUGE_VAL);
  CHECK(std::isnan(pm::log(-1.0)));
  CHECK(pm::log(1.0) == 0.0);
  CHECK(pm::log(HUGE_VAL) == HUGE_VAL);
  CHECK(pm::exp(1000.0) == HUGE_VAL);
  CHECK(pm::exp(-1000.0) == 0.0);
  CHECK(pm::exp(-HUGE_VAL) == 0.0);
  CHECK(pm::pow(0.5, HUGE_VAL) == 0.0);
  CHECK(pm::pow(0.0, 2.0) == 0.0);
  CHECK(pm::pow(3.0, 0.0) == 1.0);
  CHECK(pm::loggam(1.0) == 0.0);
  CHECK(pm::loggam(2.0) == 0.0);
  CHECK(pm::logf(0.0f) == -HUGE_VALF);
  CHECK(std::isnan(pm::logf(-1.0f)));
  CHECK(pm::log1p(-1.0) == -HUGE_VAL);
  double s, c;
  pm::sincospi(1.0, &s, &c);
  CHECK(s == 0.0);
  CHECK(c == -1.0);
  pm::sincospi(0.5, &s, &c);
  CHECK(s == 1.0);
  CHECK(c == 0.0);
  CHECK(pm::acos(1.0) == 0.0);
  CHECK(std::isnan(pm::acos(1.5)));
}
