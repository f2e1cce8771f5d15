// numpy.linalg's LU family (linalg/solve.hpp). The buffers LAPACK overwrites are C-contiguous
// copies: a row-major A is the column-major A^T, whose LU serves both det (det A^T = det A) and
// solve (getrs with the transpose solves A x = b) without a transposed copy of A.
#include <cupp/linalg/solve.hpp>

#include <cupp/linalg/dot.hpp>

#include <cupp/creation.hpp>
#include <cupp/manipulation/views.hpp>

#include <cuda/std/cmath>
#include <cuda/std/complex>
#include <cuda/std/limits>

#include <string>
#include <type_traits>
#include <utility>

#include "common.hpp"

namespace cupp::linalg::impl {

namespace {

// The LU factors of a stack of square matrices (a C-contiguous copy of a, broadcast to `shape`):
// pivots and info per matrix; info > 0 is a singular matrix. With `flag_nan`, nan[i] != 0 when
// matrix i holds a NaN, for det and slogdet: NumPy's are NaN then, but the factors need not
// show it (cuSOLVER's getrf of [[1, nan], [0, 1]] on the H200 had no NaN in them at all).
template <class T> struct lu_factors {
  ndarray<T> lu;
  ndarray<int> ipiv, info, nan;
  index_t n, count;
};

template <class T> struct flag_nan_fn {
  const T* a;
  index_t matrix;
  int* flag;
  CUPP_HD void operator()(index_t i) const {
    if (expr::is_nan(a[i])) flag[i / matrix] = 1; // every writer writes 1
  }
};

template <class T>
lu_factors<T> factor(const ndarray<T>& a, const shape_t& shape, bool flag_nan = false) {
  const index_t n = shape[shape.size() - 1];
  const index_t count = count_of(batch_of(shape));
  lu_factors<T> f{broadcast_to(a, shape).copy(),
                  ndarray<int>(shape_t{count * n}),
                  ndarray<int>(shape_t{count}),
                  ndarray<int>(shape_t{0}),
                  n,
                  count};
  if (flag_nan) f.nan = zeros<int>(shape_t{count});
  if (flag_nan && n > 0 && count > 0)
    cd::launch_for_each(f.lu.size(), flag_nan_fn<T>{f.lu.data(), n * n, f.nan.data()});
  if (n > 0 && count > 0)
    cd::lapack::getrf(cd::lapack::scalar_of<T>, n, n, count, raw(f.lu), f.ipiv.data(),
                      f.info.data());
  else if (count > 0)
    f.info = zeros<int>(shape_t{count});
  return f;
}

template <class R> CUPP_HD R magnitude(R v) { return v < R(0) ? -v : v; }
template <class R> CUPP_HD R magnitude(cuda::std::complex<R> v) { return cuda::std::abs(v); }

template <class T> CUPP_HD T nan_value() {
  using R = real_t<T>;
  const R q = cuda::std::numeric_limits<R>::quiet_NaN();
  if constexpr (is_complex_v<T>) {
    return T(q, q);
  } else {
    return q;
  }
}

// slogdet from U's diagonal (diag(j), j < n), `negate` for an odd number of row exchanges: the
// sign and log of the magnitude as NumPy's (sign 0 and -inf for a zero on the diagonal; for a NaN
// matrix, logabsdet NaN and the real sign from the other elements).
template <class T, class Diag>
CUPP_HD void slogdet_of(index_t n, Diag diag, bool negate, bool nan, T& sign, real_t<T>& logabs) {
  using R = real_t<T>;
  T s(1);
  R sum(0);
  for (index_t j = 0; j < n; ++j) {
    const T v = diag(j);
    const R size = magnitude(v);
    if (size == R(0)) {
      sign = T(0);
      logabs = -cuda::std::numeric_limits<R>::infinity();
      return;
    }
    if constexpr (is_complex_v<T>) {
      s = s * (v / size);
    } else if (v < R(0)) { // NumPy's real sign: a NaN on the diagonal leaves it as it is
      s = -s;
    }
    sum += cuda::std::log(size);
  }
  if (negate) s = T(0) - s;
  if (nan) {
    sum = cuda::std::numeric_limits<R>::quiet_NaN();
    if constexpr (is_complex_v<T>) s = nan_value<T>();
  }
  sign = s;
  logabs = sum;
}

// det as NumPy's: sign * exp(logabsdet), not the diagonal's product, whose overflow met by a zero
// pivot gave 0 * inf = NaN where NumPy's det is 0 (a singular 1030 x 1030 matrix: test_solve);
// a NaN matrix's det is NaN.
template <class T, class Diag> CUPP_HD T det_of(index_t n, Diag diag, bool negate, bool nan) {
  T sign;
  real_t<T> logabs;
  slogdet_of<T>(n, diag, negate, nan, sign, logabs);
  return sign * cuda::std::exp(logabs);
}

// det or slogdet of each matrix of getrf's factors (pivots 1-based, LAPACK's).
template <class T> struct factored_det_fn {
  const T* lu;
  const int* ipiv;
  const int* nan;
  index_t n;
  T* out;            // det, or slogdet's sign
  real_t<T>* logabs; // null: det
  CUPP_HD void operator()(index_t b) const {
    const T* m = lu + b * n * n;
    const int* p = ipiv + b * n;
    bool negate = false;
    for (index_t j = 0; j < n; ++j)
      negate ^= p[j] != j + 1;
    const auto diag = [m, this](index_t j) { return m[j * n + j]; };
    if (logabs) {
      slogdet_of<T>(n, diag, negate, nan[b] != 0, out[b], logabs[b]);
    } else {
      out[b] = det_of<T>(n, diag, negate, nan[b] != 0);
    }
  }
};

// LAPACK's pivot measure: |re| + |im| for complex values (icamax's cabs1).
template <class R> CUPP_HD R pivot_size(R v) { return v < R(0) ? -v : v; }
template <class R> CUPP_HD R pivot_size(cuda::std::complex<R> v) {
  return pivot_size(v.real()) + pivot_size(v.imag());
}

// The LU of matrix b of a C-contiguous stack of N x N matrices with partial pivoting (LAPACK's
// getf2), in registers: U on and above the diagonal, L's multipliers below, piv[j] the row
// exchanged with row j at step j; rows are exchanged by selects so that no register is indexed
// at run time. Returns getf2's info: 0, or the first j + 1 whose pivot is zero. `nan` tells
// whether the matrix holds a NaN.
template <class T, int N>
CUPP_HD int small_lu(const T* a, index_t b, T (&u)[N][N], int (&piv)[N], bool& nan) {
  using R = real_t<T>;
  int info = 0;
  nan = false;
  CUPP_UNROLL
  for (int i = 0; i < N; ++i) {
    CUPP_UNROLL
    for (int k = 0; k < N; ++k) {
      u[i][k] = a[b * N * N + i * N + k];
      nan = nan || expr::is_nan(u[i][k]);
    }
  }
  CUPP_UNROLL
  for (int j = 0; j < N; ++j) {
    int p = j; // the first row of the largest pivot_size, as i?amax
    R best = pivot_size(u[j][j]);
    CUPP_UNROLL
    for (int i = j + 1; i < N; ++i) {
      const R size = pivot_size(u[i][j]);
      if (size > best) {
        best = size;
        p = i;
      }
    }
    piv[j] = p;
    CUPP_UNROLL
    for (int i = j + 1; i < N; ++i) {
      if (i == p) {
        CUPP_UNROLL
        for (int k = 0; k < N; ++k) {
          const T t = u[i][k];
          u[i][k] = u[j][k];
          u[j][k] = t;
        }
      }
    }
    if (u[j][j] != T(0)) {
      CUPP_UNROLL
      for (int i = j + 1; i < N; ++i) {
        const T l = u[i][j] / u[j][j];
        u[i][j] = l;
        CUPP_UNROLL
        for (int k = j + 1; k < N; ++k)
          u[i][k] = u[i][k] - l * u[j][k];
      }
    } else if (info == 0) { // a zero pivot leaves the column, as getf2
      info = j + 1;
    }
  }
  return info;
}

// det or slogdet of each N x N matrix of a C-contiguous stack, a thread per matrix (small_lu),
// then U's diagonal. One launch, no factors in memory: a stack of 10000 4x4 took 5 kernels,
// cuBLAS's batched getrf among them, and 21-34 us of host time.
template <class T, int N> struct small_det_fn {
  const T* a;
  T* out;            // det, or slogdet's sign
  real_t<T>* logabs; // null: det
  CUPP_HD void operator()(index_t b) const {
    T u[N][N];
    int piv[N];
    bool nan = false, negate = false;
    (void)small_lu<T, N>(a, b, u, piv, nan);
    T d[N];
    CUPP_UNROLL
    for (int j = 0; j < N; ++j) {
      negate ^= piv[j] != j;
      d[j] = u[j][j];
    }
    const auto diag = [&d](index_t j) { return d[j]; };
    if (logabs) {
      slogdet_of<T>(N, diag, negate, nan, out[b], logabs[b]);
    } else {
      out[b] = det_of<T>(N, diag, negate, nan);
    }
  }
};

// Solves each N x N matrix of a C-contiguous stack for the k columns of its block of x (C order,
// N x k per matrix) in place, a thread per matrix: small_lu, then the row exchanges, L and U
// applied to each column. info[b] (when not null) is small_lu's, for check_info.
template <class T, int N> struct small_solve_fn {
  const T* a;
  T* x;
  index_t k;
  int* info;
  CUPP_HD void operator()(index_t b) const {
    T u[N][N];
    int piv[N];
    bool nan = false;
    const int singular = small_lu<T, N>(a, b, u, piv, nan);
    if (info) info[b] = singular;
    T* xb = x + b * N * k;
    for (index_t c = 0; c < k; ++c) {
      T v[N];
      CUPP_UNROLL
      for (int i = 0; i < N; ++i)
        v[i] = xb[i * k + c];
      CUPP_UNROLL
      for (int j = 0; j < N; ++j) {
        CUPP_UNROLL
        for (int i = j + 1; i < N; ++i) {
          if (i == piv[j]) {
            const T t = v[i];
            v[i] = v[j];
            v[j] = t;
          }
        }
      }
      CUPP_UNROLL
      for (int i = 1; i < N; ++i) {
        CUPP_UNROLL
        for (int j = 0; j < i; ++j)
          v[i] = v[i] - u[i][j] * v[j];
      }
      CUPP_UNROLL
      for (int i = N - 1; i >= 0; --i) {
        CUPP_UNROLL
        for (int j = i + 1; j < N; ++j)
          v[i] = v[i] - u[i][j] * v[j];
        v[i] = v[i] / u[i][i];
      }
      CUPP_UNROLL
      for (int i = 0; i < N; ++i)
        xb[i * k + c] = v[i];
    }
  }
};

// Matrices up to this order take the kernels above (one launch) rather than the libraries'
// factorisation.
inline constexpr int small_max = 8;

// f(std::integral_constant<int, n>) for 1 <= n <= small_max: one instantiation per order.
template <class F> void with_small_order(index_t n, F f) {
  [&]<int... N>(std::integer_sequence<int, N...>) {
    (void)((n == N + 1 && (f(std::integral_constant<int, N + 1>{}), true)) || ...);
  }
  (std::make_integer_sequence<int, small_max>{});
}

// The stack `a` broadcast to `shape`, C-contiguous (a itself when it is).
template <class T> ndarray<T> contiguous_stack(const ndarray<T>& a, const shape_t& shape) {
  if (a.shape() == shape && a.is_c_contiguous()) return a;
  return broadcast_to(a, shape).copy();
}

// Solves the stack `a` (count matrices of order n <= small_max, C-contiguous) for x in place.
template <class T>
void small_solve(const ndarray<T>& a, index_t n, index_t count, ndarray<T>& x, index_t k,
                 int* info) {
  with_small_order(n, [&]<int N>(std::integral_constant<int, N>) {
    cd::launch_for_each(count, small_solve_fn<T, N>{a.data(), x.data(), k, info});
  });
}

// det (logabs null) or slogdet of the stack a into out (and logabs).
template <class T> void determinants(const ndarray<T>& a, T* out, real_t<T>* logabs) {
  const index_t n = a.shape()[a.ndim() - 1], count = count_of(batch_of(a.shape()));
  if (count == 0) return;
  if (n >= 1 && n <= small_max) {
    const ndarray<T> c = a.is_c_contiguous() ? a : a.copy();
    return with_small_order(n, [&]<int N>(std::integral_constant<int, N>) {
      cd::launch_for_each(count, small_det_fn<T, N>{c.data(), out, logabs});
    });
  }
  const lu_factors<T> f = factor(a, a.shape(), true);
  cd::launch_for_each(
      count, factored_det_fn<T>{f.lu.data(), f.ipiv.data(), f.nan.data(), f.n, out, logabs});
}

} // namespace

template <class T> ndarray<T> solve(const ndarray<T>& a, const ndarray<T>& b) {
  cd::check_devices(a, b);
  check_square(a.shape());
  const index_t n = a.shape()[a.ndim() - 1];
  const bool vector = b.ndim() == 1; // NumPy 2: only a 1-D b is a vector
  shape_t batch = batch_of(a.shape());
  if (vector) {
    if (b.shape()[0] != n)
      throw value_error("solve1: Input operand 1 has a mismatch in its core dimension 0, with "
                        "gufunc signature (m,m),(m)->(m) (size " +
                        std::to_string(b.shape()[0]) + " is different from " + std::to_string(n) +
                        ")");
  } else {
    if (b.ndim() < 2 || b.shape()[b.ndim() - 2] != n)
      throw value_error("solve: Input operand 1 has a mismatch in its core dimension 0, with "
                        "gufunc signature (m,m),(m,n)->(m,n) (size " +
                        std::to_string(b.ndim() < 2 ? 0 : b.shape()[b.ndim() - 2]) +
                        " is different from " + std::to_string(n) + ")");
    if (!broadcast_into(batch, batch_of(b.shape())))
      throw value_error(broadcast_message({a.shape(), b.shape()}));
  }
  const index_t k = vector ? 1 : b.shape()[b.ndim() - 1];
  const index_t count = count_of(batch);
  if (n >= 1 && n <= small_max && count > 0) { // one launch; x in b's C order, solved in place
    ndarray<T> x = broadcast_to(b, vector ? stacked(batch, {n}) : stacked(batch, {n, k})).copy();
    ndarray<int> info(shape_t{count});
    small_solve(contiguous_stack(a, stacked(batch, {n, n})), n, count, x, k, info.data());
    check_info(info, cd::linalg_fault::singular);
    return x;
  }
  const lu_factors<T> f = factor(a, stacked(batch, {n, n}));
  check_info(f.info, cd::linalg_fault::singular);
  // X^T column-major is X row-major: b's columns become rows, solved in place
  ndarray<T> x = vector ? broadcast_to(b, stacked(batch, {n})).copy()
                        : column_major(broadcast_to(b, stacked(batch, {n, k})));
  if (n > 0 && k > 0 && f.count > 0)
    cd::lapack::getrs(cd::lapack::scalar_of<T>, 'T', n, k, f.count, raw(f.lu), f.ipiv.data(),
                      raw(x));
  return vector ? x : swap_last(x);
}

namespace {
template <class T> ndarray<T> inverse(const ndarray<T>& a, bool check) {
  check_square(a.shape());
  const index_t n = a.shape()[a.ndim() - 1];
  const index_t count = count_of(batch_of(a.shape()));
  if (n >= 1 && n <= small_max && count > 0) { // A X = I, one launch
    ndarray<T> x = broadcast_to(eye<T>(n), a.shape()).copy();
    ndarray<int> info(shape_t{check ? count : 0});
    small_solve(contiguous_stack(a, a.shape()), n, count, x, n, check ? info.data() : nullptr);
    if (check) check_info(info, cd::linalg_fault::singular);
    return x;
  }
  const lu_factors<T> f = factor(a, a.shape());
  if (check) check_info(f.info, cd::linalg_fault::singular);
  // A^T's factors solve A^T Y = I for Y = A^-T, whose column-major storage is A^-1 row-major
  ndarray<T> x = broadcast_to(eye<T>(n), a.shape()).copy();
  if (n > 0 && f.count > 0)
    cd::lapack::getrs(cd::lapack::scalar_of<T>, 'N', n, n, f.count, raw(f.lu), f.ipiv.data(),
                      raw(x));
  return x;
}
} // namespace

template <class T> ndarray<T> inv(const ndarray<T>& a) { return inverse(a, true); }
template <class T> ndarray<T> inv_unchecked(const ndarray<T>& a) { return inverse(a, false); }

template <class T> ndarray<T> det(const ndarray<T>& a) {
  check_square(a.shape());
  ndarray<T> out(batch_of(a.shape()));
  determinants(a, out.data(), static_cast<real_t<T>*>(nullptr));
  return out;
}

template <class T> slogdet_result<T> slogdet(const ndarray<T>& a) {
  check_square(a.shape());
  slogdet_result<T> r{ndarray<T>(batch_of(a.shape())), ndarray<real_t<T>>(batch_of(a.shape()))};
  determinants(a, r.sign.data(), r.logabsdet.data());
  return r;
}

// NumPy's binary decomposition of n: squarings, and a product for each set bit; a negative n
// powers inv(a)
template <class T> ndarray<T> matrix_power(const ndarray<T>& a, long long n) {
  check_square(a.shape());
  const index_t k = a.shape()[a.ndim() - 1];
  if (n == 0) return broadcast_to(eye<T>(k), a.shape()).copy();
  ndarray<T> base = n < 0 ? inv(a) : a;
  unsigned long long e = n < 0 ? 0ULL - static_cast<unsigned long long>(n) : n;
  ndarray<T> result;
  bool started = false;
  while (true) {
    if (e & 1) {
      result = started ? impl::matmul(result, base) : base;
      started = true;
    }
    e >>= 1;
    if (!e) break;
    base = impl::matmul(base, base);
  }
  return result; // n == 1: a itself, as NumPy's
}

template <class T>
ndarray<T> tensorsolve(const ndarray<T>& a, const ndarray<T>& b, const std::vector<index_t>& axes) {
  ndarray<T> moved = a;
  if (!axes.empty()) {
    std::vector<index_t> order;
    for (index_t i = 0; i < a.ndim(); ++i) {
      bool listed = false;
      for (const index_t ax : axes)
        listed |= (ax < 0 ? ax + a.ndim() : ax) == i;
      if (!listed) order.push_back(i);
    }
    for (const index_t ax : axes)
      order.push_back(ax < 0 ? ax + a.ndim() : ax);
    moved = transpose(a, order);
  }
  // x's shape: a's trailing axes after b's
  if (moved.ndim() < b.ndim())
    throw linalg_error("tensorsolve: b has more dimensions (" + std::to_string(b.ndim()) +
                       ") than a (" + std::to_string(moved.ndim()) + ")");
  const shape_t xshape(moved.shape().begin() + b.ndim(), moved.shape().end());
  const index_t prod = count_of(xshape);
  if (moved.size() != prod * prod)
    throw linalg_error("Input arrays must satisfy the requirement prod(a.shape[b.ndim:]) == "
                       "prod(a.shape[:b.ndim])");
  const ndarray<T> x = solve(moved.reshape(shape_t{prod, prod}), b.reshape(shape_t{prod}));
  return x.reshape(xshape);
}

template <class T> ndarray<T> tensorinv(const ndarray<T>& a, index_t ind) {
  if (ind <= 0 || ind > a.ndim()) throw value_error("Invalid ind argument.");
  const shape_t head(a.shape().begin(), a.shape().begin() + ind);
  const shape_t tail(a.shape().begin() + ind, a.shape().end());
  const index_t rows = count_of(head);
  shape_t out = tail;
  for (const index_t e : head)
    out.push_back(e);
  const ndarray<T> m = a.reshape(shape_t{rows, count_of(tail)});
  return inv(m).reshape(out);
}

#define CUPP_LINALG_LU(T)                                                                          \
  template ndarray<T> solve(const ndarray<T>&, const ndarray<T>&);                                 \
  template ndarray<T> inv(const ndarray<T>&);                                                      \
  template ndarray<T> inv_unchecked(const ndarray<T>&);                                            \
  template ndarray<T> det(const ndarray<T>&);                                                      \
  template slogdet_result<T> slogdet(const ndarray<T>&);                                           \
  template ndarray<T> matrix_power(const ndarray<T>&, long long);                                  \
  template ndarray<T> tensorsolve(const ndarray<T>&, const ndarray<T>&,                            \
                                  const std::vector<index_t>&);                                    \
  template ndarray<T> tensorinv(const ndarray<T>&, index_t);
CUPP_LINALG_DTYPES(CUPP_LINALG_LU)

} // namespace cupp::linalg::impl
