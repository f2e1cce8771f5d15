// cupp::array's reductions (array/reductions.hpp): a visit of the dtype and the typed reduction,
// whose kernels reduction/reduce.cpp.in and scan.cpp.in compile once per dtype.
#include <cupp/array/reductions.hpp>
#include <cupp/core/error.hpp>
#include <cupp/reduction/reduce.hpp>
#include <cupp/reduction/scan.hpp>

namespace cupp {

#define CUPP_DEFINE(NAME)                                                                          \
  array NAME(const array& a, const axes& ax, bool keepdims) {                                      \
    return a.visit([&](const auto& x) -> array { return NAME(x, ax, keepdims); });                 \
  }
CUPP_DEFINE(sum)
CUPP_DEFINE(prod)
CUPP_DEFINE(max)
CUPP_DEFINE(min)
CUPP_DEFINE(amax)
CUPP_DEFINE(amin)
CUPP_DEFINE(mean)
CUPP_DEFINE(any)
CUPP_DEFINE(all)
CUPP_DEFINE(count_nonzero)
#undef CUPP_DEFINE

array ptp(const array& a, const axes& ax, bool keepdims) {
  if (a.dtype() == dtype::bool_) { // max - min: NumPy refuses bool's subtract, after max's own
    (void)max(a, ax, keepdims);    // error of an empty reduction (found by diff_fuzz.py)
    throw type_error("numpy boolean subtract, the `-` operator, is not supported, use the "
                     "bitwise_xor, the `^` operator, or the logical_xor function instead.");
  }
  return a.visit([&](const auto& x) -> array { return ptp(x, ax, keepdims); });
}

array var(const array& a, const axes& ax, index_t ddof, bool keepdims) {
  return a.visit([&](const auto& x) -> array { return var(x, ax, ddof, keepdims); });
}
array std(const array& a, const axes& ax, index_t ddof, bool keepdims) {
  return a.visit([&](const auto& x) -> array { return std(x, ax, ddof, keepdims); });
}
array argmax(const array& a, std::optional<index_t> axis, bool keepdims) {
  return a.visit([&](const auto& x) -> array { return argmax(x, axis, keepdims); });
}
array argmin(const array& a, std::optional<index_t> axis, bool keepdims) {
  return a.visit([&](const auto& x) -> array { return argmin(x, axis, keepdims); });
}
array cumsum(const array& a, std::optional<index_t> axis) {
  return a.visit([&](const auto& x) -> array { return cumsum(x, axis); });
}
array cumprod(const array& a, std::optional<index_t> axis) {
  return a.visit([&](const auto& x) -> array { return cumprod(x, axis); });
}

} // namespace cupp
