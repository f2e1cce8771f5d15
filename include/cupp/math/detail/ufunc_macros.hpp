// The ufunc-declaring macros, for the math headers only: each includes this file at its top and
// #undefs the macros at its end (so no include guard). NAME is both the functor in cupp::ops and
// the public function. Each ufunc comes with its out= form (expr/out.hpp): `NAME(a, b, out)`,
// `NAME(a, out)`, which writes into `out` and returns it.
#define CUPP_BINARY_UFUNC_RULE(NAME, RULE)                                                         \
  template <class A, class B>                                                                      \
  requires expr::is_operand_pair_v<A, B>                                                           \
  [[nodiscard]] auto NAME(const A& a, const B& b) {                                                \
    return expr::make_binary<ops::NAME, RULE>(a, b);                                               \
  }                                                                                                \
  template <class A, class B, class R>                                                             \
  requires expr::is_operand_pair_v<A, B> ndarray<R> NAME(const A& a, const B& b, ndarray<R> out) { \
    return expr::ufunc_out(std::move(out), expr::binary_node<ops::NAME, RULE>(a, b));              \
  }
// Binary ufuncs whose weak integer scalars must fit the array's dtype (NumPy's OverflowError).
#define CUPP_BINARY_UFUNC(NAME) CUPP_BINARY_UFUNC_RULE(NAME, expr::scalar_rule::weak)
#define CUPP_UNARY_UFUNC(NAME)                                                                     \
  template <class A, class = std::enable_if_t<expr::is_expression_v<A>>>                           \
  [[nodiscard]] auto NAME(const A& a) {                                                            \
    return expr::make_unary<ops::NAME>(a);                                                         \
  }                                                                                                \
  template <class A, class R, class = std::enable_if_t<expr::is_expression_v<A>>>                  \
  ndarray<R> NAME(const A& a, ndarray<R> out) {                                                    \
    return expr::ufunc_out(std::move(out), NAME(a));                                               \
  }
