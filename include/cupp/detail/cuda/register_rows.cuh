#pragma once
// CUDA implementation of register_rows (see ../register_rows.hpp): a block of 256 threads per row,
// each thread holding Items elements of it in registers, loaded (and stored) Vec at a time where
// every row starts 16-byte aligned (vec16); two block reductions; one write.

#include <cupp/core/layout.hpp>
#include <cupp/detail/cuda/launch.cuh>
#include <cupp/detail/cuda/segmented.cuh>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstring>

namespace cupp::detail {

inline constexpr int register_row_threads = 256;

// v as 32-bit words from the lane `mask` away (any trivially copyable T of whole words).
template <class T> __device__ T shuffle_xor(const T& v, int mask) {
  static_assert(sizeof(T) % 4 == 0, "whole 32-bit words");
  unsigned w[sizeof(T) / 4];
  memcpy(w, &v, sizeof(T));
  CUPP_UNROLL
  for (unsigned& x : w)
    x = __shfl_xor_sync(0xffffffffu, x, mask);
  T r;
  memcpy(&r, w, sizeof(T));
  return r;
}

// The reduction of every thread's v by `merge`, returned to every thread of the block: each warp
// reduces by shuffles, then every thread merges the warps' values from shared memory in the same
// order, so that all get the same bits (one barrier, where CUB's BlockReduce and a broadcast took
// two: logsumexp of 16384 rows of 4096 float32 0.0833-0.0847 ms -> 0.0805-0.0814, softmax
// unchanged, H200 2026-12-04).
template <class T, class Merge> __device__ T block_allreduce(T v, Merge merge) {
  constexpr int warps = register_row_threads / 32;
  __shared__ T part[warps];
  CUPP_UNROLL
  for (int o = 16; o > 0; o /= 2)
    v = merge(v, shuffle_xor(v, o));
  if (threadIdx.x % 32 == 0) part[threadIdx.x / 32] = v;
  __syncthreads();
  T r = part[0];
  CUPP_UNROLL
  for (int w = 1; w < warps; ++w)
    r = merge(r, part[w]);
  return r;
}

// Element j of pack k of this thread is x[row, first(k) + j]; a pack is in the row whole or not
// at all.
template <int Vec> __device__ int register_row_first(int k) {
  return (k * register_row_threads + int(threadIdx.x)) * Vec;
}

template <class P, int Items, int Vec>
__device__ void load_register_row(P (&v)[Items], const P* __restrict__ row, int len) {
  CUPP_UNROLL
  for (int k = 0; k < Items / Vec; ++k) {
    const int i = register_row_first<Vec>(k);
    if (i < len) {
      if constexpr (Vec == 1) {
        v[k] = row[i];
      } else {
        const auto p = *reinterpret_cast<const vec16<P>*>(row + i);
        CUPP_UNROLL
        for (int j = 0; j < Vec; ++j)
          v[k * Vec + j] = p.v[j];
      }
    }
  }
}

template <int Items, int Vec, class P, class Out, class Op>
__device__ void register_row(P (&v)[Items], Out* __restrict__ y, index_t row, int len,
                             const Op& op) {
  constexpr int packs = Items / Vec;
  auto a = op.first_init();
  CUPP_UNROLL
  for (int k = 0; k < packs; ++k)
    if (register_row_first<Vec>(k) < len) {
      CUPP_UNROLL
      for (int j = 0; j < Vec; ++j)
        a = op.first(a, v[k * Vec + j]);
    }
  a = block_allreduce(a, [&](const auto& l, const auto& r) { return op.first_merge(l, r); });
  auto b = op.second_init();
  CUPP_UNROLL
  for (int k = 0; k < packs; ++k)
    if (register_row_first<Vec>(k) < len) {
      CUPP_UNROLL
      for (int j = 0; j < Vec; ++j)
        b = op.second(a, b, v[k * Vec + j]);
    }
  b = block_allreduce(b, [&](const auto& l, const auto& r) { return op.second_merge(l, r); });
  if constexpr (Op::elementwise) {
    Out* out = y + row * len;
    CUPP_UNROLL
    for (int k = 0; k < packs; ++k) {
      const int i = register_row_first<Vec>(k);
      if (i < len) {
        if constexpr (Vec == 1) {
          out[i] = op.element(a, b, v[k]);
        } else {
          vec16<Out> o;
          CUPP_UNROLL
          for (int j = 0; j < Vec; ++j)
            o.v[j] = op.element(a, b, v[k * Vec + j]);
          *reinterpret_cast<vec16<Out>*>(out + i) = o;
        }
      }
    }
  } else if (threadIdx.x == 0) {
    y[row] = op.row(a, b);
  }
}

// A block per row (rows past the grid's limit loop). Blocks that stay resident and prefetch the
// next row while reducing this one were slower on the H200 (logsumexp 3.46 -> 2.76 TB/s, softmax
// 3.90 -> 3.55): the second row of registers halves the blocks an SM holds.
template <class P, int Items, int Vec, class Out, class Op>
__global__ void __launch_bounds__(register_row_threads)
    register_rows_kernel(const P* __restrict__ x, Out* __restrict__ y, index_t rows, int len,
                         Op op) {
  for (index_t row = blockIdx.x; row < rows; row += gridDim.x) {
    P v[Items];
    load_register_row<P, Items, Vec>(v, x + row * len, len);
    register_row<Items, Vec>(v, y, row, len, op);
    if (row + gridDim.x < rows) __syncthreads(); // the next row's reductions reuse `part`
  }
}

template <class P, int Items, int Vec, class Out, class Op>
void launch_register_rows(const P* x, Out* y, index_t rows, index_t len, const Op& op) {
  launch<&register_rows_kernel<P, Items, Vec, Out, Op>>(
      "register_rows_kernel", dim3(static_cast<unsigned>(std::min<index_t>(rows, INT_MAX))),
      dim3(register_row_threads), x, y, rows, static_cast<int>(len), op);
}

template <class P, int Items, class Out, class Op>
void launch_register_rows(bool vector, const P* x, Out* y, index_t rows, index_t len,
                          const Op& op) {
  constexpr int vec = vec16<P>::n;
  static_assert(Items % vec == 0);
  if (vector) {
    launch_register_rows<P, Items, vec>(x, y, rows, len, op);
  } else {
    launch_register_rows<P, Items, 1>(x, y, rows, len, op);
  }
}

template <class P, class Out, class Op>
bool register_rows(const P* x, Out* y, index_t rows, index_t len, const Op& op) {
  if (rows <= 0 || len <= 0 || len > register_row_max<P>) return false;
  constexpr int vec = vec16<P>::n;
  const auto aligned = [](const void* p) { return reinterpret_cast<std::uintptr_t>(p) % 16 == 0; };
  static_assert(!Op::elementwise || sizeof(Out) == sizeof(P), "a row's output packs as its input");
  const bool vector = len % vec == 0 && aligned(x) && (!Op::elementwise || aligned(y));
  const index_t per_thread = (len + register_row_threads - 1) / register_row_threads;
  if (per_thread <= 4) {
    launch_register_rows<P, 4>(vector, x, y, rows, len, op);
    return true;
  }
  if constexpr (sizeof(P) <= 4) { // register_row_max: 16 elements per thread of 8 bytes
    if (per_thread > 16) {
      launch_register_rows<P, 32>(vector, x, y, rows, len, op);
      return true;
    }
  }
  launch_register_rows<P, 16>(vector, x, y, rows, len, op);
  return true;
}

} // namespace cupp::detail
