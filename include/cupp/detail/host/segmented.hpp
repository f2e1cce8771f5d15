#pragma once
// Host implementation of the axis-reduction kernels (see detail/segmented.hpp): outputs spread over
// OpenMP threads, each range folded in blocks merged pairwise (NumPy-like float accuracy).

#include <cupp/detail/host/launch.hpp>

#include <algorithm>
#include <memory>

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

// Merges states s[lo, hi) in order, halves in a tree (as fold_pairwise).
template <class Red>
typename Red::acc_t merge_pairwise(const Red& red, const typename Red::acc_t* s, index_t lo,
                                   index_t hi) {
  if (hi - lo == 1) return s[lo];
  const index_t mid = lo + (hi - lo) / 2;
  return red.merge(merge_pairwise(red, s, lo, mid), merge_pairwise(red, s, mid, hi));
}

template <class Src, class Red>
void reduce_rows(Src src, const offset_map& rows_map, index_t stride, index_t rows, index_t len,
                 Red red, typename Red::result_t* out) {
  if (recorded([=] { reduce_rows(src, rows_map, stride, rows, len, red, out); })) return;
  // few long runs (a whole-array reduction is one): chunks of each run spread over the threads,
  // their states merged in a tree
  constexpr index_t chunk = index_t{1} << 16;
  if (rows < 64 && len >= 2 * chunk) {
    const index_t chunks = (len + chunk - 1) / chunk;
    // not a std::vector: acc_t may be bool
    const auto part =
        std::make_unique<typename Red::acc_t[]>(static_cast<std::size_t>(rows * chunks));
#pragma omp parallel for schedule(static)
    for (index_t w = 0; w < rows * chunks; ++w) {
      const index_t o = w / chunks, r0 = (w % chunks) * chunk;
      const index_t b = rows_map(o);
      part[w] = fold_pairwise(
          red, [&](index_t r) { return src[b + r * stride]; }, r0, std::min(r0 + chunk, len));
    }
    for (index_t o = 0; o < rows; ++o)
      out[o] = red.finish(merge_pairwise(red, part.get() + o * chunks, 0, chunks), len);
    return;
  }
#pragma omp parallel for schedule(static) if (rows * len >= omp_threshold)
  for (index_t o = 0; o < rows; ++o) {
    const index_t b = rows_map(o);
    out[o] = red.finish(fold_pairwise(
                            red, [&](index_t r) { return src[b + r * stride]; }, 0, len),
                        len);
  }
}

template <class Src, class Red>
void reduce_columns(Src src, const offset_map& cols_map, const offset_map& red_map, index_t cols,
                    index_t len, Red red, typename Red::result_t* out) {
  if (recorded([=] { reduce_columns(src, cols_map, red_map, cols, len, red, out); })) return;
#pragma omp parallel for schedule(static) if (cols * len >= omp_threshold)
  for (index_t o = 0; o < cols; ++o) {
    const index_t b = cols_map(o);
    out[o] = red.finish(fold_pairwise(
                            red, [&](index_t r) { return src[b + red_map(r)]; }, 0, len),
                        len);
  }
}

} // namespace cupp::detail
