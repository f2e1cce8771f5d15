#pragma once
/// \file
/// `cupp::ndarray<T>`: NumPy's ndarray on the device. A handle with reference semantics: copying it
/// shares the data (`b = a`), `a.copy()` copies; views share storage and keep it alive.

#include <cupp/core/config.hpp>
#include <cupp/core/dtype.hpp>
#include <cupp/core/error.hpp>
#include <cupp/core/shape.hpp>
#include <cupp/core/strided_iterator.hpp>
#include <cupp/detail/memcpy.hpp>
#include <cupp/indexing/basic.hpp>
#include <cupp/memory/allocator.hpp>

#include <initializer_list>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

namespace cupp {

namespace expr {
template <class E> struct traits;
} // namespace expr

/// A device array of element type `V` with a runtime shape, element strides (negative and zero
/// allowed) and shared storage. (The element type is called V, not T as elsewhere, because NumPy's
/// `a.T` is the member T(), and a member may not share its class's template parameter's name; out
/// of class definitions of members must not call it T either: the member would hide it.)
template <class V> class ndarray {
  static_assert(is_dtype_v<V>, "ndarray element type must be a cupp dtype");

public:
  using value_type = V;
  using iterator = strided_iterator<V>;

  /// An empty 1-D array of shape (0,).
  ndarray() : ndarray(shape_t{0}) {}

  /// A new C-contiguous array of `shape` with uninitialised values (NumPy's `empty`).
  explicit ndarray(const shape_t& shape) : shape_(shape), strides_(c_strides(shape)) {
    for (index_t e : shape)
      if (e < 0) throw value_error("negative dimensions are not allowed");
    device_ = current_device(); // asked once: the allocator takes the device's resource from it
    auto storage = std::make_shared<device_vector<V>>(static_cast<std::size_t>(shape_size(shape)),
                                                      allocator<V>(device_));
    data_ = storage->data().get();
    owner_ = std::move(storage);
  }

  /// Adopts a device_vector's storage as a 1-D array (no copy): interop with Thrust code. Also
  /// spelled `cupp::asarray(std::move(v))`.
  static ndarray adopt(device_vector<V>&& v) { return ndarray(std::move(v), 0); }

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

  /// Iterator over the elements in C order; works with any Thrust algorithm.
  [[nodiscard]] iterator begin() const {
    return iterator(thrust::device_ptr<V>(data_),
                    thrust::make_transform_iterator(thrust::counting_iterator<index_t>(0),
                                                    detail::make_offset_map(shape_, strides_)));
  }
  [[nodiscard]] iterator end() const { return begin() + size(); }

  /// The single element as a host value (`a.item()`): a sync point.
  [[nodiscard]] V item() const {
    if (size() != 1) throw value_error("can only convert an array of size 1 to a Python scalar");
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

  /// A view with a new shape when the strides allow it, else a copy (`a.reshape(...)`, one -1 is
  /// inferred); `order` 'C' (default) or 'F' reads and writes the elements in that index order.
  [[nodiscard]] ndarray reshape(shape_t shape, char order = 'C') const;

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

  /// Writes an expression, array or scalar into this array in place, broadcasting it to this shape
  /// (`a[...] = e`).
  template <class E> ndarray& assign(const E& e);

  template <class E> ndarray& operator+=(const E& e);
  template <class E> ndarray& operator-=(const E& e);
  template <class E> ndarray& operator*=(const E& e);
  template <class E> ndarray& operator/=(const E& e);

private:
  // adopt()'s constructor; the int only tells it apart from the shape constructor
  ndarray(device_vector<V>&& v, int)
      : shape_{static_cast<index_t>(v.size())}, strides_{1}, device_(current_device()) {
    auto storage = std::make_shared<device_vector<V>>(std::move(v));
    data_ = storage->data().get();
    owner_ = std::move(storage);
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
template <class T>
[[nodiscard]] ndarray<T> wrap(T* device_data, const shape_t& shape,
                              std::shared_ptr<void> owner = {}) {
  return ndarray<T>(device_data, shape, c_strides(shape), std::move(owner), current_device());
}

} // namespace cupp

#include <cupp/core/ndarray_impl.hpp>
#include <cupp/expr/evaluate.hpp>
#include <cupp/indexing/advanced.hpp>
