#pragma once
/// \file
/// Differences and integrals along an axis (from NumPy's "sums, products, differences"): gradient
/// and trapezoid, in float64 for integer input. (diff and ediff1d are reduction/scan.hpp's.)

#include <cupp/expr/astype.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/math/arithmetic.hpp>
#include <cupp/reduction/reduce.hpp>

#include <optional>

namespace cupp {

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
template <class T, class X> [[nodiscard]] auto trapezoid(const ndarray<T>& y, const ndarray<X>& x) {
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

} // namespace cupp
