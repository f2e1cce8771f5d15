#pragma once
// Complex data in cupx::ndimage's linear filters and interpolation, as SciPy's
// _complex_via_real_components: the real and imaginary parts filtered as real arrays (with real
// weights: the real part with cval, the imaginary part with 0, a real cval's imaginary part;
// complex weights: the four products of parts), the results the output's parts.

#include <cupx/ndimage/arguments.hpp>

#include <cupp/core/complex.hpp>
#include <cupp/core/dtype.hpp>
#include <cupp/ndarray.hpp>

#include <type_traits>

namespace cupx::ndimage::detail {

using cupp::ndarray;

/// The dtype of a filter with complex weights over T (SciPy's _get_output with complex_output):
/// T itself when complex, else NumPy's promotion of T with complex64.
template <class T>
using complex_out_t =
    std::conditional_t<cupp::is_complex_v<T>, T, cupp::promote_t<T, cupp::complex64>>;

/// A complex array of C from its real and imaginary parts.
template <class C>
ndarray<C> from_parts(const ndarray<cupp::real_t<C>>& re, const ndarray<cupp::real_t<C>>& im) {
  ndarray<C> out(re.shape());
  out.real() = re;
  out.imag() = im;
  return out;
}

/// A filter linear in its input, `f(part, cval)` -> ndarray<real_t<Out>>, applied to complex
/// `x` with real weights: the real part with cval's real part, the imaginary part with its
/// imaginary part (0 for a real cval).
template <class Out, class T, class F>
ndarray<Out> complex_parts(const ndarray<T>& x, const fill_value& cval, F f) {
  static_assert(cupp::is_complex_v<Out>, "cupx::ndimage: complex input needs a complex output");
  return from_parts<Out>(f(x.real(), cval.real()), f(x.imag(), cval.imag()));
}

/// complex_parts for a filter with keywords: `f(part, k)` with k a copy of `kw` holding the
/// part's cval.
template <class Out, class T, class Kw, class F>
ndarray<Out> complex_parts_kw(const ndarray<T>& x, const Kw& kw, F f) {
  return complex_parts<Out>(x, kw.cval, [&](const auto& part, double cval) {
    Kw k = kw;
    k.cval = cval;
    return f(part, k);
  });
}

/// A correlation `f(x, w, cval)` -> ndarray<real_t<Out>> with complex weights given by their parts
/// (wr, wi), of complex or real x (SciPy's order of the four products and their sums).
template <class Out, class T, class W, class F>
ndarray<Out> complex_weights(const ndarray<T>& x, const W& wr, const W& wi, const fill_value& cval,
                             F f) {
  using Rr = cupp::real_t<Out>;
  if constexpr (cupp::is_complex_v<T>) {
    const auto xr = x.real(), xi = x.imag();
    const ndarray<Rr> re(f(xr, wr, cval.real()) - f(xi, wi, cval.imag()));
    const ndarray<Rr> im(f(xr, wi, cval.real()) + f(xi, wr, cval.imag()));
    return from_parts<Out>(re, im);
  } else {
    if (cval.imag() != 0.0)
      throw cupp::value_error("Cannot provide a complex-valued cval when the input is real.");
    return from_parts<Out>(f(x, wr, cval.real()), f(x, wi, cval.real()));
  }
}

} // namespace cupx::ndimage::detail
