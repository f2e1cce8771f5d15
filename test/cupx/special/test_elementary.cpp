// cupx::special's elementary functions (expit, logit, log_expit, xlogy, xlog1py, exprel, expm1,
// log1p, entr, rel_entr, kl_div, huber, pseudo_huber, exp2, cbrt, round, the Box-Cox
// transforms) against SciPy over their domains (test/fixtures/special_elementary.txt).
#include "cupx/special/special_testing.hpp"

#include <cupx/special/elementary.hpp>

SPECIAL_CASE("elementary", expit, 1, false)
SPECIAL_CASE("elementary", logit, 1, false)
SPECIAL_CASE("elementary", log_expit, 1, false)
SPECIAL_CASE("elementary", xlogy, 2, true)
SPECIAL_CASE("elementary", xlog1py, 2, true)
SPECIAL_CASE("elementary", exprel, 1, false)
SPECIAL_CASE("elementary", expm1, 1, true)
SPECIAL_CASE("elementary", log1p, 1, true)
SPECIAL_CASE("elementary", entr, 1, false)
SPECIAL_CASE("elementary", rel_entr, 2, false)
SPECIAL_CASE("elementary", kl_div, 2, false)
SPECIAL_CASE("elementary", huber, 2, false)
SPECIAL_CASE("elementary", pseudo_huber, 2, false)
SPECIAL_CASE("elementary", exp2, 1, false)
SPECIAL_CASE("elementary", cbrt, 1, false)
SPECIAL_CASE("elementary", round, 1, false)
SPECIAL_CASE("elementary", boxcox, 2, false)
SPECIAL_CASE("elementary", boxcox1p, 2, false)
SPECIAL_CASE("elementary", inv_boxcox, 2, false)
SPECIAL_CASE("elementary", inv_boxcox1p, 2, false)
