#pragma once
/// \file
/// `shape_t`: a small fixed-capacity vector of extents or strides (no heap allocation, so creating
/// views and expressions costs no allocator calls), broadcasting, and NumPy-style formatting.

#include <cupp/core/config.hpp>
#include <cupp/core/error.hpp>

#include <algorithm>
#include <initializer_list>
#include <iosfwd>
#include <string>

namespace cupp {

/// Extents or element strides of an array: up to `max_dims` 64-bit values. Only the first size()
/// values are ever read, so neither construction nor copies touch the rest: a copy moves size()
/// values instead of the whole 264 bytes (ndarrays, expression nodes and broadcast checks copy
/// shapes several times per call, and the fixed-size copies and zero fills were most of the host
/// cost of building `a + b`).
class shape_t {
public:
  shape_t() noexcept {} // NOLINT(cppcoreguidelines-pro-type-member-init): see above
  shape_t(const shape_t& other) noexcept : n_(other.n_) { copy_values(other); }
  shape_t& operator=(const shape_t& other) noexcept {
    n_ = other.n_;
    copy_values(other);
    return *this;
  }
  shape_t(std::initializer_list<index_t> values) { assign(values.begin(), values.end()); }
  template <class It> shape_t(It first, It last) { assign(first, last); }
  /// A shape of `n` copies of `value`.
  static shape_t filled(int n, index_t value) {
    shape_t s;
    s.resize(n, value);
    return s;
  }

  [[nodiscard]] int size() const noexcept { return n_; }
  [[nodiscard]] bool empty() const noexcept { return n_ == 0; }
  index_t& operator[](int i) noexcept { return v_[i]; }
  index_t operator[](int i) const noexcept { return v_[i]; }
  index_t* begin() noexcept { return v_; }
  index_t* end() noexcept { return v_ + n_; }
  [[nodiscard]] const index_t* begin() const noexcept { return v_; }
  [[nodiscard]] const index_t* end() const noexcept { return v_ + n_; }
  [[nodiscard]] const index_t* data() const noexcept { return v_; }
  [[nodiscard]] index_t back() const noexcept { return v_[n_ - 1]; }

  void push_back(index_t value) {
    check_rank(n_ + 1);
    v_[n_++] = value;
  }
  void resize(int n, index_t value = 0) {
    check_rank(n);
    for (int i = n_; i < n && i < max_dims; ++i)
      v_[i] = value;
    n_ = n;
  }

  friend bool operator==(const shape_t& a, const shape_t& b) noexcept {
    return a.n_ == b.n_ && std::equal(a.begin(), a.end(), b.begin());
  }
  friend bool operator!=(const shape_t& a, const shape_t& b) noexcept { return !(a == b); }

private:
  void copy_values(const shape_t& other) noexcept {
    for (int i = 0; i < n_; ++i)
      v_[i] = other.v_[i];
  }
  template <class It> void assign(It first, It last) {
    const auto n = static_cast<int>(std::distance(first, last));
    check_rank(n);
    n_ = 0;
    for (; first != last; ++first)
      v_[n_++] = static_cast<index_t>(*first);
  }
  static void check_rank(int n) {
    if (n > max_dims)
      throw value_error("maximum supported dimension for an ndarray is currently " +
                        std::to_string(max_dims) + ", found " + std::to_string(n));
  }

  index_t v_[max_dims]; // values past n_ are indeterminate
  int n_ = 0;
};

/// Number of elements of an array of this shape (1 for the 0-d shape `()`).
[[nodiscard]] inline index_t shape_size(const shape_t& shape) noexcept {
  index_t n = 1;
  for (index_t e : shape)
    n *= e;
  return n;
}

/// Python's tuple spelling: `(2, 3)`, `(4,)`, `()`; with `separator` "," NumPy's compact spelling
/// in broadcast messages: `(4,3,6)`.
[[nodiscard]] inline std::string shape_repr(const shape_t& shape, const char* separator = ", ") {
  std::string s = "(";
  for (int i = 0; i < shape.size(); ++i) {
    if (i) s += separator;
    s += std::to_string(shape[i]);
  }
  return s + (shape.size() == 1 ? ",)" : ")");
}

/// Prints a shape as Python prints NumPy's shape tuple: `std::cout << a.shape()` shows `(2, 3)`,
/// `(5,)`, `()` (defined in src/io/repr.cpp, so that this header needs only `<iosfwd>`).
std::ostream& operator<<(std::ostream& os, const shape_t& shape);

/// NumPy's compact spelling in broadcast messages: `(4,3,6)`, `(4,)`.
[[nodiscard]] inline std::string shape_compact(const shape_t& shape) {
  return shape_repr(shape, ",");
}

/// C-order (row-major) element strides of a contiguous array of this shape.
[[nodiscard]] inline shape_t c_strides(const shape_t& shape) {
  shape_t strides = shape_t::filled(shape.size(), 1);
  for (int i = shape.size() - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * std::max<index_t>(shape[i + 1], 1);
  return strides;
}

/// Broadcasts `shape` into `into` (NumPy's rules, aligned on the right); false when they clash.
[[nodiscard]] inline bool broadcast_into(shape_t& into, const shape_t& shape) {
  if (into == shape) return true; // operands of one shape: the common case, nothing to build
  const int n = std::max(into.size(), shape.size());
  shape_t out = shape_t::filled(n, 1);
  for (int i = 0; i < n; ++i) {
    const int ia = into.size() - n + i;
    const int ib = shape.size() - n + i;
    const index_t a = ia >= 0 ? into[ia] : 1;
    const index_t b = ib >= 0 ? shape[ib] : 1;
    if (a != b && a != 1 && b != 1) return false;
    out[i] = a == 1 ? b : a;
  }
  into = out;
  return true;
}

/// The message NumPy gives when operands do not broadcast; `shapes` is any range of shape_t.
template <class Shapes> [[nodiscard]] std::string broadcast_message(const Shapes& shapes) {
  std::string s = "operands could not be broadcast together with shapes";
  for (const shape_t& shape : shapes)
    s += " " + shape_compact(shape);
  return s;
}
[[nodiscard]] inline std::string broadcast_message(std::initializer_list<shape_t> shapes) {
  return broadcast_message<std::initializer_list<shape_t>>(shapes);
}

} // namespace cupp
