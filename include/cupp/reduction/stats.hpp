#pragma once
/// \file
/// Statistics and calculus on arrays: gradient, trapezoid, cov, corrcoef, convolve and correlate
/// (1-D, modes full/same/valid). cov and corrcoef multiply with cuBLAS (float32/float64; integer
/// input is computed in float64, as NumPy does).

#include <cupp/core/keywords.hpp>
#include <cupp/detail/launch.hpp>
#include <cupp/linalg/dot.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/math/arithmetic.hpp>
#include <cupp/reduction/axis.hpp>

#include <optional>
#include <string>

namespace cupp {

namespace detail {

/// x clipped to [-1, 1] (rounding can push a correlation past it); NaN stays NaN.
template <class R> struct unit_clip {
  using result_type = R;
  CUPP_HD R operator()(R x) const { return x < R(-1) ? R(-1) : (x > R(1) ? R(1) : x); }
};

/// `a` converted to dtype R (a itself when it already is).
template <class R, class T> ndarray<R> as_dtype(const ndarray<T>& a) {
  if constexpr (std::is_same_v<R, T>) {
    return a;
  } else {
    return evaluate(expr::node<expr::cast<R>, ndarray<T>>{{}, {a}});
  }
}

} // namespace detail

/// `np.gradient(f, dx, axis=axis)`: central differences inside, one-sided at the two ends
/// (edge_order 1), over uniform spacing dx. Float64 for integer input. The axis may be omitted for
/// 1-D input; NumPy's list of gradients along every axis is one call per axis here.
template <class T>
[[nodiscard]] auto gradient(const ndarray<T>& f, double dx = 1.0,
                            std::optional<index_t> axis = std::nullopt) {
  using R = detail::mean_t<T>;
  if (!axis && f.ndim() != 1)
    throw value_error("gradient of an N-D array: give the axis (one call per axis)");
  const int ax = detail::normalize_axis(axis.value_or(0), f.ndim());
  const index_t n = f.shape()[ax];
  if (n < 2)
    throw value_error("Shape of array too small to calculate a numerical gradient, at least "
                      "(edge_order + 1) elements are required.");
  const ndarray<R> x = detail::as_dtype<R>(f);
  ndarray<R> out(f.shape());
  const R h = static_cast<R>(dx);
  auto part = [&](const ndarray<R>& a, index_t start, index_t len) {
    return detail::slab(a, ax, start, len);
  };
  part(out, 1, n - 2).assign((part(x, 2, n - 2) - part(x, 0, n - 2)) / (R(2) * h));
  part(out, 0, 1).assign((part(x, 1, 1) - part(x, 0, 1)) / h);
  part(out, n - 1, 1).assign((part(x, n - 1, 1) - part(x, n - 2, 1)) / h);
  return out;
}

/// `np.trapezoid(y, dx=dx, axis=axis)`: the trapezoidal rule over uniform spacing.
template <class T>
[[nodiscard]] auto trapezoid(const ndarray<T>& y, double dx = 1.0, index_t axis = -1) {
  using R = detail::mean_t<T>;
  const int ax = detail::normalize_axis(axis, y.ndim());
  const index_t n = y.shape()[ax];
  const ndarray<R> v = detail::as_dtype<R>(y);
  if (n < 2) return sum(v * R(0), axes(ax));
  return sum((detail::slab(v, ax, 1, n - 1) + detail::slab(v, ax, 0, n - 1)) *
                 static_cast<R>(dx / 2),
             axes(ax));
}
/// `np.trapezoid(y, x)` of 1-D y over sample points x.
template <class T, class X>
[[nodiscard]] auto trapezoid(const ndarray<T>& y, const ndarray<X>& x) {
  using R = detail::mean_t<promote_t<T, X>>;
  if (y.ndim() != 1 || x.shape() != y.shape())
    throw value_error("trapezoid with sample points takes a 1-D y and x of the same length");
  const index_t n = y.size();
  const ndarray<R> v = detail::as_dtype<R>(y), p = detail::as_dtype<R>(x);
  if (n < 2) return sum(v * R(0), axes(0));
  return sum((p(slice(1, none)) - p(slice(none, n - 1))) *
                 (v(slice(1, none)) + v(slice(none, n - 1))) / R(2),
             axes(0));
}

/// `np.cov(m, rowvar, ddof)`: the covariance of the variables (rows when rowvar, else columns)
/// of a 1-D or 2-D array; ddof defaults to 1 (NumPy's unbiased estimate). Float64 for integers.
template <class T>
[[nodiscard]] auto cov(const ndarray<T>& m, bool rowvar = true, index_t ddof = 1) {
  using R = detail::mean_t<T>;
  if (m.ndim() > 2) throw value_error("m has more than 2 dimensions");
  ndarray<R> x = detail::as_dtype<R>(atleast_2d(m));
  if (!rowvar && m.ndim() == 2) x = x.transpose();
  const index_t n = x.shape()[1];
  const ndarray<R> centered = x - mean(x, 1, true);
  ndarray<R> c = matmul(centered, centered.transpose());
  c /= static_cast<R>(n > ddof ? n - ddof : 0); // NumPy: inf/nan with a warning when n <= ddof
  return m.ndim() == 1 || x.shape()[0] == 1 ? c.reshape({}) : c;
}

/// NumPy's keywords of cov (core/keywords.hpp): `cp::cov(m, {.rowvar = false, .bias = true})`;
/// ddof, when given, overrides bias (as NumPy's).
struct cov_kw {
  detail::kw_guard guard_{};
  bool rowvar = true;
  bool bias = false;
  std::optional<index_t> ddof = std::nullopt;
};
template <class T> [[nodiscard]] auto cov(const ndarray<T>& m, const cov_kw& kw) {
  return cov(m, kw.rowvar, kw.ddof.value_or(kw.bias ? 0 : 1));
}

/// `np.corrcoef(x, rowvar)`: Pearson correlation coefficients, clipped to [-1, 1].
template <class T> [[nodiscard]] auto corrcoef(const ndarray<T>& x, bool rowvar = true) {
  using R = detail::mean_t<T>;
  ndarray<R> c = cov(x, rowvar);
  if (c.ndim() == 0) return ndarray<R>(c / c); // 1 (or nan), as NumPy's c / c
  const ndarray<R> d = sqrt(diagonal(c));
  const ndarray<R> r = c / d.reshape({-1, 1}) / d.reshape({1, -1});
  return evaluate(expr::node<detail::unit_clip<R>, ndarray<R>>{{}, {r}});
}

namespace detail {

/// out[k] = sum over m of a[m] * v[k + offset - m] (the full convolution shifted by offset).
template <class A, class V, class R> struct convolve_fn {
  const A* a;
  index_t na;
  const V* v;
  index_t nv, offset;
  CUPP_HD R operator()(index_t k) const {
    const index_t t = k + offset; // index into the full convolution
    const index_t lo = t - (nv - 1) > 0 ? t - (nv - 1) : 0, hi = t < na - 1 ? t : na - 1;
    R acc = R(0);
    for (index_t m = lo; m <= hi; ++m)
      acc += static_cast<R>(a[m]) * static_cast<R>(v[t - m]);
    return acc;
  }
};

} // namespace detail

/// `np.convolve(a, v, mode)`: the discrete linear convolution of two 1-D arrays; mode "full"
/// (length n + m - 1), "same" (max(n, m)) or "valid" (max(n, m) - min(n, m) + 1).
template <class A, class V>
[[nodiscard]] ndarray<promote_t<A, V>> convolve(const ndarray<A>& a, const ndarray<V>& v,
                                                const std::string& mode = "full") {
  using R = promote_t<A, V>;
  if (a.ndim() != 1 || v.ndim() != 1) throw value_error("object too deep for desired array");
  if (a.size() == 0) throw value_error("a cannot be empty");
  if (v.size() == 0) throw value_error("v cannot be empty");
  const ndarray<A> ca = ascontiguousarray(a);
  const ndarray<V> cv = ascontiguousarray(v);
  const index_t n = a.size(), m = v.size();
  index_t length = 0, offset = 0;
  if (mode == "full") {
    length = n + m - 1;
  } else if (mode == "same") {
    length = std::max(n, m);
    offset = (std::min(n, m) - 1) / 2;
  } else if (mode == "valid") {
    length = std::max(n, m) - std::min(n, m) + 1;
    offset = std::min(n, m) - 1;
  } else {
    throw value_error("mode must be one of 'valid', 'same', or 'full' (got '" + mode + "')");
  }
  ndarray<R> out(shape_t{length});
  detail::launch_transform(length, out.data(),
                           detail::convolve_fn<A, V, R>{ca.data(), n, cv.data(), m, offset});
  return out;
}

/// `np.correlate(a, v, mode)` of real 1-D arrays (default mode "valid"): convolve(a, v[::-1]).
template <class A, class V>
[[nodiscard]] ndarray<promote_t<A, V>> correlate(const ndarray<A>& a, const ndarray<V>& v,
                                                 const std::string& mode = "valid") {
  if (v.ndim() != 1) throw value_error("object too deep for desired array");
  return convolve(a, flip(v, 0), mode);
}

} // namespace cupp
