// The Philox bit generator's host side: counter bookkeeping and spawning
// (random/bit_generator.hpp).
#include <cupp/core/error.hpp>
#include <cupp/random/bit_generator.hpp>

#include <string>

namespace cupp::random {

philox& philox::advance(std::uint64_t delta) {
  if (delta >= counter_limit - state_.counter)
    throw overflow_error("advance past the Philox counter's 2^48 calls");
  state_.counter += delta;
  return *this;
}

philox philox::jumped(std::uint64_t jumps) const {
  if (jumps >= counter_limit / jump_size) throw overflow_error("too many jumps for Philox");
  philox p = *this;
  p.advance(jumps * jump_size);
  return p;
}

std::vector<philox> philox::spawn(std::size_t n) {
  std::vector<philox> children;
  for (seed_sequence& s : seq_.spawn(n))
    children.emplace_back(std::move(s));
  return children;
}

detail::random::call_key philox::next_call() {
  if (state_.counter >= counter_limit)
    throw overflow_error("the Philox counter ran out (2^48 calls): reseed or spawn");
  return {state_.key[0], state_.key[1], state_.counter++, first_};
}

void philox::set_element_offset(std::uint64_t first) {
  if (first % 4 != 0 || first >= counter_limit)
    throw value_error("element offset " + std::to_string(first) +
                      " is not a multiple of 4 below 2^48");
  first_ = first;
}

} // namespace cupp::random
