#pragma once
/// \file
/// scipy.signal's IIR and FIR filtering: lfilter, lfilter_zi, sosfilt, sosfilt_zi, filtfilt and
/// sosfiltfilt. The data is moved to rows (the filtered axis last, contiguous) and each row runs
/// through the direct form II transposed recurrence of cupp::detail::iir_rows (a parallel scan on
/// the CUDA backend); the coefficients stay on the device (no sync: a[0] == 0 gives inf/NaN
/// instead of SciPy's error). Final states and initial conditions are computed on the device.
/// See docs/signal.md.

#include <cupx/ndimage/detail/complex_parts.hpp>
#include <cupx/signal/detail/gust.hpp>
#include <cupx/signal/representations.hpp>

#include <cupp/core/dtype.hpp>
#include <cupp/core/error.hpp>
#include <cupp/core/keywords.hpp>
#include <cupp/core/layout.hpp>
#include <cupp/core/shape.hpp>
#include <cupp/detail/launch.hpp>
#include <cupp/detail/linear_recurrence.hpp>
#include <cupp/expr/astype.hpp>
#include <cupp/linalg/dot.hpp>
#include <cupp/manipulation/join.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/ndarray.hpp>

#include <algorithm>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

namespace cupx::signal {

/// filtfilt's `padtype`: SciPy's 'odd' (the default), 'even', 'constant' and None.
enum class pad_type { odd, even, constant, none };

/// filtfilt's `method`: SciPy's 'pad' (the extension and steady-state initial conditions) or
/// 'gust' (Gustafsson's initial conditions, no extension).
enum class filtfilt_method { pad, gust };

/// Keywords of filtfilt and sosfiltfilt (scipy.signal.filtfilt(b, a, x, axis=-1, padtype='odd',
/// padlen=None, method='pad', irlen=None)); no padlen: SciPy's default, 3 * max(len(a), len(b))
/// (sosfiltfilt: from the sections). `method` and `irlen` are filtfilt's (sosfiltfilt has none).
struct filtfilt_kw {
  cupp::detail::kw_guard guard_{};
  index_t axis = -1;
  pad_type padtype = pad_type::odd;
  std::optional<index_t> padlen = std::nullopt;
  filtfilt_method method = filtfilt_method::pad;
  std::optional<index_t> irlen = std::nullopt;
};

namespace detail {

template <class T, class... Rest> struct promote_all { using type = T; };
template <class T, class U, class... Rest> struct promote_all<T, U, Rest...> {
  using type = typename promote_all<cupp::promote_t<T, U>, Rest...>::type;
};

/// The dtype lfilter computes in and returns: NumPy's result_type of the operands, integers and
/// bool as float64, float16 and bfloat16 as float32 (SciPy refuses these; its float32 and
/// float64 are the same); complex data (x or zi) gives that dtype's complex type.
template <class... T> constexpr auto filter_dtype() {
  if constexpr ((cupp::is_complex_v<T> || ...)) {
    using R = decltype(filter_dtype<cupp::real_t<T>...>());
    return cupp::promote_t<R, cupp::complex64>{};
  } else {
    using P = typename promote_all<T...>::type;
    constexpr auto k = cupp::detail::kind_of<P>();
    if constexpr (k == cupp::detail::kind::boolean || k == cupp::detail::kind::integer) {
      return double{};
    } else if constexpr (sizeof(P) < sizeof(float)) {
      return float{};
    } else {
      return P{};
    }
  }
}
template <class... T> using filter_t = decltype(filter_dtype<T...>());

/// Filter coefficients must be real (complex data is filtered by parts).
template <class... C> constexpr void real_coefficients() {
  static_assert(!(cupp::is_complex_v<C> || ...),
                "cupx::signal's filters take real coefficients (complex ones are not supported)");
}

/// The real and imaginary parts of an array (zeros for a real one).
template <class T>
std::pair<cupp::ndarray<cupp::real_t<T>>, cupp::ndarray<cupp::real_t<T>>>
parts_of(const cupp::ndarray<T>& a) {
  if constexpr (cupp::is_complex_v<T>) {
    return {a.real(), a.imag()};
  } else {
    return {a, cupp::zeros<T>(a.shape())};
  }
}

/// A filter with real coefficients is linear in its data: f over complex data is f of the real
/// part plus i times f of the imaginary part (SciPy filters the complex values; the same sums).
/// `f(x)` returns an array, or a pair of them (y, zf) where `f(x, zi)` takes initial states.
template <class C, class F, class X> cupp::ndarray<C> by_parts(const cupp::ndarray<X>& x, F f) {
  const auto [re, im] = parts_of(x);
  return cupx::ndimage::detail::from_parts<C>(f(re), f(im));
}
template <class C, class F, class X, class Z>
std::pair<cupp::ndarray<C>, cupp::ndarray<C>> by_parts(const cupp::ndarray<X>& x,
                                                       const cupp::ndarray<Z>& zi, F f) {
  const auto [xr, xi] = parts_of(x);
  const auto [zr, zim] = parts_of(zi);
  const auto [yr, fr] = f(xr, zr);
  const auto [yi, fi] = f(xi, zim);
  return {cupx::ndimage::detail::from_parts<C>(yr, yi),
          cupx::ndimage::detail::from_parts<C>(fr, fi)};
}

/// `a` as a C-contiguous array of dtype R (a itself when it is one already), at least 1-D.
template <class R, class T> cupp::ndarray<R> as_rows_dtype(const cupp::ndarray<T>& a) {
  if constexpr (std::is_same_v<R, T>) {
    return cupp::ascontiguousarray(a);
  } else {
    return cupp::ascontiguousarray(cupp::ndarray<R>(a.template astype<R>()));
  }
}

/// x with `axis` last, C-contiguous, as (rows, n); `moved` is the shape with the axis last.
template <class R> struct rows_of {
  cupp::ndarray<R> rows;
  cupp::shape_t moved;
};
template <class R, class T> rows_of<R> to_rows(const cupp::ndarray<T>& x, int axis) {
  const cupp::ndarray<T> m = cupp::moveaxis(x, axis, -1);
  const index_t n = m.shape()[m.ndim() - 1];
  index_t rows = 1;
  for (int d = 0; d + 1 < m.ndim(); ++d)
    rows *= m.shape()[d];
  return {as_rows_dtype<R>(m).reshape(cupp::shape_t{rows, n}), m.shape()};
}
/// The inverse of to_rows: rows (rows, len) back to the moved shape with its last extent `len`,
/// the axis put back at `axis`.
template <class R>
cupp::ndarray<R> from_rows(const cupp::ndarray<R>& rows, cupp::shape_t moved, index_t len,
                           int axis) {
  moved[moved.size() - 1] = len;
  return cupp::moveaxis(rows.reshape(moved), -1, axis);
}

/// SciPy's message for a coefficient array that is not a non-empty 1-D array.
template <class T> void check_coefficients(const cupp::ndarray<T>& c, const char* name) {
  if (c.ndim() != 1 || c.size() == 0)
    throw cupp::value_error(std::string("Parameter ") + name +
                            " is not a non-empty 1d array, since " + name +
                            ".shape=" + cupp::shape_repr(c.shape()) + "!");
}

/// zf[r, k] of lfilter: sum_{j=k+1}^{p} (b_j x[n+k-j] - a_j y[n+k-j]) + zi[r, k+n] (k+n < p),
/// the coefficients divided by a[0], indices below 0 skipped; summed from the oldest term as the
/// recurrence does.
template <class R> struct final_state {
  const R *x, *y, *zi, *b, *a;
  R* zf;
  index_t n;
  int nb, na, p;
  CUPP_HD void operator()(index_t t) const {
    const index_t r = t / p;
    const int k = static_cast<int>(t - r * p);
    const R a0 = a[0];
    R s = (zi != nullptr && k + n < p) ? zi[r * p + k + n] : R(0);
    for (int j = p; j > k; --j) {
      const index_t i = n + k - j;
      if (i < 0) continue;
      const R bj = j < nb ? b[j] / a0 : R(0), aj = j < na ? a[j] / a0 : R(0);
      s = s + x[r * n + i] * bj - y[r * n + i] * aj;
    }
    zf[t] = s;
  }
};

/// lfilter_zi's steady state (scipy.signal.lfilter_zi; the O(n) recurrence of SciPy before 1.3,
/// which solves the same system): zi[0] = sum(b[1:] - a[1:] b[0]) / (1 + sum(a[1:])), then
/// zi[k] = (1 + a_1 + ... + a_k) zi[0] - sum_{j<=k} (b_j - a_j b[0]); `sections` filters of
/// three coefficients each (sosfilt_zi: each scaled by the gains of the sections before it).
template <class R> struct steady_state {
  const R *b, *a;
  R* zi;
  int nb, na, sections, stride;
  CUPP_HD void operator()(index_t) const {
    const int m = nb > na ? nb : na;
    R scale = R(1);
    for (int s = 0; s < sections; ++s) {
      const R* bs = b + s * stride;
      const R* as = a + s * stride;
      R* z = zi + s * (m - 1);
      const R a0 = as[0];
      const R b0 = bs[0] / a0;
      R num = R(0), den = R(1);
      for (int j = 1; j < m; ++j) {
        const R bj = j < nb ? bs[j] / a0 : R(0), aj = j < na ? as[j] / a0 : R(0);
        num += bj - aj * b0;
        den += aj;
      }
      const R z0 = num / den;
      z[0] = scale * z0;
      R asum = R(1), csum = R(0);
      for (int k = 1; k < m - 1; ++k) {
        const R bk = k < nb ? bs[k] / a0 : R(0), ak = k < na ? as[k] / a0 : R(0);
        asum += ak;
        csum += bk - ak * b0;
        z[k] = scale * (asum * z0 - csum);
      }
      R sb = R(0), sa = R(0);
      for (int j = 0; j < nb; ++j)
        sb += bs[j];
      for (int j = 0; j < na; ++j)
        sa += as[j];
      scale *= sb / sa;
    }
  }
};

/// The filter of rows (rows, n) by b and a (contiguous, dtype R), from `zi` (rows, p) or a zero
/// state; `zf`: also the final states (rows, p).
template <class R>
std::pair<cupp::ndarray<R>, cupp::ndarray<R>>
lfilter_rows(const cupp::ndarray<R>& b, const cupp::ndarray<R>& a, const cupp::ndarray<R>& x,
             const R* zi, bool zf) {
  const index_t rows = x.shape()[0], n = x.shape()[1];
  const int nb = static_cast<int>(b.size()), na = static_cast<int>(a.size());
  const int p = std::max(nb, na) - 1;
  cupp::ndarray<R> y(cupp::shape_t{rows, n});
  cupp::detail::iir_rows<R>(x.data(), y.data(), rows, n, b.data(), nb, a.data(), na, zi);
  cupp::ndarray<R> state(cupp::shape_t{zf ? rows : 0, p});
  if (zf && rows * p > 0)
    cupp::detail::launch_for_each(rows * p, final_state<R>{x.data(), y.data(), zi, b.data(),
                                                           a.data(), state.data(), n, nb, na, p});
  return {y, state};
}

/// The sections of sos (ns, 6) (contiguous, dtype R) over rows (rows, n), each one iir_rows
/// pass, from `zi` (ns, rows, 2) or a zero state; `zf`: also the final states (ns, rows, 2).
template <class R>
std::pair<cupp::ndarray<R>, cupp::ndarray<R>>
sosfilt_rows(const cupp::ndarray<R>& sos, const cupp::ndarray<R>& x, const R* zi, bool zf) {
  const index_t ns = sos.shape()[0], rows = x.shape()[0], n = x.shape()[1];
  cupp::ndarray<R> state(cupp::shape_t{zf ? ns : 0, rows, 2});
  if (ns == 0) return {x.copy(), state};
  cupp::ndarray<R> buf[2] = {cupp::ndarray<R>(x.shape()), cupp::ndarray<R>(x.shape())};
  if (ns == 1) buf[1] = buf[0]; // one pass needs one buffer
  const R* in = x.data();
  for (index_t s = 0; s < ns; ++s) {
    R* out = buf[s % 2].data();
    const R* b = sos.data() + 6 * s;
    const R* zs = zi ? zi + s * rows * 2 : nullptr;
    cupp::detail::iir_rows<R>(in, out, rows, n, b, 3, b + 3, 3, zs);
    if (zf && rows > 0)
      cupp::detail::launch_for_each(
          rows * 2, final_state<R>{in, out, zs, b, b + 3, state.data() + s * rows * 2, n, 3, 3, 2});
    in = out;
  }
  return {buf[(ns - 1) % 2], state};
}

/// An (n_sections, 6) sos array checked by shape (SciPy's _validate_sos without its host check
/// of sos[:, 3] == 1: the sections are divided by their a0 instead), as dtype R.
template <class R, class S> cupp::ndarray<R> sos_rows(const cupp::ndarray<S>& sos) {
  const cupp::ndarray<S> s2 = cupp::atleast_2d(sos);
  if (s2.ndim() != 2) throw cupp::value_error("sos array must be 2D");
  if (s2.shape()[1] != 6) throw cupp::value_error("sos array must be shape (n_sections, 6)");
  return as_rows_dtype<R>(s2);
}

/// The axis of lfilter's IIR path (SciPy's C code: a plain ValueError).
inline int filter_axis(index_t axis, int ndim, bool fir) {
  if (fir) return cupp::detail::normalize_axis(axis, ndim);
  if (axis < -ndim || axis >= ndim || ndim == 0)
    throw cupp::value_error("selected axis is out of range");
  return static_cast<int>(axis < 0 ? axis + ndim : axis);
}

/// lfilter's zi checked against x's shape with the axis' extent p (SciPy's two messages: its
/// FIR path and its C filter), broadcast where an extent other than the axis' is 1.
template <class Z>
cupp::ndarray<Z> check_zi(const cupp::ndarray<Z>& zi, const cupp::shape_t& xshape, int axis,
                          index_t p, bool fir) {
  cupp::shape_t want = xshape;
  want[axis] = p;
  if (zi.ndim() != static_cast<int>(want.size())) {
    if (fir)
      throw cupp::value_error("Dimensions of parameters x and zi must match, but x.ndim=" +
                              std::to_string(xshape.size()) +
                              ", zi.ndim=" + std::to_string(zi.ndim()) + "!");
    throw cupp::value_error(zi.ndim() > static_cast<int>(want.size())
                                ? "object too deep for desired array"
                                : "object of too small depth for desired array");
  }
  for (int d = 0; d < zi.ndim(); ++d)
    if (zi.shape()[d] != want[d] && (d == axis || zi.shape()[d] != 1)) {
      if (fir)
        throw cupp::value_error("Unexpected shape for parameter zi: expected " +
                                cupp::shape_repr(want) + ", found " + cupp::shape_repr(zi.shape()) +
                                ".");
      throw cupp::value_error(
          std::string("Unexpected shape for zi:") + (want.size() == 1 ? " " : "  ") + "expected " +
          cupp::shape_repr(want, ",") + ", found " + cupp::shape_repr(zi.shape(), ",") + ".");
    }
  return cupp::broadcast_to(zi, want);
}

template <class R, class B, class A, class X, class Z>
std::pair<cupp::ndarray<R>, cupp::ndarray<R>>
lfilter_impl(const cupp::ndarray<B>& b, const cupp::ndarray<A>& a, const cupp::ndarray<X>& x,
             index_t axis, const cupp::ndarray<Z>* zi) {
  check_coefficients(b, "b");
  check_coefficients(a, "a");
  const bool fir = a.size() == 1;
  const int ax = filter_axis(axis, x.ndim(), fir);
  const index_t p = std::max(b.size(), a.size()) - 1;
  const auto bc = as_rows_dtype<R>(b);
  const auto ac = as_rows_dtype<R>(a);
  const auto xr = to_rows<R>(x, ax);
  if (zi == nullptr)
    return {from_rows(lfilter_rows<R>(bc, ac, xr.rows, nullptr, false).first, xr.moved,
                      x.shape()[ax], ax),
            cupp::ndarray<R>(cupp::shape_t{0})};
  const auto zr = to_rows<R>(check_zi(*zi, x.shape(), ax, p, fir), ax);
  const auto [y, zf] = lfilter_rows(bc, ac, xr.rows, zr.rows.data(), true);
  return {from_rows(y, xr.moved, x.shape()[ax], ax), from_rows(zf, xr.moved, p, ax)};
}

template <class R, class S, class X, class Z>
std::pair<cupp::ndarray<R>, cupp::ndarray<R>> sosfilt_impl(const cupp::ndarray<S>& sos,
                                                           const cupp::ndarray<X>& x, index_t axis,
                                                           const cupp::ndarray<Z>* zi) {
  if (x.ndim() == 0) throw cupp::value_error("x must be at least 1-D");
  const auto sc = sos_rows<R>(sos);
  const int ax = cupp::detail::normalize_axis(axis, x.ndim());
  const index_t ns = sc.shape()[0];
  const auto xr = to_rows<R>(x, ax);
  if (zi == nullptr)
    return {
        from_rows(sosfilt_rows<R>(sc, xr.rows, nullptr, false).first, xr.moved, x.shape()[ax], ax),
        cupp::ndarray<R>(cupp::shape_t{0})};
  cupp::shape_t want{ns};
  for (int d = 0; d < x.ndim(); ++d)
    want.push_back(d == ax ? 2 : x.shape()[d]);
  if (zi->shape() != want)
    throw cupp::value_error("Invalid zi shape. With axis=" + std::to_string(axis) +
                            ", an input with shape " + cupp::shape_repr(x.shape()) +
                            ", and an sos array with " + std::to_string(ns) +
                            " sections, zi must have shape " + cupp::shape_repr(want) + ", got " +
                            cupp::shape_repr(zi->shape()) + ".");
  const auto zc = as_rows_dtype<R>(cupp::moveaxis(*zi, ax + 1, -1));
  const auto [y, zf] = sosfilt_rows(sc, xr.rows, zc.data(), true);
  cupp::shape_t zmoved{ns};
  for (const index_t e : xr.moved)
    zmoved.push_back(e);
  zmoved[zmoved.size() - 1] = 2;
  return {from_rows(y, xr.moved, x.shape()[ax], ax),
          cupp::moveaxis(zf.reshape(zmoved), -1, ax + 1)};
}

/// SciPy's _validate_pad: the extension's length (0: none) or its error.
inline index_t pad_edge(const filtfilt_kw& kw, index_t len, index_t ntaps) {
  const index_t edge = kw.padtype == pad_type::none ? 0 : kw.padlen.value_or(3 * ntaps);
  if (len <= edge)
    throw cupp::value_error(
        "The length of the input vector x must be greater than padlen, which is " +
        std::to_string(edge) + ".");
  return std::max<index_t>(edge, 0);
}

/// odd_ext, even_ext, const_ext of rows (rows, n) by `edge` on each side (SciPy's
/// scipy/signal/_arraytools.py), from flipped views and one concatenate.
template <class R>
cupp::ndarray<R> extend_rows(const cupp::ndarray<R>& x, index_t edge, pad_type type) {
  if (edge == 0) return x;
  using cupp::detail::slab;
  const index_t n = x.shape()[1];
  const cupp::ndarray<R> first = slab(x, 1, 0, 1), last = slab(x, 1, n - 1, 1);
  cupp::ndarray<R> left, right;
  if (type == pad_type::constant) {
    left = cupp::ndarray<R>(cupp::broadcast_to(first, {x.shape()[0], edge}).copy());
    right = cupp::ndarray<R>(cupp::broadcast_to(last, {x.shape()[0], edge}).copy());
  } else {
    const auto l = cupp::flip(slab(x, 1, 1, edge), 1);
    const auto r = cupp::flip(slab(x, 1, n - 1 - edge, edge), 1);
    if (type == pad_type::odd) {
      left = first + first - l; // 2 * x0 - x in x's dtype (also for integers)
      right = last + last - r;
    } else {
      left = l.copy();
      right = r.copy();
    }
  }
  return cupp::concatenate({left, x, right}, 1);
}

/// The forward-backward filter of rows (rows, n) of dtype X, in dtype R, by `pass(rows, zi)`, from
/// the steady state `zi` (one row of `p` values, or (ns, 1, 2) for sections) scaled by each row's
/// first sample, then by its last after the reversal (SciPy's filtfilt and sosfiltfilt).
template <class R, class X, class Pass>
cupp::ndarray<R> forward_backward(const cupp::ndarray<X>& x, const cupp::ndarray<R>& zi,
                                  index_t edge, pad_type type, const Pass& pass) {
  using cupp::detail::slab;
  // extended in x's own dtype, then converted (SciPy's order: its odd extension of float32 data
  // is float32 arithmetic)
  const cupp::ndarray<R> ext = as_rows_dtype<R>(extend_rows(x, edge, type));
  const index_t len = ext.shape()[1];
  const cupp::ndarray<R> z0 = zi * slab(ext, 1, 0, 1);
  const cupp::ndarray<R> y = pass(ext, z0);
  const cupp::ndarray<R> z1 = zi * slab(y, 1, len - 1, 1);
  const cupp::ndarray<R> back = pass(cupp::flip(y, 1).copy(), z1);
  return slab(cupp::flip(back, 1), 1, edge, x.shape()[1]).copy();
}

/// filtfilt by Gustafsson's method on rows (rows, n) of dtype R (SciPy's _filtfilt_gust): the
/// forward-backward and backward-forward passes from rest, then each row's optimal initial
/// states, the least-squares fit of their mismatch (on the first and last m samples), added
/// through W. b and a are read on the host (the filter's matrices are built there).
template <class R, class B, class A>
cupp::ndarray<R> gust_rows(const cupp::ndarray<B>& b, const cupp::ndarray<A>& a,
                           const cupp::ndarray<R>& x, std::optional<index_t> irlen) {
  using cupp::detail::slab;
  const auto hb = cupp::ndarray<double>(b.template astype<double>()).get();
  const auto ha = cupp::ndarray<double>(a.template astype<double>()).get();
  const index_t n = x.shape()[1];
  if (n == 0 || x.shape()[0] == 0) return x.copy();
  if (std::max(hb.size(), ha.size()) == 1) { // no state: a scaling, (b0 / a0)^2 as SciPy's
    const double g = hb[0] / ha[0];
    return cupp::ndarray<R>(cupp::astype<R>(x * (g * g)));
  }
  const auto bc = as_rows_dtype<R>(b);
  const auto ac = as_rows_dtype<R>(a);
  const auto pass = [&](const cupp::ndarray<R>& v) {
    return lfilter_rows<R>(bc, ac, v, nullptr, false).first;
  };
  const auto reversed = [](const cupp::ndarray<R>& v) { return cupp::flip(v, 1).copy(); };
  const cupp::ndarray<R> y_fb = reversed(pass(reversed(pass(x))));
  const cupp::ndarray<R> y_bf = pass(reversed(pass(reversed(x))));
  const gust_system g = gust_of(hb, ha, n, irlen);
  const cupp::ndarray<double> diff(cupp::astype<double>(y_bf - y_fb));
  const cupp::ndarray<double> delta =
      g.m == n ? diff
               : cupp::ndarray<double>(
                     cupp::concatenate({slab(diff, 1, 0, g.m), slab(diff, 1, n - g.m, g.m)}, 1));
  const auto dev = [](const std::vector<double>& v, index_t r, index_t c) {
    return cupp::asarray(v.data(), cupp::shape_t{r, c});
  };
  const cupp::ndarray<double> ic =
      cupp::matmul(cupp::matmul(delta, dev(g.first, g.rows, g.p)), dev(g.second, g.p, g.k));
  const cupp::ndarray<double> wic = cupp::matmul(ic, dev(g.w, g.rows, g.k).T());
  if (g.m == n) return cupp::ndarray<R>(cupp::astype<R>(y_fb + wic));
  // a truncated response corrects the two ends (2m <= n: they do not overlap)
  cupp::ndarray<double> y(cupp::astype<double>(y_fb));
  slab(y, 1, 0, g.m) += slab(wic, 1, 0, g.m);
  slab(y, 1, n - g.m, g.m) += slab(wic, 1, g.m, g.m);
  return cupp::ndarray<R>(cupp::astype<R>(y));
}

} // namespace detail

/// `scipy.signal.lfilter(b, a, x, axis=-1)`: x filtered along `axis` by the rational transfer
/// function b / a (direct form II transposed, the coefficients divided by a[0]). b and a are
/// non-empty 1-D arrays of any real dtype; the result's dtype is NumPy's result_type of b, a and
/// x, float64 for integers, float32 for float16. a[0] == 0 is not detected (that would read a
/// back): the result is inf/NaN.
template <class B, class A, class X>
[[nodiscard]] cupp::ndarray<detail::filter_t<B, A, X>>
lfilter(const cupp::ndarray<B>& b, const cupp::ndarray<A>& a, const cupp::ndarray<X>& x,
        index_t axis = -1) {
  detail::real_coefficients<B, A>();
  using R = detail::filter_t<B, A, X>;
  if constexpr (cupp::is_complex_v<X>) {
    return detail::by_parts<R>(x, [&](const auto& part) { return lfilter(b, a, part, axis); });
  } else {
    return detail::lfilter_impl<R, B, A, X, double>(b, a, x, axis, nullptr).first;
  }
}

/// `scipy.signal.lfilter(b, a, x, axis, zi)` -> (y, zf): from the initial state zi (x's shape
/// with the axis' extent max(len(a), len(b)) - 1; extents of 1 elsewhere broadcast), with the
/// final state zf (zf is zi where x's axis is empty).
template <class B, class A, class X, class Z>
[[nodiscard]] std::pair<cupp::ndarray<detail::filter_t<B, A, X, Z>>,
                        cupp::ndarray<detail::filter_t<B, A, X, Z>>>
lfilter(const cupp::ndarray<B>& b, const cupp::ndarray<A>& a, const cupp::ndarray<X>& x,
        index_t axis, const cupp::ndarray<Z>& zi) {
  detail::real_coefficients<B, A>();
  using R = detail::filter_t<B, A, X, Z>;
  if constexpr (cupp::is_complex_v<R>) {
    return detail::by_parts<R>(
        x, zi, [&](const auto& part, const auto& z) { return lfilter(b, a, part, axis, z); });
  } else {
    return detail::lfilter_impl<R>(b, a, x, axis, &zi);
  }
}

/// lfilter of a `ba` (a design's output).
template <class X>
[[nodiscard]] cupp::ndarray<detail::filter_t<double, X>>
lfilter(const ba& f, const cupp::ndarray<X>& x, index_t axis = -1) {
  return lfilter(f.b, f.a, x, axis);
}
template <class X, class Z>
[[nodiscard]] std::pair<cupp::ndarray<detail::filter_t<double, X, Z>>,
                        cupp::ndarray<detail::filter_t<double, X, Z>>>
lfilter(const ba& f, const cupp::ndarray<X>& x, index_t axis, const cupp::ndarray<Z>& zi) {
  return lfilter(f.b, f.a, x, axis, zi);
}

/// `scipy.signal.lfilter_zi(b, a)`: the initial state of lfilter for the steady state of a step
/// response, max(len(a), len(b)) - 1 values computed on the device (no sync). SciPy strips
/// leading zeros of a; here a[0] == 0 gives inf/NaN (as lfilter).
template <class B, class A>
[[nodiscard]] cupp::ndarray<detail::filter_t<B, A>> lfilter_zi(const cupp::ndarray<B>& b,
                                                               const cupp::ndarray<A>& a) {
  detail::real_coefficients<B, A>();
  using R = detail::filter_t<B, A>;
  if (b.ndim() > 1) throw cupp::value_error("Numerator b must be 1-D.");
  if (a.ndim() > 1) throw cupp::value_error("Denominator a must be 1-D.");
  if (a.size() < 1) throw cupp::value_error("There must be at least one nonzero `a` coefficient.");
  const index_t m = std::max(a.size(), b.size());
  if (m < 2) throw cupp::value_error("The length of `a` along the last axis must be at least 2.");
  const auto bc = detail::as_rows_dtype<R>(b);
  const auto ac = detail::as_rows_dtype<R>(a);
  cupp::ndarray<R> zi(cupp::shape_t{m - 1});
  cupp::detail::launch_for_each(1, detail::steady_state<R>{bc.data(), ac.data(), zi.data(),
                                                           static_cast<int>(b.size()),
                                                           static_cast<int>(a.size()), 1, 0});
  return zi;
}
[[nodiscard]] cupp::ndarray<double> lfilter_zi(const ba& f);

/// `scipy.signal.sosfilt(sos, x, axis=-1)`: x through the second-order sections in turn, each
/// one lfilter pass. sos is an (n_sections, 6) array (a 1-D array of 6: one section) of any real
/// dtype, read on the device: SciPy's check that sos[:, 3] is all ones is left out (no sync),
/// each section is divided by its a0 instead.
template <class S, class X>
[[nodiscard]] cupp::ndarray<detail::filter_t<S, X>>
sosfilt(const cupp::ndarray<S>& sos, const cupp::ndarray<X>& x, index_t axis = -1) {
  detail::real_coefficients<S>();
  using R = detail::filter_t<S, X>;
  if constexpr (cupp::is_complex_v<X>) {
    return detail::by_parts<R>(x, [&](const auto& part) { return sosfilt(sos, part, axis); });
  } else {
    return detail::sosfilt_impl<R, S, X, double>(sos, x, axis, nullptr).first;
  }
}

/// `scipy.signal.sosfilt(sos, x, axis, zi)` -> (y, zf): zi of shape (n_sections, ..., 2, ...)
/// (x's shape with the axis' extent 2, after the sections), zf the same.
template <class S, class X, class Z>
[[nodiscard]] std::pair<cupp::ndarray<detail::filter_t<S, X, Z>>,
                        cupp::ndarray<detail::filter_t<S, X, Z>>>
sosfilt(const cupp::ndarray<S>& sos, const cupp::ndarray<X>& x, index_t axis,
        const cupp::ndarray<Z>& zi) {
  detail::real_coefficients<S>();
  using R = detail::filter_t<S, X, Z>;
  if constexpr (cupp::is_complex_v<R>) {
    return detail::by_parts<R>(
        x, zi, [&](const auto& part, const auto& z) { return sosfilt(sos, part, axis, z); });
  } else {
    return detail::sosfilt_impl<R>(sos, x, axis, &zi);
  }
}

/// `scipy.signal.sosfilt_zi(sos)`: the (n_sections, 2) initial states of sosfilt for the steady
/// state of a step response (each section's lfilter_zi scaled by the gain of the sections before
/// it), computed on the device.
template <class S>
[[nodiscard]] cupp::ndarray<detail::filter_t<S>> sosfilt_zi(const cupp::ndarray<S>& sos) {
  detail::real_coefficients<S>();
  using R = detail::filter_t<S>;
  if (sos.ndim() != 2 || sos.shape()[1] != 6)
    throw cupp::value_error("sos must be shape (n_sections, 6)");
  const auto sc = detail::as_rows_dtype<R>(sos);
  const index_t ns = sos.shape()[0];
  cupp::ndarray<R> zi(cupp::shape_t{ns, 2});
  if (ns > 0)
    cupp::detail::launch_for_each(1, detail::steady_state<R>{sc.data(), sc.data() + 3, zi.data(), 3,
                                                             3, static_cast<int>(ns), 6});
  return zi;
}

/// `scipy.signal.filtfilt(b, a, x, axis, padtype, padlen, method, irlen)`. method='pad': x
/// extended at both ends (odd, even or constant extension of padlen samples, 3 * max(len(a),
/// len(b)) by default), filtered forward from lfilter_zi scaled by the first sample, reversed,
/// filtered again from the steady state of its first sample, reversed and trimmed.
/// method='gust': Gustafsson's initial conditions (SciPy's _filtfilt_gust; irlen: the length of
/// impulse response considered, all of it by default), b and a read on the host. Zero phase, the
/// magnitude response squared.
template <class B, class A, class X>
[[nodiscard]] cupp::ndarray<detail::filter_t<B, A, X>>
filtfilt(const cupp::ndarray<B>& b, const cupp::ndarray<A>& a, const cupp::ndarray<X>& x,
         const filtfilt_kw& kw = {}) {
  detail::real_coefficients<B, A>();
  using R = detail::filter_t<B, A, X>;
  if constexpr (cupp::is_complex_v<X>) {
    return detail::by_parts<R>(x, [&](const auto& part) { return filtfilt(b, a, part, kw); });
  } else {
    detail::check_coefficients(b, "b");
    detail::check_coefficients(a, "a");
    const int ax = cupp::detail::normalize_axis(kw.axis, x.ndim());
    if (kw.method == filtfilt_method::gust) {
      const auto xr = detail::to_rows<X>(x, ax);
      const auto rows = detail::as_rows_dtype<R>(xr.rows);
      return detail::from_rows(detail::gust_rows<R>(b, a, rows, kw.irlen), xr.moved, x.shape()[ax],
                               ax);
    }
    const index_t edge = detail::pad_edge(kw, x.shape()[ax], std::max(a.size(), b.size()));
    const auto zi = cupp::ndarray<R>(lfilter_zi(b, a).template astype<R>());
    const auto bc = detail::as_rows_dtype<R>(b);
    const auto ac = detail::as_rows_dtype<R>(a);
    const auto xr = detail::to_rows<X>(x, ax);
    const auto y = detail::forward_backward<R>(
        xr.rows, zi.reshape(cupp::shape_t{1, zi.size()}), edge, kw.padtype,
        [&](const cupp::ndarray<R>& rows, const cupp::ndarray<R>& z) {
          return detail::lfilter_rows(bc, ac, rows, z.data(), false).first;
        });
    return detail::from_rows(y, xr.moved, x.shape()[ax], ax);
  }
}
template <class X>
[[nodiscard]] cupp::ndarray<detail::filter_t<double, X>>
filtfilt(const ba& f, const cupp::ndarray<X>& x, const filtfilt_kw& kw = {}) {
  return filtfilt(f.b, f.a, x, kw);
}

/// `scipy.signal.sosfiltfilt(sos, x, axis, padtype, padlen)`: filtfilt with second-order
/// sections (sosfilt_zi as the steady state). SciPy's default padlen counts the sections whose
/// b2 and a2 are zero: without `.padlen` (and with a padtype) sos is read back, a sync point,
/// and checked as SciPy's _validate_sos (sos[:, 3] all ones).
template <class S, class X>
[[nodiscard]] cupp::ndarray<detail::filter_t<S, X>>
sosfiltfilt(const cupp::ndarray<S>& sos, const cupp::ndarray<X>& x, const filtfilt_kw& kw = {}) {
  detail::real_coefficients<S>();
  using R = detail::filter_t<S, X>;
  if constexpr (cupp::is_complex_v<X>) {
    return detail::by_parts<R>(x, [&](const auto& part) { return sosfiltfilt(sos, part, kw); });
  } else {
    if (kw.method != filtfilt_method::pad || kw.irlen)
      throw cupp::value_error("sosfiltfilt takes no method or irlen (SciPy's has none)");
    const auto sc = detail::sos_rows<R>(sos);
    if (x.ndim() == 0) throw cupp::value_error("x must be at least 1-D");
    const int ax = cupp::detail::normalize_axis(kw.axis, x.ndim());
    const index_t ns = sc.shape()[0];
    index_t ntaps = 2 * ns + 1;
    if (!kw.padlen && kw.padtype != pad_type::none) {
      const auto host = cupp::ndarray<double>(sc.template astype<double>()).get();
      detail::validate_sos(host, ns, 6);
      index_t zb = 0, za = 0;
      for (index_t s = 0; s < ns; ++s) {
        zb += host[6 * s + 2] == 0.0;
        za += host[6 * s + 5] == 0.0;
      }
      ntaps -= std::min(zb, za);
    }
    const index_t edge = detail::pad_edge(kw, x.shape()[ax], ntaps);
    const auto zi = sosfilt_zi(sc).reshape(cupp::shape_t{ns, 1, 2});
    const auto xr = detail::to_rows<X>(x, ax);
    const auto y =
        detail::forward_backward<R>(xr.rows, zi, edge, kw.padtype,
                                    [&](const cupp::ndarray<R>& rows, const cupp::ndarray<R>& z) {
                                      return detail::sosfilt_rows(sc, rows, z.data(), false).first;
                                    });
    return detail::from_rows(y, xr.moved, x.shape()[ax], ax);
  }
}

} // namespace cupx::signal
