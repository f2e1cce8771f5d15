#pragma once
/// \file
/// scipy.special's Bessel functions as cupx ufuncs: j0 j1 y0 y1 i0 i0e i1 i1e k0 k0e k1 k1e (real
/// argument); general real order jv jve yv yve iv ive kv kve (`jv(v, z)`, real or complex z);
/// hankel1 hankel1e hankel2 hankel2e (complex: real operands compute as complex, as SciPy's only
/// loops are complex); spherical_jn and spherical_yn (integer order, `derivative`, real or complex
/// z). Lazy expressions with an out= form. Complex arguments follow SciPy's AMOS paths (branch cut
/// along the negative real axis, z = -x - 0i taken from above as AMOS does); complex64 computes in
/// complex128 and rounds, as SciPy. A complex array as the order is accepted (the ufunc computes
/// in one dtype) but must hold real values: a nonzero imaginary part gives nan (SciPy: TypeError).

#include <cupx/special/detail/bessel.hpp>
#include <cupx/special/detail/bessel_complex.hpp>
#include <cupx/special/ufunc.hpp>

namespace cupx::special {

namespace detail {
template <class T> CUPP_HD T spherical_jn_of(T n, T x, T derivative) {
  return spherical_jn(n, x, derivative != T(0));
}
template <class T> CUPP_HD T spherical_yn_of(T n, T x, T derivative) {
  return spherical_yn(n, x, derivative != T(0));
}
} // namespace detail

CUPX_SPECIAL_OP(j0, domain::real, j0)
CUPX_SPECIAL_OP(j1, domain::real, j1)
CUPX_SPECIAL_OP(y0, domain::real, y0)
CUPX_SPECIAL_OP(y1, domain::real, y1)
CUPX_SPECIAL_OP(i0, domain::real, i0)
CUPX_SPECIAL_OP(i0e, domain::real, i0e)
CUPX_SPECIAL_OP(i1, domain::real, i1)
CUPX_SPECIAL_OP(i1e, domain::real, i1e)
CUPX_SPECIAL_OP(k0, domain::real, k0)
CUPX_SPECIAL_OP(k0e, domain::real, k0e)
CUPX_SPECIAL_OP(k1, domain::real, k1)
CUPX_SPECIAL_OP(k1e, domain::real, k1e)
CUPX_SPECIAL_OP_OUTLINED(jv, domain::real_complex, jv)
CUPX_SPECIAL_OP_OUTLINED(jve, domain::real_complex, jve)
CUPX_SPECIAL_OP_OUTLINED(yv, domain::real_complex, yv)
CUPX_SPECIAL_OP_OUTLINED(yve, domain::real_complex, yve)
CUPX_SPECIAL_OP_OUTLINED(iv, domain::real_complex, iv)
CUPX_SPECIAL_OP_OUTLINED(ive, domain::real_complex, ive)
CUPX_SPECIAL_OP_OUTLINED(kv, domain::real_complex, kv)
CUPX_SPECIAL_OP_OUTLINED(kve, domain::real_complex, kve)
CUPX_SPECIAL_OP_OUTLINED(hankel1, domain::complex, hankel1)
CUPX_SPECIAL_OP_OUTLINED(hankel1e, domain::complex, hankel1e)
CUPX_SPECIAL_OP_OUTLINED(hankel2, domain::complex, hankel2)
CUPX_SPECIAL_OP_OUTLINED(hankel2e, domain::complex, hankel2e)
CUPX_SPECIAL_OP_OUTLINED(spherical_jn, domain::real_complex, spherical_jn_of)
CUPX_SPECIAL_OP_OUTLINED(spherical_yn, domain::real_complex, spherical_yn_of)

/// Bessel functions of the first and second kind of orders 0 and 1, the modified ones of the
/// first and second kind and their exponentially scaled forms (`i0e(x) = e^-|x| i0(x)`,
/// `k0e(x) = e^x k0(x)`).
CUPX_SPECIAL_UFUNC1(j0)
CUPX_SPECIAL_UFUNC1(j1)
CUPX_SPECIAL_UFUNC1(y0)
CUPX_SPECIAL_UFUNC1(y1)
CUPX_SPECIAL_UFUNC1(i0)
CUPX_SPECIAL_UFUNC1(i0e)
CUPX_SPECIAL_UFUNC1(i1)
CUPX_SPECIAL_UFUNC1(i1e)
CUPX_SPECIAL_UFUNC1(k0)
CUPX_SPECIAL_UFUNC1(k0e)
CUPX_SPECIAL_UFUNC1(k1)
CUPX_SPECIAL_UFUNC1(k1e)
/// Bessel functions of real order v and real or complex argument z (`jv(v, z)`, negative orders
/// by reflection), and their exponentially scaled forms (`jve`, `yve`: e^-|Im z|; `ive`:
/// e^-|Re z|; `kve`: e^z).
CUPX_SPECIAL_UFUNC2(jv)
CUPX_SPECIAL_UFUNC2(jve)
CUPX_SPECIAL_UFUNC2(yv)
CUPX_SPECIAL_UFUNC2(yve)
CUPX_SPECIAL_UFUNC2(iv)
CUPX_SPECIAL_UFUNC2(ive)
CUPX_SPECIAL_UFUNC2(kv)
CUPX_SPECIAL_UFUNC2(kve)
/// Hankel functions H1_v(z) = J_v + i Y_v and H2_v(z) = J_v - i Y_v of real order, and their
/// scaled forms e^-iz H1_v(z), e^iz H2_v(z): complex results, real operands computed as complex.
CUPX_SPECIAL_UFUNC2(hankel1)
CUPX_SPECIAL_UFUNC2(hankel1e)
CUPX_SPECIAL_UFUNC2(hankel2)
CUPX_SPECIAL_UFUNC2(hankel2e)

/// Spherical Bessel functions of integer order n >= 0 and real or complex argument, or their
/// derivatives (`scipy.special.spherical_jn(n, z, derivative=False)`).
template <class N, class X>
requires are_operands_v<N, X>
[[nodiscard]] auto spherical_jn(const N& n, const X& x, bool derivative = false) {
  return make_ufunc<ops::spherical_jn>(n, x, derivative ? 1.0 : 0.0);
}
template <class N, class X>
requires are_operands_v<N, X>
[[nodiscard]] auto spherical_yn(const N& n, const X& x, bool derivative = false) {
  return make_ufunc<ops::spherical_yn>(n, x, derivative ? 1.0 : 0.0);
}

} // namespace cupx::special
