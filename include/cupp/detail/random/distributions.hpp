#pragma once
/// \file
/// Every distribution of numpy.random.Generator as a per-element functor on an element_stream
/// (detail/random/stream.hpp), ported from NumPy's C code (numpy/random/src/distributions/):
/// continuous.hpp (normal, gamma, beta, ... and the building blocks standard_normal,
/// standard_exponential, standard_gamma), discrete.hpp (poisson, binomial, hypergeometric, ...),
/// compound.hpp (negative_binomial, noncentral_chisquare, noncentral_f) and multivariate.hpp
/// (multinomial, dirichlet, multivariate_hypergeometric: one row per element). Translation units
/// that use them are compiled without multiply-add contraction (--fmad=false,
/// -ffp-contract=off), so both backends round alike.

#include <cupp/detail/random/compound.hpp>
#include <cupp/detail/random/continuous.hpp>
#include <cupp/detail/random/discrete.hpp>
#include <cupp/detail/random/multivariate.hpp>
