// Host backend of the context and transfer facilities: one device (the host), work runs at once.
#define CUPP_HOST_ONLY_TU
#include <cupp/core/context.hpp>
#include <cupp/core/error.hpp>
#include <cupp/core/transfer.hpp>
#include <cupp/detail/fault.hpp>
#include <cupp/detail/launch_check.hpp>

#include <omp.h>
#include <unistd.h>

#include <cstring>
#include <string>

namespace cupp {

namespace detail {

void copy_bytes_async(void* dst, const void* src, std::size_t bytes, native_stream) {
  if (bytes) std::memcpy(dst, src, bytes);
}

void copy_to_host(void* dst, const void* src, std::size_t bytes, native_stream s) {
  copy_bytes_async(dst, src, bytes, s);
  raise_pending_fault();
}

fault_record* fault_slot() {
  static fault_record record{};
  return &record;
}

void check_last_launch(const char*, const char*, int) {}

} // namespace detail

stream::stream() = default;
stream::~stream() = default;
void stream::synchronize() const { detail::raise_pending_fault(); }
bool stream::done() const { return true; } // work runs at once

void synchronize() { detail::raise_pending_fault(); }
void device_synchronize() { detail::raise_pending_fault(); }

int device_count() { return 1; }
int current_device() { return 0; }

void set_device(int id) {
  if (id != 0)
    throw value_error("device id " + std::to_string(id) + " is out of range for 1 device(s)");
}

namespace {
std::size_t physical_memory() {
  return static_cast<std::size_t>(sysconf(_SC_PHYS_PAGES)) *
         static_cast<std::size_t>(sysconf(_SC_PAGE_SIZE));
}
} // namespace

device_properties get_device_properties(int id) {
  set_device(id);
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
