// scipy.linalg's LU forms (cupx/linalg.hpp). cupp::linalg's LU (src/linalg/lu.cpp) factors the
// row-major buffer as it is, which is A^T to LAPACK, and is the LU of A^T: right for det and
// solve, not the factors SciPy returns. Here getrf gets A's column-major copy, so its result is
// SciPy's lu_factor (read back through the transposed view, F-ordered like SciPy's array), and
// lu's P, L, U are drawn from it by one kernel each.
#include <cupx/linalg.hpp>

#include <cupp/creation.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/math/arithmetic.hpp>

#include <algorithm>
#include <string>

#include "common.hpp"

namespace cupx::linalg::impl {

namespace {

// LAPACK's LU of a stack (..., m, n): the column-major factors, k 1-based pivots per matrix.
template <class T> struct lapack_lu {
  ndarray<T> w; // (..., n, m): each matrix column-major
  ndarray<int> ipiv;
  index_t m, n, k, count;
  shape_t batch;
};

template <class T> lapack_lu<T> factor(const ndarray<T>& a) {
  if (a.ndim() < 2) throw value_error("The input array must be at least two-dimensional.");
  const int nd = a.ndim();
  const index_t m = a.shape()[nd - 2], n = a.shape()[nd - 1], k = std::min(m, n);
  const shape_t batch = batch_of(a.shape());
  const index_t count = count_of(batch);
  lapack_lu<T> f{column_major(a), ndarray<int>(shape_t{count * k}), m, n, k, count, batch};
  if (k > 0 && count > 0) {
    // info > 0 (an exactly singular U) is no error in SciPy's lu and lu_factor
    const ndarray<int> info(shape_t{count});
    cd::lapack::getrf(cd::lapack::scalar_of<T>, m, n, count, raw(f.w), f.ipiv.data(), info.data());
  }
  return f;
}

// The row order that getrf's exchanges give (P^T A = L U: row i of L U is row r[i] of A) and
// its inverse p, SciPy's p_indices (A = (L U)[p]): one thread per matrix, the exchanges in order.
struct permutation_fn {
  const int* ipiv; // k per matrix
  index_t m, k;
  int* rows; // m per matrix: r
  int* p;    // m per matrix
  CUPP_HD void operator()(index_t b) const {
    int* r = rows + b * m;
    for (index_t i = 0; i < m; ++i)
      r[i] = static_cast<int>(i);
    for (index_t i = 0; i < k; ++i) {
      const index_t j = ipiv[b * k + i] - 1;
      const int t = r[i];
      r[i] = r[j];
      r[j] = t;
    }
    for (index_t i = 0; i < m; ++i)
      p[b * m + r[i]] = static_cast<int>(i);
  }
};

// l (..., m, k) C order from the column-major factors: below the diagonal, ones on it; rows in
// p's order for SciPy's permute_l (P L's row i is L's row p[i]).
template <class T> struct l_fn {
  const T* w;
  const int* p; // null: not permuted
  index_t m, n, k;
  T* out;
  CUPP_HD void operator()(index_t e) const {
    const index_t j = e % k, i = e / k % m, b = e / (k * m);
    const index_t row = p ? p[b * m + i] : i;
    out[e] = row > j ? w[b * m * n + j * m + row] : row == j ? T(1) : T(0);
  }
};

// u (..., k, n) C order: on and above the diagonal.
template <class T> struct u_fn {
  const T* w;
  index_t m, n, k;
  T* out;
  CUPP_HD void operator()(index_t e) const {
    const index_t j = e % n, i = e / n % k, b = e / (n * k);
    out[e] = i <= j ? w[b * m * n + j * m + i] : T(0);
  }
};

// P (..., m, m) from p: P[i, p[i]] = 1 (A = P L U).
template <class R> struct p_matrix_fn {
  const int* p;
  index_t m;
  R* out;
  CUPP_HD void operator()(index_t e) const {
    const index_t j = e % m, i = e / m;
    out[e] = p[i] == j ? R(1) : R(0);
  }
};

// SciPy's 0-based pivots as LAPACK's 1-based ones, in place; a pivot outside [0, n) (not
// lu_factor's) raises index_error at the next sync point and exchanges nothing here, where
// LAPACK would read out of bounds.
struct lapack_pivot_fn {
  int* piv;
  index_t n;
  cd::fault_record* fault;
  CUPP_HD void operator()(index_t e) const {
    const index_t j = cd::checked_index(fault, piv[e], 0, n);
    piv[e] = static_cast<int>((j < 0 ? e % n : j) + 1);
  }
};

} // namespace

template <class T> lu_parts<T> lu(const ndarray<T>& a, lu_form form) {
  const lapack_lu<T> f = factor(a);
  const index_t m = f.m, n = f.n, k = f.k, count = f.count;
  lu_parts<T> r;
  ndarray<int> p(stacked(f.batch, {m}));
  if (count > 0 && m > 0) {
    const ndarray<int> rows(shape_t{count * m});
    cd::launch_for_each(count, permutation_fn{f.ipiv.data(), m, k, rows.data(), p.data()});
  }
  r.l = ndarray<T>(stacked(f.batch, {m, k}));
  r.u = ndarray<T>(stacked(f.batch, {k, n}));
  const int* permuted = form == lu_form::permuted ? p.data() : nullptr;
  if (r.l.size() > 0)
    cd::launch_for_each(r.l.size(), l_fn<T>{f.w.data(), permuted, m, n, k, r.l.data()});
  if (r.u.size() > 0) cd::launch_for_each(r.u.size(), u_fn<T>{f.w.data(), m, n, k, r.u.data()});
  if (form == lu_form::indices) r.indices = p;
  if (form == lu_form::matrix) {
    r.p = ndarray<real_t<T>>(stacked(f.batch, {m, m}));
    if (r.p.size() > 0)
      cd::launch_for_each(r.p.size(), p_matrix_fn<real_t<T>>{p.data(), m, r.p.data()});
  }
  return r;
}

template <class T> lu_factor_result<T> lu_factor(const ndarray<T>& a) {
  const lapack_lu<T> f = factor(a);
  const ndarray<int> piv = f.ipiv.reshape(stacked(f.batch, {f.k})) - 1;
  return {swap_last(f.w), piv};
}

template <class T>
ndarray<T> lu_solve(const ndarray<T>& lu, const ndarray<std::int32_t>& piv, const ndarray<T>& b,
                    char op) {
  cd::check_devices(lu, piv, b);
  if (!is_square(lu.shape())) throw value_error("expected square matrix");
  const index_t n = lu.shape()[lu.ndim() - 1];
  const rhs r = rhs_of(b.shape(), n, [&](const shape_t& core) {
    return "Shapes of lu " + cupp::shape_repr(shape_t{n, n}) + " and b " + cupp::shape_repr(core) +
           " are incompatible";
  });
  if (piv.ndim() < 1 || piv.shape()[piv.ndim() - 1] != n)
    throw value_error("piv of shape " + cupp::shape_repr(piv.shape()) +
                      " does not match lu of shape " + cupp::shape_repr(lu.shape()));
  const shape_t batch = broadcast_batch({lu.shape(), piv.shape(), b.shape()},
                                        {batch_of(lu.shape()), batch_of(piv.shape(), 1), r.batch});
  ndarray<T> x = r.column_major(b, batch);
  const index_t count = count_of(batch);
  if (n > 0 && r.k > 0 && count > 0) {
    const ndarray<T> factors = read_column_major(lu, stacked(batch, {n, n}));
    const ndarray<int> ipiv = broadcast_to(piv, stacked(batch, {n})).copy();
    cd::launch_for_each(ipiv.size(), lapack_pivot_fn{ipiv.data(), n, cd::fault_slot()});
    cd::lapack::getrs(cd::lapack::scalar_of<T>, op, n, r.k, count, raw(factors), ipiv.data(),
                      raw(x));
  }
  return r.from_column_major(x);
}

#define CUPX_LINALG_LU(T)                                                                          \
  template lu_parts<T> lu(const ndarray<T>&, lu_form);                                             \
  template lu_factor_result<T> lu_factor(const ndarray<T>&);                                       \
  template ndarray<T> lu_solve(const ndarray<T>&, const ndarray<std::int32_t>&, const ndarray<T>&, \
                               char);
CUPP_LINALG_DTYPES(CUPX_LINALG_LU)

} // namespace cupx::linalg::impl
