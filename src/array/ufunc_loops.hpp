#pragma once
// The typed loops of cupp::array's ufuncs (ufunc.hpp), for the files that compile them.
#include <cupp/math/arithmetic.hpp>
#include <cupp/math/bitwise.hpp>
#include <cupp/math/compare.hpp>
#include <cupp/math/functions.hpp>
#include <cupp/ndarray.hpp>

#include "ufunc.hpp"

namespace cupp::detail::ufunc {

/// The typed ufunc Fn of two typed arrays, evaluated into a new array.
template <template <class> class Fn, class A, class B>
array evaluate(const ndarray<A>& a, const ndarray<B>& b) {
  const auto n = expr::make_binary<Fn>(a, b);
  return ndarray<expr::value_type_t<decltype(n)>>(n);
}

template <class P> array run_binary(binary_op op, const ndarray<P>& a, const ndarray<P>& b) {
  switch (op) {
#define CUPP_CASE(NAME, SUPPORT, RULE)                                                             \
  case binary_op::NAME:                                                                            \
    if constexpr (supports<P>(support::SUPPORT)) return evaluate<ops::NAME>(a, b);                 \
    break;
    CUPP_ARRAY_BINARY_UFUNCS(CUPP_CASE)
#undef CUPP_CASE
  }
  throw value_error("cupp::array: no loop for this ufunc and dtype (a cupp bug)");
}

template <class P> array run_unary(unary_op op, const ndarray<P>& a) {
  switch (op) {
#define CUPP_CASE(NAME, SUPPORT)                                                                   \
  case unary_op::NAME:                                                                             \
    if constexpr (supports<P>(support::SUPPORT)) {                                                 \
      const auto n = expr::make_unary<ops::NAME>(a);                                               \
      return ndarray<expr::value_type_t<decltype(n)>>(n);                                          \
    }                                                                                              \
    break;
    CUPP_ARRAY_UNARY_UFUNCS(CUPP_CASE)
#undef CUPP_CASE
  }
  throw value_error("cupp::array: no loop for this ufunc and dtype (a cupp bug)");
}

} // namespace cupp::detail::ufunc
