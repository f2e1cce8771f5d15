#pragma once
/// \file
/// Filters along one axis of a C-contiguous block, the pass every separable ndimage filter is made
/// of (correlate1d, gaussian, uniform, minimum and maximum filters):
///
///   line_filter(in, out, {outer, n, inner}, size, shift, mode, cval, op)
///       out[o, i, k] = op over j in [0, size) of in[o, i + j - shift, k], the index outside
///       [0, n) extended by `mode` (SciPy's ndimage boundary rules; cval for constant)
///
/// `in` and `out` are [outer][n][inner] blocks of T and R (distinct buffers); `op` is a window
/// functor (below): init(), step(acc, x, j), finish(acc) -> R. The CUDA backend stages each tile of
/// lines with its halo in shared memory once, so every element is read from global memory about
/// once per pass; the host backend extends one line at a time into a buffer, lines in parallel.
/// Instantiated for the ops and dtypes of src/cupx/ndimage/filters.cpp.in.

#include <cupp/core/config.hpp>
#include <cupp/core/dtype.hpp>

#include <cstdint>
#include <type_traits>

namespace cupp::detail {

/// SciPy's ndimage boundary extensions of a line (NI_ExtendLine): reflect `c b a | a b c | c b a`
/// (also grid-mirror), mirror `c b | a b c | b a`, nearest `a a | a b c | c c`, wrap
/// `b c | a b c | a b` (also grid-wrap), constant `k k | a b c | k k` (also grid-constant).
enum class boundary : std::uint8_t { reflect, mirror, nearest, wrap, constant };

/// The index that position `i` of a line of `n` elements reads under `b`; -1 for the constant.
CUPP_HD inline index_t boundary_index(index_t i, index_t n, boundary b) {
  if (i >= 0 && i < n) return i;
  switch (b) {
  case boundary::reflect: {
    const index_t period = 2 * n;
    i %= period;
    if (i < 0) i += period;
    return i < n ? i : period - 1 - i;
  }
  case boundary::mirror: {
    if (n == 1) return 0;
    const index_t period = 2 * n - 2;
    i %= period;
    if (i < 0) i += period;
    return i < n ? i : period - i;
  }
  case boundary::nearest:
    return i < 0 ? 0 : n - 1;
  case boundary::wrap:
    i %= n;
    return i < 0 ? i + n : i;
  default:
    return -1;
  }
}

/// put(k, get(k)) for k = first, first + step, ... below `count`, `U` at a time: the U reads are
/// issued before the first write, so that a GPU thread has U loads in flight. A loop that writes
/// each value to shared memory as it reads it waits for every load in turn (its SASS: each LDG
/// followed by the STS of its register), which held the tiled filters' staging to about half the
/// bandwidth of a copy.
template <int U, class Get, class Put>
CUPP_HD void batched_copy(int first, int count, int step, Get&& get, Put&& put) {
  for (int k0 = first; k0 < count; k0 += U * step) {
    std::remove_cvref_t<decltype(get(k0))> v[U] = {};
    CUPP_UNROLL
    for (int u = 0; u < U; ++u)
      if (k0 + u * step < count) v[u] = get(k0 + u * step);
    CUPP_UNROLL
    for (int u = 0; u < U; ++u)
      if (k0 + u * step < count) put(k0 + u * step, v[u]);
  }
}

/// A C-contiguous block seen as [outer][n][inner], the filtered axis in the middle.
struct line_layout {
  index_t outer = 1, n = 0, inner = 1;
};

/// The accumulator of sums over T stored as R: float32 where both are float32 or 16-bit floats,
/// float64 otherwise (SciPy accumulates in float64 throughout; integers keep its truncations).
template <class T> inline constexpr bool single_precision_v = is_floating_v<T> && sizeof(T) <= 4;
template <class T, class R>
using filter_acc_t =
    std::conditional_t<single_precision_v<T> && single_precision_v<R>, float, double>;

/// An accumulated value stored as R with C's conversion, as SciPy stores it: integers truncate
/// toward zero (through int64, so that a negative value wraps in an unsigned type), bool is the
/// truncated byte's being nonzero.
template <class R, class A> CUPP_HD R store_as(A v) {
  if constexpr (std::is_same_v<R, bool>) {
    return static_cast<std::uint8_t>(static_cast<std::int64_t>(v)) != 0;
  } else if constexpr (std::is_integral_v<R>) {
    return static_cast<R>(static_cast<std::int64_t>(v));
  } else {
    return static_cast<R>(v);
  }
}

/// The window functors of line_filter and of the N-D window filters: init(), step(acc, x, j) for
/// the j-th value x of the window, finish(acc) -> R.
/// The sum of w[j] x_j: correlate1d, gaussian_filter1d, correlate.
template <class T, class R> struct weighted_sum {
  using acc_t = filter_acc_t<T, R>;
  const acc_t* w = nullptr;
  CUPP_HD acc_t init() const { return acc_t(0); }
  CUPP_HD acc_t step(acc_t a, T x, index_t j) const { return a + w[j] * static_cast<acc_t>(x); }
  CUPP_HD R finish(acc_t a) const { return store_as<R>(a); }
};

/// The mean of the window (uniform_filter1d: the sum divided once, exact for integers).
template <class T, class R> struct window_mean {
  using acc_t = filter_acc_t<T, R>;
  acc_t size = 1;
  CUPP_HD acc_t init() const { return acc_t(0); }
  CUPP_HD acc_t step(acc_t a, T x, index_t) const { return a + static_cast<acc_t>(x); }
  CUPP_HD R finish(acc_t a) const { return store_as<R>(a / size); }
};

/// minimum and maximum over the window (a NaN never replaces a value: SciPy's comparisons).
template <class T, class R, bool Max> struct window_extreme {
  using acc_t = T;
  CUPP_HD T init() const { return T(0); }
  CUPP_HD T step(T a, T x, index_t j) const {
    if (j == 0) return x;
    return Max ? (x > a ? x : a) : (x < a ? x : a);
  }
  CUPP_HD R finish(T a) const { return static_cast<R>(a); }
};
template <class T, class R> using window_min = window_extreme<T, R, false>;
template <class T, class R> using window_max = window_extreme<T, R, true>;

template <class T, class R, class Op>
void line_filter(const T* in, R* out, const line_layout& l, index_t size, index_t shift,
                 boundary mode, T cval, const Op& op);

} // namespace cupp::detail

#if defined(CUPP_BACKEND_CUDA)
#include <cupp/detail/cuda/line_filter.cuh>
#else
#include <cupp/detail/host/line_filter.hpp>
#endif
