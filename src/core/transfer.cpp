// The copy between devices and the parallel first touch of new host buffers (see
// core/transfer.hpp); the byte copies themselves are per backend (src/cuda/transfer.cpp,
// src/host/runtime.cpp).
#define CUPP_HOST_ONLY_TU
#include <cupp/core/transfer.hpp>
#include <cupp/detail/event.hpp>

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <memory>

#include "capture.hpp"

namespace cupp::detail {

namespace {
struct event_deleter {
  void operator()(void* e) const noexcept { event_destroy(e); }
};
using owned_event = std::unique_ptr<void, event_deleter>;
} // namespace

void copy_from_host_async(void* dst, const void* host, std::size_t bytes, native_stream s) {
  require_not_capturing(s, "a copy of host data (asarray)");
  copy_bytes_async(dst, host, bytes, s);
}

void copy_between_devices(void* dst, const void* src, int src_device, std::size_t bytes) {
  if (!bytes) return;
  const native_stream to = current_stream();
  // the wait on an event of the source's stream would join it to the capture
  require_not_capturing(to, "a copy between devices");
  native_stream from{};
  owned_event ready;
  {
    const device_guard on(src_device); // an event is recorded on a stream of its own device
    from = current_stream();
    ready.reset(event_create());
    event_record(ready.get(), from);
  }
  stream_wait_event(to, ready.get());
  copy_bytes_async(dst, src, bytes, to); // unified addressing: peer access or staged by the driver
  const owned_event copied(event_create());
  event_record(copied.get(), to);
  stream_wait_event(from, copied.get());
}

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
