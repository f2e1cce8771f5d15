#pragma once
// Host implementation of warp_lines (see ../warp_lines.hpp): lines in parallel, each phase's
// lanes in turn.

#include <cupp/detail/host/record.hpp>
#include <cupp/detail/warp_lines.hpp>

#include <memory>

namespace cupp::detail {

template <class F> void warp_lines(index_t lines, std::size_t bytes, const F& f) {
  if (lines <= 0) return;
  if (recorded([=] { warp_lines(lines, bytes, f); })) return;
#pragma omp parallel if (lines > 1)
  {
    // operator new's alignment (16 bytes), as the CUDA backend's shared memory
    const auto scratch = std::make_unique<double[]>((bytes + sizeof(double) - 1) / sizeof(double));
    auto* s = reinterpret_cast<unsigned char*>(scratch.get());
#pragma omp for schedule(dynamic, 16)
    for (index_t line = 0; line < lines; ++line)
      for (int k = 0; k < F::phases; ++k)
        for (int lane = 0; lane < warp_lanes; ++lane)
          f.phase(k, line, s, lane);
  }
}

} // namespace cupp::detail
