#pragma once
/// \file
/// Correlating (NumPy's statistics routines of that name): cov and corrcoef, which multiply with
/// cuBLAS (float32/float64; integer input is computed in float64, as NumPy does). correlate, a
/// convolution, is math/convolve.hpp.

#include <cupp/core/keywords.hpp>
#include <cupp/expr/astype.hpp>
#include <cupp/linalg/dot.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/math/arithmetic.hpp>
#include <cupp/math/functions.hpp>
#include <cupp/reduction/reduce.hpp>

#include <optional>

namespace cupp {

namespace detail {

/// x clipped to [-1, 1] (rounding can push a correlation past it); NaN stays NaN.
template <class R> struct unit_clip {
  using result_type = R;
  CUPP_HD R operator()(R x) const { return x < R(-1) ? R(-1) : (x > R(1) ? R(1) : x); }
};

} // namespace detail

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

} // namespace cupp
