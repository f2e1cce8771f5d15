#pragma once
/// \file
/// numpy.random.Generator over cupp's Philox bit generator (random/bit_generator.hpp):
/// `auto rng = cupp::random::default_rng(42); auto x = rng.random<float>({1 << 20});`.
/// Every method writes straight into its result on the current stream, without a sync; a seed
/// gives the same values on the host and CUDA backends and on any GPU (docs/random.md).
///
/// Arguments follow NumPy's order. `size` is a shape, `{}` or omitted for NumPy's None: then the
/// result has the broadcast shape of the array parameters (0-d when all are scalars). Parameters
/// are scalars or arrays of any real dtype (as NumPy, read as float64), broadcast to the result.
/// Scalar parameters are checked at once with NumPy's ValueError; array parameters in the kernel,
/// the error raised at the next sync point (detail/fault.hpp).

#include <cupp/core/complex.hpp>
#include <cupp/core/dtype_table.hpp>
#include <cupp/expr/astype.hpp>
#include <cupp/ndarray.hpp>
#include <cupp/random/bit_generator.hpp>

#include <concepts>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <type_traits>

namespace cupp::random {

/// NumPy's `size`: a shape, a length, or None (`{}`).
class size_arg {
public:
  size_arg() = default;
  size_arg(std::initializer_list<index_t> extents) : shape_(shape_t(extents)) {}
  size_arg(const shape_t& shape) : shape_(shape) {} // NOLINT: implicit, as NumPy's size
  size_arg(index_t n) : shape_(shape_t{n}) {}       // NOLINT
  [[nodiscard]] const std::optional<shape_t>& shape() const { return shape_; }

private:
  std::optional<shape_t> shape_;
};

/// A distribution parameter: a real scalar or an array (read as float64).
class param {
public:
  template <class S>
  requires std::is_arithmetic_v<S> param(S v)
      : value_(static_cast<double>(v)) {} // NOLINT: implicit, as NumPy's arguments
  template <class T> param(const ndarray<T>& a) : array_(a.template astype<double>()) { // NOLINT
    static_assert(!is_complex_v<T>, "a distribution parameter must be real");
  }
  [[nodiscard]] bool is_array() const { return array_.has_value(); }
  [[nodiscard]] double value() const { return value_; }
  [[nodiscard]] const ndarray<double>& array() const { return *array_; }

private:
  double value_ = 0;
  std::optional<ndarray<double>> array_;
};

class Generator {
public:
  explicit Generator(philox bit_generator) : bits_(std::move(bit_generator)) {}

  [[nodiscard]] philox& bit_generator() { return bits_; }
  /// `n` independent generators (NumPy's Generator.spawn).
  [[nodiscard]] std::vector<Generator> spawn(std::size_t n);

  // ---- uniform, normal, exponential (float32 or float64, NumPy's dtype= and out=) ----------
  /// [0, 1).
  template <class T = double> [[nodiscard]] ndarray<T> random(const size_arg& size = {});
  template <class T> void random(ndarray<T>& out);
  template <class T = double> [[nodiscard]] ndarray<T> standard_normal(const size_arg& size = {});
  template <class T> void standard_normal(ndarray<T>& out);
  template <class T = double>
  [[nodiscard]] ndarray<T> standard_exponential(const size_arg& size = {});
  template <class T> void standard_exponential(ndarray<T>& out);

  /// Integers in [low, high) (or [low, high] with `endpoint`); `integers(n)` is [0, n). Every
  /// integer dtype and bool, unbiased.
  template <class T = std::int64_t>
  [[nodiscard]] ndarray<T> integers(std::int64_t low, std::optional<std::int64_t> high = {},
                                    const size_arg& size = {}, bool endpoint = false);

  [[nodiscard]] ndarray<double> uniform(const param& low = 0.0, const param& high = 1.0,
                                        const size_arg& size = {});
  [[nodiscard]] ndarray<double> normal(const param& loc = 0.0, const param& scale = 1.0,
                                       const size_arg& size = {});
  [[nodiscard]] ndarray<double> exponential(const param& scale = 1.0, const size_arg& size = {});

  // ---- the other continuous distributions (float64; standard_gamma also float32) ------------
  template <class T = double>
  [[nodiscard]] ndarray<T> standard_gamma(const param& shape, const size_arg& size = {});
  template <class T> void standard_gamma(const param& shape, ndarray<T>& out);
  [[nodiscard]] ndarray<double> beta(const param& a, const param& b, const size_arg& size = {});
  [[nodiscard]] ndarray<double> chisquare(const param& df, const size_arg& size = {});
  [[nodiscard]] ndarray<double> f(const param& dfnum, const param& dfden,
                                  const size_arg& size = {});
  [[nodiscard]] ndarray<double> gamma(const param& shape, const param& scale = 1.0,
                                      const size_arg& size = {});
  [[nodiscard]] ndarray<double> gumbel(const param& loc = 0.0, const param& scale = 1.0,
                                       const size_arg& size = {});
  [[nodiscard]] ndarray<double> laplace(const param& loc = 0.0, const param& scale = 1.0,
                                        const size_arg& size = {});
  [[nodiscard]] ndarray<double> logistic(const param& loc = 0.0, const param& scale = 1.0,
                                         const size_arg& size = {});
  [[nodiscard]] ndarray<double> lognormal(const param& mean = 0.0, const param& sigma = 1.0,
                                          const size_arg& size = {});
  [[nodiscard]] ndarray<double> noncentral_chisquare(const param& df, const param& nonc,
                                                     const size_arg& size = {});
  [[nodiscard]] ndarray<double> noncentral_f(const param& dfnum, const param& dfden,
                                             const param& nonc, const size_arg& size = {});
  [[nodiscard]] ndarray<double> pareto(const param& a, const size_arg& size = {});
  [[nodiscard]] ndarray<double> power(const param& a, const size_arg& size = {});
  [[nodiscard]] ndarray<double> rayleigh(const param& scale = 1.0, const size_arg& size = {});
  [[nodiscard]] ndarray<double> standard_cauchy(const size_arg& size = {});
  [[nodiscard]] ndarray<double> standard_t(const param& df, const size_arg& size = {});
  [[nodiscard]] ndarray<double> triangular(const param& left, const param& mode, const param& right,
                                           const size_arg& size = {});
  [[nodiscard]] ndarray<double> vonmises(const param& mu, const param& kappa,
                                         const size_arg& size = {});
  [[nodiscard]] ndarray<double> wald(const param& mean, const param& scale,
                                     const size_arg& size = {});
  [[nodiscard]] ndarray<double> weibull(const param& a, const size_arg& size = {});

  // ---- discrete distributions (int64, as NumPy) ---------------------------------------------
  [[nodiscard]] ndarray<std::int64_t> binomial(const param& n, const param& p,
                                               const size_arg& size = {});
  [[nodiscard]] ndarray<std::int64_t> geometric(const param& p, const size_arg& size = {});
  [[nodiscard]] ndarray<std::int64_t> hypergeometric(const param& ngood, const param& nbad,
                                                     const param& nsample,
                                                     const size_arg& size = {});
  [[nodiscard]] ndarray<std::int64_t> logseries(const param& p, const size_arg& size = {});
  [[nodiscard]] ndarray<std::int64_t> negative_binomial(const param& n, const param& p,
                                                        const size_arg& size = {});
  [[nodiscard]] ndarray<std::int64_t> poisson(const param& lam = 1.0, const size_arg& size = {});
  [[nodiscard]] ndarray<std::int64_t> zipf(const param& a, const size_arg& size = {});

private:
  philox bits_;
};

/// numpy.random.default_rng: a Generator over Philox seeded through a seed_sequence.
[[nodiscard]] inline Generator default_rng() { return Generator(philox()); }
template <class S>
requires std::is_integral_v<S>
[[nodiscard]] Generator default_rng(S seed) { return Generator(philox(seed_sequence(seed))); }
[[nodiscard]] inline Generator default_rng(seed_sequence seq) {
  return Generator(philox(std::move(seq)));
}
[[nodiscard]] inline Generator default_rng(std::initializer_list<std::uint64_t> seed) {
  return Generator(philox(seed_sequence(std::vector<std::uint64_t>(seed))));
}

#define CUPP_RANDOM_FLOAT_EXTERN(T)                                                                \
  extern template ndarray<T> Generator::random<T>(const size_arg&);                                \
  extern template void Generator::random<T>(ndarray<T>&);                                          \
  extern template ndarray<T> Generator::standard_normal<T>(const size_arg&);                       \
  extern template void Generator::standard_normal<T>(ndarray<T>&);                                 \
  extern template ndarray<T> Generator::standard_exponential<T>(const size_arg&);                  \
  extern template void Generator::standard_exponential<T>(ndarray<T>&);
CUPP_RANDOM_FLOAT_EXTERN(float)
CUPP_RANDOM_FLOAT_EXTERN(double)
#undef CUPP_RANDOM_FLOAT_EXTERN

// the integer dtypes and bool
#define CUPP_RANDOM_INT_KIND_b(x) x
#define CUPP_RANDOM_INT_KIND_i(x) x
#define CUPP_RANDOM_INT_KIND_u(x) x
#define CUPP_RANDOM_INT_KIND_f(x)
#define CUPP_RANDOM_INT_KIND_c(x)
#define CUPP_RANDOM_INTEGERS(EXTERN, T)                                                            \
  EXTERN template ndarray<T> Generator::integers<T>(std::int64_t, std::optional<std::int64_t>,     \
                                                    const size_arg&, bool);
#define CUPP_RANDOM_INTEGERS_EXTERN(T, name, kind, c_name)                                         \
  CUPP_RANDOM_INT_KIND_##kind(CUPP_RANDOM_INTEGERS(extern, T))
CUPP_DTYPE_TABLE(CUPP_RANDOM_INTEGERS_EXTERN)
#undef CUPP_RANDOM_INTEGERS_EXTERN

} // namespace cupp::random
