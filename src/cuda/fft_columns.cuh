#pragma once
// The column FFT kernel (CUDA backend): batches of complex transforms of a power-of-two length n
// along an axis whose neighbouring transforms are adjacent in memory (the batch's distance 1),
// e.g. axis 0 of a C-ordered matrix. cuFFT runs such a layout in about twice the passes of a row
// batch; here a block takes W adjacent columns whole (n x W values in shared memory), so the
// transform reads and writes each value once: W consecutive values of each row per load.
//
// Stockham radix-16 stages (the first one radix 2, 4 or 8 when log2(n) is not a multiple of 4),
// each thread doing one 16-point transform a stage in registers (a radix-2 decimation in
// frequency with exact constants); the stage twiddles come from one table of 4096 roots of unity
// per precision, made in long double (fft_columns.cpp). The inverse is conj(F(conj(x))).

#include <cupp/core/config.hpp>

#include <cuda_runtime.h>

#include <type_traits>
#include <utility>

namespace cupp::detail::fft::columns {

template <class R> struct cx_of;
template <> struct cx_of<float> { using type = float2; };
template <> struct cx_of<double> { using type = double2; };
template <class R> using cx = typename cx_of<R>::type;

__device__ __forceinline__ float2 operator+(float2 a, float2 b) { return {a.x + b.x, a.y + b.y}; }
__device__ __forceinline__ float2 operator-(float2 a, float2 b) { return {a.x - b.x, a.y - b.y}; }
__device__ __forceinline__ double2 operator+(double2 a, double2 b) {
  return {a.x + b.x, a.y + b.y};
}
__device__ __forceinline__ double2 operator-(double2 a, double2 b) {
  return {a.x - b.x, a.y - b.y};
}
template <class C> __device__ __forceinline__ C times(C a, C b) {
  return {a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x};
}

// cos(2 pi k / 16); the sine is the cosine a quarter turn earlier
__device__ constexpr double cos16[16] = {
    1.0,  0.92387953251128675613,  0.70710678118654752440,  0.38268343236508977173,
    0.0,  -0.38268343236508977173, -0.70710678118654752440, -0.92387953251128675613,
    -1.0, -0.92387953251128675613, -0.70710678118654752440, -0.38268343236508977173,
    0.0,  0.38268343236508977173,  0.70710678118654752440,  0.92387953251128675613};

// a * exp(-2 pi i j / R) for a constant j (after unrolling), the quarter turns exact
template <int R, class C> __device__ __forceinline__ C rotate(C a, int j) {
  using T = decltype(a.x);
  if (j == 0) return a;
  if (4 * j == R) return {a.y, -a.x};
  if (2 * j == R) return {-a.x, -a.y};
  if (4 * j == 3 * R) return {-a.y, a.x};
  const int k = j * (16 / R);
  const T c = static_cast<T>(cos16[k]), s = static_cast<T>(cos16[(k + 12) % 16]); // sin = cos - 90
  return {a.x * c + a.y * s, a.y * c - a.x * s};
}

constexpr int bit_reverse(int i, int bits) {
  int r = 0;
  for (int b = 0; b < bits; ++b)
    r |= ((i >> b) & 1) << (bits - 1 - b);
  return r;
}

constexpr int log2_of(int n) { return n <= 1 ? 0 : 1 + log2_of(n / 2); }

// One level of the radix-2 decimation in frequency: butterflies of values Span apart.
template <int R, int Span, class C> __device__ __forceinline__ void dif_level(C (&v)[R]) {
  CUPP_UNROLL
  for (int i = 0; i < R / 2; ++i) { // one flat loop of constant count: fully unrolled
    const int lo = (i / Span) * 2 * Span + i % Span, k = i % Span;
    const C a = v[lo], b = v[lo + Span];
    v[lo] = a + b;
    v[lo + Span] = rotate<R>(a - b, k * (R / (2 * Span)));
  }
  if constexpr (Span > 1) dif_level<R, Span / 2>(v);
}

template <int R, class C, int... I>
__device__ __forceinline__ void bit_reversed(C (&v)[R], std::integer_sequence<int, I...>) {
  const C t[R] = {v[std::integral_constant<int, bit_reverse(I, log2_of(R))>::value]...};
  ((v[I] = t[I]), ...);
}

// The R-point DFT of v in place (natural order in and out).
template <int R, class C> __device__ __forceinline__ void dft(C (&v)[R]) {
  dif_level<R, R / 2>(v);
  bit_reversed(v, std::make_integer_sequence<int, R>{});
}

// The columns a block takes for length n: rows of 64 bytes or more (32-byte rows ran at 0.133 ms
// where 64-byte rows took 0.108, axis 0 of 16M complex64 on an H100), n x W values in at most
// 128 KB of shared memory, n / 16 x W threads. complex128 of length 4096 has 32-byte rows: 64
// would need 256 KB.
constexpr int width_for(int n, bool dbl) {
  const int w = n >= 1024 ? 8 : 8192 / n < 32 ? 8192 / n : 32;
  return dbl ? (n == 4096 ? 2 : w / 2) : w;
}
inline constexpr int max_length_single = 2048, max_length_double = 4096, min_length = 32;

// The twiddle table: exp(-2 pi i m / table_length) for m < table_length; length n reads every
// (table_length / n)-th entry.
inline constexpr int table_length = max_length_double;

// A load that asks L2 for the whole 128-byte line around it (sector promotion): the columns of
// the neighbouring blocks, read about the same time, then come from L2 rather than as separate
// 32-byte requests to memory (H100, axis 0 of 1024 x 16384 complex64: 0.108 ms against 0.114).
__device__ __forceinline__ float2 load_line(const float2* p) {
  float2 v;
  asm volatile("ld.global.L2::128B.v2.f32 {%0, %1}, [%2];" : "=f"(v.x), "=f"(v.y) : "l"(p));
  return v;
}
__device__ __forceinline__ double2 load_line(const double2* p) {
  double2 v;
  asm volatile("ld.global.L2::128B.v2.f64 {%0, %1}, [%2];" : "=d"(v.x), "=d"(v.y) : "l"(p));
  return v;
}

// One more row of padding every 16 rows: a stage's strided rows fall in different banks.
__device__ __forceinline__ int padded(int row) { return row + (row >> 4); }

struct layout {
  index_t columns;           // transforms in the batch (adjacent in memory)
  index_t istride, ostride;  // between the rows of a column, in values
  index_t in_step, out_step; // between the calls of the outer loop (blockIdx.y)
  bool inverse;
};

// One Stockham stage of radix Rx over the n rows of a column, `span` the product of the
// earlier radices: each thread does 16 / Rx butterflies. load(row) and store(row, v) are the
// stage's source and destination; `sync` separates the loads from the stores (in place).
template <int N, int Rx, int Span, bool Sync, class C, class Load, class Store>
__device__ __forceinline__ void stage(int j, const C* __restrict__ tw, Load load, Store store) {
  constexpr int per = 16 / Rx;
  C v[per][Rx];
  CUPP_UNROLL
  for (int q = 0; q < per; ++q) {
    CUPP_UNROLL
    for (int r = 0; r < Rx; ++r)
      v[q][r] = load((j * per + q) + r * (N / Rx));
  }
  if constexpr (Sync) __syncthreads();
  CUPP_UNROLL
  for (int q = 0; q < per; ++q) {
    const int b = j * per + q, k = b % Span;
    if constexpr (Span > 1) {
      CUPP_UNROLL
      for (int r = 1; r < Rx; ++r)
        v[q][r] = times(v[q][r], __ldg(tw + r * k * (table_length / (Span * Rx))));
    }
    dft<Rx>(v[q]);
    const int base = (b / Span) * Span * Rx + k;
    CUPP_UNROLL
    for (int r = 0; r < Rx; ++r)
      store(base + r * Span, v[q][r]);
  }
}

template <int N, int W, int Span, class C>
__device__ __forceinline__ void middle_stages(int j, int c, C* buf, const C* __restrict__ tw) {
  if constexpr (Span < N / 16) { // not the last stage yet
    stage<N, 16, Span, true>(
        j, tw, [&](int row) { return buf[padded(row) * W + c]; },
        [&](int row, C v) { buf[padded(row) * W + c] = v; });
    __syncthreads();
    middle_stages<N, W, Span * 16>(j, c, buf, tw);
  }
}

template <class R, int N, int W>
__global__ void __launch_bounds__(N / 16 * W)
    column_fft_kernel(const cx<R>* in, cx<R>* out, const cx<R>* __restrict__ tw, layout l) {
  using C = cx<R>;
  extern __shared__ __align__(16) unsigned char raw[];
  C* buf = reinterpret_cast<C*>(raw);
  const int c = static_cast<int>(threadIdx.x % W), j = static_cast<int>(threadIdx.x / W);
  const index_t col = index_t{blockIdx.x} * W + c;
  const bool live = col < l.columns;
  in += index_t{blockIdx.y} * l.in_step + col;
  out += index_t{blockIdx.y} * l.out_step + col;
  const R sign = l.inverse ? R(-1) : R(1);
  constexpr int first = 1 << ((log2_of(N) + 3) % 4 + 1); // 2, 4, 8 or 16
  const auto smem_load = [&](int row) { return buf[padded(row) * W + c]; };
  const auto smem_store = [&](int row, C v) { buf[padded(row) * W + c] = v; };
  // the first stage reads the columns, a middle stage reads and writes shared memory, the last
  // writes the result: loads all issued before any arithmetic (16 rows per thread in flight).
  // In place is safe: every read of the block's columns comes before its first write.
  stage<N, first, 1, false>(
      j, tw,
      [&](int row) {
        C v{};
        if (live) v = load_line(in + row * l.istride);
        v.y *= sign;
        return v;
      },
      smem_store);
  __syncthreads();
  middle_stages<N, W, first>(j, c, buf, tw);
  stage<N, 16, N / 16, false>(j, tw, smem_load, [&](int row, C v) {
    v.y *= sign;
    if (live) out[row * l.ostride] = v;
  });
}

} // namespace cupp::detail::fft::columns
