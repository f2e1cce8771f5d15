#pragma once
/// \file
/// Axis reductions: the kernels behind `sum(a, axis)` and friends, with a reducer (the interface is
/// described in reduction/reducers.hpp). Both backends provide, in namespace cupp::detail, on the
/// current stream:
///
///   reduce_rows(src, rows_map, stride, rows, len, red, out)
///       out[o] = red over src[rows_map(o) + r * stride], r < len: each output reads one run
///       (the reduced axes are innermost: a group of threads shares each output)
///   reduce_columns(src, cols_map, red_map, cols, len, red, out)
///       out[o] = red over src[cols_map(o) + red_map(r)], r < len: consecutive outputs are
///       adjacent in memory (the reduced axes are outer: a thread per output and part of r)
///
/// `src` is an element source: a pointer to the elements (the CUDA rows kernel then loads 16
/// bytes at once where the runs allow), or a flat_source over a fused expression's evaluator.
/// `out` is contiguous, of the reducer's result type; every output has at least one element.

#include <cupp/core/config.hpp>
#include <cupp/core/layout.hpp>

#include <type_traits>

namespace cupp::detail {

/// An element source over `f: index_t -> value` (an expression's flat evaluator, C order).
template <class F> struct flat_source {
  F f;
  CUPP_HD auto operator[](index_t i) const { return f(i); }
};

template <class Src>
using source_value_t = std::remove_cvref_t<decltype(std::declval<const Src&>()[index_t{}])>;

/// A reducer's merge as a binary functor (for CUB's block and warp reductions).
template <class Red> struct merge_with {
  Red red;
  CUPP_HD typename Red::acc_t operator()(const typename Red::acc_t& a,
                                         const typename Red::acc_t& b) const {
    return red.merge(a, b);
  }
};

/// The state after the N elements x at positions i..: the reducer's add_run where it has one.
template <class Red, class T, int N>
CUPP_HD typename Red::acc_t add_run(const Red& red, typename Red::acc_t acc, const T (&x)[N],
                                    index_t i) {
  if constexpr (requires { red.add_run(acc, x, i); }) {
    return red.add_run(acc, x, i);
  } else {
    CUPP_UNROLL
    for (int k = 0; k < N; ++k)
      acc = red.add(acc, x[k], i + k);
    return acc;
  }
}

} // namespace cupp::detail

#if defined(CUPP_BACKEND_CUDA)
#include <cupp/detail/cuda/segmented.cuh>
#else
#include <cupp/detail/host/segmented.hpp>
#endif
