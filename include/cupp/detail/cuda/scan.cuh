#pragma once
// CUDA implementation of the scan facility (see detail/scan.hpp): CUB DeviceScan, by key for runs.

#include <cupp/detail/cuda/cub_call.cuh>
#include <cupp/detail/reduce.hpp>

#include <cub/device/device_scan.cuh>
#include <cub/device/dispatch/dispatch_scan.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <cuda/std/functional>
#include <type_traits>

namespace cupp::detail {

/// The operator CUB is given: its tuned policies (sm_90: 128 threads of 24 floats with a tuned
/// look-back delay) apply to its own operators only, cupp's plus gets the default (128 threads of
/// 15); for floating-point values the two are the same addition (cupp's wraps integers and ors
/// bools).
template <class A, class Op> auto cub_scan_op(Op op) {
  if constexpr (std::is_same_v<Op, plus> && std::is_floating_point_v<A>)
    return ::cuda::std::plus<>{};
  else
    return op;
}

/// CUB's scan policies with one change on sm_90: 32 items a thread for 4-byte floating sums
/// where CUB's tuning has 24 (128 threads and its look-back delay kept). A sweep of the tile on an
/// H100 (2026-12-06, a scratch sweep of 256M float32; CuPy calls the same CUB) measured 0.814 ms
/// against 0.870 with CUB's own policy, 87.5% of a copy of the same bytes against 82%; other
/// tiles (64-512 threads, 12-40 items), delays, vectorized or streaming loads were all slower.
/// The hub is CCCL's (cub::detail::scan, bundled with the toolkit) with its sm_90 entry replaced.
template <class In, class Out, class Accum, class Offset, class Op> struct float_sum_policies {
  using cub_hub = cub::detail::scan::policy_hub<In, Out, Accum, Offset, Op>;
  struct Policy900 : cub::ChainedPolicy<900, Policy900, typename cub_hub::Policy860> {
    using ScanPolicyT =
        cub::AgentScanPolicy<128, 32, Accum, cub::BLOCK_LOAD_WARP_TRANSPOSE, cub::LOAD_DEFAULT,
                             cub::BLOCK_STORE_WARP_TRANSPOSE, cub::BLOCK_SCAN_WARP_SCANS,
                             cub::detail::MemBoundScaling<128, 32, Accum>,
                             cub::detail::fixed_delay_constructor_t<688, 1140>>;
  };
  struct MaxPolicy : cub::ChainedPolicy<1000, MaxPolicy, Policy900> {
    using ScanPolicyT = typename cub_hub::Policy1000::ScanPolicyT;
  };
};

template <class Out, class F, class Op>
void scan_runs(index_t n, index_t len, F f, Out out, Op cupp_op) {
  if (n <= 0) return;
  const auto in = thrust::make_transform_iterator(thrust::counting_iterator<index_t>(0), f);
  using A = decltype(f(index_t{}));
  const auto op = cub_scan_op<A>(cupp_op);
  if (len >= n && std::is_floating_point_v<A> && sizeof(A) == 4 && std::is_same_v<Op, plus>) {
    using offset = cub::detail::choose_offset_t<index_t>;
    using dispatch = cub::DispatchScan<
        decltype(in), Out, decltype(op), cub::NullType, offset, A, cub::ForceInclusive::No,
        float_sum_policies<A, cub::detail::it_value_t<Out>, A, offset, decltype(op)>>;
    cub_call("cub::DispatchScan", [&](void* tmp, std::size_t& bytes, cudaStream_t s) {
      return dispatch::Dispatch(tmp, bytes, in, out, op, cub::NullType{}, static_cast<offset>(n),
                                s);
    });
    return;
  }
  if (len >= n) {
    cub_call("cub::DeviceScan::InclusiveScan", [&](void* tmp, std::size_t& bytes, cudaStream_t s) {
      return cub::DeviceScan::InclusiveScan(tmp, bytes, in, out, op, n, s);
    });
    return;
  }
  const auto keys =
      thrust::make_transform_iterator(thrust::counting_iterator<index_t>(0), run_of{len});
  cub_call("cub::DeviceScan::InclusiveScanByKey",
           [&](void* tmp, std::size_t& bytes, cudaStream_t s) {
             return cub::DeviceScan::InclusiveScanByKey(tmp, bytes, keys, in, out, op, n,
                                                        ::cuda::std::equal_to<>{}, s);
           });
}

} // namespace cupp::detail
