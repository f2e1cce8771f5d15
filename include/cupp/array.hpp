#pragma once
/// \file
/// `cupp::array`: an array whose dtype is known at run time (a file's, a foreign tensor's), over
/// the typed core. It holds one `ndarray<T>` of the dtype table (a std::variant in the table's
/// order) and shares its storage: `visit` reaches the typed array, `as<T>()` takes it out
/// (checked), `astype(dtype)` converts (NumPy's casts, compiled once per target dtype in src/).

#include <cupp/core/dtype_table.hpp>
#include <cupp/core/error.hpp>
#include <cupp/core/ndarray.hpp>

#include <iosfwd>
#include <memory>
#include <string>
#include <tuple>
#include <utility>
#include <variant>

namespace cupp {

namespace detail {
template <class Tuple> struct ndarray_variant;
template <class... T> struct ndarray_variant<std::tuple<T...>> {
  using type = std::variant<ndarray<T>...>;
};
} // namespace detail

class array {
public:
  /// One alternative per dtype, in the table's order (the index is the `dtype` enumerator).
  using variant_type = typename detail::ndarray_variant<all_dtypes_t>::type;

  /// An empty float64 array of shape (0,), as `np.array([])`.
  array() : v_(ndarray<double>()) {}
  /// The typed array itself (shared, not copied).
  template <class T>
  array(ndarray<T> a) : v_(std::move(a)) {} // NOLINT(google-explicit-constructor)
  /// A new C-contiguous array of dtype `d` with uninitialised values (`np.empty(shape, d)`).
  array(cupp::dtype d, const shape_t& shape);

  [[nodiscard]] cupp::dtype dtype() const noexcept { return static_cast<cupp::dtype>(v_.index()); }
  [[nodiscard]] const char* dtype_name() const noexcept { return cupp::dtype_name(dtype()); }
  [[nodiscard]] const shape_t& shape() const noexcept {
    return std::visit([](const auto& a) -> const shape_t& { return a.shape(); }, v_);
  }
  /// Strides in elements (NumPy reports bytes: multiply by itemsize()).
  [[nodiscard]] const shape_t& strides() const noexcept {
    return std::visit([](const auto& a) -> const shape_t& { return a.strides(); }, v_);
  }
  [[nodiscard]] int ndim() const noexcept { return static_cast<int>(shape().size()); }
  [[nodiscard]] index_t size() const noexcept { return shape_size(shape()); }
  [[nodiscard]] index_t itemsize() const noexcept {
    return static_cast<index_t>(dtype_size(dtype()));
  }
  [[nodiscard]] index_t nbytes() const noexcept { return size() * itemsize(); }
  /// The first element of the view (device memory on the CUDA backend).
  [[nodiscard]] void* data() const noexcept {
    return std::visit([](const auto& a) -> void* { return a.data(); }, v_);
  }
  [[nodiscard]] int device() const noexcept {
    return std::visit([](const auto& a) { return a.device(); }, v_);
  }
  [[nodiscard]] const std::shared_ptr<void>& owner() const noexcept {
    return std::visit([](const auto& a) -> const std::shared_ptr<void>& { return a.owner(); }, v_);
  }
  [[nodiscard]] bool is_c_contiguous() const noexcept {
    return std::visit([](const auto& a) { return a.is_c_contiguous(); }, v_);
  }
  [[nodiscard]] bool is_f_contiguous() const noexcept {
    return std::visit([](const auto& a) { return a.is_f_contiguous(); }, v_);
  }

  /// Calls `f(a)` with the typed `ndarray<T>` (one instantiation of f per dtype).
  template <class F> decltype(auto) visit(F&& f) const {
    return std::visit(std::forward<F>(f), v_);
  }
  /// Whether the dtype is T's.
  template <class T> [[nodiscard]] bool is() const noexcept {
    return std::holds_alternative<ndarray<T>>(v_);
  }
  /// The typed array (shared); type_error naming both dtypes when the dtype is not T's.
  template <class T> [[nodiscard]] ndarray<T> as() const {
    if (const auto* a = std::get_if<ndarray<T>>(&v_)) return *a;
    throw type_error(std::string("array of dtype ") + dtype_name() + " is not an ndarray<" +
                     cupp::dtype_name<T>() + ">; convert it with astype");
  }

  /// `a.astype(d)`: a new array of dtype d (NumPy's unsafe casts, as ndarray's astype).
  [[nodiscard]] array astype(cupp::dtype d) const;
  template <class U> [[nodiscard]] ndarray<U> astype() const {
    return astype(dtype_of<U>()).template as<U>();
  }
  /// A C-contiguous copy (`a.copy()`).
  [[nodiscard]] array copy() const;
  /// A view with a new shape when the strides allow it, else a copy (`a.reshape(shape)`).
  [[nodiscard]] array reshape(const shape_t& shape) const;
  /// The view with the axes reversed (`a.T`).
  [[nodiscard]] array transpose() const;

  /// The elements in C order as host bytes (itemsize() each): a sync point.
  [[nodiscard]] std::vector<std::byte> get_bytes() const;

private:
  variant_type v_;
};

/// NumPy's repr (`array([1., 2.], dtype=float32)`).
std::ostream& operator<<(std::ostream& os, const array& a);

} // namespace cupp
