#pragma once
// CUDA implementation of iir_rows (see ../linear_recurrence.hpp). With q = na - 1 the order and
// the state s = (y[i], y[i-1], ..., y[i-Q+1]) padded to a bucket Q >= q, one step is the affine
// map s' = C s + e0 u[i], C the companion matrix of a and u the FIR part (iir_fir, one coalesced
// pass). A row is cut into chunks of L samples per thread and tiles of T chunks per block, u
// staged in shared memory:
//   1. iir_tile_kernel<false>: each thread runs its chunk from a zero state; a Kogge-Stone scan of
//      the chunk states inside the block (operator: C^L, C^2L, C^4L, ...) gives the tile's state
//      from a zero start, written per tile;
//   2. iir_carry_kernel: a block per row scans its tiles' states the same way (C^(LT) powers) into
//      the true state at the start of each tile;
//   3. iir_tile_kernel<true>: the chunk runs and the block scan again, each chunk's start state
//      completed with C^(L*t) times its tile's start, and each chunk run once more from it,
//      writing y.
// The powers C^(2^k) come from repeated squaring in iir_setup_kernel (a Q x Q block), which also
// decides, on the device, whether the scan is accurate for this filter: a state that the scan
// rounds is carried by later powers, so its error grows like the square of the powers' largest
// entry g (scripts/iir_scan_model.py: about eps * g^2 * (1 to 50) of the largest output against
// an exact filter; g = 41 for butter(4, 0.1), 3.9e3 for butter(4, 0.02), 3.7e4 for a 12-pole
// elliptic band-pass; the H100 measured up to 1e-5 on such filters, 2026-12-05).
// Past iir_scan_max_growth the scan kernels return at once and iir_segment_kernel runs the
// recurrence over u sample after sample, a thread per segment of a row: each segment starts from
// a zero state W samples early, W the first power of two whose C^W has decayed (entries below
// iir_decayed), found in the same setup; the true state W samples back would add no more than
// that. A filter whose powers never decay (unstable, marginal) runs each row whole in one thread.
// The model of it (iir_scan_model.py's segments) is within SciPy's own error on every filter it
// lists. Orders above iir_scan_max_order run iir_serial_kernel, a thread per row with the state
// in y itself.

#include <cupp/detail/cuda/launch.cuh>
#include <cupp/detail/linear_recurrence.hpp>
#include <cupp/detail/scratch.hpp>

#include <algorithm>
#include <bit>

namespace cupp::detail {

inline constexpr int iir_chunk = 16; // L: samples per thread, between two scan steps
inline constexpr int iir_chunk_log2 = 4;

// Threads per block: T * Q values of state in shared memory, 8 KB of double at most.
template <int Q> inline constexpr int iir_threads = Q <= 8 ? 128 : 1024 / Q;
// Threads of the carry scan's block: 32 KB of double states.
template <int Q> inline constexpr int iir_carry_threads = Q <= 4 ? 1024 : 4096 / Q;
// The staged tile's index of sample e (a pad after every chunk: the threads' chunks start in
// different banks).
__device__ inline int iir_pad(int e) { return e + e / iir_chunk; }

// The largest entry of a power C^(2^k) the scan takes: with the error eps * g^2 * c above, 64 keeps
// float64 within the tests' 1e-9 of the largest output for c up to 2000, 8 float32 within their
// 2e-4 for c up to 50 (the model's c is 1 to 50; the H100's errors on the fixtures' filters were 1
// to 100 times the model's).
template <class R> inline constexpr R iir_scan_max_growth = sizeof(R) == 8 ? R(64) : R(8);
// A power C^W whose entries are all below this has decayed: the state it carries is lost in the
// rounding (of the largest output: 1e-20 against float64's 1.1e-16, 1e-11 against float32's 6e-8).
template <class R> inline constexpr R iir_decayed = sizeof(R) == 8 ? R(1e-20) : R(1e-11);
// Samples per thread of the gated rows (iir_segment_kernel), besides their warm-up.
inline constexpr index_t iir_segment = 4096;

// The filter's normalised coefficients and the powers of its companion matrix, in scratch:
// bn[nb], an[Q + 1] (an[0] = 1, zeros past na), pow[k] = C^(2^k), Q x Q row-major, then the
// gate: 0 where the scan takes the filter; where a power's entries pass iir_scan_max_growth, the
// warm-up W of iir_segment_kernel, or -1 where no power has decayed (whole rows in order).
template <class R, int Q> struct iir_plan {
  const R* bn;
  const R* an;
  const R* pow;
  const R* gate;
  const R* zi;
  int nb, p;
  __device__ const R* power(int k) const { return pow + k * Q * Q; }
  __device__ bool gated() const { return *gate != R(0); }
};

template <class R, int Q>
__global__ void __launch_bounds__(Q* Q)
    iir_setup_kernel(const R* b, int nb, const R* a, int na, R* out, int levels) {
  R* bn = out;
  R* an = out + nb;
  R* pow = an + Q + 1;
  R* gate = pow + levels * Q * Q;
  const int t = threadIdx.x, i = t / Q, j = t % Q;
  const R a0 = a[0];
  for (int k = t; k < nb; k += Q * Q)
    bn[k] = b[k] / a0;
  for (int k = t; k <= Q; k += Q * Q)
    an[k] = k == 0 ? R(1) : (k < na ? a[k] / a0 : R(0));
  // C: row 0 is -a_1 ... -a_Q, row i > 0 shifts the state down; squared in shared memory
  __shared__ R m[Q * Q];
  R c = i == 0 ? (j + 1 < na ? -a[j + 1] / a0 : R(0)) : (j == i - 1 ? R(1) : R(0));
  bool steep = false; // inf and NaN (an unstable filter's powers) count as steep
  int decayed = -1;   // the first k whose C^(2^k) has decayed (the same in every thread)
  for (int k = 0; k < levels; ++k) {
    pow[k * Q * Q + t] = c;
    steep = steep || !(fabs(c) <= iir_scan_max_growth<R>);
    if (decayed < 0 && __syncthreads_and(fabs(c) <= iir_decayed<R>) != 0) decayed = k;
    if (k + 1 == levels) break;
    m[t] = c;
    __syncthreads();
    c = 0;
    for (int l = 0; l < Q; ++l)
      c += m[i * Q + l] * m[l * Q + j];
    __syncthreads();
  }
  const bool any_steep = __syncthreads_or(steep) != 0;
  if (t == 0) *gate = !any_steep ? R(0) : decayed >= 0 ? static_cast<R>(1 << decayed) : R(-1);
}

// v = m v, m a Q x Q matrix (shared or global memory).
template <class R, int Q> __device__ void iir_apply(const R* m, R (&v)[Q]) {
  R w[Q];
  CUPP_UNROLL
  for (int i = 0; i < Q; ++i) {
    R s = 0;
    CUPP_UNROLL
    for (int l = 0; l < Q; ++l)
      s += m[i * Q + l] * v[l];
    w[i] = s;
  }
  CUPP_UNROLL
  for (int i = 0; i < Q; ++i)
    v[i] = w[i];
}

// v = M^count v for 0 <= count < 2^31, mats[k] = M^(2^k) (Q x Q each, shared or global memory).
template <class R, int Q> __device__ void iir_advance(const R* mats, unsigned count, R (&v)[Q]) {
  for (int k = 0; count != 0; ++k, count >>= 1)
    if (count & 1u) iir_apply<R, Q>(mats + k * Q * Q, v);
}

// Inclusive Kogge-Stone scan of the threads' states: state t becomes the state after chunks 0..t
// from a zero start, where one chunk advances a state by M, mats[k] = M^(2^k). Returns the scanned
// states of all T threads ([T][Q] in shared memory, valid until the next scan).
template <class R, int Q, int T> __device__ const R* iir_block_scan(const R* mats, R (&v)[Q]) {
  __shared__ R states[T][Q];
  const int t = threadIdx.x;
  for (int off = 1, k = 0; off < T; off <<= 1, ++k) {
    CUPP_UNROLL
    for (int i = 0; i < Q; ++i)
      states[t][i] = v[i];
    __syncthreads();
    if (t >= off) {
      R w[Q];
      CUPP_UNROLL
      for (int i = 0; i < Q; ++i)
        w[i] = states[t - off][i];
      iir_apply<R, Q>(mats + k * Q * Q, w);
      CUPP_UNROLL
      for (int i = 0; i < Q; ++i)
        v[i] += w[i];
    }
    __syncthreads();
  }
  CUPP_UNROLL
  for (int i = 0; i < Q; ++i)
    states[t][i] = v[i];
  __syncthreads();
  return &states[0][0];
}

// The FIR part and the initial state, u[r, i] = sum_k bn[k] x[r, i - k] + zi[r, i] (i < p): a
// thread per sample, coalesced (inside the chunk runs it left them latency-bound on the taps).
template <class R, int Q> struct iir_fir {
  iir_plan<R, Q> f;
  const R* x;
  R* u;
  index_t n;
  __device__ void operator()(index_t g) const {
    const index_t r = g / n, i = g - r * n;
    R s = f.zi != nullptr && i < f.p ? f.zi[r * f.p + i] : R(0);
    const int taps = static_cast<int>(std::min<index_t>(f.nb, i + 1));
    for (int k = 0; k < taps; ++k)
      s += f.bn[k] * x[g - k];
    u[g] = s;
  }
};

// Runs the recurrence (an = a_1 ... a_Q) over the tile's samples [e0, e0 + count) from state s,
// u staged in shared memory at iir_pad(e) for the tile's sample e, the outputs into out.
template <class R, int Q>
__device__ void iir_run_chunk(const R (&an)[Q], const R* us, int e0, int count, R (&s)[Q],
                              R (&out)[iir_chunk]) {
  CUPP_UNROLL
  for (int j = 0; j < iir_chunk; ++j) {
    if (j >= count) break;
    R yi = us[iir_pad(e0 + j)];
    CUPP_UNROLL
    for (int k = 0; k < Q; ++k)
      yi -= an[k] * s[k];
    CUPP_UNROLL
    for (int k = Q - 1; k > 0; --k)
      s[k] = s[k - 1];
    s[0] = yi;
    out[j] = yi;
  }
}

template <bool Final, class R, int Q>
__global__ void __launch_bounds__(iir_threads<Q>)
    iir_tile_kernel(iir_plan<R, Q> f, const R* u, R* y, index_t n, index_t tiles, R* states) {
  constexpr int T = iir_threads<Q>;
  if (f.gated()) return;
  const index_t row = index_t{blockIdx.x} / tiles, tile = index_t{blockIdx.x} - row * tiles;
  const int t = threadIdx.x;
  u += row * n;
  y += row * n;
  constexpr int staged = T * iir_chunk;
  __shared__ R us[staged + staged / iir_chunk];
  const index_t lo = tile * staged; // the row's index of the tile's sample 0
  for (int e = t; e < staged; e += T)
    us[iir_pad(e)] = lo + e < n ? u[lo + e] : R(0);
  __syncthreads();
  const int e0 = t * iir_chunk;
  const int count = static_cast<int>(std::clamp<index_t>(n - lo - e0, 0, iir_chunk));
  R an[Q];
  for (int k = 0; k < Q; ++k)
    an[k] = f.an[k + 1];
  R v[Q] = {}, out[iir_chunk];
  iir_run_chunk(an, us, e0, count, v, out);
  const R* scanned = iir_block_scan<R, Q, T>(f.power(iir_chunk_log2), v);
  R* tile_state = states + (row * tiles + tile) * Q;
  if constexpr (!Final) {
    if (t == T - 1)
      for (int i = 0; i < Q; ++i)
        tile_state[i] = v[i];
  } else {
    // this chunk's start: the chunks before it in the tile from a zero start (the scan's value
    // of thread t - 1), plus the tile's start state advanced over those chunks
    R s[Q];
    for (int i = 0; i < Q; ++i)
      s[i] = tile_state[i];
    iir_advance<R, Q>(f.power(iir_chunk_log2), static_cast<unsigned>(t), s);
    if (t > 0)
      for (int i = 0; i < Q; ++i)
        s[i] += scanned[(t - 1) * Q + i];
    iir_run_chunk(an, us, e0, count, s, out);
    // the outputs through the staged tile, for coalesced stores
    __syncthreads();
    CUPP_UNROLL
    for (int j = 0; j < iir_chunk; ++j)
      us[iir_pad(e0 + j)] = out[j];
    __syncthreads();
    for (int e = t; e < staged; e += T)
      if (lo + e < n) y[lo + e] = us[iir_pad(e)];
  }
}

// A block per row: the states of its tiles from a zero start (states[row][tile]) become the true
// states at the start of each tile, in place, in groups of T tiles with a carry between groups
// (the groups run one after the other: large blocks, few groups).
template <class R, int Q>
__global__ void __launch_bounds__(iir_carry_threads<Q>)
    iir_carry_kernel(iir_plan<R, Q> f, index_t tiles, R* states) {
  constexpr int T = iir_carry_threads<Q>;
  if (f.gated()) return;
  constexpr int tile_log2 = iir_chunk_log2 + std::countr_zero(unsigned(iir_threads<Q>));
  __shared__ R carry[Q];
  __shared__ R last[Q];
  // the powers C^(L T' 2^k) (T' the tile kernel's threads), k <= log2 T, staged; the largest
  // orders read them from global memory
  constexpr int staged = std::countr_zero(unsigned(T)) + 1;
  constexpr bool stage = staged * Q * Q <= 2048;
  __shared__ R pw[stage ? staged * Q * Q : 1];
  const int t = threadIdx.x;
  const R* mats = f.power(tile_log2);
  if constexpr (stage) {
    for (int e = t; e < staged * Q * Q; e += T)
      pw[e] = mats[e];
    mats = pw;
  }
  R* row_states = states + index_t{blockIdx.x} * tiles * Q;
  if (t < Q) carry[t] = 0;
  __syncthreads();
  for (index_t g = 0; g < tiles; g += T) {
    const index_t tile = g + t;
    R own[Q], v[Q];
    for (int i = 0; i < Q; ++i)
      own[i] = v[i] = tile < tiles ? row_states[tile * Q + i] : R(0);
    const R* scanned = iir_block_scan<R, Q, T>(mats, v);
    // the start of tile g + t: the scan's value of the thread before, plus the carry advanced
    // over the t tiles before it in the group
    R s[Q];
    for (int i = 0; i < Q; ++i)
      s[i] = carry[i];
    iir_advance<R, Q>(mats, static_cast<unsigned>(t), s);
    if (t > 0)
      for (int i = 0; i < Q; ++i)
        s[i] += scanned[(t - 1) * Q + i];
    if (tile < tiles)
      for (int i = 0; i < Q; ++i)
        row_states[tile * Q + i] = s[i];
    if (t == T - 1) { // the next group's carry: the state after this group's last tile
      iir_apply<R, Q>(mats, s);
      for (int i = 0; i < Q; ++i)
        last[i] = s[i] + own[i];
    }
    __syncthreads();
    if (t < Q) carry[t] = last[t];
    __syncthreads();
  }
}

// Filters whose gate is set (iir_plan): the recurrence over u from a zero state, a thread per
// segment of iir_segment samples, warmed up over the gate's W samples before it (or a thread per
// whole row where the gate is -1). The older outputs' terms come first, so that each step waits
// on the step before for one product only.
template <class R, int Q>
__global__ void iir_segment_kernel(iir_plan<R, Q> f, const R* u, R* y, index_t rows, index_t n,
                                   index_t segments) {
  const index_t g = index_t{blockIdx.x} * blockDim.x + threadIdx.x;
  const R gate = *f.gate;
  if (g >= rows * segments || gate == R(0)) return;
  const index_t row = g / segments, seg = g - row * segments;
  const bool whole = gate < R(0);
  if (whole && seg != 0) return;
  const index_t lo = seg * iir_segment;
  const index_t hi = whole ? n : std::min(n, lo + iir_segment);
  const index_t from = whole ? 0 : std::max<index_t>(0, lo - static_cast<index_t>(gate));
  u += row * n;
  y += row * n;
  R an[Q], s[Q];
  CUPP_UNROLL
  for (int k = 0; k < Q; ++k) {
    an[k] = f.an[k + 1];
    s[k] = 0;
  }
  const auto step = [&](index_t i) {
    R yi = u[i];
    CUPP_UNROLL
    for (int k = Q - 1; k >= 0; --k)
      yi -= an[k] * s[k];
    CUPP_UNROLL
    for (int k = Q - 1; k > 0; --k)
      s[k] = s[k - 1];
    s[0] = yi;
    return yi;
  };
  for (index_t i = from; i < lo; ++i)
    step(i);
  for (index_t i = lo; i < hi; ++i)
    y[i] = step(i);
}

// Orders past the scan's buckets: SciPy's loop, a thread per row.
template <class R>
__global__ void iir_serial_kernel(const R* x, R* y, index_t rows, index_t n, const R* b, int nb,
                                  const R* a, int na, const R* zi) {
  const index_t row = index_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (row >= rows) return;
  const int p = std::max(na, nb) - 1;
  x += row * n;
  y += row * n;
  const R a0 = a[0];
  for (index_t i = 0; i < n; ++i) {
    R u = zi != nullptr && i < p ? zi[row * p + i] : R(0);
    for (int k = 0; k < nb && k <= i; ++k)
      u += b[k] / a0 * x[i - k];
    for (int k = 1; k < na && k <= i; ++k)
      u -= a[k] / a0 * y[i - k];
    y[i] = u;
  }
}

template <class R, int Q>
void iir_scan_rows(const R* x, R* y, index_t rows, index_t n, const R* b, int nb, const R* a,
                   int na, const R* zi) {
  constexpr int T = iir_threads<Q>;
  const index_t tile = index_t{T} * iir_chunk;
  const index_t tiles = (n + tile - 1) / tile;
  // the powers C^(2^k) the scans and advances use: k <= log2(L T) + log2(carry threads)
  constexpr int levels = iir_chunk_log2 + std::countr_zero(unsigned(T)) +
                         std::countr_zero(unsigned(iir_carry_threads<Q>)) + 1;
  const auto plan_len = static_cast<std::size_t>(nb + Q + 1 + levels * Q * Q + 1);
  scratch plan_mem(plan_len * sizeof(R));
  scratch state_mem(static_cast<std::size_t>(rows * tiles * Q) * sizeof(R));
  scratch u_mem(static_cast<std::size_t>(rows * n) * sizeof(R));
  R* u = static_cast<R*>(u_mem.data());
  R* plan = static_cast<R*>(plan_mem.data());
  R* states = static_cast<R*>(state_mem.data());
  launch<&iir_setup_kernel<R, Q>>("iir_setup_kernel", dim3(1), dim3(Q * Q), b, nb, a, na, plan,
                                  levels);
  const R* pow = plan + nb + Q + 1;
  const iir_plan<R, Q> f{plan, plan + nb, pow, pow + levels * Q * Q, zi, nb, std::max(na, nb) - 1};
  launch_for_each(rows * n, iir_fir<R, Q>{f, x, u, n});
  const auto blocks = static_cast<unsigned>(rows * tiles);
  launch<&iir_tile_kernel<false, R, Q>>("iir_tile_kernel", dim3(blocks), dim3(T), f, u, y, n, tiles,
                                        states);
  launch<&iir_carry_kernel<R, Q>>("iir_carry_kernel", dim3(static_cast<unsigned>(rows)),
                                  dim3(iir_carry_threads<Q>), f, tiles, states);
  launch<&iir_tile_kernel<true, R, Q>>("iir_tile_kernel", dim3(blocks), dim3(T), f, u, y, n, tiles,
                                       states);
  const index_t segments = (n + iir_segment - 1) / iir_segment;
  launch<&iir_segment_kernel<R, Q>>("iir_segment_kernel", dim3(grid_for(rows * segments, 128)),
                                    dim3(128), f, u, y, rows, n, segments);
}

template <class R>
void iir_rows(const R* x, R* y, index_t rows, index_t n, const R* b, int nb, const R* a, int na,
              const R* zi) {
  if (rows <= 0 || n <= 0) return;
  const int q = na - 1;
  if (q > iir_scan_max_order) {
    launch<&iir_serial_kernel<R>>("iir_serial_kernel", dim3(grid_for(rows, 128)), dim3(128), x, y,
                                  rows, n, b, nb, a, na, zi);
  } else if (q <= 1) {
    iir_scan_rows<R, 1>(x, y, rows, n, b, nb, a, na, zi);
  } else if (q <= 2) {
    iir_scan_rows<R, 2>(x, y, rows, n, b, nb, a, na, zi);
  } else if (q <= 4) {
    iir_scan_rows<R, 4>(x, y, rows, n, b, nb, a, na, zi);
  } else if (q <= 8) {
    iir_scan_rows<R, 8>(x, y, rows, n, b, nb, a, na, zi);
  } else if (q <= 16) {
    iir_scan_rows<R, 16>(x, y, rows, n, b, nb, a, na, zi);
  } else {
    iir_scan_rows<R, 32>(x, y, rows, n, b, nb, a, na, zi);
  }
}

} // namespace cupp::detail
