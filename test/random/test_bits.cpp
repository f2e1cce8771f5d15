// The promise of docs/random.md: a seed gives the same bits on every backend and GPU. The FNV-1a
// digests of a fixed sequence of calls are in test/fixtures/random_bits.txt, written by the host
// backend (CUPP_RANDOM_BITS_OUT=<file> test_random "[bits]") and checked by both.
#include "testing.hpp"

#include <cupp/random/random.hpp>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

namespace {

template <class T> std::uint64_t digest(const cupp::ndarray<T>& a) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (const T& v : cupp_test::host(a)) {
    unsigned char b[sizeof(T)];
    std::memcpy(b, &v, sizeof(T));
    for (unsigned char c : b)
      h = (h ^ c) * 0x100000001b3ull;
  }
  return h;
}

// Sizes that are not multiples of the packed groups, so the last partial vector is covered.
std::map<std::string, std::uint64_t> digests() {
  auto rng = cupp::random::default_rng(20261201);
  const cupp::index_t n = 100003;
  std::map<std::string, std::uint64_t> d;
  d["random_f32"] = digest(rng.random<float>({n}));
  d["random_f64"] = digest(rng.random<double>({n}));
  d["standard_normal_f32"] = digest(rng.standard_normal<float>({n}));
  d["standard_normal_f64"] = digest(rng.standard_normal<double>({n}));
  d["standard_exponential_f32"] = digest(rng.standard_exponential<float>({n}));
  d["standard_exponential_f64"] = digest(rng.standard_exponential<double>({n}));
  d["integers_i8"] = digest(rng.integers<std::int8_t>(-100, 100, {n}));
  d["integers_i32"] = digest(rng.integers<std::int32_t>(0, 1000, {n}));
  d["integers_i64_wide"] = digest(rng.integers<std::int64_t>(0, std::int64_t{3} << 40, {n}));
  d["integers_bool"] = digest(rng.integers<bool>(0, 2, {n}));
  d["uniform"] = digest(rng.uniform(-1.0, 2.0, {n}));
  d["normal"] = digest(rng.normal(3.0, 0.5, {n}));
  d["exponential"] = digest(rng.exponential(2.0, {n}));
  d["normal_array_loc"] = digest(rng.normal(cupp::arange<double>(0, 7), 1.0, {n / 7, 7}));
  // the per-element laws, each through every branch its parameters select
  const cupp::index_t m = 20011;
  d["standard_gamma_small"] = digest(rng.standard_gamma(0.3, {m}));
  d["standard_gamma_f32"] = digest(rng.standard_gamma<float>(2.5, {m}));
  d["gamma"] = digest(rng.gamma(4.0, 2.0, {m}));
  d["beta_small"] = digest(rng.beta(0.05, 0.2, {m}));
  d["beta"] = digest(rng.beta(2.0, 3.0, {m}));
  d["chisquare"] = digest(rng.chisquare(3.0, {m}));
  d["f"] = digest(rng.f(3.0, 7.0, {m}));
  d["gumbel"] = digest(rng.gumbel(1.0, 2.0, {m}));
  d["laplace"] = digest(rng.laplace(1.0, 2.0, {m}));
  d["logistic"] = digest(rng.logistic(1.0, 2.0, {m}));
  d["lognormal"] = digest(rng.lognormal(0.5, 0.3, {m}));
  d["noncentral_chisquare"] = digest(rng.noncentral_chisquare(0.5, 2.0, {m}));
  d["noncentral_f"] = digest(rng.noncentral_f(3.0, 5.0, 1.5, {m}));
  d["pareto"] = digest(rng.pareto(3.0, {m}));
  d["power"] = digest(rng.power(2.5, {m}));
  d["rayleigh"] = digest(rng.rayleigh(2.0, {m}));
  d["standard_cauchy"] = digest(rng.standard_cauchy({m}));
  d["standard_t"] = digest(rng.standard_t(4.0, {m}));
  d["triangular"] = digest(rng.triangular(0.0, 0.3, 1.0, {m}));
  d["vonmises"] = digest(rng.vonmises(0.5, 3.0, {m}));
  d["wald"] = digest(rng.wald(1.0, 2.0, {m}));
  d["weibull"] = digest(rng.weibull(1.5, {m}));
  d["binomial_inversion"] = digest(rng.binomial(20.0, 0.3, {m}));
  d["binomial_btpe"] = digest(rng.binomial(1000.0, 0.4, {m}));
  d["geometric"] = digest(rng.geometric(0.2, {m}));
  d["hypergeometric"] = digest(rng.hypergeometric(50.0, 30.0, 20.0, {m}));
  d["hypergeometric_large"] = digest(rng.hypergeometric(5000.0, 3000.0, 2000.0, {m}));
  d["logseries"] = digest(rng.logseries(0.7, {m}));
  d["negative_binomial"] = digest(rng.negative_binomial(3.5, 0.4, {m}));
  d["poisson_small"] = digest(rng.poisson(3.0, {m}));
  d["poisson_ptrs"] = digest(rng.poisson(50.0, {m}));
  d["zipf"] = digest(rng.zipf(2.5, {m}));
  d["multinomial"] = digest(rng.multinomial(30.0, {0.2, 0.3, 0.5}, {m / 3}));
  d["dirichlet"] = digest(rng.dirichlet({0.5, 2.0, 3.0}, {m / 3}));
  d["dirichlet_small"] = digest(rng.dirichlet({0.05, 0.02, 0.08}, {m / 3}));
  d["mvhg_marginals"] = digest(rng.multivariate_hypergeometric({5, 10, 20}, 12, {m / 3}));
  d["mvhg_count"] = digest(rng.multivariate_hypergeometric({5, 10, 20}, 12, {m / 3}, "count"));
  d["permutation"] = digest(rng.permutation(n));
  d["choice_sample"] = digest(rng.choice(n, 1000, false));
  d["choice_weighted"] = digest(rng.choice(5, {m}, true, {0.1, 0.2, 0.3, 0.15, 0.25}));
  d["choice_weighted_sample"] = digest(
      rng.choice(1000, 100, false, cupp::ndarray<double>(cupp::arange<double>(1000) / 499500.0)));
  // integers with array bounds: each element on its own stream, 32- and 64-bit Lemire
  const auto lows = cupp::asarray<std::int64_t>({{-100}, {0}, {7}});             // (3, 1)
  const auto highs = cupp::asarray<std::int32_t>({100, 1000, 1 << 20, 1 << 30}); // (4,)
  d["integers_array_i32"] = digest(rng.integers<std::int32_t>(lows, highs, {m / 12, 3, 4}));
  d["integers_array_i8_endpoint"] = digest(
      rng.integers<std::int8_t>(cupp::asarray<std::int8_t>({-128, -5, 0}), 127, {m / 3, 3}, true));
  d["integers_array_u64_wide"] = digest(rng.integers<std::uint64_t>(
      cupp::asarray<std::uint64_t>({0, 1, std::uint64_t{1} << 63}),
      cupp::asarray<std::uint64_t>({~std::uint64_t{0}}), {m / 3, 3}, true));
  d["integers_array_i64_wide"] =
      digest(rng.integers<std::int64_t>(cupp::asarray<std::int64_t>({0, -(std::int64_t{3} << 40)}),
                                        std::int64_t{3} << 40, {m / 2, 2}));
  return d;
}

} // namespace

TEST_CASE("a seed gives the bits of the fixture on this backend", "[random][bits]") {
  const auto d = digests();
  if (const char* out = std::getenv("CUPP_RANDOM_BITS_OUT")) {
    std::ofstream f(out);
    for (const auto& [name, h] : d)
      f << name << ' ' << h << '\n';
    WARN("wrote " << out);
    return;
  }
  std::ifstream f(CUPP_TEST_FIXTURES "/random_bits.txt");
  REQUIRE(f.good());
  std::map<std::string, std::uint64_t> expect;
  std::string name;
  std::uint64_t h;
  while (f >> name >> h)
    expect[name] = h;
  for (const auto& [k, v] : d) {
    INFO(k);
    CHECK(expect.count(k) == 1);
    if (expect.count(k)) CHECK(expect.at(k) == v);
  }
}
