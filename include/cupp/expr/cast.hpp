#pragma once
/// \file
/// Elementwise dtype conversion, the one used wherever cupp converts (`astype`, `out=` of another
/// dtype, integer index arrays to int64), and `is_nan` for every dtype.

#include <cupp/core/complex.hpp>
#include <cupp/core/config.hpp>
#include <cupp/core/half.hpp>

#include <cstdint>
#include <limits>
#include <type_traits>

namespace cupp::expr {

/// True only for a floating-point NaN, and a complex number with NaN in either part (NumPy's
/// isnan).
template <class T> CUPP_HD bool is_nan(T x) {
  if constexpr (is_complex_v<T>) {
    return x.real() != x.real() || x.imag() != x.imag();
  } else if constexpr (is_floating_v<T>) {
    return x != x;
  } else {
    return false;
  }
}

/// Converts each element to `To`: C++'s conversion where it is defined. Floats outside the target's
/// range (and NaN) would be undefined behaviour in C++; cupp gives what NumPy gives on x86 (its
/// compilers' conversions): through int32 (int64 for 64-bit and 32-bit unsigned targets) whose
/// out-of-range result is its minimum, then wrapped to the target (NaN -> int32: -2147483648,
/// NaN -> int8: 0, 300.0 -> int8: 44); to uint64, [2^63, 2^64) converts and 2^64 and beyond
/// (inf) give 0 (NaN and -inf: 2^63). To uint32 NumPy itself differs by layout: its contiguous
/// SIMD loop gives 2147483648 for NaN, -inf and values below -2^31 and 0 from 2^32 on, where its
/// strided loop (and a scalar) go through int64 (NaN: 0, -1e10: 2884901888): cupp gives the
/// latter for every layout. To bool: nonzero. float16 and bfloat16 convert as their float32 value.
/// A complex number converts to a real dtype as its real part does (NumPy drops the imaginary part,
/// with a ComplexWarning), except to bool, which is true when either part is nonzero; a real number
/// becomes the complex number with imaginary part +0.
template <class To> struct cast {
  using result_type = To;
  template <class I, class From> CUPP_HD static I checked(From x) {
    constexpr From lo = From(std::numeric_limits<I>::min());
    constexpr From hi = -lo; // 2^31 or 2^63, exactly representable
    return x >= lo && x < hi ? static_cast<I>(x) : std::numeric_limits<I>::min();
  }
  template <class From> CUPP_HD To operator()(From x) const {
    if constexpr (is_complex_v<From> && is_complex_v<To>) {
      return To(static_cast<real_t<To>>(x.real()), static_cast<real_t<To>>(x.imag()));
    } else if constexpr (is_complex_v<From> && std::is_same_v<To, bool>) {
      return x.real() != real_t<From>(0) || x.imag() != real_t<From>(0);
    } else if constexpr (is_complex_v<From>) {
      return (*this)(x.real());
    } else if constexpr (is_complex_v<To>) {
      return To(cast<real_t<To>>{}(x), real_t<To>(0));
    } else if constexpr (is_half_v<From> && !is_half_v<To>) {
      return (*this)(static_cast<float>(x));
    } else {
      if constexpr (std::is_floating_point_v<From> && std::is_same_v<To, std::uint64_t>) {
        // x86 converts x >= 2^63 as int64(x - 2^63) + 2^63: [2^63, 2^64) fits, beyond wraps to 0
        if (x >= From(9.2233720368547758e18))
          return x < From(1.8446744073709552e19) ? static_cast<To>(x) : To(0);
      }
      if constexpr (std::is_floating_point_v<From> && std::is_integral_v<To> &&
                    !std::is_same_v<To, bool>) {
        using I = std::conditional_t<(sizeof(To) < 4 || (sizeof(To) == 4 && std::is_signed_v<To>)),
                                     std::int32_t, std::int64_t>;
        using U = std::make_unsigned_t<To>; // wraps to the target without signed-overflow UB
        return static_cast<To>(static_cast<U>(checked<I>(x)));
      } else if constexpr (std::is_same_v<To, bool>) {
        return x != From(0);
      } else {
        return static_cast<To>(x);
      }
    }
  }
};

} // namespace cupp::expr
