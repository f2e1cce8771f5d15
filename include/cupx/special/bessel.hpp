#pragma once
/// \file
/// scipy.special's Bessel functions of real argument as cupx ufuncs: j0 j1 y0 y1 i0 i0e i1 i1e
/// k0 k0e k1 k1e; general real order jv jve yv yve iv ive kv kve (`jv(v, x)`); spherical_jn and
/// spherical_yn (integer order, `derivative`). Lazy expressions with an out= form. Complex
/// arguments (SciPy's AMOS paths) are not provided: a complex operand does not compile.

#include <cupx/special/detail/bessel.hpp>
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
CUPX_SPECIAL_OP_OUTLINED(jv, domain::real, jv)
CUPX_SPECIAL_OP_OUTLINED(jve, domain::real, jve)
CUPX_SPECIAL_OP_OUTLINED(yv, domain::real, yv)
CUPX_SPECIAL_OP_OUTLINED(yve, domain::real, yve)
CUPX_SPECIAL_OP_OUTLINED(iv, domain::real, iv)
CUPX_SPECIAL_OP_OUTLINED(ive, domain::real, ive)
CUPX_SPECIAL_OP_OUTLINED(kv, domain::real, kv)
CUPX_SPECIAL_OP_OUTLINED(kve, domain::real, kve)
CUPX_SPECIAL_OP_OUTLINED(spherical_jn, domain::real, spherical_jn_of)
CUPX_SPECIAL_OP_OUTLINED(spherical_yn, domain::real, spherical_yn_of)

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
/// Bessel functions of real order v (`jv(v, x)`, negative orders by reflection), and their
/// exponentially scaled forms (`jve`, `yve`: e^-|Im x|, real x: the same; `ive`: e^-|x|; `kve`:
/// e^x).
CUPX_SPECIAL_UFUNC2(jv)
CUPX_SPECIAL_UFUNC2(jve)
CUPX_SPECIAL_UFUNC2(yv)
CUPX_SPECIAL_UFUNC2(yve)
CUPX_SPECIAL_UFUNC2(iv)
CUPX_SPECIAL_UFUNC2(ive)
CUPX_SPECIAL_UFUNC2(kv)
CUPX_SPECIAL_UFUNC2(kve)

/// Spherical Bessel functions of integer order n >= 0, or their derivatives
/// (`scipy.special.spherical_jn(n, x, derivative=False)`).
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
