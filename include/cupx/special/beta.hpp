#pragma once
/// \file
/// scipy.special's beta family and the distribution functions built on the incomplete gamma and
/// beta functions, as cupx ufuncs: beta betaln betainc betaincc betaincinv betainccinv; chdtr
/// chdtrc chdtri gdtr gdtrc nbdtr nbdtrc bdtr bdtrc pdtr pdtrc stdtr stdtrit (SciPy's argument
/// orders; integer counts as SciPy floors them).

#include <cupx/special/detail/beta.hpp>
#include <cupx/special/ufunc.hpp>

namespace cupx::special {

CUPX_SPECIAL_OP_OUTLINED(beta, domain::real, beta)
CUPX_SPECIAL_OP_OUTLINED(betaln, domain::real, betaln)
CUPX_SPECIAL_OP_OUTLINED(betainc, domain::real, betainc)
CUPX_SPECIAL_OP_OUTLINED(betaincc, domain::real, betaincc)
CUPX_SPECIAL_OP_OUTLINED(betaincinv, domain::real, betaincinv)
CUPX_SPECIAL_OP_OUTLINED(betainccinv, domain::real, betainccinv)
CUPX_SPECIAL_OP_OUTLINED(chdtr, domain::real, chdtr)
CUPX_SPECIAL_OP_OUTLINED(chdtrc, domain::real, chdtrc)
CUPX_SPECIAL_OP_OUTLINED(chdtri, domain::real, chdtri)
CUPX_SPECIAL_OP_OUTLINED(gdtr, domain::real, gdtr)
CUPX_SPECIAL_OP_OUTLINED(gdtrc, domain::real, gdtrc)
CUPX_SPECIAL_OP_OUTLINED(nbdtr, domain::real, nbdtr)
CUPX_SPECIAL_OP_OUTLINED(nbdtrc, domain::real, nbdtrc)
CUPX_SPECIAL_OP_OUTLINED(bdtr, domain::real, bdtr)
CUPX_SPECIAL_OP_OUTLINED(bdtrc, domain::real, bdtrc)
CUPX_SPECIAL_OP_OUTLINED(pdtr, domain::real, pdtr)
CUPX_SPECIAL_OP_OUTLINED(pdtrc, domain::real, pdtrc)
CUPX_SPECIAL_OP_OUTLINED(stdtr, domain::real, stdtr)
CUPX_SPECIAL_OP_OUTLINED(stdtrit, domain::real, stdtrit)

/// The beta function and log|B(a, b)|.
CUPX_SPECIAL_UFUNC2(beta)
CUPX_SPECIAL_UFUNC2(betaln)
/// The regularized incomplete beta function I_x(a, b), its complement, and their inverses in x.
CUPX_SPECIAL_UFUNC3(betainc)
CUPX_SPECIAL_UFUNC3(betaincc)
CUPX_SPECIAL_UFUNC3(betaincinv)
CUPX_SPECIAL_UFUNC3(betainccinv)
/// Chi-squared cdf, survival function and its inverse (`chdtr(v, x)`, `chdtri(v, p)`).
CUPX_SPECIAL_UFUNC2(chdtr)
CUPX_SPECIAL_UFUNC2(chdtrc)
CUPX_SPECIAL_UFUNC2(chdtri)
/// Gamma distribution cdf and survival function (`gdtr(a, b, x)`: rate a, shape b).
CUPX_SPECIAL_UFUNC3(gdtr)
CUPX_SPECIAL_UFUNC3(gdtrc)
/// Negative binomial, binomial and Poisson sums of terms (`nbdtr(k, n, p)`, `bdtr(k, n, p)`,
/// `pdtr(k, m)`) and their complements.
CUPX_SPECIAL_UFUNC3(nbdtr)
CUPX_SPECIAL_UFUNC3(nbdtrc)
CUPX_SPECIAL_UFUNC3(bdtr)
CUPX_SPECIAL_UFUNC3(bdtrc)
CUPX_SPECIAL_UFUNC2(pdtr)
CUPX_SPECIAL_UFUNC2(pdtrc)
/// Student's t cdf `stdtr(df, t)` and its inverse in t `stdtrit(df, p)`.
CUPX_SPECIAL_UFUNC2(stdtr)
CUPX_SPECIAL_UFUNC2(stdtrit)

} // namespace cupx::special
