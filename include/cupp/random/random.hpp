#pragma once
/// \file
/// cupp::random, numpy.random's counterpart: the Generator (random/generator.hpp) over the
/// Philox bit generator (random/bit_generator.hpp) and its seed_sequence, RandomState's legacy
/// names (random/random_state.hpp) and the module functions (random/module.hpp).

#include <cupp/random/bit_generator.hpp>
#include <cupp/random/generator.hpp>
#include <cupp/random/module.hpp>
#include <cupp/random/random_state.hpp>
#include <cupp/random/seed_sequence.hpp>
