#pragma once
// What the linalg/ sources share: NumPy's checks of stacked matrices, the batch of a stack,
// LAPACK's column-major copies, and the device-side check of info results.
#include <cupp/core/error.hpp>
#include <cupp/detail/fault.hpp>
#include <cupp/detail/launch.hpp>
#include <cupp/detail/solver.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/ndarray.hpp>

#include <string>

// The computing dtypes each linalg function is compiled for.
#define CUPP_LINALG_DTYPES(X) X(float) X(double) X(complex64) X(complex128)

namespace cupp::linalg::impl {

namespace cd = cupp::detail;

/// NumPy's _assert_stacked_2d.
inline void check_stacked_2d(const shape_t& s) {
  if (s.size() < 2)
    throw linalg_error(std::to_string(s.size()) +
                       "-dimensional array given. Array must be at least two-dimensional");
}

/// NumPy's _assert_stacked_2d and _assert_stacked_square.
inline void check_square(const shape_t& s) {
  check_stacked_2d(s);
  if (s[s.size() - 1] != s[s.size() - 2])
    throw linalg_error("Last 2 dimensions of the array must be square");
}

/// The leading (batch) axes of a stack whose last `core` axes are the matrix.
inline shape_t batch_of(const shape_t& s, int core = 2) {
  return shape_t(s.begin(), s.begin() + (s.size() - core));
}

inline index_t count_of(const shape_t& batch) {
  index_t n = 1;
  for (const index_t e : batch)
    n *= e;
  return n;
}

/// batch + the core extents.
inline shape_t stacked(shape_t batch, std::initializer_list<index_t> core) {
  for (const index_t e : core)
    batch.push_back(e);
  return batch;
}

/// The last two axes swapped (a view): a C-contiguous (..., n, m) buffer is LAPACK's
/// column-major (m x n) matrix, and back.
template <class T> [[nodiscard]] ndarray<T> swap_last(const ndarray<T>& a) {
  return a.swapaxes(-1, -2);
}

/// A C-contiguous copy in LAPACK's column-major order: (..., n, m) for a (..., m, n).
template <class T> [[nodiscard]] ndarray<T> column_major(const ndarray<T>& a) {
  return swap_last(a).copy();
}

/// The pointer LAPACK gets for a buffer (its elements as the backend's bytes).
template <class T> [[nodiscard]] void* raw(const ndarray<T>& a) {
  return static_cast<void*>(a.data());
}

struct check_info_fn {
  const int* info;
  cd::linalg_fault what;
  cd::fault_record* fault;
  CUPP_HD void operator()(index_t i) const {
    if (info[i] != 0)
      cd::report_fault(fault, cd::fault_code::linalg, static_cast<index_t>(what), i, info[i]);
  }
};

/// Raises `what` at the next sync point if a matrix's info result is not 0 (no sync here).
inline void check_info(const ndarray<int>& info, cd::linalg_fault what) {
  if (info.size() > 0)
    cd::launch_for_each(info.size(), check_info_fn{info.data(), what, cd::fault_slot()});
}

/// inv without the singular-matrix check: NaN and infinities for a singular matrix (cond's).
template <class T> [[nodiscard]] ndarray<T> inv_unchecked(const ndarray<T>& a);

} // namespace cupp::linalg::impl
