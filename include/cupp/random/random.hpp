#pragma once
/// \file
/// cupp::random, numpy.random's counterpart: the Generator (random/generator.hpp) over the
/// Philox bit generator (random/bit_generator.hpp) and its seed_sequence.

#include <cupp/random/bit_generator.hpp>
#include <cupp/random/generator.hpp>
#include <cupp/random/module.hpp>
#include <cupp/random/seed_sequence.hpp>
