#pragma once
/// \file
/// `cupp::transform` and `cupp::for_each_index` on device ranges, on the current stream without
/// synchronising, through the launch facility of cupp's elementwise kernels. The functions run on
/// the device: functors with `__host__ __device__` call operators, or `__device__` lambdas.

#include <cupp/core/config.hpp>
#include <cupp/detail/launch.hpp>

namespace cupp {

namespace detail {
template <class It, class Out, class F> struct transform_at {
  It first;
  Out out;
  F f;
  CUPP_HD void operator()(index_t i) const { out[i] = f(first[i]); }
};
} // namespace detail

/// out[i] = f(first[i]) for every i in [0, last - first) (`std::transform`).
template <class It, class Out, class F> void transform(It first, It last, Out out, F f) {
  detail::launch_for_each(static_cast<index_t>(last - first),
                          detail::transform_at<It, Out, F>{first, out, f});
}

/// f(i) for every i in [0, n) (a kernel of n threads' work, in no particular order).
template <class F> void for_each_index(index_t n, F f) { detail::launch_for_each(n, f); }

} // namespace cupp
