// scipy.linalg.solve_triangular (cupx/linalg.hpp) on trsm. x starts as a row-major copy of b and
// is solved in place: the row-major op(A) X = B is trsm's right-sided solve on the buffers as they
// are (detail/solver.hpp), so A is read where it lies when it is C-contiguous, one matrix for the
// whole batch when it is not stacked. trsm does not look for zeros on A's diagonal: a kernel
// does, and raises SciPy's error at the next sync point.
#include <cupx/linalg.hpp>

#include <cupp/creation.hpp>
#include <cupp/detail/atomic.hpp>

#include "common.hpp"

namespace cupx::linalg::impl {

namespace {

// Counts the zeros on each matrix's diagonal: one thread per diagonal entry.
template <class T> struct count_zeros_fn {
  const T* a;
  index_t n;
  int* info;
  CUPP_HD void operator()(index_t e) const {
    const index_t b = e / n, j = e % n;
    if (a[b * n * n + j * n + j] == T(0)) cd::atomic_add(info + b, 1);
  }
};

// The first zero's 1-based position (LAPACK's trtrs info), looked for only in the matrices that
// have one, so that the common case stays one pass over the diagonals in parallel.
template <class T> struct first_zero_fn {
  const T* a;
  index_t n;
  int* info;
  CUPP_HD void operator()(index_t b) const {
    if (info[b] == 0) return;
    index_t j = 0;
    while (a[b * n * n + j * n + j] != T(0))
      ++j;
    info[b] = static_cast<int>(j + 1);
  }
};

} // namespace

template <class T>
ndarray<T> solve_triangular(const ndarray<T>& a, const ndarray<T>& b, char op, bool lower,
                            bool unit_diagonal) {
  cd::check_devices(a, b);
  if (!is_square(a.shape())) throw value_error("expected square matrix");
  const index_t n = a.shape()[a.ndim() - 1];
  const rhs r = rhs_of(b.shape(), n, [&](const shape_t& core) {
    return "shapes of a " + cupp::shape_repr(shape_t{n, n}) + " and b " + cupp::shape_repr(core) +
           " are incompatible";
  });
  const shape_t batch = broadcast_batch({a.shape(), b.shape()}, {batch_of(a.shape()), r.batch});
  ndarray<T> x = broadcast_to(b, r.shape(batch)).copy();
  const index_t count = count_of(batch), own = count_of(batch_of(a.shape()));
  if (n == 0 || r.k == 0 || count == 0) return x;
  // A's matrices as trsm reads them: C-contiguous, one for every member or one for all
  ndarray<T> m = own == 1 || own == count ? a : broadcast_to(a, stacked(batch, {n, n}));
  if (!m.is_c_contiguous()) m = m.copy();
  const index_t distinct = own == 1 ? 1 : count;
  if (!unit_diagonal) {
    const ndarray<int> info = cupp::zeros<int>(shape_t{distinct});
    cd::launch_for_each(distinct * n, count_zeros_fn<T>{m.data(), n, info.data()});
    cd::launch_for_each(distinct, first_zero_fn<T>{m.data(), n, info.data()});
    check_info(info, cd::linalg_fault::zero_diagonal);
  }
  cd::lapack::trsm(cd::lapack::scalar_of<T>, lower, op, unit_diagonal, r.k, n, count, raw(m), n,
                   own == 1 ? 0 : n * n, raw(x), r.k, n * r.k);
  return x;
}

#define CUPX_LINALG_TRIANGULAR(T)                                                                  \
  template ndarray<T> solve_triangular(const ndarray<T>&, const ndarray<T>&, char, bool, bool);
CUPP_LINALG_DTYPES(CUPX_LINALG_TRIANGULAR)

} // namespace cupx::linalg::impl
