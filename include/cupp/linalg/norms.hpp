#pragma once
/// \file
/// numpy.linalg's norms and condition number: `norm`, `vector_norm`, `matrix_norm`, `cond`.
/// Results are real (float32 for float32 and complex64 input), on the device, with no sync.

#include <cupp/core/axes.hpp>
#include <cupp/linalg/compute_type.hpp>
#include <cupp/manipulation/views.hpp>

#include <string_view>
#include <vector>

namespace cupp::linalg {

/// The `ord` of a norm: a number (2, 1, -1, 0, inf, -inf, any p for vectors), "fro" or "nuc",
/// or none (NumPy's ord=None: the 2-norm of vectors, Frobenius of matrices).
class norm_ord {
public:
  enum class kind { none, number, fro, nuc };
  norm_ord() = default;
  norm_ord(double p) : kind_(kind::number), p_(p) {}    // NOLINT(google-explicit-constructor)
  norm_ord(int p) : norm_ord(static_cast<double>(p)) {} // NOLINT(google-explicit-constructor)
  /// "fro" (or "f") and "nuc"; anything else raises value_error.
  norm_ord(const char* name); // NOLINT(google-explicit-constructor)
  [[nodiscard]] kind which() const noexcept { return kind_; }
  [[nodiscard]] double p() const noexcept { return p_; }
  [[nodiscard]] bool is(double p) const noexcept { return kind_ == kind::number && p_ == p; }

private:
  kind kind_ = kind::none;
  double p_ = 0;
};

namespace impl {
template <class T>
[[nodiscard]] ndarray<real_t<T>> norm(const ndarray<T>& x, norm_ord ord, const axes& ax,
                                      bool keepdims);
template <class T> [[nodiscard]] ndarray<real_t<T>> cond(const ndarray<T>& x, norm_ord p);
} // namespace impl

/// `np.linalg.norm(x, ord, axis, keepdims)`: over every element (ord none), one axis (a vector
/// norm) or two (a matrix norm); with `axis` none a 1-D x is a vector and a 2-D x a matrix.
template <class A>
[[nodiscard]] auto norm(const ndarray<A>& x, norm_ord ord = {}, const axes& ax = all_axes,
                        bool keepdims = false) {
  return impl::norm<compute_t<A>>(impl::as<compute_t<A>>(x), ord, ax, keepdims);
}

/// `np.linalg.vector_norm(x, axis=None, keepdims=False, ord=2)`: axis none flattens x.
template <class A>
[[nodiscard]] auto vector_norm(const ndarray<A>& x, const axes& ax = all_axes,
                               bool keepdims = false, norm_ord ord = 2) {
  using T = compute_t<A>;
  if (ord.which() == norm_ord::kind::fro || ord.which() == norm_ord::kind::nuc)
    throw value_error(std::string("Invalid norm order '") +
                      (ord.which() == norm_ord::kind::fro ? "fro" : "nuc") + "' for vectors");
  const ndarray<T> v = impl::as<T>(x);
  if (ax.all()) {
    auto r = impl::norm<T>(v.reshape(shape_t{v.size()}), ord, axes(0), keepdims);
    return keepdims ? r.reshape(shape_t::filled(v.ndim(), 1)) : r;
  }
  if (ax.list().size() == 1) return impl::norm<T>(v, ord, ax, keepdims);
  // several axes: NumPy moves them to the end and takes one vector norm over them together
  std::vector<bool> listed(v.ndim(), false);
  for (const index_t a : ax.list())
    listed[a < 0 ? a + v.ndim() : a] = true;
  std::vector<index_t> order;
  shape_t kept, merged_shape, keep_shape = v.shape();
  for (int i = 0; i < v.ndim(); ++i)
    if (!listed[i]) {
      order.push_back(i);
      kept.push_back(v.shape()[i]);
    } else {
      keep_shape[i] = 1;
    }
  index_t len = 1;
  for (int i = 0; i < v.ndim(); ++i)
    if (listed[i]) {
      order.push_back(i);
      len *= v.shape()[i];
    }
  merged_shape = kept;
  merged_shape.push_back(len);
  auto r = impl::norm<T>(transpose(v, order).reshape(merged_shape), ord, axes(-1), false);
  return keepdims ? r.reshape(keep_shape) : r;
}

/// `np.linalg.matrix_norm(x, keepdims=False, ord="fro")`: over the last two axes.
template <class A>
[[nodiscard]] auto matrix_norm(const ndarray<A>& x, bool keepdims = false, norm_ord ord = "fro") {
  if (x.ndim() < 2)
    throw linalg_error(std::to_string(x.ndim()) +
                       "-dimensional array given. Array must be at least two-dimensional");
  if (ord.which() == norm_ord::kind::none) ord = "fro";
  return impl::norm<compute_t<A>>(impl::as<compute_t<A>>(x), ord, axes(-2, -1), keepdims);
}

/// `np.linalg.cond(x, p=None)`: the condition number of (..., n, n) (any shape for p none, 2,
/// -2): the ratio of extreme singular values, or norm(x, p) * norm(inv(x), p), inf for a
/// singular matrix (no error, as NumPy's).
template <class A> [[nodiscard]] auto cond(const ndarray<A>& x, norm_ord p = {}) {
  return impl::cond<compute_t<A>>(impl::as<compute_t<A>>(x), p);
}

} // namespace cupp::linalg
