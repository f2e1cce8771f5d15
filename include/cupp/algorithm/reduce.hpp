#pragma once
/// \file
/// `cupp::reduce` and `cupp::segmented_reduce` on device ranges (any random-access iterators over
/// device memory: raw pointers, `thrust::device_ptr`, `ndarray::begin()`, Thrust's fancy
/// iterators), on the current stream without synchronising. They run on the same reduction
/// facility as cupp's own reductions (CUB on the CUDA backend, OpenMP on the host backend).

#include <cupp/algorithm/read.hpp>
#include <cupp/detail/reduce.hpp>
#include <cupp/ndarray.hpp>

namespace cupp {

/// The reduction of [first, last) with `op` from `init` (`std::reduce`; a tree: `op` must be
/// associative and `init` its identity), as a 0-d device array.
template <class It, class T, class Op>
[[nodiscard]] ndarray<T> reduce(It first, It last, T init, Op op) {
  ndarray<T> out(shape_t{});
  detail::reduce_flat(static_cast<index_t>(last - first), detail::read_as<T, It>{first}, out.data(),
                      init, op);
  return out;
}

/// out[s] = init op first[begin[s]] op ... op first[end[s] - 1] for each of `segments` (CUB's
/// DeviceSegmentedReduce::Reduce): `begin_offsets` and `end_offsets` are device ranges.
template <class It, class Off, class Out, class T, class Op>
void segmented_reduce(It first, index_t segments, Off begin_offsets, Off end_offsets, Out out,
                      T init, Op op) {
  if (segments <= 0) return;
  detail::reduce_segments(segments, first, begin_offsets, end_offsets, out, init, op);
}

} // namespace cupp
