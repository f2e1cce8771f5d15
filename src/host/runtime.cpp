// Host backend of the context and transfer facilities: the host is the device (or several, with
// CUPP_HOST_DEVICES), and work runs at once.
#define CUPP_HOST_ONLY_TU
#include <cupp/core/context.hpp>
#include <cupp/core/error.hpp>
#include <cupp/core/transfer.hpp>
#include <cupp/detail/fault.hpp>
#include <cupp/detail/host/record.hpp>
#include <cupp/detail/launch_check.hpp>
#include <cupp/memory/pool.hpp>

#include <omp.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <utility>

#include "../core/capture.hpp"

namespace cupp {

namespace detail {

void copy_bytes_async(void* dst, const void* src, std::size_t bytes, native_stream) {
  if (bytes) run_or_record([=] { std::memcpy(dst, src, bytes); });
}

void copy_to_host(void* dst, const void* src, std::size_t bytes, native_stream s) {
  require_not_capturing(s, "a copy to the host (item(), get(), printing)");
  copy_bytes_async(dst, src, bytes, s);
  raise_pending_fault();
}

fault_record* fault_slot() {
  static fault_record record{};
  return &record;
}

void check_last_launch(const char*, const char*, int) {}

} // namespace detail

namespace {
// What a stream handle points to here: its device and options (so that external_stream finds
// them, as CUDA's stream queries do). Distinct handles let the pools' per-stream bookkeeping run
// as on a GPU; work runs at once, so there is nothing to order.
struct host_stream {
  int device;
  stream_options options;
};
} // namespace

stream::stream(const stream_options& options)
    : device_(current_device()), options_{options.non_blocking,
                                          0} { // the only priority there is, as CUDA clamps
  s_ = reinterpret_cast<native_stream>(new host_stream{device_, options_});
  mr::remember_stream(s_);
}
stream::~stream() {
  if (!owned_) return;
  try {
    mr::forget_stream(s_);
  } catch (const error&) {
  }
  delete reinterpret_cast<host_stream*>(s_);
}
void stream::synchronize() const {
  detail::require_not_capturing(s_, "stream::synchronize()");
  detail::raise_pending_fault();
}
bool stream::done() const { // work runs at once
  detail::require_not_capturing(s_, "stream::done()");
  return true;
}
void stream::launch_host_func(std::function<void()> f) const {
  const stream_guard on(s_); // recorded when this stream is being captured
  detail::run_or_record(f);
}

std::pair<int, stream_options> external_stream::inspect(native_stream s, int device) {
  if (device >= 0) detail::check_device_id(device);
  // the legacy default stream (null) is the current device's, and blocking
  const host_stream found = s ? *reinterpret_cast<const host_stream*>(s)
                              : host_stream{current_device(), {.non_blocking = false}};
  if (device >= 0 && device != found.device)
    throw value_error("the stream belongs to device " + std::to_string(found.device) +
                      ", not device " + std::to_string(device));
  return {found.device, found.options};
}

priority_range stream_priority_range() { return {}; }

void synchronize() {
  detail::require_not_capturing(current_stream(), "synchronize()");
  detail::raise_pending_fault();
}
void device_synchronize() {
  detail::require_not_capturing(native_stream{}, "device_synchronize()");
  detail::raise_pending_fault();
}

namespace {
// CUPP_HOST_DEVICES=N: N devices sharing the host's memory, so that programs and tests run the
// multi-device paths (per-device streams, pools, checks, copies) on a machine without GPUs.
int host_devices() {
  static const int n = [] {
    const char* env = std::getenv("CUPP_HOST_DEVICES");
    if (!env || !*env) return 1;
    char* end = nullptr;
    const long v = std::strtol(env, &end, 10);
    if (*end != '\0' || v < 1 || v > 64)
      throw value_error(
          std::string("CUPP_HOST_DEVICES must be a device count from 1 to 64, got '") + env + "'");
    return static_cast<int>(v);
  }();
  return n;
}
thread_local int tls_device = 0;
} // namespace

int device_count() { return host_devices(); }
int current_device() { return tls_device; }

void set_device(int id) {
  detail::check_device_id(id);
  tls_device = id;
}

bool can_access_peer(int device, int peer) {
  detail::check_device_id(device);
  detail::check_device_id(peer);
  return true; // one memory
}

namespace detail {
void enable_peer_backend(int) {}
} // namespace detail

namespace {
std::size_t physical_memory() {
  return static_cast<std::size_t>(sysconf(_SC_PHYS_PAGES)) *
         static_cast<std::size_t>(sysconf(_SC_PAGE_SIZE));
}
} // namespace

device_properties get_device_properties(int id) {
  detail::check_device_id(id);
  return {"host CPU (OpenMP)", physical_memory(), 0, 0, omp_get_max_threads()};
}

int runtime_version() { return 0; }
int driver_version() { return 0; }

memory_info mem_info() {
  return {static_cast<std::size_t>(sysconf(_SC_AVPHYS_PAGES)) *
              static_cast<std::size_t>(sysconf(_SC_PAGE_SIZE)),
          physical_memory()};
}

} // namespace cupp
