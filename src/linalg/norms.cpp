// numpy.linalg.norm and cond (linalg/norms.hpp), NumPy's formulas: the squares and their sum fuse
// into one reduction kernel (Frobenius, a vector's 2-norm); the other orders reduce |x| taken as an
// array first, as NumPy does; the 2-, -2- and nuclear norms come from svdvals.
#include <cupp/linalg/norms.hpp>

#include <cupp/linalg/decompositions.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/math/arithmetic.hpp>
#include <cupp/math/compare.hpp>
#include <cupp/math/complex.hpp>
#include <cupp/math/functions.hpp>
#include <cupp/reduction/engine.hpp>
#include <cupp/reduction/reduce.hpp>

#include <cuda/std/cmath>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "common.hpp"

namespace cupp::linalg {

norm_ord::norm_ord(const char* name) {
  if (std::strcmp(name, "fro") == 0 || std::strcmp(name, "f") == 0) {
    kind_ = kind::fro;
  } else if (std::strcmp(name, "nuc") == 0) {
    kind_ = kind::nuc;
  } else {
    throw value_error(std::string("Invalid norm order '") + name + "' for matrices");
  }
}

namespace impl {

namespace {

constexpr double inf = std::numeric_limits<double>::infinity();

// The square root of the sum of |x|^2 (x * x, or re^2 + im^2 for complex: NumPy's
// (x.conj() * x).real, as var's reducer squares), one reduction of the array itself with each
// element squared as it is added and the root taken where the sum is finished. Reading the array
// rather than the expression x * x gives contiguous runs the engine's 16-byte loads (an expression
// is read an element at a time, and x * x through two leaves of one array: two loads of each
// element), and the root needs no kernel of its own (the Frobenius norm of 4096^2 float32 was a
// reduction, a merge and a one-element sqrt launch). Sums as sum's reducer does.
template <class T> struct root_sum_squares_reducer {
  using R = real_t<T>;
  using acc_t = R;
  using result_t = R;
  CUPP_HD acc_t init() const { return R(0); }
  CUPP_HD acc_t add(acc_t acc, T x, index_t) const { return acc + cd::var_of<T>::norm(x); }
  CUPP_HD acc_t merge(acc_t a, acc_t b) const { return a + b; }
  CUPP_HD R finish(acc_t a, index_t) const { return ::cuda::std::sqrt(a); }
};

template <class T>
ndarray<real_t<T>> root_sum_squares(const ndarray<T>& x, const axes& ax, bool keepdims) {
  return cd::reduce(x, ax, keepdims, root_sum_squares_reducer<T>{});
}

// |x| as an array, as NumPy's norm takes it: the other orders then reduce an array, whose
// kernels src/reduction/ compiles once, rather than fusing |x| into reductions of their own (six
// expression reductions per dtype made this file one of the library's slowest to compile)
template <class T> ndarray<real_t<T>> magnitudes(const ndarray<T>& x) {
  return ndarray<real_t<T>>(abs(x));
}

template <class T>
ndarray<real_t<T>> vector_norm(const ndarray<T>& x, index_t axis, norm_ord ord, bool keepdims) {
  using R = real_t<T>;
  if (ord.which() == norm_ord::kind::fro || ord.which() == norm_ord::kind::nuc)
    throw value_error("Invalid norm order '" +
                      std::string(ord.which() == norm_ord::kind::fro ? "fro" : "nuc") +
                      "' for vectors");
  if (ord.which() == norm_ord::kind::none || ord.is(2)) return root_sum_squares(x, axis, keepdims);
  if (ord.is(0)) return ndarray<R>(astype<R>(count_nonzero(x, axis, keepdims)));
  const ndarray<R> m = magnitudes(x);
  if (ord.is(inf)) return ndarray<R>(max(m, axis, keepdims));
  if (ord.is(-inf)) return ndarray<R>(min(m, axis, keepdims));
  if (ord.is(1)) return ndarray<R>(sum(m, axis, keepdims));
  const R p = static_cast<R>(ord.p());
  const ndarray<R> powers(power(m, p));
  return ndarray<R>(power(ndarray<R>(sum(powers, axis, keepdims)), R(1) / p));
}

// op over the singular values of the matrices on (row, col)
template <class T>
ndarray<real_t<T>> singular_values(const ndarray<T>& x, index_t row, index_t col) {
  const ndarray<T> moved = transpose(x, [&] {
    std::vector<index_t> order;
    for (index_t i = 0; i < x.ndim(); ++i)
      if (i != row && i != col) order.push_back(i);
    order.push_back(row);
    order.push_back(col);
    return order;
  }());
  return svd(moved, false, {}).s;
}

template <class T>
ndarray<real_t<T>> matrix_norm(const ndarray<T>& x, index_t row, index_t col, norm_ord ord,
                               bool keepdims) {
  using R = real_t<T>;
  if (row == col) throw value_error("Duplicate axes given.");
  ndarray<R> r;
  const int last = x.ndim() - 2; // the singular values' axis
  if (ord.is(2) || ord.is(-2) || ord.which() == norm_ord::kind::nuc) {
    const ndarray<R> s = singular_values(x, row, col);
    r = ord.is(2)    ? ndarray<R>(max(s, last))
        : ord.is(-2) ? ndarray<R>(min(s, last))
                     : ndarray<R>(sum(s, last));
  } else if (ord.is(1) || ord.is(-1)) { // the largest (smallest) column sum
    const ndarray<R> sums = sum(magnitudes(x), row);
    const index_t c = col > row ? col - 1 : col;
    r = ord.is(1) ? ndarray<R>(max(sums, c)) : ndarray<R>(min(sums, c));
  } else if (ord.is(inf) || ord.is(-inf)) { // row sums
    const ndarray<R> sums = sum(magnitudes(x), col);
    const index_t w = row > col ? row - 1 : row;
    r = ord.is(inf) ? ndarray<R>(max(sums, w)) : ndarray<R>(min(sums, w));
  } else if (ord.which() == norm_ord::kind::none || ord.which() == norm_ord::kind::fro) {
    r = root_sum_squares(x, axes(row, col), false);
  } else {
    throw value_error("Invalid norm order for matrices.");
  }
  if (!keepdims) return r;
  shape_t s = x.shape();
  s[row] = 1;
  s[col] = 1;
  return r.reshape(s);
}

// NumPy's cond: a singular matrix (a NaN ratio, or an inverse of infinities or NaN) has condition
// number inf, unless the matrix itself holds NaN (found by an array's any: no reduction kernel
// compiled here)
template <class T>
ndarray<real_t<T>> singular_as_inf(const ndarray<real_t<T>>& r, const ndarray<T>& x) {
  using R = real_t<T>;
  const ndarray<bool> x_nan = any(ndarray<bool>(isnan(x)), axes(-2, -1));
  return ndarray<R>(where(logical_and(isnan(r), logical_not(x_nan)), R(inf), r));
}

index_t normalized(index_t axis, int ndim) {
  if (axis < -ndim || axis >= ndim)
    throw axis_error("axis " + std::to_string(axis) + " is out of bounds for array of dimension " +
                     std::to_string(ndim));
  return axis < 0 ? axis + ndim : axis;
}

} // namespace

template <class T>
ndarray<real_t<T>> norm(const ndarray<T>& x, norm_ord ord, const axes& ax, bool keepdims) {
  using R = real_t<T>;
  cd::check_devices(x);
  const int nd = x.ndim();
  if (ax.all()) {
    if (ord.which() == norm_ord::kind::none) {
      const ndarray<R> r = root_sum_squares(x, all_axes, false);
      return keepdims ? r.reshape(shape_t::filled(nd, 1)) : r;
    }
    if (nd == 1) return vector_norm(x, 0, ord, keepdims);
    if (nd == 2) return matrix_norm(x, 0, 1, ord, keepdims);
    throw value_error("Improper number of dimensions to norm.");
  }
  const auto& list = ax.list();
  if (list.size() == 1) return vector_norm(x, normalized(list[0], nd), ord, keepdims);
  if (list.size() == 2)
    return matrix_norm(x, normalized(list[0], nd), normalized(list[1], nd), ord, keepdims);
  throw value_error("Improper number of dimensions to norm.");
}

template <class T> ndarray<real_t<T>> cond(const ndarray<T>& x, norm_ord p) {
  using R = real_t<T>;
  check_stacked_2d(x.shape());
  if (x.size() == 0) throw linalg_error("cond is not defined on empty arrays");
  const int nd = x.ndim();
  if (p.which() == norm_ord::kind::none || p.is(2) || p.is(-2)) {
    const ndarray<R> s = svd(x, false, {}).s;
    const index_t k = s.shape()[nd - 2];
    const ndarray<R> first = cd::slab(s, nd - 2, 0, 1), lastv = cd::slab(s, nd - 2, k - 1, 1);
    const ndarray<R> q = p.is(-2) ? ndarray<R>(lastv / first) : ndarray<R>(first / lastv);
    const ndarray<R> r = q.reshape(batch_of(x.shape()));
    return singular_as_inf(r, x);
  }
  check_square(x.shape());
  const ndarray<T> ix = inv_unchecked(x);
  const ndarray<R> r =
      impl::norm<T>(x, p, axes(-2, -1), false) * impl::norm<T>(ix, p, axes(-2, -1), false);
  return singular_as_inf(r, x);
}

#define CUPP_LINALG_NORMS(T)                                                                       \
  template ndarray<real_t<T>> norm(const ndarray<T>&, norm_ord, const axes&, bool);                \
  template ndarray<real_t<T>> cond(const ndarray<T>&, norm_ord);
CUPP_LINALG_DTYPES(CUPP_LINALG_NORMS)

} // namespace impl
} // namespace cupp::linalg
