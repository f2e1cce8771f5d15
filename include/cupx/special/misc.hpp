#pragma once
/// \file
/// scipy.special's zeta functions, exponential and trigonometric integrals, elliptic integrals,
/// combinatorics and orthogonal polynomials as cupx ufuncs: zeta (Riemann, and Hurwitz with two
/// operands) zetac lambertw expn exp1 expi (real and complex) sici shichi fresnel (pairs) ellipk
/// ellipkm1 ellipe ellipkinc ellipeinc binom comb perm factorial exp10 eval_legendre eval_chebyt
/// eval_chebyu eval_hermite eval_hermitenorm eval_laguerre eval_genlaguerre eval_gegenbauer
/// eval_jacobi eval_sh_legendre eval_sh_chebyt eval_sh_chebyu eval_sh_jacobi (recurrences at
/// integer degrees, SciPy's 2F1/1F1 forms at others; Hermite's integer only, NaN for others), and
/// the exact integer forms comb_exact perm_exact factorial_exact (scalars: 0 where the result does
/// not fit).

#include <cupx/special/detail/misc.hpp>
#include <cupx/special/ufunc.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <utility>

namespace cupx::special {

namespace detail {
template <class T> CUPP_HD T sici_si(T x) { return sici(x).si; }
template <class T> CUPP_HD T sici_ci(T x) { return sici(x).ci; }
template <class T> CUPP_HD T shichi_shi(T x) { return shichi(x).shi; }
template <class T> CUPP_HD T shichi_chi(T x) { return shichi(x).chi; }
template <class T> CUPP_HD T fresnel_s(T x) { return fresnel(x).s; }
template <class T> CUPP_HD T fresnel_c(T x) { return fresnel(x).c; }
/// Hermite polynomials have integer degrees only (SciPy's loops are `ld->d`): NaN otherwise.
template <class T> CUPP_HD T eval_hermite_of(T n, T x) {
  if (!(n == std::floor(n)) || std::fabs(n) > T(9.2e18)) return std::numeric_limits<T>::quiet_NaN();
  return eval_hermite(static_cast<std::int64_t>(n), x);
}
template <class T> CUPP_HD T eval_hermitenorm_of(T n, T x) {
  if (!(n == std::floor(n)) || std::fabs(n) > T(9.2e18)) return std::numeric_limits<T>::quiet_NaN();
  return eval_hermitenorm(static_cast<std::int64_t>(n), x);
}
/// lambertw's branch arrives as a complex operand: its real part, an integer.
template <class C> CUPP_HD C lambertw_of(C z, C k) {
  return lambertw(z, static_cast<std::int64_t>(k.real()));
}
} // namespace detail

CUPX_SPECIAL_OP(exp10, domain::real, exp10)
CUPX_SPECIAL_OP_OUTLINED(zeta, domain::real, zeta)
CUPX_SPECIAL_OP_OUTLINED(hurwitz_zeta, domain::real, hurwitz_zeta)
CUPX_SPECIAL_OP_OUTLINED(zetac, domain::real, zetac)
CUPX_SPECIAL_OP_OUTLINED(lambertw, domain::complex, lambertw_of)
CUPX_SPECIAL_OP_OUTLINED(expn, domain::real, expn)
CUPX_SPECIAL_OP_OUTLINED(exp1, domain::real_complex, exp1)
CUPX_SPECIAL_OP_OUTLINED(expi, domain::real_complex, expi)
CUPX_SPECIAL_OP_OUTLINED(sici_si, domain::real, sici_si)
CUPX_SPECIAL_OP_OUTLINED(sici_ci, domain::real, sici_ci)
CUPX_SPECIAL_OP_OUTLINED(shichi_shi, domain::real, shichi_shi)
CUPX_SPECIAL_OP_OUTLINED(shichi_chi, domain::real, shichi_chi)
CUPX_SPECIAL_OP_OUTLINED(fresnel_s, domain::real, fresnel_s)
CUPX_SPECIAL_OP_OUTLINED(fresnel_c, domain::real, fresnel_c)
CUPX_SPECIAL_OP_OUTLINED(ellipk, domain::real, ellipk)
CUPX_SPECIAL_OP_OUTLINED(ellipkm1, domain::real, ellipkm1)
CUPX_SPECIAL_OP_OUTLINED(ellipe, domain::real, ellipe)
CUPX_SPECIAL_OP_OUTLINED(ellipkinc, domain::real, ellipkinc)
CUPX_SPECIAL_OP_OUTLINED(ellipeinc, domain::real, ellipeinc)
CUPX_SPECIAL_OP_OUTLINED(binom, domain::real, binom)
CUPX_SPECIAL_OP_OUTLINED(comb, domain::real, comb)
CUPX_SPECIAL_OP_OUTLINED(perm, domain::real, perm)
CUPX_SPECIAL_OP_OUTLINED(factorial, domain::real, factorial)
CUPX_SPECIAL_OP_OUTLINED(eval_legendre, domain::real, eval_legendre)
CUPX_SPECIAL_OP_OUTLINED(eval_chebyt, domain::real, eval_chebyt)
CUPX_SPECIAL_OP_OUTLINED(eval_chebyu, domain::real, eval_chebyu)
CUPX_SPECIAL_OP_OUTLINED(eval_hermite, domain::real, eval_hermite_of)
CUPX_SPECIAL_OP_OUTLINED(eval_hermitenorm, domain::real, eval_hermitenorm_of)
CUPX_SPECIAL_OP_OUTLINED(eval_laguerre, domain::real, eval_laguerre)
CUPX_SPECIAL_OP_OUTLINED(eval_genlaguerre, domain::real, eval_genlaguerre)
CUPX_SPECIAL_OP_OUTLINED(eval_gegenbauer, domain::real, eval_gegenbauer)
CUPX_SPECIAL_OP_OUTLINED(eval_jacobi, domain::real, eval_jacobi)
CUPX_SPECIAL_OP_OUTLINED(eval_sh_legendre, domain::real, eval_sh_legendre)
CUPX_SPECIAL_OP_OUTLINED(eval_sh_chebyt, domain::real, eval_sh_chebyt)
CUPX_SPECIAL_OP_OUTLINED(eval_sh_chebyu, domain::real, eval_sh_chebyu)
CUPX_SPECIAL_OP_OUTLINED(eval_sh_jacobi, domain::real, eval_sh_jacobi)

/// `10**x` (exact powers of ten for integer x).
CUPX_SPECIAL_UFUNC1(exp10)
/// The Riemann zeta function `zeta(x)`, and the Hurwitz zeta function `zeta(x, q)`; zeta(x) - 1.
template <class A>
requires are_operands_v<A>
[[nodiscard]] auto zeta(const A& x) { return make_ufunc<ops::zeta>(x); }
template <class A, class B>
requires are_operands_v<A, B>
[[nodiscard]] auto zeta(const A& x, const B& q) { return make_ufunc<ops::hurwitz_zeta>(x, q); }
template <class A, class B, class R>
requires are_operands_v<A, B> ndarray<R> zeta(const A& x, const B& q, ndarray<R> out) {
  return ufunc_into<ops::hurwitz_zeta>(std::move(out), x, q);
}
CUPX_SPECIAL_UFUNC1(zetac)
/// The Lambert W function of branch k (`scipy.special.lambertw(z, k=0)`): complex results.
template <class Z, class K = int>
requires are_operands_v<Z, K>
[[nodiscard]] auto lambertw(const Z& z, const K& k = 0) { return make_ufunc<ops::lambertw>(z, k); }
/// The generalized exponential integral E_n(x) (`expn(n, x)`, integer n), E_1 and Ei (complex
/// too).
CUPX_SPECIAL_UFUNC2(expn)
CUPX_SPECIAL_UFUNC1(exp1)
CUPX_SPECIAL_UFUNC1(expi)
/// The sine and cosine integrals (si, ci), their hyperbolic forms (shi, chi) and the Fresnel
/// integrals (s, c): pairs of lazy expressions, as SciPy's tuples.
template <class A>
requires are_operands_v<A>
[[nodiscard]] auto sici(const A& x) {
  return std::pair{make_ufunc<ops::sici_si>(x), make_ufunc<ops::sici_ci>(x)};
}
template <class A>
requires are_operands_v<A>
[[nodiscard]] auto shichi(const A& x) {
  return std::pair{make_ufunc<ops::shichi_shi>(x), make_ufunc<ops::shichi_chi>(x)};
}
template <class A>
requires are_operands_v<A>
[[nodiscard]] auto fresnel(const A& x) {
  return std::pair{make_ufunc<ops::fresnel_s>(x), make_ufunc<ops::fresnel_c>(x)};
}
/// Complete and incomplete elliptic integrals of the first and second kind (parameter m).
CUPX_SPECIAL_UFUNC1(ellipk)
CUPX_SPECIAL_UFUNC1(ellipkm1)
CUPX_SPECIAL_UFUNC1(ellipe)
CUPX_SPECIAL_UFUNC2(ellipkinc)
CUPX_SPECIAL_UFUNC2(ellipeinc)
/// Binomial coefficients, combinations, permutations and factorials of real numbers (SciPy's
/// exact=False); the exact integer forms are comb_exact, perm_exact, factorial_exact.
CUPX_SPECIAL_UFUNC2(binom)
CUPX_SPECIAL_UFUNC2(comb)
CUPX_SPECIAL_UFUNC2(perm)
CUPX_SPECIAL_UFUNC1(factorial)
using detail::comb_exact;
using detail::factorial_exact;
using detail::perm_exact;
/// Orthogonal polynomials (`eval_legendre(n, x)` & co.): the recurrences at integer degree n (also
/// held in a float), SciPy's hypergeometric forms at other real n (Hermite: NaN, where SciPy has
/// no loop).
CUPX_SPECIAL_UFUNC2(eval_legendre)
CUPX_SPECIAL_UFUNC2(eval_chebyt)
CUPX_SPECIAL_UFUNC2(eval_chebyu)
CUPX_SPECIAL_UFUNC2(eval_hermite)
CUPX_SPECIAL_UFUNC2(eval_hermitenorm)
CUPX_SPECIAL_UFUNC2(eval_laguerre)
CUPX_SPECIAL_UFUNC3(eval_genlaguerre)
CUPX_SPECIAL_UFUNC3(eval_gegenbauer)
CUPX_SPECIAL_UFUNC4(eval_jacobi)
/// The shifted polynomials P_n(2x - 1), T_n(2x - 1), U_n(2x - 1), G_n^(p,q)(x).
CUPX_SPECIAL_UFUNC2(eval_sh_legendre)
CUPX_SPECIAL_UFUNC2(eval_sh_chebyt)
CUPX_SPECIAL_UFUNC2(eval_sh_chebyu)
CUPX_SPECIAL_UFUNC4(eval_sh_jacobi)

} // namespace cupx::special
