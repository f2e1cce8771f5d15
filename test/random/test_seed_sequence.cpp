// seed_sequence against numpy.random.SeedSequence (values from NumPy 2.4), Philox's counter.
#include "testing.hpp"

#include <cupp/random/bit_generator.hpp>
#include <cupp/random/seed_sequence.hpp>

using cupp::random::philox;
using cupp::random::seed_sequence;
using words = std::vector<std::uint32_t>;

TEST_CASE("seed_sequence gives NumPy's words", "[random][seed]") {
  // np.random.SeedSequence(42).pool, .generate_state(4)
  CHECK(seed_sequence(42).pool() == words{1662858758, 128880814, 1875164712, 753753205});
  CHECK(seed_sequence(42).generate_state(4) ==
        words{3444837047, 2669555309, 2046530742, 3581440988});
  // a sequence with a word above 32 bits: SeedSequence([1, 2**40 + 5]).generate_state(3)
  CHECK(seed_sequence{1, (1ull << 40) + 5}.generate_state(3) ==
        words{1498861247, 1071186679, 1894702639});
  CHECK(seed_sequence(0).generate_state(2) == words{2968811710, 3677149159});
  // SeedSequence(42).spawn(2)[1]: spawn_key (1,)
  seed_sequence parent(42);
  const auto kids = parent.spawn(2);
  CHECK(kids[1].spawn_key() == std::vector<std::uint64_t>{1});
  CHECK(kids[1].generate_state(2) == words{4091952314, 31242083});
  CHECK(parent.n_children_spawned() == 2);
  CHECK(parent.spawn(1)[0].spawn_key() == std::vector<std::uint64_t>{2});
}

TEST_CASE("seed_sequence's errors and fresh entropy", "[random][seed]") {
  CHECK_THROWS_WITH_WORDS(seed_sequence(-1), cupp::value_error, "expected non-negative integer");
  CHECK_THROWS_WITH_WORDS(seed_sequence(std::vector<std::uint64_t>{1}, {}, 3), cupp::value_error,
                          "entropy pool should be at least 4");
  CHECK(seed_sequence().entropy().size() == 2); // 128 bits, as NumPy
  CHECK(seed_sequence().generate_state(2) != seed_sequence().generate_state(2));
}

TEST_CASE("philox's key, counter, advance, jumped and spawn", "[random][seed]") {
  philox p(seed_sequence(42));
  CHECK(p.state().key[0] == 3444837047u);
  CHECK(p.state().key[1] == 2669555309u);
  CHECK(p.state().counter == 0);
  const auto k = p.next_call();
  CHECK(k.call == 0);
  CHECK(p.state().counter == 1);
  p.advance(10);
  CHECK(p.next_call().call == 11);
  const philox j = p.jumped(3);
  CHECK(j.state().counter == 12 + 3 * philox::jump_size);
  CHECK(p.state().counter == 12); // jumped copies
  auto kids = p.spawn(2);
  CHECK(kids[0].state().key[0] != kids[1].state().key[0]);
  CHECK(kids[0].state().key[0] != p.state().key[0]);
  cupp::random::philox_state st = p.state();
  st.counter = philox::counter_limit;
  p.set_state(st);
  CHECK_THROWS_AS(p.next_call(), cupp::overflow_error);
  CHECK_THROWS_AS(j.jumped(1u << 16), cupp::overflow_error);
}
