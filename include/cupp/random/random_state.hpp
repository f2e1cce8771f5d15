#pragma once
/// \file
/// numpy.random.RandomState's legacy API: a Generator (every distribution, choice, permutation,
/// shuffle... as Generator's) with RandomState's own names on top: seed, get_state/set_state,
/// rand, randn, randint, random_integers, random_sample and its aliases ranf and sample, tomaxint.
/// The numbers are cupp's Philox streams (docs/random.md), not NumPy's MT19937 ones: no GPU
/// library reproduces that sequential generator, and CuPy's RandomState does not either.

#include <cupp/random/generator.hpp>

#include <cstdint>
#include <limits>
#include <optional>

namespace cupp::random {

class RandomState : public Generator {
public:
  /// Seeded from fresh OS entropy.
  RandomState() : Generator(philox()) {}
  explicit RandomState(std::uint64_t s) : Generator(philox(seed_sequence(s))) {}

  /// Reseeds (numpy.random.RandomState.seed); no argument: OS entropy.
  void seed(std::uint64_t s) { bit_generator() = philox(seed_sequence(s)); }
  void seed() { bit_generator() = philox(); }
  [[nodiscard]] philox_state get_state() { return bit_generator().state(); }
  void set_state(const philox_state& s) { bit_generator().set_state(s); }

  /// Uniform on [0, 1) of shape (d0, d1, ...).
  template <class... I> [[nodiscard]] ndarray<double> rand(I... d) {
    return random(shape_t{static_cast<index_t>(d)...});
  }
  /// Standard normal of shape (d0, d1, ...).
  template <class... I> [[nodiscard]] ndarray<double> randn(I... d) {
    return standard_normal(shape_t{static_cast<index_t>(d)...});
  }
  /// Integers in [low, high), or [0, low) without high.
  template <class T = std::int64_t>
  [[nodiscard]] ndarray<T> randint(std::int64_t low, std::optional<std::int64_t> high = {},
                                   const size_arg& size = {}) {
    return integers<T>(low, high, size);
  }
  /// Integers in [low, high], or [1, low] without high (NumPy deprecates it for randint).
  [[nodiscard]] ndarray<std::int64_t> random_integers(std::int64_t low,
                                                      std::optional<std::int64_t> high = {},
                                                      const size_arg& size = {}) {
    if (!high) {
      high = low;
      low = 1;
    }
    return integers<std::int64_t>(low, *high, size, true);
  }
  /// Uniform on [0, 1) (random_sample, ranf, sample are NumPy's three names for it).
  [[nodiscard]] ndarray<double> random_sample(const size_arg& size = {}) { return random(size); }
  [[nodiscard]] ndarray<double> ranf(const size_arg& size = {}) { return random(size); }
  [[nodiscard]] ndarray<double> sample(const size_arg& size = {}) { return random(size); }
  /// Integers in [0, INT64_MAX] (NumPy's C long).
  [[nodiscard]] ndarray<std::int64_t> tomaxint(const size_arg& size = {}) {
    return integers<std::int64_t>(0, std::numeric_limits<std::int64_t>::max(), size, true);
  }
};

} // namespace cupp::random
