#pragma once
/// \file
/// scipy.special's error-function family as cupx ufuncs: erf erfc erfcx erfi dawsn (real and
/// complex), wofz (the Faddeeva function, complex), erfinv erfcinv, and the normal distribution's
/// ndtr (real and complex) log_ndtr ndtri ndtri_exp. Lazy expressions with an out= form.

#include <cupx/special/detail/erf.hpp>
#include <cupx/special/ufunc.hpp>

namespace cupx::special {

CUPX_SPECIAL_OP(erf, domain::real_complex, erf)
CUPX_SPECIAL_OP(erfc, domain::real_complex, erfc)
CUPX_SPECIAL_OP_OUTLINED(erfcx, domain::real_complex, erfcx)
CUPX_SPECIAL_OP_OUTLINED(erfi, domain::real_complex, erfi)
CUPX_SPECIAL_OP_OUTLINED(dawsn, domain::real_complex, dawsn)
CUPX_SPECIAL_OP_OUTLINED(wofz, domain::complex, wofz)
CUPX_SPECIAL_OP(erfinv, domain::real, erfinv)
CUPX_SPECIAL_OP(erfcinv, domain::real, erfcinv)
CUPX_SPECIAL_OP(ndtr, domain::real_complex, ndtr)
CUPX_SPECIAL_OP_OUTLINED(log_ndtr, domain::real, log_ndtr)
CUPX_SPECIAL_OP(ndtri, domain::real, ndtri)
CUPX_SPECIAL_OP_OUTLINED(ndtri_exp, domain::real, ndtri_exp)

/// The error function, its complement, the scaled complement e^(x^2) erfc(x), the imaginary
/// error function -i erf(ix) and Dawson's integral (`scipy.special.erf` & co.; complex too).
CUPX_SPECIAL_UFUNC1(erf)
CUPX_SPECIAL_UFUNC1(erfc)
CUPX_SPECIAL_UFUNC1(erfcx)
CUPX_SPECIAL_UFUNC1(erfi)
CUPX_SPECIAL_UFUNC1(dawsn)
/// The Faddeeva function w(z) = e^(-z^2) erfc(-iz) (`scipy.special.wofz`): complex results, real
/// operands computed as complex.
CUPX_SPECIAL_UFUNC1(wofz)
/// The inverses of erf and erfc.
CUPX_SPECIAL_UFUNC1(erfinv)
CUPX_SPECIAL_UFUNC1(erfcinv)
/// The standard normal cdf, its logarithm (accurate far into the left tail), its inverse and the
/// inverse of log_ndtr (`scipy.special.ndtr`, `log_ndtr`, `ndtri`, `ndtri_exp`).
CUPX_SPECIAL_UFUNC1(ndtr)
CUPX_SPECIAL_UFUNC1(log_ndtr)
CUPX_SPECIAL_UFUNC1(ndtri)
CUPX_SPECIAL_UFUNC1(ndtri_exp)

} // namespace cupx::special
