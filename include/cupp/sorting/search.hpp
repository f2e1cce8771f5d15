#pragma once
/// \file
/// Searching sorted arrays: searchsorted and digitize (the bins of values, by searchsorted), one
/// thread per query. (The counting functions, bincount and histogram, are reduction/histogram.hpp.)

#include <cupp/detail/launch.hpp>
#include <cupp/expr/cast.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/ndarray.hpp>

#include <optional>

namespace cupp {

/// NumPy's `side=` of searchsorted.
enum class side { left, right };

namespace detail {

/// For each query v[i], the insertion point in the sorted run `a` (through `sorter` if given).
template <class T, class V> struct search_fn {
  const T* a;
  const index_t* sorter; // may be null
  index_t n;
  const V* v;
  offset_map v_map;
  bool right;
  CUPP_HD index_t operator()(index_t i) const {
    const V x = v[v_map(i)];
    index_t lo = 0, hi = n;
    while (lo < hi) { // NaN sorts last, as in NumPy
      const index_t mid = lo + (hi - lo) / 2;
      const T y = a[sorter ? sorter[mid] : mid];
      const bool go_right = right ? !less(x, y) : less(y, x);
      if (go_right) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }
  // x < y with NaN greater than everything (complex numbers in NumPy's sort order)
  template <class X, class Y> CUPP_HD static bool less(X x, Y y) {
    if constexpr (is_complex_v<X> || is_complex_v<Y>) {
      using C = promote_t<X, Y>;
      return complex_sort_less(expr::cast<C>{}(x), expr::cast<C>{}(y));
    } else {
      if (is_nan(y)) return !is_nan(x);
      if (is_nan(x)) return false;
      return x < y;
    }
  }
};

} // namespace detail

/// `np.searchsorted(a, v, side, sorter)`: int64 insertion points of v (any shape) in the 1-D `a`,
/// sorted ascending (or sorted by the permutation `sorter`).
template <class T, class V>
[[nodiscard]] ndarray<index_t> searchsorted(const ndarray<T>& a, const ndarray<V>& v,
                                            side s = side::left,
                                            const std::optional<ndarray<index_t>>& sorter = {}) {
  detail::check_devices(a, v);
  if (sorter) detail::check_devices(*sorter);
  if (a.ndim() != 1) throw value_error("object too deep for desired array");
  if (sorter && sorter->shape() != a.shape()) throw value_error("sorter.size must equal a.size");
  const ndarray<T> sorted = ascontiguousarray(a);
  const ndarray<index_t> perm = sorter ? ascontiguousarray(*sorter) : ndarray<index_t>();
  ndarray<index_t> out(v.shape());
  launch_transform(out.size(), out.data(),
                   detail::search_fn<T, V>{
                       sorted.data(), sorter ? perm.data() : nullptr, sorted.size(), v.data(),
                       detail::make_offset_map(v.shape(), v.strides()), s == side::right});
  return out;
}

/// `np.digitize(x, bins, right)`: the index of the bin of each x, for monotonic `bins`
/// (increasing or decreasing; read on the host to tell which: a sync point for 2+ bins).
template <class T, class B>
[[nodiscard]] ndarray<index_t> digitize(const ndarray<T>& x, const ndarray<B>& bins,
                                        bool right = false) {
  if (bins.ndim() != 1) throw value_error("bins must be one-dimensional");
  const bool decreasing = bins.size() > 1 && bins(bins.size() - 1).item() < bins(0).item();
  if (!decreasing) return searchsorted(bins, x, right ? side::left : side::right);
  // NumPy: len(bins) - searchsorted(bins[::-1], x, side)
  const auto r = searchsorted(flip(bins, 0), x, right ? side::left : side::right);
  return ndarray<index_t>(bins.size() - r);
}

} // namespace cupp
