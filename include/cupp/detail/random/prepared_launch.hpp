#pragma once
/// \file
/// The launch of a distribution's draws from a set-up prepared once per call (generate_impl.hpp):
/// `launch_draws(key, out, n, setup)`, an element a thread (store_prepared), the host backend's
/// way. On the GPU a distribution that gives `try_draw(stream, setup, out)`, one try of its draw
/// (true when it accepts), is drawn a try at a time with the lanes of a warp refilled. Each warp
/// owns a span of consecutive elements; a lane whose element is accepted takes the span's next
/// element while the others try again, so a warp no longer waits for its slowest lane's last
/// rejection (at gamma's shape 2, 1.8% of tries reject, so 45% of the warps of one element a lane
/// run a second whole try for one or two lanes). An element's value comes from its own stream and
/// tries, in any lane and any grid: the same values as draw's loop.

#include <cupp/detail/launch.hpp>
#include <cupp/detail/random/stream.hpp>

#include <algorithm>
#include <cstdint>

namespace cupp::detail::random {

template <class Dist, class T> struct store_prepared {
  T* out;
  call_key key;
  typename Dist::setup setup;
  Dist dist;
  CUPP_HD void operator()(index_t i) const {
    element_stream s(key, static_cast<std::uint64_t>(i));
    out[i] = static_cast<T>(dist.draw(s, setup));
  }
};

#if defined(CUPP_BACKEND_CUDA)
template <class D> constexpr bool has_try_draw() {
  return requires { &D::try_draw; };
}

template <class Dist, class T>
__global__ void __launch_bounds__(block_threads)
    refill_kernel(T* __restrict__ out, call_key key, typename Dist::setup setup, index_t n,
                  index_t span) {
  const unsigned lane = threadIdx.x % 32;
  index_t next = (index_t{blockIdx.x} * block_threads + threadIdx.x) / 32 * span;
  const index_t end = std::min(next + span, n);
  index_t i = next + lane;
  next += 32;
  element_stream s(key, static_cast<std::uint64_t>(i));
  const Dist dist{};
  for (;;) {
    const bool active = i < end;
    if (!__any_sync(~0u, active)) return;
    decltype(dist.draw(s, setup)) v{};
    const bool done = active && dist.try_draw(s, setup, v);
    if (done) out[i] = static_cast<T>(v);
    const unsigned accepted = __ballot_sync(~0u, done);
    if (done) { // the next elements go to the accepted lanes in lane order
      i = next + __popc(accepted & ((1u << lane) - 1));
      s = element_stream(key, static_cast<std::uint64_t>(i));
    }
    next += __popc(accepted);
  }
}

/// out[i] for i < n. Refilled: a span of 32 elements a lane at most, fewer while the grid would
/// have under 64K warps (a short call keeps one element a lane, as a launch without refills).
template <class Dist, class T>
void launch_draws(const call_key& key, T* out, index_t n, const typename Dist::setup& setup) {
  if (n <= 0) return;
  if constexpr (has_try_draw<Dist>()) {
    const index_t per_lane = std::clamp<index_t>(n / (index_t{32} << 16), 1, 32);
    const index_t span = 32 * per_lane, warps = (n + span - 1) / span;
    launch<&refill_kernel<Dist, T>>("refill_kernel", dim3(grid_for(warps * 32, block_threads)),
                                    dim3(block_threads), out, key, setup, n, span);
  } else {
    launch_for_each(n, store_prepared<Dist, T>{out, key, setup, {}});
  }
}
#else
template <class Dist, class T>
void launch_draws(const call_key& key, T* out, index_t n, const typename Dist::setup& setup) {
  launch_for_each(n, store_prepared<Dist, T>{out, key, setup, {}});
}
#endif

} // namespace cupp::detail::random
