// scipy.linalg's cho_factor and cho_solve (cupx/linalg.hpp). potrf gets A's column-major copy,
// so LAPACK's triangle is SciPy's (A = U^H U in the upper one), and c is that buffer through the
// transposed view: F-ordered like SciPy's array, and what potrs reads without a copy.
#include <cupx/linalg.hpp>

#include <string>

#include "common.hpp"

namespace cupx::linalg::impl {

template <class T> ndarray<T> cho_factor(const ndarray<T>& a, bool lower) {
  if (a.ndim() < 2)
    throw value_error("Input array needs to be 2D but received a " + std::to_string(a.ndim()) +
                      "d-array.");
  if (!is_square(a.shape()))
    throw value_error("Input array is expected to be square but has the shape: " +
                      cupp::shape_repr(shape_t{a.shape()[a.ndim() - 2], a.shape()[a.ndim() - 1]}) +
                      ".");
  const index_t n = a.shape()[a.ndim() - 1], count = count_of(batch_of(a.shape()));
  const ndarray<T> w = column_major(a);
  if (n > 0 && count > 0) {
    const ndarray<int> info(shape_t{count});
    cd::lapack::potrf(cd::lapack::scalar_of<T>, !lower, n, count, raw(w), info.data());
    check_info(info, cd::linalg_fault::minor_not_pd);
  }
  return swap_last(w);
}

template <class T> ndarray<T> cho_solve(const ndarray<T>& c, bool lower, const ndarray<T>& b) {
  cd::check_devices(c, b);
  if (!is_square(c.shape())) throw value_error("The factored matrix c is not square.");
  const index_t n = c.shape()[c.ndim() - 1];
  const rhs r = rhs_of(b.shape(), n, [&](const shape_t& core) {
    return "incompatible dimensions (" + cupp::shape_repr(shape_t{n, n}) + " and " +
           cupp::shape_repr(core) + ")";
  });
  const shape_t batch = broadcast_batch({c.shape(), b.shape()}, {batch_of(c.shape()), r.batch});
  const index_t count = count_of(batch);
  ndarray<T> x = r.column_major(b, batch);
  if (n == 0 || r.k == 0 || count == 0) return r.from_column_major(x);
  const ndarray<T> factor = read_column_major(c, stacked(batch, {n, n}));
  cd::lapack::potrs(cd::lapack::scalar_of<T>, !lower, n, r.k, count, raw(factor), raw(x));
  return r.from_column_major(x);
}

#define CUPX_LINALG_CHOLESKY(T)                                                                    \
  template ndarray<T> cho_factor(const ndarray<T>&, bool);                                         \
  template ndarray<T> cho_solve(const ndarray<T>&, bool, const ndarray<T>&);
CUPP_LINALG_DTYPES(CUPX_LINALG_CHOLESKY)

} // namespace cupx::linalg::impl
