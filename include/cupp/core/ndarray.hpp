#pragma once
/// \file
/// `cupp::ndarray<T>`: NumPy's ndarray on the device. A handle with reference semantics: copying it
/// shares the data (`b = a`), `a.copy()` copies; views share storage and keep it alive.

#include <cupp/core/axes.hpp>
#include <cupp/core/config.hpp>
#include <cupp/core/dtype.hpp>
#include <cupp/core/error.hpp>
#include <cupp/core/shape.hpp>
#include <cupp/core/storage.hpp>
#include <cupp/core/transfer.hpp>

#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace cupp {

namespace expr {
template <class E> struct traits;
} // namespace expr

// The keyword structs of the methods' areas (reduction/reduce.hpp, reduction/scan.hpp,
// sorting/sort.hpp): declared here so that the methods can take them.
struct reduce_kw;
struct var_kw;
struct arg_kw;
struct scan_kw;
struct sort_kw;

namespace detail {
/// The integer types that may be extents or axes in a variadic call such as `a.reshape(2, 3)`:
/// not bool, and not char, which is reshape's `order`.
template <class I>
inline constexpr bool is_extent_v =
    std::is_integral_v<I> && !std::is_same_v<I, bool> && !std::is_same_v<I, char>;
} // namespace detail

/// A device array of element type `V` with a runtime shape, element strides (negative and zero
/// allowed) and shared storage. (The element type is called V, not T as elsewhere, because NumPy's
/// `a.T` is the member T(), and a member may not share its class's template parameter's name; out
/// of class definitions of members must not call it T either: the member would hide it.)
template <class V> class ndarray {
  static_assert(is_dtype_v<V>, "ndarray element type must be a cupp dtype");

public:
  using value_type = V;

  /// An empty 1-D array of shape (0,).
  ndarray() : ndarray(shape_t{0}) {}

  /// A new C-contiguous array of `shape` with uninitialised values (NumPy's `empty`).
  explicit ndarray(const shape_t& shape) : shape_(shape), strides_(c_strides(shape)) {
    for (index_t e : shape)
      if (e < 0) throw value_error("negative dimensions are not allowed");
    device_ = current_device(); // asked once: the allocator takes the device's resource from it
    auto storage = detail::make_storage<V>(shape_size(shape), device_);
    data_ = storage.data;
    owner_ = std::move(storage.owner);
  }

  /// A view of memory owned elsewhere: `owner` keeps it alive (may be null for unowned memory).
  ndarray(V* data, const shape_t& shape, const shape_t& strides, std::shared_ptr<void> owner,
          int device)
      : owner_(std::move(owner)), data_(data), shape_(shape), strides_(strides), device_(device) {
    if (shape.size() != strides.size())
      throw value_error("shape " + shape_repr(shape) + " and strides " + shape_repr(strides) +
                        " differ in length");
  }

  ndarray(const ndarray&) = default;
  ndarray(ndarray&&) noexcept = default;
  /// `a = b` rebinds `a` (a handle, as in Python).
  ndarray& operator=(const ndarray&) & = default;
  ndarray& operator=(ndarray&&) & noexcept = default;
  /// Assigning to a temporary view writes through it: `a(0, slice()) = b` is `a[0, :] = b`.
  template <class E> ndarray& operator=(const E& e) && { return assign(e); }

  /// Evaluates an elementwise expression of the same dtype into a new array (one fused kernel).
  template <class E,
            class = std::enable_if_t<expr::traits<E>::is_node &&
                                     std::is_same_v<typename expr::traits<E>::value_type, V>>>
  ndarray(const E& e); // NOLINT(google-explicit-constructor): `ndarray<float> z = x + y;`

  [[nodiscard]] const shape_t& shape() const noexcept { return shape_; }
  /// Strides in elements (NumPy reports bytes: multiply by itemsize()).
  [[nodiscard]] const shape_t& strides() const noexcept { return strides_; }
  [[nodiscard]] int ndim() const noexcept { return shape_.size(); }
  [[nodiscard]] index_t size() const noexcept { return shape_size(shape_); }
  [[nodiscard]] index_t itemsize() const noexcept { return sizeof(V); }
  [[nodiscard]] index_t nbytes() const noexcept { return size() * itemsize(); }
  [[nodiscard]] static constexpr const char* dtype() noexcept { return dtype_name<V>(); }
  /// The device id whose memory holds the data.
  [[nodiscard]] int device() const noexcept { return device_; }
  /// Pointer to the first element of the view (device memory on the CUDA backend).
  [[nodiscard]] V* data() const noexcept { return data_; }
  /// The object that keeps the storage alive (shared by views).
  [[nodiscard]] const std::shared_ptr<void>& owner() const noexcept { return owner_; }

  [[nodiscard]] bool is_c_contiguous() const noexcept { return contiguous(ndim() - 1, -1); }
  [[nodiscard]] bool is_f_contiguous() const noexcept { return contiguous(0, 1); }

  /// Iterator over the elements in C order, a `cupp::strided_iterator<V>`; works with any Thrust
  /// algorithm. Defined in core/strided_iterator.hpp (included by cupp.hpp), which only the
  /// translation units that iterate pay Thrust's headers for.
  [[nodiscard]] auto begin() const;
  [[nodiscard]] auto end() const;

  /// The single element as a host value (`a.item()`): a sync point.
  [[nodiscard]] V item() const {
    if (size() != 1) throw value_error("can only convert an array of size 1 to a Python scalar");
    if (detail::elsewhere(device_)) { // on the stream the array's own work is ordered on
      const device_guard on(device_);
      return item();
    }
    V value;
    detail::copy_to_host(&value, data_, sizeof(V), current_stream());
    return value;
  }

  /// The elements in C order as a host vector (CuPy's `.get()`, `cupy.asnumpy`): a sync point.
  [[nodiscard]] std::vector<V> get() const;
  /// Copies the elements in C order into host memory of size() elements: a sync point.
  void get(V* host) const;

  /// Sets every element to `value` (asynchronous).
  ndarray& fill(V value);

  /// A C-contiguous copy (`a.copy()`).
  [[nodiscard]] ndarray copy() const;

  /// A C-contiguous copy on device `device` (the Array API's `x.to_device`; CuPy's `cp.asarray`
  /// under `Device(device)`, which cupp::asarray(a, device) is). Between devices the copy is
  /// ordered on both devices' current streams by events: no host sync.
  [[nodiscard]] ndarray to_device(int device) const;

  /// A view with a new shape when the strides allow it, else a copy (`a.reshape(...)`, one -1 is
  /// inferred); `order` 'C' (default) or 'F' reads and writes the elements in that index order.
  [[nodiscard]] ndarray reshape(shape_t shape, char order = 'C') const;
  /// `a.reshape(2, 3, 4)`: the extents as arguments, as NumPy allows.
  template <class... I,
            class = std::enable_if_t<(sizeof...(I) > 0) && (detail::is_extent_v<I> && ...)>>
  [[nodiscard]] ndarray reshape(I... extents) const {
    return reshape(shape_t{static_cast<index_t>(extents)...});
  }

  /// Indexing. With basic indices only, a view: `a(1, slice(none, none, -1), newaxis, ellipsis)`
  /// is `a[1, ::-1, None, ...]` (see indexing/basic.hpp). With integer or boolean arrays among
  /// them (also expressions such as `a > 0.5`, and std::vector or std::array lists), an
  /// `indexed<V>` selection that gathers when read and scatters when assigned to
  /// (indexing/advanced.hpp).
  template <class... I> [[nodiscard]] auto operator()(const I&... idx) const;
  /// A braced list as the only index: `a({0, 2, 3})` is `a[[0, 2, 3]]` (a list of bools, a mask).
  template <class I> [[nodiscard]] auto operator()(std::initializer_list<I> idx) const;

  /// The view with the axes reversed (`a.T`, `a.transpose()`).
  [[nodiscard]] ndarray transpose() const {
    shape_t s, st;
    for (int d = ndim() - 1; d >= 0; --d) {
      s.push_back(shape_[d]);
      st.push_back(strides_[d]);
    }
    return ndarray(data_, s, st, owner_, device_);
  }

  /// NumPy's `a.T`: the transposed view.
  [[nodiscard]] ndarray T() const { return transpose(); }

  /// NumPy's `a.real`: for a complex array the view of the real parts (writable, sharing the
  /// storage: an array of real_t<V> with twice the strides); for a real array the array itself.
  [[nodiscard]] ndarray<real_t<V>> real() const { return part(0); }
  /// NumPy's `a.imag`: for a complex array the view of the imaginary parts (writable); for a real
  /// array a new array of zeros (NumPy's is a read-only one).
  [[nodiscard]] ndarray<real_t<V>> imag() const {
    if constexpr (is_complex_v<V>) {
      return part(1);
    } else {
      ndarray zeros(shape_);
      zeros.fill(V(0));
      return zeros;
    }
  }

  /// Writes an expression, array or scalar into this array in place, broadcasting it to this shape
  /// (`a[...] = e`).
  template <class E> ndarray& assign(const E& e);

  template <class E> ndarray& operator+=(const E& e);
  template <class E> ndarray& operator-=(const E& e);
  template <class E> ndarray& operator*=(const E& e);
  template <class E> ndarray& operator/=(const E& e);
  /// `a %= b`, NumPy's remainder in place (defined in math/functions.hpp with `%`).
  template <class E> ndarray& operator%=(const E& e);

  // ---- NumPy's methods --------------------------------------------------------------------------
  // Each forwards to the free function of its name (`a.sum(1)` is `cp::sum(a, 1)`, `a.var({.axis =
  // 0, .ddof = 1})` is `cp::var(a, {...})`) and returns what it returns; where NumPy's method
  // returns an array and the free function a lazy expression (astype, clip, round), the method
  // evaluates it. They are declared here with deduced return types and defined at the end of the
  // header of that function (reduction/reduce.hpp, reduction/scan.hpp, sorting/sort.hpp,
  // manipulation/views.hpp, manipulation/rearrange.hpp, math/compare.hpp, math/functions.hpp,
  // expr/astype.hpp, indexing/mask.hpp, linalg/dot.hpp): core includes no area (it is the ground
  // floor), a translation unit compiles only the areas it includes, and a method exists wherever
  // its free function does. Calling one without its area's header fails to compile ("use of 'auto
  // ...' before deduction of 'auto'"): include that header or <cupp/cupp.hpp>.

  /// `a.sum()`, `a.sum(axis, keepdims)`, `a.sum({.axis = ..., .keepdims = ...})`; `a.sum<R>(...)`
  /// is NumPy's dtype=. Likewise prod.
  template <class R = void> [[nodiscard]] auto sum() const;
  template <class R = void> [[nodiscard]] auto sum(const axes& axis, bool keepdims = false) const;
  template <class R = void> [[nodiscard]] auto sum(const reduce_kw& kw) const;
  template <class R = void>
  [[nodiscard]] auto prod(const axes& axis = all_axes, bool keepdims = false) const;
  template <class R = void> [[nodiscard]] auto prod(const reduce_kw& kw) const;
  /// `a.max()`, `a.max(axis, keepdims)`; likewise min.
  [[nodiscard]] auto max() const;
  [[nodiscard]] auto max(const axes& axis, bool keepdims = false) const;
  [[nodiscard]] auto max(const reduce_kw& kw) const;
  [[nodiscard]] auto min() const;
  [[nodiscard]] auto min(const axes& axis, bool keepdims = false) const;
  [[nodiscard]] auto min(const reduce_kw& kw) const;
  /// `a.argmax(axis, keepdims)` (no axis: of the flattened array); likewise argmin.
  [[nodiscard]] auto argmax(std::optional<index_t> axis = std::nullopt,
                            bool keepdims = false) const;
  [[nodiscard]] auto argmax(const arg_kw& kw) const;
  [[nodiscard]] auto argmin(std::optional<index_t> axis = std::nullopt,
                            bool keepdims = false) const;
  [[nodiscard]] auto argmin(const arg_kw& kw) const;
  /// `a.mean(axis, keepdims)`, `a.var(axis, ddof, keepdims)`, `a.std(...)`.
  [[nodiscard]] auto mean(const axes& axis = all_axes, bool keepdims = false) const;
  [[nodiscard]] auto mean(const reduce_kw& kw) const;
  [[nodiscard]] auto var(const axes& axis = all_axes, index_t ddof = 0,
                         bool keepdims = false) const;
  [[nodiscard]] auto var(const var_kw& kw) const;
  [[nodiscard]] auto std(const axes& axis = all_axes, index_t ddof = 0,
                         bool keepdims = false) const;
  [[nodiscard]] auto std(const var_kw& kw) const;
  /// `a.any(axis, keepdims)`, `a.all(...)`.
  [[nodiscard]] auto any(const axes& axis = all_axes, bool keepdims = false) const;
  [[nodiscard]] auto any(const reduce_kw& kw) const;
  [[nodiscard]] auto all(const axes& axis = all_axes, bool keepdims = false) const;
  [[nodiscard]] auto all(const reduce_kw& kw) const;
  /// `a.cumsum(axis)`, `a.cumprod(axis)` (no axis: the flattened array); `<R>` is dtype=.
  template <class R = void>
  [[nodiscard]] auto cumsum(std::optional<index_t> axis = std::nullopt) const;
  template <class R = void> [[nodiscard]] auto cumsum(const scan_kw& kw) const;
  template <class R = void>
  [[nodiscard]] auto cumprod(std::optional<index_t> axis = std::nullopt) const;
  template <class R = void> [[nodiscard]] auto cumprod(const scan_kw& kw) const;
  /// `a.sort(axis, kind)` sorts in place, as NumPy's; `a.argsort(axis, kind)` returns positions.
  void sort(index_t axis = -1, std::string_view kind = "quicksort");
  void sort(const sort_kw& kw);
  [[nodiscard]] auto argsort(std::optional<index_t> axis = -1,
                             std::string_view kind = "quicksort") const;
  [[nodiscard]] auto argsort(const sort_kw& kw) const;
  /// `a.astype<U>()`: a new array of dtype U (NumPy's astype copies; `cp::astype<U>(a)` is the lazy
  /// form that fuses into an expression).
  template <class U> [[nodiscard]] auto astype() const;
  /// `a.transpose(1, 0, 2)`: the view with the axes permuted.
  template <class... I,
            class = std::enable_if_t<(sizeof...(I) > 0) && (detail::is_extent_v<I> && ...)>>
  [[nodiscard]] auto transpose(I... perm) const;
  /// `a.flatten()` (a copy), `a.ravel()` (a view when possible), `a.squeeze([axis])`,
  /// `a.swapaxes(i, j)`, `a.repeat(n[, axis])`.
  [[nodiscard]] auto flatten() const;
  [[nodiscard]] auto ravel() const;
  [[nodiscard]] auto squeeze() const;
  [[nodiscard]] auto squeeze(index_t axis) const;
  [[nodiscard]] auto swapaxes(index_t axis1, index_t axis2) const;
  [[nodiscard]] auto repeat(index_t repeats) const;
  [[nodiscard]] auto repeat(index_t repeats, index_t axis) const;
  /// `a.clip(lo, hi)` and `a.round(decimals)`: new arrays.
  template <class L, class H> [[nodiscard]] auto clip(const L& lo, const H& hi) const;
  [[nodiscard]] auto round(int decimals = 0) const;
  /// `a.nonzero()`: the indices of the nonzero elements, one array per axis (a sync point).
  [[nodiscard]] auto nonzero() const;
  /// `a.dot(b)`: cp::dot(a, b).
  [[nodiscard]] auto dot(const ndarray& b) const;
  /// `a.conj()` / `a.conjugate()`: the complex conjugates, a new array (math/complex.hpp).
  [[nodiscard]] auto conj() const;
  [[nodiscard]] auto conjugate() const;
  /// `a.tolist()`: the elements as a host vector in C order, as get() (NumPy's list is nested;
  /// use shape() for the structure). A sync point.
  [[nodiscard]] std::vector<V> tolist() const { return get(); }

private:
  // The view of the parts of a complex array at offset 0 (real) or 1 (imaginary).
  [[nodiscard]] ndarray<real_t<V>> part(int offset) const {
    if constexpr (is_complex_v<V>) {
      shape_t st;
      for (index_t s : strides_)
        st.push_back(2 * s);
      return ndarray<real_t<V>>(reinterpret_cast<real_t<V>*>(data_) + offset, shape_, st, owner_,
                                device_);
    } else {
      return *this;
    }
  }

  // The in-place operators: evaluates `Op(*this, e)` into this array ('same_kind' casting).
  template <template <class> class Op, class E> ndarray& compound(const E& e);

  // Contiguity in the order given by walking dims from `first` in direction `step` (NumPy ignores
  // the strides of extent-1 axes, and every empty array is contiguous).
  [[nodiscard]] bool contiguous(int first, int step) const noexcept {
    if (size() == 0) return true;
    index_t expected = 1;
    for (int i = 0, d = first; i < ndim(); ++i, d += step) {
      if (shape_[d] != 1 && strides_[d] != expected) return false;
      expected *= shape_[d];
    }
    return true;
  }

  std::shared_ptr<void> owner_;
  V* data_ = nullptr;
  shape_t shape_;
  shape_t strides_;
  int device_ = 0;
};

/// A view of `n`-dimensional device memory owned elsewhere, e.g. another library's buffer or a
/// `thrust::device_vector`; `owner` (optional) keeps it alive. Strides default to C order.
/// `device`: the device whose memory it is (-1: the current one; CuPy's `UnownedMemory`).
template <class T>
[[nodiscard]] ndarray<T> wrap(T* device_data, const shape_t& shape,
                              std::shared_ptr<void> owner = {}, int device = -1) {
  if (device >= 0) detail::check_device_id(device);
  return ndarray<T>(device_data, shape, c_strides(shape), std::move(owner),
                    device < 0 ? current_device() : device);
}

namespace detail {
/// The device check of an operation's array operands (see check_device): one line at the top
/// of every family that reads `.data()` of its arguments.
template <class... A> void check_devices(const A&... arrays) {
  const int current = current_device();
  (check_device(arrays.device(), current), ...);
}
} // namespace detail

} // namespace cupp
