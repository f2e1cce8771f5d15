#pragma once
// Host implementation of the axis-reduction kernels (see detail/segmented.hpp): outputs spread over
// OpenMP threads, each range folded in blocks merged pairwise (NumPy-like float accuracy).

#include <cupp/detail/host/launch.hpp>

namespace cupp::detail {

// Folds x(r) for r in [lo, hi): blocks of up to 128 sequentially, halves merged in a tree.
template <class Red, class X>
typename Red::acc_t fold_pairwise(const Red& red, const X& x, index_t lo, index_t hi) {
  if (hi - lo <= 128) {
    auto acc = red.init();
    for (index_t r = lo; r < hi; ++r)
      acc = red.add(acc, x(r), r);
    return acc;
  }
  const index_t mid = lo + (hi - lo) / 2;
  return red.merge(fold_pairwise(red, x, lo, mid), fold_pairwise(red, x, mid, hi));
}

template <class T, class Red>
void reduce_rows(const T* base, const offset_map& rows_map, index_t stride, index_t rows,
                 index_t len, Red red, typename Red::result_t* out) {
#pragma omp parallel for schedule(static) if (rows * len >= omp_threshold)
  for (index_t o = 0; o < rows; ++o) {
    const T* p = base + rows_map(o);
    out[o] = red.finish(fold_pairwise(red, [&](index_t r) { return p[r * stride]; }, 0, len), len);
  }
}

template <class T, class Red>
void reduce_columns(const T* base, const offset_map& cols_map, const offset_map& red_map,
                    index_t cols, index_t len, Red red, typename Red::result_t* out) {
#pragma omp parallel for schedule(static) if (cols * len >= omp_threshold)
  for (index_t o = 0; o < cols; ++o) {
    const T* p = base + cols_map(o);
    out[o] = red.finish(fold_pairwise(red, [&](index_t r) { return p[red_map(r)]; }, 0, len), len);
  }
}

} // namespace cupp::detail
