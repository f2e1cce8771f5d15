#pragma once
/// \file
/// Element types (dtypes), their NumPy names, and NumPy 2 (NEP 50) type promotion at compile time.
///
/// The dtype of `ndarray<T>` is the C++ type `T`. Promotion between two array dtypes follows
/// NumPy's table; a C++ arithmetic scalar beside an array is "weak" like a Python scalar: it takes
/// the array's dtype when its kind (bool < integer < floating) is not higher.
///
/// float16 promotes as NumPy's; bfloat16 as ml_dtypes' (with bool, int8, uint8 it stays bfloat16,
/// with float32/float64 it gives those, and it has no common dtype with float16 or wider integers).
/// A complex dtype with a real one gives the complex dtype whose parts hold both (float32 with
/// complex64 is complex64, float64 or int32 with complex64 is complex128, float16 and bfloat16 with
/// complex64 are complex64); a C++ `std::complex` scalar is a weak complex scalar.

#include <cupp/core/complex.hpp>
#include <cupp/core/dtype_table.hpp>
#include <cupp/core/half.hpp>

#include <cstdint>
#include <limits>
#include <type_traits>

namespace cupp {

namespace detail {

enum class kind { boolean = 0, integer = 1, floating = 2, complex = 3 };

template <class T> constexpr kind kind_of() {
  if constexpr (std::is_same_v<T, bool>) {
    return kind::boolean;
  } else if constexpr (std::is_integral_v<T>) {
    return kind::integer;
  } else if constexpr (is_complex_scalar_v<T>) {
    return kind::complex;
  } else {
    return kind::floating;
  }
}

// same_kind casting's order of kinds (NumPy's 'b' < 'u' < 'i' < 'f' < 'c')
template <class T> constexpr int kind_rank() {
  if constexpr (std::is_same_v<T, bool>) {
    return 0;
  } else if constexpr (std::is_integral_v<T>) {
    return std::is_signed_v<T> ? 2 : 1;
  } else if constexpr (is_complex_v<T>) {
    return 4;
  } else {
    return 3;
  }
}

template <int Bytes>
using signed_of = std::conditional_t<
    Bytes == 1, std::int8_t,
    std::conditional_t<Bytes == 2, std::int16_t,
                       std::conditional_t<Bytes == 4, std::int32_t, std::int64_t>>>;

// The smallest float NumPy uses to hold an integer type exactly enough: bool/int8/uint8 ->
// float16, int16/uint16 -> float32, wider -> float64.
template <class I>
using float_for_int = std::conditional_t<(sizeof(I) == 1), float16,
                                         std::conditional_t<(sizeof(I) == 2), float, double>>;

// The order of float dtypes by width (bfloat16 and float16 share a rank and have no common dtype).
template <class F> constexpr int float_rank() {
  return is_half_v<F> ? 0 : (sizeof(F) == 4 ? 1 : 2);
}

template <class A, class B> struct promote_impl {
  static constexpr kind ka = kind_of<A>();
  static constexpr kind kb = kind_of<B>();
  static auto pick() {
    if constexpr (std::is_same_v<A, B>) {
      return A{};
    } else if constexpr (ka == kind::boolean) {
      return B{};
    } else if constexpr (kb == kind::boolean) {
      return A{};
    } else if constexpr (ka == kind::complex || kb == kind::complex) {
      // the complex dtype of the promoted parts: float32 with int32 gives float64, so complex128
      return complex_of_t<typename promote_impl<real_t<A>, real_t<B>>::type>{};
    } else if constexpr (ka == kind::floating && kb == kind::floating) {
      static_assert(!(is_half_v<A> && is_half_v<B>),
                    "bfloat16 and float16 have no common dtype (as in ml_dtypes): convert one "
                    "operand with astype first");
      return std::conditional_t<(float_rank<A>() >= float_rank<B>()), A, B>{};
    } else if constexpr (std::is_same_v<A, bfloat16>) {
      static_assert(sizeof(B) == 1, "bfloat16 has no common dtype with 16-, 32- or 64-bit integers "
                                    "(as in ml_dtypes): convert one operand with astype first");
      return A{};
    } else if constexpr (ka == kind::floating) {
      return std::conditional_t<(float_rank<float_for_int<B>>() > float_rank<A>()),
                                float_for_int<B>, A>{};
    } else if constexpr (kb == kind::floating) {
      return typename promote_impl<B, A>::type{};
    } else if constexpr (std::is_signed_v<A> == std::is_signed_v<B>) {
      return std::conditional_t<(sizeof(A) >= sizeof(B)), A, B>{};
    } else {
      using S = std::conditional_t<std::is_signed_v<A>, A, B>;
      using U = std::conditional_t<std::is_signed_v<A>, B, A>;
      if constexpr (sizeof(U) < sizeof(S)) {
        return S{};
      } else if constexpr (sizeof(U) < 8) {
        return signed_of<2 * sizeof(U)>{};
      } else {
        return double{}; // uint64 with any signed integer: NumPy gives float64
      }
    }
  }
  using type = decltype(pick());
};

} // namespace detail

/// NumPy 2's result dtype of an operation between arrays of dtypes A and B (`np.promote_types`).
template <class A, class B> using promote_t = typename detail::promote_impl<A, B>::type;

namespace detail {
template <class A, class S> constexpr auto weak_promote() {
  constexpr kind ks = kind_of<S>(), ka = kind_of<A>();
  if constexpr (static_cast<int>(ks) <= static_cast<int>(ka)) {
    return A{};
  } else if constexpr (ks == kind::integer) {
    return std::int64_t{};
  } else if constexpr (ks == kind::floating) {
    return double{};
  } else if constexpr (ka == kind::floating) {
    return complex_of_t<A>{}; // `float32_array * 1i` is complex64
  } else {
    return complex128{};
  }
}
} // namespace detail

/// The dtype of `array<A> op scalar<S>` where the C++ scalar S is weak (NEP 50): the array's dtype
/// unless the scalar's kind is higher; then NumPy's default of that kind (int64, float64,
/// complex128), except that a complex scalar beside a float array gives the complex dtype of the
/// array's precision.
template <class A, class S> using weak_promote_t = decltype(detail::weak_promote<A, S>());

/// NumPy's `np.can_cast(From, To, casting="same_kind")`, the rule of in-place operators and `out=`:
/// the kinds rank bool < unsigned < signed < floating, and a cast may not go to a lower kind
/// (int64 -> int8 and uint8 -> int8 may, int8 -> uint8 and float64 -> int64 may not). ml_dtypes
/// also refuses bfloat16 -> float16.
template <class From, class To>
inline constexpr bool same_kind_castable_v = detail::kind_rank<From>() <= detail::kind_rank<To>() &&
                                             !(std::is_same_v<From, bfloat16> &&
                                               std::is_same_v<To, float16>);

/// True for C++ scalars that act as weak scalars next to arrays (arithmetic types and
/// `std::complex`).
template <class S>
inline constexpr bool is_scalar_v = std::is_arithmetic_v<S> || is_complex_scalar_v<S>;

/// NumPy's accumulator dtype for sum/prod: small integers and bool widen to the 64-bit integer of
/// their signedness (`np.sum(int8_array)` is int64), floats keep their dtype.
template <class T>
using sum_result_t = std::conditional_t<
    std::is_same_v<T, bool>, std::int64_t,
    std::conditional_t<std::is_integral_v<T>,
                       std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>, T>>;

/// True for the floating and complex dtypes (NumPy's `np.inexact`).
template <class T> inline constexpr bool is_inexact_v = is_floating_v<T> || is_complex_v<T>;

/// NumPy's dtype for sqrt and other float-valued functions of an integer array (floating and
/// complex dtypes keep theirs).
template <class T>
using float_result_t = std::conditional_t<is_inexact_v<T>, T, detail::float_for_int<T>>;

namespace detail {
/// Integer arithmetic wraps modulo 2^bits as in NumPy. Signed overflow is undefined in C++ and
/// small types promote to (signed) int, where even uint16 * uint16 can overflow, so integers
/// compute in an unsigned type of at least 32 bits: `static_cast<R>(wrap_t<R>(a) * wrap_t<R>(b))`.
template <class R, bool = std::is_integral_v<R> && !std::is_same_v<R, bool>> struct wrap {
  using type = R;
};
template <class R> struct wrap<R, true> {
  using type = std::common_type_t<unsigned, std::make_unsigned_t<R>>;
};
template <class R> using wrap_t = typename wrap<R>::type;
} // namespace detail

} // namespace cupp
