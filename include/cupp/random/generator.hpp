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
#include <cupp/indexing/take.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/ndarray.hpp>
#include <cupp/random/bit_generator.hpp>

#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

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

/// integers' `low` or `high`: an integer scalar of any type (a uint64 above INT64_MAX too:
/// `integers<std::uint64_t>(0, UINT64_MAX, n, true)` is NumPy's integers(0, 2**64, n, np.uint64))
/// or an array of any integer dtype or bool, broadcast against the other bound and `size`.
class int_bound {
public:
  template <class S>
  requires std::is_integral_v<S> int_bound(S v) // NOLINT: implicit, as NumPy's arguments
      : word_(static_cast<std::uint64_t>(v)), signed_(std::is_signed_v<S>) {}
  template <class T>
  int_bound(const ndarray<T>& a) // NOLINT
      : array_(a.template astype<std::uint64_t>()), signed_(std::is_signed_v<T>) {
    static_assert(std::is_integral_v<T>, "integers' bounds are integers or bools");
  }
  [[nodiscard]] bool is_array() const { return array_.has_value(); }
  /// The scalar's two's complement word (sign-extended), or the array's words.
  [[nodiscard]] std::uint64_t word() const { return word_; }
  [[nodiscard]] const ndarray<std::uint64_t>& array() const { return *array_; }
  /// Whether the words read as int64 (the bound's type is signed) or as uint64.
  [[nodiscard]] bool is_signed() const { return signed_; }

private:
  std::uint64_t word_ = 0;
  std::optional<ndarray<std::uint64_t>> array_;
  bool signed_ = false;
};

/// choice's `p`: the probabilities of the population's items, an array of any real dtype (read as
/// float64) or host values. NumPy's checks of p's values (no NaN, none negative, a sum within
/// `atol` of 1: sqrt of float64's epsilon, or of p's own float dtype when larger) run on the
/// device and raise at the next sync point.
class probabilities {
public:
  probabilities() = default;
  template <class T>
  probabilities(const ndarray<T>& p) : p_(p.template astype<double>()) { // NOLINT
    static_assert(!is_complex_v<T>, "probabilities must be real");
    if constexpr (is_floating_v<T>)
      atol_ = std::max(atol_, std::sqrt(static_cast<double>(std::numeric_limits<T>::epsilon())));
  }
  probabilities(const std::vector<double>& p) : p_(asarray(p)) {}    // NOLINT
  probabilities(std::initializer_list<double> p) : p_(asarray(p)) {} // NOLINT
  [[nodiscard]] bool given() const { return p_.has_value(); }
  [[nodiscard]] const ndarray<double>& array() const { return *p_; }
  [[nodiscard]] double atol() const { return atol_; }

private:
  std::optional<ndarray<double>> p_;
  double atol_ = 1.4901161193847656e-08; // sqrt(finfo(float64).eps)
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
  /// integer dtype and bool, unbiased. Array bounds broadcast; element i draws from its own
  /// [low_i, high_i), the bounds checked in the kernel (raised at the next sync point).
  template <class T = std::int64_t>
  [[nodiscard]] ndarray<T> integers(const int_bound& low, const std::optional<int_bound>& high = {},
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

  // ---- multivariate distributions: one draw is a row, the result's last axis ---------------
  // The vector parameters are host values, checked at once as NumPy checks them and copied to
  // the device; a result is C-contiguous, of shape size + (k,) (or the parameters' + (k,) for
  // size None), and its row r depends only on the generator's state and r.
  /// Counts of n trials in d categories of probabilities pvals (the last takes what the others
  /// leave: sum(pvals[:-1]) <= 1); int64. n is a scalar or an integer array broadcast against
  /// size (an array's negative entries raise "n < 0" at the next sync point).
  [[nodiscard]] ndarray<std::int64_t> multinomial(const param& n, std::span<const double> pvals,
                                                  const size_arg& size = {});
  [[nodiscard]] ndarray<std::int64_t>
  multinomial(const param& n, std::initializer_list<double> pvals, const size_arg& size = {}) {
    return multinomial(n, std::span<const double>(pvals.begin(), pvals.size()), size);
  }
  /// Points of the simplex, Dirichlet(alpha) (alpha >= 0); float64.
  [[nodiscard]] ndarray<double> dirichlet(std::span<const double> alpha, const size_arg& size = {});
  [[nodiscard]] ndarray<double> dirichlet(std::initializer_list<double> alpha,
                                          const size_arg& size = {}) {
    return dirichlet(std::span<const double>(alpha.begin(), alpha.size()), size);
  }
  /// Counts of each color in nsample items drawn without replacement from an urn of colors[i]
  /// items of color i; int64. `method` "marginals" (sequential hypergeometrics, sum(colors) below
  /// 10^9) or "count" (item by item).
  [[nodiscard]] ndarray<std::int64_t>
  multivariate_hypergeometric(std::span<const std::int64_t> colors, std::int64_t nsample,
                              const size_arg& size = {}, std::string_view method = "marginals");
  [[nodiscard]] ndarray<std::int64_t>
  multivariate_hypergeometric(std::initializer_list<std::int64_t> colors, std::int64_t nsample,
                              const size_arg& size = {}, std::string_view method = "marginals") {
    return multivariate_hypergeometric(std::span<const std::int64_t>(colors.begin(), colors.size()),
                                       nsample, size, method);
  }

  /// Rows of the multivariate normal N(mean, cov) (`Generator.multivariate_normal`), float64 of
  /// shape size + (k,): standard normals z (drawn first, as NumPy's) times a factor of cov plus
  /// mean, on the device. `method`: "svd" (NumPy's default), "eigh" or "cholesky" (cov must then
  /// be positive definite: linalg_error at the next sync point). `check_valid`: NumPy's PSD check
  /// with `tol`; "warn" and "ignore" skip it (cupp has no warnings), "raise" makes it, a sync
  /// point (the check needs the values), with NumPy's value_error.
  [[nodiscard]] ndarray<double>
  multivariate_normal(const ndarray<double>& mean, const ndarray<double>& cov,
                      const size_arg& size = {}, std::string_view check_valid = "warn",
                      double tol = 1e-8, std::string_view method = "svd");

  // ---- random orders and samples (every order equally likely: docs/random.md) ---------------
  /// A random permutation of [0, n) (int64; empty for n <= 0).
  [[nodiscard]] ndarray<std::int64_t> permutation(std::int64_t n);
  /// A copy of x with its slices along `axis` in a random order.
  template <class T> [[nodiscard]] ndarray<T> permutation(const ndarray<T>& x, index_t axis = 0) {
    const int ax = detail::normalize_axis(axis, x.ndim());
    return take(x, permutation(x.shape()[ax]), ax);
  }
  /// Puts x's slices along `axis` in a random order, in place (x may be a view).
  template <class T> void shuffle(ndarray<T> x, index_t axis = 0) {
    if (x.ndim() == 0) throw type_error("len() of unsized object");
    const int ax = detail::normalize_axis(axis, x.ndim());
    x.assign(take(x, permutation(x.shape()[ax]), ax));
  }
  /// A copy of x with the elements of each lane along `axis` in their own random order; without
  /// an axis, the elements of the flattened array (C order) in a random order.
  template <class T>
  [[nodiscard]] ndarray<T> permuted(const ndarray<T>& x, std::optional<index_t> axis = {}) {
    if (!axis) {
      if (x.ndim() == 0) throw type_error("len() of unsized object");
      return take(ravel(x), lane_orders(1, x.size()), 0).reshape(x.shape());
    }
    const int ax = detail::normalize_axis(*axis, x.ndim());
    const index_t len = x.shape()[ax];
    shape_t lanes = moveaxis(x, ax, -1).shape(); // the other axes in order, then the lane
    const ndarray<std::int64_t> order = lane_orders(len ? x.size() / len : 0, len).reshape(lanes);
    return take_along_axis(x, moveaxis(order, -1, ax), ax);
  }
  /// permuted(x, axis) written to `out` (x's shape; out may be x).
  template <class T>
  void permuted(const ndarray<T>& x, std::optional<index_t> axis, ndarray<T> out) {
    if (out.shape() != x.shape()) throw value_error("out must have the same shape as x");
    out.assign(permuted(x, axis));
  }
  /// `size` samples of [0, a) (int64): with replacement, uniform or with probabilities `p`;
  /// without, a uniformly random ordered sample of distinct items (with `p`: NumPy's draws one
  /// after another, each with probability proportional to the weights left). `shuffled` is
  /// NumPy's `shuffle`: cupp's samples come out in random order either way.
  [[nodiscard]] ndarray<std::int64_t> choice(std::int64_t a, const size_arg& size = {},
                                             bool replace = true, const probabilities& p = {},
                                             bool shuffled = true);
  /// Samples of a's slices along `axis`: a.take(choice(a.shape[axis], ...), axis).
  template <class T>
  [[nodiscard]] ndarray<T> choice(const ndarray<T>& a, const size_arg& size = {},
                                  bool replace = true, const probabilities& p = {},
                                  index_t axis = 0, bool /*shuffled*/ = true) {
    if (a.ndim() == 0)
      throw value_error("a must be a sequence or an integer, not a 0-d array (cupp: pass its "
                        "value)");
    if (axis < -a.ndim() || axis >= a.ndim()) throw index_error("tuple index out of range");
    const int ax = detail::normalize_axis(axis, a.ndim());
    return take(a, sample(a.shape()[ax], size, replace, p, true), ax);
  }
  /// `length` random bytes (a sync point: they are read to the host).
  [[nodiscard]] std::string bytes(std::int64_t length);

private:
  /// For each of `lanes` lanes of `len`, a random order of [0, len), lane after lane.
  [[nodiscard]] ndarray<std::int64_t> lane_orders(index_t lanes, index_t len);
  /// choice's indices for a population of `pop` (`array`: of a's slices, NumPy's messages).
  [[nodiscard]] ndarray<std::int64_t> sample(std::int64_t pop, const size_arg& size, bool replace,
                                             const probabilities& p, bool array);

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
  EXTERN template ndarray<T> Generator::integers<T>(                                               \
      const int_bound&, const std::optional<int_bound>&, const size_arg&, bool);
#define CUPP_RANDOM_INTEGERS_EXTERN(T, name, kind, c_name)                                         \
  CUPP_RANDOM_INT_KIND_##kind(CUPP_RANDOM_INTEGERS(extern, T))
CUPP_DTYPE_TABLE(CUPP_RANDOM_INTEGERS_EXTERN)
#undef CUPP_RANDOM_INTEGERS_EXTERN

} // namespace cupp::random
