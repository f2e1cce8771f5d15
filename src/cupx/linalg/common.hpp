#pragma once
// What the cupx::linalg sources share, beside cupp::linalg's helpers (src/linalg/common.hpp):
// SciPy's right-hand sides, the broadcast batch of several operands, read-only factors in LAPACK's
// order without a copy where they are in it already.
#include <cupx/linalg.hpp>

#include <cupp/core/error.hpp>
#include <cupp/core/shape.hpp>
#include <cupp/manipulation/views.hpp>

#include <initializer_list>
#include <string>

#include "../../linalg/common.hpp"

namespace cupx::linalg::impl {

namespace cd = cupp::detail;
using cupp::complex128; // the dtypes of CUPP_LINALG_DTYPES
using cupp::complex64;
using cupp::index_t;
using cupp::shape_t;
using cupp::value_error;
using cupp::linalg::impl::adjoint;
using cupp::linalg::impl::batch_of;
using cupp::linalg::impl::check_info;
using cupp::linalg::impl::column_major;
using cupp::linalg::impl::count_of;
using cupp::linalg::impl::raw;
using cupp::linalg::impl::stacked;
using cupp::linalg::impl::swap_last;

/// A right-hand side b as SciPy's batching reads it: one vector (n,), or a stack (..., n, k) when
/// b has two or more dimensions.
struct rhs {
  bool vector;
  index_t n, k;
  shape_t batch; // b's own leading axes

  /// x's shape for the broadcast batch.
  [[nodiscard]] shape_t shape(const shape_t& full) const {
    return vector ? stacked(full, {n}) : stacked(full, {n, k});
  }
  /// b broadcast to the batch, as LAPACK's column-major n x k matrices (a new array).
  template <class T>
  [[nodiscard]] ndarray<T> column_major(const ndarray<T>& b, const shape_t& full) const {
    const ndarray<T> wide = broadcast_to(b, shape(full));
    return vector ? wide.copy() : cupp::linalg::impl::column_major(wide);
  }
  /// x from its column-major buffer (a view).
  template <class T> [[nodiscard]] ndarray<T> from_column_major(const ndarray<T>& x) const {
    return vector ? x : swap_last(x);
  }
};

/// b's layout for matrices of order n; value_error(message(b's core shape)) when its rows are not
/// n.
template <class Message> [[nodiscard]] rhs rhs_of(const shape_t& b, index_t n, Message message) {
  const int nd = b.size();
  if (nd == 0) throw value_error(message(shape_t{}));
  const shape_t core = nd == 1 ? b : shape_t{b[nd - 2], b[nd - 1]};
  if (core[0] != n) throw value_error(message(core));
  return {nd == 1, n, nd == 1 ? 1 : b[nd - 1], nd == 1 ? shape_t{} : batch_of(b)};
}

/// The batches broadcast together; NumPy's broadcast error naming the operands' shapes otherwise.
[[nodiscard]] inline shape_t broadcast_batch(std::initializer_list<shape_t> operands,
                                             std::initializer_list<shape_t> batches) {
  shape_t full;
  for (const shape_t& b : batches)
    if (!cupp::broadcast_into(full, b)) throw value_error(cupp::broadcast_message(operands));
  return full;
}

/// Read-only matrices a, broadcast to `shape`, in LAPACK's column-major order: the transposed view
/// when it is that already (lu_factor's results are), else a copy.
template <class T>
[[nodiscard]] ndarray<T> read_column_major(const ndarray<T>& a, const shape_t& shape) {
  const ndarray<T> t = swap_last(broadcast_to(a, shape));
  return t.is_c_contiguous() ? t : t.copy();
}

/// A stack of square matrices (..., n, n).
[[nodiscard]] inline bool is_square(const shape_t& s) {
  return s.size() >= 2 && s[s.size() - 1] == s[s.size() - 2];
}

} // namespace cupx::linalg::impl
