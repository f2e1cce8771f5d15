#pragma once
/// \file
/// scipy.signal's peak finding: find_peaks, peak_prominences, peak_widths, argrelmax, argrelmin
/// and argrelextrema. x is computed in float64 as SciPy converts it. The local maxima (plateaus
/// give their middle index) are flagged in one device pass, together with the per-peak filters
/// plateau_size, height and threshold (independent conditions, so their order does not matter),
/// and compacted: the number of peaks is data-dependent, one sync as cupp::nonzero. Prominences
/// and widths run one device thread per peak (each walks outwards, bounded by wlen or the
/// signal); their filters compact again (a sync each, only when a bound is given). `distance`
/// runs SciPy's greedy pass by priority on the host (a sync: its result size depends on the data
/// anyway, and the pass is sequential). See docs/signal.md.

#include <cupp/core/dtype.hpp>
#include <cupp/core/error.hpp>
#include <cupp/core/keywords.hpp>
#include <cupp/core/shape.hpp>
#include <cupp/creation.hpp>
#include <cupp/detail/launch.hpp>
#include <cupp/expr/astype.hpp>
#include <cupp/indexing/mask.hpp>
#include <cupp/indexing/take.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/ndarray.hpp>
#include <cupp/reduction/reduce.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace cupx::signal {

/// One border of a find_peaks interval: None (unset), a number, or an array of x's size (indexed
/// at the peaks, as SciPy's `imin[peaks]`).
struct peak_bound {
  std::optional<double> value = std::nullopt;
  std::optional<cupp::ndarray<double>> array = std::nullopt;
  peak_bound() = default;
  peak_bound(std::nullopt_t) {}      // NOLINT(google-explicit-constructor)
  peak_bound(double v) : value(v) {} // NOLINT(google-explicit-constructor)
  template <class T>
  peak_bound(const cupp::ndarray<T>& a) // NOLINT(google-explicit-constructor)
      : array(cupp::ascontiguousarray(
            cupp::ndarray<double>(cupp::ravel(a).template astype<double>()))) {}
  [[nodiscard]] bool is_set() const { return value.has_value() || array.has_value(); }
};

/// A find_peaks condition (SciPy's `height`, `threshold`, `prominence`, `width`,
/// `plateau_size`): not given (the default), a number or an array (the minimum, as SciPy's
/// scalar), or a pair {min, max} whose borders may be `std::nullopt` (SciPy's (None, 5)).
struct peak_condition {
  bool given = false;
  peak_bound min, max;
  peak_condition() = default;
  peak_condition(double v) : given(true), min(v) {} // NOLINT(google-explicit-constructor)
  template <class T>
  peak_condition(const cupp::ndarray<T>& a) // NOLINT(google-explicit-constructor)
      : given(true), min(a) {}
  peak_condition(peak_bound lo, peak_bound hi)
      : given(true), min(std::move(lo)), max(std::move(hi)) {}
};

/// Keywords of find_peaks (scipy.signal.find_peaks(x, height=None, threshold=None, distance=None,
/// prominence=None, width=None, wlen=None, rel_height=0.5, plateau_size=None)).
struct find_peaks_kw {
  cupp::detail::kw_guard guard_{};
  peak_condition height{};
  peak_condition threshold{};
  std::optional<double> distance = std::nullopt;
  peak_condition prominence{};
  peak_condition width{};
  std::optional<double> wlen = std::nullopt;
  double rel_height = 0.5;
  peak_condition plateau_size{};
};

/// find_peaks' properties: SciPy's dict, each entry present when SciPy fills it.
struct peak_properties {
  std::optional<cupp::ndarray<double>> peak_heights;
  std::optional<cupp::ndarray<double>> left_thresholds, right_thresholds;
  std::optional<cupp::ndarray<double>> prominences;
  std::optional<cupp::ndarray<cupp::index_t>> left_bases, right_bases;
  std::optional<cupp::ndarray<double>> widths, width_heights, left_ips, right_ips;
  std::optional<cupp::ndarray<cupp::index_t>> plateau_sizes, left_edges, right_edges;
};

/// find_peaks' result: the peaks' indices (int64) and their properties.
struct find_peaks_result {
  cupp::ndarray<cupp::index_t> peaks;
  peak_properties properties;
};

/// peak_prominences' result (SciPy's tuple (prominences, left_bases, right_bases)); also
/// peak_widths' `prominence_data`.
struct prominence_data {
  cupp::ndarray<double> prominences;
  cupp::ndarray<cupp::index_t> left_bases, right_bases;
};

/// peak_widths' result (SciPy's tuple (widths, width_heights, left_ips, right_ips)).
struct peak_widths_result {
  cupp::ndarray<double> widths, width_heights, left_ips, right_ips;
};

namespace detail {

/// A border on the device: unset, a number, or an array indexed at the peak.
struct dev_bound {
  bool set = false;
  double value = 0.0;
  const double* array = nullptr;
  [[nodiscard]] CUPP_HD double at(cupp::index_t i) const {
    return array != nullptr ? array[i] : value;
  }
};
/// SciPy's _select_by_property: min <= v and v <= max (NaN fails either).
struct dev_condition {
  dev_bound lo, hi;
  [[nodiscard]] CUPP_HD bool ok(double v, cupp::index_t at) const {
    return (!lo.set || lo.at(at) <= v) && (!hi.set || v <= hi.at(at));
  }
  [[nodiscard]] CUPP_HD bool active() const { return lo.set || hi.set; }
  [[nodiscard]] CUPP_HD bool ok_range(double vmin, double vmax, cupp::index_t at) const {
    return (!lo.set || lo.at(at) <= vmin) && (!hi.set || vmax <= hi.at(at));
  }
};

inline dev_bound to_device(const peak_bound& b, cupp::index_t n, const char* which) {
  dev_bound d;
  if (b.array) {
    if (b.array->size() != n)
      throw cupp::value_error(std::string("array size of ") + which +
                              " interval border must match x");
    d.set = true;
    d.array = b.array->data();
  } else if (b.value) {
    d.set = true;
    d.value = *b.value;
  }
  return d;
}
inline dev_condition to_device(const peak_condition& c, cupp::index_t n) {
  return {to_device(c.min, n, "lower"), to_device(c.max, n, "upper")};
}

/// SciPy's _arg_x_as_expected: x as a C-contiguous float64 1-D array.
template <class T> cupp::ndarray<double> peak_signal(const cupp::ndarray<T>& x) {
  static_assert(!cupp::is_complex_v<T>, "peak finding takes real arrays (SciPy casts to float64)");
  if (x.ndim() != 1) throw cupp::value_error("`x` must be a 1-D array");
  if constexpr (std::is_same_v<T, double>) {
    return cupp::ascontiguousarray(x);
  } else {
    return cupp::ascontiguousarray(cupp::ndarray<double>(x.template astype<double>()));
  }
}

/// SciPy's _arg_peaks_as_expected: an integer array that casts safely to intp.
template <class I> cupp::ndarray<cupp::index_t> peak_indices(const cupp::ndarray<I>& peaks) {
  constexpr bool safe =
      std::is_same_v<I, bool> || (std::is_integral_v<I> && (std::is_signed_v<I> || sizeof(I) < 8));
  if constexpr (!safe) {
    if (peaks.size() != 0) throw cupp::type_error("cannot safely cast `peaks` to dtype('intp')");
    if (peaks.ndim() != 1) throw cupp::value_error("`peaks` must be a 1-D array");
    return cupp::ndarray<cupp::index_t>(cupp::shape_t{0});
  } else {
    if (peaks.ndim() != 1) throw cupp::value_error("`peaks` must be a 1-D array");
    if constexpr (std::is_same_v<I, cupp::index_t>) {
      return cupp::ascontiguousarray(peaks);
    } else {
      return cupp::ascontiguousarray(
          cupp::ndarray<cupp::index_t>(peaks.template astype<cupp::index_t>()));
    }
  }
}

/// Python's repr of a number given as a double (an integral value as an int).
inline std::string number_repr(double v) {
  char buf[64];
  if (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 1e15)
    std::snprintf(buf, sizeof buf, "%.0f", v);
  else
    std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

/// SciPy's _arg_wlen_as_expected: -1 for None, else ceil(wlen) (> 1).
inline cupp::index_t window_length(std::optional<double> wlen) {
  if (!wlen) return -1;
  if (!(1.0 < *wlen))
    throw cupp::value_error("`wlen` must be larger than 1, was " + number_repr(*wlen));
  return static_cast<cupp::index_t>(std::ceil(*wlen));
}

/// The end of the plateau that starts at a rising edge i (SciPy's _local_maxima_1d), or -1 when
/// i does not start a local maximum.
CUPP_HD inline cupp::index_t plateau_end(const double* x, cupp::index_t n, cupp::index_t i) {
  if (i < 1 || i >= n - 1 || !(x[i - 1] < x[i])) return -1;
  cupp::index_t ahead = i + 1;
  while (ahead < n - 1 && x[ahead] == x[i])
    ++ahead;
  return x[ahead] < x[i] ? ahead - 1 : -1;
}

/// Flags the left edges of the local maxima that pass plateau_size, height and threshold.
struct local_maxima_fn {
  const double* x;
  bool* flags;
  cupp::index_t n;
  dev_condition plateau, height, threshold;
  CUPP_HD void operator()(cupp::index_t i) const {
    const cupp::index_t right = plateau_end(x, n, i);
    bool keep = right >= 0;
    if (keep) {
      const cupp::index_t mid = (i + right) / 2;
      const double h = x[mid], lt = h - x[mid - 1], rt = h - x[mid + 1];
      keep = plateau.ok(static_cast<double>(right - i + 1), mid) && height.ok(h, mid) &&
             threshold.ok_range(lt < rt ? lt : rt, lt < rt ? rt : lt, mid);
    }
    flags[i] = keep;
  }
};

/// The peaks and the properties of the first filters, from the compacted left edges.
struct peak_fill_fn {
  const double* x;
  const cupp::index_t* left;
  cupp::index_t n;
  cupp::index_t* peaks;
  cupp::index_t *sizes, *lefts, *rights; // may be null
  double *heights, *lt, *rt;             // may be null
  CUPP_HD void operator()(cupp::index_t k) const {
    const cupp::index_t i = left[k];
    const cupp::index_t right = plateau_end(x, n, i);
    const cupp::index_t mid = (i + right) / 2;
    peaks[k] = mid;
    if (sizes != nullptr) {
      sizes[k] = right - i + 1;
      lefts[k] = i;
      rights[k] = right;
    }
    if (heights != nullptr) heights[k] = x[mid];
    if (lt != nullptr) {
      lt[k] = x[mid] - x[mid - 1];
      rt[k] = x[mid] - x[mid + 1];
    }
  }
};

/// SciPy's _peak_prominences for one peak; `bad[k]` = k when the peak is no index of x (else m).
struct prominence_fn {
  const double* x;
  const cupp::index_t* peaks;
  cupp::index_t n, m, wlen;
  double* prom;
  cupp::index_t *lb, *rb, *bad;
  CUPP_HD void operator()(cupp::index_t k) const {
    const cupp::index_t peak = peaks[k];
    cupp::index_t i_min = 0, i_max = n - 1;
    if (!(i_min <= peak && peak <= i_max)) {
      if (bad != nullptr) bad[k] = k;
      prom[k] = 0.0;
      lb[k] = rb[k] = 0;
      return;
    }
    if (bad != nullptr) bad[k] = m;
    if (2 <= wlen) {
      i_min = peak - wlen / 2 > i_min ? peak - wlen / 2 : i_min;
      i_max = peak + wlen / 2 < i_max ? peak + wlen / 2 : i_max;
    }
    const double xp = x[peak];
    cupp::index_t i = peak, left = peak;
    double left_min = xp;
    while (i_min <= i && x[i] <= xp) {
      if (x[i] < left_min) {
        left_min = x[i];
        left = i;
      }
      --i;
    }
    i = peak;
    cupp::index_t right = peak;
    double right_min = xp;
    while (i <= i_max && x[i] <= xp) {
      if (x[i] < right_min) {
        right_min = x[i];
        right = i;
      }
      ++i;
    }
    lb[k] = left;
    rb[k] = right;
    prom[k] = xp - (left_min > right_min ? left_min : right_min);
  }
};

/// SciPy's _peak_widths for one peak; `bad[k]` = k when its prominence data is invalid.
struct width_fn {
  const double* x;
  const cupp::index_t* peaks;
  const double* prom;
  const cupp::index_t *lb, *rb;
  cupp::index_t n, m;
  double rel_height;
  double *widths, *heights, *left_ips, *right_ips;
  cupp::index_t* bad;
  CUPP_HD void operator()(cupp::index_t k) const {
    const cupp::index_t i_min = lb[k], i_max = rb[k], peak = peaks[k];
    if (!(0 <= i_min && i_min <= peak && peak <= i_max && i_max < n)) {
      if (bad != nullptr) bad[k] = k;
      widths[k] = heights[k] = left_ips[k] = right_ips[k] = 0.0;
      return;
    }
    if (bad != nullptr) bad[k] = m;
    const double height = x[peak] - prom[k] * rel_height;
    heights[k] = height;
    cupp::index_t i = peak;
    while (i_min < i && height < x[i])
      --i;
    double left_ip = static_cast<double>(i);
    if (x[i] < height) left_ip += (height - x[i]) / (x[i + 1] - x[i]);
    i = peak;
    while (i < i_max && height < x[i])
      ++i;
    double right_ip = static_cast<double>(i);
    if (x[i] < height) right_ip -= (height - x[i]) / (x[i - 1] - x[i]);
    widths[k] = right_ip - left_ip;
    left_ips[k] = left_ip;
    right_ips[k] = right_ip;
  }
};

struct keep_by_fn {
  const double* v;
  bool* keep;
  dev_condition c;
  const cupp::index_t* peaks;
  CUPP_HD void operator()(cupp::index_t k) const { keep[k] = c.ok(v[k], peaks[k]); }
};

/// Every array of the result at positions `pos` (a compaction's survivors).
void select_peaks(find_peaks_result& r, const cupp::ndarray<cupp::index_t>& pos);

/// SciPy's _select_by_property on a computed property, compacting when a border is set (a sync).
void filter_by(find_peaks_result& r, const cupp::ndarray<double>& values, const dev_condition& c);

/// Raises SciPy's error for the first invalid peak (bad[k] == k), reading one value back.
void check_bad(const cupp::ndarray<cupp::index_t>& bad, const cupp::ndarray<cupp::index_t>& peaks,
               const char* before, const char* after);

prominence_data prominences_of(const cupp::ndarray<double>& x,
                               const cupp::ndarray<cupp::index_t>& peaks, cupp::index_t wlen,
                               bool check);

peak_widths_result widths_of(const cupp::ndarray<double>& x,
                             const cupp::ndarray<cupp::index_t>& peaks, double rel_height,
                             const prominence_data& p, bool check);

/// SciPy's _select_by_peak_distance on the host: the peaks by decreasing height (a stable sort;
/// NumPy's default argsort is not stable, so equal heights may be visited in another order),
/// each removing the lower peaks closer than ceil(distance).
inline std::vector<cupp::index_t> by_distance(const std::vector<cupp::index_t>& peaks,
                                              const std::vector<double>& priority,
                                              double distance) {
  const auto m = static_cast<cupp::index_t>(peaks.size());
  const auto d = static_cast<cupp::index_t>(std::ceil(distance));
  std::vector<cupp::index_t> order(peaks.size());
  std::iota(order.begin(), order.end(), cupp::index_t{0});
  std::stable_sort(order.begin(), order.end(), [&](cupp::index_t a, cupp::index_t b) {
    return priority[static_cast<std::size_t>(a)] < priority[static_cast<std::size_t>(b)];
  });
  std::vector<char> keep(peaks.size(), 1);
  const auto at = [](auto& v, cupp::index_t i) -> auto& { return v[static_cast<std::size_t>(i)]; };
  for (cupp::index_t r = m - 1; r >= 0; --r) {
    const cupp::index_t j = at(order, r);
    if (at(keep, j) == 0) continue;
    for (cupp::index_t k = j - 1; 0 <= k && at(peaks, j) - at(peaks, k) < d; --k)
      at(keep, k) = 0;
    for (cupp::index_t k = j + 1; k < m && at(peaks, k) - at(peaks, j) < d; ++k)
      at(keep, k) = 0;
  }
  std::vector<cupp::index_t> pos;
  for (cupp::index_t k = 0; k < m; ++k)
    if (at(keep, k) != 0) pos.push_back(k);
  return pos;
}

} // namespace detail

/// `scipy.signal.find_peaks(x, height, threshold, distance, prominence, width, wlen, rel_height,
/// plateau_size)`: the local maxima of the 1-D x (a plateau gives its middle index, rounded
/// down) that pass the conditions, filtered in SciPy's order, and their properties.
/// `auto [peaks, props] = find_peaks(x, {.height = 0.5, .distance = 10});`. Sync points: the
/// compaction of the peaks, `distance`, and the prominence and width filters when given bounds.
template <class T>
[[nodiscard]] find_peaks_result find_peaks(const cupp::ndarray<T>& x_in,
                                           const find_peaks_kw& kw = {}) {
  using cupp::index_t;
  const cupp::ndarray<double> x = detail::peak_signal(x_in);
  if (kw.distance && *kw.distance < 1)
    throw cupp::value_error("`distance` must be greater or equal to 1");
  const index_t n = x.size();
  const detail::dev_condition none{};
  const auto plateau = kw.plateau_size.given ? detail::to_device(kw.plateau_size, n) : none;
  const auto height = kw.height.given ? detail::to_device(kw.height, n) : none;
  const auto threshold = kw.threshold.given ? detail::to_device(kw.threshold, n) : none;

  cupp::ndarray<bool> flags(cupp::shape_t{n});
  if (n > 0)
    cupp::detail::launch_for_each(
        n, detail::local_maxima_fn{x.data(), flags.data(), n, plateau, height, threshold});
  const cupp::ndarray<index_t> left = cupp::flatnonzero(flags); // a sync point
  const index_t m = left.size();

  find_peaks_result r{cupp::ndarray<index_t>(cupp::shape_t{m}), {}};
  auto& p = r.properties;
  const auto idx = [&] { return cupp::ndarray<index_t>(cupp::shape_t{m}); };
  const auto dbl = [&] { return cupp::ndarray<double>(cupp::shape_t{m}); };
  if (kw.plateau_size.given) {
    p.plateau_sizes = idx();
    p.left_edges = idx();
    p.right_edges = idx();
  }
  if (kw.height.given) p.peak_heights = dbl();
  if (kw.threshold.given) {
    p.left_thresholds = dbl();
    p.right_thresholds = dbl();
  }
  const auto ptr = [](auto& opt) { return opt ? opt->data() : nullptr; };
  if (m > 0)
    cupp::detail::launch_for_each(
        m, detail::peak_fill_fn{x.data(), left.data(), n, r.peaks.data(), ptr(p.plateau_sizes),
                                ptr(p.left_edges), ptr(p.right_edges), ptr(p.peak_heights),
                                ptr(p.left_thresholds), ptr(p.right_thresholds)});

  if (kw.distance && m > 1) {
    const std::vector<index_t> host_peaks = r.peaks.get();
    const std::vector<double> priority = cupp::take(x, r.peaks).get();
    const auto pos = detail::by_distance(host_peaks, priority, *kw.distance);
    if (static_cast<index_t>(pos.size()) != m) detail::select_peaks(r, cupp::asarray(pos));
  }

  if (kw.prominence.given || kw.width.given) {
    auto d = detail::prominences_of(x, r.peaks, detail::window_length(kw.wlen), false);
    p.prominences = d.prominences;
    p.left_bases = d.left_bases;
    p.right_bases = d.right_bases;
  }
  if (kw.prominence.given)
    detail::filter_by(r, *p.prominences, detail::to_device(kw.prominence, n));
  if (kw.width.given) {
    auto w = detail::widths_of(x, r.peaks, kw.rel_height,
                               {*p.prominences, *p.left_bases, *p.right_bases}, false);
    p.widths = w.widths;
    p.width_heights = w.width_heights;
    p.left_ips = w.left_ips;
    p.right_ips = w.right_ips;
    detail::filter_by(r, *p.widths, detail::to_device(kw.width, n));
  }
  return r;
}

/// `scipy.signal.peak_prominences(x, peaks, wlen=None)`: {prominences, left_bases, right_bases}.
/// Reads one value back to raise SciPy's error for a peak that is no index of x (a sync point).
template <class T, class I>
[[nodiscard]] prominence_data peak_prominences(const cupp::ndarray<T>& x,
                                               const cupp::ndarray<I>& peaks,
                                               std::optional<double> wlen = std::nullopt) {
  const auto xd = detail::peak_signal(x);
  const auto pk = detail::peak_indices(peaks);
  return detail::prominences_of(xd, pk, detail::window_length(wlen), true);
}

/// `scipy.signal.peak_widths(x, peaks, rel_height=0.5, prominence_data=None, wlen=None)`:
/// {widths, width_heights, left_ips, right_ips}. Reads one value back to check the peaks or the
/// prominence data (a sync point).
template <class T, class I>
[[nodiscard]] peak_widths_result
peak_widths(const cupp::ndarray<T>& x, const cupp::ndarray<I>& peaks, double rel_height = 0.5,
            const std::optional<prominence_data>& prominence = std::nullopt,
            std::optional<double> wlen = std::nullopt) {
  const auto xd = detail::peak_signal(x);
  const auto pk = detail::peak_indices(peaks);
  const prominence_data p =
      prominence ? *prominence : detail::prominences_of(xd, pk, detail::window_length(wlen), true);
  return detail::widths_of(xd, pk, rel_height, p, true);
}

// ---- argrelextrema ------------------------------------------------------------------------------

/// argrelextrema's `mode`: NumPy's take modes 'clip' (the default) and 'wrap'.
enum class extrema_mode { clip, wrap };

/// np.greater and np.less as comparators of argrelextrema.
struct greater {
  template <class T> CUPP_HD bool operator()(T a, T b) const { return a > b; }
};
struct less {
  template <class T> CUPP_HD bool operator()(T a, T b) const { return a < b; }
};

namespace detail {

template <class T, class Cmp> struct relextrema_fn {
  const T* data; // (rows, len), contiguous
  bool* out;
  cupp::index_t len;
  int order;
  extrema_mode mode;
  Cmp cmp;
  CUPP_HD void operator()(cupp::index_t t) const {
    const cupp::index_t row = t / len, i = t - row * len;
    const T* r = data + row * len;
    bool ok = true;
    for (int s = 1; s <= order && ok; ++s) {
      cupp::index_t plus = i + s, minus = i - s;
      if (mode == extrema_mode::clip) {
        plus = plus < len ? plus : len - 1;
        minus = minus < 0 ? 0 : minus;
      } else {
        plus %= len;
        minus = ((minus % len) + len) % len;
      }
      ok = cmp(r[i], r[plus]) && cmp(r[i], r[minus]);
    }
    out[t] = ok;
  }
};

} // namespace detail

/// `scipy.signal.argrelextrema(data, comparator, axis=0, order=1, mode='clip')`: the indices
/// (one array per axis, as np.nonzero) where `comparator(data[i], data[i +- s])` holds for
/// s = 1..order along `axis`. A sync point (the count).
template <class T, class Cmp>
[[nodiscard]] std::vector<cupp::ndarray<cupp::index_t>>
argrelextrema(const cupp::ndarray<T>& data, Cmp comparator, cupp::index_t axis = 0, int order = 1,
              extrema_mode mode = extrema_mode::clip) {
  if (order < 1) throw cupp::value_error("Order must be an int >= 1");
  const int ax = cupp::detail::normalize_axis(axis, data.ndim());
  const cupp::ndarray<T> moved = cupp::ascontiguousarray(cupp::moveaxis(data, ax, -1));
  const cupp::index_t len = moved.shape()[moved.ndim() - 1], total = moved.size();
  cupp::ndarray<bool> flags(moved.shape());
  if (total > 0)
    cupp::detail::launch_for_each(
        total,
        detail::relextrema_fn<T, Cmp>{moved.data(), flags.data(), len, order, mode, comparator});
  // back to data's layout, so that the indices come in its C order as np.nonzero's
  return cupp::nonzero(cupp::ascontiguousarray(cupp::moveaxis(flags, -1, ax)));
}

/// `scipy.signal.argrelmax(data, axis=0, order=1, mode='clip')`.
template <class T>
[[nodiscard]] std::vector<cupp::ndarray<cupp::index_t>>
argrelmax(const cupp::ndarray<T>& data, cupp::index_t axis = 0, int order = 1,
          extrema_mode mode = extrema_mode::clip) {
  return argrelextrema(data, greater{}, axis, order, mode);
}

/// `scipy.signal.argrelmin(data, axis=0, order=1, mode='clip')`.
template <class T>
[[nodiscard]] std::vector<cupp::ndarray<cupp::index_t>>
argrelmin(const cupp::ndarray<T>& data, cupp::index_t axis = 0, int order = 1,
          extrema_mode mode = extrema_mode::clip) {
  return argrelextrema(data, less{}, axis, order, mode);
}

} // namespace cupx::signal
