#pragma once
/// \file
/// scipy.special's elementary functions as cupx ufuncs: expit logit log_expit, xlogy xlog1py
/// exprel expm1 log1p, entr rel_entr kl_div huber pseudo_huber, exp2 cbrt round, boxcox
/// boxcox1p inv_boxcox inv_boxcox1p. Lazy expressions with an out= form (special/ufunc.hpp).

#include <cupx/special/detail/elementary.hpp>
#include <cupx/special/ufunc.hpp>

namespace cupx::special {

CUPX_SPECIAL_OP(expit, domain::real, expit)
CUPX_SPECIAL_OP(logit, domain::real, logit)
CUPX_SPECIAL_OP(log_expit, domain::real, log_expit)
CUPX_SPECIAL_OP(xlogy, domain::real_complex, xlogy)
CUPX_SPECIAL_OP(xlog1py, domain::real_complex, xlog1py)
CUPX_SPECIAL_OP_WIDE(exprel, exprel)
CUPX_SPECIAL_OP(expm1, domain::real_complex, expm1)
CUPX_SPECIAL_OP(log1p, domain::real_complex, log1p)
CUPX_SPECIAL_OP(entr, domain::real, entr)
CUPX_SPECIAL_OP_WIDE(rel_entr, rel_entr)
CUPX_SPECIAL_OP_WIDE(kl_div, kl_div)
CUPX_SPECIAL_OP_WIDE(huber, huber)
CUPX_SPECIAL_OP_WIDE(pseudo_huber, pseudo_huber)
CUPX_SPECIAL_OP(exp2, domain::real, exp2)
CUPX_SPECIAL_OP(cbrt, domain::real, cbrt)
CUPX_SPECIAL_OP(round, domain::real, round)
CUPX_SPECIAL_OP_WIDE(boxcox, boxcox)
CUPX_SPECIAL_OP_WIDE(boxcox1p, boxcox1p)
CUPX_SPECIAL_OP_WIDE(inv_boxcox, inv_boxcox)
CUPX_SPECIAL_OP_WIDE(inv_boxcox1p, inv_boxcox1p)

/// The logistic sigmoid, its inverse and its logarithm (`scipy.special.expit`, `logit`,
/// `log_expit`).
CUPX_SPECIAL_UFUNC1(expit)
CUPX_SPECIAL_UFUNC1(logit)
CUPX_SPECIAL_UFUNC1(log_expit)
/// `x * log(y)` and `x * log1p(y)`, 0 at x = 0 (`scipy.special.xlogy`, `xlog1py`).
CUPX_SPECIAL_UFUNC2(xlogy)
CUPX_SPECIAL_UFUNC2(xlog1py)
/// `(exp(x) - 1) / x` (`scipy.special.exprel`); `expm1`, `log1p` as scipy.special's (complex too).
CUPX_SPECIAL_UFUNC1(exprel)
CUPX_SPECIAL_UFUNC1(expm1)
CUPX_SPECIAL_UFUNC1(log1p)
/// Entropy terms (`scipy.special.entr`, `rel_entr`, `kl_div`).
CUPX_SPECIAL_UFUNC1(entr)
CUPX_SPECIAL_UFUNC2(rel_entr)
CUPX_SPECIAL_UFUNC2(kl_div)
/// Huber losses `huber(delta, r)`, `pseudo_huber(delta, r)`.
CUPX_SPECIAL_UFUNC2(huber)
CUPX_SPECIAL_UFUNC2(pseudo_huber)
/// `2**x`, the cube root and rounding half to even (`scipy.special.exp2`, `cbrt`, `round`; exp10
/// is in special/misc.hpp).
CUPX_SPECIAL_UFUNC1(exp2)
CUPX_SPECIAL_UFUNC1(cbrt)
CUPX_SPECIAL_UFUNC1(round)
/// The Box-Cox transforms and their inverses (`scipy.special.boxcox(x, lmbda)` & co.).
CUPX_SPECIAL_UFUNC2(boxcox)
CUPX_SPECIAL_UFUNC2(boxcox1p)
CUPX_SPECIAL_UFUNC2(inv_boxcox)
CUPX_SPECIAL_UFUNC2(inv_boxcox1p)

} // namespace cupx::special
