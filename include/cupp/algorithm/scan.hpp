#pragma once
/// \file
/// `cupp::inclusive_scan` and `cupp::exclusive_scan` on device ranges, on the current stream
/// without synchronising, through the scan facility cupp's cumsum uses (CUB DeviceScan on the CUDA
/// backend, OpenMP on the host backend). `op` must be associative.

#include <cupp/algorithm/read.hpp>
#include <cupp/core/config.hpp>
#include <cupp/detail/scan.hpp>

#include <iterator>

namespace cupp {

/// out[i] = first[0] op ... op first[i] (`std::inclusive_scan`).
template <class It, class Out, class Op> void inclusive_scan(It first, It last, Out out, Op op) {
  using V = typename std::iterator_traits<It>::value_type;
  const auto n = static_cast<index_t>(last - first);
  detail::scan_runs(n, n, detail::read_as<V, It>{first}, out, op);
}

namespace detail {
// The exclusive scan's input: init, then the range shifted by one.
template <class T, class It> struct shifted_in {
  It first;
  T init;
  CUPP_HD T operator()(index_t i) const { return i == 0 ? init : static_cast<T>(first[i - 1]); }
};
} // namespace detail

/// out[i] = init op first[0] op ... op first[i - 1] (`std::exclusive_scan`).
template <class It, class Out, class T, class Op>
void exclusive_scan(It first, It last, Out out, T init, Op op) {
  const auto n = static_cast<index_t>(last - first);
  detail::scan_runs(n, n, detail::shifted_in<T, It>{first, init}, out, op);
}

} // namespace cupp
