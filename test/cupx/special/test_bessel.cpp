// cupx::special's Bessel functions (j0 j1 y0 y1 i0 i0e i1 i1e k0 k0e k1 k1e, jv jve yv yve iv ive
// kv kve of real order, spherical_jn spherical_yn and their derivatives) against SciPy over their
// domains (test/fixtures/special_bessel.txt, scripts/special/bessel.py).
#include "cupx/special/special_testing.hpp"

#include <cupx/special/bessel.hpp>

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
SPECIAL_CASE("bessel", jv, 2, false)
SPECIAL_CASE("bessel", jve, 2, false)
SPECIAL_CASE("bessel", yv, 2, false)
SPECIAL_CASE("bessel", yve, 2, false)
SPECIAL_CASE("bessel", iv, 2, false)
SPECIAL_CASE("bessel", ive, 2, false)
SPECIAL_CASE("bessel", kv, 2, false)
SPECIAL_CASE("bessel", kve, 2, false)
SPECIAL_CASE("bessel", spherical_jn, 2, false)
SPECIAL_CASE("bessel", spherical_yn, 2, false)

TEST_CASE("special spherical_jn and spherical_yn derivatives match SciPy", "[special][bessel]") {
  cupp_test::check_special<2>(
      "bessel", "spherical_jn_derivative",
      [](const auto& n, const auto& x) { return cupx::special::spherical_jn(n, x, true); });
  cupp_test::check_special<2>(
      "bessel", "spherical_yn_derivative",
      [](const auto& n, const auto& x) { return cupx::special::spherical_yn(n, x, true); });
}
