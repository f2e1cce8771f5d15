#pragma once
// Work on lines with a fast scratch buffer: `lines` independent programs, each walking its line
// (a lower envelope built element by element, searches over the line's features), whose state
// does not fit in registers. In global memory every step of such a walk waits for a load from L2
// (distance_transform_edt: about 1 us a step, 9 ms for 2048^2 on the H200); in shared memory a
// few dozen cycles.
//
//   warp_lines(lines, bytes, f)
//       for every line, with `bytes` (<= warp_line_bytes) of scratch: the phases
//       f.phase(k, line, scratch, lane) for k < F::phases, each run by all warp_lanes lanes
//       before the next one begins (lanes share the scratch; a phase may leave lanes idle)
//
// CUDA: a warp per line (a block of 32 threads, the scratch in dynamic shared memory: many blocks
// per SM, as many lines at a time as their scratch allows); the host: lines in parallel, the
// lanes of each phase in turn, so that the host tests run the GPU's code.

#include <cupp/core/config.hpp>

#include <cstddef>

namespace cupp::detail {

/// The most scratch a line may have: shared memory a block takes without the kernel's opt-in.
inline constexpr std::size_t warp_line_bytes = 48 * 1024;
inline constexpr int warp_lanes = 32;

} // namespace cupp::detail

#if defined(CUPP_BACKEND_CUDA)
#include <cupp/detail/cuda/warp_lines.cuh>
#else
#include <cupp/detail/host/warp_lines.hpp>
#endif
