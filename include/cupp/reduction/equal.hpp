#pragma once
/// \file
/// NumPy's whole-array comparisons that answer one bool: `array_equal` and `array_equiv` (next to
/// reduce.hpp's allclose). Each reads its answer on the host: a sync point, as NumPy returns a
/// Python bool.

#include <cupp/core/error.hpp>
#include <cupp/math/compare.hpp>
#include <cupp/ndarray.hpp>
#include <cupp/reduction/reduce.hpp>

namespace cupp {

/// `np.array_equal(a1, a2, equal_nan=False)`: the same shape and equal elements (NaN equal to
/// NaN where `equal_nan`).
template <class T, class U>
[[nodiscard]] bool array_equal(const ndarray<T>& a, const ndarray<U>& b, bool equal_nan = false) {
  if (a.shape() != b.shape()) return false;
  if (equal_nan) return all(logical_or(a == b, logical_and(isnan(a), isnan(b)))).item();
  return all(a == b).item();
}

/// `np.array_equiv(a1, a2)`: whether the shapes broadcast together and every pair is equal.
template <class T, class U>
[[nodiscard]] bool array_equiv(const ndarray<T>& a, const ndarray<U>& b) {
  try {
    const auto eq = a == b; // the broadcast is checked here, at the call
    return all(eq).item();
  } catch (const value_error&) {
    return false;
  }
}

} // namespace cupp
