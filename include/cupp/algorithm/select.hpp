#pragma once
/// \file
/// `cupp::copy_if` on device ranges, on the current stream without synchronising, through the
/// stream-compaction facility of cupp's boolean indexing (CUB DeviceSelect on the CUDA backend).

#include <cupp/algorithm/read.hpp>
#include <cupp/detail/launch.hpp>
#include <cupp/detail/select.hpp>
#include <cupp/ndarray.hpp>

namespace cupp {

namespace detail {
template <class It, class Pred> struct pred_at {
  It first;
  Pred pred;
  CUPP_HD bool operator()(index_t i) const { return pred(first[i]); }
};
// out[k] = first[picked[k]] for the k below the count, which only the device knows
template <class It, class Out> struct gather_picked {
  It first;
  Out out;
  const index_t* picked;
  const index_t* count;
  CUPP_HD void operator()(index_t k) const {
    if (k < *count) out[k] = first[picked[k]];
  }
};
} // namespace detail

/// Copies the elements of [first, last) for which `pred` holds to `out`, in order
/// (`std::copy_if`); returns their number as a 0-d device array (`out` needs room for all).
template <class It, class Out, class Pred>
[[nodiscard]] ndarray<index_t> copy_if(It first, It last, Out out, Pred pred) {
  const index_t n = last - first;
  ndarray<index_t> count(shape_t{});
  ndarray<index_t> picked(shape_t{n});
  if (n == 0) {
    count.fill(0);
    return count;
  }
  detail::select_if(n, detail::pred_at<It, Pred>{first, pred}, picked.data(), count.data());
  detail::launch_for_each(n,
                          detail::gather_picked<It, Out>{first, out, picked.data(), count.data()});
  return count;
}

} // namespace cupp
