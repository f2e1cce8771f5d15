#pragma once
/// \file
/// scipy.stats' order statistics on cupp arrays: trim_mean iqr median_abs_deviation mode
/// rankdata. They sort along the axis with cupp's segmented sorts (one sort per call) and
/// finish with reductions, scans and gathers on the device; the axis is moved last first.

#include <cupx/stats/moments.hpp>

#include <cupp/core/axes.hpp>
#include <cupp/core/error.hpp>
#include <cupp/creation.hpp>
#include <cupp/expr/astype.hpp>
#include <cupp/indexing/mask.hpp>
#include <cupp/indexing/take.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/math/functions.hpp>
#include <cupp/reduction/order.hpp>
#include <cupp/reduction/reduce.hpp>
#include <cupp/reduction/scan.hpp>
#include <cupp/sorting/sort.hpp>

#include <cmath>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cupx::stats {

namespace detail {

/// The operand evaluated into its compute dtype, with `axis` moved last and the array made
/// C-contiguous (nullopt: flattened, SciPy's axis=None).
template <class A> auto last_axis(const A& a, std::optional<cupp::index_t> axis) {
  using P = operand_dtype_t<A>;
  const ndarray<P> x(as_compute(a));
  if (!axis) return ndarray<P>(x.reshape({x.size()}));
  if (x.ndim() == 0)
    throw cupp::axis_error("axis " + std::to_string(*axis) +
                           " is out of bounds for array of dimension 0");
  return cupp::moveaxis(x, *axis, -1).copy();
}

/// The statistic's shape: a's without the axis (every axis for nullopt).
inline cupp::shape_t without_last(const cupp::shape_t& s) {
  return cupp::shape_t(s.begin(), s.end() - 1);
}

/// Run-length state over sorted values: the first and last runs, the longest (the earliest, so
/// the smallest value, on ties) and whether the range is one run.
template <class P> struct mode_reducer {
  struct acc_t {
    P first, last, best;
    cupp::index_t first_len, last_len, best_len, n;
  };
  using result_t = cupp::complex128; // value + i count: one pass, two results
  CUPP_HD static bool same(P a, P b) { return a == b || (a != a && b != b); }
  CUPP_HD acc_t init() const { return {P(0), P(0), P(0), 0, 0, 0, 0}; }
  CUPP_HD acc_t add(acc_t a, P x, cupp::index_t) const {
    return merge(a, acc_t{x, x, x, 1, 1, 1, 1});
  }
  CUPP_HD acc_t merge(acc_t a, acc_t b) const {
    if (b.n == 0) return a;
    if (a.n == 0) return b;
    acc_t r{a.first, b.last, a.best, a.first_len, b.last_len, a.best_len, a.n + b.n};
    if (b.best_len > r.best_len) {
      r.best = b.best;
      r.best_len = b.best_len;
    }
    if (same(a.last, b.first)) {
      const cupp::index_t joined = a.last_len + b.first_len;
      if (joined > r.best_len ||
          (joined == r.best_len && !(r.best < a.last) && !same(r.best, a.last))) {
        r.best = a.last;
        r.best_len = joined;
      }
      if (a.first_len == a.n) r.first_len = joined;
      if (b.last_len == b.n) r.last_len = joined;
    }
    return r;
  }
  CUPP_HD result_t finish(acc_t a, cupp::index_t) const {
    return {static_cast<double>(a.best), static_cast<double>(a.best_len)};
  }
};

} // namespace detail

/// `scipy.stats.trim_mean(a, proportiontocut, axis=0)`: the mean of the sorted slice without
/// int(proportiontocut * n) values at each end (NaN when that leaves none, as SciPy 1.17);
/// axis = nullopt flattens.
template <class A>
requires are_operands_v<A>
[[nodiscard]] auto trim_mean(const A& a, double proportiontocut,
                             std::optional<cupp::index_t> axis = 0) {
  const auto x = detail::last_axis(a, axis);
  const cupp::index_t n = x.shape().back();
  const auto cut = static_cast<cupp::index_t>(proportiontocut * static_cast<double>(n));
  if (cut > n - cut) throw cupp::value_error("Proportion too big.");
  const auto sorted = cupp::sort(x, -1);
  return cupp::mean(sorted(cupp::ellipsis, cupp::slice(cut, n - cut)), -1);
}

/// iqr's and median_abs_deviation's `scale="normal"`: the normal distribution's IQR.
inline constexpr double normal_iqr = 1.3489795003921634;

/// `scipy.stats.iqr(x, axis=None, rng=(25, 75), scale=1.0)` with linear interpolation; `scale`
/// divides (pass normal_iqr for SciPy's scale="normal").
template <class A>
requires are_operands_v<A>
[[nodiscard]] auto iqr(const A& a, std::optional<cupp::index_t> axis = std::nullopt,
                       std::pair<double, double> rng = {25, 75}, double scale = 1.0) {
  if (!(rng.first >= 0 && rng.first <= 100 && rng.second >= 0 && rng.second <= 100))
    throw cupp::value_error("Elements of `rng` must be in the range [0, 100].");
  if (rng.first > rng.second) std::swap(rng.first, rng.second); // SciPy sorts them
  const auto x = detail::last_axis(a, axis);
  using P = typename decltype(x)::value_type;
  const auto q = cupp::percentile(x, {rng.first, rng.second}, -1);
  return ndarray<P>((q(1) - q(0)) / static_cast<P>(scale)); // q's first axis: the two points
}

/// `scipy.stats.median_abs_deviation(x, axis=0, scale=1.0)`: median(|x - median(x)|) / scale
/// (scale 0.6744897501960817 = normal_iqr / 2 for SciPy's scale="normal").
template <class A>
requires are_operands_v<A>
[[nodiscard]] auto median_abs_deviation(const A& a, std::optional<cupp::index_t> axis = 0,
                                        double scale = 1.0) {
  const auto x = detail::last_axis(a, axis);
  using P = typename decltype(x)::value_type;
  const auto med = cupp::median(x, -1, true);
  const ndarray<P> dev = cupp::abs(x - med);
  return ndarray<P>(cupp::median(dev, -1) / static_cast<P>(scale));
}

/// scipy.stats.mode's result: the most common value of each slice (the smallest on ties) and its
/// count.
template <class P> struct mode_result {
  ndarray<P> mode;
  ndarray<cupp::index_t> count;
};

/// `scipy.stats.mode(a, axis=0)`: one sort along the axis, then one run-length reduction.
template <class A>
requires are_operands_v<A>
[[nodiscard]] auto mode(const A& a, std::optional<cupp::index_t> axis = 0) {
  const auto x = detail::last_axis(a, axis);
  using P = typename decltype(x)::value_type;
  if (x.shape().back() == 0) { // SciPy: NaN and count 0 for empty slices
    const auto shape = detail::without_last(x.shape());
    return mode_result<P>{cupp::full<P>(shape, std::numeric_limits<P>::quiet_NaN()),
                          cupp::zeros<cupp::index_t>(shape)};
  }
  const auto sorted = cupp::sort(x, -1);
  const auto r = cupp::detail::reduce(sorted, -1, false, detail::mode_reducer<P>{});
  return mode_result<P>{ndarray<P>(r.real().template astype<P>()),
                        ndarray<cupp::index_t>(r.imag().template astype<cupp::index_t>())};
}

/// rankdata's `method=`.
enum class rank_method { average, min, max, dense, ordinal };

/// `scipy.stats.rankdata(a, method="average", axis=None)`: ranks from 1 along the axis (flattened
/// for nullopt), ties by `method`; a slice holding NaN ranks as all NaN (SciPy's
/// nan_policy="propagate"). float64 results (SciPy's), as every method's.
template <class A>
requires are_operands_v<A>
[[nodiscard]] ndarray<double> rankdata(const A& a, rank_method method = rank_method::average,
                                       std::optional<cupp::index_t> axis = std::nullopt) {
  using cupp::index_t;
  const auto x = detail::last_axis(a, axis);
  const index_t len = x.ndim() ? x.shape().back() : 1, total = x.size();
  ndarray<double> ranks(x.shape());
  if (total == 0) return axis ? cupp::moveaxis(ranks, -1, *axis).copy() : ranks;
  ndarray<index_t> order = cupp::argsort(x, -1, "stable");
  const auto s = cupp::take_along_axis(x, order, -1).reshape({total});
  const auto k = cupp::arange<index_t>(total);
  const ndarray<index_t> pos = k % len; // position within the row
  ndarray<double> sorted_rank;
  if (method == rank_method::ordinal) {
    sorted_rank = cupp::astype<double>(pos + 1);
  } else {
    // a group starts at each row's start and where the sorted value changes
    ndarray<bool> flag = cupp::ones<bool>({total});
    if (total > 1)
      flag(cupp::slice(1, total)) = s(cupp::slice(1, total)) != s(cupp::slice(0, total - 1));
    flag = cupp::logical_or(flag, pos == 0);
    const ndarray<index_t> group = cupp::cumsum(flag.template astype<index_t>()) - 1;
    const ndarray<index_t> starts = cupp::flatnonzero(flag);
    const index_t groups = starts.size();
    if (method == rank_method::dense) {
      const ndarray<index_t> row_start = k - pos;
      sorted_rank = cupp::astype<double>(group - cupp::take(group, row_start) + 1);
    } else {
      ndarray<index_t> ends({groups}); // the last position of each group
      if (groups > 1) ends(cupp::slice(0, groups - 1)) = starts(cupp::slice(1, groups)) - 1;
      ends(cupp::slice(groups - 1, groups)) = total - 1;
      const ndarray<index_t> row_start = k - pos;
      const ndarray<double> lo = cupp::astype<double>(cupp::take(starts, group) - row_start + 1);
      const ndarray<double> hi = cupp::astype<double>(cupp::take(ends, group) - row_start + 1);
      sorted_rank = method == rank_method::min   ? lo
                    : method == rank_method::max ? hi
                                                 : ndarray<double>((lo + hi) * 0.5);
    }
  }
  cupp::put_along_axis(ranks, order, sorted_rank.reshape(x.shape()), -1);
  // NaN anywhere in a slice: the slice's ranks are NaN
  const auto has_nan = cupp::any(cupp::isnan(x), -1, true);
  ranks = cupp::where(has_nan, std::numeric_limits<double>::quiet_NaN(), ranks);
  return axis ? cupp::moveaxis(ranks, -1, *axis).copy() : ranks;
}

} // namespace cupx::stats
