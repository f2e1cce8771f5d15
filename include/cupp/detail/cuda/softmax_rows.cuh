#pragma once
// CUDA implementation of softmax_rows (see ../softmax_rows.hpp): one block of 256 threads per
// row, each thread holding up to Items elements in registers, two block reductions (maximum,
// then the sum of e^(x - max)), one write.

#include <cupp/core/layout.hpp>
#include <cupp/detail/cuda/launch.cuh>

#include <cub/block/block_reduce.cuh>

#include <cmath>
#include <limits>

namespace cupp::detail {

inline constexpr int softmax_threads = 256;

struct softmax_max_op { // NumPy's amax: NaN wins
  template <class P> __device__ P operator()(P a, P b) const { return (a > b || a != a) ? a : b; }
};
struct softmax_plus_op {
  template <class P> __device__ P operator()(P a, P b) const { return a + b; }
};

template <class P, int Items>
__global__ void __launch_bounds__(softmax_threads)
    softmax_rows_kernel(const P* x, P* y, cupp::index_t len, bool log) {
  using reduce = cub::BlockReduce<P, softmax_threads>;
  __shared__ typename reduce::TempStorage temp;
  __shared__ P shared;
  const P* row = x + static_cast<cupp::index_t>(blockIdx.x) * len;
  P* out = y + static_cast<cupp::index_t>(blockIdx.x) * len;
  P v[Items];
  P m = -std::numeric_limits<P>::infinity();
#pragma unroll
  for (int k = 0; k < Items; ++k) {
    const cupp::index_t i = threadIdx.x + static_cast<cupp::index_t>(k) * softmax_threads;
    v[k] = i < len ? row[i] : -std::numeric_limits<P>::infinity();
    m = softmax_max_op{}(m, v[k]);
  }
  m = reduce(temp).Reduce(m, softmax_max_op{});
  if (threadIdx.x == 0) shared = m;
  __syncthreads();
  m = shared;
  // log_softmax shifts by 0 where the maximum is infinite, as SciPy's
  if (log && !isfinite(m)) m = P(0);
  P s = 0;
#pragma unroll
  for (int k = 0; k < Items; ++k) {
    const cupp::index_t i = threadIdx.x + static_cast<cupp::index_t>(k) * softmax_threads;
    if (i < len) s += exp(v[k] - m);
  }
  s = reduce(temp).Reduce(s, softmax_plus_op{});
  if (threadIdx.x == 0) shared = s;
  __syncthreads();
  s = shared;
  const P ls = log ? std::log(s) : P(0), inv = P(1) / s;
#pragma unroll
  for (int k = 0; k < Items; ++k) {
    const cupp::index_t i = threadIdx.x + static_cast<cupp::index_t>(k) * softmax_threads;
    if (i < len) out[i] = log ? (v[k] - m) - ls : exp(v[k] - m) * inv;
  }
}

template <class P, int Items>
void launch_softmax_rows(const P* x, P* y, cupp::index_t rows, cupp::index_t len, bool log) {
  launch<&softmax_rows_kernel<P, Items>>("softmax_rows_kernel", dim3(static_cast<unsigned>(rows)),
                                         dim3(softmax_threads), x, y, len, log);
}

template <class P>
bool softmax_rows(const P* x, P* y, cupp::index_t rows, cupp::index_t len, bool log) {
  if (rows <= 0 || rows > 0x7fffffff || len <= 0) return false;
  if (len <= softmax_threads * 4) {
    launch_softmax_rows<P, 4>(x, y, rows, len, log);
  } else if (len <= softmax_threads * 16) {
    launch_softmax_rows<P, 16>(x, y, rows, len, log);
  } else if (len <= softmax_threads * 32 && sizeof(P) == 4) {
    launch_softmax_rows<P, 32>(x, y, rows, len, log);
  } else {
    return false;
  }
  return true;
}

} // namespace cupp::detail
