// RandomState's legacy names and numpy.random's module functions: each against the Generator
// call it stands for (same seed, same values), ranges, state get/set, and NumPy's errors.
#include "testing.hpp"

#include <cupp/random/random.hpp>

#include <algorithm>
#include <limits>

using cupp::random::default_rng;
using cupp::random::RandomState;
namespace rnd = cupp::random;

TEST_CASE("RandomState's legacy names draw the Generator's values", "[random][module]") {
  RandomState rs(11);
  auto g = default_rng(11);
  CHECK(cupp_test::host(rs.rand(2, 3)) == cupp_test::host(g.random({2, 3})));
  CHECK(cupp_test::host(rs.randn(4)) == cupp_test::host(g.standard_normal({4})));
  CHECK(cupp_test::host(rs.randint(5, 9, {7})) == cupp_test::host(g.integers(5, 9, {7})));
  CHECK(cupp_test::host(rs.random_sample({3})) == cupp_test::host(g.random({3})));
  CHECK(cupp_test::host(rs.ranf({3})) == cupp_test::host(g.random({3})));
  CHECK(cupp_test::host(rs.sample({3})) == cupp_test::host(g.random({3})));
  CHECK(cupp_test::host(rs.poisson(4.0, {5})) == cupp_test::host(g.poisson(4.0, {5})));
  CHECK(rs.rand().ndim() == 0);
}

TEST_CASE("random_integers is inclusive, tomaxint non-negative", "[random][module]") {
  RandomState rs(3);
  const auto one_to_six = cupp_test::host(rs.random_integers(6, {}, {20000}));
  CHECK(*std::min_element(one_to_six.begin(), one_to_six.end()) == 1);
  CHECK(*std::max_element(one_to_six.begin(), one_to_six.end()) == 6);
  const auto two_to_four = cupp_test::host(rs.random_integers(2, 4, {20000}));
  CHECK(*std::min_element(two_to_four.begin(), two_to_four.end()) == 2);
  CHECK(*std::max_element(two_to_four.begin(), two_to_four.end()) == 4);
  const auto big = cupp_test::host(rs.tomaxint({20000}));
  CHECK(*std::min_element(big.begin(), big.end()) >= 0);
  // values spread over all of [0, 2^63): the largest of 20000 is above 2^62 with odds 1 - 2^-20000
  CHECK(*std::max_element(big.begin(), big.end()) > std::numeric_limits<std::int64_t>::max() / 2);
  CHECK_THROWS_WITH_WORDS(rs.random_integers(0), cupp::value_error, "low > high");
}

TEST_CASE("seed, get_state and set_state", "[random][module]") {
  RandomState rs(5);
  const auto s = rs.get_state();
  const auto a = cupp_test::host(rs.rand(10));
  rs.set_state(s);
  CHECK(cupp_test::host(rs.rand(10)) == a);
  rs.seed(5);
  CHECK(cupp_test::host(rs.rand(10)) == a);
  rs.seed(6);
  CHECK(cupp_test::host(rs.rand(10)) != a);
  rs.seed(); // OS entropy
  CHECK(cupp_test::host(rs.rand(10)) != a);

  rnd::seed(5);
  const auto m = rnd::get_state();
  CHECK(cupp_test::host(rnd::rand(10)) == a);
  rnd::set_state(m);
  CHECK(cupp_test::host(rnd::rand(10)) == a);
}

TEST_CASE("the module functions draw from the global RandomState", "[random][module]") {
  rnd::seed(21);
  auto g = default_rng(21);
  CHECK(cupp_test::host(rnd::permutation(50)) == cupp_test::host(g.permutation(50)));
  CHECK(cupp_test::host(rnd::choice(100, 10, false)) == cupp_test::host(g.choice(100, 10, false)));
  CHECK(cupp_test::host(rnd::choice(4, {6}, true, {0.1, 0.2, 0.3, 0.4})) ==
        cupp_test::host(g.choice(4, {6}, true, {0.1, 0.2, 0.3, 0.4})));
  auto x = cupp::arange<float>(20);
  auto y = cupp::arange<float>(20);
  rnd::shuffle(x);
  g.shuffle(y);
  CHECK(cupp_test::host(x) == cupp_test::host(y));
  CHECK(rnd::bytes(9) == g.bytes(9));
  CHECK(cupp_test::host(rnd::standard_cauchy(5)) == cupp_test::host(g.standard_cauchy(5)));
  CHECK(cupp_test::host(rnd::gamma(2.0, 3.0, 5)) == cupp_test::host(g.gamma(2.0, 3.0, 5)));
  CHECK(cupp_test::host(rnd::gumbel()) == cupp_test::host(g.gumbel()));
  CHECK(cupp_test::host(rnd::binomial(cupp::asarray<double>({5, 10}), 0.5)) ==
        cupp_test::host(g.binomial(cupp::asarray<double>({5, 10}), 0.5)));
  CHECK(cupp_test::host(rnd::triangular(0.0, 0.5, 1.0, {3})) ==
        cupp_test::host(g.triangular(0.0, 0.5, 1.0, {3})));
  CHECK(cupp_test::host(rnd::multinomial(10.0, {0.5, 0.5}, 3)) ==
        cupp_test::host(g.multinomial(10.0, {0.5, 0.5}, 3)));
  CHECK(cupp_test::host(rnd::dirichlet({1.0, 2.0}, 3)) ==
        cupp_test::host(g.dirichlet({1.0, 2.0}, 3)));
  CHECK(cupp_test::host(rnd::standard_gamma<float>(2.0, 4)) ==
        cupp_test::host(g.standard_gamma<float>(2.0, 4)));
  CHECK(rnd::poisson().ndim() == 0);
  CHECK_THROWS_WITH_WORDS(rnd::poisson(-1.0), cupp::value_error, "lam < 0 or lam is NaN");
  CHECK_THROWS_WITH_WORDS(rnd::choice(3, 4, false), cupp::value_error,
                          "Cannot take a larger sample than population when replace is False");
}
