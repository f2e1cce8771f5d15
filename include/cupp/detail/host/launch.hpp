#pragma once
// Host implementation of the launch facility (see detail/launch.hpp): OpenMP loops.

#include <cupp/core/config.hpp>

namespace cupp::detail {

// Below this many elements a parallel region costs more than it saves.
inline constexpr index_t omp_threshold = 32768;

template <class T, class F> void launch_transform(index_t n, T* out, F f) {
#pragma omp parallel for schedule(static) if (n >= omp_threshold)
  for (index_t i = 0; i < n; ++i)
    out[i] = f(i);
}

template <class F> void launch_for_each(index_t n, F f) {
#pragma omp parallel for schedule(static) if (n >= omp_threshold)
  for (index_t i = 0; i < n; ++i)
    f(i);
}

} // namespace cupp::detail
