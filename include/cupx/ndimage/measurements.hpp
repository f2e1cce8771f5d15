#pragma once
/// \file
/// `cupx::ndimage`'s measurements, scipy.ndimage's: the label statistics sum_labels (sum) mean
/// variance standard_deviation minimum maximum minimum_position maximum_position extrema
/// center_of_mass histogram median, and label and find_objects. Statistics accumulate per label
/// with device atomics (double sums, counts, minima and maxima; positions as the lowest flat index
/// that reaches the extreme); an index list maps a label to its slot by a binary search over the
/// sorted list on the device; median sorts by (label, value). label is a union-find over the
/// elements (links to the smaller root by compare-and-swap, then pointer jumping), numbered 1..n in
/// raster order of each component's first element, as SciPy. See docs/ndimage.md, "Measurements".

#include <cupx/ndimage/detail/union_find.hpp>
#include <cupx/ndimage/morphology.hpp>

#include <cupp/core/config.hpp>
#include <cupp/core/error.hpp>
#include <cupp/core/shape.hpp>
#include <cupp/creation.hpp>
#include <cupp/detail/atomic.hpp>
#include <cupp/detail/launch.hpp>
#include <cupp/expr/astype.hpp>
#include <cupp/indexing/basic.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/ndarray.hpp>
#include <cupp/reduction/scan.hpp>
#include <cupp/sorting/sort.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace cupx::ndimage {

/// SciPy's `index=` of the label statistics: none (every element with a label > 0, or the whole
/// input without labels), one label (a 0-d result) or a list of labels (one result each, in the
/// list's order; labels absent from the array give SciPy's empty-group values).
class label_index {
public:
  label_index() = default;
  label_index(std::int64_t label) : list_{label}, scalar_(true), none_(false) {} // NOLINT
  label_index(std::initializer_list<std::int64_t> list) : list_(list), none_(false) {}
  label_index(std::vector<std::int64_t> list) : list_(std::move(list)), none_(false) {} // NOLINT

  [[nodiscard]] bool none() const { return none_; }
  [[nodiscard]] bool scalar() const { return scalar_; }
  [[nodiscard]] const std::vector<std::int64_t>& list() const { return list_; }

private:
  std::vector<std::int64_t> list_;
  bool scalar_ = false, none_ = true;
};

namespace detail {

using std::int64_t;

/// First position in the sorted `k[0, n)` whose key is not less (`upper`: greater) than `key`.
CUPP_HD inline index_t sorted_bound(const int64_t* k, index_t n, int64_t key, bool upper) {
  index_t lo = 0, hi = n;
  while (lo < hi) {
    const index_t mid = (lo + hi) / 2;
    if (k[mid] < key || (upper && k[mid] == key))
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/// The slot of element i: 0 for every element (no labels), 0 for a label > 0 (no keys), else the
/// position of its label among the sorted keys, -1 where it is none of them.
struct slot_map {
  const int64_t* labels = nullptr;
  const int64_t* keys = nullptr;
  index_t nkeys = 0;
  CUPP_HD index_t operator()(index_t i) const {
    if (labels == nullptr) return 0;
    const int64_t l = labels[i];
    if (keys == nullptr) return l > 0 ? 0 : -1;
    const index_t lo = sorted_bound(keys, nkeys, l, false);
    return lo < nkeys && keys[lo] == l ? lo : -1;
  }
};

/// The grouping of an input's elements: its labels and sorted keys on the device, the number of
/// slots, and for every requested result its slot.
struct grouping {
  cupp::shape_t shape;
  std::optional<ndarray<int64_t>> labels, keys;
  index_t slots = 1;
  std::vector<int64_t> out_slot{0};
  bool vector_result = false;
  [[nodiscard]] slot_map map() const {
    return {labels ? labels->data() : nullptr, keys ? keys->data() : nullptr,
            keys ? keys->size() : 0};
  }
};

template <class L>
grouping make_grouping(const cupp::shape_t& shape, const std::optional<ndarray<L>>& labels,
                       const label_index& index) {
  grouping g;
  g.shape = shape;
  if (!labels) {
    if (!index.none()) throw cupp::value_error("index given without labels");
    return g;
  }
  ndarray<L> lab = *labels;
  if (lab.shape() != shape) {
    try {
      lab = cupp::broadcast_to(lab, shape);
    } catch (const std::exception&) {
      throw cupp::value_error("shape mismatch: labels cannot be broadcast to the input's shape");
    }
  }
  g.labels = ndarray<int64_t>(cupp::astype<int64_t>(lab)).reshape({lab.size()});
  if (index.none()) return g;
  std::vector<int64_t> keys = index.list();
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  g.slots = static_cast<index_t>(keys.size());
  g.out_slot.clear();
  for (const int64_t l : index.list())
    g.out_slot.push_back(std::lower_bound(keys.begin(), keys.end(), l) - keys.begin());
  g.vector_result = !index.scalar();
  if (!keys.empty()) g.keys = ndarray<int64_t>(cupp::asarray(keys));
  return g;
}

/// Rows of `width` values per slot, gathered into the requested order: (n, width), (n,) where
/// width is 1 and `squeeze`, (width,) or () for a scalar or no index.
template <class T>
ndarray<T> gather_slots(const grouping& g, const ndarray<T>& per_slot, index_t width,
                        bool squeeze) {
  const auto n = static_cast<index_t>(g.out_slot.size());
  ndarray<T> out({n * width});
  if (n > 0 && width > 0) {
    const ndarray<int64_t> idx(cupp::asarray(g.out_slot));
    const int64_t* ip = idx.data();
    const T* src = per_slot.data();
    T* dst = out.data();
    cupp::detail::launch_for_each(
        n * width, [=] CUPP_HD(index_t i) { dst[i] = src[ip[i / width] * width + i % width]; });
  }
  cupp::shape_t s;
  if (g.vector_result) s.push_back(n);
  if (!squeeze) s.push_back(width);
  return out.reshape(s);
}

/// Counts, sums (of x, or of (x - mean)^2 where `mean`) per slot.
template <class T> struct sum_fn {
  const T* x;
  slot_map m;
  int64_t* count;
  double* sum;
  const double* mean;
  CUPP_HD void operator()(index_t i) const {
    const index_t s = m(i);
    if (s < 0) return;
    double v = static_cast<double>(x[i]);
    if (mean != nullptr) {
      v -= mean[s];
      v *= v;
    } else {
      cupp::detail::atomic_add(count + s, int64_t{1});
    }
    cupp::detail::atomic_add(sum + s, v);
  }
};

template <class T> ndarray<T> flat(const ndarray<T>& x) {
  return cupp::ascontiguousarray(x).reshape({x.size()});
}

/// Count, sum and (`centered`) the sum of squared deviations per slot.
struct slot_sums {
  ndarray<int64_t> count;
  ndarray<double> sum, sq;
};
template <class T> slot_sums slot_stats(const ndarray<T>& input, const grouping& g, bool centered) {
  const ndarray<T> x = flat(input);
  slot_sums r{cupp::zeros<int64_t>({g.slots}), cupp::zeros<double>({g.slots}),
              cupp::zeros<double>({centered ? g.slots : 0})};
  if (x.size() == 0 || g.slots == 0) return r;
  cupp::detail::launch_for_each(
      x.size(), sum_fn<T>{x.data(), g.map(), r.count.data(), r.sum.data(), nullptr});
  if (centered) {
    ndarray<double> mean({g.slots});
    const int64_t* c = r.count.data();
    const double* s = r.sum.data();
    double* mp = mean.data();
    cupp::detail::launch_for_each(
        g.slots, [=] CUPP_HD(index_t i) { mp[i] = s[i] / static_cast<double>(c[i]); });
    cupp::detail::launch_for_each(
        x.size(), sum_fn<T>{x.data(), g.map(), r.count.data(), r.sq.data(), mean.data()});
  }
  return r;
}

/// Per-slot values from the sums: 0 sum, 1 mean, 2 variance, 3 standard deviation.
ndarray<double> finish_stats(const slot_sums& r, int what, index_t slots);

template <class T, class L>
ndarray<double> label_stat(const ndarray<T>& input, const std::optional<ndarray<L>>& labels,
                           const label_index& index, int what) {
  const grouping g = make_grouping(input.shape(), labels, index);
  const slot_sums r = slot_stats(input, g, what >= 2);
  return gather_slots(g, finish_stats(r, what, g.slots), 1, true);
}

/// Minimum and maximum per slot (double; +-inf where empty), then the lowest flat index reaching
/// each.
template <class T> struct extrema_fn {
  const T* x;
  slot_map m;
  double* lo;
  double* hi;
  CUPP_HD void operator()(index_t i) const {
    const index_t s = m(i);
    if (s < 0) return;
    const auto v = static_cast<double>(x[i]);
    cupp::detail::atomic_min(lo + s, v);
    cupp::detail::atomic_max(hi + s, v);
  }
};
template <class T> struct position_fn {
  const T* x;
  slot_map m;
  const double* lo;
  const double* hi;
  int64_t* lo_pos;
  int64_t* hi_pos;
  CUPP_HD void operator()(index_t i) const {
    const index_t s = m(i);
    if (s < 0) return;
    const auto v = static_cast<double>(x[i]);
    if (v == lo[s]) cupp::detail::atomic_min(lo_pos + s, static_cast<int64_t>(i));
    if (v == hi[s]) cupp::detail::atomic_min(hi_pos + s, static_cast<int64_t>(i));
  }
};

struct slot_extrema {
  ndarray<double> lo, hi;          // per slot; 0 where empty (SciPy's)
  ndarray<int64_t> lo_pos, hi_pos; // per slot, (slots, ndim) coordinates; 0 where empty
};

template <class T> slot_extrema extrema_slots(const ndarray<T>& input, const grouping& g) {
  const ndarray<T> x = flat(input);
  const double inf = std::numeric_limits<double>::infinity();
  const int64_t big = std::numeric_limits<int64_t>::max();
  const auto ndim = static_cast<index_t>(input.ndim());
  slot_extrema r{cupp::full<double>({g.slots}, inf), cupp::full<double>({g.slots}, -inf),
                 ndarray<int64_t>({g.slots * ndim}), ndarray<int64_t>({g.slots * ndim})};
  ndarray<int64_t> lp = cupp::full<int64_t>({g.slots}, big);
  ndarray<int64_t> hp = cupp::full<int64_t>({g.slots}, big);
  if (x.size() > 0 && g.slots > 0) {
    cupp::detail::launch_for_each(x.size(),
                                  extrema_fn<T>{x.data(), g.map(), r.lo.data(), r.hi.data()});
    cupp::detail::launch_for_each(x.size(), position_fn<T>{x.data(), g.map(), r.lo.data(),
                                                           r.hi.data(), lp.data(), hp.data()});
  }
  if (g.slots > 0) {
    cupp::detail::offset_map dims{};
    for (index_t d = 0; d < ndim; ++d)
      dims.extent[d] = input.shape()[static_cast<int>(d)];
    double* lo = r.lo.data();
    double* hi = r.hi.data();
    const int64_t* lpp = lp.data();
    const int64_t* hpp = hp.data();
    int64_t* lco = r.lo_pos.data();
    int64_t* hco = r.hi_pos.data();
    cupp::detail::launch_for_each(g.slots, [=] CUPP_HD(index_t s) {
      const bool empty = lpp[s] == big;
      if (empty) lo[s] = hi[s] = 0;
      int64_t a = empty ? 0 : lpp[s], b = empty ? 0 : hpp[s];
      for (index_t d = ndim - 1; d >= 0; --d) {
        lco[s * ndim + d] = a % dims.extent[d];
        hco[s * ndim + d] = b % dims.extent[d];
        a /= dims.extent[d];
        b /= dims.extent[d];
      }
    });
  }
  return r;
}

template <class T> ndarray<T> cast_values(const ndarray<double>& v) {
  return ndarray<T>(cupp::astype<T>(v));
}

/// The coordinate sums of center_of_mass: sum of x * coordinate d per slot and axis.
template <class T> struct moment_fn {
  const T* x;
  slot_map m;
  cupp::detail::offset_map dims;
  index_t ndim;
  double* out;
  CUPP_HD void operator()(index_t i) const {
    const index_t s = m(i);
    if (s < 0) return;
    const auto v = static_cast<double>(x[i]);
    index_t rest = i;
    for (index_t d = ndim - 1; d >= 0; --d) {
      const index_t c = rest % dims.extent[d];
      rest /= dims.extent[d];
      cupp::detail::atomic_add(out + s * ndim + d, v * static_cast<double>(c));
    }
  }
};

} // namespace detail

// ---- the label statistics ---------------------------------------------------------------------
// Every statistic has SciPy's signature f(input, labels=None, index=None): f(input) over the whole
// input; f(input, labels) over the elements whose label is > 0; f(input, labels, 3) one label
// (a 0-d result); f(input, labels, {1, 2, 7}) one result per listed label, shape (3,). Labels of
// any integer or bool dtype broadcast to the input's shape.

#define CUPX_NDIMAGE_STAT(NAME, WHAT)                                                              \
  template <class T> [[nodiscard]] ndarray<double> NAME(const ndarray<T>& input) {                 \
    return detail::label_stat<T, std::int64_t>(input, std::nullopt, {}, WHAT);                     \
  }                                                                                                \
  template <class T, class L>                                                                      \
  [[nodiscard]] ndarray<double> NAME(const ndarray<T>& input, const ndarray<L>& labels,            \
                                     const label_index& index = {}) {                              \
    return detail::label_stat<T, L>(input, labels, index, WHAT);                                   \
  }

/// `scipy.ndimage.sum_labels` (and its alias `sum`): the sum per label, float64.
CUPX_NDIMAGE_STAT(sum_labels, 0)
CUPX_NDIMAGE_STAT(sum, 0)
/// `scipy.ndimage.mean`: float64; NaN for a label with no elements.
CUPX_NDIMAGE_STAT(mean, 1)
/// `scipy.ndimage.variance` (population variance, two passes) and `standard_deviation`.
CUPX_NDIMAGE_STAT(variance, 2)
CUPX_NDIMAGE_STAT(standard_deviation, 3)
#undef CUPX_NDIMAGE_STAT

/// SciPy's `extrema(input, labels, index)`: minima, maxima (in the input's dtype; 0 for a label
/// with no elements) and their positions (int64 coordinates: shape (ndim,) for one label,
/// (n, ndim) for a list; the first position in C order where values tie; zeros where empty).
template <class T> struct extrema_result {
  ndarray<T> min, max;
  ndarray<std::int64_t> min_position, max_position;
};

namespace detail {
template <class T, class L>
extrema_result<T> extrema_impl(const ndarray<T>& input, const std::optional<ndarray<L>>& labels,
                               const label_index& index) {
  const grouping g = make_grouping(input.shape(), labels, index);
  const slot_extrema r = extrema_slots(input, g);
  const auto ndim = static_cast<index_t>(input.ndim());
  return {cast_values<T>(gather_slots(g, r.lo, 1, true)),
          cast_values<T>(gather_slots(g, r.hi, 1, true)), gather_slots(g, r.lo_pos, ndim, false),
          gather_slots(g, r.hi_pos, ndim, false)};
}
} // namespace detail

template <class T> [[nodiscard]] extrema_result<T> extrema(const ndarray<T>& input) {
  return detail::extrema_impl<T, std::int64_t>(input, std::nullopt, {});
}
template <class T, class L>
[[nodiscard]] extrema_result<T> extrema(const ndarray<T>& input, const ndarray<L>& labels,
                                        const label_index& index = {}) {
  return detail::extrema_impl<T, L>(input, labels, index);
}

#define CUPX_NDIMAGE_EXTREMUM(NAME, R, MEMBER)                                                     \
  template <class T> [[nodiscard]] ndarray<R> NAME(const ndarray<T>& input) {                      \
    return extrema(input).MEMBER;                                                                  \
  }                                                                                                \
  template <class T, class L>                                                                      \
  [[nodiscard]] ndarray<R> NAME(const ndarray<T>& input, const ndarray<L>& labels,                 \
                                const label_index& index = {}) {                                   \
    return extrema(input, labels, index).MEMBER;                                                   \
  }
/// `scipy.ndimage.minimum` / `maximum`: in the input's dtype, 0 for a label with no elements.
CUPX_NDIMAGE_EXTREMUM(minimum, T, min)
CUPX_NDIMAGE_EXTREMUM(maximum, T, max)
/// `scipy.ndimage.minimum_position` / `maximum_position`: int64 coordinates, (ndim,) or
/// (n, ndim).
CUPX_NDIMAGE_EXTREMUM(minimum_position, std::int64_t, min_position)
CUPX_NDIMAGE_EXTREMUM(maximum_position, std::int64_t, max_position)
#undef CUPX_NDIMAGE_EXTREMUM

namespace detail {
template <class T, class L>
ndarray<double> center_of_mass_impl(const ndarray<T>& input,
                                    const std::optional<ndarray<L>>& labels,
                                    const label_index& index) {
  const grouping g = make_grouping(input.shape(), labels, index);
  const auto ndim = static_cast<index_t>(input.ndim());
  const slot_sums r = slot_stats(input, g, false);
  ndarray<double> m = cupp::zeros<double>({g.slots * ndim});
  const ndarray<T> x = flat(input);
  cupp::detail::offset_map dims{};
  for (index_t d = 0; d < ndim; ++d)
    dims.extent[d] = input.shape()[static_cast<int>(d)];
  if (x.size() > 0 && g.slots > 0 && ndim > 0) {
    cupp::detail::launch_for_each(x.size(), moment_fn<T>{x.data(), g.map(), dims, ndim, m.data()});
    const double* s = r.sum.data();
    double* mp = m.data();
    cupp::detail::launch_for_each(g.slots * ndim, [=] CUPP_HD(index_t i) { mp[i] /= s[i / ndim]; });
  } else if (g.slots > 0 && ndim > 0) {
    m = cupp::full<double>({g.slots * ndim}, std::numeric_limits<double>::quiet_NaN());
  }
  return gather_slots(g, m, ndim, false);
}
} // namespace detail

/// `scipy.ndimage.center_of_mass(input, labels, index)`: float64 coordinates, (ndim,) for no or
/// one label, (n, ndim) for a list; NaN where a label's values sum to 0.
template <class T> [[nodiscard]] ndarray<double> center_of_mass(const ndarray<T>& input) {
  return detail::center_of_mass_impl<T, std::int64_t>(input, std::nullopt, {});
}
template <class T, class L>
[[nodiscard]] ndarray<double> center_of_mass(const ndarray<T>& input, const ndarray<L>& labels,
                                             const label_index& index = {}) {
  return detail::center_of_mass_impl<T, L>(input, labels, index);
}

namespace detail {
/// The bin of v among SciPy's edges np.linspace(lo, hi, bins + 1) (k * step + lo, the last hi),
/// as np.histogram counts with array bins: edge k <= v < edge k + 1, the last bin closed; -1
/// outside.
template <class T> struct histogram_fn {
  const T* x;
  slot_map m;
  double lo, hi;
  index_t bins;
  int64_t* out;
  CUPP_HD double edge(index_t k) const {
    return k == bins ? hi : static_cast<double>(k) * ((hi - lo) / static_cast<double>(bins)) + lo;
  }
  CUPP_HD void operator()(index_t i) const {
    const index_t s = m(i);
    if (s < 0) return;
    const auto v = static_cast<double>(x[i]);
    if (!(v >= lo && v <= hi)) return;
    index_t a = 0, b = bins - 1; // the last edge k < bins with edge(k) <= v
    while (a < b) {
      const index_t mid = (a + b + 1) / 2;
      if (edge(mid) <= v)
        a = mid;
      else
        b = mid - 1;
    }
    cupp::detail::atomic_add(out + s * bins + a, int64_t{1});
  }
};

template <class T, class L>
ndarray<std::int64_t> histogram_impl(const ndarray<T>& input, double min, double max, index_t bins,
                                     const std::optional<ndarray<L>>& labels,
                                     const label_index& index) {
  if (bins < 1)
    throw cupp::value_error("bins must be a positive integer, got " + std::to_string(bins));
  if (!(min <= max)) throw cupp::value_error("`bins` must increase monotonically, when an array");
  const grouping g = make_grouping(input.shape(), labels, index);
  ndarray<int64_t> h = cupp::zeros<int64_t>({g.slots * bins});
  const ndarray<T> x = flat(input);
  if (x.size() > 0 && g.slots > 0)
    cupp::detail::launch_for_each(x.size(),
                                  histogram_fn<T>{x.data(), g.map(), min, max, bins, h.data()});
  return gather_slots(g, h, bins, false);
}
} // namespace detail

/// `scipy.ndimage.histogram(input, min, max, bins, labels, index)`: int64 counts of `bins` equal
/// bins over [min, max] (np.histogram's), (bins,) for no or one label, (n, bins) for a list.
template <class T>
[[nodiscard]] ndarray<std::int64_t> histogram(const ndarray<T>& input, double min, double max,
                                              index_t bins) {
  return detail::histogram_impl<T, std::int64_t>(input, min, max, bins, std::nullopt, {});
}
template <class T, class L>
[[nodiscard]] ndarray<std::int64_t> histogram(const ndarray<T>& input, double min, double max,
                                              index_t bins, const ndarray<L>& labels,
                                              const label_index& index = {}) {
  return detail::histogram_impl<T, L>(input, min, max, bins, labels, index);
}

// ---- median: by sorting ----------------------------------------------------------------------

namespace detail {

/// The type of a median: the input's for floating-point inputs, float64 for the others (SciPy
/// averages integers in float64 to avoid overflow).
template <class T> using median_t = std::conditional_t<cupp::is_floating_v<T>, T, double>;

/// The median of each group `wanted` of `key` (one per element of the flat x), SciPy's way: the
/// elements sorted by (key, value) (NaN last), a group's middle element or the mean of its middle
/// two. `scipy_list` is SciPy's rule for a list of labels (an absent label gives the first sorted
/// value, NaN sorts as a value); otherwise np.median's (an empty group or one with a NaN: NaN).
template <class T>
ndarray<median_t<T>> group_medians(const ndarray<T>& x, const ndarray<int64_t>& key,
                                   const std::vector<int64_t>& wanted, bool scipy_list) {
  using R = median_t<T>;
  const index_t n = x.size();
  const auto m = static_cast<index_t>(wanted.size());
  if (n == 0) return cupp::full<R>({m}, std::numeric_limits<R>::quiet_NaN());
  const ndarray<index_t> by_value = cupp::argsort(x);
  const ndarray<index_t> order =
      cupp::take(by_value, cupp::argsort(ndarray<int64_t>(cupp::take(key, by_value))));
  const ndarray<T> xs = cupp::take(x, order);
  const ndarray<int64_t> ks = cupp::take(key, order);
  const ndarray<int64_t> w(cupp::asarray(wanted));
  ndarray<R> out({m});
  const T* xp = xs.data();
  const int64_t* kp = ks.data();
  const int64_t* wp = w.data();
  R* op = out.data();
  cupp::detail::launch_for_each(m, [=] CUPP_HD(index_t j) {
    const index_t lo = sorted_bound(kp, n, wp[j], false), hi = sorted_bound(kp, n, wp[j], true);
    if (lo == hi) {
      op[j] = scipy_list ? static_cast<R>(xp[0]) : std::numeric_limits<R>::quiet_NaN();
      return;
    }
    const index_t step = (hi - 1 - lo) / 2;
    const R a = static_cast<R>(xp[lo + step]), b = static_cast<R>(xp[hi - 1 - step]);
    const R last = static_cast<R>(xp[hi - 1]);
    op[j] = !scipy_list && last != last ? last : static_cast<R>((a + b) / R(2));
  });
  return out;
}

template <class T, class L>
ndarray<median_t<T>> median_impl(const ndarray<T>& input, const std::optional<ndarray<L>>& labels,
                                 const label_index& index) {
  const grouping g = make_grouping(input.shape(), labels, index);
  const ndarray<T> x = flat(input);
  if (!labels) return group_medians(x, cupp::zeros<int64_t>({x.size()}), {0}, false).reshape({});
  const ndarray<int64_t>& lab = *g.labels;
  if (index.none())
    return group_medians(x, ndarray<int64_t>(cupp::astype<int64_t>(lab > int64_t{0})), {1}, false)
        .reshape({});
  if (index.scalar())
    return group_medians(x, ndarray<int64_t>(cupp::astype<int64_t>(lab == index.list()[0])), {1},
                         false)
        .reshape({});
  return group_medians(x, lab, index.list(), true);
}

} // namespace detail

/// `scipy.ndimage.median(input, labels=None, index=None)`: the median of each label's values
/// (the input's dtype for floating-point inputs, float64 otherwise; the mean of the middle two
/// for an even count). No labels or index: np.median's (NaN for no elements, or a NaN among
/// them); an index list: SciPy's rule for a label with no elements (the smallest value of the
/// smallest label present). By sorting (value, then label, both stable), no host sync.
template <class T> [[nodiscard]] ndarray<detail::median_t<T>> median(const ndarray<T>& input) {
  return detail::median_impl<T, std::int64_t>(input, std::nullopt, {});
}
template <class T, class L>
[[nodiscard]] ndarray<detail::median_t<T>> median(const ndarray<T>& input, const ndarray<L>& labels,
                                                  const label_index& index = {}) {
  return detail::median_impl<T, L>(input, labels, index);
}

// ---- label and find_objects -------------------------------------------------------------------

/// SciPy's `label(input, structure=None)` result: the int32 labels and the number of features,
/// which stays on the device (a 0-d int64 array) until num_features() reads it: a label call
/// does not wait for the device, a read of the count does.
struct label_result {
  ndarray<std::int32_t> labels;
  ndarray<std::int64_t> count = cupp::zeros<std::int64_t>({});
  [[nodiscard]] index_t num_features() const { return static_cast<index_t>(count.item()); }
};

/// `scipy.ndimage.label(input, structure=None)`: the connected components of `input != 0`,
/// neighbours as the (symmetric, 3 along every axis) structure says (default
/// generate_binary_structure(ndim, 1)), numbered 1..n in C order of each component's first
/// element, background 0. No sync: the count is read where num_features() is called.
template <class T>
[[nodiscard]] label_result label(const ndarray<T>& input,
                                 const std::optional<ndarray<bool>>& structure = std::nullopt) {
  const int ndim = input.ndim();
  if (structure && structure->ndim() != ndim)
    throw cupp::error("structure and input must have equal rank"); // SciPy: RuntimeError
  for (int d = 0; structure && d < ndim; ++d)
    if (structure->shape()[d] != 3)
      throw cupp::value_error("structure dimensions must be equal to 3");
  const std::vector<bool> mask = detail::host_structure(structure, ndim).mask;
  if (!detail::symmetric_3(cupp::shape_t::filled(ndim, 3), mask))
    throw cupp::value_error("Structuring element is not symmetric"); // SciPy: AssertionError
  const index_t n = input.size();
  label_result out{ndarray<std::int32_t>(input.shape())};
  if (n == 0) return out;
  const ndarray<bool> fg(cupp::ascontiguousarray(ndarray<bool>(input != T(0))).reshape({n}));
  const ndarray<std::int64_t> parent =
      detail::components(fg, input.shape(), detail::half_offsets(mask, ndim));
  ndarray<std::int64_t> roots({n});
  {
    const std::int64_t* p = parent.data();
    std::int64_t* r = roots.data();
    const bool* f = fg.data();
    cupp::detail::launch_for_each(n, [=] CUPP_HD(index_t i) { r[i] = f[i] && p[i] == i ? 1 : 0; });
  }
  const ndarray<std::int64_t> number(cupp::cumsum(roots));
  {
    const std::int64_t* p = parent.data();
    const std::int64_t* c = number.data();
    const bool* f = fg.data();
    std::int32_t* l = out.labels.data();
    cupp::detail::launch_for_each(
        n, [=] CUPP_HD(index_t i) { l[i] = f[i] ? static_cast<std::int32_t>(c[p[i]]) : 0; });
  }
  out.count = number(n - 1).copy(); // not a view: that would keep the n-element scan alive
  return out;
}

/// `scipy.ndimage.label(input, structure, output=out)`: the labels stored into `out` (any view of
/// any dtype, cast as SciPy stores into its output array; the wrong shape raises cupp::error
/// "output shape not correct"), and the number of features returned (a 0-d int64 array, not yet
/// read: SciPy returns num_features alone). SciPy's "Insufficient bit-depth" check of a narrow
/// output dtype is not made (it would read the count on the host): labels past the dtype wrap.
template <class T, class O>
ndarray<std::int64_t> label(const ndarray<T>& input, const std::optional<ndarray<bool>>& structure,
                            ndarray<O> out) {
  if (out.shape() != input.shape()) throw cupp::error("output shape not correct");
  label_result r = label(input, structure);
  out.assign(cupp::astype<O>(r.labels));
  return r.count;
}

/// `scipy.ndimage.find_objects(labels, max_label=0)`: for each label 1..max_label (max_label < 1:
/// the largest label, read on the host) the slices of its bounding box (step none), or nullopt
/// where the label is absent. Reads the boxes on the host: a sync.
template <class L>
[[nodiscard]] std::vector<std::optional<std::vector<cupp::slice>>>
find_objects(const ndarray<L>& labels, index_t max_label = 0) {
  const int ndim = labels.ndim();
  const index_t n = labels.size();
  const ndarray<std::int64_t> lab =
      ndarray<std::int64_t>(cupp::astype<std::int64_t>(labels)).reshape({n});
  if (max_label < 1) {
    if (n == 0) return {};
    ndarray<std::int64_t> top = cupp::zeros<std::int64_t>({1});
    const std::int64_t* lp = lab.data();
    std::int64_t* tp = top.data();
    cupp::detail::launch_for_each(n,
                                  [=] CUPP_HD(index_t i) { cupp::detail::atomic_max(tp, lp[i]); });
    max_label = static_cast<index_t>(top(0).item());
  }
  std::vector<std::optional<std::vector<cupp::slice>>> out(
      static_cast<std::size_t>(std::max<index_t>(max_label, 0)));
  if (max_label < 1 || n == 0) return out;
  const auto nd = static_cast<index_t>(ndim);
  ndarray<std::int64_t> lo =
      cupp::full<std::int64_t>({max_label * nd}, std::numeric_limits<std::int64_t>::max());
  ndarray<std::int64_t> hi = cupp::full<std::int64_t>({max_label * nd}, -1);
  if (nd > 0) {
    cupp::detail::offset_map dims{};
    for (int d = 0; d < ndim; ++d)
      dims.extent[d] = labels.shape()[d];
    const std::int64_t* lp = lab.data();
    std::int64_t* lop = lo.data();
    std::int64_t* hip = hi.data();
    const index_t top = max_label;
    cupp::detail::launch_for_each(n, [=] CUPP_HD(index_t i) {
      const std::int64_t l = lp[i];
      if (l < 1 || l > top) return;
      index_t rest = i;
      for (index_t d = nd - 1; d >= 0; --d) {
        const index_t c = rest % dims.extent[d];
        rest /= dims.extent[d];
        cupp::detail::atomic_min(lop + (l - 1) * nd + d, static_cast<std::int64_t>(c));
        cupp::detail::atomic_max(hip + (l - 1) * nd + d, static_cast<std::int64_t>(c));
      }
    });
  }
  const auto h_lo = lo.get();
  const auto h_hi = hi.get();
  for (index_t k = 0; k < max_label; ++k) {
    if (nd == 0 || h_hi[static_cast<std::size_t>(k * nd)] < 0) continue;
    std::vector<cupp::slice> box;
    for (index_t d = 0; d < nd; ++d)
      box.emplace_back(h_lo[static_cast<std::size_t>(k * nd + d)],
                       h_hi[static_cast<std::size_t>(k * nd + d)] + 1);
    out[static_cast<std::size_t>(k)] = std::move(box);
  }
  return out;
}

} // namespace cupx::ndimage
