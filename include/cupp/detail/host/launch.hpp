#pragma once
// Host implementation of the launch facility (see detail/launch.hpp): OpenMP loops.

#include <cupp/core/config.hpp>
#include <cupp/core/layout.hpp>
#include <cupp/detail/host/record.hpp>
#include <cupp/detail/launch.hpp>

#include <algorithm>

namespace cupp::detail {

// Below this many elements a parallel region costs more than it saves. Smaller loops do not enter
// one at all: even a region whose `if` clause is false costs libgomp a team set-up with heap calls
// (~50 ns on an idle machine, far more on a busy one).
inline constexpr index_t omp_threshold = 32768;

template <class T, class F> void launch_transform(index_t n, T* out, F f) {
  if (recorded([=] { launch_transform(n, out, f); })) return;
  if constexpr (row_evaluator<T, F>) { // the CUDA backend's vectors, so both run the same code
    constexpr int V = vector_width<T, F>();
    const index_t len = f.row_length(), per_row = (len + V - 1) / V, total = f.rows() * per_row;
    if (n < omp_threshold) {
      for (index_t t = 0; t < total; ++t)
        transform_vector<V>(out, f, len, per_row, t);
      return;
    }
#pragma omp parallel for schedule(static)
    for (index_t t = 0; t < total; ++t)
      transform_vector<V>(out, f, len, per_row, t);
  } else {
    if (n < omp_threshold) {
      for (index_t i = 0; i < n; ++i)
        out[i] = f(i);
      return;
    }
#pragma omp parallel for schedule(static)
    for (index_t i = 0; i < n; ++i)
      out[i] = f(i);
  }
}

template <class F> void launch_for_each(index_t n, F f) {
  if (recorded([=] { launch_for_each(n, f); })) return;
  if (n < omp_threshold) {
    for (index_t i = 0; i < n; ++i)
      f(i);
    return;
  }
#pragma omp parallel for schedule(static)
  for (index_t i = 0; i < n; ++i)
    f(i);
}

template <class T> void launch_transpose(const transpose_layout& l, const T* src, T* out) {
  if (recorded([=] { launch_transpose(l, src, out); })) return;
  constexpr index_t block = 64; // cache-sized blocks
#pragma omp parallel for schedule(static) collapse(2) if (l.batch * l.e0 * l.e1 >= omp_threshold)
  for (index_t b = 0; b < l.batch; ++b)
    for (index_t b0 = 0; b0 < l.e0; b0 += block) {
      const T* s = src + l.src_batch(b);
      T* o = out + l.out_batch(b);
      for (index_t b1 = 0; b1 < l.e1; b1 += block)
        for (index_t i0 = b0; i0 < std::min(b0 + block, l.e0); ++i0)
          for (index_t i1 = b1; i1 < std::min(b1 + block, l.e1); ++i1)
            o[i0 * l.o0 + i1] = s[i0 + i1 * l.s1];
    }
}

} // namespace cupp::detail
