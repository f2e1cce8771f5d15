#pragma once
/// \file
/// NumPy's sorting routines: sort and argsort along an axis (default the last; `cupp::none` sorts
/// the flattened array), as NumPy's: ascending, stable, NaN last; lexsort; partition and
/// argpartition (a full sort, which keeps their promise). CUB radix sorts (segmented for many
/// rows) on the CUDA backend; nothing synchronises. NumPy's kind= ("quicksort", "mergesort",
/// "heapsort", "stable") is checked as NumPy checks it and every kind sorts stably, which meets
/// each kind's contract.

#include <cupp/core/keywords.hpp>
#include <cupp/creation.hpp>
#include <cupp/detail/launch.hpp>
#include <cupp/detail/sort.hpp>
#include <cupp/expr/astype.hpp>
#include <cupp/expr/evaluate.hpp>
#include <cupp/indexing/basic.hpp>
#include <cupp/indexing/take.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/ndarray.hpp>

#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cupp {

namespace detail {

/// Sort keys: floating-point values as unsigned integers of the same order, with every NaN
/// canonical and last (CUB's segmented sort compares short segments with `<`, which NaN breaks;
/// radix sort orders bits). Other dtypes are their own keys.
template <class T>
using sort_key_t = std::conditional_t<
    is_floating_v<T>,
    std::conditional_t<sizeof(T) == 2, std::uint16_t,
                       std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>>,
    T>;

template <class T> struct encode_key {
  using result_type = sort_key_t<T>;
  // -0.0 takes 0.0's key, so that the two tie (they are equal) and a stable sort keeps their
  // order, as NumPy's stable argsort; the sorts that return values decode keys, so they keep
  // -0.0 distinct (and first) to keep its sign
  bool zeros_equal = false;
  CUPP_HD result_type operator()(T x) const {
    if constexpr (is_floating_v<T>) {
      using K = result_type;
      if (x != x) x = std::numeric_limits<T>::quiet_NaN();
      if (zeros_equal && x == T(0)) x = T(0);
      K k;
      memcpy(&k, &x, sizeof(K));
      constexpr K sign = K(1) << (8 * sizeof(K) - 1);
      return (k & sign) ? K(~k) : K(k | sign);
    } else {
      return x;
    }
  }
};
template <class T> struct decode_key {
  using result_type = T;
  CUPP_HD T operator()(sort_key_t<T> k) const {
    if constexpr (is_floating_v<T>) {
      using K = sort_key_t<T>;
      constexpr K sign = K(1) << (8 * sizeof(K) - 1);
      k = (k & sign) ? K(k & ~sign) : K(~k);
      T x;
      memcpy(&x, &k, sizeof(T));
      return x;
    } else {
      return k;
    }
  }
};

struct position_in_run {
  index_t len;
  CUPP_HD index_t operator()(index_t i) const { return i % len; }
};

/// The keys of NumPy's complex order, one per pass of a least-significant-first sort: the
/// imaginary part, then the real part, then the class (0: no NaN part, 1: NaN imaginary part,
/// 2: NaN real part, 3: both). NumPy's order is by class, then by the parts that are not NaN:
/// [R + Rj, R + nanj, nan + Rj, nan + nanj], each lexicographically.
template <class T, int Pass> struct complex_sort_key {
  using F = real_t<T>;
  using result_type = std::conditional_t<Pass == 2, std::uint8_t, sort_key_t<F>>;
  CUPP_HD result_type operator()(T z) const {
    const bool nan_re = z.real() != z.real(), nan_im = z.imag() != z.imag();
    if constexpr (Pass == 2) {
      return static_cast<std::uint8_t>((nan_re ? 2 : 0) + (nan_im ? 1 : 0));
    } else {
      const F part = Pass == 0 ? z.imag() : z.real();
      return part != part ? result_type(0) : encode_key<F>{true}(part);
    }
  }
};

/// `a`'s runs sorted in NumPy's complex order by three stable sorts of the positions (see
/// complex_sort_key); each pass gathers the elements in the order so far.
template <class T>
ndarray<T> sorted_complex_last_axis(const ndarray<T>& a, ndarray<index_t>* positions, bool values) {
  const index_t n = a.size(), len = a.ndim() ? a.shape()[a.ndim() - 1] : 1;
  const ndarray<T> c = ascontiguousarray(a);
  ndarray<index_t> order(c.shape());
  if (n > 0) launch_transform(n, order.data(), position_in_run{len});
  auto pass = [&](auto key) {
    if (n == 0) return;
    const auto keys =
        evaluate(expr::node<decltype(key), ndarray<T>>{key, {take_along_axis(c, order, -1)}});
    ndarray<typename decltype(key)::result_type> sorted(c.shape());
    ndarray<index_t> next(c.shape());
    sort_runs(n, len, keys.data(), sorted.data(), order.data(), next.data());
    order = next;
  };
  pass(complex_sort_key<T, 0>{});
  pass(complex_sort_key<T, 1>{});
  pass(complex_sort_key<T, 2>{});
  if (positions) *positions = order;
  return values ? take_along_axis(c, order, -1) : ndarray<T>();
}

// sorted_last_axis for real dtypes: one sort of order-preserving unsigned keys, or, for the values
// of one run of float or double, of the values themselves (sort_values: no passes to make keys
// and to decode them; H200, 64M float32: CUB's sort alone took 1.40 ms, the two passes 0.3; -0.0
// and +0.0 then keep their input order, as NumPy's stable sort).
template <class T>
ndarray<T> sorted_real_last_axis(const ndarray<T>& a, ndarray<index_t>* positions, bool values) {
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    if (!positions && a.ndim() && a.shape()[a.ndim() - 1] == a.size()) {
      const ndarray<T> c = ascontiguousarray(a);
      ndarray<T> out(a.shape());
      sort_values(a.size(), c.data(), out.data());
      return out;
    }
  }
  using K = sort_key_t<T>;
  ndarray<K> keys(a.shape());
  expr::assign_to(keys, expr::node<encode_key<T>, ndarray<T>>{{positions != nullptr}, {a}});
  ndarray<K> sorted(a.shape());
  const index_t n = a.size(), len = a.ndim() ? a.shape()[a.ndim() - 1] : 1;
  if (positions) *positions = ndarray<index_t>(a.shape());
  if (n > 0) {
    if (positions) {
      ndarray<index_t> in(a.shape());
      launch_transform(n, in.data(), position_in_run{len});
      sort_runs(n, len, keys.data(), sorted.data(), in.data(), positions->data());
    } else {
      sort_runs(n, len, keys.data(), sorted.data(), static_cast<const index_t*>(nullptr),
                static_cast<index_t*>(nullptr));
    }
  }
  if constexpr (std::is_same_v<K, T>) {
    return sorted;
  } else {
    if (positions) // the keys lost the signs of zeros
      return values ? take_along_axis(a, *positions, -1) : ndarray<T>();
    return evaluate(expr::node<decode_key<T>, ndarray<K>>{{}, {sorted}});
  }
}

/// `a` (any layout) with each run of its last axis sorted, C-contiguous; with `positions`, also
/// each element's position in its run before sorting (the argsort), and then the sorted values
/// only if `values` (an empty array otherwise).
template <class T>
ndarray<T> sorted_last_axis(const ndarray<T>& a, ndarray<index_t>* positions, bool values = true) {
  check_devices(a);
  if constexpr (is_complex_v<T>) {
    return sorted_complex_last_axis(a, positions, values);
  } else {
    return sorted_real_last_axis(a, positions, values);
  }
}

/// NumPy's check of kind=: its first letter (q, h, m or s, either case) names the kind, so
/// "quicksort", "heap", "Mergesort" and "stable" pass and anything else raises NumPy's error.
inline void check_sort_kind(std::string_view kind) {
  const char c = kind.empty() ? '\0' : kind.front();
  if (c != 'q' && c != 'Q' && c != 'h' && c != 'H' && c != 'm' && c != 'M' && c != 's' && c != 'S')
    throw value_error("sort kind must be one of 'quick', 'heap', or 'stable' (got '" +
                      std::string(kind) + "')");
}

} // namespace detail

/// NumPy's keywords of sort and argsort (core/keywords.hpp): `cp::sort(a, {.axis = 0,
/// .kind = "stable"})`.
struct sort_kw {
  detail::kw_guard guard_{};
  std::optional<index_t> axis = -1; ///< `cupp::none`: the flattened array
  std::string_view kind = "quicksort";
};

/// `np.sort(a, axis, kind)`: a sorted copy; `axis = cupp::none` sorts the flattened array.
template <class T>
[[nodiscard]] ndarray<T> sort(const ndarray<T>& a, std::optional<index_t> axis = -1,
                              std::string_view kind = "quicksort") {
  detail::check_sort_kind(kind);
  if (!axis) return sort(ravel(a), 0);
  const int ax = detail::normalize_axis(*axis, a.ndim());
  return ascontiguousarray(
      moveaxis(detail::sorted_last_axis(moveaxis(a, ax, -1), nullptr), -1, ax));
}
template <class T> [[nodiscard]] ndarray<T> sort(const ndarray<T>& a, const sort_kw& kw) {
  return sort(a, kw.axis, kw.kind);
}

/// `np.argsort(a, axis, kind)` (stable for every kind): int64 positions along `axis` that sort it.
template <class T>
[[nodiscard]] ndarray<index_t> argsort(const ndarray<T>& a, std::optional<index_t> axis = -1,
                                       std::string_view kind = "quicksort") {
  detail::check_sort_kind(kind);
  if (!axis) return argsort(ravel(a), 0);
  const int ax = detail::normalize_axis(*axis, a.ndim());
  ndarray<index_t> positions;
  (void)detail::sorted_last_axis(moveaxis(a, ax, -1), &positions, false);
  return ascontiguousarray(moveaxis(positions, -1, ax));
}
template <class T> [[nodiscard]] ndarray<index_t> argsort(const ndarray<T>& a, const sort_kw& kw) {
  return argsort(a, kw.axis, kw.kind);
}

/// `np.sort_complex(a)`: sorted along the last axis in NumPy's complex order, as a complex array
/// (real input converts as NumPy's: int8, int16, uint8, uint16 to complex64, everything else to
/// complex128).
template <class T> [[nodiscard]] auto sort_complex(const ndarray<T>& a) {
  if constexpr (is_complex_v<T>) {
    return sort(a);
  } else {
    using C =
        std::conditional_t<std::is_integral_v<T> && !std::is_same_v<T, bool> && sizeof(T) <= 2,
                           complex64, complex128>;
    return sort(ndarray<C>(astype<C>(a)));
  }
}

// sort and argsort are compiled in src/sorting/, one file per dtype of the table
#define CUPP_SORT_INSTANCE(EXTERN, T)                                                              \
  EXTERN template ndarray<T> sort<T>(const ndarray<T>&, std::optional<index_t>, std::string_view); \
  EXTERN template ndarray<index_t> argsort<T>(const ndarray<T>&, std::optional<index_t>,           \
                                              std::string_view);
#define CUPP_SORT_EXTERN(T, name, kind, c_name) CUPP_SORT_INSTANCE(extern, T)
CUPP_DTYPE_TABLE(CUPP_SORT_EXTERN)
#undef CUPP_SORT_EXTERN

/// `np.lexsort(keys)`: the stable order sorting by the last key, ties broken by the one before...
template <class T> [[nodiscard]] ndarray<index_t> lexsort(const std::vector<ndarray<T>>& keys) {
  if (keys.empty()) throw type_error("need sequence of keys with len > 0 in lexsort");
  const index_t n = keys[0].size();
  ndarray<index_t> order = arange<index_t>(n);
  for (const auto& k : keys) { // least significant first; each stable sort keeps the earlier order
    if (k.ndim() != 1 || k.size() != n) throw value_error("all keys need to be the same shape");
    order = take(order, argsort(take(k, order)));
  }
  return order;
}

/// `np.partition(a, kth, axis)`: NumPy only promises the kth element in its sorted place with no
/// larger one before and no smaller one after; cupp returns the fully sorted array, which keeps
/// that promise for every kth.
template <class T>
[[nodiscard]] ndarray<T> partition(const ndarray<T>& a, index_t kth, index_t axis = -1) {
  const int ax = detail::normalize_axis(axis, a.ndim());
  if (kth < -a.shape()[ax] || kth >= a.shape()[ax])
    throw value_error("kth(=" + std::to_string(kth) + ") out of bounds (" +
                      std::to_string(a.shape()[ax]) + ")");
  return sort(a, ax);
}
/// `np.argpartition(a, kth, axis)`: the stable argsort (see partition).
template <class T>
[[nodiscard]] ndarray<index_t> argpartition(const ndarray<T>& a, index_t kth, index_t axis = -1) {
  const int ax = detail::normalize_axis(axis, a.ndim());
  if (kth < -a.shape()[ax] || kth >= a.shape()[ax])
    throw value_error("kth(=" + std::to_string(kth) + ") out of bounds (" +
                      std::to_string(a.shape()[ax]) + ")");
  return argsort(a, ax);
}

// ---- the ndarray's methods (declared in core/ndarray.hpp) ---------------------------------------

/// `a.sort(axis, kind)` sorts in place, as NumPy's (the sorted copy is written back).
template <class V> void ndarray<V>::sort(index_t axis, std::string_view kind) {
  assign(cupp::sort(*this, axis, kind));
}
template <class V> void ndarray<V>::sort(const sort_kw& kw) {
  if (!kw.axis) // NumPy's a.sort(axis=None) is a TypeError too: the array cannot flatten in place
    throw type_error("'NoneType' object cannot be interpreted as an integer");
  sort(*kw.axis, kw.kind);
}
template <class V>
auto ndarray<V>::argsort(std::optional<index_t> axis, std::string_view kind) const {
  return cupp::argsort(*this, axis, kind);
}
template <class V> auto ndarray<V>::argsort(const sort_kw& kw) const {
  return cupp::argsort(*this, kw);
}

} // namespace cupp
