#pragma once
/// \file
/// Lazy elementwise expressions. `x * x + y * y` builds a tree of `node`s whose leaves are arrays
/// (held as handles, so an unevaluated expression keeps its operands alive) and scalars; the tree
/// runs as one kernel when it is assigned to an array, reduced, or evaluated explicitly.

#include <cupp/core/config.hpp>
#include <cupp/core/dtype.hpp>
#include <cupp/core/error.hpp>
#include <cupp/core/shape.hpp>

#include <limits>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

namespace cupp {
template <class T> class ndarray;
template <class T> class indexed;

/// True for `ndarray<T>`.
template <class X> inline constexpr bool is_ndarray_v = false;
template <class T> inline constexpr bool is_ndarray_v<ndarray<T>> = true;
} // namespace cupp

namespace cupp::expr {

/// A scalar operand, already converted to the dtype it takes part in the operation with.
template <class T> struct scalar { T value; };

/// An operation `Op` (a functor with a `result_type`) applied elementwise to its operands.
template <class Op, class... Args> struct node {
  Op op;
  std::tuple<Args...> args;
};

/// What cupp knows of an expression type: whether it is one, and its element type.
template <class E> struct traits {
  static constexpr bool is_expr = false;
  static constexpr bool is_node = false;
};
template <class T> struct traits<ndarray<T>> {
  static constexpr bool is_expr = true;
  static constexpr bool is_node = false;
  using value_type = T;
};
template <class T> struct traits<scalar<T>> {
  static constexpr bool is_expr = true;
  static constexpr bool is_node = false;
  using value_type = T;
};
template <class Op, class... Args> struct traits<node<Op, Args...>> {
  static constexpr bool is_expr = true;
  static constexpr bool is_node = true;
  using value_type = typename Op::result_type;
};

/// An advanced-index selection `a(idx)` (indexing/advanced.hpp) is an operand: it gathers into a
/// new array where it is used (`operand`), as `a[idx]` copies in NumPy.
template <class T> struct traits<indexed<T>> {
  static constexpr bool is_expr = true;
  static constexpr bool is_node = false;
  using value_type = T;
};
template <class E> inline constexpr bool is_indexed_v = false;
template <class T> inline constexpr bool is_indexed_v<indexed<T>> = true;

/// `e` ready to be a leaf or a tree: selections gathered, everything else as it is.
template <class E> [[nodiscard]] auto operand(const E& e) {
  if constexpr (is_indexed_v<E>) {
    return e.copy();
  } else {
    return e;
  }
}

/// True for arrays and expressions (not for bare C++ scalars).
template <class E> inline constexpr bool is_expression_v = traits<std::decay_t<E>>::is_expr;

/// Element type of an expression.
template <class E> using value_type_t = typename traits<std::decay_t<E>>::value_type;

namespace detail {
template <class E, bool = is_expression_v<E>> struct value_or_void { using type = void; };
template <class E> struct value_or_void<E, true> { using type = value_type_t<E>; };
// A weak scalar's dtype next to an operand of dtype Other, or next to another scalar (void).
template <class Other, class S> struct scalar_dtype { using type = weak_promote_t<Other, S>; };
template <class S> struct scalar_dtype<void, S> { using type = S; };
} // namespace detail

/// Calls `f(array)` for every array leaf of `e`, depth first, left to right.
template <class T, class F> void visit_arrays(const ndarray<T>& a, F& f) { f(a); }
template <class T, class F> void visit_arrays(const scalar<T>&, F&) {}
template <class Op, class... Args, class F> void visit_arrays(const node<Op, Args...>& n, F& f) {
  std::apply([&](const auto&... a) { (visit_arrays(a, f), ...); }, n.args);
}

/// The broadcast shape of all array leaves of `e`; throws NumPy's broadcast error.
template <class E> [[nodiscard]] shape_t broadcast_shape(const E& e) {
  shape_t out;
  bool ok = true, first = true;
  auto f = [&](const auto& a) { // the first operand's shape as it is (what broadcasting it gives)
    if (first) {
      out = a.shape();
      first = false;
    } else {
      ok = broadcast_into(out, a.shape()) && ok;
    }
  };
  visit_arrays(e, f);
  if (!ok) {
    std::vector<shape_t> shapes;
    auto g = [&](const auto& a) { shapes.push_back(a.shape()); };
    visit_arrays(e, g);
    throw value_error(broadcast_message(shapes));
  }
  return out;
}

/// Converts a weak C++ scalar to dtype `T`, raising NumPy 2's error when an integer does not fit.
template <class T, class S> [[nodiscard]] T weak_cast(S s) {
  if constexpr (is_complex_scalar_v<S>) { // T is complex: a complex scalar's kind is the highest
    return T(static_cast<real_t<T>>(s.real()), static_cast<real_t<T>>(s.imag()));
  } else if constexpr (std::is_integral_v<S> && !std::is_same_v<S, bool> && std::is_integral_v<T> &&
                       !std::is_same_v<T, bool>) {
    const bool fits = std::is_signed_v<S>
                          ? (static_cast<long double>(s) >=
                                 static_cast<long double>(std::numeric_limits<T>::min()) &&
                             static_cast<long double>(s) <=
                                 static_cast<long double>(std::numeric_limits<T>::max()))
                          : static_cast<unsigned long long>(s) <=
                                static_cast<unsigned long long>(std::numeric_limits<T>::max());
    if (!fits)
      throw overflow_error("Python integer " + std::to_string(s) + " out of bounds for " +
                           dtype_name<T>());
  }
  return static_cast<T>(s);
}

/// How a C++ scalar enters an operation. It is weak (NEP 50), like a Python scalar: it takes the
/// dtype of the other operand unless its kind is higher. What happens to an integer that does not
/// fit that dtype depends on the operation, as in NumPy 2:
enum class scalar_rule {
  weak,  ///< raises overflow_error (`int8_array + 1000`, `np.maximum(uint8_array, -1)`)
  exact, ///< next to an integer array an integer keeps its value (int64, or uint64 when unsigned):
         ///< comparisons and logic give the mathematically right answer (`uint8_array == -1`)
  wrap,  ///< converts modulo 2^bits, as np.where does (`np.where(c, int8_array, 1000)` has -24)
  to_float, ///< next to an integer array an integer becomes float64: true_divide's loop for
            ///< integers is float64's, so NumPy checks no range (`uint8_array / -129`)
};

/// What a binary operation takes: arrays, expressions, C++ scalars and the 16-bit float scalars,
/// at least one of them an array or expression. The operations are constrained on it, so that
/// cupp::array (the runtime-dtype array, array/ufuncs.hpp) finds its own overloads.
template <class X>
inline constexpr bool is_operand_v = is_expression_v<X> || is_scalar_v<X> || is_half_v<X>;
template <class A, class B>
inline constexpr bool is_operand_pair_v = (is_expression_v<A> ||
                                           is_expression_v<B>)&&is_operand_v<A>&& is_operand_v<B>;

/// Turns an operand into an expression: expressions pass through, a C++ scalar becomes a scalar of
/// the dtype NEP 50 gives it next to an operand of dtype `Other` (void: next to another scalar,
/// where it keeps the default dtype of its kind: bool, int64 or float64).
template <class Other, scalar_rule Rule = scalar_rule::weak, class X>
[[nodiscard]] auto as_operand(const X& x) {
  if constexpr (is_expression_v<X>) {
    return operand(x);
  } else if constexpr (is_half_v<X>) {
    return scalar<X>{x}; // a typed scalar, like np.float16(2): strong, it promotes as an array
  } else {
    static_assert(is_scalar_v<X>, "operand must be a cupp array, expression, arithmetic or "
                                  "std::complex scalar");
    // C++ scalars are weak, like Python's bool, int, float and complex (cupp::complex64 too)
    using S = std::conditional_t<
        std::is_same_v<X, bool>, bool,
        std::conditional_t<std::is_integral_v<X>, std::int64_t,
                           std::conditional_t<is_complex_scalar_v<X>, complex128, double>>>;
    if constexpr (Rule == scalar_rule::exact && std::is_integral_v<X> && !std::is_same_v<X, bool> &&
                  std::is_integral_v<Other>) {
      return scalar<std::conditional_t<std::is_signed_v<X>, std::int64_t, std::uint64_t>>{x};
    } else if constexpr (Rule == scalar_rule::to_float && std::is_integral_v<X> &&
                         !std::is_same_v<X, bool> && std::is_integral_v<Other>) {
      return scalar<double>{static_cast<double>(x)};
    } else {
      using T = typename detail::scalar_dtype<Other, S>::type;
      if constexpr (Rule == scalar_rule::wrap) {
        return scalar<T>{static_cast<T>(x)};
      } else {
        return scalar<T>{weak_cast<T>(x)};
      }
    }
  }
}

/// An operation on float16 or bfloat16 operands computed in float32, as NumPy's float16 loops do:
/// half operands widen to float, the float32 functor runs, and a float result rounds back to the
/// half dtype (a bool or integer result stays as it is; float_power's float64 too).
template <class Op, class H> struct in_float : Op {
  using result_type = std::conditional_t<std::is_same_v<typename Op::result_type, float>, H,
                                         typename Op::result_type>;
  template <class... A> CUPP_HD result_type operator()(A... a) const {
    return static_cast<result_type>(Op::operator()(static_cast<compute_t<A>>(a)...));
  }
};

/// The functor of operation `Fn` on dtype P: `Fn<P>`, or for the 16-bit floats `Fn<float>` in
/// float32, unless `Fn<P>` knows the 16-bit floats itself (says `native_half`: nextafter and
/// spacing step in the half's own ulps, nan_to_num uses its extremes).
template <template <class> class Fn, class P> struct op_for { using type = Fn<P>; };
template <template <class> class Fn, class P>
requires(is_half_v<P> && !requires { Fn<P>::native_half; }) struct op_for<Fn, P> {
  using type = in_float<Fn<float>, P>;
};
/// An operation on a complex dtype P whose operands may be real: each operand converts to P first
/// (explicitly, as float16 and bfloat16 have no implicit conversion to a complex type).
template <class Op, class P> struct in_complex : Op {
  template <class... A> CUPP_HD typename Op::result_type operator()(A... a) const {
    return Op::operator()(to_complex(a)...);
  }

private:
  template <class A> CUPP_HD static P to_complex(A a) {
    if constexpr (std::is_same_v<A, P>) {
      return a;
    } else if constexpr (is_complex_v<A>) {
      return P(static_cast<real_t<P>>(a.real()), static_cast<real_t<P>>(a.imag()));
    } else {
      return P(static_cast<real_t<P>>(static_cast<compute_t<A>>(a)), real_t<P>(0));
    }
  }
};
template <template <class> class Fn, class P>
requires(is_complex_v<P>) struct op_for<Fn, P> {
  using type = in_complex<Fn<P>, P>;
};
template <template <class> class Fn, class P> using op_t = typename op_for<Fn, P>::type;

/// True for the ufuncs whose loops are float functions (arctan2, hypot...): NumPy picks the first
/// float loop both operands cast to safely, so int8 with uint8 gives float16 where promoting first
/// would give int16 and float32.
template <template <class> class Fn> inline constexpr bool float_loop_v = false;

namespace detail {
// The dtype an operation's functor is instantiated on (returned as a value: the other rule's
// promotion may not exist, as bfloat16 with int16).
template <template <class> class Fn, class A, class B> auto operation_dtype() {
  if constexpr (float_loop_v<Fn>) {
    return promote_t<float_result_t<A>, float_result_t<B>>{};
  } else {
    return promote_t<A, B>{};
  }
}
} // namespace detail

/// The node of a binary operation `Fn<P>` where P is the operands' promoted dtype (`Fn` maps the
/// promoted dtype to the functor, so each operation states its own result dtype rule). Shapes are
/// not checked: make_binary checks them, out= checks them with the output's.
template <template <class> class Fn, scalar_rule Rule = scalar_rule::weak, class A, class B>
[[nodiscard]] auto binary_node(const A& a, const B& b) {
  static_assert(is_expression_v<A> || is_expression_v<B>, "one operand must be an array");
  using VA = typename detail::value_or_void<A>::type;
  using VB = typename detail::value_or_void<B>::type;
  auto oa = as_operand<VB, Rule>(a);
  auto ob = as_operand<VA, Rule>(b);
  using P = decltype(detail::operation_dtype<Fn, value_type_t<decltype(oa)>,
                                             value_type_t<decltype(ob)>>());
  return node<op_t<Fn, P>, decltype(oa), decltype(ob)>{op_t<Fn, P>{}, {oa, ob}};
}

/// binary_node, its shapes checked: NumPy raises at the operation, not when the result is used.
template <template <class> class Fn, scalar_rule Rule = scalar_rule::weak, class A, class B>
[[nodiscard]] auto make_binary(const A& a, const B& b) {
  auto n = binary_node<Fn, Rule>(a, b);
  (void)broadcast_shape(n);
  return n;
}

/// Builds the node of a unary operation `Fn<T>` on the operand's dtype T.
template <template <class> class Fn, class A> [[nodiscard]] auto make_unary(const A& a) {
  static_assert(is_expression_v<A>, "operand must be a cupp array or expression");
  using L = decltype(operand(a));
  using Op = op_t<Fn, value_type_t<A>>;
  return node<Op, L>{Op{}, {operand(a)}};
}

} // namespace cupp::expr
