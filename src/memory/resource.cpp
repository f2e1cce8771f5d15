// The per-device registry of current resources, the default pools, and the synchronous forms of
// allocate/deallocate.
#define CUPP_HOST_ONLY_TU
#include <cupp/core/error.hpp>
#include <cupp/memory/pool.hpp>
#include <cupp/memory/upstream.hpp>

#include <atomic>
#include <cstdlib>
#include <mutex>
#include <string>

#include "../core/capture.hpp"

namespace cupp::mr {

namespace {

constexpr int max_devices = 64;
std::atomic<memory_resource*> installed[max_devices] = {};

int resolve(int device) {
  static const int count = device_count(); // asked once: this runs on every allocation
  const int id = device < 0 ? current_device() : device;
  if (id < 0 || id >= max_devices || id >= count)
    throw value_error("device id " + std::to_string(id) + " is out of range for " +
                      std::to_string(count) + " device(s)");
  return id;
}

// CUPP_GPU_MEMORY_LIMIT: bytes ("1073741824") or a percentage of the device's memory ("50%").
void apply_env_limit(pool_resource& pool) {
  const char* env = std::getenv("CUPP_GPU_MEMORY_LIMIT");
  if (!env || !*env) return;
  const std::string v(env);
  char* end = nullptr;
  const double number = std::strtod(v.c_str(), &end);
  const std::string rest(end);
  if (end == v.c_str() || !(number >= 0) || (!rest.empty() && rest != "%"))
    throw value_error("CUPP_GPU_MEMORY_LIMIT must be a byte count or a percentage, got '" + v +
                      "'");
  if (rest == "%") {
    pool.set_limit_fraction(number / 100.0);
  } else {
    pool.set_limit(static_cast<std::size_t>(number));
  }
}

} // namespace

pool_resource& get_default_memory_pool(int device) {
  static std::atomic<pool_resource*> pools[max_devices] = {};
  static std::mutex creating;
  const int id = resolve(device);
  if (pool_resource* p = pools[id].load(std::memory_order_acquire)) return *p;
  std::lock_guard lock(creating);
  if (pool_resource* p = pools[id].load(std::memory_order_acquire)) return *p;
  // Never destroyed: arrays in static storage may outlive any destruction order we could pick.
  auto* p = new pool_resource(backend_name == std::string("cuda")
                                  ? static_cast<memory_resource*>(device_malloc())
                                  : host_malloc(),
                              id);
  apply_env_limit(*p);
  pools[id].store(p, std::memory_order_release);
  return *p;
}

pool_resource& get_default_pinned_memory_pool() {
  static auto* p = new pool_resource(pinned_malloc(), 0, /*host_consumer=*/true);
  return *p;
}

memory_resource* get_current_resource(int device) {
  const int id = resolve(device);
  if (memory_resource* r = cupp::detail::capture_resource(id)) return r; // a graph's own memory
  memory_resource* r = installed[id].load(std::memory_order_acquire);
  return r ? r : &get_default_memory_pool(id);
}

memory_resource* set_current_resource(memory_resource* r, int device) {
  const int id = resolve(device);
  memory_resource* previous = installed[id].exchange(r, std::memory_order_acq_rel);
  return previous ? previous : &get_default_memory_pool(id);
}

void* memory_resource::allocate(std::size_t bytes, std::size_t alignment) {
  void* p = allocate_async(bytes, alignment, native_stream{});
  device_synchronize(); // usable on every stream, as the synchronous form promises
  return p;
}

void memory_resource::deallocate(void* p, std::size_t bytes, std::size_t alignment) noexcept {
  deallocate_async(p, bytes, alignment, native_stream{});
}

} // namespace cupp::mr
