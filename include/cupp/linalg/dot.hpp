#pragma once
/// \file
/// `dot`, `vdot` and `matmul`: float32, float64, complex64 and complex128 arrays through cuBLAS
/// (CBLAS on the host backend): dot for 1-D and 2-D operands, matmul also for stacks of matrices
/// with NumPy's broadcasting (one strided batched GEMM, src/linalg/matmul.cpp). Transposed views
/// are passed to the library with op flags, not copied; other strided layouts are made contiguous
/// first. float16 and bfloat16 multiply on tensor cores with float32 products and sums, rounded
/// once (the host backend widens them to float32 for its sgemm); float32 may round its inputs to
/// TF32 when linalg::allow_tf32 says so; bool and the integers are exact as NumPy's (integers
/// wrap in their dtype, bool is an or of ands), through einsum's fused product summed over k: no
/// GEMM, so large integer products are slow.

#include <cupp/creation.hpp>
#include <cupp/detail/blas.hpp>
#include <cupp/expr/astype.hpp>
#include <cupp/linalg/einsum.hpp>
#include <cupp/linalg/tf32.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/ndarray.hpp>

#include <string>
#include <type_traits>

namespace cupp {

namespace linalg::impl {
/// matmul of any operands of one or more dimensions (compiled in src/linalg/matmul.cpp).
template <class T> [[nodiscard]] ndarray<T> matmul(const ndarray<T>& a, const ndarray<T>& b);
/// The batch shape of a matmul of a and b (1-D operands already given their axis), or NumPy's
/// error naming the operands' shapes a0 and b0 (src/linalg/matmul.cpp).
[[nodiscard]] shape_t matmul_batch(const shape_t& a, const shape_t& b, const shape_t& a0,
                                   const shape_t& b0);
} // namespace linalg::impl

namespace detail {

/// A 2-D operand as the library sees it: pointer, row-major leading dimension, transpose flag.
template <class T> struct blas_matrix {
  ndarray<T> keep; // the array (or contiguous copy) the pointer points into
  bool trans;
  index_t ld;
};

template <class T> blas_matrix<T> as_blas_matrix(const ndarray<T>& a) {
  const index_t rows = a.shape()[0], cols = a.shape()[1];
  const index_t s0 = a.strides()[0], s1 = a.strides()[1];
  if ((s1 == 1 || cols == 1) && s0 >= std::max<index_t>(cols, 1)) return {a, false, s0};
  if ((s0 == 1 || rows == 1) && s1 >= std::max<index_t>(rows, 1)) return {a, true, s1};
  ndarray<T> c = a.copy();
  return {c, false, std::max<index_t>(cols, 1)};
}

/// The dtypes the BLAS multiplies (the others go through matmul's conversions or exact path).
template <class T>
inline constexpr bool is_blas_dtype_v =
    std::is_same_v<T, float> || std::is_same_v<T, double> || is_complex_v<T>;

/// C = A @ B for 2-D A (m x k) and B (k x n), into a new (m x n) array.
template <class T> ndarray<T> matmul_2d(const ndarray<T>& a, const ndarray<T>& b) {
  const index_t m = a.shape()[0], k = a.shape()[1], n = b.shape()[1];
  if (k == 0) return zeros<T>(shape_t{m, n});
  ndarray<T> c(shape_t{m, n});
  if (m == 0 || n == 0) return c;
  const auto A = as_blas_matrix(a);
  const auto B = as_blas_matrix(b);
  gemm(A.trans, B.trans, m, n, k, A.keep.data(), A.ld, B.keep.data(), B.ld, c.data(),
       std::max<index_t>(n, 1));
  return c;
}

template <class T> ndarray<T> as_row(const ndarray<T>& v) {
  return ndarray<T>(v.data(), shape_t{1, v.shape()[0]}, shape_t{0, v.strides()[0]}, v.owner(),
                    v.device());
}
template <class T> ndarray<T> as_column(const ndarray<T>& v) {
  return ndarray<T>(v.data(), shape_t{v.shape()[0], 1}, shape_t{v.strides()[0], 0}, v.owner(),
                    v.device());
}

/// np.dot of aligned 1-D and 2-D operands of a BLAS dtype.
template <class T> ndarray<T> blas_dot(const ndarray<T>& a, const ndarray<T>& b) {
  if (a.ndim() == 1 && b.ndim() == 1) {
    ndarray<T> out(shape_t{});
    const index_t n = a.size();
    const bool positive = n <= 1 || (a.strides()[0] > 0 && b.strides()[0] > 0);
    if (n == 0) return zeros<T>(shape_t{});
    const ndarray<T> x = positive ? a : a.copy(), y = positive ? b : b.copy();
    detail::dot(n, x.data(), n == 1 ? 1 : x.strides()[0], y.data(), n == 1 ? 1 : y.strides()[0],
                out.data());
    return out;
  }
  if (a.ndim() == 2 && b.ndim() == 2) return detail::matmul_2d(a, b);
  if (a.ndim() == 2) // (m,k) @ (k,) -> (m,)
    return detail::matmul_2d(a, detail::as_column(b)).reshape(shape_t{a.shape()[0]});
  // (k,) @ (k,n) -> (n,)
  return detail::matmul_2d(detail::as_row(a), b).reshape(shape_t{b.shape()[1]});
}

} // namespace detail

template <class T> [[nodiscard]] ndarray<T> matmul(const ndarray<T>& a, const ndarray<T>& b);

/// `np.dot(a, b)` for 1-D and 2-D arrays: inner product (a 0-d array, no sync),
/// matrix-vector, vector-matrix or matrix product. Raises value_error when the shapes are not
/// aligned.
template <class T> [[nodiscard]] ndarray<T> dot(const ndarray<T>& a, const ndarray<T>& b) {
  detail::check_devices(a, b);
  if (a.ndim() == 0 || b.ndim() == 0 || a.ndim() > 2 || b.ndim() > 2)
    throw value_error("dot supports 1-D and 2-D operands so far, got shapes " +
                      shape_repr(a.shape()) + " and " + shape_repr(b.shape()));
  const int ka = a.ndim() - 1, kb = 0;
  if (a.shape()[ka] != b.shape()[kb])
    throw value_error("shapes " + shape_compact(a.shape()) + " and " + shape_compact(b.shape()) +
                      " not aligned: " + std::to_string(a.shape()[ka]) + " (dim " +
                      std::to_string(ka) + ") != " + std::to_string(b.shape()[kb]) + " (dim " +
                      std::to_string(kb) + ")");
  if constexpr (detail::is_blas_dtype_v<T>) {
    return detail::blas_dot(a, b);
  } else {
    return matmul(a, b); // np.dot is matmul for these ranks
  }
}

/// `np.vdot(a, b)`: the inner product of the flattened arrays with a's elements conjugated (a 0-d
/// array, no sync); arrays of equal size, any shapes.
template <class T> [[nodiscard]] ndarray<T> vdot(const ndarray<T>& a, const ndarray<T>& b) {
  detail::check_devices(a, b);
  if (a.size() != b.size()) throw value_error("vectors have different lengths");
  if constexpr (detail::is_blas_dtype_v<T>) {
    const index_t n = a.size();
    if (n == 0) return zeros<T>(shape_t{});
    const ndarray<T> x = a.is_c_contiguous() ? a : a.copy();
    const ndarray<T> y = b.is_c_contiguous() ? b : b.copy();
    ndarray<T> out(shape_t{});
    if constexpr (is_complex_v<T>) {
      detail::dotc(n, x.data(), 1, y.data(), 1, out.data());
    } else {
      detail::dot(n, x.data(), 1, y.data(), 1, out.data());
    }
    return out;
  } else { // real: nothing to conjugate
    return matmul(ravel(a), ravel(b));
  }
}

/// `np.matmul(a, b)` / `a @ b`: 1-D operands as vectors, stacks of matrices (..., m, k) and
/// (..., k, n) broadcast on their leading axes, as NumPy (0-d operands are an error).
template <class T> [[nodiscard]] ndarray<T> matmul(const ndarray<T>& a, const ndarray<T>& b) {
  detail::check_devices(a, b);
  if (a.ndim() == 0 || b.ndim() == 0)
    throw value_error("matmul: Input operand " + std::string(a.ndim() == 0 ? "0" : "1") +
                      " does not have enough dimensions (has 0, gufunc core with signature "
                      "(n?,k),(k,m?)->(n?,m?) requires 1)");
  if constexpr (detail::is_blas_dtype_v<T> || is_half_v<T>) { // half: float32 sums, one rounding
    return linalg::impl::matmul(a, b);
  } else { // exact: einsum's fused product, summed over k in T (bool: or of ands)
    const bool va = a.ndim() == 1, vb = b.ndim() == 1;
    const ndarray<T> a2 = va ? detail::as_row(a) : a, b2 = vb ? detail::as_column(b) : b;
    shape_t out = linalg::impl::matmul_batch(a2.shape(), b2.shape(), a.shape(), b.shape());
    if (!va) out.push_back(a2.shape()[a2.ndim() - 2]);
    if (!vb) out.push_back(b2.shape()[b2.ndim() - 1]);
    return einsum<T>("...ij,...jk->...ik", {a2, b2}).reshape(out);
  }
}

// ---- the ndarray's methods (declared in core/ndarray.hpp) ---------------------------------------

template <class V> auto ndarray<V>::dot(const ndarray& b) const { return cupp::dot(*this, b); }

} // namespace cupp
