#pragma once
/// \file
/// The dtype numpy.linalg computes in, and the conversion of an operand to it. The functions of
/// linalg/ are compiled once per computing dtype in src/linalg/ (float32, float64, complex64,
/// complex128); their headers convert other operands first, as NumPy does.

#include <cupp/core/complex.hpp>
#include <cupp/core/dtype.hpp>
#include <cupp/core/half.hpp>
#include <cupp/expr/astype.hpp>
#include <cupp/ndarray.hpp>

#include <type_traits>

namespace cupp::linalg {

namespace impl {
template <class T> struct compute_type {
  static_assert(!std::is_same_v<T, float16> && !std::is_same_v<T, bfloat16>,
                "array type float16 (or bfloat16) is unsupported in linalg (NumPy's TypeError): "
                "convert it with astype<float>() first");
  using type = std::conditional_t<is_inexact_v<T>, T, double>;
};
} // namespace impl

/// The dtype of numpy.linalg's computation for an array of dtype T: float32, float64, complex64
/// and complex128 as they are, bool and integers float64; float16 and bfloat16 do not compile.
template <class T> using compute_t = typename impl::compute_type<T>::type;

/// The common computing dtype of two operands (`solve(float32, float64)` computes in float64).
template <class A, class B> using compute2_t = compute_t<promote_t<compute_t<A>, compute_t<B>>>;

namespace impl {
/// `a` as an array of T: itself when it has that dtype, else a converted copy.
template <class T, class A> [[nodiscard]] ndarray<T> as(const ndarray<A>& a) {
  if constexpr (std::is_same_v<T, A>) {
    return a;
  } else {
    return ndarray<T>(astype<T>(a));
  }
}
} // namespace impl

} // namespace cupp::linalg
