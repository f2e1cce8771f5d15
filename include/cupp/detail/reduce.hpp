#pragma once
/// \file
/// The reduction facility: the only place that chooses between CUB (CUDA backend) and the host
/// implementation. Both provide, in namespace cupp::detail:
///
///   reduce_flat(n, F f, R* out, R init, Op op)
///       *out = op(init, f(0), ..., f(n-1)) in any association order (a tree), on the current
///       stream without synchronising; `init` must be an identity of `op`.
///   reduce_segments(segments, It first, Off begin, Off end, Out out, R init, Op op)
///       out[s] = op(init, first[begin[s]], ..., first[end[s] - 1]) for s in [0, segments)

#include <cupp/core/complex.hpp>
#include <cupp/core/config.hpp>
#include <cupp/core/dtype.hpp>
#include <cupp/core/half.hpp>

#include <cmath>
#include <limits>
#include <type_traits>

namespace cupp::detail {

/// NumPy's maximum: NaN wins (propagates), otherwise the larger value.
struct nan_max {
  template <class T> CUPP_HD T operator()(T a, T b) const {
    if constexpr (is_complex_v<T>) { // NumPy's maximum: the first NaN, else CGE
      return a != a || complex_ge(a, b) ? a : b;
    } else {
      if constexpr (is_floating_v<T>) {
        if (a != a) return a;
        if (b != b) return b;
      }
      return a < b ? b : a;
    }
  }
};

/// NumPy's minimum: NaN wins (propagates), otherwise the smaller value.
struct nan_min {
  template <class T> CUPP_HD T operator()(T a, T b) const {
    if constexpr (is_complex_v<T>) {
      return a != a || complex_le(a, b) ? a : b;
    } else {
      if constexpr (is_floating_v<T>) {
        if (a != a) return a;
        if (b != b) return b;
      }
      return b < a ? b : a;
    }
  }
};

/// Addition, wrapping for integers as NumPy's sums do (wrap_t: signed overflow is undefined in
/// C++; UBSan found an int32 matmul's sums overflowing); bool is logical or.
struct plus {
  template <class T> CUPP_HD T operator()(T a, T b) const {
    if constexpr (std::is_same_v<T, bool>) {
      return a || b;
    } else if constexpr (std::is_integral_v<T>) {
      return static_cast<T>(static_cast<wrap_t<T>>(a) + static_cast<wrap_t<T>>(b));
    } else {
      return static_cast<T>(a + b);
    }
  }
};

/// NaN of a floating dtype; NaN + 0j of a complex one (what NumPy's nanmean of an all-NaN
/// complex slice gives).
template <class T> CUPP_HD constexpr T nan_value() {
  if constexpr (is_complex_v<T>) {
    return T(std::numeric_limits<real_t<T>>::quiet_NaN(), real_t<T>(0));
  } else {
    return std::numeric_limits<T>::quiet_NaN();
  }
}

/// The identity of nan_max / nan_min for T (the lowest / highest value).
template <class T> constexpr T lowest_value() {
  if constexpr (is_complex_v<T>) {
    return T(lowest_value<real_t<T>>(), lowest_value<real_t<T>>());
  } else if constexpr (std::numeric_limits<T>::has_infinity) {
    return static_cast<T>(-static_cast<compute_t<T>>(std::numeric_limits<T>::infinity()));
  } else {
    return std::numeric_limits<T>::lowest();
  }
}
template <class T> constexpr T highest_value() {
  if constexpr (is_complex_v<T>) {
    return T(highest_value<real_t<T>>(), highest_value<real_t<T>>());
  } else {
    return std::numeric_limits<T>::has_infinity ? std::numeric_limits<T>::infinity()
                                                : std::numeric_limits<T>::max();
  }
}

/// Converts what `f` yields to the reduction's type R.
template <class R, class F> struct cast_to {
  F f;
  CUPP_HD R operator()(index_t i) const { return static_cast<R>(f(i)); }
};

} // namespace cupp::detail

#if defined(CUPP_BACKEND_CUDA)
#include <cupp/detail/cuda/reduce.cuh>
#else
#include <cupp/detail/host/reduce.hpp>
#endif
