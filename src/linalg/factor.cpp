// numpy.linalg.cholesky and qr (linalg/decompositions.hpp).
#include <cupp/linalg/decompositions.hpp>

#include <cupp/creation.hpp>
#include <cupp/manipulation/matrix.hpp>
#include <cupp/manipulation/views.hpp>

#include <algorithm>

#include "common.hpp"

namespace cupp::linalg::impl {

// A row-major Hermitian A is the column-major conj(A): LAPACK's upper Cholesky factor U' of it
// (conj(A) = U'^H U'), read back row-major, is U'^T = L with A = L L^H. So NumPy's lower factor
// comes from LAPACK's upper one on a plain copy, and the upper factor from the lower one; the
// other triangle, left as it was, is zeroed.
template <class T> ndarray<T> cholesky(const ndarray<T>& a, bool upper) {
  check_square(a.shape());
  const index_t n = a.shape()[a.ndim() - 1], count = count_of(batch_of(a.shape()));
  ndarray<T> w = a.copy();
  ndarray<int> info(shape_t{count});
  if (n == 0 || count == 0) return w;
  cd::lapack::potrf(cd::lapack::scalar_of<T>, !upper, n, count, raw(w), info.data());
  check_info(info, cd::linalg_fault::not_pd);
  return upper ? triu(w) : tril(w);
}

// geqrf of the column-major copy: R above the diagonal (read through the transposed view), the
// reflectors below; Q's q columns then come from orgqr in a buffer whose first columns hold them.
template <class T> qr_result<T> qr(const ndarray<T>& a, qr_mode mode) {
  check_stacked_2d(a.shape());
  const int nd = a.ndim();
  const index_t m = a.shape()[nd - 2], n = a.shape()[nd - 1], k = std::min(m, n);
  const shape_t batch = batch_of(a.shape());
  const index_t count = count_of(batch);
  ndarray<T> w = column_major(a); // (..., n, m)
  ndarray<T> tau(stacked(batch, {k}));
  if (k > 0 && count > 0)
    cd::lapack::geqrf(cd::lapack::scalar_of<T>, m, n, count, raw(w), raw(tau));
  if (mode == qr_mode::raw) return {w, tau};
  const index_t rrows = mode == qr_mode::complete ? m : k;
  ndarray<T> r = cd::slab(triu(swap_last(w)), nd - 2, 0, rrows);
  if (mode == qr_mode::r) return {ndarray<T>(shape_t{0}), r};
  const index_t q = mode == qr_mode::complete ? m : k;
  ndarray<T> qbuf; // (..., q, m): Q column-major
  if (q == n) {
    qbuf = w;
  } else {
    qbuf = zeros<T>(stacked(batch, {q, m}));
    const index_t keep = std::min(q, n);
    cd::slab(qbuf, nd - 2, 0, keep) = cd::slab(w, nd - 2, 0, keep);
  }
  if (q > 0 && m > 0 && count > 0) {
    if (k > 0) {
      cd::lapack::orgqr(cd::lapack::scalar_of<T>, m, q, k, count, raw(qbuf), raw(tau));
    } else {
      qbuf = broadcast_to(eye<T>(q, m), stacked(batch, {q, m})).copy(); // no reflectors: I
    }
  }
  return {swap_last(qbuf), r};
}

#define CUPP_LINALG_FACTOR(T)                                                                      \
  template ndarray<T> cholesky(const ndarray<T>&, bool);                                           \
  template qr_result<T> qr(const ndarray<T>&, qr_mode);
CUPP_LINALG_DTYPES(CUPP_LINALG_FACTOR)

} // namespace cupp::linalg::impl
