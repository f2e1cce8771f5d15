#pragma once
/// \file
/// The complex dtypes: `complex64` and `complex128` are libcu++'s `cuda::std::complex<float>` and
/// `<double>`, usable in host and device code, laid out as `std::complex`, cuBLAS's cuComplex and
/// cuFFT's cufftComplex (real part, then imaginary part), so buffers pass between them unchanged.
/// Their arithmetic in cupp's kernels is NumPy's (detail/complex_math.hpp), not libcu++'s
/// operators, whose division and functions round differently from NumPy.

#include <cupp/core/config.hpp>

#include <cuda/std/complex>

#include <complex>
#include <type_traits>

namespace cupp {

/// NumPy's complex64: two float32.
using complex64 = ::cuda::std::complex<float>;
/// NumPy's complex128: two float64.
using complex128 = ::cuda::std::complex<double>;

namespace detail {
template <class T> struct complex_traits {
  static constexpr bool value = false;
  using real = T;
};
template <class F> struct complex_traits<::cuda::std::complex<F>> {
  static constexpr bool value = true;
  using real = F;
};
template <class F> struct complex_traits<std::complex<F>> {
  static constexpr bool value = true;
  using real = F;
};
} // namespace detail

/// True for complex64 and complex128.
template <class T>
inline constexpr bool is_complex_v =
    detail::complex_traits<T>::value && !std::is_same_v<T, std::complex<float>> &&
    !std::is_same_v<T, std::complex<double>>;

/// True for `std::complex` and `cuda::std::complex` of float or double: C++ complex scalars, which
/// act as weak complex scalars next to arrays (`float32_array * 1.0i` is complex64).
template <class T> inline constexpr bool is_complex_scalar_v = detail::complex_traits<T>::value;

/// The type of a complex dtype's parts (float for complex64), T itself for real dtypes: NumPy's
/// dtype of `a.real`, `abs(a)` and `var(a)`.
template <class T> using real_t = typename detail::complex_traits<T>::real;

/// The complex dtype whose parts are F (complex64 for float32; complex64 also for the 16-bit
/// floats, which NumPy has no complex type for).
template <class F> using complex_of_t = std::conditional_t<(sizeof(F) == 8), complex128, complex64>;

namespace detail {

// NumPy's order of complex numbers (CLT, CLE): by real part, then by imaginary part; a smaller
// real part counts only when neither imaginary part is NaN ((-2.25+nanj) <= 0 is false).
template <class C> CUPP_HD bool complex_less(C a, C b) {
  return (a.real() < b.real() && a.imag() == a.imag() && b.imag() == b.imag()) ||
         (a.real() == b.real() && a.imag() < b.imag());
}
template <class C> CUPP_HD bool complex_less_equal(C a, C b) {
  return (a.real() < b.real() && a.imag() == a.imag() && b.imag() == b.imag()) ||
         (a.real() == b.real() && a.imag() <= b.imag());
}
// NumPy's CGE / CLE of maximum and minimum: a NaN imaginary part on either side makes a larger
// real part not count.
template <class C> CUPP_HD bool complex_ge(C x, C y) {
  return (x.real() > y.real() && x.imag() == x.imag() && y.imag() == y.imag()) ||
         (x.real() == y.real() && x.imag() >= y.imag());
}
template <class C> CUPP_HD bool complex_le(C x, C y) {
  return (x.real() < y.real() && x.imag() == x.imag() && y.imag() == y.imag()) ||
         (x.real() == y.real() && x.imag() <= y.imag());
}

// NumPy's sort order of complex numbers (its CFLOAT_LT): lexicographic, with the numbers that have
// NaN parts last, in the classes R + nanj, nan + Rj, nan + nanj.
template <class C> CUPP_HD bool complex_sort_less(C a, C b) {
  const bool an = a.imag() != a.imag(), bn = b.imag() != b.imag();
  if (a.real() < b.real()) return !an || bn;
  if (a.real() > b.real()) return bn && !an;
  if (a.real() == b.real() || (a.real() != a.real() && b.real() != b.real()))
    return a.imag() < b.imag() || (bn && !an);
  return b.real() != b.real();
}

/// a < b in NumPy's order for every dtype (complex lexicographically).
template <class T> CUPP_HD bool order_less(T a, T b) {
  if constexpr (is_complex_v<T>) {
    return complex_less(a, b);
  } else {
    return a < b;
  }
}

} // namespace detail

} // namespace cupp
