#pragma once
/// \file
/// The 16-bit floating dtypes: `float16` (IEEE binary16, NumPy's float16) and `bfloat16` (the top
/// half of a float32, ml_dtypes' bfloat16). Both are storage types: they convert implicitly to and
/// from float, so arithmetic on them happens in float32, as NumPy's float16 loops do.
///
/// Conversions round to nearest even. A double converts to float16 directly (NumPy's
/// npy_double_to_half, no double rounding through float) and to bfloat16 through float (as
/// ml_dtypes); integers convert through float (exact wherever the result is finite).

#include <cupp/core/config.hpp>

#include <bit>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace cupp {

namespace detail {

// binary16 bits of d rounded to nearest even: the result's unit in the last place is 2^(e-10) for
// normal results and 2^-24 for subnormal ones; the bits dropped below it decide the rounding. A
// carry out of the significand moves to the next exponent (and from 65504 up to infinity).
CUPP_HD constexpr std::uint16_t double_to_half_bits(double d) {
  const auto x = std::bit_cast<std::uint64_t>(d);
  const auto sign = static_cast<std::uint16_t>((x >> 48) & 0x8000u);
  const std::uint64_t ax = x & 0x7fff'ffff'ffff'ffffu;
  if (ax >= 0x7ff0'0000'0000'0000u)
    return sign | (ax == 0x7ff0'0000'0000'0000u ? 0x7c00u : 0x7e00u);
  const int e = static_cast<int>(ax >> 52) - 1023;
  if (e >= 16) return sign | 0x7c00u; // 65536 and beyond
  if (e < -25) return sign;           // below half the smallest subnormal
  const std::uint64_t m = (ax & 0x000f'ffff'ffff'ffffu) | (std::uint64_t{1} << 52);
  const int unit = e >= -14 ? e - 10 : -24;
  const int shift = unit - e + 52;
  std::uint64_t q = m >> shift;
  const std::uint64_t rest = m & ((std::uint64_t{1} << shift) - 1);
  const std::uint64_t halfway = std::uint64_t{1} << (shift - 1);
  if (rest > halfway || (rest == halfway && (q & 1u))) ++q;
  return static_cast<std::uint16_t>(sign + (static_cast<std::uint64_t>(unit + 24) << 10) + q);
}

CUPP_HD constexpr float half_bits_to_float(std::uint16_t h) {
  const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
  const std::uint32_t exp = (h >> 10) & 0x1fu, man = h & 0x3ffu;
  if (exp == 0x1fu) return std::bit_cast<float>(sign | 0x7f80'0000u | (man << 13));
  if (exp == 0) { // zero or subnormal: man * 2^-24, exact in float
    const float v = static_cast<float>(man) * 5.9604644775390625e-8f;
    return sign ? -v : v;
  }
  return std::bit_cast<float>(sign | ((exp + 112) << 23) | (man << 13));
}

// bfloat16 bits of f: the top 16 bits rounded to nearest even; NaN stays a (quiet) NaN.
CUPP_HD constexpr std::uint16_t float_to_bfloat16_bits(float f) {
  const auto x = std::bit_cast<std::uint32_t>(f);
  if ((x & 0x7fff'ffffu) > 0x7f80'0000u) return static_cast<std::uint16_t>((x >> 16) | 0x40u);
  return static_cast<std::uint16_t>((x + 0x7fffu + ((x >> 16) & 1u)) >> 16);
}

// The 16-bit float types share everything but their conversions.
template <class Derived> struct half_base {
  std::uint16_t bits; // left uninitialised by default, like float (cupp::empty)

  [[nodiscard]] static constexpr Derived from_bits(std::uint16_t b) {
    Derived h;
    h.bits = b;
    return h;
  }
};

} // namespace detail

/// IEEE 754 binary16, NumPy's float16: 11 significant bits, largest finite 65504.
struct float16 : detail::half_base<float16> {
  float16() = default;
  CUPP_HD constexpr float16(double d) : half_base{detail::double_to_half_bits(d)} {}
  CUPP_HD float16(float f) : half_base{from_float(f)} {}
  template <class I, class = std::enable_if_t<std::is_integral_v<I>>>
  CUPP_HD float16(I i) : float16(static_cast<float>(i)) {}
  CUPP_HD operator float() const {
#if defined(__CUDA_ARCH__)
    float f;
    asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(bits));
    return f;
#else
    return detail::half_bits_to_float(bits);
#endif
  }

private:
  CUPP_HD static std::uint16_t from_float(float f) {
#if defined(__CUDA_ARCH__)
    std::uint16_t h;
    asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(f));
    return h;
#else
    return detail::double_to_half_bits(f); // float -> double is exact: one rounding
#endif
  }
};

/// bfloat16 (the top 16 bits of a float32): 8 significant bits, float32's range.
struct bfloat16 : detail::half_base<bfloat16> {
  bfloat16() = default;
  CUPP_HD constexpr bfloat16(float f) : half_base{detail::float_to_bfloat16_bits(f)} {}
  CUPP_HD constexpr bfloat16(double d) : bfloat16(static_cast<float>(d)) {}
  template <class I, class = std::enable_if_t<std::is_integral_v<I>>>
  CUPP_HD constexpr bfloat16(I i) : bfloat16(static_cast<float>(i)) {}
  CUPP_HD constexpr operator float() const {
    return std::bit_cast<float>(static_cast<std::uint32_t>(bits) << 16);
  }
};

/// True for float16 and bfloat16.
template <class T>
inline constexpr bool is_half_v = std::is_same_v<T, float16> || std::is_same_v<T, bfloat16>;

/// True for every floating dtype: float16, bfloat16, float32, float64.
template <class T>
inline constexpr bool is_floating_v = std::is_floating_point_v<T> || is_half_v<T>;

/// The type arithmetic on T happens in: float for the 16-bit floats, T itself otherwise.
template <class T> using compute_t = std::conditional_t<is_half_v<T>, float, T>;

namespace detail {
// NumPy's npy_half_nextafter (and ml_dtypes') on the bit patterns (both layouts order like
// sign-magnitude integers): one step from x towards y.
template <class H> CUPP_HD H half_nextafter(H x, H y) {
  const float fx = x, fy = y;
  if (fx != fx || fy != fy) return H(fx + fy);             // NaN
  if (fx == fy) return std::is_same_v<H, float16> ? x : y; // NumPy's float16 keeps x (C: y)
  if (fx == 0.0f) return H::from_bits(static_cast<std::uint16_t>((y.bits & 0x8000u) | 1u));
  const bool away = (fx < fy) == (fx > 0.0f); // growing in magnitude
  return H::from_bits(static_cast<std::uint16_t>(away ? x.bits + 1 : x.bits - 1));
}
// The distance to the next value: NumPy's npy_half_spacing steps up for float16 (so spacing(-1) is
// the step towards zero, and never negative), ml_dtypes steps away from zero for bfloat16.
template <class H> CUPP_HD H half_spacing(H x) {
  const float fx = x;
  if (fx - fx != 0.0f) return H(std::numeric_limits<float>::quiet_NaN()); // NaN and infinities
  const bool up = std::is_same_v<H, float16> || !(x.bits & 0x8000u);
  const H next = half_nextafter(
      x, H(up ? std::numeric_limits<float>::infinity() : -std::numeric_limits<float>::infinity()));
  return H(static_cast<float>(next) - fx);
}
} // namespace detail

} // namespace cupp

/// finfo-like limits, so generic code (nan_to_num, reductions' identities) sees float16's and
/// bfloat16's own extremes.
namespace std {
template <> class numeric_limits<cupp::float16> {
public:
  static constexpr bool is_specialized = true, is_signed = true, is_integer = false;
  static constexpr bool is_exact = false, has_infinity = true, has_quiet_NaN = true;
  static constexpr int digits = 11, digits10 = 3, max_digits10 = 5;
  static constexpr int min_exponent = -13, max_exponent = 16;
  static constexpr cupp::float16 min() { return cupp::float16::from_bits(0x0400); }
  static constexpr cupp::float16 max() { return cupp::float16::from_bits(0x7bff); }
  static constexpr cupp::float16 lowest() { return cupp::float16::from_bits(0xfbff); }
  static constexpr cupp::float16 epsilon() { return cupp::float16::from_bits(0x1400); }
  static constexpr cupp::float16 infinity() { return cupp::float16::from_bits(0x7c00); }
  static constexpr cupp::float16 quiet_NaN() { return cupp::float16::from_bits(0x7e00); }
  static constexpr cupp::float16 denorm_min() { return cupp::float16::from_bits(0x0001); }
};

template <> class numeric_limits<cupp::bfloat16> {
public:
  static constexpr bool is_specialized = true, is_signed = true, is_integer = false;
  static constexpr bool is_exact = false, has_infinity = true, has_quiet_NaN = true;
  static constexpr int digits = 8, digits10 = 2, max_digits10 = 4;
  static constexpr int min_exponent = -125, max_exponent = 128;
  static constexpr cupp::bfloat16 min() { return cupp::bfloat16::from_bits(0x0080); }
  static constexpr cupp::bfloat16 max() { return cupp::bfloat16::from_bits(0x7f7f); }
  static constexpr cupp::bfloat16 lowest() { return cupp::bfloat16::from_bits(0xff7f); }
  static constexpr cupp::bfloat16 epsilon() { return cupp::bfloat16::from_bits(0x3c00); }
  static constexpr cupp::bfloat16 infinity() { return cupp::bfloat16::from_bits(0x7f80); }
  static constexpr cupp::bfloat16 quiet_NaN() { return cupp::bfloat16::from_bits(0x7fc0); }
  static constexpr cupp::bfloat16 denorm_min() { return cupp::bfloat16::from_bits(0x0001); }
};
} // namespace std
