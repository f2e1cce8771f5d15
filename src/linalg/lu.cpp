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

// det = the product of U's diagonal, negated for each row exchange; NaN for a matrix with a NaN.
template <class T> struct det_fn {
  const T* lu;
  const int* ipiv;
  const int* nan;
  index_t n;
  T* out;
  CUPP_HD void operator()(index_t b) const {
    const T* m = lu + b * n * n;
    const int* p = ipiv + b * n;
    T d = nan[b] ? nan_value<T>() : T(1);
    bool negate = false;
    for (index_t j = 0; j < n; ++j) {
      d = d * m[j * n + j];
      negate ^= p[j] != j + 1;
    }
    out[b] = negate ? T(0) - d : d;
  }
};

template <class T> struct slogdet_fn {
  using R = real_t<T>;
  const T* lu;
  const int* ipiv;
  const int* nan;
  index_t n;
  T* sign;
  R* logabs;
  CUPP_HD void operator()(index_t b) const {
    const T* m = lu + b * n * n;
    const int* p = ipiv + b * n;
    T s(1);
    R sum(0);
    for (index_t j = 0; j < n; ++j) {
      const T v = m[j * n + j];
      const R size = magnitude(v);
      if (size == R(0)) {
        sign[b] = T(0);
        logabs[b] = -cuda::std::numeric_limits<R>::infinity();
        return;
      }
      if constexpr (is_complex_v<T>) {
        s = s * (v / size);
      } else if (v < R(0)) { // NumPy's real sign: a NaN on the diagonal leaves it as it is
        s = -s;
      }
      if (p[j] != j + 1) s = T(0) - s;
      sum += cuda::std::log(size);
    }
    if (nan[b]) { // NumPy's: logabsdet NaN, the real sign from the other elements
      sum = cuda::std::numeric_limits<R>::quiet_NaN();
      if constexpr (is_complex_v<T>) s = nan_value<T>();
    }
    sign[b] = s;
    logabs[b] = sum;
  }
};

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
  const lu_factors<T> f = factor(a, a.shape(), true);
  ndarray<T> out(batch_of(a.shape()));
  if (f.count > 0)
    cd::launch_for_each(f.count,
                        det_fn<T>{f.lu.data(), f.ipiv.data(), f.nan.data(), f.n, out.data()});
  return out;
}

template <class T> slogdet_result<T> slogdet(const ndarray<T>& a) {
  check_square(a.shape());
  const lu_factors<T> f = factor(a, a.shape(), true);
  slogdet_result<T> r{ndarray<T>(batch_of(a.shape())), ndarray<real_t<T>>(batch_of(a.shape()))};
  if (f.count > 0)
    cd::launch_for_each(f.count, slogdet_fn<T>{f.lu.data(), f.ipiv.data(), f.nan.data(), f.n,
                                               r.sign.data(), r.logabsdet.data()});
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
