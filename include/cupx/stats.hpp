#pragma once
/// \file
/// `cupx::stats`: scipy.stats' statistics of arrays (moments, entropy, order statistics) on cupp's
/// reductions and sorts, and its distributions as fused ufuncs. See docs/special.md.

#include <cupx/stats/distributions.hpp>
#include <cupx/stats/entropy.hpp>
#include <cupx/stats/moments.hpp>
#include <cupx/stats/order.hpp>
