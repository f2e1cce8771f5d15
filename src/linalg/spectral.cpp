// numpy.linalg.eigh, eigvalsh, eig, eigvals, svd and svdvals (linalg/decompositions.hpp).
#include <cupp/linalg/decompositions.hpp>

#include <cupp/creation.hpp>
#include <cupp/indexing/take.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/math/arithmetic.hpp>
#include <cupp/math/compare.hpp>
#include <cupp/math/complex.hpp>
#include <cupp/math/functions.hpp>
#include <cupp/sorting/sort.hpp>

#include <algorithm>
#include <string>

#include "common.hpp"

namespace cupp::linalg::impl {

char uplo_of(std::string_view uplo) {
  if (uplo == "L" || uplo == "l") return 'L';
  if (uplo == "U" || uplo == "u") return 'U';
  throw value_error("UPLO argument must be 'L' or 'U'");
}

// A row-major Hermitian A is the column-major conj(A), whose upper triangle is A's lower one:
// same eigenvalues, conjugated eigenvectors (columns of LAPACK's result, rows when read back).
template <class T> eigh_result<T> eigh(const ndarray<T>& a, bool vectors, char uplo) {
  check_square(a.shape());
  const index_t n = a.shape()[a.ndim() - 1];
  const shape_t batch = batch_of(a.shape());
  const index_t count = count_of(batch);
  ndarray<T> w = a.copy();
  ndarray<real_t<T>> values(stacked(batch, {n}));
  ndarray<int> info(shape_t{count});
  if (n > 0 && count > 0) {
    cd::lapack::syevd(cd::lapack::scalar_of<T>, vectors, uplo == 'L', n, count, raw(w), raw(values),
                      info.data());
    check_info(info, cd::linalg_fault::eig_no_converge);
  }
  if (!vectors) return {values, ndarray<T>(shape_t{0})};
  if constexpr (is_complex_v<T>) {
    return {values, swap_last(w).conj()};
  } else {
    return {values, swap_last(w)};
  }
}

namespace {

// geev's eigenvectors of a real matrix as complex columns: a pair w[j], w[j + 1] = conj(w[j])
// (positive imaginary part first) is stored as the real columns re, im (LAPACK's packing). vr is
// column-major per matrix, out row-major (..., n, n) with out[i][j] = v_j[i].
template <class R> struct unpack_pairs_fn {
  using C = complex_of_t<R>;
  const R* vr;
  const C* w;
  C* out;
  index_t n;
  CUPP_HD void operator()(index_t e) const {
    const index_t nn = n * n, b = e / nn, i = e % nn / n, j = e % n;
    const R* v = vr + b * nn;
    const R im = w[b * n + j].imag();
    if (im > 0 && j + 1 < n) {
      out[e] = C(v[j * n + i], v[(j + 1) * n + i]);
    } else if (im < 0 && j > 0) {
      out[e] = C(v[(j - 1) * n + i], -v[j * n + i]);
    } else {
      out[e] = C(v[j * n + i], R(0));
    }
  }
};

} // namespace

// geev takes LAPACK's A itself (a column-major copy): the stored A^T would give the left
// eigenvectors. Its column-major eigenvectors read back row-major are v^T, swapped back by a view
// (complex input) or by the unpacking kernel (real input).
template <class T> eig_result<T> eig(const ndarray<T>& a, bool vectors) {
  using C = complex_of_t<real_t<T>>;
  check_square(a.shape());
  const index_t n = a.shape()[a.ndim() - 1];
  const shape_t batch = batch_of(a.shape());
  const index_t count = count_of(batch);
  ndarray<C> values(stacked(batch, {n}));
  ndarray<C> vecs(vectors ? stacked(batch, {n, n}) : shape_t{0});
  if (n == 0 || count == 0) return {values, vecs};
  ndarray<T> buf = column_major(a);
  check_finite(buf, cd::linalg_fault::not_finite);
  ndarray<T> vr(vectors ? stacked(batch, {n, n}) : shape_t{0});
  ndarray<int> info(shape_t{count});
  cd::lapack::geev(cd::lapack::scalar_of<T>, vectors, n, count, raw(buf), raw(values),
                   vectors ? raw(vr) : nullptr, info.data());
  check_info(info, cd::linalg_fault::eig_no_converge);
  if (!vectors) return {values, vecs};
  if constexpr (is_complex_v<T>) {
    return {values, swap_last(vr)};
  } else {
    cd::launch_for_each(vecs.size(), unpack_pairs_fn<T>{vr.data(), values.data(), vecs.data(), n});
    return {values, vecs};
  }
}

namespace {

// NumPy's svd(hermitian=True): eigh's values by decreasing magnitude; vh is u's conjugate
// transpose with each row scaled by its eigenvalue's sign (a zero eigenvalue's row is zero, as
// NumPy's).
template <class T> svd_result<T> hermitian_svd(const ndarray<T>& a, bool vectors) {
  using R = real_t<T>;
  check_square(a.shape());
  const int nd = a.ndim();
  eigh_result<T> e = eigh(a, vectors, 'L');
  const ndarray<R> size = abs(e.eigenvalues);
  const ndarray<index_t> order = flip(argsort(size, -1), nd - 2);
  const ndarray<R> s = take_along_axis(size, order, -1);
  if (!vectors) return {ndarray<T>(shape_t{0}), s, ndarray<T>(shape_t{0})};
  const ndarray<R> sgn = take_along_axis(ndarray<R>(sign(e.eigenvalues)), order, -1);
  const ndarray<T> u = take_along_axis(e.eigenvectors, expand_dims(order, nd - 2), -1);
  ndarray<T> scaled = u * expand_dims(sgn, nd - 2);
  return {u, s, swap_last(scaled).conj()};
}

// svd_kw's algorithm for matrices with k = min(m, n) (linalg/decompositions.hpp)
bool polar_chosen(const svd_kw& kw, index_t k) {
  return k > 0 && (kw.algorithm == svd_algorithm::polar ||
                   (kw.algorithm == svd_algorithm::automatic && k >= cd::lapack::polar_svd_min()));
}

} // namespace

// gesvd needs m >= n. A tall A is decomposed from its column-major copy; a wide one from its
// plain copy, the column-major A^T = U' S V'^H, so A = conj(V') S U'^T: u is V'^H's storage and
// vh U''s, both read back row-major with no transposition.
template <class T> svd_result<T> svd(const ndarray<T>& a, bool vectors, svd_kw kw) {
  check_stacked_2d(a.shape());
  if (kw.hermitian) return hermitian_svd(a, vectors);
  const int nd = a.ndim();
  const index_t m = a.shape()[nd - 2], n = a.shape()[nd - 1], k = std::min(m, n);
  const shape_t batch = batch_of(a.shape());
  const index_t count = count_of(batch);
  const bool tall = m >= n;
  const index_t rows = tall ? m : n; // LAPACK's m x k problem
  const char job = !vectors ? 'N' : kw.full_matrices ? 'A' : 'S';
  const index_t ucols = job == 'A' ? rows : k;
  ndarray<real_t<T>> s(stacked(batch, {k}));
  const ndarray<T> none(shape_t{0});
  if (vectors && k == 0) { // nothing to decompose: identities (full) or empty factors
    const index_t uc = kw.full_matrices ? m : 0, vr = kw.full_matrices ? n : 0;
    return {broadcast_to(eye<T>(m, uc), stacked(batch, {m, uc})).copy(), s,
            broadcast_to(eye<T>(vr, n), stacked(batch, {vr, n})).copy()};
  }
  if (polar_chosen(kw, k) && count > 0) return polar_svd(a, vectors, kw.full_matrices, true);
  ndarray<T> buf = tall ? column_major(a) : a.copy();
  check_finite(buf, cd::linalg_fault::svd_no_converge); // NumPy's LAPACK fails on them
  ndarray<T> u = vectors ? ndarray<T>(stacked(batch, {ucols, rows})) : none;
  ndarray<T> vt = vectors ? ndarray<T>(stacked(batch, {k, k})) : none;
  if (k > 0 && count > 0) {
    ndarray<int> info(shape_t{count});
    cd::lapack::gesvd(cd::lapack::scalar_of<T>, job, rows, k, count, raw(buf), raw(s),
                      vectors ? raw(u) : nullptr, vectors ? raw(vt) : nullptr, info.data());
    check_info(info, cd::linalg_fault::svd_no_converge);
  }
  if (!vectors) return {none, s, none};
  if (tall) return {swap_last(u), s, swap_last(vt)};
  return {vt, s, u};
}

template <class T> svd_result<T> svd_to_invert(const ndarray<T>& a, bool hermitian) {
  const svd_kw kw{.full_matrices = false, .hermitian = hermitian};
  check_stacked_2d(a.shape());
  const index_t k = std::min(a.shape()[a.ndim() - 2], a.shape()[a.ndim() - 1]);
  if (!hermitian && polar_chosen(kw, k) && a.size() > 0) return polar_svd(a, true, false, false);
  return svd(a, true, kw);
}

#define CUPP_LINALG_SPECTRAL(T)                                                                    \
  template eigh_result<T> eigh(const ndarray<T>&, bool, char);                                     \
  template eig_result<T> eig(const ndarray<T>&, bool);                                             \
  template svd_result<T> svd(const ndarray<T>&, bool, svd_kw);                                     \
  template svd_result<T> svd_to_invert(const ndarray<T>&, bool);
CUPP_LINALG_DTYPES(CUPP_LINALG_SPECTRAL)

} // namespace cupp::linalg::impl
