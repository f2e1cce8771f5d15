// np.matmul over stacks (linalg/dot.hpp): NumPy's broadcasting of the leading axes, one strided
// batched GEMM for the whole stack (float16 and bfloat16 too); and the TF32 switch of float32's. An
// operand goes to the library as it is when its matrices are row- or column-major with one stride
// between them (0 for one matrix broadcast over the batch); any other layout is copied first.
#include <cupp/linalg/dot.hpp>
#include <cupp/linalg/tf32.hpp>

#include <cupp/creation.hpp>
#include <cupp/manipulation/views.hpp>

#include <atomic>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "common.hpp"

namespace cupp::linalg::impl {

namespace {

struct batched_operand {
  bool trans;
  index_t ld, stride;
};

// The library's view of matrices with element strides (s0, s1): row-major with leading dimension
// s0, or transposed (column-major) with s1.
std::optional<std::pair<bool, index_t>> blas_layout(index_t rows, index_t cols, index_t s0,
                                                    index_t s1) {
  if ((s1 == 1 || cols == 1) && s0 >= std::max<index_t>(cols, 1)) return std::pair{false, s0};
  if ((s0 == 1 || rows == 1) && s1 >= std::max<index_t>(rows, 1)) return std::pair{true, s1};
  return std::nullopt;
}

// The one stride between consecutive matrices of x's batch axes (in C order), if there is one.
std::optional<index_t> batch_stride(const shape_t& shape, const shape_t& strides, int batch_axes) {
  std::optional<index_t> stride;
  index_t inner = 1; // matrices spanned by the axes after the current one
  for (int i = batch_axes - 1; i >= 0; --i) {
    if (shape[i] == 1) continue;
    if (!stride) {
      if (strides[i] % inner) return std::nullopt;
      stride = strides[i] / inner;
    }
    if (strides[i] != *stride * inner) return std::nullopt;
    inner *= shape[i];
  }
  return stride.value_or(0);
}

// x (..., rows, cols) broadcast to `batch` as the library takes it; `keep` holds a copy if one
// was needed.
template <class T>
batched_operand operand(const ndarray<T>& x, const shape_t& batch, ndarray<T>& keep) {
  const int nd = x.ndim();
  const index_t rows = x.shape()[nd - 2], cols = x.shape()[nd - 1];
  const auto layout = blas_layout(rows, cols, x.strides()[nd - 2], x.strides()[nd - 1]);
  if (layout) {
    if (count_of(batch_of(x.shape())) == 1) { // one matrix for every product
      keep = x;
      return {layout->first, layout->second, 0};
    }
    const ndarray<T> full = broadcast_to(x, stacked(batch, {rows, cols}));
    if (const auto s = batch_stride(full.shape(), full.strides(), batch.size())) {
      keep = full;
      return {layout->first, layout->second, *s};
    }
  }
  keep = broadcast_to(x, stacked(batch, {rows, cols})).copy();
  return {false, std::max<index_t>(cols, 1), rows * cols};
}

} // namespace

shape_t matmul_batch(const shape_t& a, const shape_t& b, const shape_t& a0, const shape_t& b0) {
  const index_t k = a[a.size() - 1], kb = b[b.size() - 2];
  if (k != kb)
    throw value_error("matmul: Input operand 1 has a mismatch in its core dimension 0, with "
                      "gufunc signature (n?,k),(k,m?)->(n?,m?) (size " +
                      std::to_string(kb) + " is different from " + std::to_string(k) + ")");
  shape_t batch = batch_of(a);
  if (!broadcast_into(batch, batch_of(b))) throw value_error(broadcast_message({a0, b0}));
  return batch;
}

template <class T> ndarray<T> matmul(const ndarray<T>& a0, const ndarray<T>& b0) {
  // NumPy: a 1-D operand gains an axis (in front for a, behind for b), removed from the result
  const bool va = a0.ndim() == 1, vb = b0.ndim() == 1;
  const ndarray<T> a = va ? cupp::detail::as_row(a0) : a0;
  const ndarray<T> b = vb ? cupp::detail::as_column(b0) : b0;
  const index_t m = a.shape()[a.ndim() - 2], k = a.shape()[a.ndim() - 1];
  const index_t n = b.shape()[b.ndim() - 1];
  const shape_t batch = matmul_batch(a.shape(), b.shape(), a0.shape(), b0.shape());
  const index_t count = count_of(batch);
  ndarray<T> c = k == 0 ? zeros<T>(stacked(batch, {m, n})) : ndarray<T>(stacked(batch, {m, n}));
  if (k > 0 && count > 0 && m > 0 && n > 0) {
    ndarray<T> ka, kb_;
    const batched_operand A = operand(a, batch, ka), B = operand(b, batch, kb_);
    cupp::detail::gemm_batched(A.trans, B.trans, m, n, k, ka.data(), A.ld, A.stride, kb_.data(),
                               B.ld, B.stride, c.data(), std::max<index_t>(n, 1), m * n, count);
  }
  shape_t out = batch;
  if (!va) out.push_back(m);
  if (!vb) out.push_back(n);
  return c.reshape(out);
}

#define CUPP_LINALG_MATMUL(T) template ndarray<T> matmul(const ndarray<T>&, const ndarray<T>&);
CUPP_LINALG_DTYPES(CUPP_LINALG_MATMUL)
CUPP_LINALG_MATMUL(float16)
CUPP_LINALG_MATMUL(bfloat16)

} // namespace cupp::linalg::impl

namespace cupp {

namespace {
std::atomic<bool>& tf32_flag() {
  static std::atomic<bool> on{[] {
    const char* e = std::getenv("CUPP_TF32");
    return e && std::string_view(e) == "1";
  }()};
  return on;
}
} // namespace

void linalg::allow_tf32(bool on) noexcept { tf32_flag() = on; }
bool linalg::tf32_allowed() noexcept { return tf32_flag(); }

} // namespace cupp
