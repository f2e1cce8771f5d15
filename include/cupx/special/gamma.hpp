#pragma once
/// \file
/// scipy.special's gamma family as cupx ufuncs: gamma gammaln loggamma rgamma gammasgn digamma
/// (psi) polygamma multigammaln (gamma loggamma rgamma digamma complex too), the regularized
/// incomplete gamma functions gammainc gammaincc and their inverses in x gammaincinv gammainccinv.
/// Lazy expressions with an out= form.

#include <cupx/special/detail/gamma.hpp>
#include <cupx/special/ufunc.hpp>

namespace cupx::special {

namespace detail {
/// multigammaln's dimension arrives as an operand in P (a ufunc operand); SciPy's d is an int.
template <class T> CUPP_HD T multigammaln_of(T a, T d) {
  if (!(d >= T(1)) || d != std::floor(d)) return std::numeric_limits<T>::quiet_NaN();
  return multigammaln(a, static_cast<int>(d));
}
} // namespace detail

CUPX_SPECIAL_OP(gamma, domain::real_complex, gamma)
CUPX_SPECIAL_OP_LONG(gammaln, domain::real, gammaln)
CUPX_SPECIAL_OP_OUTLINED(loggamma, domain::real_complex, loggamma)
CUPX_SPECIAL_OP_OUTLINED(rgamma, domain::real_complex, rgamma)
CUPX_SPECIAL_OP(gammasgn, domain::real, gammasgn)
CUPX_SPECIAL_OP(digamma, domain::real_complex, digamma)
CUPX_SPECIAL_OP(psi, domain::real_complex, psi)
CUPX_SPECIAL_OP_OUTLINED(polygamma, domain::real, polygamma)
CUPX_SPECIAL_OP_OUTLINED(multigammaln, domain::real, multigammaln_of)
CUPX_SPECIAL_OP_OUTLINED(gammainc, domain::real, gammainc)
CUPX_SPECIAL_OP_OUTLINED(gammaincc, domain::real, gammaincc)
CUPX_SPECIAL_OP_OUTLINED(gammaincinv, domain::real, gammaincinv)
CUPX_SPECIAL_OP_OUTLINED(gammainccinv, domain::real, gammainccinv)

/// Gamma, log|Gamma|, the principal log of Gamma (NaN for negative reals, as SciPy's real
/// loggamma), 1/Gamma (0 at the poles) and the sign of Gamma; gamma, loggamma and rgamma of
/// complex numbers too.
CUPX_SPECIAL_UFUNC1(gamma)
CUPX_SPECIAL_UFUNC1(gammaln)
CUPX_SPECIAL_UFUNC1(loggamma)
CUPX_SPECIAL_UFUNC1(rgamma)
CUPX_SPECIAL_UFUNC1(gammasgn)
/// The digamma function psi = Gamma'/Gamma (`digamma`, `psi`; complex too) and polygamma(n, x),
/// n >= 0 integer.
CUPX_SPECIAL_UFUNC1(digamma)
CUPX_SPECIAL_UFUNC1(psi)
CUPX_SPECIAL_UFUNC2(polygamma)
/// The log of the multivariate gamma function of dimension d (`multigammaln(a, d)`): NaN where
/// SciPy raises (d not a positive integer, a <= (d - 1) / 2), no sync to check it.
CUPX_SPECIAL_UFUNC2(multigammaln)
/// The regularized lower and upper incomplete gamma functions P(a, x), Q(a, x) and their
/// inverses in x.
CUPX_SPECIAL_UFUNC2(gammainc)
CUPX_SPECIAL_UFUNC2(gammaincc)
CUPX_SPECIAL_UFUNC2(gammaincinv)
CUPX_SPECIAL_UFUNC2(gammainccinv)

} // namespace cupx::special
