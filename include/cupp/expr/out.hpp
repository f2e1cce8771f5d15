#pragma once
/// \file
/// NumPy's `out=` for ufuncs: `cp::add(a, b, out)` is `np.add(a, b, out=out)`. The ufunc's operands
/// and `out` (an array or any view: a handle) broadcast together to out's shape; the result is
/// converted to out's dtype under NumPy's 'same_kind' casting, which cupp checks at compile time
/// since dtypes are types; operands that overlap `out` are copied first (expr/overlap.hpp). The
/// ufunc runs as one kernel writing into `out`, which is returned.

#include <cupp/core/dtype.hpp>
#include <cupp/core/error.hpp>
#include <cupp/core/shape.hpp>
#include <cupp/expr/node.hpp>
#include <cupp/expr/overlap.hpp>

#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace cupp::expr {

// Defined in expr/evaluate.hpp, which needs the whole ndarray (this header is included by the
// math headers, which ndarray's own header includes).
template <class T, class E> void assign_to(const ndarray<T>& out, const E& e);

/// The shape NumPy names for a ufunc operand: an array's or expression's, `()` for a scalar.
template <class E> [[nodiscard]] shape_t operand_shape(const E& e) {
  if constexpr (traits<E>::is_node) {
    return broadcast_shape(e);
  } else if constexpr (is_ndarray_v<E>) {
    return e.shape();
  } else {
    return shape_t{};
  }
}

/// Checks the outputs of ufunc node `n` as NumPy does: operands and outputs broadcast together,
/// and to exactly each output's shape.
template <class N, class... R> void check_outputs(const N& n, const ndarray<R>&... out) {
  shape_t shape;
  bool ok = true;
  auto add = [&](const shape_t& s) { ok = broadcast_into(shape, s) && ok; };
  std::apply([&](const auto&... a) { (add(operand_shape(a)), ...); }, n.args);
  (add(out.shape()), ...);
  if (!ok) { // the message's list, gathered only when it is needed
    std::vector<shape_t> shapes;
    std::apply([&](const auto&... a) { (shapes.push_back(operand_shape(a)), ...); }, n.args);
    (shapes.push_back(out.shape()), ...);
    throw value_error(broadcast_message(shapes));
  }
  for (const shape_t& s : {out.shape()...})
    if (s != shape)
      throw value_error("non-broadcastable output operand with shape " + shape_compact(s) +
                        " doesn't match the broadcast shape " + shape_compact(shape));
}

template <class From, class To> constexpr void require_same_kind() {
  static_assert(same_kind_castable_v<From, To>,
                "Cannot cast ufunc output to the dtype of out with casting rule 'same_kind' "
                "(NumPy's UFuncTypeError): give out a dtype of the result's kind or a higher one");
}

/// Evaluates the ufunc node `n` into `out` and returns `out`.
template <class R, class N> ndarray<R> ufunc_out(ndarray<R> out, const N& n) {
  require_same_kind<value_type_t<N>, R>();
  check_outputs(n, out);
  assign_to(out, n);
  return out;
}

/// The two-output form (divmod, modf, frexp): `n1` into `out1`, `n2` into `out2`. The second
/// kernel runs after the first has written `out1`, so n2's operands that share memory with `out1`
/// are copied first, even where NumPy's single loop would read them in place.
template <class R1, class R2, class N1, class N2>
std::pair<ndarray<R1>, ndarray<R2>> ufunc_out(ndarray<R1> out1, ndarray<R2> out2, const N1& n1,
                                              const N2& n2) {
  require_same_kind<value_type_t<N1>, R1>();
  require_same_kind<value_type_t<N2>, R2>();
  check_outputs(n1, out1, out2);
  const N2 second = detach(n2, out1, false);
  assign_to(out1, n1);
  assign_to(out2, second);
  return {out1, out2};
}

} // namespace cupp::expr
