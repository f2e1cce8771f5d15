#pragma once
/// \file
/// STL-style algorithms on device ranges: any random-access iterators over device memory (raw
/// pointers, `thrust::device_ptr`, `ndarray::begin()`, Thrust's fancy iterators). They run on the
/// current stream with scratch from the current memory resource and never synchronise; results
/// that are single values come back as 0-d device arrays. CUB does the work on the CUDA backend.
///
///   cupp::reduce(first, last, init, op)                          -> ndarray<T> (0-d)
///   cupp::inclusive_scan(first, last, out, op)
///   cupp::exclusive_scan(first, last, out, init, op)
///   cupp::segmented_reduce(first, segments, begin_offsets, end_offsets, out, init, op)

#include <cupp/core/ndarray.hpp>

#include <iterator>

#if defined(CUPP_BACKEND_CUDA)
#include <cupp/detail/check.hpp>
#include <cupp/detail/scratch.hpp>

#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_segmented_reduce.cuh>
#endif

namespace cupp {

namespace detail {
/// Runs a CUB two-phase call: `call(temp, bytes)` sizes, then runs with scratch from the pool.
template <class Call> void with_cub_scratch(Call call) {
#if defined(CUPP_BACKEND_CUDA)
  std::size_t bytes = 0;
  CUPP_CUDA_CHECK(call(nullptr, bytes));
  scratch tmp(bytes);
  CUPP_CUDA_CHECK(call(tmp.data(), bytes));
#else
  (void)call;
#endif
}
} // namespace detail

/// The reduction of [first, last) with `op` from `init` (a tree: `op` must be associative).
template <class It, class T, class Op> [[nodiscard]] ndarray<T> reduce(It first, It last, T init, Op op) {
  ndarray<T> out(shape_t{});
  const auto n = static_cast<index_t>(last - first);
#if defined(CUPP_BACKEND_CUDA)
  detail::with_cub_scratch([&](void* tmp, std::size_t& bytes) {
    return cub::DeviceReduce::Reduce(tmp, bytes, first, out.data(), n, op, init, current_stream());
  });
#else
  T acc = init;
  for (index_t i = 0; i < n; ++i)
    acc = op(acc, static_cast<T>(first[i]));
  *out.data() = acc;
#endif
  return out;
}

/// out[i] = first[0] op ... op first[i].
template <class It, class Out, class Op> void inclusive_scan(It first, It last, Out out, Op op) {
  const auto n = static_cast<index_t>(last - first);
  if (n <= 0) return;
#if defined(CUPP_BACKEND_CUDA)
  detail::with_cub_scratch([&](void* tmp, std::size_t& bytes) {
    return cub::DeviceScan::InclusiveScan(tmp, bytes, first, out, op, n, current_stream());
  });
#else
  using V = typename std::iterator_traits<It>::value_type;
  V acc = first[0];
  out[0] = acc;
  for (index_t i = 1; i < n; ++i) {
    acc = op(acc, static_cast<V>(first[i]));
    out[i] = acc;
  }
#endif
}

/// out[i] = init op first[0] op ... op first[i - 1].
template <class It, class Out, class T, class Op>
void exclusive_scan(It first, It last, Out out, T init, Op op) {
  const auto n = static_cast<index_t>(last - first);
  if (n <= 0) return;
#if defined(CUPP_BACKEND_CUDA)
  detail::with_cub_scratch([&](void* tmp, std::size_t& bytes) {
    return cub::DeviceScan::ExclusiveScan(tmp, bytes, first, out, op, init, n, current_stream());
  });
#else
  T acc = init;
  for (index_t i = 0; i < n; ++i) {
    const T x = static_cast<T>(first[i]);
    out[i] = acc;
    acc = op(acc, x);
  }
#endif
}

/// out[s] = init op first[begin[s]] op ... op first[end[s] - 1] for each of `segments`.
template <class It, class Off, class Out, class T, class Op>
void segmented_reduce(It first, index_t segments, Off begin_offsets, Off end_offsets, Out out,
                      T init, Op op) {
  if (segments <= 0) return;
#if defined(CUPP_BACKEND_CUDA)
  detail::with_cub_scratch([&](void* tmp, std::size_t& bytes) {
    return cub::DeviceSegmentedReduce::Reduce(tmp, bytes, first, out, segments, begin_offsets,
                                              end_offsets, op, init, current_stream());
  });
#else
  for (index_t s = 0; s < segments; ++s) {
    T acc = init;
    for (auto i = begin_offsets[s]; i < end_offsets[s]; ++i)
      acc = op(acc, static_cast<T>(first[i]));
    out[s] = acc;
  }
#endif
}

} // namespace cupp
