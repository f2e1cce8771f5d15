#pragma once
/// \file
/// numpy.random's module functions (and cupy.random's): `cupp::random::seed(1)`,
/// `cupp::random::rand(3, 4)`, `randn`, `randint`, `choice`, `permutation`, `shuffle`, `poisson`...
/// on one global RandomState per device (seeded from OS entropy on first use; `seed` reseeds the
/// current device's). They draw with the Generator's algorithms: for a seed, `rand(n)` equals
/// `default_rng(seed).random(n)`. Calls from several host threads are serialised on the
/// generator.

#include <cupp/random/random_state.hpp>

#include <functional>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>

namespace cupp::random {

/// Runs `f` on the current device's global RandomState (under its lock).
void with_global_rng(const std::function<void(RandomState&)>& f);
/// Reseeds the current device's global RandomState (numpy.random.seed); no argument: OS entropy.
void seed(std::uint64_t s);
void seed();
/// The state of the current device's global RandomState (numpy.random.get_state / set_state).
[[nodiscard]] philox_state get_state();
void set_state(const philox_state& s);

namespace detail_module {
template <class R, class F> R call(F f) {
  std::optional<R> r;
  with_global_rng([&](RandomState& g) { r.emplace(f(g)); });
  return std::move(*r);
}
} // namespace detail_module

/// Returns `g.method_call` of the global RandomState g.
#define CUPP_RANDOM_GLOBAL(R, method_call)                                                         \
  return detail_module::call<R>([&](RandomState& g) { return g.method_call; })

template <class... I> [[nodiscard]] ndarray<double> rand(I... d) {
  CUPP_RANDOM_GLOBAL(ndarray<double>, rand(d...));
}
template <class... I> [[nodiscard]] ndarray<double> randn(I... d) {
  CUPP_RANDOM_GLOBAL(ndarray<double>, randn(d...));
}
template <class T = std::int64_t>
[[nodiscard]] ndarray<T> randint(std::int64_t low, std::optional<std::int64_t> high = {},
                                 const size_arg& size = {}) {
  CUPP_RANDOM_GLOBAL(ndarray<T>, template randint<T>(low, high, size));
}
[[nodiscard]] inline ndarray<std::int64_t> random_integers(std::int64_t low,
                                                           std::optional<std::int64_t> high = {},
                                                           const size_arg& size = {}) {
  CUPP_RANDOM_GLOBAL(ndarray<std::int64_t>, random_integers(low, high, size));
}
/// Uniform on [0, 1): random_sample, random, ranf and sample are NumPy's four names for it.
template <class T = double> [[nodiscard]] ndarray<T> random_sample(const size_arg& size = {}) {
  CUPP_RANDOM_GLOBAL(ndarray<T>, template random<T>(size));
}
template <class T = double> [[nodiscard]] ndarray<T> random(const size_arg& size = {}) {
  return random_sample<T>(size);
}
template <class T = double> [[nodiscard]] ndarray<T> ranf(const size_arg& size = {}) {
  return random_sample<T>(size);
}
template <class T = double> [[nodiscard]] ndarray<T> sample(const size_arg& size = {}) {
  return random_sample<T>(size);
}
template <class T = double> [[nodiscard]] ndarray<T> standard_normal(const size_arg& size = {}) {
  CUPP_RANDOM_GLOBAL(ndarray<T>, template standard_normal<T>(size));
}
template <class T = double>
[[nodiscard]] ndarray<T> standard_exponential(const size_arg& size = {}) {
  CUPP_RANDOM_GLOBAL(ndarray<T>, template standard_exponential<T>(size));
}
template <class T = double>
[[nodiscard]] ndarray<T> standard_gamma(const param& shape, const size_arg& size = {}) {
  CUPP_RANDOM_GLOBAL(ndarray<T>, template standard_gamma<T>(shape, size));
}

// ---- orders and samples ----------------------------------------------------------------------
[[nodiscard]] inline ndarray<std::int64_t> permutation(std::int64_t n) {
  CUPP_RANDOM_GLOBAL(ndarray<std::int64_t>, permutation(n));
}
template <class T> [[nodiscard]] ndarray<T> permutation(const ndarray<T>& x, index_t axis = 0) {
  CUPP_RANDOM_GLOBAL(ndarray<T>, permutation(x, axis));
}
template <class T> void shuffle(ndarray<T> x, index_t axis = 0) {
  with_global_rng([&](RandomState& g) { g.shuffle(x, axis); });
}
[[nodiscard]] inline ndarray<std::int64_t> choice(std::int64_t a, const size_arg& size = {},
                                                  bool replace = true,
                                                  const probabilities& p = {}) {
  CUPP_RANDOM_GLOBAL(ndarray<std::int64_t>, choice(a, size, replace, p));
}
template <class T>
[[nodiscard]] ndarray<T> choice(const ndarray<T>& a, const size_arg& size = {}, bool replace = true,
                                const probabilities& p = {}) {
  CUPP_RANDOM_GLOBAL(ndarray<T>, choice(a, size, replace, p));
}
/// `length` random bytes (a sync point).
[[nodiscard]] inline std::string bytes(std::int64_t length) {
  CUPP_RANDOM_GLOBAL(std::string, bytes(length));
}

// ---- the distributions: NumPy's names, parameters and defaults --------------------------------
// One function per distribution of 0 to 3 parameters (a default is written with its `=`).
#define CUPP_RANDOM_MODULE_0(R, name)                                                              \
  [[nodiscard]] inline ndarray<R> name(const size_arg& size = {}) {                                \
    CUPP_RANDOM_GLOBAL(ndarray<R>, name(size));                                                    \
  }
#define CUPP_RANDOM_MODULE_1(R, name, a, da)                                                       \
  [[nodiscard]] inline ndarray<R> name(const param& a da, const size_arg& size = {}) {             \
    CUPP_RANDOM_GLOBAL(ndarray<R>, name(a, size));                                                 \
  }
#define CUPP_RANDOM_MODULE_2(R, name, a, da, b, db)                                                \
  [[nodiscard]] inline ndarray<R> name(const param& a da, const param& b db,                       \
                                       const size_arg& size = {}) {                                \
    CUPP_RANDOM_GLOBAL(ndarray<R>, name(a, b, size));                                              \
  }
#define CUPP_RANDOM_MODULE_3(R, name, a, b, c)                                                     \
  [[nodiscard]] inline ndarray<R> name(const param& a, const param& b, const param& c,             \
                                       const size_arg& size = {}) {                                \
    CUPP_RANDOM_GLOBAL(ndarray<R>, name(a, b, c, size));                                           \
  }
CUPP_RANDOM_MODULE_0(double, standard_cauchy)
CUPP_RANDOM_MODULE_1(double, chisquare, df, )
CUPP_RANDOM_MODULE_1(double, exponential, scale, = 1.0)
CUPP_RANDOM_MODULE_1(std::int64_t, geometric, p, )
CUPP_RANDOM_MODULE_1(std::int64_t, logseries, p, )
CUPP_RANDOM_MODULE_1(double, pareto, a, )
CUPP_RANDOM_MODULE_1(std::int64_t, poisson, lam, = 1.0)
CUPP_RANDOM_MODULE_1(double, power, a, )
CUPP_RANDOM_MODULE_1(double, rayleigh, scale, = 1.0)
CUPP_RANDOM_MODULE_1(double, standard_t, df, )
CUPP_RANDOM_MODULE_1(double, weibull, a, )
CUPP_RANDOM_MODULE_1(std::int64_t, zipf, a, )
CUPP_RANDOM_MODULE_2(double, beta, a, , b, )
CUPP_RANDOM_MODULE_2(std::int64_t, binomial, n, , p, )
CUPP_RANDOM_MODULE_2(double, f, dfnum, , dfden, )
CUPP_RANDOM_MODULE_2(double, gamma, shape, , scale, = 1.0)
CUPP_RANDOM_MODULE_2(double, gumbel, loc, = 0.0, scale, = 1.0)
CUPP_RANDOM_MODULE_2(double, laplace, loc, = 0.0, scale, = 1.0)
CUPP_RANDOM_MODULE_2(double, logistic, loc, = 0.0, scale, = 1.0)
CUPP_RANDOM_MODULE_2(double, lognormal, mean, = 0.0, sigma, = 1.0)
CUPP_RANDOM_MODULE_2(std::int64_t, negative_binomial, n, , p, )
CUPP_RANDOM_MODULE_2(double, noncentral_chisquare, df, , nonc, )
CUPP_RANDOM_MODULE_2(double, normal, loc, = 0.0, scale, = 1.0)
CUPP_RANDOM_MODULE_2(double, uniform, low, = 0.0, high, = 1.0)
CUPP_RANDOM_MODULE_2(double, vonmises, mu, , kappa, )
CUPP_RANDOM_MODULE_2(double, wald, mean, , scale, )
CUPP_RANDOM_MODULE_3(std::int64_t, hypergeometric, ngood, nbad, nsample)
CUPP_RANDOM_MODULE_3(double, noncentral_f, dfnum, dfden, nonc)
CUPP_RANDOM_MODULE_3(double, triangular, left, mode, right)
#undef CUPP_RANDOM_MODULE_0
#undef CUPP_RANDOM_MODULE_1
#undef CUPP_RANDOM_MODULE_2
#undef CUPP_RANDOM_MODULE_3

[[nodiscard]] inline ndarray<std::int64_t>
multinomial(const param& n, std::span<const double> pvals, const size_arg& size = {}) {
  CUPP_RANDOM_GLOBAL(ndarray<std::int64_t>, multinomial(n, pvals, size));
}
[[nodiscard]] inline ndarray<std::int64_t>
multinomial(const param& n, std::initializer_list<double> pvals, const size_arg& size = {}) {
  CUPP_RANDOM_GLOBAL(ndarray<std::int64_t>, multinomial(n, pvals, size));
}
[[nodiscard]] inline ndarray<double> dirichlet(std::span<const double> alpha,
                                               const size_arg& size = {}) {
  CUPP_RANDOM_GLOBAL(ndarray<double>, dirichlet(alpha, size));
}
[[nodiscard]] inline ndarray<double> dirichlet(std::initializer_list<double> alpha,
                                               const size_arg& size = {}) {
  CUPP_RANDOM_GLOBAL(ndarray<double>, dirichlet(alpha, size));
}
/// `np.random.multivariate_normal(mean, cov, size, check_valid, tol)` (Generator's, method svd).
[[nodiscard]] inline ndarray<double> multivariate_normal(const ndarray<double>& mean,
                                                         const ndarray<double>& cov,
                                                         const size_arg& size = {},
                                                         std::string_view check_valid = "warn",
                                                         double tol = 1e-8) {
  CUPP_RANDOM_GLOBAL(ndarray<double>, multivariate_normal(mean, cov, size, check_valid, tol));
}
#undef CUPP_RANDOM_GLOBAL

} // namespace cupp::random
