#pragma once
/// \file
/// `np.einsum` and `np.einsum_path` (linalg/einsum_path.hpp). The subscripts are parsed and the
/// contraction order chosen on the host (NumPy's C parser and messages, NumPy's greedy and optimal
/// searches and cost model); each step of the path then contracts two operands: as one (batched)
/// GEMM through `matmul` when an index is summed between them and either keeps an index of its
/// own, otherwise (elementwise products, dot products, sums) as one fused expression reduced by the
/// reduction engine, so `einsum("ij,ij->", a, b)` is `sum(a * b)` in one pass. Repeated indices are
/// diagonal views; nothing synchronises. einsum is compiled once per dtype in the library
/// (src/linalg/einsum_run.hpp, instantiated by src/linalg/einsum.cpp.in).

#include <cupp/expr/astype.hpp>
#include <cupp/linalg/einsum_path.hpp>
#include <cupp/ndarray.hpp>

#include <initializer_list>
#include <string_view>
#include <vector>

namespace cupp {

/// `np.einsum_path(subscripts, *operands)`, greedy.
template <class... A>
[[nodiscard]] einsum_path_info einsum_path(std::string_view subscripts, const ndarray<A>&... ops) {
  return einsum_path(subscripts, std::vector<shape_t>{ops.shape()...}, einsum_optimize::greedy);
}

/// `np.einsum_path(subscripts, *operands, optimize)`.
template <class T>
[[nodiscard]] einsum_path_info einsum_path(std::string_view subscripts,
                                           const std::vector<ndarray<T>>& operands,
                                           einsum_optimize optimize) {
  std::vector<shape_t> shapes;
  for (const auto& op : operands)
    shapes.push_back(op.shape());
  return einsum_path(subscripts, shapes, optimize);
}

/// `np.einsum(subscripts, *operands, optimize=...)` of operands of one dtype: implicit
/// (`"ij,jk"`) and explicit (`"ij,jk->ki"`) output, ellipsis broadcasting, repeated indices
/// (diagonals), any number of operands contracted in pairs in the order of `optimize`. The result
/// is a new array, or a view of the operand when one operand needs no sum (`"ji"`, `"ii->i"`), as
/// NumPy's. Integers wrap in their dtype and bool sums are logical or, as NumPy's einsum.
template <class T>
[[nodiscard]] ndarray<T> einsum(std::string_view subscripts,
                                const std::vector<ndarray<T>>& operands,
                                einsum_optimize optimize = einsum_optimize::greedy);

/// `np.einsum(subscripts, a, b, optimize=...)` with the operands in braces (`{a, b, c}`).
template <class T>
[[nodiscard]] ndarray<T> einsum(std::string_view subscripts,
                                std::initializer_list<ndarray<T>> operands,
                                einsum_optimize optimize = einsum_optimize::greedy) {
  return einsum(subscripts, std::vector<ndarray<T>>(operands), optimize);
}

namespace detail {
template <class A, class... B> struct promote_all { using type = A; };
template <class A, class B, class... C> struct promote_all<A, B, C...> {
  using type = typename promote_all<promote_t<A, B>, C...>::type;
};
} // namespace detail

/// `np.einsum(subscripts, *operands)` of operands of any dtypes, computed in their promoted dtype
/// (NumPy's result type), greedy order.
template <class... A>
requires(sizeof...(A) > 0)
    [[nodiscard]] auto einsum(std::string_view subscripts, const ndarray<A>&... operands) {
  using R = typename detail::promote_all<A...>::type;
  return einsum(subscripts, std::vector<ndarray<R>>{detail::as_dtype<R>(operands)...});
}

} // namespace cupp
