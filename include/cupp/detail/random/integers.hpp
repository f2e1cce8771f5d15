#pragma once
/// \file
/// Generator.integers with array bounds (scalar bounds take the packed path of
/// detail/random/packed.hpp): each element checks its own bounds as NumPy checks them and draws
/// from its own stream (detail/random/stream.hpp) with Lemire's multiply-and-reject, the method
/// of the scalar path. A violation is a fault (raised at the next sync point); the element is 0.

#include <cupp/core/config.hpp>
#include <cupp/core/layout.hpp>
#include <cupp/detail/fault.hpp>
#include <cupp/detail/random/packed.hpp>
#include <cupp/detail/random/stream.hpp>

#include <cstdint>

namespace cupp::detail::random {

/// An integer in [-2^63, 2^64): its 64-bit word, and whether it is negative (then w >= 2^63, the
/// two's complement word).
struct wide_int {
  bool neg = false;
  std::uint64_t w = 0;
};
CUPP_HD inline bool operator<(wide_int a, wide_int b) { return a.neg != b.neg ? a.neg : a.w < b.w; }
/// The value of word `w`, read as int64 when `is_signed`.
CUPP_HD inline wide_int as_wide(std::uint64_t w, bool is_signed) {
  return {is_signed && static_cast<std::int64_t>(w) < 0, w};
}

/// NumPy's checks of integers' bounds for a dtype of values [lb, ub], in NumPy's order: low
/// below the dtype (or, `low_above_ub`, above it: NumPy's 64-bit array path), the largest value
/// (high, or high - 1 when open) above the dtype, then an empty range ("high <= 0" when low is
/// 0: NumPy says so when every low is 0). Otherwise `rng` = top - low.
CUPP_HD inline bounds_fault check_bounds(wide_int low, wide_int high, wide_int lb, wide_int ub,
                                         bool endpoint, bool low_above_ub, std::uint64_t& rng) {
  if (low < lb || (low_above_ub && ub < low)) return bounds_fault::low_out_of_bounds;
  wide_int top = high;
  bool empty = false;
  if (!endpoint) {
    if (high.neg && high.w == std::uint64_t{1} << 63) {
      empty = true; // high = INT64_MIN: nothing lies below
    } else {
      top.neg = high.neg || high.w == 0;
      top.w = high.w - 1;
    }
  }
  if (!empty && ub < top) return bounds_fault::high_out_of_bounds;
  if (empty || top < low) {
    const bool zero = !low.neg && low.w == 0;
    return endpoint ? (zero ? bounds_fault::high_lt_0 : bounds_fault::low_gt_high)
                    : (zero ? bounds_fault::high_le_0 : bounds_fault::low_ge_high);
  }
  rng = top.w - low.w;
  return bounds_fault::none;
}

/// An integer in [0, rng] from the stream's words, Lemire's method: 32-bit words when rng < 2^32.
CUPP_HD inline std::uint64_t bounded_on_stream(element_stream& s, std::uint64_t rng) {
  if (rng <= 0xFFFFFFFFu) {
    if (rng == 0xFFFFFFFFu) return s.next_u32();
    const auto excl = static_cast<std::uint32_t>(rng + 1);
    std::uint64_t m = std::uint64_t{s.next_u32()} * excl;
    if (static_cast<std::uint32_t>(m) < excl) {
      const std::uint32_t threshold = (0u - excl) % excl;
      while (static_cast<std::uint32_t>(m) < threshold)
        m = std::uint64_t{s.next_u32()} * excl;
    }
    return m >> 32;
  }
  if (rng == ~std::uint64_t{0}) return s.next_u64();
  const std::uint64_t excl = rng + 1;
  std::uint64_t lo, hi = integers_lanes::mulhi64(s.next_u64(), excl, lo);
  if (lo < excl) {
    const std::uint64_t threshold = (0 - excl) % excl;
    while (lo < threshold)
      hi = integers_lanes::mulhi64(s.next_u64(), excl, lo);
  }
  return hi;
}

/// One bound: an array of 64-bit words at map(i), or the scalar `value` when data is null; the
/// words read as int64 when `is_signed` (the bound's dtype was signed).
struct bound_ref {
  const std::uint64_t* data = nullptr;
  offset_map map{};
  std::uint64_t value = 0;
  bool is_signed = false;
  CUPP_HD wide_int operator()(index_t i) const {
    return as_wide(data ? data[map(i)] : value, is_signed);
  }
};

/// out[i] for integers with array bounds, in dtype T of values [lb, ub] (`dtype`: its name, a
/// string literal for the fault).
template <class T> struct integers_each {
  call_key key;
  bound_ref low, high;
  wide_int lb, ub;
  bool endpoint;
  const char* dtype;
  fault_record* fault;
  T* out;

  CUPP_HD void operator()(index_t i) const {
    const wide_int l = low(i);
    std::uint64_t rng = 0;
    const bounds_fault f = check_bounds(l, high(i), lb, ub, endpoint, sizeof(T) == 8, rng);
    if (f != bounds_fault::none) {
      report_fault(fault, fault_code::integer_bounds, static_cast<index_t>(f),
                   static_cast<index_t>(reinterpret_cast<std::uintptr_t>(dtype)), 0);
      out[i] = T{};
      return;
    }
    element_stream s(key, static_cast<std::uint64_t>(i));
    out[i] = static_cast<T>(l.w + bounded_on_stream(s, rng));
  }
};

} // namespace cupp::detail::random
