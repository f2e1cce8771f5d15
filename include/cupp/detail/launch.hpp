#pragma once
/// \file
/// The kernel-launch facility: the only place that chooses between the CUDA and host backends for
/// elementwise work. Both implementations provide, in namespace cupp::detail:
///
///   launch_transform(n, T* out, F f)   out[i] = f(i) for i in [0, n), on the current stream
///   launch_for_each(n, F f)            f(i) for i in [0, n), on the current stream
///   launch_transpose(transpose_layout l, const T* src, T* out)
///       for each batch b, i0 < e0, i1 < e1:
///       out[out_batch(b) + i0 * o0 + i1] = src[src_batch(b) + i0 + i1 * s1] (a tiled copy)
///
/// `f` is a `__host__ __device__` functor taken by value. launch_transform runs an evaluator with
/// rows (expr::linear_eval, expr::strided_eval: `rows()`, `row_length()`, `vector<V>(row, c)`)
/// V = 16 / sizeof(T) elements at a time: 16-byte loads and stores where aligned.

#include <cupp/core/config.hpp>
#include <cupp/core/layout.hpp>

#include <concepts>
#include <cstdint>

namespace cupp::detail {

template <class T, class F>
concept row_evaluator = requires(const F& f) {
  { f.rows() } -> std::same_as<index_t>;
  { f(index_t{}) } -> std::same_as<T>;
  f.template vector<1>(index_t{}, index_t{});
};

/// The elements a thread of launch_transform takes at once from a row evaluator of T: 16 bytes
/// (one vector load and store), 32 where the evaluator holds a long operation (`F::long_ops`,
/// from an operation's `long_op`). While a thread computes a long function no load of its own is
/// in flight; the second 16 bytes keep the memory busy: gammaln of 64M float32 on the H200 ran at
/// 75-84% of a copy's bandwidth with 16 bytes per thread, 94-95% with 32 (a scratch kernel of
/// this shape, 2026-12-04), where a copy or erf lose 8-15% with 32, so short operations keep 16.
template <class F> inline constexpr bool long_ops_v = requires { requires F::long_ops; };
template <class T, class F> constexpr int vector_width() {
  constexpr int v = sizeof(T) < 16 ? static_cast<int>(16 / sizeof(T)) : 1;
  return long_ops_v<F> ? 2 * v : v;
}

/// Vector t of a row evaluator's C-contiguous result: V elements of one row (vector stores when
/// aligned), or the row's last len % V elements one by one. Shared by both backends.
template <int V, class T, class F>
CUPP_HD void transform_vector(T* out, const F& f, index_t len, index_t per_row, index_t t) {
  // one row (every contiguous expression) needs no division
  const index_t row = t < per_row ? 0 : t / per_row, c0 = (t - row * per_row) * V;
  T* dst = out + row * len + c0;
  if (c0 + V <= len) {
    auto r = f.template vector<V>(row, c0);
    if (reinterpret_cast<std::uintptr_t>(dst) % alignof(decltype(r)) == 0) {
      *reinterpret_cast<decltype(r)*>(dst) = r;
    } else {
      CUPP_UNROLL
      for (int k = 0; k < V; ++k)
        dst[k] = r.v[k];
    }
  } else {
    for (index_t c = c0; c < len; ++c)
      dst[c - c0] = f(row * len + c);
  }
}

/// A batch of transposed copies: the source's contiguous axis (extent e0) becomes the result's
/// second-to-last, its last (source stride s1, extent e1) stays last; o0 is the result's stride
/// of the first. The other axes form the batch, each with its source and result offsets.
struct transpose_layout {
  index_t e0 = 0, e1 = 0, s1 = 0, o0 = 0, batch = 1;
  offset_map src_batch, out_batch;
};
} // namespace cupp::detail

#if defined(CUPP_BACKEND_CUDA)
#include <cupp/detail/cuda/launch.cuh>
#else
#include <cupp/detail/host/launch.hpp>
#endif
