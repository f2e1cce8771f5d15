// cupx::special's zeta functions, exponential, trigonometric and elliptic integrals,
// combinatorics and orthogonal polynomials against SciPy (and mpmath where SciPy is inaccurate)
// over their domains (test/fixtures/special_misc.txt, scripts/special/misc.py), and the exact
// integer forms of comb, perm and factorial.
#include "cupx/special/special_testing.hpp"

#include <cupx/special/misc.hpp>

#include <cstdint>

SPECIAL_CASE("misc", exp10, 1, false)
SPECIAL_CASE("misc", zeta, 1, false)
SPECIAL_CASE("misc", zetac, 1, false)
SPECIAL_CASE("misc", expn, 2, false)
SPECIAL_CASE("misc", exp1, 1, false)
SPECIAL_CASE("misc", expi, 1, false)
SPECIAL_CASE("misc", sici, 1, false)
SPECIAL_CASE("misc", shichi, 1, false)
SPECIAL_CASE("misc", fresnel, 1, false)
SPECIAL_CASE("misc", ellipk, 1, false)
SPECIAL_CASE("misc", ellipkm1, 1, false)
SPECIAL_CASE("misc", ellipe, 1, false)
SPECIAL_CASE("misc", ellipkinc, 2, false)
SPECIAL_CASE("misc", ellipeinc, 2, false)
SPECIAL_CASE("misc", binom, 2, false)
SPECIAL_CASE("misc", comb, 2, false)
SPECIAL_CASE("misc", perm, 2, false)
SPECIAL_CASE("misc", factorial, 1, false)
SPECIAL_CASE("misc", eval_legendre, 2, false)
SPECIAL_CASE("misc", eval_chebyt, 2, false)
SPECIAL_CASE("misc", eval_chebyu, 2, false)
SPECIAL_CASE("misc", eval_hermite, 2, false)
SPECIAL_CASE("misc", eval_hermitenorm, 2, false)
SPECIAL_CASE("misc", eval_laguerre, 2, false)
SPECIAL_CASE("misc", eval_genlaguerre, 3, false)
SPECIAL_CASE("misc", eval_gegenbauer, 3, false)
SPECIAL_CASE("misc", eval_jacobi, 4, false)
SPECIAL_CASE("misc", eval_sh_legendre, 2, false)
SPECIAL_CASE("misc", eval_sh_chebyt, 2, false)
SPECIAL_CASE("misc", eval_sh_chebyu, 2, false)
SPECIAL_CASE("misc", eval_sh_jacobi, 4, false)
SPECIAL_CASE("misc", lambertw, 2, true)

TEST_CASE("special zeta(x, q), complex exp1 and expi match SciPy", "[special][misc]") {
  cupp_test::check_special<2>("misc", "hurwitz_zeta", [](const auto& x, const auto& q) {
    return cupx::special::zeta(x, q);
  });
  const auto one = [](const auto& z) { return cupx::special::exp1(z); };
  cupp_test::check_special<1, true>("misc", "exp1_complex", one);
  const auto ei = [](const auto& z) { return cupx::special::expi(z); };
  cupp_test::check_special<1, true>("misc", "expi_complex", ei);
}

TEST_CASE("special comb, perm and factorial exact forms match SciPy's integers",
          "[special][misc]") {
  using cupp_test::special_fixtures;
  for (const char* name : {"comb_exact", "perm_exact", "factorial_exact"}) {
    for (const auto& f : special_fixtures("misc", name)) {
      if (f.dtype != "float64") continue; // the integers, not their float32 roundings
      CAPTURE(name);
      const auto& n = f.lists[0];
      for (std::size_t i = 0; i < n.size(); ++i) {
        const auto a = static_cast<std::int64_t>(n[i]);
        const double want = f.lists.back()[i];
        double got;
        if (f.nargs == 2) {
          const auto k = static_cast<std::int64_t>(f.lists[1][i]);
          got = std::string(name) == "comb_exact"
                    ? static_cast<double>(cupx::special::comb_exact(a, k))
                    : static_cast<double>(cupx::special::perm_exact(a, k));
        } else {
          got = static_cast<double>(cupx::special::factorial_exact(a));
        }
        CAPTURE(a, got, want);
        CHECK(got == want);
      }
    }
  }
}
