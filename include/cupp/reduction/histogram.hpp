#pragma once
/// \file
/// Histograms (NumPy's statistics routines of that name): bincount, histogram, histogram_density,
/// histogram2d, histogramdd. Counts use atomics; bincount and histogram read the data's extent on
/// the host when they need it (a sync point: the result size depends on it).

#include <cupp/core/keywords.hpp>
#include <cupp/creation.hpp>
#include <cupp/detail/atomic.hpp>
#include <cupp/detail/launch.hpp>
#include <cupp/expr/cast.hpp>
#include <cupp/manipulation/join.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/reduction/reduce.hpp>

#include <algorithm>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

namespace cupp {

namespace detail {

template <class I, class W> struct bincount_fn {
  const I* x;
  offset_map x_map;
  const W* w; // null: count ones
  offset_map w_map;
  double* out;
  CUPP_HD void operator()(index_t i) const {
    atomic_add(out + static_cast<index_t>(x[x_map(i)]), w ? static_cast<double>(w[w_map(i)]) : 1.0);
  }
};
template <class I> struct count_fn {
  const I* x;
  offset_map x_map;
  index_t* out;
  CUPP_HD void operator()(index_t i) const {
    atomic_add(out + static_cast<index_t>(x[x_map(i)]), index_t{1});
  }
};

/// bincount's output length: max(x) + 1 or minlength, after NumPy's checks (reads x's extremes on
/// the host: a sync point).
template <class I> index_t bincount_length(const ndarray<I>& x, index_t minlength) {
  static_assert(std::is_integral_v<I>, "bincount needs integers");
  if (x.ndim() != 1) throw value_error("object too deep for desired array");
  if (minlength < 0) throw value_error("'minlength' must not be negative");
  if (x.size() == 0) return minlength;
  if (static_cast<index_t>(min(x).item()) < 0)
    throw value_error("'list' argument must have no negative elements");
  return std::max<index_t>(minlength, static_cast<index_t>(max(x).item()) + 1);
}

} // namespace detail

/// `np.bincount(x, minlength)`: int64 occurrences of each value of the non-negative 1-D x (its
/// maximum is read on the host: a sync point).
template <class I>
[[nodiscard]] ndarray<index_t> bincount(const ndarray<I>& x, index_t minlength = 0) {
  detail::check_devices(x);
  const index_t n = detail::bincount_length(x, minlength);
  ndarray<index_t> out = zeros<index_t>({n});
  launch_for_each(
      x.size(),
      detail::count_fn<I>{x.data(), detail::make_offset_map(x.shape(), x.strides()), out.data()});
  return out;
}

/// `np.bincount(x, weights, minlength)`: float64 sums of the weights of each value.
template <class I, class W>
[[nodiscard]] ndarray<double> bincount(const ndarray<I>& x, const ndarray<W>& weights,
                                       index_t minlength = 0) {
  detail::check_devices(x, weights);
  if (weights.shape() != x.shape())
    throw value_error("The weights and list don't have the same length.");
  const index_t n = detail::bincount_length(x, minlength);
  ndarray<double> out = zeros<double>({n});
  launch_for_each(x.size(),
                  detail::bincount_fn<I, W>{
                      x.data(), detail::make_offset_map(x.shape(), x.strides()), weights.data(),
                      detail::make_offset_map(weights.shape(), weights.strides()), out.data()});
  return out;
}

namespace detail {

/// The bin of each value among `nbins` equal bins from lo to hi (NumPy's arithmetic, then its
/// correction against the edges), or -1 outside [lo, hi]; the last bin includes hi.
template <class T> struct uniform_bin {
  const T* a;
  offset_map a_map;
  const double* edges; // nbins + 1
  index_t nbins;
  double lo, hi;
  CUPP_HD index_t operator()(index_t i) const {
    const double x = static_cast<double>(a[a_map(i)]);
    if (!(x >= lo && x <= hi)) return -1;
    index_t b = static_cast<index_t>((x - lo) * (static_cast<double>(nbins) / (hi - lo)));
    if (b == nbins) b = nbins - 1;
    if (x < edges[b]) {
      --b;
    } else if (b + 1 < nbins && x >= edges[b + 1]) {
      ++b;
    }
    return b;
  }
};

/// The bin of each value among explicit increasing edges, or -1 outside; the last bin is closed.
template <class T> struct edges_bin {
  const T* a;
  offset_map a_map;
  const double* edges;
  index_t nbins;
  CUPP_HD index_t operator()(index_t i) const {
    const double x = static_cast<double>(a[a_map(i)]);
    if (!(x >= edges[0] && x <= edges[nbins])) return -1;
    index_t lo = 0, hi = nbins + 1; // first edge > x (side right)
    while (lo < hi) {
      const index_t mid = (lo + hi) / 2;
      if (edges[mid] <= x) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo - 1 == nbins ? nbins - 1 : lo - 1;
  }
};

template <class F, class W, class R> struct histogram_fn {
  F bin;
  const W* w; // null: count ones
  offset_map w_map;
  R* out;
  CUPP_HD void operator()(index_t i) const {
    const index_t b = bin(i);
    if (b >= 0) atomic_add(out + b, w ? static_cast<R>(w[w_map(i)]) : R(1));
  }
};

/// Counts (R = int64) or sums of weights (R = float64) per bin, over the n values `bin` maps.
template <class R, class W, class F>
ndarray<R> histogram_counts(index_t n, const ndarray<W>* weights, index_t nbins, F bin) {
  if (weights) check_devices(*weights);
  ndarray<R> counts = zeros<R>({nbins});
  const W* w = weights ? weights->data() : nullptr;
  const offset_map wm =
      weights ? make_offset_map(weights->shape(), weights->strides()) : offset_map{};
  launch_for_each(n, histogram_fn<F, W, R>{bin, w, wm, counts.data()});
  return counts;
}

/// The bin edges and bin function of `bins` equal bins over `range` (default: the data's extent).
template <class T>
std::pair<ndarray<double>, uniform_bin<T>>
uniform_bins(const ndarray<T>& a, index_t bins, std::optional<std::pair<double, double>> range) {
  check_devices(a);
  if (bins < 1) throw value_error("`bins` must be positive, when an integer");
  double lo = 0, hi = 1;
  if (range) {
    lo = range->first;
    hi = range->second;
    if (lo > hi) throw value_error("max must be larger than min in range parameter.");
  } else if (a.size() > 0) { // the data's extent: a sync point
    lo = static_cast<double>(min(a).item());
    hi = static_cast<double>(max(a).item());
  }
  if (lo == hi) { // NumPy widens an empty range by 0.5 on both sides
    lo -= 0.5;
    hi += 0.5;
  }
  ndarray<double> edges = linspace<double>(lo, hi, bins + 1);
  const uniform_bin<T> f{a.data(), make_offset_map(a.shape(), a.strides()), edges.data(), bins, lo,
                         hi};
  return {edges, f};
}

template <class T> edges_bin<T> explicit_bins(const ndarray<T>& a, const ndarray<double>& e) {
  check_devices(a, e);
  if (e.ndim() != 1 || e.size() < 2) throw value_error("`bins` must be 1d, when an array");
  return {a.data(), make_offset_map(a.shape(), a.strides()), e.data(), e.size() - 1};
}

/// counts / (total * bin width) (src/reduction/histogram.cpp).
ndarray<double> density(const ndarray<double>& counts, const ndarray<double>& edges);

template <class T, class W> void check_weights(const ndarray<T>& a, const ndarray<W>& w) {
  if (w.shape() != a.shape()) throw value_error("weights should have the same shape as a.");
}

} // namespace detail

/// `np.histogram(a, bins, range)`: int64 counts in `bins` equal bins over `range` (default the
/// data's min and max, read on the host: a sync point), and the bin edges.
template <class T>
[[nodiscard]] std::pair<ndarray<index_t>, ndarray<double>>
histogram(const ndarray<T>& a, index_t bins = 10,
          std::optional<std::pair<double, double>> range = {}) {
  auto [edges, f] = detail::uniform_bins(a, bins, range);
  return {
      detail::histogram_counts<index_t>(a.size(), static_cast<const ndarray<T>*>(nullptr), bins, f),
      edges};
}
/// NumPy's keywords of histogram and histogram_density (core/keywords.hpp):
/// `cp::histogram(a, {.bins = 20, .range = {{0, 1}}})`.
struct histogram_kw {
  detail::kw_guard guard_{};
  index_t bins = 10;
  std::optional<std::pair<double, double>> range = std::nullopt;
};
template <class T>
[[nodiscard]] std::pair<ndarray<index_t>, ndarray<double>> histogram(const ndarray<T>& a,
                                                                     const histogram_kw& kw) {
  return histogram(a, kw.bins, kw.range);
}
/// `np.histogram(a, bins=edges)`: int64 counts between explicit increasing edges.
template <class T>
[[nodiscard]] std::pair<ndarray<index_t>, ndarray<double>> histogram(const ndarray<T>& a,
                                                                     const ndarray<double>& edges) {
  const ndarray<double> e = ascontiguousarray(edges);
  return {detail::histogram_counts<index_t>(a.size(), static_cast<const ndarray<T>*>(nullptr),
                                            e.size() - 1, detail::explicit_bins(a, e)),
          e};
}
/// `np.histogram(a, bins, range, weights=w)`: float64 sums of the weights per bin.
template <class T, class W>
[[nodiscard]] std::pair<ndarray<double>, ndarray<double>>
histogram(const ndarray<T>& a, index_t bins, std::optional<std::pair<double, double>> range,
          const ndarray<W>& weights) {
  detail::check_weights(a, weights);
  auto [edges, f] = detail::uniform_bins(a, bins, range);
  return {detail::histogram_counts<double>(a.size(), &weights, bins, f), edges};
}
/// `np.histogram(a, bins, range, density=True)`: counts / (total * bin width).
template <class T>
[[nodiscard]] std::pair<ndarray<double>, ndarray<double>>
histogram_density(const ndarray<T>& a, index_t bins = 10,
                  std::optional<std::pair<double, double>> range = {}) {
  auto [edges, f] = detail::uniform_bins(a, bins, range);
  const auto counts =
      detail::histogram_counts<double>(a.size(), static_cast<const ndarray<T>*>(nullptr), bins, f);
  return {detail::density(counts, edges), edges};
}
template <class T>
[[nodiscard]] std::pair<ndarray<double>, ndarray<double>>
histogram_density(const ndarray<T>& a, const histogram_kw& kw) {
  return histogram_density(a, kw.bins, kw.range);
}

namespace detail {

/// The flat bin of each sample row among uniform bins per dimension, or -1 outside.
struct sample_bin {
  const double* sample; // (n, dims) contiguous
  int dims;
  index_t nbins[max_dims];
  double lo[max_dims], hi[max_dims];
  const double* edges[max_dims];
  CUPP_HD index_t operator()(index_t i) const {
    index_t flat = 0;
    for (int d = 0; d < dims; ++d) {
      const double x = sample[i * dims + d];
      if (!(x >= lo[d] && x <= hi[d])) return -1;
      index_t b =
          static_cast<index_t>((x - lo[d]) * (static_cast<double>(nbins[d]) / (hi[d] - lo[d])));
      if (b == nbins[d]) b = nbins[d] - 1;
      if (x < edges[d][b]) {
        --b;
      } else if (b + 1 < nbins[d] && x >= edges[d][b + 1]) {
        ++b;
      }
      flat = flat * nbins[d] + b;
    }
    return flat;
  }
};

} // namespace detail

/// `np.histogramdd(sample, bins, range)`: the counts (float64, as NumPy's) of the (n, d) samples in
/// bins[k] equal bins per dimension over range[k] (default each column's min and max: a sync
/// point), and the edges of each dimension.
template <class T>
[[nodiscard]] std::pair<ndarray<double>, std::vector<ndarray<double>>>
histogramdd(const ndarray<T>& sample, const std::vector<index_t>& bins,
            const std::vector<std::pair<double, double>>& range = {}) {
  if (sample.ndim() != 2) throw value_error("sample must be a 2-D array of shape (N, D)");
  const int dims = static_cast<int>(sample.shape()[1]);
  if (static_cast<int>(bins.size()) != dims)
    throw value_error("The dimension of bins must be equal to the dimension of the sample x.");
  if (!range.empty() && static_cast<int>(range.size()) != dims)
    throw value_error("range argument must have one entry per dimension");
  const ndarray<double> s =
      ascontiguousarray(evaluate(expr::node<expr::cast<double>, ndarray<T>>{{}, {sample}}));
  detail::sample_bin f{s.data(), dims, {}, {}, {}, {}};
  std::vector<ndarray<double>> edges;
  shape_t counts_shape;
  for (int d = 0; d < dims; ++d) {
    const ndarray<double> col = s(slice(), d);
    auto [e, g] = detail::uniform_bins(
        col, bins[static_cast<std::size_t>(d)],
        range.empty() ? std::nullopt : std::optional(range[static_cast<std::size_t>(d)]));
    f.nbins[d] = g.nbins;
    f.lo[d] = g.lo;
    f.hi[d] = g.hi;
    f.edges[d] = e.data();
    edges.push_back(e);
    counts_shape.push_back(g.nbins);
  }
  const auto counts = detail::histogram_counts<double>(
      s.shape()[0], static_cast<const ndarray<double>*>(nullptr), shape_size(counts_shape), f);
  return {counts.reshape(counts_shape), edges};
}

/// `np.histogram2d(x, y, bins, range)`: (counts, x edges, y edges).
template <class T>
[[nodiscard]] std::tuple<ndarray<double>, ndarray<double>, ndarray<double>>
histogram2d(const ndarray<T>& x, const ndarray<T>& y, index_t bins = 10,
            const std::vector<std::pair<double, double>>& range = {}) {
  if (x.ndim() != 1 || x.shape() != y.shape())
    throw value_error("x and y must be 1-D arrays of the same length");
  auto [h, e] = histogramdd(stack<T>({x, y}, 1), {bins, bins}, range);
  return {h, e[0], e[1]};
}

} // namespace cupp
