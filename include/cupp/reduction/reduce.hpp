#pragma once
/// \file
/// Reductions over all elements: sum, max/amax, min/amin. They accept arrays and expressions (an
/// expression is reduced without a temporary) and return a 0-d array on the device without
/// synchronising; `.item()` reads it. Reductions over axes are in reduction/axis.hpp.

#include <cupp/ndarray.hpp>
#include <cupp/detail/reduce.hpp>
#include <cupp/expr/bind.hpp>
#include <cupp/expr/cast.hpp>
#include <cupp/expr/evaluate.hpp>
#include <cupp/expr/node.hpp>

#include <string>

namespace cupp {

namespace detail {

/// Reduces every element of an array into *out. Instantiated in src/ for every dtype and the
/// reductions below (see the extern declarations), so that plain-array reductions compile CUB once,
/// in the library, rather than in every user translation unit.
template <class R, class T, class Op>
void reduce_array(const ndarray<T>& a, R* out, R init, Op op) {
  if constexpr (std::is_same_v<R, T>) {
    if (a.is_c_contiguous()) {
      reduce_flat(a.size(), static_cast<const R*>(a.data()), out, init, op);
      return;
    }
  }
  expr::with_flat_evaluator(a, a.shape(),
                            [&](const auto& f, index_t n) { reduce_flat(n, f, out, init, op); });
}

#define CUPP_REDUCE_ARRAY_INSTANCES(EXTERN, T)                                                     \
  EXTERN template void reduce_array<sum_result_t<T>, T, plus>(const ndarray<T>&, sum_result_t<T>*, \
                                                              sum_result_t<T>, plus);              \
  EXTERN template void reduce_array<T, T, nan_max>(const ndarray<T>&, T*, T, nan_max);             \
  EXTERN template void reduce_array<T, T, nan_min>(const ndarray<T>&, T*, T, nan_min);
#define CUPP_REDUCE_ARRAY_EXTERN(T, ...) CUPP_REDUCE_ARRAY_INSTANCES(extern, T)
CUPP_DTYPE_TABLE(CUPP_REDUCE_ARRAY_EXTERN) // compiled in src/reduction/instances_*.cpp
#undef CUPP_REDUCE_ARRAY_EXTERN

/// Reduces an array (precompiled) or a fused expression (compiled here) into a new 0-d array.
template <class R, class E, class Op> ndarray<R> reduce_all(const E& e, R init, Op op) {
  ndarray<R> out(shape_t{});
  if constexpr (expr::traits<E>::is_node) {
    expr::with_flat_evaluator(e, expr::broadcast_shape(e), [&](const auto& f, index_t n) {
      reduce_flat(n, f, out.data(), init, op);
    });
  } else {
    reduce_array(e, out.data(), init, op);
  }
  return out;
}

template <class E> void check_nonempty(const E& e, const char* name) {
  if (shape_size(expr::broadcast_shape(e)) == 0)
    throw value_error(std::string("zero-size array to reduction operation ") + name +
                      " which has no identity");
}

} // namespace detail

/// Sum of all elements (`np.sum(a)`): small integers accumulate in 64 bits as NumPy does; float
/// sums use a tree (CUB) or pairwise (host) order, float16 and bfloat16 in float32. The sum of an
/// empty array is 0.
template <class E, class = std::enable_if_t<expr::is_expression_v<E>>>
[[nodiscard]] ndarray<sum_result_t<expr::value_type_t<E>>> sum(const E& e) {
  if constexpr (expr::is_indexed_v<E>) {
    return sum(e.copy());
  } else {
    using R = sum_result_t<expr::value_type_t<E>>;
    if constexpr (is_half_v<R>) { // accumulated in float32, rounded once (NumPy's pairwise sum)
      const auto s = detail::reduce_all<float>(expr::node<expr::cast<float>, E>{{}, {e}}, 0.0f,
                                               detail::plus{});
      return evaluate(expr::node<expr::cast<R>, ndarray<float>>{{}, {s}});
    } else {
      return detail::reduce_all<R>(e, R{0}, detail::plus{});
    }
  }
}

/// Largest element (`np.max`/`np.amax`); NaN propagates. Raises value_error on an empty array.
template <class E, class = std::enable_if_t<expr::is_expression_v<E>>>
[[nodiscard]] ndarray<expr::value_type_t<E>> max(const E& e) {
  if constexpr (expr::is_indexed_v<E>) {
    return max(e.copy());
  } else {
    using R = expr::value_type_t<E>;
    detail::check_nonempty(e, "maximum");
    return detail::reduce_all<R>(e, detail::lowest_value<R>(), detail::nan_max{});
  }
}

/// Smallest element (`np.min`/`np.amin`); NaN propagates. Raises value_error on an empty array.
template <class E, class = std::enable_if_t<expr::is_expression_v<E>>>
[[nodiscard]] ndarray<expr::value_type_t<E>> min(const E& e) {
  if constexpr (expr::is_indexed_v<E>) {
    return min(e.copy());
  } else {
    using R = expr::value_type_t<E>;
    detail::check_nonempty(e, "minimum");
    return detail::reduce_all<R>(e, detail::highest_value<R>(), detail::nan_min{});
  }
}

/// `np.amax`.
template <class E> [[nodiscard]] auto amax(const E& e) { return max(e); }
/// `np.amin`.
template <class E> [[nodiscard]] auto amin(const E& e) { return min(e); }

} // namespace cupp
