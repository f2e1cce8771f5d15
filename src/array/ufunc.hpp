#pragma once
// cupp::array's ufuncs (array/ufuncs.hpp lists the binary ones): the unary list, and the typed
// loops they run,
// compiled once per loop dtype (ufunc_loops.cpp.in) and called by the dispatch (ufuncs.cpp).
#include <cupp/array/ufuncs.hpp>
#include <cupp/expr/node.hpp>

#include <cstdint>

namespace cupp::detail::ufunc {

/// The loop dtypes a ufunc has, as NumPy's (its others raise type_error).
enum class support : unsigned char { all, no_bool, no_complex, integer };

// X(name, support)
#define CUPP_ARRAY_UNARY_UFUNCS(X)                                                                 \
  X(negative, no_bool)                                                                             \
  X(positive, no_bool)                                                                             \
  X(absolute, all)                                                                                 \
  X(invert, integer)                                                                               \
  X(logical_not, all)

enum class binary_op : std::uint8_t {
#define CUPP_ENUM(NAME, ...) NAME,
  CUPP_ARRAY_BINARY_UFUNCS(CUPP_ENUM)
};
enum class unary_op : std::uint8_t { CUPP_ARRAY_UNARY_UFUNCS(CUPP_ENUM) };
#undef CUPP_ENUM

/// Whether loop dtype P is one of the support's.
template <class P> constexpr bool supports(support s) {
  switch (s) {
  case support::no_bool:
    return !std::is_same_v<P, bool>;
  case support::no_complex:
    return !is_complex_v<P>;
  case support::integer:
    return std::is_integral_v<P>;
  default:
    return true;
  }
}

/// The typed operation `op` on operands of its loop dtype P (broadcast against each other).
template <class P> array run_binary(binary_op op, const ndarray<P>& a, const ndarray<P>& b);
template <class P> array run_unary(unary_op op, const ndarray<P>& a);
/// A comparison or logical operation of an int64 array with a uint64 one, exactly (NumPy 2 does
/// not go through their common dtype, float64); `swapped`: the uint64 operand is the first.
array run_mixed_integers(binary_op op, const ndarray<std::int64_t>& s,
                         const ndarray<std::uint64_t>& u, bool swapped);

} // namespace cupp::detail::ufunc
