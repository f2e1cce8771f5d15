// The per-device registry of current memory resources.
#define CUPP_HOST_ONLY_TU
#include <cupp/core/error.hpp>
#include <cupp/memory/resource.hpp>

#include <atomic>
#include <string>

namespace cupp::mr {

namespace {
constexpr int max_devices = 64;
std::atomic<memory_resource*> current[max_devices] = {};

int resolve(int device) {
  static const int count = device_count(); // asked once: this runs on every allocation
  const int id = device < 0 ? current_device() : device;
  if (id < 0 || id >= max_devices || id >= count)
    throw value_error("device id " + std::to_string(id) + " is out of range for " +
                      std::to_string(count) + " device(s)");
  return id;
}
} // namespace

memory_resource* get_current_resource(int device) {
  memory_resource* r = current[resolve(device)].load(std::memory_order_acquire);
  return r ? r : default_resource();
}

memory_resource* set_current_resource(memory_resource* r, int device) {
  memory_resource* previous = current[resolve(device)].exchange(r, std::memory_order_acq_rel);
  return previous ? previous : default_resource();
}

} // namespace cupp::mr
