#pragma once
/// \file
/// Advanced indexing: integer arrays and boolean masks as indices, read and written through
/// `cupp::indexed<T>`, which `a(...)` returns when any index is an array. Reading one (converting
/// it to an ndarray, using it in an expression, printing or reducing it) gathers a copy, as NumPy
/// does; assigning to it scatters into `a`. Index arrays may be of any integer dtype and broadcast
/// together; out-of-bounds entries raise `index_error` at the next sync point (detail/fault.hpp).
/// An index may also be an unevaluated expression (`a(a > 0.5)`, `a(idx + 1)`: evaluated first,
/// as NumPy evaluates `a > 0.5` before indexing) or a host list of integers or bools
/// (`std::vector`, `std::array`, a braced list `a({0, 2, 3})`: copied to the device, as NumPy
/// converts `a[[0, 2, 3]]`).
/// Boolean masks select where they are true: reading one, or writing an array through it, needs the
/// number of true elements on the host (a sync point, as in NumPy/CuPy); writing a scalar through
/// a mask of the array's shape runs as one kernel without a sync.

#include <cupp/core/ndarray.hpp>
#include <cupp/core/transfer.hpp>
#include <cupp/detail/atomic.hpp>
#include <cupp/detail/compact.hpp>
#include <cupp/detail/fault.hpp>
#include <cupp/detail/launch.hpp>
#include <cupp/expr/cast.hpp>
#include <cupp/expr/evaluate.hpp>
#include <cupp/indexing/basic.hpp>

#include <algorithm>
#include <array>
#include <initializer_list>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

namespace cupp {

/// What `take`, `put` and `choose` do with indices outside [-n, n): NumPy's `mode=`.
enum class index_mode { raise, wrap, clip };

namespace detail {

/// `a` as a C-contiguous int64 array of `shape` (a is broadcast to it); no copy when it already is.
template <class I> ndarray<index_t> index_array(const ndarray<I>& a, const shape_t& shape) {
  if constexpr (std::is_same_v<I, index_t>) {
    if (a.shape() == shape && a.is_c_contiguous()) return a;
  }
  ndarray<index_t> out(shape);
  expr::assign_to(out, expr::node<expr::cast<index_t>, ndarray<I>>{{}, {a}});
  return out;
}

/// Result flat index -> source element offset (see advanced_layout), or `faulted` after a fault
/// (offsets may be negative: views with negative strides address memory before their data()).
struct gather_map {
  static constexpr index_t faulted = std::numeric_limits<index_t>::min();

  int nd = 0, k = 0;
  index_mode mode = index_mode::raise;
  fault_code code = fault_code::index_out_of_bounds; // what an index out of range reports
  index_t offset = 0;
  index_t shape[max_dims] = {}, src_stride[max_dims] = {}, lin_stride[max_dims] = {};
  const index_t* idx[max_dims] = {};
  index_t axis_stride[max_dims] = {}, axis_size[max_dims] = {}, axis[max_dims] = {};
  fault_record* fault = nullptr;

  CUPP_HD index_t operator()(index_t i) const {
    index_t off = offset, lin = 0;
    for (int d = nd - 1; d >= 0; --d) {
      const index_t q = i / shape[d];
      const index_t c = i - q * shape[d];
      i = q;
      off += c * src_stride[d];
      lin += c * lin_stride[d];
    }
    for (int j = 0; j < k; ++j) {
      const index_t v = resolve(idx[j][lin], j);
      if (v < 0) return faulted;
      off += v * axis_stride[j];
    }
    return off;
  }

  CUPP_HD index_t resolve(index_t v, int j) const {
    const index_t n = axis_size[j];
    if (n > 0 && mode == index_mode::wrap) return ((v % n) + n) % n;
    if (n > 0 && mode == index_mode::clip) return v < 0 ? 0 : (v >= n ? n - 1 : v);
    if (code == fault_code::invalid_choice && v < 0) { // choose has no negative indices
      report_fault(fault, code, v, 0, n);
      return -1;
    }
    return checked_index(fault, v, axis[j], n, code);
  }
};

/// The gather map of `layout` over the index arrays (already int64, C-contiguous, of the index
/// shape); `arrays` must outlive the kernels that use the map. With `check_empty`, an empty result
/// (which runs no gather) still checks every index, as NumPy's indexing does.
gather_map make_gather_map(const advanced_layout& layout,
                           const std::vector<ndarray<index_t>>& arrays, index_mode mode,
                           bool check_empty = true);

template <class T> struct gather_fn {
  const T* src;
  gather_map m;
  CUPP_HD T operator()(index_t i) const {
    const index_t off = m(i);
    return off == gather_map::faulted ? T{} : src[off];
  }
};

template <class T, class F> struct scatter_fn {
  T* dst;
  gather_map m;
  F value;
  CUPP_HD void operator()(index_t i) const {
    const index_t off = m(i);
    if (off != gather_map::faulted) dst[off] = static_cast<T>(value(i));
  }
};

template <class T, class F> struct scatter_add_fn {
  T* dst;
  gather_map m;
  F value;
  CUPP_HD void operator()(index_t i) const {
    const index_t off = m(i);
    if (off != gather_map::faulted) atomic_add(dst + off, static_cast<T>(value(i)));
  }
};

/// `mask ? value : a`, elementwise: writing a scalar through a mask of the array's shape.
template <class T> struct masked_fill_op {
  using result_type = T;
  CUPP_HD T operator()(bool m, T a, T v) const { return m ? v : a; }
};

/// One index of `a(...)`: a basic index, an integer array (as int64) or a boolean mask.
struct any_index {
  index_item basic{index_item::kind::slice};
  std::optional<ndarray<index_t>> array;
  std::optional<ndarray<bool>> mask;
};

/// True for host lists of integers or bools used as indices: `std::vector` and `std::array`.
template <class I> inline constexpr bool is_host_index_list_v = false;
template <class I, class A>
inline constexpr bool is_host_index_list_v<std::vector<I, A>> = std::is_integral_v<I>;
template <class I, std::size_t N>
inline constexpr bool is_host_index_list_v<std::array<I, N>> = std::is_integral_v<I>;

/// True for the indices that make `a(...)` an advanced selection: arrays, unevaluated
/// expressions, selections and host lists.
template <class I>
inline constexpr bool is_array_index_v =
    is_ndarray_v<I> || expr::traits<I>::is_node || expr::is_indexed_v<I> || is_host_index_list_v<I>;

/// A host list as a device array: int64 indices, or a mask for a list of bools (NumPy reads
/// `a[[True, False, True]]` as a mask). The copy returns once the host memory may be reused.
template <class V, class It> auto host_index_array(It first, index_t n) {
  using R = std::conditional_t<std::is_same_v<V, bool>, bool, index_t>;
  // a plain buffer: std::vector<bool> has no data()
  const auto buffer = std::make_unique<R[]>(static_cast<std::size_t>(n ? n : 1));
  for (index_t i = 0; i < n; ++i, ++first)
    buffer[i] = static_cast<R>(*first);
  ndarray<R> out(shape_t{n});
  copy_from_host_async(out.data(), buffer.get(), static_cast<std::size_t>(n) * sizeof(R),
                       current_stream());
  return out;
}

template <class I> any_index to_any_index(const I& x) {
  if constexpr (is_ndarray_v<I>) {
    using V = typename I::value_type;
    if constexpr (std::is_same_v<V, bool>) {
      return {{index_item::kind::slice}, std::nullopt, x};
    } else {
      static_assert(std::is_integral_v<V>,
                    "arrays and expressions used as indices must be of integer or bool dtype");
      return {{index_item::kind::slice}, index_array(x, x.shape()), std::nullopt};
    }
  } else if constexpr (is_host_index_list_v<I>) {
    return to_any_index(
        host_index_array<typename I::value_type>(x.begin(), static_cast<index_t>(x.size())));
  } else if constexpr (is_array_index_v<I>) { // an expression or a selection: evaluated first
    return to_any_index(expr::evaluate(x));
  } else {
    return {to_index_item(x), std::nullopt, std::nullopt};
  }
}

/// `a[:, ..., :, idx]` with `axis` leading slices, as the items of a selection (take, insert and
/// repeat select along one axis with it).
template <class I> std::vector<any_index> along_axis(const ndarray<I>& idx, int axis) {
  std::vector<any_index> items(static_cast<std::size_t>(axis));
  items.push_back(to_any_index(idx));
  return items;
}

/// The number of true elements of `mask`, read on the host (a sync point).
index_t count_true(const ndarray<bool>& mask);

/// The indices of the true elements of `mask` along each of its axes (NumPy's nonzero): the
/// count is read on the host (a sync point).
std::vector<ndarray<index_t>> mask_positions(const ndarray<bool>& mask);

/// The layout and int64 index arrays of `a(items...)`, with masks replaced by their positions.
struct resolved_index {
  advanced_layout layout;
  std::vector<ndarray<index_t>> arrays;
};
resolved_index resolve_index(const shape_t& shape, const shape_t& strides,
                             const std::vector<any_index>& items);

} // namespace detail

/// `a[idx]` with array indices (see the file comment): a gather when read, a scatter when assigned.
template <class T> class indexed {
public:
  indexed(ndarray<T> base, std::vector<detail::any_index> items)
      : base_(std::move(base)), items_(std::move(items)) {
    const int current = current_device();
    cupp::detail::check_device(base_.device(), current);
    for (const auto& item : items_) {
      if (item.array) cupp::detail::check_device(item.array->device(), current);
      if (item.mask) cupp::detail::check_device(item.mask->device(), current);
    }
  }

  /// The selected elements as a new array (NumPy's `a[idx]`, a copy).
  [[nodiscard]] ndarray<T> copy() const {
    if (const auto* m = whole_mask()) {
      if (base_.is_c_contiguous() && m->is_c_contiguous()) return extract_contiguous(*m);
    }
    const auto r = resolve();
    ndarray<T> out(r.layout.shape);
    const auto map = detail::make_gather_map(r.layout, r.arrays, index_mode::raise);
    detail::launch_transform(out.size(), out.data(), detail::gather_fn<T>{base_.data(), map});
    return out;
  }
  operator ndarray<T>() const { return copy(); } // NOLINT(google-explicit-constructor)

  /// NumPy's methods of a selection, `a[a > 0.5].sum()`: the selection is gathered (as NumPy's
  /// `a[mask]` is a copy) and the array's method called, with the same arguments (core/ndarray.hpp;
  /// include the method's area header). A keyword list cannot pass through a forwarding call:
  /// write `a(m).copy().var({.ddof = 1})` for those.
  template <class R = void, class... A> [[nodiscard]] auto sum(const A&... a) const {
    return copy().template sum<R>(a...);
  }
  template <class R = void, class... A> [[nodiscard]] auto prod(const A&... a) const {
    return copy().template prod<R>(a...);
  }
  template <class... A> [[nodiscard]] auto max(const A&... a) const { return copy().max(a...); }
  template <class... A> [[nodiscard]] auto min(const A&... a) const { return copy().min(a...); }
  template <class... A> [[nodiscard]] auto argmax(const A&... a) const {
    return copy().argmax(a...);
  }
  template <class... A> [[nodiscard]] auto argmin(const A&... a) const {
    return copy().argmin(a...);
  }
  template <class... A> [[nodiscard]] auto mean(const A&... a) const { return copy().mean(a...); }
  template <class... A> [[nodiscard]] auto var(const A&... a) const { return copy().var(a...); }
  template <class... A> [[nodiscard]] auto std(const A&... a) const { return copy().std(a...); }
  template <class... A> [[nodiscard]] auto any(const A&... a) const { return copy().any(a...); }
  template <class... A> [[nodiscard]] auto all(const A&... a) const { return copy().all(a...); }
  template <class R = void, class... A> [[nodiscard]] auto cumsum(const A&... a) const {
    return copy().template cumsum<R>(a...);
  }
  template <class U> [[nodiscard]] auto astype() const { return copy().template astype<U>(); }
  /// `a[idx].item()`, `a[idx].get()` / `.tolist()`: sync points.
  [[nodiscard]] T item() const { return copy().item(); }
  [[nodiscard]] std::vector<T> get() const { return copy().get(); }
  [[nodiscard]] std::vector<T> tolist() const { return copy().get(); }

  /// `a[idx] = e`: writes `e` (an array, expression or scalar broadcast to the selection's shape).
  /// With repeated indices one of the writes wins, unspecified which (as on CuPy).
  template <class E> indexed& operator=(const E& e) && {
    if constexpr (!expr::is_expression_v<E>) {
      if (const auto* m = whole_mask()) { // `a[a < 0] = 0`: one kernel, no sync
        base_.assign(
            expr::node<detail::masked_fill_op<T>, ndarray<bool>, ndarray<T>, expr::scalar<T>>{
                {}, {*m, base_, {static_cast<T>(e)}}});
        return *this;
      }
      apply<detail::scatter_fn>(expr::scalar<T>{static_cast<T>(e)});
    } else {
      apply<detail::scatter_fn>(expr::operand(e));
    }
    return *this;
  }
  indexed& operator=(const indexed& other) && { return std::move(*this) = other.copy(); }

  template <class E> indexed& operator+=(const E& e) && { return std::move(*this) = copy() + e; }
  template <class E> indexed& operator-=(const E& e) && { return std::move(*this) = copy() - e; }
  template <class E> indexed& operator*=(const E& e) && { return std::move(*this) = copy() * e; }
  template <class E> indexed& operator/=(const E& e) && { return std::move(*this) = copy() / e; }
  // `%` is math/functions.hpp's, found when this is instantiated
  template <class E> indexed& operator%=(const E& e) && { return std::move(*this) = copy() % e; }

  /// The unbuffered `np.add.at(a, idx, e)`: every occurrence of a repeated index adds (atomics).
  template <class E> void add_at(const E& e) const {
    if constexpr (expr::is_expression_v<E>) {
      apply<detail::scatter_add_fn>(expr::operand(e));
    } else {
      apply<detail::scatter_add_fn>(expr::scalar<T>{static_cast<T>(e)});
    }
  }

private:
  // the single boolean mask of base's shape, if that is the whole index
  const ndarray<bool>* whole_mask() const {
    if (items_.size() == 1 && items_[0].mask && items_[0].mask->shape() == base_.shape())
      return &*items_[0].mask;
    return nullptr;
  }

  // counting first (a sync point: the size is data-dependent) reads the mask twice but lets the
  // selection write straight into an array of the right size
  ndarray<T> extract_contiguous(const ndarray<bool>& m) const {
    ndarray<T> out(shape_t{detail::count_true(m)});
    ndarray<index_t> written(shape_t{});
    detail::compact(base_.size(), base_.data(), m.data(), out.data(), written.data());
    return out;
  }

  detail::resolved_index resolve() const {
    return detail::resolve_index(base_.shape(), base_.strides(), items_);
  }

  template <template <class, class> class Fn, class E> void apply(const E& e) const {
    if (whole_mask() != nullptr && expr::broadcast_shape(e).size() > 1)
      throw type_error("NumPy boolean array indexing assignment requires a 0 or 1-dimensional "
                       "input, input has " +
                       std::to_string(expr::broadcast_shape(e).size()) + " dimensions");
    const auto r = resolve();
    const shape_t& shape = r.layout.shape;
    shape_t b = shape;
    bool ok = true;
    auto f = [&](const auto& a) { ok = broadcast_into(b, a.shape()) && ok; };
    expr::visit_arrays(e, f);
    if (!ok || b != shape) {
      const shape_t from = expr::broadcast_shape(e);
      if constexpr (expr::traits<E>::is_node || is_ndarray_v<E>) { // a scalar has no axes
        const auto extra =
            static_cast<std::ptrdiff_t>(from.size()) - static_cast<int>(shape.size());
        if (extra > 0 &&
            std::all_of(from.begin(), from.begin() + extra, [](index_t d) { return d == 1; })) {
          // NumPy drops a value's leading unit axes beyond the selection's (a[[0, 1]] = a 1x2)
          apply<Fn>(expr::evaluate(e).reshape(shape_t(from.begin() + extra, from.end())));
          return;
        }
      }
      if (items_.size() == 1 && items_[0].mask)
        throw value_error("NumPy boolean array indexing assignment cannot assign " +
                          std::to_string(shape_size(from)) + " input values to the " +
                          std::to_string(shape_size(shape)) +
                          " output values where the mask is true");
      throw value_error("shape mismatch: value array of shape " + shape_compact(from) +
                        " could not be broadcast to indexing result of shape " +
                        shape_compact(shape));
    }
    const auto map = detail::make_gather_map(r.layout, r.arrays, index_mode::raise);
    // the scatter writes base elements other than those it reads at the same index: an operand
    // that shares memory with the base is copied first (expr/overlap.hpp), identical or not
    const E src = expr::detach(e, base_, false);
    expr::with_flat_evaluator(src, shape, [&](const auto& fn, index_t n) {
      detail::launch_for_each(n, Fn<T, std::decay_t<decltype(fn)>>{base_.data(), map, fn});
    });
  }

  ndarray<T> base_;
  std::vector<detail::any_index> items_;
};

template <class V> template <class... I> auto ndarray<V>::operator()(const I&... idx) const {
  if constexpr ((detail::is_array_index_v<I> || ...)) {
    return indexed<V>(*this, {detail::to_any_index(idx)...});
  } else {
    const detail::index_item items[] = {detail::to_index_item(idx)..., {}};
    const auto v = detail::basic_index(shape_, strides_, items, sizeof...(I));
    return ndarray(data_ + v.offset, v.shape, v.strides, owner_, device_);
  }
}

template <class V>
template <class I>
auto ndarray<V>::operator()(std::initializer_list<I> idx) const {
  static_assert(std::is_integral_v<I>, "a braced index list holds integers or bools");
  return indexed<V>(*this, {detail::to_any_index(detail::host_index_array<I>(
                               idx.begin(), static_cast<index_t>(idx.size())))});
}

} // namespace cupp
