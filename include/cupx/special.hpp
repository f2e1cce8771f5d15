#pragma once
/// \file
/// `cupx::special`: scipy.special's functions as cupp ufuncs (lazy, broadcasting, fusing, out=),
/// and logsumexp/softmax/log_softmax as one-pass reductions. See docs/special.md.

#include <cupx/special/bessel.hpp>
#include <cupx/special/beta.hpp>
#include <cupx/special/elementary.hpp>
#include <cupx/special/erf.hpp>
#include <cupx/special/gamma.hpp>
#include <cupx/special/hypergeometric.hpp>
#include <cupx/special/logsumexp.hpp>
#include <cupx/special/misc.hpp>
