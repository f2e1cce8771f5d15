#pragma once
/// \file
/// NumPy's products beyond matmul: `outer`, `inner`, `vecdot`, `matvec`, `vecmat`, `tensordot`,
/// `kron`, `cross`, `multi_dot`, and numpy.linalg's `matrix_transpose` and `diagonal` over the
/// last two axes (`linalg::trace` is in reduction/trace.hpp). Contractions reshape to one (batched)
/// GEMM; the elementwise ones (outer, kron, cross, vecdot) are fused expressions.

#include <cupp/expr/astype.hpp>
#include <cupp/linalg/dot.hpp>
#include <cupp/manipulation/join.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/math/arithmetic.hpp>
#include <cupp/math/complex.hpp>

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

namespace cupp {

/// `np.outer(a, b)`: a.ravel()[:, None] * b.ravel()[None, :].
template <class A, class B> [[nodiscard]] auto outer(const ndarray<A>& a, const ndarray<B>& b) {
  using R = promote_t<A, B>;
  const ndarray<A> x = ravel(a);
  const ndarray<B> y = ravel(b);
  return ndarray<R>(x.reshape(shape_t{x.size(), 1}) * y.reshape(shape_t{1, y.size()}));
}

/// `np.tensordot(a, b, axes)`: a's `axes_a` summed against b's `axes_b` (in pairs), the result
/// a's other axes then b's, as one GEMM on the operands transposed and reshaped.
template <class T>
[[nodiscard]] ndarray<T> tensordot(const ndarray<T>& a, const ndarray<T>& b,
                                   std::vector<index_t> axes_a, std::vector<index_t> axes_b) {
  if (axes_a.size() != axes_b.size()) throw value_error("shape-mismatch for sum");
  auto norm = [](std::vector<index_t>& ax, int nd) {
    for (index_t& x : ax)
      x = x < 0 ? x + nd : x;
  };
  norm(axes_a, a.ndim());
  norm(axes_b, b.ndim());
  index_t k = 1;
  for (std::size_t i = 0; i < axes_a.size(); ++i) {
    if (a.shape()[axes_a[i]] != b.shape()[axes_b[i]]) throw value_error("shape-mismatch for sum");
    k *= a.shape()[axes_a[i]];
  }
  auto free_axes = [](const std::vector<index_t>& summed, int nd) {
    std::vector<index_t> f;
    for (index_t i = 0; i < nd; ++i)
      if (std::find(summed.begin(), summed.end(), i) == summed.end()) f.push_back(i);
    return f;
  };
  const auto fa = free_axes(axes_a, a.ndim()), fb = free_axes(axes_b, b.ndim());
  std::vector<index_t> pa = fa, pb = axes_b;
  pa.insert(pa.end(), axes_a.begin(), axes_a.end());
  pb.insert(pb.end(), fb.begin(), fb.end());
  shape_t out;
  index_t m = 1, n = 1;
  for (const index_t i : fa) {
    out.push_back(a.shape()[i]);
    m *= a.shape()[i];
  }
  for (const index_t i : fb) {
    out.push_back(b.shape()[i]);
    n *= b.shape()[i];
  }
  const ndarray<T> a2 = transpose(a, pa).reshape(shape_t{m, k});
  const ndarray<T> b2 = transpose(b, pb).reshape(shape_t{k, n});
  return matmul(a2, b2).reshape(out);
}

/// `np.tensordot(a, b, axes=n)`: a's last n axes against b's first n.
template <class T>
[[nodiscard]] ndarray<T> tensordot(const ndarray<T>& a, const ndarray<T>& b, index_t n = 2) {
  if (n < 0 || n > a.ndim() || n > b.ndim()) throw value_error("shape-mismatch for sum");
  std::vector<index_t> ax, bx;
  for (index_t i = 0; i < n; ++i) {
    ax.push_back(a.ndim() - n + i);
    bx.push_back(i);
  }
  return tensordot(a, b, ax, bx);
}

/// `np.inner(a, b)`: sums over the last axes, the result a.shape[:-1] + b.shape[:-1] (a product
/// for a 0-d operand).
template <class T> [[nodiscard]] ndarray<T> inner(const ndarray<T>& a, const ndarray<T>& b) {
  if (a.ndim() == 0 || b.ndim() == 0) return ndarray<T>(a * b);
  if (a.shape()[a.ndim() - 1] != b.shape()[b.ndim() - 1])
    throw value_error("shapes " + shape_compact(a.shape()) + " and " + shape_compact(b.shape()) +
                      " not aligned: " + std::to_string(a.shape()[a.ndim() - 1]) + " (dim " +
                      std::to_string(a.ndim() - 1) +
                      ") != " + std::to_string(b.shape()[b.ndim() - 1]) + " (dim " +
                      std::to_string(b.ndim() - 1) + ")");
  return tensordot(a, b, {-1}, {-1});
}

/// `np.vecdot(x1, x2, axis=-1)`: sum(conj(x1) * x2) over `axis`, the other axes broadcast (a
/// batched GEMM of (1 x n) by (n x 1); float and complex dtypes).
template <class A, class B>
[[nodiscard]] auto vecdot(const ndarray<A>& x1, const ndarray<B>& x2, index_t axis = -1) {
  using R = promote_t<A, B>;
  if (x1.ndim() == 0 || x2.ndim() == 0)
    throw value_error("vecdot: Input operand does not have enough dimensions");
  const ndarray<R> a = moveaxis(ndarray<R>(astype<R>(x1)), axis, -1);
  const ndarray<R> b = moveaxis(ndarray<R>(astype<R>(x2)), axis, -1);
  const index_t n1 = a.shape()[a.ndim() - 1], n2 = b.shape()[b.ndim() - 1];
  if (n1 != n2)
    throw value_error("vecdot: Input operand 1 has a mismatch in its core dimension 0, with "
                      "gufunc signature (n),(n)->() (size " +
                      std::to_string(n2) + " is different from " + std::to_string(n1) + ")");
  const ndarray<R> c = is_complex_v<R> ? a.conj() : a;
  const ndarray<R> r = matmul(expand_dims(c, c.ndim() - 1), expand_dims(b, b.ndim()));
  return squeeze(squeeze(r, -1), -1);
}

/// `np.matvec(x1, x2)`: (..., m, n) @ (..., n) -> (..., m), stacks broadcast.
template <class T> [[nodiscard]] ndarray<T> matvec(const ndarray<T>& x1, const ndarray<T>& x2) {
  if (x1.ndim() < 2 || x2.ndim() < 1)
    throw value_error("matvec: Input operand does not have enough dimensions");
  return squeeze(matmul(x1, expand_dims(x2, x2.ndim())), -1);
}

/// `np.vecmat(x1, x2)`: conj(x1) (..., n) @ (..., n, m) -> (..., m).
template <class T> [[nodiscard]] ndarray<T> vecmat(const ndarray<T>& x1, const ndarray<T>& x2) {
  if (x1.ndim() < 1 || x2.ndim() < 2)
    throw value_error("vecmat: Input operand does not have enough dimensions");
  const ndarray<T> c = is_complex_v<T> ? x1.conj() : x1;
  return squeeze(matmul(expand_dims(c, c.ndim() - 1), x2), -2);
}

/// `np.kron(a, b)`: the Kronecker product, block (i, j, ...) being a[i, j, ...] * b.
template <class A, class B> [[nodiscard]] auto kron(const ndarray<A>& a, const ndarray<B>& b) {
  using R = promote_t<A, B>;
  const int nd = std::max(a.ndim(), b.ndim());
  auto padded = [nd](const shape_t& s) {
    shape_t p = shape_t::filled(nd - s.size(), 1);
    for (const index_t e : s)
      p.push_back(e);
    return p;
  };
  const shape_t sa = padded(a.shape()), sb = padded(b.shape());
  shape_t ia, ib, out;
  for (int i = 0; i < nd; ++i) { // interleaved: a's axis i, then b's
    ia.push_back(sa[i]);
    ia.push_back(1);
    ib.push_back(1);
    ib.push_back(sb[i]);
    out.push_back(sa[i] * sb[i]);
  }
  return ndarray<R>(a.reshape(ia) * b.reshape(ib)).reshape(out);
}

/// `np.cross(a, b, axis=-1)`: cross products of 3-vectors along `axis` (2-vectors count a zero
/// third component; two 2-vectors give the z component alone), the other axes broadcast.
template <class A, class B>
[[nodiscard]] auto cross(const ndarray<A>& a, const ndarray<B>& b, index_t axis = -1) {
  using R = promote_t<A, B>;
  const ndarray<A> x = moveaxis(a, axis, -1);
  const ndarray<B> y = moveaxis(b, axis, -1);
  const index_t nx = x.shape()[x.ndim() - 1], ny = y.shape()[y.ndim() - 1];
  if ((nx != 2 && nx != 3) || (ny != 2 && ny != 3))
    throw value_error("incompatible dimensions for cross product\n(dimension must be 2 or 3)");
  auto part = [](const auto& v, index_t i) {
    return squeeze(detail::slab(v, v.ndim() - 1, i, 1), -1);
  };
  const auto x0 = part(x, 0), x1 = part(x, 1), y0 = part(y, 0), y1 = part(y, 1);
  const ndarray<R> z(x0 * y1 - x1 * y0);
  if (nx == 2 && ny == 2) return z;
  const ndarray<R> zero = zeros<R>(shape_t{});
  const ndarray<R> x2 = nx == 3 ? ndarray<R>(part(x, 2)) : zero;
  const ndarray<R> y2 = ny == 3 ? ndarray<R>(part(y, 2)) : zero;
  ndarray<R> c0(x1 * y2 - x2 * y1), c1(x2 * y0 - x0 * y2);
  shape_t common = c0.shape();
  if (!broadcast_into(common, z.shape()))
    throw value_error(broadcast_message({a.shape(), b.shape()}));
  ndarray<R> s = stack({ndarray<R>(broadcast_to(c0, common).copy()),
                        ndarray<R>(broadcast_to(c1, common).copy()),
                        ndarray<R>(broadcast_to(z, common).copy())},
                       -1);
  return moveaxis(s, -1, axis);
}

/// `np.linalg.multi_dot(arrays)`: the chain product in the order of least work (NumPy's
/// dynamic programme); a 1-D first (last) operand is a row (column) vector.
template <class T> [[nodiscard]] ndarray<T> multi_dot(const std::vector<ndarray<T>>& arrays) {
  const std::size_t n = arrays.size();
  if (n < 2) throw value_error("Expecting at least two arrays.");
  if (n == 2) return matmul(arrays[0], arrays[1]);
  std::vector<ndarray<T>> ms = arrays;
  const bool row = ms.front().ndim() == 1, col = ms.back().ndim() == 1;
  if (row) ms.front() = atleast_2d(ms.front());
  if (col) ms.back() = ms.back().reshape(shape_t{ms.back().size(), 1});
  for (const auto& m : ms)
    if (m.ndim() != 2)
      throw linalg_error(std::to_string(m.ndim()) +
                         "-dimensional array given. Array must be two-dimensional");
  std::vector<double> p{static_cast<double>(ms[0].shape()[0])};
  for (const auto& m : ms)
    p.push_back(static_cast<double>(m.shape()[1]));
  // cost[i][j]: the fewest multiplications for ms[i..j]; split[i][j]: where it splits
  std::vector<std::vector<double>> cost(n, std::vector<double>(n, 0));
  std::vector<std::vector<std::size_t>> split(n, std::vector<std::size_t>(n, 0));
  for (std::size_t len = 1; len < n; ++len)
    for (std::size_t i = 0; i + len < n; ++i) {
      const std::size_t j = i + len;
      cost[i][j] = std::numeric_limits<double>::infinity();
      for (std::size_t k = i; k < j; ++k) {
        const double c = cost[i][k] + cost[k + 1][j] + p[i] * p[k + 1] * p[j + 1];
        if (c < cost[i][j]) {
          cost[i][j] = c;
          split[i][j] = k;
        }
      }
    }
  auto product = [&](auto&& self, std::size_t i, std::size_t j) -> ndarray<T> {
    if (i == j) return ms[i];
    return matmul(self(self, i, split[i][j]), self(self, split[i][j] + 1, j));
  };
  ndarray<T> r = product(product, 0, n - 1);
  if (row && col) return r.reshape(shape_t{});
  if (row) return r.reshape(shape_t{r.shape()[1]});
  if (col) return r.reshape(shape_t{r.shape()[0]});
  return r;
}

namespace linalg {
using cupp::cross;
using cupp::kron;
using cupp::matmul;
using cupp::multi_dot;
using cupp::tensordot;
using cupp::vecdot;

/// `np.linalg.outer(x1, x2)`: 1-D operands only (NumPy 2's linalg.outer).
template <class A, class B> [[nodiscard]] auto outer(const ndarray<A>& a, const ndarray<B>& b) {
  if (a.ndim() != 1 || b.ndim() != 1)
    throw value_error("Input arrays must be one-dimensional, but they are " +
                      std::to_string(a.ndim()) + "-dimensional and " + std::to_string(b.ndim()) +
                      "-dimensional.");
  return cupp::outer(a, b);
}

/// `np.linalg.matrix_transpose(x)`: the last two axes swapped (a view).
template <class T> [[nodiscard]] ndarray<T> matrix_transpose(const ndarray<T>& x) {
  if (x.ndim() < 2) throw value_error("Input array must be at least 2-dimensional");
  return swapaxes(x, -1, -2);
}

/// `np.linalg.diagonal(x, offset=0)`: the diagonals of the last two axes (a view).
template <class T> [[nodiscard]] ndarray<T> diagonal(const ndarray<T>& x, index_t offset = 0) {
  return cupp::diagonal(x, offset, -2, -1);
}

} // namespace linalg

} // namespace cupp
