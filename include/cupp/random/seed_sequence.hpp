#pragma once
/// \file
/// numpy.random.SeedSequence: turns a seed (an integer, a sequence of integers, or fresh entropy
/// from the operating system) into well-mixed words for a bit generator's key, and spawns
/// independent children. The algorithm and its constants are NumPy's, so
/// `seed_sequence(42).generate_state(4)` gives numpy's words (tested against NumPy).

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <vector>

namespace cupp::random {

class seed_sequence {
public:
  /// Fresh entropy: 128 bits from std::random_device, as NumPy's 128 bits from `secrets`.
  seed_sequence();
  /// An integer seed (a negative one raises value_error "expected non-negative integer").
  explicit seed_sequence(long long entropy);
  explicit seed_sequence(unsigned long long entropy);
  explicit seed_sequence(unsigned long entropy) : seed_sequence((unsigned long long)entropy) {}
  explicit seed_sequence(long entropy) : seed_sequence((long long)entropy) {}
  explicit seed_sequence(int entropy) : seed_sequence((long long)entropy) {}
  explicit seed_sequence(unsigned entropy) : seed_sequence((unsigned long long)entropy) {}
  /// A sequence of integers, each split into 32-bit words as NumPy does.
  explicit seed_sequence(std::vector<std::uint64_t> entropy,
                         std::vector<std::uint64_t> spawn_key = {}, std::size_t pool_size = 4);
  seed_sequence(std::initializer_list<std::uint64_t> entropy)
      : seed_sequence(std::vector<std::uint64_t>(entropy)) {}

  /// `n` words of state (NumPy's generate_state(n, np.uint32)).
  [[nodiscard]] std::vector<std::uint32_t> generate_state(std::size_t n) const;
  /// `n` independent children: the same entropy, this spawn key extended by the child's number.
  [[nodiscard]] std::vector<seed_sequence> spawn(std::size_t n);

  [[nodiscard]] const std::vector<std::uint64_t>& entropy() const { return entropy_; }
  [[nodiscard]] const std::vector<std::uint64_t>& spawn_key() const { return spawn_key_; }
  [[nodiscard]] std::size_t pool_size() const { return pool_.size(); }
  [[nodiscard]] std::size_t n_children_spawned() const { return n_children_spawned_; }
  /// The mixed entropy pool (NumPy's `pool`).
  [[nodiscard]] const std::vector<std::uint32_t>& pool() const { return pool_; }

private:
  std::vector<std::uint64_t> entropy_, spawn_key_;
  std::vector<std::uint32_t> pool_;
  std::size_t n_children_spawned_ = 0;
};

} // namespace cupp::random
