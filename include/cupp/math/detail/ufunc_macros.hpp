// The ufunc-declaring macros, for the math headers only: each includes this file at its top and
// #undefs the macros at its end (so no include guard). NAME is both the functor in cupp::ops and
// the public function.
#define CUPP_BINARY_UFUNC(NAME)                                                                   \
  template <class A, class B> [[nodiscard]] auto NAME(const A& a, const B& b) {                   \
    return expr::make_binary<ops::NAME>(a, b);                                                    \
  }
#define CUPP_UNARY_UFUNC(NAME)                                                                    \
  template <class A, class = std::enable_if_t<expr::is_expression_v<A>>>                          \
  [[nodiscard]] auto NAME(const A& a) {                                                           \
    return expr::make_unary<ops::NAME>(a);                                                        \
  }
