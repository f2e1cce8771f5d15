// numpy.linalg.lstsq, pinv and matrix_rank (linalg/least_squares.hpp) from the reduced SVD, with
// NumPy's cutoffs; every decision on a singular value is an elementwise select on the device. The
// counts and sums reduce arrays (the comparisons and squares stored first, as NumPy's do): the
// engine's array kernels are compiled once in src/reduction/, an expression's would be here.
#include <cupp/linalg/least_squares.hpp>

#include <cupp/creation.hpp>
#include <cupp/linalg/decompositions.hpp>
#include <cupp/linalg/dot.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/math/arithmetic.hpp>
#include <cupp/math/compare.hpp>
#include <cupp/math/complex.hpp>
#include <cupp/reduction/reduce.hpp>

#include <algorithm>
#include <limits>

#include "common.hpp"

namespace cupp::linalg::impl {

namespace {

template <class T> double eps() { return std::numeric_limits<real_t<T>>::epsilon(); }

// 1/s where s > cutoff (one cutoff per stack member, broadcast over the last axis), else 0
template <class R> ndarray<R> inverted(const ndarray<R>& s, const ndarray<R>& cutoff) {
  return ndarray<R>(where(s > cutoff, R(1) / s, R(0)));
}

} // namespace

template <class T>
lstsq_result<T> lstsq(const ndarray<T>& a, const ndarray<T>& b, std::optional<double> rcond) {
  using R = real_t<T>;
  cd::check_devices(a, b);
  if (a.ndim() != 2)
    throw linalg_error(std::to_string(a.ndim()) +
                       "-dimensional array given. Array must be two-dimensional");
  if (b.ndim() != 1 && b.ndim() != 2)
    throw linalg_error(std::to_string(b.ndim()) +
                       "-dimensional array given. Array must be one or two-dimensional");
  const index_t m = a.shape()[0], n = a.shape()[1], k = std::min(m, n);
  if (b.shape()[0] != m) throw linalg_error("Incompatible dimensions");
  const bool vector = b.ndim() == 1;
  const ndarray<T> b2 = vector ? b.reshape(shape_t{m, 1}) : b;
  const index_t nrhs = b2.shape()[1];
  const svd_result<T> f = svd_to_invert(a, false);
  ndarray<T> x;
  ndarray<std::int64_t> rank;
  if (k == 0) {
    x = zeros<T>(shape_t{n, nrhs});
    rank = zeros<std::int64_t>(shape_t{});
  } else {
    // NumPy: rcond None is eps * max(m, n); a negative one means machine precision (gelsd's)
    const double rc = rcond.value_or(eps<T>() * static_cast<double>(std::max(m, n)));
    const R cut = static_cast<R>(rc < 0 ? eps<T>() : rc);
    const ndarray<R> cutoff(cut * cd::slab(f.s, 0, 0, 1)); // s[0] is the largest
    const ndarray<R> sinv = inverted(f.s, cutoff);
    const ndarray<T> uhb = impl::matmul(adjoint(f.u), b2); // (k, nrhs)
    x = impl::matmul(adjoint(f.vh), ndarray<T>(expand_dims(sinv, 1) * uhb));
    rank = count_nonzero(ndarray<bool>(f.s > cutoff));
  }
  ndarray<R> residuals(shape_t{0});
  if (m > n) {
    const ndarray<T> r(b2 - impl::matmul(a, x));
    residuals = ndarray<R>(sum(ndarray<R>(real(r * cupp::conj(r))), 0));
  }
  return {vector ? x.reshape(shape_t{n}) : x, residuals, rank, f.s};
}

template <class T> ndarray<T> pinv(const ndarray<T>& a, const pinv_kw& kw) {
  using R = real_t<T>;
  check_stacked_2d(a.shape());
  const int nd = a.ndim();
  const index_t m = a.shape()[nd - 2], n = a.shape()[nd - 1];
  if (a.size() == 0) return ndarray<T>(stacked(batch_of(a.shape()), {n, m}));
  const R rcond = static_cast<R>(kw.rtol ? *kw.rtol : kw.rcond.value_or(1e-15));
  // NumPy decomposes conj(a): a^+ = V diag(1/s) U^H is then vt^T diag(1/s) u^T of conj(a)'s
  const ndarray<T> ac = is_complex_v<T> ? a.conj() : a;
  const svd_result<T> f = svd_to_invert(ac, kw.hermitian);
  const ndarray<R> cutoff(rcond * max(f.s, -1, true));
  const ndarray<R> sinv = inverted(f.s, cutoff);
  return impl::matmul(swap_last(f.vh), ndarray<T>(expand_dims(sinv, nd - 1) * swap_last(f.u)));
}

template <class T> ndarray<std::int64_t> matrix_rank(const ndarray<T>& a, const rank_kw& kw) {
  using R = real_t<T>;
  cd::check_devices(a);
  if (a.ndim() < 2) return ndarray<std::int64_t>(astype<std::int64_t>(any(a)));
  const int nd = a.ndim();
  const index_t m = a.shape()[nd - 2], n = a.shape()[nd - 1];
  if (std::min(m, n) == 0) return zeros<std::int64_t>(batch_of(a.shape()));
  const ndarray<R> s =
      kw.hermitian ? ndarray<R>(abs(eigh(a, false, 'L').eigenvalues)) : svd(a, false, {}).s;
  ndarray<R> tol;
  if (kw.tol) {
    tol = full<R>(shape_t{}, static_cast<R>(*kw.tol));
  } else {
    const double rtol = kw.rtol.value_or(static_cast<double>(std::max(m, n)) * eps<T>());
    tol = ndarray<R>(max(s, -1, true) * static_cast<R>(rtol));
  }
  return count_nonzero(ndarray<bool>(s > tol), -1);
}

#define CUPP_LINALG_LSTSQ(T)                                                                       \
  template lstsq_result<T> lstsq(const ndarray<T>&, const ndarray<T>&, std::optional<double>);     \
  template ndarray<T> pinv(const ndarray<T>&, const pinv_kw&);                                     \
  template ndarray<std::int64_t> matrix_rank(const ndarray<T>&, const rank_kw&);
CUPP_LINALG_DTYPES(CUPP_LINALG_LSTSQ)

} // namespace cupp::linalg::impl
