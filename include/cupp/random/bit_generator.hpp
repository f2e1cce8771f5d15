#pragma once
/// \file
/// cupp's bit generator, Philox4x32-10 (counter-based, as numpy.random.Philox is, in its 32-bit
/// form that GPUs and cuRAND use). Its state is a 64-bit key, made by a seed_sequence, and a
/// call counter: every generator call takes the next counter value, and element i of that call
/// reads Philox blocks whose counter is (call, i, j) (detail/random/stream.hpp). So two calls
/// never share bits, and a value depends on (key, call, i) only.

#include <cupp/detail/random/stream.hpp>
#include <cupp/random/seed_sequence.hpp>

#include <cstdint>
#include <vector>

namespace cupp::random {

/// What `philox::state()` returns and `set_state` takes (NumPy's bit_generator.state).
struct philox_state {
  std::uint32_t key[2] = {0, 0};
  std::uint64_t counter = 0; ///< the next call's number
  friend bool operator==(const philox_state&, const philox_state&) = default;
};

class philox {
public:
  /// Calls and elements have 48 bits of the Philox counter each.
  static constexpr std::uint64_t counter_limit = std::uint64_t{1} << 48;
  /// `jumped()` moves the counter by this many calls (65536 jumps fit).
  static constexpr std::uint64_t jump_size = std::uint64_t{1} << 32;

  /// Seeded from fresh OS entropy.
  philox() : philox(seed_sequence()) {}
  explicit philox(seed_sequence seq) : seq_(std::move(seq)) {
    const auto words = seq_.generate_state(2);
    state_.key[0] = words[0];
    state_.key[1] = words[1];
  }

  [[nodiscard]] philox_state state() const { return state_; }
  void set_state(const philox_state& s) { state_ = s; }
  [[nodiscard]] const seed_sequence& seed_seq() const { return seq_; }

  /// Skips `delta` calls (NumPy's advance counts draws; here a call is the unit).
  philox& advance(std::uint64_t delta);
  /// A copy whose counter is `jumps * jump_size` calls ahead: non-overlapping streams.
  [[nodiscard]] philox jumped(std::uint64_t jumps = 1) const;
  /// `n` independent bit generators from the seed sequence's children.
  [[nodiscard]] std::vector<philox> spawn(std::size_t n);

  /// The key of the next call, advancing the counter (raises past counter_limit).
  [[nodiscard]] detail::random::call_key next_call();

  /// Where in each following call the elements a call writes begin (0: at the call's start). A
  /// rank of a distributed array sets it on a copy of the generator so that its block gets the
  /// values the whole array has there (cupp::dist::random); a multiple of 4, and honoured by the
  /// distributions drawn elementwise, not by the permutations, choice and the multivariate ones.
  void set_element_offset(std::uint64_t first);
  [[nodiscard]] std::uint64_t element_offset() const { return first_; }

private:
  seed_sequence seq_;
  philox_state state_;
  std::uint64_t first_ = 0;
};

} // namespace cupp::random
