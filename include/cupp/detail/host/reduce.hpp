#pragma once
// Host implementation of the reduction facility (see detail/reduce.hpp): pairwise summation over
// blocks, as NumPy does, with the blocks spread over OpenMP threads.

#include <cupp/core/config.hpp>

#include <cupp/detail/host/launch.hpp>

#include <omp.h>

#include <vector>

namespace cupp::detail {

// Blocks this small are reduced in one loop; larger ranges split in halves (NumPy uses 128).
inline constexpr index_t pairwise_block = 128;

template <class R, class F, class Op>
R reduce_pairwise(const F& f, index_t lo, index_t hi, R init, Op op) {
  if (hi - lo <= pairwise_block) {
    R acc = init;
    for (index_t i = lo; i < hi; ++i)
      acc = op(acc, static_cast<R>(f(i)));
    return acc;
  }
  const index_t mid = lo + (hi - lo) / 2;
  return op(reduce_pairwise(f, lo, mid, init, op), reduce_pairwise(f, mid, hi, init, op));
}

template <class R, class F, class Op> void reduce_flat(index_t n, F f, R* out, R init, Op op) {
  if (recorded([=] { reduce_flat(n, f, out, init, op); })) return;
  const index_t chunks = n < omp_threshold ? 1 : index_t{omp_get_max_threads()} * 4;
  std::vector<R> partial(static_cast<std::size_t>(chunks), init);
#pragma omp parallel for schedule(static) if (chunks > 1)
  for (index_t c = 0; c < chunks; ++c)
    partial[c] = reduce_pairwise(f, n * c / chunks, n * (c + 1) / chunks, init, op);
  auto at = [&](index_t c) { return partial[c]; };
  *out = reduce_pairwise(at, 0, chunks, init, op);
}

template <class R, class Op> void reduce_flat(index_t n, const R* in, R* out, R init, Op op) {
  reduce_flat(
      n, [in](index_t i) { return in[i]; }, out, init, op);
}

template <class It, class Off, class Out, class R, class Op>
void reduce_segments(index_t segments, It first, Off begin, Off end, Out out, R init, Op op) {
  if (recorded([=] { reduce_segments(segments, first, begin, end, out, init, op); })) return;
#pragma omp parallel for schedule(dynamic, 64) if (segments >= 64)
  for (index_t s = 0; s < segments; ++s) {
    R acc = init;
    for (auto i = begin[s]; i < end[s]; ++i)
      acc = op(acc, static_cast<R>(first[i]));
    out[s] = acc;
  }
}

} // namespace cupp::detail
