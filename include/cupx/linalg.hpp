#pragma once
/// \file
/// `cupx::linalg`, scipy.linalg's dense extras on cupp's arrays: the LU factorisation in SciPy's
/// forms (`lu`, `lu_factor`, `lu_solve`), triangular solves (`solve_triangular`), the Cholesky
/// pair (`cho_factor`, `cho_solve`) and the polar decomposition (`polar`). Every function takes
/// stacks of matrices (..., m, n) and broadcasts the leading axes of its operands (SciPy 1.15's
/// batching; empty batches give empty results where SciPy raises); a right-hand side b is one
/// vector (n,) or a stack (..., n, k). They compute in float32, float64, complex64 or complex128,
/// integers and bool in float64 as SciPy's. Shape errors raise `cupp::value_error` at the call with
/// SciPy's messages; failures found on the device (a matrix that is not positive definite, a zero
/// on a triangular diagonal) raise `cupp::linalg_error` at the next sync point, the other matrices
/// of the stack keeping valid results. Nothing synchronises. SciPy's `check_finite`, which scans
/// the input on the host, and the `overwrite_*` hints have no counterpart.

#include <cupp/linalg/compute_type.hpp>

#include <cstdint>
#include <string>
#include <string_view>

namespace cupx::linalg {

using cupp::ndarray;

/// `lu`'s result (SciPy's (p, l, u)): a = p @ l @ u with p (..., m, m) a permutation matrix
/// (float32 or float64, SciPy's real dtype), l (..., m, k) unit lower trapezoidal and u (..., k,
/// n) upper trapezoidal, k = min(m, n).
template <class T> struct lu_result {
  ndarray<cupp::real_t<T>> p;
  ndarray<T> l, u;
};

/// `lu(a, p_indices=True)`'s result: p (..., m) int32 row indices with a = l[p, :] @ u.
template <class T> struct lu_indices_result {
  ndarray<std::int32_t> p;
  ndarray<T> l, u;
};

/// `lu(a, permute_l=True)`'s result (SciPy's (pl, u)): a = pl @ u.
template <class T> struct lu_permuted_result { ndarray<T> pl, u; };

/// `lu_factor`'s result (SciPy's (lu, piv)): L below the diagonal of lu (its unit diagonal not
/// stored) and U on and above it; piv (..., k) int32, 0-based: row i was exchanged with row
/// piv[i]. lu is a view in LAPACK's column-major order, as SciPy's (F-ordered) array.
template <class T> struct lu_factor_result {
  ndarray<T> lu;
  ndarray<std::int32_t> piv;
};

/// `cho_factor`'s result (SciPy's (c, lower)): the Cholesky factor in c's `lower` (a = L L^H) or
/// upper (a = U^H U) triangle; the other triangle is unspecified (SciPy's "random data"). c is a
/// view in LAPACK's column-major order, as SciPy's (F-ordered) array.
template <class T> struct cho_factor_result {
  ndarray<T> c;
  bool lower;
};

/// `polar`'s result (SciPy's (u, p)): a = u @ p (side "right", p (..., n, n)) or a = p @ u (side
/// "left", p (..., m, m)); u (..., m, n) has orthonormal columns (rows where m < n), p is
/// Hermitian positive semidefinite.
template <class T> struct polar_result { ndarray<T> u, p; };

/// `lu`'s forms beside (p, l, u): `lu(a, cupx::linalg::permute_l)` is SciPy's permute_l=True,
/// `lu(a, cupx::linalg::p_indices)` its p_indices=True.
struct permute_l_t {
  explicit permute_l_t() = default;
};
inline constexpr permute_l_t permute_l{};
struct p_indices_t {
  explicit p_indices_t() = default;
};
inline constexpr p_indices_t p_indices{};

/// `solve_triangular`'s keywords (SciPy's): trans 0 (a x = b), 1 (a^T x = b) or 2 (a^H x = b),
/// also spelled 'N', 'T', 'C'; the `lower` or upper triangle of a is read (the other is
/// ignored); `unit_diagonal`: a's diagonal is taken as ones, not read.
struct solve_triangular_kw {
  int trans = 0;
  bool lower = false;
  bool unit_diagonal = false;
};

namespace impl {
template <class T> using real_t = cupp::real_t<T>;

/// The factors of `lu` in the forms asked for (the others left empty).
template <class T> struct lu_parts {
  ndarray<real_t<T>> p;          // the permutation matrix
  ndarray<std::int32_t> indices; // the permutation as row indices
  ndarray<T> l, u;
};
enum class lu_form { matrix, indices, permuted };

template <class T> [[nodiscard]] lu_parts<T> lu(const ndarray<T>& a, lu_form form);
template <class T> [[nodiscard]] lu_factor_result<T> lu_factor(const ndarray<T>& a);
template <class T>
[[nodiscard]] ndarray<T> lu_solve(const ndarray<T>& lu, const ndarray<std::int32_t>& piv,
                                  const ndarray<T>& b, char op);
template <class T>
[[nodiscard]] ndarray<T> solve_triangular(const ndarray<T>& a, const ndarray<T>& b, char op,
                                          bool lower, bool unit_diagonal);
template <class T> [[nodiscard]] ndarray<T> cho_factor(const ndarray<T>& a, bool lower);
template <class T> [[nodiscard]] polar_result<T> polar(const ndarray<T>& a, std::string_view side);
template <class T>
[[nodiscard]] ndarray<T> cho_solve(const ndarray<T>& c, bool lower, const ndarray<T>& b);

/// LAPACK's op of SciPy's trans (0, 1, 2 or 'N', 'T', 'C') for matrices of T: 'C' only for
/// complex ones (a^H is a^T for reals); value_error for another trans.
template <class T> [[nodiscard]] char op_of(int trans) {
  switch (trans) {
  case 0:
  case 'N':
    return 'N';
  case 1:
  case 'T':
    return 'T';
  case 2:
  case 'C':
    return cupp::is_complex_v<T> ? 'C' : 'T';
  default:
    throw cupp::value_error("trans must be 0, 1 or 2 (or 'N', 'T', 'C'), got " +
                            std::to_string(trans));
  }
}

template <class A> using compute_t = cupp::linalg::compute_t<A>;
template <class A, class B> using compute2_t = cupp::linalg::compute2_t<A, B>;
using cupp::linalg::impl::as;
} // namespace impl

/// `scipy.linalg.lu(a)`: p, l, u with a = p @ l @ u, for (..., m, n) stacks of any m, n.
template <class A> [[nodiscard]] lu_result<impl::compute_t<A>> lu(const ndarray<A>& a) {
  using T = impl::compute_t<A>;
  impl::lu_parts<T> r = impl::lu<T>(impl::as<T>(a), impl::lu_form::matrix);
  return {r.p, r.l, r.u};
}

/// `scipy.linalg.lu(a, permute_l=True)`: pl, u with a = pl @ u.
template <class A>
[[nodiscard]] lu_permuted_result<impl::compute_t<A>> lu(const ndarray<A>& a, permute_l_t) {
  using T = impl::compute_t<A>;
  impl::lu_parts<T> r = impl::lu<T>(impl::as<T>(a), impl::lu_form::permuted);
  return {r.l, r.u};
}

/// `scipy.linalg.lu(a, p_indices=True)`: p (int32 row indices), l, u with a = l[p, :] @ u.
template <class A>
[[nodiscard]] lu_indices_result<impl::compute_t<A>> lu(const ndarray<A>& a, p_indices_t) {
  using T = impl::compute_t<A>;
  impl::lu_parts<T> r = impl::lu<T>(impl::as<T>(a), impl::lu_form::indices);
  return {r.indices, r.l, r.u};
}

/// `scipy.linalg.lu_factor(a)`: LAPACK's packed LU (getrf) of (..., m, n) stacks. An exactly
/// singular matrix is no error (SciPy warns): U's zero diagonal entry stays in lu, and lu_solve
/// with it gives infinities or NaN, as SciPy's.
template <class A>
[[nodiscard]] lu_factor_result<impl::compute_t<A>> lu_factor(const ndarray<A>& a) {
  using T = impl::compute_t<A>;
  return impl::lu_factor<T>(impl::as<T>(a));
}

/// `scipy.linalg.lu_solve((lu, piv), b, trans)`: x with op(a) x = b from lu_factor's (..., n, n)
/// factors; trans as `solve_triangular_kw::trans`. Pivots outside [0, n) raise
/// `cupp::index_error` at the next sync point (SciPy's LAPACK would read out of bounds).
template <class L, class B>
[[nodiscard]] ndarray<impl::compute2_t<L, B>> lu_solve(const lu_factor_result<L>& lu_and_piv,
                                                       const ndarray<B>& b, int trans = 0) {
  using T = impl::compute2_t<L, B>;
  return impl::lu_solve<T>(impl::as<T>(lu_and_piv.lu), lu_and_piv.piv, impl::as<T>(b),
                           impl::op_of<T>(trans));
}

/// `scipy.linalg.solve_triangular(a, b, trans, lower, unit_diagonal)`: x with op(a) x = b for
/// triangular (..., n, n) a (cuBLAS's and CBLAS's trsm). A zero on a's diagonal (unless
/// `unit_diagonal`) raises SciPy's `linalg_error` "singular matrix: resolution failed at diagonal
/// i" at the next sync point.
template <class A, class B>
[[nodiscard]] ndarray<impl::compute2_t<A, B>>
solve_triangular(const ndarray<A>& a, const ndarray<B>& b, solve_triangular_kw kw = {}) {
  using T = impl::compute2_t<A, B>;
  return impl::solve_triangular<T>(impl::as<T>(a), impl::as<T>(b), impl::op_of<T>(kw.trans),
                                   kw.lower, kw.unit_diagonal);
}

/// `scipy.linalg.cho_factor(a, lower)`: the Cholesky factor of Hermitian positive definite
/// (..., n, n) a, from its `lower` or upper triangle. A matrix that is not positive definite
/// raises SciPy's `linalg_error` "k-th leading minor of the array is not positive definite" at
/// the next sync point.
template <class A>
[[nodiscard]] cho_factor_result<impl::compute_t<A>> cho_factor(const ndarray<A>& a,
                                                               bool lower = false) {
  using T = impl::compute_t<A>;
  return {impl::cho_factor<T>(impl::as<T>(a), lower), lower};
}

/// `scipy.linalg.cho_solve((c, lower), b)`: x with a x = b from cho_factor's factor (potrs).
template <class C, class B>
[[nodiscard]] ndarray<impl::compute2_t<C, B>> cho_solve(const cho_factor_result<C>& c_and_lower,
                                                        const ndarray<B>& b) {
  using T = impl::compute2_t<C, B>;
  return impl::cho_solve<T>(impl::as<T>(c_and_lower.c), c_and_lower.lower, impl::as<T>(b));
}

/// `scipy.linalg.polar(a, side="right")`: u and p from the reduced SVD a = w diag(s) vh, as
/// SciPy's (u = w vh; p = vh^H diag(s) vh, or w diag(s) w^H for side "left"). On the CUDA backend
/// an SVD of order 128 or more is itself computed through the QDWH polar decomposition
/// ([linalg](../../docs/linalg.md)); u comes out orthonormal for singular matrices too, as SciPy's.
template <class A>
[[nodiscard]] polar_result<impl::compute_t<A>> polar(const ndarray<A>& a,
                                                     std::string_view side = "right") {
  using T = impl::compute_t<A>;
  return impl::polar<T>(impl::as<T>(a), side);
}

} // namespace cupx::linalg
