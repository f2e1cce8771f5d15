#pragma once
/// \file
/// Memory overlap between an expression's operands and the array it is written into. A fused
/// kernel reads each operand element and writes the output element in one step, in no particular
/// order across threads, so an operand that shares memory with the output other than element for
/// element (`a[1:] += a[:-1]`, `a[...] = a.T`) would read values already overwritten. NumPy copies
/// such operands first (NPY_ITER_COPY_IF_OVERLAP); so does cupp, on the stream, without a sync.

#include <cupp/expr/node.hpp>

#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>

namespace cupp::expr {

/// The bytes [first, last) that a non-empty array's elements lie in.
template <class T>
[[nodiscard]] std::pair<std::uintptr_t, std::uintptr_t> byte_bounds(const ndarray<T>& a) {
  auto first = reinterpret_cast<std::uintptr_t>(a.data());
  auto last = first + sizeof(T);
  for (int d = 0; d < a.ndim(); ++d) {
    const index_t reach = (a.shape()[d] - 1) * a.strides()[d] * static_cast<index_t>(sizeof(T));
    if (reach < 0) {
      first -= static_cast<std::uintptr_t>(-reach);
    } else {
      last += static_cast<std::uintptr_t>(reach);
    }
  }
  return {first, last};
}

/// `np.may_share_memory(a, b)`: the byte ranges of two non-empty arrays intersect (NumPy's bounds
/// test, the one its ufuncs apply to their operands).
template <class T, class U>
[[nodiscard]] bool may_share_memory(const ndarray<T>& a, const ndarray<U>& b) {
  if (a.size() == 0 || b.size() == 0) return false;
  const auto [a0, a1] = byte_bounds(a);
  const auto [b0, b1] = byte_bounds(b);
  return a0 < b1 && b0 < a1;
}

/// True when `in` reads exactly the elements `out` writes, in the same order: same dtype, first
/// element, shape and strides (NumPy's test; `a += b` with `b` a handle of `a` stays in place).
template <class T, class U>
[[nodiscard]] bool same_elements(const ndarray<T>& in, const ndarray<U>& out) {
  if constexpr (std::is_same_v<T, U>) {
    return in.data() == out.data() && in.shape() == out.shape() && in.strides() == out.strides();
  } else {
    return false;
  }
}

/// `e` with every array leaf that may share memory with `out` replaced by a copy, except leaves
/// elementwise identical to `out` when `keep_identical` (a second output written after the first
/// must not read the first's values, so it copies those too).
template <class T, class U>
[[nodiscard]] ndarray<T> detach(const ndarray<T>& a, const ndarray<U>& out, bool keep_identical) {
  if (!may_share_memory(a, out) || (keep_identical && same_elements(a, out))) return a;
  return a.copy();
}
template <class T, class U>
[[nodiscard]] scalar<T> detach(const scalar<T>& s, const ndarray<U>&, bool) {
  return s;
}
template <class Op, class... Args, class U>
[[nodiscard]] node<Op, Args...> detach(const node<Op, Args...>& n, const ndarray<U>& out,
                                       bool keep_identical) {
  return {n.op, std::apply(
                    [&](const auto&... a) {
                      return std::tuple<Args...>{detach(a, out, keep_identical)...};
                    },
                    n.args)};
}

} // namespace cupp::expr

namespace cupp {
using expr::may_share_memory;
} // namespace cupp
