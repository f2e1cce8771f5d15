#pragma once
/// \file
/// numpy.random's module functions (and cupy.random's): `cupp::random::seed(1)`,
/// `cupp::random::rand(3, 4)`, `randn`, `randint`, `random_sample`... on one global Generator per
/// device (seeded from OS entropy on first use; `seed` reseeds the current device's). They draw
/// with the Generator's algorithms: for a seed, `rand(n)` equals `default_rng(seed).random(n)`.
/// Calls from several host threads are serialised on the generator.

#include <cupp/random/generator.hpp>

#include <functional>

namespace cupp::random {

/// Runs `f` on the current device's global Generator (under its lock).
void with_global_rng(const std::function<void(Generator&)>& f);
/// Reseeds the current device's global Generator (numpy.random.seed); no argument: OS entropy.
void seed(std::uint64_t s);
void seed();

namespace detail_module {
template <class R, class F> R call(F f) {
  std::optional<R> r;
  with_global_rng([&](Generator& g) { r.emplace(f(g)); });
  return std::move(*r);
}
template <class... I> shape_t dims(I... d) { return shape_t{static_cast<index_t>(d)...}; }
} // namespace detail_module

/// Uniform on [0, 1) of shape (d0, d1, ...) (numpy.random.rand).
template <class... I> [[nodiscard]] ndarray<double> rand(I... d) {
  return detail_module::call<ndarray<double>>(
      [&](Generator& g) { return g.random(detail_module::dims(d...)); });
}
/// Standard normal of shape (d0, d1, ...) (numpy.random.randn).
template <class... I> [[nodiscard]] ndarray<double> randn(I... d) {
  return detail_module::call<ndarray<double>>(
      [&](Generator& g) { return g.standard_normal(detail_module::dims(d...)); });
}
/// Integers in [low, high), or [0, low) without high (numpy.random.randint).
template <class T = std::int64_t>
[[nodiscard]] ndarray<T> randint(std::int64_t low, std::optional<std::int64_t> high = {},
                                 const size_arg& size = {}) {
  return detail_module::call<ndarray<T>>(
      [&](Generator& g) { return g.template integers<T>(low, high, size); });
}
/// Uniform on [0, 1) (numpy.random.random_sample, random).
template <class T = double> [[nodiscard]] ndarray<T> random_sample(const size_arg& size = {}) {
  return detail_module::call<ndarray<T>>([&](Generator& g) { return g.template random<T>(size); });
}
template <class T = double> [[nodiscard]] ndarray<T> random(const size_arg& size = {}) {
  return random_sample<T>(size);
}
template <class T = double> [[nodiscard]] ndarray<T> standard_normal(const size_arg& size = {}) {
  return detail_module::call<ndarray<T>>(
      [&](Generator& g) { return g.template standard_normal<T>(size); });
}
[[nodiscard]] inline ndarray<double> uniform(const param& low = 0.0, const param& high = 1.0,
                                             const size_arg& size = {}) {
  return detail_module::call<ndarray<double>>(
      [&](Generator& g) { return g.uniform(low, high, size); });
}
[[nodiscard]] inline ndarray<double> normal(const param& loc = 0.0, const param& scale = 1.0,
                                            const size_arg& size = {}) {
  return detail_module::call<ndarray<double>>(
      [&](Generator& g) { return g.normal(loc, scale, size); });
}
[[nodiscard]] inline ndarray<double> exponential(const param& scale = 1.0,
                                                 const size_arg& size = {}) {
  return detail_module::call<ndarray<double>>(
      [&](Generator& g) { return g.exponential(scale, size); });
}

} // namespace cupp::random
