// The QDWH polar decomposition (Nakatsukasa, Bai and Gygi, SIMAX 2010) and the SVD built on it
// (Nakatsukasa and Higham, SISC 2013): a = U_p H in a few iterations of QR and Cholesky
// factorisations and GEMMs, then H = V diag(s) V^H by eigh and U = U_p V. Every step is BLAS-3,
// where LAPACK's gesvd spends its time in a memory-bound bidiagonalisation (docs/linalg.md,
// "Large SVDs": 6.1x faster than gesvd for a 4096^2 float32 matrix on an H100).
#include <cupp/creation.hpp>
#include <cupp/linalg/decompositions.hpp>
#include <cupp/linalg/dot.hpp>
#include <cupp/linalg/norms.hpp>
#include <cupp/manipulation/join.hpp>
#include <cupp/manipulation/matrix.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/math/arithmetic.hpp>
#include <cupp/math/compare.hpp>
#include <cupp/math/complex.hpp>
#include <cupp/math/functions.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>
#include <vector>

#include "common.hpp"

namespace cupp::linalg::impl {

namespace {

// One step's weights (a, b, c) for the bound l <= the iterate's smallest singular value (its
// largest is at most 1), and the bound after the step (Nakatsukasa, Bai and Gygi, eq. 3.8-3.10).
struct qdwh_step {
  double a, b, c, l;
};
qdwh_step next_step(double l) {
  const double l2 = l * l;
  const double d = std::cbrt(4 * (1 - l2) / (l2 * l2));
  const double s = std::sqrt(1 + d);
  const double a = s + std::sqrt(8 - 4 * d + 8 * (2 - l2) / (l2 * s)) / 2;
  const double b = (a - 1) * (a - 1) / 4, c = a + b - 1;
  return {a, b, c, l * (a + b * l2) / (1 + c * l2)};
}

// The steps until the bound is 1 to working precision. The iterate starts as a / ||a||_F, whose
// singular values are at least sigma_min / (sqrt(n) sigma_max): from eps / sqrt(n) every
// singular value above eps sigma_max converges. The weights depend on that bound alone, not on
// the data, so the iteration needs no sync; smaller singular values (numerically zero) end
// below 1, which the SVD corrects (polar_svd). float32: 2 QR and 2 Cholesky steps; float64: 3
// and 3.
std::vector<qdwh_step> schedule(double eps, index_t n) {
  std::vector<qdwh_step> steps;
  double l = eps / std::sqrt(static_cast<double>(std::max<index_t>(n, 1)));
  do {
    steps.push_back(next_step(l));
    l = steps.back().l;
  } while (1 - l > 10 * eps);
  return steps;
}

// Z = R^H R for the Hermitian positive definite row-major stack z, R upper triangular: potrf's
// lower factor L of the column-major conj(Z), read row-major (R = L^T); the strictly lower
// triangle keeps Z's values, which right_solve does not read.
template <class D> ndarray<D> cholesky_upper(ndarray<D> z, index_t n, index_t count) {
  ndarray<int> info(shape_t{count});
  cd::lapack::potrf(cd::lapack::scalar_of<D>, false, n, count, raw(z), info.data());
  // not positive definite only with NaN or infinite input, which LAPACK's SVD does not converge on
  check_info(info, cd::linalg_fault::svd_no_converge);
  return z;
}

// The Cholesky form of a step, stable once c is moderate (the paper switches at c <= 100):
// x <- (b/c) x + (a - b/c) x (I + c x^H x)^-1, the solve by potrs on the Cholesky factor, which
// reads the buffer as the column-major conj(Z) = L L^H: potrs solves conj(Z) Y = x^T (x's buffer,
// column-major) for Y = (x Z^-1)^T, whose buffer is x Z^-1 row-major.
template <class T>
ndarray<T> cholesky_step(const ndarray<T>& x, const qdwh_step& s, index_t n, index_t count) {
  const index_t m = x.shape()[x.ndim() - 2];
  const ndarray<T> z =
      cholesky_upper(ndarray<T>(impl::matmul(adjoint(x), x) * T(s.c) + eye<T>(n)), n, count);
  ndarray<T> w = x.copy();
  cd::lapack::potrs(cd::lapack::scalar_of<T>, false, n, m, count, raw(z), raw(w));
  return ndarray<T>(x * T(s.b / s.c) + w * T(s.a - s.b / s.c));
}

// The QR form: [sqrt(c) x; I] = [Q1; Q2] R, x <- (b/c) x + (a - b/c) / sqrt(c) Q1 Q2^H.
template <class T>
ndarray<T> qr_step(const ndarray<T>& x, const qdwh_step& s, index_t n, const shape_t& batch) {
  const int nd = x.ndim();
  const index_t m = x.shape()[nd - 2];
  const ndarray<T> stack = concatenate(
      {ndarray<T>(x * T(std::sqrt(s.c))), broadcast_to(eye<T>(n), stacked(batch, {n, n}))}, nd - 2);
  const ndarray<T> q = impl::qr(stack, qr_mode::reduced).q;
  const ndarray<T> q1 = cd::slab(q, nd - 2, 0, m), q2 = cd::slab(q, nd - 2, m, n);
  return ndarray<T>(x * T(s.b / s.c) +
                    impl::matmul(q1, adjoint(q2)) * T((s.a - s.b / s.c) / std::sqrt(s.c)));
}

// y R^-1 for cholesky_upper's C-contiguous R: the copy of y^T, read column-major, is y, and trsm
// solves X op(A) = y in place with A = R^T (its lower triangle), op 'T'; X read row-major is X^T.
template <class D> ndarray<D> right_solve(const ndarray<D>& y, const ndarray<D>& r, index_t count) {
  const int nd = y.ndim();
  const index_t m = y.shape()[nd - 2], n = y.shape()[nd - 1];
  ndarray<D> xt = swap_last(y).copy();
  cd::lapack::trsm(cd::lapack::scalar_of<D>, false, 'T', false, m, n, count, raw(r), n, n * n,
                   raw(xt), m, m * n);
  return swap_last(xt);
}

// The QR form for float32 and complex64 without Householder QR (cuSOLVER's geqrf ran a 4096 x
// 2048 float32 matrix at 2.2 TFLOP/s): CholeskyQR in double precision, Q = S R^-1 from the
// Cholesky factor of S^H S = c x^H x + I, whose condition number c stays below 1/eps of double.
// One pass leaves Q's orthogonality at c eps_double, a second (the Gram matrix of the computed Q,
// CholeskyQR2) at eps_double; one suffices where c eps_double <= 100 eps_float, the paper's
// bound for the Cholesky form (c <= 100) carried over. Q1 Q2^H in double, rounded once.
template <class T>
ndarray<T> double_qr_step(const ndarray<T>& x, const qdwh_step& s, index_t n, index_t count,
                          const shape_t& batch) {
  using D = std::conditional_t<is_complex_v<T>, complex128, double>;
  const ndarray<D> xd = x.template astype<D>();
  const double root = std::sqrt(s.c);
  const int passes =
      s.c * std::numeric_limits<double>::epsilon() <= 100 * std::numeric_limits<float>::epsilon()
          ? 1
          : 2;
  // S = [q1; q2], q2 = I at first: its Gram term is I, no product
  ndarray<D> q1(xd * D(root));
  ndarray<D> q2 = broadcast_to(eye<D>(n), stacked(batch, {n, n}));
  for (int pass = 0; pass < passes; ++pass) {
    const ndarray<D> gram = impl::matmul(adjoint(q1), q1);
    const ndarray<D> r = cholesky_upper(
        pass == 0 ? ndarray<D>(gram + eye<D>(n)) : ndarray<D>(gram + impl::matmul(adjoint(q2), q2)),
        n, count);
    q1 = right_solve(q1, r, count);
    q2 = right_solve(q2, r, count);
  }
  return ndarray<T>(
      astype<T>(xd * D(s.b / s.c) + impl::matmul(q1, adjoint(q2)) * D((s.a - s.b / s.c) / root)));
}

} // namespace

template <class T> ndarray<T> polar_unitary(const ndarray<T>& a) {
  using R = real_t<T>;
  const int nd = a.ndim();
  const index_t n = a.shape()[nd - 1];
  const shape_t batch = batch_of(a.shape());
  const index_t count = count_of(batch);
  const ndarray<R> fro = impl::norm<T>(a, norm_ord{}, axes(-2, -1), true);
  ndarray<T> x(a / ndarray<R>(where(fro == R(0), R(1), fro)));
  for (const qdwh_step& s : schedule(std::numeric_limits<R>::epsilon(), n))
    if (s.c <= 100) {
      x = cholesky_step(x, s, n, count);
    } else if constexpr (std::is_same_v<R, float>) {
      x = double_qr_step(x, s, n, count, batch);
    } else {
      x = qr_step(x, s, n, batch);
    }
  return x;
}

namespace {

// The SVD of square or tall matrices from their polar decomposition.
template <class T> svd_result<T> direct_svd(const ndarray<T>& a, bool vectors, bool complete) {
  using R = real_t<T>;
  const int nd = a.ndim();
  const ndarray<T> up = polar_unitary(a);
  ndarray<T> h = impl::matmul(adjoint(up), a);
  h = ndarray<T>((h + adjoint(h)) * T(0.5));
  eigh_result<T> e = impl::eigh(h, vectors, 'L');
  // H is positive semidefinite: eigh's ascending values, rounding's negatives at zero, reversed
  const ndarray<R> s = flip(ndarray<R>(maximum(e.eigenvalues, R(0))), nd - 2);
  if (!vectors) return {ndarray<T>(shape_t{0}), s, ndarray<T>(shape_t{0})};
  const ndarray<T> v = flip(e.eigenvectors, nd - 1);
  if (!complete) return {impl::matmul(up, v), s, adjoint(v)};
  // U_p's columns for singular values below eps sigma_max did not converge to unit length:
  // orthonormalised by a QR whose R has a positive diagonal where U was already orthonormal
  // (section 5.5 of Nakatsukasa and Higham; JAX's SVD does the same)
  const qr_result<T> f = impl::qr(impl::matmul(up, v), qr_mode::reduced);
  const ndarray<R> sign_r(astype<R>(where(real(diagonal(f.r, 0, -2, -1)) < R(0), -1, 1)));
  return {ndarray<T>(f.q * expand_dims(sign_r, nd - 2)), s, adjoint(v)};
}

// A tall a directly or as a = Q R, then R's square SVD, U = Q U_R (with Q's other columns beside
// it for full_matrices).
template <class T>
svd_result<T> tall_svd(const ndarray<T>& a, bool vectors, bool full_matrices, bool complete) {
  const int nd = a.ndim();
  const index_t m = a.shape()[nd - 2], n = a.shape()[nd - 1];
  // float32's QR steps (CholeskyQR in double) cost little more on the tall matrix than on R,
  // so it is decomposed directly unless u must be completed to m x m; float64's Householder steps
  // are cheaper on R (docs/linalg.md, "Large SVDs")
  if (m == n || (std::is_same_v<real_t<T>, float> && !(vectors && full_matrices)))
    return direct_svd(a, vectors, complete);
  const qr_mode mode = !vectors ? qr_mode::r : full_matrices ? qr_mode::complete : qr_mode::reduced;
  const qr_result<T> f = impl::qr(a, mode);
  const svd_result<T> r = direct_svd(cd::slab(f.r, nd - 2, 0, n), vectors, complete);
  if (!vectors) return r;
  const ndarray<T> u = impl::matmul(cd::slab(f.q, nd - 1, 0, n), r.u);
  if (!full_matrices) return {u, r.s, r.vh};
  return {concatenate({u, cd::slab(f.q, nd - 1, n, m - n)}, nd - 1), r.s, r.vh};
}

} // namespace

// A wide a is decomposed as a^H = U' S V'^H, so a = V' S U'^H.
template <class T>
svd_result<T> polar_svd(const ndarray<T>& a, bool vectors, bool full_matrices, bool complete) {
  const int nd = a.ndim();
  check_finite(a.is_c_contiguous() ? a : a.copy(), cd::linalg_fault::svd_no_converge);
  if (a.shape()[nd - 2] >= a.shape()[nd - 1]) return tall_svd(a, vectors, full_matrices, complete);
  const svd_result<T> t = tall_svd(adjoint(a), vectors, full_matrices, complete);
  if (!vectors) return t;
  return {adjoint(t.vh), t.s, adjoint(t.u)};
}

#define CUPP_LINALG_POLAR(T)                                                                       \
  template ndarray<T> polar_unitary(const ndarray<T>&);                                            \
  template svd_result<T> polar_svd(const ndarray<T>&, bool, bool, bool);
CUPP_LINALG_DTYPES(CUPP_LINALG_POLAR)

} // namespace cupp::linalg::impl
