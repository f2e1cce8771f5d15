#pragma once
/// \file
/// The elementwise operations of `cupp::array` (the runtime-dtype array): NumPy's operator ufuncs
/// as functions (`cp::add(a, b)`, `cp::floor_divide(a, 2)`) and C++ operators (`a + b`, `a < 0.5`,
/// `~a`), with NumPy's broadcasting and promotion decided at run time from the same rules as the
/// typed operations (core/dtype.hpp). Each operation casts its operands to the loop dtype NumPy
/// picks (`int32 + float32` computes in float64) and runs the typed operation, compiled once per
/// loop dtype in src/array/; a result is a new array, evaluated at once (no lazy expression).
/// A C++ scalar is weak, as a Python scalar (NEP 50): `float32_array * 2.5` stays float32, an
/// integer that does not fit the array's integer dtype raises overflow_error. Unsupported dtypes
/// raise type_error with NumPy's message (`bool - bool`, `float & float`, `complex // complex`).

#include <cupp/array.hpp>
#include <cupp/core/complex.hpp>

#include <complex>
#include <concepts>
#include <cstdint>

namespace cupp {

/// A C++ scalar as an operand of `cupp::array`'s operations: bool, an integer, a float or a
/// complex number, weak as Python's (NEP 50: it takes the array's dtype unless its kind is higher).
class weak_scalar {
public:
  enum class kind : unsigned char { boolean, signed_integer, unsigned_integer, floating, complex };

  weak_scalar(bool v) : kind_(kind::boolean), b_(v) {} // NOLINT(google-explicit-constructor)
  template <std::integral I>
  requires(!std::same_as<I, bool>) weak_scalar(I v) // NOLINT(google-explicit-constructor)
      : kind_(std::is_signed_v<I> ? kind::signed_integer : kind::unsigned_integer) {
    if constexpr (std::is_signed_v<I>) {
      i_ = v;
    } else {
      u_ = v;
    }
  }
  template <std::floating_point F>
  weak_scalar(F v) : kind_(kind::floating), f_(static_cast<double>(v)) {}    // NOLINT
  weak_scalar(complex128 v) : kind_(kind::complex), c_(v) {}                 // NOLINT
  weak_scalar(complex64 v) : kind_(kind::complex), c_(v.real(), v.imag()) {} // NOLINT
  template <std::floating_point F>
  weak_scalar(std::complex<F> v) // NOLINT(google-explicit-constructor)
      : kind_(kind::complex), c_(static_cast<double>(v.real()), static_cast<double>(v.imag())) {}

  [[nodiscard]] kind what() const noexcept { return kind_; }
  [[nodiscard]] bool as_bool() const noexcept { return b_; }
  [[nodiscard]] std::int64_t as_int() const noexcept { return i_; }
  [[nodiscard]] std::uint64_t as_uint() const noexcept { return u_; }
  [[nodiscard]] double as_double() const noexcept { return f_; }
  [[nodiscard]] complex128 as_complex() const noexcept { return c_; }

private:
  kind kind_;
  bool b_ = false;
  std::int64_t i_ = 0;
  std::uint64_t u_ = 0;
  double f_ = 0;
  complex128 c_{};
};

/// `np.promote_types(a, b)`: the dtype both convert to (type_error where NumPy and ml_dtypes
/// have none: float16 with bfloat16, bfloat16 with integers wider than 8 bits).
[[nodiscard]] dtype promote_types(dtype a, dtype b);

/// The binary ufuncs: `np.add`, `np.subtract`, `np.multiply`, `np.divide` (true_divide),
/// `np.floor_divide`, `np.remainder` (mod), `np.power`, `np.maximum`, `np.minimum`; `np.equal`,
/// `np.not_equal`, `np.less`, `np.less_equal`, `np.greater`, `np.greater_equal` (integers of any
/// signedness compare exactly, as NumPy 2's), `np.logical_and/or/xor`; `np.bitwise_and/or/xor`,
/// `np.left_shift`, `np.right_shift` (integers and bool). The one list of them: the declarations
/// below, the library's loops (src/array/) and the tests expand it.
// X(name, the loop dtypes it has (src/array/ufunc.hpp), how a weak integer enters: expr/node.hpp)
#define CUPP_ARRAY_BINARY_UFUNCS(X)                                                                \
  X(add, all, weak)                                                                                \
  X(subtract, no_bool, weak)                                                                       \
  X(multiply, all, weak)                                                                           \
  X(divide, all, to_float)                                                                         \
  X(floor_divide, no_complex, weak)                                                                \
  X(remainder, no_complex, weak)                                                                   \
  X(power, all, weak)                                                                              \
  X(maximum, all, weak)                                                                            \
  X(minimum, all, weak)                                                                            \
  X(equal, all, exact)                                                                             \
  X(not_equal, all, exact)                                                                         \
  X(less, all, exact)                                                                              \
  X(less_equal, all, exact)                                                                        \
  X(greater, all, exact)                                                                           \
  X(greater_equal, all, exact)                                                                     \
  X(logical_and, all, exact)                                                                       \
  X(logical_or, all, exact)                                                                        \
  X(logical_xor, all, exact)                                                                       \
  X(bitwise_and, integer, weak)                                                                    \
  X(bitwise_or, integer, weak)                                                                     \
  X(bitwise_xor, integer, weak)                                                                    \
  X(left_shift, integer, weak)                                                                     \
  X(right_shift, integer, weak)

// Each binary ufunc takes two arrays, or an array and a weak scalar on either side.
#define CUPP_ARRAY_BINARY_DECLARE(NAME, ...)                                                       \
  [[nodiscard]] array NAME(const array& a, const array& b);                                        \
  [[nodiscard]] array NAME(const array& a, const weak_scalar& b);                                  \
  [[nodiscard]] array NAME(const weak_scalar& a, const array& b);
CUPP_ARRAY_BINARY_UFUNCS(CUPP_ARRAY_BINARY_DECLARE)
#undef CUPP_ARRAY_BINARY_DECLARE

/// `np.negative`, `np.positive`, `np.absolute` (complex: the magnitude, a real array),
/// `np.invert` (bitwise_not), `np.logical_not`.
[[nodiscard]] array negative(const array& a);
[[nodiscard]] array positive(const array& a);
[[nodiscard]] array absolute(const array& a);
[[nodiscard]] array invert(const array& a);
[[nodiscard]] array logical_not(const array& a);

// NumPy's aliases.
#define CUPP_ARRAY_ALIAS(ALIAS, NAME)                                                              \
  [[nodiscard]] inline array ALIAS(const array& a, const array& b) { return NAME(a, b); }          \
  [[nodiscard]] inline array ALIAS(const array& a, const weak_scalar& b) { return NAME(a, b); }    \
  [[nodiscard]] inline array ALIAS(const weak_scalar& a, const array& b) { return NAME(a, b); }
CUPP_ARRAY_ALIAS(true_divide, divide)
CUPP_ARRAY_ALIAS(mod, remainder)
#undef CUPP_ARRAY_ALIAS
[[nodiscard]] inline array abs(const array& a) { return absolute(a); }
[[nodiscard]] inline array bitwise_not(const array& a) { return invert(a); }

// The operators, for arrays and weak scalars on either side.
#define CUPP_ARRAY_OPERATOR(OP, NAME)                                                              \
  [[nodiscard]] inline array operator OP(const array& a, const array& b) { return NAME(a, b); }    \
  [[nodiscard]] inline array operator OP(const array& a, const weak_scalar& b) {                   \
    return NAME(a, b);                                                                             \
  }                                                                                                \
  [[nodiscard]] inline array operator OP(const weak_scalar& a, const array& b) {                   \
    return NAME(a, b);                                                                             \
  }
CUPP_ARRAY_OPERATOR(+, add)
CUPP_ARRAY_OPERATOR(-, subtract)
CUPP_ARRAY_OPERATOR(*, multiply)
CUPP_ARRAY_OPERATOR(/, divide)
CUPP_ARRAY_OPERATOR(%, remainder)
CUPP_ARRAY_OPERATOR(==, equal)
CUPP_ARRAY_OPERATOR(!=, not_equal)
CUPP_ARRAY_OPERATOR(<, less)
CUPP_ARRAY_OPERATOR(<=, less_equal)
CUPP_ARRAY_OPERATOR(>, greater)
CUPP_ARRAY_OPERATOR(>=, greater_equal)
CUPP_ARRAY_OPERATOR(&, bitwise_and)
CUPP_ARRAY_OPERATOR(|, bitwise_or)
CUPP_ARRAY_OPERATOR(^, bitwise_xor)
CUPP_ARRAY_OPERATOR(<<, left_shift)
CUPP_ARRAY_OPERATOR(>>, right_shift)
#undef CUPP_ARRAY_OPERATOR
[[nodiscard]] inline array operator-(const array& a) { return negative(a); }
[[nodiscard]] inline array operator+(const array& a) { return positive(a); }
[[nodiscard]] inline array operator~(const array& a) { return invert(a); }

} // namespace cupp
