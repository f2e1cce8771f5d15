// Parallel first touch of new host buffers (see core/transfer.hpp); the copies themselves are per
// backend (src/cuda/transfer.cpp, src/host/runtime.cpp).
#define CUPP_HOST_ONLY_TU
#include <cupp/core/transfer.hpp>

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>

namespace cupp::detail {

void prefault_host(void* p, std::size_t bytes) {
  constexpr std::size_t threshold = std::size_t{4} << 20; // below this, one thread is fine
  if (!p || bytes < threshold) return;
  const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  auto* base = static_cast<char*>(p);
  // huge pages where transparent huge pages are in "madvise" mode (a hint; failure is harmless)
  const auto first =
      (reinterpret_cast<std::uintptr_t>(base) + (2u << 20) - 1) & ~std::uintptr_t((2u << 20) - 1);
  const auto last =
      (reinterpret_cast<std::uintptr_t>(base) + bytes) & ~std::uintptr_t((2u << 20) - 1);
  if (last > first) madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
  const auto pages = static_cast<std::int64_t>((bytes + page - 1) / page);
#pragma omp parallel for schedule(static) num_threads(8)
  for (std::int64_t i = 0; i < pages; ++i)
    base[static_cast<std::size_t>(i) * page] = 0;
}

} // namespace cupp::detail
