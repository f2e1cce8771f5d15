#pragma once
/// \file
/// User functors and device lambdas as elementwise kernels: CuPy's `ElementwiseKernel` with the
/// operation written in C++ instead of a source string.
///
///     auto axpb = cp::elementwise_kernel<float>([] CUPP_DEVICE (float x, float a, float b) {
///       return x * a + b;
///     });
///     cp::ndarray<float> y = axpb(x, 2.0f, 1.0f);
///
/// The kernel is a node of the expression engine (expr/node.hpp): its operands broadcast as a
/// ufunc's do, it runs on the same kernels as `x * a + b` would (contiguous, two-dimensional and
/// strided), and `lazy(...)` fuses it into a larger expression or a reduction.

#include <cupp/core/config.hpp>
#include <cupp/core/dtype.hpp>
#include <cupp/core/error.hpp>
#include <cupp/core/shape.hpp>
#include <cupp/expr/cast.hpp>
#include <cupp/expr/evaluate.hpp>
#include <cupp/expr/node.hpp>
#include <cupp/ndarray.hpp>

#include <cstddef>
#include <cstdlib>
#include <tuple>
#include <type_traits>
#include <utility>

namespace cupp {

namespace detail {

/// What `elementwise_kernel<Sig>` states: the output dtype, and for `Out(In...)` the input types.
template <class Sig> struct kernel_signature {
  using out = Sig;
  using inputs = std::tuple<>;
  static constexpr bool typed = false;
};
template <class Out, class... In> struct kernel_signature<Out(In...)> {
  using out = Out;
  using inputs = std::tuple<In...>;
  static constexpr bool typed = true;
};

/// True for a __device__ lambda in nvcc's host pass, where it is a placeholder that cannot be
/// called. That pass instantiates the evaluators (their return types are deduced), but only kernels
/// run them.
template <class F> constexpr bool uncallable_here() {
#if defined(__CUDACC_EXTENDED_LAMBDA__) && !defined(__CUDA_ARCH__)
  return __nv_is_extended_device_lambda_closure_type(F);
#else
  return false;
#endif
}

/// The operation of a functor-kernel node. Operands arrive in their own dtypes; a typed kernel
/// converts each to its declared input type first (inside the kernel, so a float64 operand of a
/// float32 kernel costs no temporary), and the functor's result converts to Out, both as
/// `astype` converts.
template <class Out, class F, class Inputs> struct functor_op;
template <class Out, class F, class... In> struct functor_op<Out, F, std::tuple<In...>> {
  using result_type = Out;
  F f;
  template <class... A> CUPP_HD Out operator()(A... a) const {
    if constexpr (uncallable_here<F>()) {
      std::abort();
    } else if constexpr (sizeof...(In) == 0) {
      return expr::cast<Out>{}(f(a...));
    } else {
      return expr::cast<Out>{}(f(expr::cast<In>{}(a)...));
    }
  }
};

/// Operand `x` of a functor kernel: arrays and expressions as they are; a C++ scalar stays its own
/// type in an untyped kernel (the functor's parameter converts it, as a C++ call would) and becomes
/// the declared input type `In` in a typed one, with NumPy's overflow check for integers.
template <class In, class X> [[nodiscard]] auto functor_operand(const X& x) {
  if constexpr (expr::is_expression_v<X>) {
    return expr::operand(x);
  } else if constexpr (std::is_void_v<In>) {
    static_assert(std::is_trivially_copyable_v<X>,
                  "a functor kernel's operand must be a cupp array, an expression or a trivially "
                  "copyable value");
    return expr::scalar<X>{x};
  } else {
    static_assert(is_scalar_v<X>, "a typed kernel's operand must be a cupp array, an expression "
                                  "or an arithmetic scalar");
    return expr::scalar<In>{expr::weak_cast<In>(x)};
  }
}

/// The declared input type of operand I: void for an untyped kernel.
template <std::size_t I, class Inputs> struct input_at { using type = void; };
template <std::size_t I, class... In>
requires(I < sizeof...(In)) struct input_at<I, std::tuple<In...>> {
  using type = std::tuple_element_t<I, std::tuple<In...>>;
};

} // namespace detail

/// An elementwise kernel made of a functor: the object `elementwise_kernel` returns.
template <class Sig, class F> class functor_kernel {
  using signature = detail::kernel_signature<Sig>;
  using inputs = typename signature::inputs;

public:
  /// Output dtype.
  using out_type = typename signature::out;
  static_assert(is_dtype_v<out_type>, "the output type of an elementwise kernel must be a cupp "
                                      "dtype (bool, int8..uint64, float32, float64)");

  explicit functor_kernel(F f) : f_(std::move(f)) {}

  /// The kernel applied to `args` as an unevaluated expression: it runs when assigned, reduced or
  /// evaluated, fused with whatever surrounds it (`cp::sum(k.lazy(x, y))` is one pass).
  template <class... A> [[nodiscard]] auto lazy(const A&... args) const {
    static_assert(!signature::typed || sizeof...(A) == std::tuple_size_v<inputs>,
                  "a typed elementwise kernel takes as many operands as its signature has inputs");
    return make_node(std::index_sequence_for<A...>{}, args...);
  }

  /// Runs the kernel over the broadcast operands into a new array (`k(x, a, b)` in CuPy).
  template <class... A> [[nodiscard]] ndarray<out_type> operator()(const A&... args) const {
    return expr::evaluate(lazy(args...));
  }

  /// Runs the kernel into `out`, which must have the operands' broadcast shape (NumPy's `out=`);
  /// the values convert to out's dtype. Returns `out`.
  template <class T, class... A>
  const ndarray<T>& into(const ndarray<T>& out, const A&... args) const {
    const auto e = lazy(args...);
    shape_t shape = out.shape();
    bool ok = true;
    auto f = [&](const auto& a) { ok = broadcast_into(shape, a.shape()) && ok; };
    expr::visit_arrays(e, f);
    if (!ok || shape != out.shape())
      throw value_error("non-broadcastable output operand with shape " +
                        shape_repr(out.shape(), ",") + " doesn't match the broadcast shape " +
                        shape_repr(expr::broadcast_shape(e), ","));
    expr::assign_to(out, e);
    return out;
  }

private:
  template <std::size_t... I, class... A>
  auto make_node(std::index_sequence<I...>, const A&... args) const {
    using Op = detail::functor_op<out_type, F, inputs>;
    using N =
        expr::node<Op, decltype(detail::functor_operand<typename detail::input_at<I, inputs>::type>(
                           args))...>;
    N n{Op{f_}, {detail::functor_operand<typename detail::input_at<I, inputs>::type>(args)...}};
    (void)expr::broadcast_shape(n); // NumPy raises at the call, not when the result is used
    return n;
  }

  F f_;
};

/// An elementwise kernel from a functor or a device lambda (CuPy's `ElementwiseKernel`).
///
/// `Sig` is the output dtype (`elementwise_kernel<float>(f)`: operands reach `f` in their own
/// dtypes) or a signature (`elementwise_kernel<float(float, int)>(f)`: each operand is converted
/// to its input type, scalars with NumPy's overflow check). `f` is `__host__ __device__` (a
/// functor with a `CUPP_HD` call operator) or a device lambda (`[] CUPP_DEVICE (...) {...}`,
/// defined inside a function: nvcc's extended lambdas).
template <class Sig, class F> [[nodiscard]] functor_kernel<Sig, F> elementwise_kernel(F f) {
  return functor_kernel<Sig, F>(std::move(f));
}

} // namespace cupp
