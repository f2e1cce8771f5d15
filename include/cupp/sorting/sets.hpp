#pragma once
/// \file
/// Sorting-based set operations: unique (with NumPy 2's unique_all fields), isin, intersect1d,
/// union1d, setdiff1d, setxor1d. unique and the set operations read the number of distinct values
/// on the host (a sync point: the result size).

#include <cupp/core/keywords.hpp>
#include <cupp/detail/reduce.hpp>
#include <cupp/detail/scan.hpp>
#include <cupp/expr/cast.hpp>
#include <cupp/indexing/mask.hpp>
#include <cupp/manipulation/join.hpp>
#include <cupp/sorting/search.hpp>
#include <cupp/sorting/sort.hpp>

#include <vector>

namespace cupp {

namespace detail {

/// Equality with NaN equal to NaN.
template <class T> CUPP_HD bool same_value(T x, T y) {
  return x == y || (expr::is_nan(x) && expr::is_nan(y));
}

/// Whether sorted[i] starts a new group of equal values (NaNs one group when equal_nan).
template <class T> struct starts_group {
  const T* sorted;
  bool equal_nan;
  CUPP_HD bool operator()(index_t i) const {
    if (i == 0) return true;
    return equal_nan ? !same_value(sorted[i], sorted[i - 1]) : !(sorted[i] == sorted[i - 1]);
  }
};
struct group_sizes {
  const index_t* starts;
  index_t groups, n;
  CUPP_HD index_t operator()(index_t k) const {
    return (k + 1 < groups ? starts[k + 1] : n) - starts[k];
  }
};
struct group_id {
  const bool* starts_flag;
  CUPP_HD index_t operator()(index_t i) const { return starts_flag[i] ? 1 : 0; }
};
struct is_single {
  const index_t* counts;
  CUPP_HD bool operator()(index_t k) const { return counts[k] == 1; }
};
struct scatter_inverse {
  const index_t* perm;
  const index_t* ids; // inclusive count of group starts
  index_t* inverse;
  CUPP_HD void operator()(index_t i) const { inverse[perm[i]] = ids[i] - 1; }
};
template <class T> struct found_in {
  const T* sorted;
  index_t n;
  const index_t* pos;
  const T* x;
  offset_map x_map;
  bool invert;
  CUPP_HD bool operator()(index_t i) const {
    const index_t p = pos[i];
    const bool hit = p < n && same_value(sorted[p], x[x_map(i)]);
    return hit != invert;
  }
};

} // namespace detail

/// NumPy 2's `np.unique_all(x)`: the sorted distinct values, the index of each one's first
/// occurrence in the flattened x, the inverse (x's shape: the position of each element's value in
/// `values`) and the counts. As NumPy's, every NaN is distinct here.
template <class T> struct unique_result {
  ndarray<T> values;
  ndarray<index_t> indices, inverse_indices, counts;
};

template <class T> [[nodiscard]] unique_result<T> unique_all(const ndarray<T>& x) {
  const ndarray<T> flat = ascontiguousarray(ravel(x));
  const index_t n = flat.size();
  ndarray<index_t> perm;
  const ndarray<T> sorted = detail::sorted_last_axis(flat, &perm);
  ndarray<bool> flags(shape_t{n});
  detail::launch_transform(n, flags.data(), detail::starts_group<T>{sorted.data(), false});
  const ndarray<index_t> starts = flatnonzero(flags); // the number of groups: a sync point
  unique_result<T> r;
  r.values = take(sorted, starts);
  r.indices = n ? take(perm, starts) : ndarray<index_t>(shape_t{0});
  r.counts = ndarray<index_t>(starts.shape());
  detail::launch_transform(starts.size(), r.counts.data(),
                           detail::group_sizes{starts.data(), starts.size(), n});
  ndarray<index_t> ids(shape_t{n});
  detail::scan_runs(n, n, detail::group_id{flags.data()}, ids.data(), detail::plus{});
  r.inverse_indices = ndarray<index_t>(shape_t{n});
  detail::launch_for_each(
      n, detail::scatter_inverse{perm.data(), ids.data(), r.inverse_indices.data()});
  r.inverse_indices = r.inverse_indices.reshape(x.ndim() ? x.shape() : shape_t{});
  return r;
}

/// NumPy's keywords of unique (core/keywords.hpp): `cp::unique(x, {.equal_nan = false})`.
struct unique_kw {
  detail::kw_guard guard_{};
  bool equal_nan = true;
};

/// `np.unique(x, equal_nan)`: the sorted distinct values of the flattened x (NaNs as one value
/// unless equal_nan is false).
template <class T> [[nodiscard]] ndarray<T> unique(const ndarray<T>& x, bool equal_nan = true) {
  const ndarray<T> sorted = sort(ravel(x));
  ndarray<bool> flags(sorted.shape());
  detail::launch_transform(sorted.size(), flags.data(),
                           detail::starts_group<T>{sorted.data(), equal_nan});
  return ndarray<T>(sorted(flags));
}
template <class T> [[nodiscard]] ndarray<T> unique(const ndarray<T>& x, const unique_kw& kw) {
  return unique(x, kw.equal_nan);
}

/// `np.isin(element, test_elements, invert)`: bool array of element's shape.
template <class T>
[[nodiscard]] ndarray<bool> isin(const ndarray<T>& element, const ndarray<T>& test_elements,
                                 bool invert = false) {
  const ndarray<T> sorted = sort(ravel(test_elements));
  const ndarray<index_t> pos = searchsorted(sorted, element);
  ndarray<bool> out(element.shape());
  detail::launch_transform(
      out.size(), out.data(),
      detail::found_in<T>{sorted.data(), sorted.size(), pos.data(), element.data(),
                          detail::make_offset_map(element.shape(), element.strides()), invert});
  return out;
}

/// `np.intersect1d(a, b)`: sorted distinct values in both.
template <class T> [[nodiscard]] ndarray<T> intersect1d(const ndarray<T>& a, const ndarray<T>& b) {
  const ndarray<T> ua = unique(a);
  return ndarray<T>(ua(isin(ua, b)));
}
/// `np.union1d(a, b)`: sorted distinct values in either.
template <class T> [[nodiscard]] ndarray<T> union1d(const ndarray<T>& a, const ndarray<T>& b) {
  return unique(concatenate<T>({ravel(a), ravel(b)}));
}
/// `np.setdiff1d(a, b)`: sorted distinct values of a not in b.
template <class T> [[nodiscard]] ndarray<T> setdiff1d(const ndarray<T>& a, const ndarray<T>& b) {
  const ndarray<T> ua = unique(a);
  return ndarray<T>(ua(isin(ua, b, true)));
}
/// `np.setxor1d(a, b)`: sorted distinct values in exactly one of them.
template <class T> [[nodiscard]] ndarray<T> setxor1d(const ndarray<T>& a, const ndarray<T>& b) {
  const auto u = unique_all(concatenate<T>({unique(a), unique(b)}));
  ndarray<bool> once(u.counts.shape());
  detail::launch_transform(once.size(), once.data(), detail::is_single{u.counts.data()});
  return ndarray<T>(u.values(once));
}

} // namespace cupp
