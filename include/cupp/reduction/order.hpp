#pragma once
/// \file
/// Order statistics and weighted means: median, quantile, percentile and their nan-variants (by
/// sorting each slice: CUB segmented sort), and average with weights. Results are floating point
/// (float64 for integer input) for every method, where NumPy keeps the input dtype for the
/// methods lower, higher and nearest. median of complex numbers is NumPy's (the middle of the
/// lexicographic order); quantile and percentile of them do not compile (NumPy's TypeError).

#include <cupp/creation.hpp>
#include <cupp/math/arithmetic.hpp>
#include <cupp/reduction/reduce.hpp>
#include <cupp/sorting/sort.hpp>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

namespace cupp {

/// NumPy's `method=` for quantile and percentile (the discontinuous and linear ones).
enum class quantile_method { linear, lower, higher, nearest, midpoint };

/// NumPy's keywords of quantile, percentile and their nan-variants (core/keywords.hpp):
/// `cp::quantile(a, 0.5, {.axis = 0, .method = cp::quantile_method::lower})`. median and
/// nanmedian take reduction/reduce.hpp's reduce_kw (`{.axis = ..., .keepdims = ...}`).
struct quantile_kw {
  detail::kw_guard guard_{};
  axes axis = all_axes;
  quantile_method method = quantile_method::linear;
  bool keepdims = false;
};

namespace detail {

/// The quantile q[k] of sorted row o (rows of `len`, NaN last), for output i = k * rows + o.
template <class T, class R> struct quantile_fn {
  const T* sorted;
  const double* q;
  index_t rows, len;
  quantile_method method;
  bool skip_nan;
  CUPP_HD R operator()(index_t i) const {
    const index_t k = i / rows, o = i - k * rows;
    const T* row = sorted + o * len;
    index_t n = len;
    if (skip_nan) { // NaN sort last: find the first one
      index_t lo = 0, hi = len;
      while (lo < hi) {
        const index_t mid = (lo + hi) / 2;
        if (is_nan(row[mid])) {
          hi = mid;
        } else {
          lo = mid + 1;
        }
      }
      n = lo;
    } else if (len > 0 && is_nan(row[len - 1])) {
      return static_cast<R>(row[len - 1]);
    }
    if (n == 0) return nan_value<R>();
    const double pos = q[k] * static_cast<double>(n - 1);
    const index_t below = static_cast<index_t>(std::floor(pos));
    const index_t above = below + 1 < n ? below + 1 : n - 1;
    using C = compute_t<R>; // float16 and bfloat16 interpolate in float32
    using F = real_t<C>;    // the interpolation weight (complex medians interpolate both parts)
    const C a = static_cast<R>(row[below]), b = static_cast<R>(row[above]);
    switch (method) {
    case quantile_method::lower:
      return static_cast<R>(a);
    case quantile_method::higher:
      return static_cast<R>(pos > static_cast<double>(below) ? b : a);
    case quantile_method::nearest: // NumPy rounds half to even
      return static_cast<R>(row[static_cast<index_t>(std::rint(pos))]);
    case quantile_method::midpoint:
      return static_cast<R>(pos > static_cast<double>(below) ? (a + b) / C(2) : a);
    default: { // NumPy's _lerp: from the nearer end, so the endpoints are exact
      const F t = static_cast<F>(pos - static_cast<double>(below));
      const C d = b - a;
      return static_cast<R>(t >= F(0.5) ? b - d * (F(1) - t) : a + d * t);
    }
    }
  }
};

/// Quantiles q of `a` over `ax`: shape (len(q),) + kept axes, or kept axes when `scalar_q`.
template <class T>
ndarray<mean_t<T>> quantiles(const ndarray<T>& a, const std::vector<double>& q, bool scalar_q,
                             const axes& ax, quantile_method method, bool keepdims, bool skip_nan,
                             const char* what, double scale) {
  using R = mean_t<T>;
  for (double x : q)
    if (!(x >= 0 && x <= 1))
      throw value_error(std::string(what) + " must be in the range [0, " +
                        (scale == 1 ? "1" : "100") + "]");
  const axis_split sp = split_axes(a.shape(), ax);
  std::vector<index_t> order;
  for (int pass = 0; pass < 2; ++pass)
    for (int d = 0; d < a.ndim(); ++d)
      if (sp.reduced[static_cast<std::size_t>(d)] == (pass == 1)) order.push_back(d);
  const index_t rows = shape_size(sp.kept_shape), len = sp.len;
  // the slices as the rows of a matrix, each sorted (NaN last)
  const ndarray<T> sorted = sorted_last_axis(transpose(a, order).reshape({rows, len}), nullptr);
  const ndarray<double> qd = asarray(q);
  shape_t out_shape = keepdims ? sp.keepdims_shape : sp.kept_shape;
  if (!scalar_q) {
    shape_t s{static_cast<index_t>(q.size())};
    for (index_t e : out_shape)
      s.push_back(e);
    out_shape = s;
  }
  ndarray<R> out(out_shape);
  if (len == 0 && rows > 0) {
    out.fill(nan_value<R>()); // NumPy: nan (with a warning)
    return out;
  }
  launch_transform(out.size(), out.data(),
                   quantile_fn<T, R>{sorted.data(), qd.data(), rows, len, method, skip_nan});
  return out;
}

template <class T> constexpr void check_real_quantile() {
  static_assert(!is_complex_v<T>, "quantile and percentile need an array of real numbers (NumPy: "
                                  "TypeError: a must be an array of real numbers)");
}

inline std::vector<double> scaled(std::vector<double> q, double by) {
  for (double& x : q)
    x /= by;
  return q;
}

} // namespace detail

/// `np.quantile(a, q, axis, method, keepdims)` for one q in [0, 1].
template <class T>
[[nodiscard]] ndarray<detail::mean_t<T>>
quantile(const ndarray<T>& a, double q, const axes& ax = all_axes,
         quantile_method method = quantile_method::linear, bool keepdims = false) {
  detail::check_real_quantile<T>();
  return detail::quantiles(a, {q}, true, ax, method, keepdims, false, "Quantiles", 1);
}
/// `np.quantile(a, [q...], ...)`: the quantiles along a new first axis.
template <class T>
[[nodiscard]] ndarray<detail::mean_t<T>>
quantile(const ndarray<T>& a, const std::vector<double>& q, const axes& ax = all_axes,
         quantile_method method = quantile_method::linear, bool keepdims = false) {
  detail::check_real_quantile<T>();
  return detail::quantiles(a, q, false, ax, method, keepdims, false, "Quantiles", 1);
}
/// `np.percentile(a, p, ...)`: quantile of p / 100.
template <class T>
[[nodiscard]] ndarray<detail::mean_t<T>>
percentile(const ndarray<T>& a, double p, const axes& ax = all_axes,
           quantile_method method = quantile_method::linear, bool keepdims = false) {
  detail::check_real_quantile<T>();
  return detail::quantiles(a, {p / 100}, true, ax, method, keepdims, false, "Percentiles", 100);
}
template <class T>
[[nodiscard]] ndarray<detail::mean_t<T>>
percentile(const ndarray<T>& a, const std::vector<double>& p, const axes& ax = all_axes,
           quantile_method method = quantile_method::linear, bool keepdims = false) {
  detail::check_real_quantile<T>();
  return detail::quantiles(a, detail::scaled(p, 100), false, ax, method, keepdims, false,
                           "Percentiles", 100);
}
/// `np.median(a, axis, keepdims)`; NaN in a slice gives NaN (that slice's NaN element, as NumPy).
template <class T>
[[nodiscard]] ndarray<detail::mean_t<T>> median(const ndarray<T>& a, const axes& ax = all_axes,
                                                bool keepdims = false) {
  return detail::quantiles(a, {0.5}, true, ax, quantile_method::linear, keepdims, false,
                           "Quantiles", 1);
}

/// The nan-variants: NaN elements are ignored (an all-NaN slice gives NaN).
template <class T>
[[nodiscard]] ndarray<detail::mean_t<T>>
nanquantile(const ndarray<T>& a, double q, const axes& ax = all_axes,
            quantile_method method = quantile_method::linear, bool keepdims = false) {
  detail::check_real_quantile<T>();
  return detail::quantiles(a, {q}, true, ax, method, keepdims, true, "Quantiles", 1);
}
template <class T>
[[nodiscard]] ndarray<detail::mean_t<T>>
nanquantile(const ndarray<T>& a, const std::vector<double>& q, const axes& ax = all_axes,
            quantile_method method = quantile_method::linear, bool keepdims = false) {
  detail::check_real_quantile<T>();
  return detail::quantiles(a, q, false, ax, method, keepdims, true, "Quantiles", 1);
}
template <class T>
[[nodiscard]] ndarray<detail::mean_t<T>>
nanpercentile(const ndarray<T>& a, double p, const axes& ax = all_axes,
              quantile_method method = quantile_method::linear, bool keepdims = false) {
  detail::check_real_quantile<T>();
  return detail::quantiles(a, {p / 100}, true, ax, method, keepdims, true, "Percentiles", 100);
}
template <class T>
[[nodiscard]] ndarray<detail::mean_t<T>>
nanpercentile(const ndarray<T>& a, const std::vector<double>& p, const axes& ax = all_axes,
              quantile_method method = quantile_method::linear, bool keepdims = false) {
  detail::check_real_quantile<T>();
  return detail::quantiles(a, detail::scaled(p, 100), false, ax, method, keepdims, true,
                           "Percentiles", 100);
}
template <class T>
[[nodiscard]] ndarray<detail::mean_t<T>> nanmedian(const ndarray<T>& a, const axes& ax = all_axes,
                                                   bool keepdims = false) {
  return detail::quantiles(a, {0.5}, true, ax, quantile_method::linear, keepdims, true, "Quantiles",
                           1);
}

/// The keyword forms: `cp::median(a, {.axis = 0, .keepdims = true})`, `cp::quantile(a, q, {...})`.
template <class T>
[[nodiscard]] ndarray<detail::mean_t<T>> quantile(const ndarray<T>& a, double q,
                                                  const quantile_kw& kw) {
  return quantile(a, q, kw.axis, kw.method, kw.keepdims);
}
template <class T>
[[nodiscard]] ndarray<detail::mean_t<T>> quantile(const ndarray<T>& a, const std::vector<double>& q,
                                                  const quantile_kw& kw) {
  return quantile(a, q, kw.axis, kw.method, kw.keepdims);
}
template <class T>
[[nodiscard]] ndarray<detail::mean_t<T>> percentile(const ndarray<T>& a, double p,
                                                    const quantile_kw& kw) {
  return percentile(a, p, kw.axis, kw.method, kw.keepdims);
}
template <class T>
[[nodiscard]] ndarray<detail::mean_t<T>>
percentile(const ndarray<T>& a, const std::vector<double>& p, const quantile_kw& kw) {
  return percentile(a, p, kw.axis, kw.method, kw.keepdims);
}
template <class T>
[[nodiscard]] ndarray<detail::mean_t<T>> nanquantile(const ndarray<T>& a, double q,
                                                     const quantile_kw& kw) {
  return nanquantile(a, q, kw.axis, kw.method, kw.keepdims);
}
template <class T>
[[nodiscard]] ndarray<detail::mean_t<T>>
nanquantile(const ndarray<T>& a, const std::vector<double>& q, const quantile_kw& kw) {
  return nanquantile(a, q, kw.axis, kw.method, kw.keepdims);
}
template <class T>
[[nodiscard]] ndarray<detail::mean_t<T>> nanpercentile(const ndarray<T>& a, double p,
                                                       const quantile_kw& kw) {
  return nanpercentile(a, p, kw.axis, kw.method, kw.keepdims);
}
template <class T>
[[nodiscard]] ndarray<detail::mean_t<T>>
nanpercentile(const ndarray<T>& a, const std::vector<double>& p, const quantile_kw& kw) {
  return nanpercentile(a, p, kw.axis, kw.method, kw.keepdims);
}
template <class T>
[[nodiscard]] ndarray<detail::mean_t<T>> median(const ndarray<T>& a, const reduce_kw& kw) {
  return median(a, kw.axis, kw.keepdims);
}
template <class T>
[[nodiscard]] ndarray<detail::mean_t<T>> nanmedian(const ndarray<T>& a, const reduce_kw& kw) {
  return nanmedian(a, kw.axis, kw.keepdims);
}

/// `np.average(a, axis, keepdims)`: the mean.
template <class T>
[[nodiscard]] auto average(const ndarray<T>& a, const axes& ax = all_axes, bool keepdims = false) {
  return mean(a, ax, keepdims);
}
/// `cp::average(a, {.axis = 1, .keepdims = true})`.
template <class T> [[nodiscard]] auto average(const ndarray<T>& a, const reduce_kw& kw) {
  return mean(a, kw.axis, kw.keepdims);
}

/// Tag asking `average` for NumPy's `returned=True`: the pair (average, sum of weights).
struct returned_t {};
inline constexpr returned_t returned{};

/// `np.average(a, axis, weights, returned=True, keepdims)`: weights of a's shape, or 1-D along one
/// axis.
template <class T, class W>
[[nodiscard]] auto average(const ndarray<T>& a, const ndarray<W>& weights, const axes& ax,
                           returned_t, bool keepdims = false) {
  ndarray<W> w = weights;
  if (weights.shape() != a.shape()) {
    if (ax.all() || ax.list().size() != 1)
      throw type_error("Axis must be specified when shapes of a and weights differ.");
    if (weights.ndim() != 1)
      throw type_error("1D weights expected when shapes of a and weights differ.");
    const int d = detail::normalize_axis(ax.list()[0], a.ndim());
    if (weights.size() != a.shape()[d])
      throw value_error("Length of weights not compatible with specified axis.");
    shape_t s = shape_t::filled(a.ndim(), 1);
    s[d] = weights.size();
    w = broadcast_to(weights.reshape(s), a.shape());
  }
  auto num = sum(a * w, ax, keepdims);
  auto den = sum(w, ax, keepdims);
  using R = detail::mean_t<promote_t<sum_result_t<T>, sum_result_t<W>>>;
  ndarray<R> avg = num / den; // NumPy: zero weights give nan/inf (it raises ZeroDivisionError)
  return std::pair<ndarray<R>, decltype(den)>{avg, den};
}
/// `np.average(a, axis, weights)`.
template <class T, class W>
[[nodiscard]] auto average(const ndarray<T>& a, const ndarray<W>& weights,
                           const axes& ax = all_axes) {
  return average(a, weights, ax, returned).first;
}
/// `cp::average(a, w, {.axis = 1, .keepdims = true})`.
template <class T, class W>
[[nodiscard]] auto average(const ndarray<T>& a, const ndarray<W>& weights, const reduce_kw& kw) {
  return average(a, weights, kw.axis, returned, kw.keepdims).first;
}

} // namespace cupp
