#pragma once
// What the linalg/ sources share: NumPy's checks of stacked matrices, the batch of a stack,
// LAPACK's column-major copies, and the device-side check of info results.
#include <cupp/core/error.hpp>
#include <cupp/detail/fault.hpp>
#include <cupp/detail/launch.hpp>
#include <cupp/detail/solver.hpp>
#include <cupp/linalg/decompositions.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/math/compare.hpp>
#include <cupp/math/complex.hpp>
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

template <class T> struct check_finite_fn {
  const T* a;
  index_t matrix;
  cd::linalg_fault what;
  cd::fault_record* fault;
  CUPP_HD void operator()(index_t i) const {
    if (!ops::isfinite<T>{}(a[i]))
      cd::report_fault(fault, cd::fault_code::linalg, static_cast<index_t>(what), i / matrix, 0);
  }
};

/// NumPy's _assert_finite on the device: raises `what` at the next sync point if a matrix of the
/// C-contiguous stack `a` holds an infinity or a NaN.
template <class T> void check_finite(const ndarray<T>& a, cd::linalg_fault what) {
  const index_t nd = a.ndim(), matrix = a.shape()[nd - 1] * a.shape()[nd - 2];
  if (a.size() > 0)
    cd::launch_for_each(a.size(), check_finite_fn<T>{a.data(), matrix, what, cd::fault_slot()});
}

/// x^H over the last two axes: a view for reals, a conjugated copy for complex.
template <class T> [[nodiscard]] ndarray<T> adjoint(const ndarray<T>& x) {
  if constexpr (is_complex_v<T>) {
    return swap_last(x).conj();
  } else {
    return swap_last(x);
  }
}

/// The unitary polar factor of each matrix of the stack a (m >= n) by QDWH (polar.cpp).
template <class T> [[nodiscard]] ndarray<T> polar_unitary(const ndarray<T>& a);

/// svd of a finite stack with min(m, n) > 0 by the polar decomposition and eigh (polar.cpp).
/// Without `complete`, the singular vectors in u of singular values below eps s_max are left as
/// the iteration ends them (not of unit length): enough where they are cut off (pinv, lstsq).
template <class T>
[[nodiscard]] svd_result<T> polar_svd(const ndarray<T>& a, bool vectors, bool full_matrices,
                                      bool complete);

/// The reduced svd that pinv and lstsq cut off below a threshold: u's columns of the singular
/// values below eps s_max need not be orthonormal (spectral.cpp).
template <class T> [[nodiscard]] svd_result<T> svd_to_invert(const ndarray<T>& a, bool hermitian);

/// inv without the singular-matrix check: NaN and infinities for a singular matrix (cond's).
template <class T> [[nodiscard]] ndarray<T> inv_unchecked(const ndarray<T>& a);

} // namespace cupp::linalg::impl
