#pragma once
/// \file
/// `astype`: the elements converted to another dtype, as the free function `cp::astype<To>(a)`
/// (a lazy expression that fuses into the next evaluation) and the method `a.astype<To>()` (a new
/// array, as NumPy's astype copies); floats that do not fit give x86 NumPy's values (the
/// conversion is expr/cast.hpp's).

#include <cupp/core/ndarray.hpp>
#include <cupp/expr/cast.hpp>
#include <cupp/expr/evaluate.hpp>
#include <cupp/expr/node.hpp>

#include <type_traits>

namespace cupp {

/// `a.astype(To)`: the elements converted (a lazy expression; `ndarray<To> b = astype<To>(a)`);
/// floats that do not fit give x86 NumPy's values (expr/cast.hpp).
template <class To, class A> [[nodiscard]] auto astype(const A& a) {
  static_assert(expr::is_expression_v<A>, "astype needs a cupp array or expression");
  auto oa = expr::operand(a);
  return expr::node<expr::cast<To>, decltype(oa)>{{}, {oa}};
}

namespace detail {

/// `a` converted to dtype R (a itself when it already is).
template <class R, class T> ndarray<R> as_dtype(const ndarray<T>& a) {
  if constexpr (std::is_same_v<R, T>) {
    return a;
  } else {
    return expr::evaluate(expr::node<expr::cast<R>, ndarray<T>>{{}, {a}});
  }
}

} // namespace detail

// ---- the ndarray's methods (declared in core/ndarray.hpp) ---------------------------------------

template <class V> template <class U> auto ndarray<V>::astype() const {
  return ndarray<U>(cupp::astype<U>(*this));
}

} // namespace cupp
