// cupx::special's Bessel functions (j0 j1 y0 y1 i0 i0e i1 i1e k0 k0e k1 k1e, jv jve yv yve iv ive
// kv kve of real order and real or complex argument, hankel1 hankel1e hankel2 hankel2e,
// spherical_jn spherical_yn and their derivatives, real and complex) against SciPy over their
// domains (test/fixtures/special_bessel.txt, scripts/special/bessel.py).
#include "cupx/special/special_testing.hpp"

#include <cupp/creation.hpp>
#include <cupx/special/bessel.hpp>

#include <cmath>
#include <type_traits>
#include <vector>

SPECIAL_CASE("bessel", j0, 1, false)
SPECIAL_CASE("bessel", j1, 1, false)
SPECIAL_CASE("bessel", y0, 1, false)
SPECIAL_CASE("bessel", y1, 1, false)
SPECIAL_CASE("bessel", i0, 1, false)
SPECIAL_CASE("bessel", i0e, 1, false)
SPECIAL_CASE("bessel", i1, 1, false)
SPECIAL_CASE("bessel", i1e, 1, false)
SPECIAL_CASE("bessel", k0, 1, false)
SPECIAL_CASE("bessel", k0e, 1, false)
SPECIAL_CASE("bessel", k1, 1, false)
SPECIAL_CASE("bessel", k1e, 1, false)
SPECIAL_CASE("bessel", jv, 2, true)
SPECIAL_CASE("bessel", jve, 2, true)
SPECIAL_CASE("bessel", yv, 2, true)
SPECIAL_CASE("bessel", yve, 2, true)
SPECIAL_CASE("bessel", iv, 2, true)
SPECIAL_CASE("bessel", ive, 2, true)
SPECIAL_CASE("bessel", kv, 2, true)
SPECIAL_CASE("bessel", kve, 2, true)
SPECIAL_CASE("bessel", hankel1, 2, true)
SPECIAL_CASE("bessel", hankel1e, 2, true)
SPECIAL_CASE("bessel", hankel2, 2, true)
SPECIAL_CASE("bessel", hankel2e, 2, true)
SPECIAL_CASE("bessel", spherical_jn, 2, true)
SPECIAL_CASE("bessel", spherical_yn, 2, true)

TEST_CASE("special spherical_jn and spherical_yn derivatives match SciPy", "[special][bessel]") {
  cupp_test::check_special<2, true>(
      "bessel", "spherical_jn_derivative",
      [](const auto& n, const auto& x) { return cupx::special::spherical_jn(n, x, true); });
  cupp_test::check_special<2, true>(
      "bessel", "spherical_yn_derivative",
      [](const auto& n, const auto& x) { return cupx::special::spherical_yn(n, x, true); });
}

namespace {

// f(real order array, complex z array) against f(complex order array, complex z array), which the
// fixtures check against SciPy: the same kernel, reached through the mixed promotion.
template <class C, class F> void check_real_order(F f) {
  using R = cupp::real_t<C>;
  const std::vector<R> v = {R(0), R(0.5), R(-1.5), R(3), R(-7.25), R(20)};
  std::vector<C> z;
  for (const double re : {-3.5, -0.25, 0.0, 2.0, 40.0})
    for (const double im : {-2.0, 0.0, 1.5})
      z.emplace_back(static_cast<R>(re), static_cast<R>(im));
  const auto vz = cupp::asarray(v.data(), {static_cast<std::int64_t>(v.size()), 1});
  const auto zz = cupp::asarray(z.data(), {1, static_cast<std::int64_t>(z.size())});
  std::vector<C> vc(v.begin(), v.end());
  const auto vcz = cupp::asarray(vc.data(), {static_cast<std::int64_t>(vc.size()), 1});
  const auto got = f(vz, zz);
  static_assert(std::is_same_v<cupp::expr::value_type_t<decltype(got)>, C>);
  const auto a = cupp_test::evaluated(got);
  const auto b = cupp_test::evaluated(f(vcz, zz));
  REQUIRE(a.size() == v.size() * z.size());
  REQUIRE(b.size() == a.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    CAPTURE(i);
    const bool nan_a = std::isnan(a[i].real()), nan_b = std::isnan(b[i].real());
    CHECK(nan_a == nan_b);
    if (!nan_a && !nan_b) {
      CHECK(a[i].real() == b[i].real());
      CHECK(a[i].imag() == b[i].imag());
    }
  }
}

} // namespace

TEMPLATE_TEST_CASE("special Bessel functions of complex argument broadcast with real orders",
                   "[special][bessel]", cupp::complex64, cupp::complex128) {
  namespace sp = cupx::special;
  check_real_order<TestType>([](const auto& v, const auto& z) { return sp::jv(v, z); });
  check_real_order<TestType>([](const auto& v, const auto& z) { return sp::yve(v, z); });
  check_real_order<TestType>([](const auto& v, const auto& z) { return sp::kv(v, z); });
  check_real_order<TestType>([](const auto& v, const auto& z) { return sp::hankel2e(v, z); });
  check_real_order<TestType>([](const auto& v, const auto& z) { return sp::spherical_jn(v, z); });
}

TEST_CASE("special Bessel functions: weak scalar orders, real operands of hankel, nan cases",
          "[special][bessel]") {
  namespace sp = cupx::special;
  const std::vector<cupp::complex64> z = {{1.0f, 1.0f}, {-2.0f, 0.0f}, {0.0f, 0.0f}};
  const auto zz = cupp::asarray(z.data(), {3});
  // a C++ double order is weak: complex64 stays complex64
  const auto j = sp::jv(1.5, zz);
  static_assert(std::is_same_v<cupp::expr::value_type_t<decltype(j)>, cupp::complex64>);
  const auto jh = cupp_test::evaluated(j);
  CHECK(jh[2].real() == 0.0f);
  CHECK(jh[2].imag() == 0.0f);
  // hankel1 of real operands computes as complex (SciPy's only loops are complex)
  const std::vector<double> x = {1.0, 2.0};
  const auto xx = cupp::asarray(x.data(), {2});
  const auto h = sp::hankel1(0.0, xx);
  static_assert(std::is_same_v<cupp::expr::value_type_t<decltype(h)>, cupp::complex128>);
  const auto hh = cupp_test::evaluated(h);
  const auto j0 = cupp_test::evaluated(sp::jv(0.0, xx));
  const auto y0 = cupp_test::evaluated(sp::yv(0.0, xx));
  for (std::size_t i = 0; i < 2; ++i) {
    CHECK(std::fabs(hh[i].real() - j0[i]) <= 1e-15);
    CHECK(std::fabs(hh[i].imag() - y0[i]) <= 1e-15);
  }
  // kv at 0 and a nonzero imaginary order: nan, no error
  const std::vector<cupp::complex128> v = {{0.5, 0.0}, {0.5, 1.0}};
  const std::vector<cupp::complex128> w = {{0.0, 0.0}, {1.0, 0.0}};
  const auto k =
      cupp_test::evaluated(sp::kv(cupp::asarray(v.data(), {2}), cupp::asarray(w.data(), {2})));
  CHECK(std::isnan(k[0].real()));
  CHECK(std::isnan(k[1].real()));
}
