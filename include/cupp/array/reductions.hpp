#pragma once
/// \file
/// The reductions of `cupp::array` (the runtime-dtype array): NumPy's sum, prod, max/amax,
/// min/amin, ptp, argmax, argmin, mean, var, std, any, all, count_nonzero, cumsum and cumprod,
/// with the typed reductions' arguments, dtypes and results (reduction/reduce.hpp): each visits
/// the array's dtype and runs the typed reduction, whose kernels are compiled once per dtype.

#include <cupp/array.hpp>
#include <cupp/core/axes.hpp>

#include <optional>

namespace cupp {

#define CUPP_ARRAY_REDUCTION_DECLARE(NAME)                                                         \
  [[nodiscard]] array NAME(const array& a, const axes& ax = all_axes, bool keepdims = false);
CUPP_ARRAY_REDUCTION_DECLARE(sum)
CUPP_ARRAY_REDUCTION_DECLARE(prod)
CUPP_ARRAY_REDUCTION_DECLARE(max)
CUPP_ARRAY_REDUCTION_DECLARE(min)
CUPP_ARRAY_REDUCTION_DECLARE(amax)
CUPP_ARRAY_REDUCTION_DECLARE(amin)
CUPP_ARRAY_REDUCTION_DECLARE(ptp)
CUPP_ARRAY_REDUCTION_DECLARE(mean)
CUPP_ARRAY_REDUCTION_DECLARE(any)
CUPP_ARRAY_REDUCTION_DECLARE(all)
CUPP_ARRAY_REDUCTION_DECLARE(count_nonzero)
#undef CUPP_ARRAY_REDUCTION_DECLARE

/// `np.var(a, axis, ddof, keepdims)`, `np.std`.
[[nodiscard]] array var(const array& a, const axes& ax = all_axes, index_t ddof = 0,
                        bool keepdims = false);
[[nodiscard]] array std(const array& a, const axes& ax = all_axes, index_t ddof = 0,
                        bool keepdims = false);
/// `np.argmax(a, axis, keepdims)`, `np.argmin`: int64 positions (of the flattened array without
/// an axis).
[[nodiscard]] array argmax(const array& a, std::optional<index_t> axis = std::nullopt,
                           bool keepdims = false);
[[nodiscard]] array argmin(const array& a, std::optional<index_t> axis = std::nullopt,
                           bool keepdims = false);
/// `np.cumsum(a, axis)`, `np.cumprod` (the flattened array without an axis).
[[nodiscard]] array cumsum(const array& a, std::optional<index_t> axis = std::nullopt);
[[nodiscard]] array cumprod(const array& a, std::optional<index_t> axis = std::nullopt);

} // namespace cupp
