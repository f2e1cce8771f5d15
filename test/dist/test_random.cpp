// cupp::dist::random: each rank draws only its block, and the gathered array is bit for bit what
// one device draws from the same seed, for every layout, shape and distribution; the generator
// takes one call on every rank, as the one-device call does.
#include "dist_testing.hpp"

#include <cupp/random/generator.hpp>

using namespace dist_test;

namespace {
cp::random::Generator rng() { return cp::random::default_rng(20261205); }
} // namespace

TEST_CASE("distributed draws equal one device's", "[dist][random]") {
  const dist::communicator c = dist::world();
  const cp::shape_t shape =
      GENERATE(cp::shape_t{0}, cp::shape_t{1}, cp::shape_t{13}, cp::shape_t{7, 3},
               cp::shape_t{5, 1, 6}, cp::shape_t{3, 0}, cp::shape_t{}, cp::shape_t{1001},
               cp::shape_t{1, 4}, cp::shape_t{4}); // empty blocks at a group's start
  for (const dist::sharding s : layouts(static_cast<int>(shape.size()))) {
    auto g = rng(), one = rng();
    check_equal(whole(dist::random::random<float>(g, c, shape, s)), one.random<float>(shape));
    check_equal(whole(dist::random::random<double>(g, c, shape, s)), one.random<double>(shape));
    check_equal(whole(dist::random::standard_normal<float>(g, c, shape, s)),
                one.standard_normal<float>(shape));
    check_equal(whole(dist::random::standard_normal<double>(g, c, shape, s)),
                one.standard_normal<double>(shape));
    check_equal(whole(dist::random::uniform(g, c, -2, 3, shape, s)), one.uniform(-2, 3, shape));
    check_equal(whole(dist::random::normal(g, c, 1, 4, shape, s)), one.normal(1, 4, shape));
    // rejection sampling: a bound that rejects often reads the element's own stream
    check_equal(whole(dist::random::integers<std::int16_t>(g, c, -7, 30000, shape, s)),
                one.integers<std::int16_t>(-7, 30000, shape));
    check_equal(whole(dist::random::integers<std::int64_t>(g, c, 0, (1LL << 62) + 3, shape, s)),
                one.integers<std::int64_t>(0, (1LL << 62) + 3, shape));
    // any elementwise method through draw(), and the generators still in step
    const auto gamma = dist::random::draw(
        g, c, shape, s, [](auto& gen, const cp::shape_t& n) { return gen.standard_gamma(2.5, n); });
    check_equal(whole(gamma), one.standard_gamma(2.5, shape));
    CHECK(g.bit_generator().state() == one.bit_generator().state());
    CHECK(g.bit_generator().element_offset() == 0);
  }
}

TEST_CASE("the element offset: a multiple of 4, honoured by elementwise draws", "[dist][random]") {
  auto g = rng(), one = rng();
  const cp::ndarray<double> all = one.standard_normal<double>({40});
  g.bit_generator().set_element_offset(12);
  check_equal(g.standard_normal<double>({28}),
              cp::ndarray<double>(all(cp::slice(12, cp::none)).copy()));
  CHECK_THROWS_AS(g.bit_generator().set_element_offset(6), cp::value_error);
}

TEST_CASE("a bad parameter raises on every rank, empty blocks included", "[dist][random]") {
  const dist::communicator c = dist::world();
  auto g = rng();
  CHECK_THROWS_AS(dist::random::integers<int>(g, c, 5, 5, {1, 4}), cp::value_error);
  CHECK_THROWS_AS(dist::random::normal(g, c, 0, -1, {2}), cp::value_error);
  // a 0-d draw is replicated whatever the sharding asked
  auto one = rng(); // the failed calls above took no number of g's
  CHECK(dist::random::random<double>(g, c, {}).local().item() == one.random<double>({}).item());
}
