#pragma once
/// \file
/// How cupx::special's functions are ufuncs: each is a functor `ops::NAME<P>` applied elementwise
/// through cupp's lazy expressions, so it broadcasts, fuses with other operations and reductions,
/// and takes an out= array like every NumPy ufunc.
///
/// The dtype P a function computes in: float32 for float32, float16 and bfloat16 operands (SciPy
/// has no 16-bit loops: it computes float16 in float64; cupp keeps the GPU in float32, as CuPy),
/// float64 for float64, bool and every integer (SciPy's first loop that integers cast to safely),
/// complex64/complex128 for complex operands; several operands promote. C++ scalars are weak, as
/// Python's under NEP 50: `jv(1.5, float32_array)` is float32. A function defined for complex
/// numbers only (wofz) computes a real operand as complex; one defined for reals only does not
/// compile with a complex operand (SciPy raises TypeError).

#include <cupp/core/complex.hpp>
#include <cupp/core/config.hpp>
#include <cupp/core/dtype.hpp>
#include <cupp/core/half.hpp>
#include <cupp/expr/node.hpp>
#include <cupp/expr/out.hpp>
#include <cupp/ndarray.hpp>

#include <tuple>
#include <type_traits>

namespace cupx::special {

using cupp::ndarray;

/// Which numbers a special function is defined for.
enum class domain {
  real,         ///< real operands only (gammaln, betainc)
  real_complex, ///< real and complex operands (erf, gamma)
  complex,      ///< complex only: real operands compute as complex (wofz)
};

namespace detail {

/// The dtype one operand computes in (see the file comment).
template <class T> struct compute_dtype {
  using type = std::conditional_t<std::is_same_v<T, float> || cupp::is_half_v<T>, float, double>;
};
template <> struct compute_dtype<cupp::complex64> { using type = cupp::complex64; };
template <> struct compute_dtype<cupp::complex128> { using type = cupp::complex128; };
template <class T> using compute_dtype_t = typename compute_dtype<T>::type;

template <domain D, class P>
using domain_dtype_t =
    std::conditional_t<D == domain::complex && !cupp::is_complex_v<P>, cupp::complex_of_t<P>, P>;

/// `x` as the compute dtype P: 16-bit floats widen through float32, reals become complex
/// explicitly (float16 and bfloat16 have no conversion to a complex type).
template <class P, class A> CUPP_HD P to_compute(A a) {
  if constexpr (std::is_same_v<A, P>) {
    return a;
  } else if constexpr (cupp::is_complex_v<P>) {
    using F = cupp::real_t<P>;
    if constexpr (cupp::is_complex_v<A>) {
      return P(static_cast<F>(a.real()), static_cast<F>(a.imag()));
    } else {
      return P(static_cast<F>(static_cast<cupp::compute_t<A>>(a)), F(0));
    }
  } else {
    return static_cast<P>(static_cast<cupp::compute_t<A>>(a));
  }
}

/// The functor `Fn<P>` taking its operands in their own dtypes.
template <class Fn, class P> struct converting : Fn {
  template <class... A> CUPP_HD typename Fn::result_type operator()(A... a) const {
    return Fn::operator()(to_compute<P>(a)...);
  }
};

template <class E> inline constexpr bool is_expression_v = cupp::expr::is_expression_v<E>;

/// The compute dtype of A if it is an array or expression, else void.
template <class A, bool = is_expression_v<A>> struct own_dtype { using type = void; };
template <class A> struct own_dtype<A, true> {
  using type = compute_dtype_t<cupp::expr::value_type_t<A>>;
};

/// The promotion of compute dtypes, void (no expression) being the identity.
template <class A, class B> struct join { using type = compute_dtype_t<cupp::promote_t<A, B>>; };
template <class B> struct join<void, B> { using type = B; };
template <class A> struct join<A, void> { using type = A; };
template <> struct join<void, void> { using type = void; };

/// The compute dtype of the expression operands among A... (void when there are none).
template <class... A> struct expression_dtype { using type = void; };
template <class A, class... Rest> struct expression_dtype<A, Rest...> {
  using type =
      typename join<typename own_dtype<A>::type, typename expression_dtype<Rest...>::type>::type;
};

/// The promotion of the compute dtypes T... (each already one).
template <class... T> struct join_all { using type = void; };
template <class T, class... Rest> struct join_all<T, Rest...> {
  using type = typename join<T, typename join_all<Rest...>::type>::type;
};

} // namespace detail

/// True for the operand lists of a special function: arrays, expressions, C++ scalars, at least
/// one array or expression.
template <class... A>
inline constexpr bool are_operands_v = (detail::is_expression_v<A> || ...) &&
                                       (cupp::expr::is_operand_v<A> && ...);

/// The lazy node of `Fn` over `a...` (shapes checked: NumPy raises at the call).
template <template <class> class Fn, class... A> [[nodiscard]] auto make_ufunc(const A&... a) {
  static_assert(are_operands_v<A...>, "operands must be cupp arrays, expressions or scalars, at "
                                      "least one of them an array");
  using E = typename detail::expression_dtype<A...>::type;
  // weak scalars take the arrays' dtype; a complex scalar next to real arrays makes it complex
  using Joined =
      typename detail::join_all<E, detail::compute_dtype_t<cupp::expr::value_type_t<
                                       decltype(cupp::expr::as_operand<E>(a))>>...>::type;
  constexpr domain D = Fn<double>::kind;
  static_assert(D != domain::real || !cupp::is_complex_v<Joined>,
                "this special function is not defined for complex input types (SciPy raises "
                "TypeError)");
  using P = detail::domain_dtype_t<D, Joined>;
  using Op = detail::converting<Fn<P>, P>;
  cupp::expr::node<Op, decltype(cupp::expr::as_operand<E>(a))...> n{
      Op{}, {cupp::expr::as_operand<E>(a)...}};
  (void)cupp::expr::broadcast_shape(n);
  return n;
}

namespace detail {
template <class P> struct identity {
  static constexpr domain kind = domain::real;
  using result_type = P;
  CUPP_HD P operator()(P x) const { return x; }
};
/// A real operand in its compute dtype (float64 for integers, float32 for the 16-bit floats): the
/// input of the reductions of logsumexp and cupx::stats.
template <class A> auto as_compute(const A& a) { return make_ufunc<identity>(a); }
} // namespace detail

/// `Fn` over `a...` written into `out` (SciPy's out=): same-kind casting, out's shape must be the
/// broadcast shape.
template <template <class> class Fn, class R, class... A>
ndarray<R> ufunc_into(ndarray<R> out, const A&... a) {
  return cupp::expr::ufunc_out(std::move(out), make_ufunc<Fn>(a...));
}

} // namespace cupx::special

/// Declares the public functions of the special function NAME of N operands (1 to 4): `NAME(a...)`,
/// a lazy expression, and `NAME(a..., out)`. The functor is `ops::NAME<P>`.
#define CUPX_SPECIAL_UFUNC1(NAME)                                                                  \
  template <class A>                                                                               \
  requires are_operands_v<A>                                                                       \
  [[nodiscard]] auto NAME(const A& a) { return make_ufunc<ops::NAME>(a); }                         \
  template <class A, class R>                                                                      \
  requires are_operands_v<A> ndarray<R> NAME(const A& a, ndarray<R> o) {                           \
    return ufunc_into<ops::NAME>(std::move(o), a);                                                 \
  }
#define CUPX_SPECIAL_UFUNC2(NAME)                                                                  \
  template <class A, class B>                                                                      \
  requires are_operands_v<A, B>                                                                    \
  [[nodiscard]] auto NAME(const A& a, const B& b) { return make_ufunc<ops::NAME>(a, b); }          \
  template <class A, class B, class R>                                                             \
  requires are_operands_v<A, B> ndarray<R> NAME(const A& a, const B& b, ndarray<R> o) {            \
    return ufunc_into<ops::NAME>(std::move(o), a, b);                                              \
  }
#define CUPX_SPECIAL_UFUNC3(NAME)                                                                  \
  template <class A, class B, class C>                                                             \
  requires are_operands_v<A, B, C>                                                                 \
  [[nodiscard]] auto NAME(const A& a, const B& b, const C& c) {                                    \
    return make_ufunc<ops::NAME>(a, b, c);                                                         \
  }                                                                                                \
  template <class A, class B, class C, class R>                                                    \
  requires are_operands_v<A, B, C> ndarray<R> NAME(const A& a, const B& b, const C& c,             \
                                                   ndarray<R> o) {                                 \
    return ufunc_into<ops::NAME>(std::move(o), a, b, c);                                           \
  }
#define CUPX_SPECIAL_UFUNC4(NAME)                                                                  \
  template <class A, class B, class C, class D>                                                    \
  requires are_operands_v<A, B, C, D>                                                              \
  [[nodiscard]] auto NAME(const A& a, const B& b, const C& c, const D& d) {                        \
    return make_ufunc<ops::NAME>(a, b, c, d);                                                      \
  }                                                                                                \
  template <class A, class B, class C, class D, class R>                                           \
  requires are_operands_v<A, B, C, D> ndarray<R> NAME(const A& a, const B& b, const C& c,          \
                                                      const D& d, ndarray<R> o) {                  \
    return ufunc_into<ops::NAME>(std::move(o), a, b, c, d);                                        \
  }

/// A functor `ops::NAME<P>` calling `detail::FN` on its operands in P, for DOMAIN's numbers.
#define CUPX_SPECIAL_OP(NAME, DOMAIN, FN) CUPX_SPECIAL_OP_COST(NAME, DOMAIN, FN, false)
/// CUPX_SPECIAL_OP for functions of many instructions per element that still run near the memory
/// bandwidth (gammaln): `long_op` has the vector kernel give each thread
/// 32 bytes rather than 16 (cupp::detail::vector_width), so loads stay in flight while it computes.
#define CUPX_SPECIAL_OP_LONG(NAME, DOMAIN, FN) CUPX_SPECIAL_OP_COST(NAME, DOMAIN, FN, true)
#define CUPX_SPECIAL_OP_COST(NAME, DOMAIN, FN, LONG)                                               \
  namespace ops {                                                                                  \
  template <class P> struct NAME {                                                                 \
    static constexpr domain kind = DOMAIN;                                                         \
    static constexpr bool long_op = LONG;                                                          \
    using result_type = P;                                                                         \
    template <class... A> CUPP_HD P operator()(A... a) const { return detail::FN(a...); }          \
  };                                                                                               \
  }
/// CUPX_SPECIAL_OP computing float32 in float64, for real operands: for cheap functions whose
/// float formulas overflow or cancel in intermediate values where the result is representable
/// (exprel(89) is 5e36; e^89 overflows float32).
#define CUPX_SPECIAL_OP_WIDE(NAME, FN)                                                             \
  namespace ops {                                                                                  \
  template <class P> struct NAME {                                                                 \
    static constexpr domain kind = domain::real;                                                   \
    using result_type = P;                                                                         \
    template <class... A> CUPP_HD P operator()(A... a) const {                                     \
      return static_cast<P>(detail::FN(static_cast<double>(a)...));                                \
    }                                                                                              \
  };                                                                                               \
  }

namespace cupx::special::detail {
/// `F{}(a...)` as a call in device code: a long special function is then compiled once per
/// translation unit and dtype rather than once more inside every kernel that evaluates it (the
/// contiguous, vectorised and strided kernels of each expression); nvcc's time grows with each
/// inlined copy (a test unit of the beta family took over ten minutes).
template <class R, class F, class... A> CUPP_NOINLINE CUPP_HD R outlined(A... a) {
  return F{}(a...);
}
} // namespace cupx::special::detail

/// CUPX_SPECIAL_OP for long functions (incomplete gamma and beta, Bessel functions of real order,
/// complex Faddeeva): the functor calls detail::FN out of line on the device (detail::outlined).
/// The short, bandwidth-bound ones (erf, gammaln, expit, j0...) stay inline.
#define CUPX_SPECIAL_OP_OUTLINED(NAME, DOMAIN, FN)                                                 \
  namespace detail {                                                                               \
  struct NAME##_call {                                                                             \
    template <class... A> CUPP_HD auto operator()(A... a) const { return FN(a...); }               \
  };                                                                                               \
  }                                                                                                \
  namespace ops {                                                                                  \
  template <class P> struct NAME {                                                                 \
    static constexpr domain kind = DOMAIN;                                                         \
    using result_type = P;                                                                         \
    template <class... A> CUPP_HD P operator()(A... a) const {                                     \
      return detail::outlined<P, detail::NAME##_call>(a...);                                       \
    }                                                                                              \
  };                                                                                               \
  }
