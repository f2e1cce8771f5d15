// np.promote_types at run time: the compile-time promotion (core/dtype.hpp) taken for each pair
// of the dtype table, so the two cannot disagree.
#include <cupp/array/ufuncs.hpp>
#include <cupp/core/dtype.hpp>

#include <string>
#include <type_traits>

namespace cupp {

namespace {

// bfloat16 has no common dtype with integers wider than 8 bits (ml_dtypes)
template <class X, class Y>
constexpr bool bfloat16_blocked = std::is_same_v<X, bfloat16>&& std::is_integral_v<Y> &&
                                  !std::is_same_v<Y, bool> && (sizeof(Y) > 1);

// The pairs promote_t accepts (it rejects the others with a static_assert).
template <class A, class B> constexpr bool has_promotion() {
  if constexpr (is_half_v<A> && is_half_v<B>) {
    return std::is_same_v<A, B>;
  } else {
    return !bfloat16_blocked<A, B> && !bfloat16_blocked<B, A>;
  }
}

} // namespace

dtype promote_types(dtype a, dtype b) {
  return visit(a, [&](auto x) {
    return visit(b, [&](auto y) -> dtype {
      using A = decltype(x);
      using B = decltype(y);
      if constexpr (has_promotion<A, B>()) {
        return dtype_of<promote_t<A, B>>();
      } else {
        throw type_error(std::string("The DTypes ") + dtype_name<A>() + " and " + dtype_name<B>() +
                         " do not have a common DType (as in ml_dtypes): convert one operand "
                         "with astype first");
      }
    });
  });
}

} // namespace cupp
