// The backend-independent half of raw kernels: per-device kernel slots and argument checks.
#define CUPP_HOST_ONLY_TU
#include <cupp/core/context.hpp>
#include <cupp/core/error.hpp>
#include <cupp/detail/rtc.hpp>

#include <algorithm>

namespace cupp::detail::rtc {

kernel_slots::kernel_slots(std::shared_ptr<const module_source> source, std::string name)
    : source_(std::move(source)), name_(std::move(name)),
      slots_(static_cast<std::size_t>(std::max(device_count(), 1))) {}

const function& kernel_slots::current() {
  const auto device = static_cast<std::size_t>(current_device());
  if (const function* f = slots_[device].load(std::memory_order_acquire)) return *f;
  const std::lock_guard<std::mutex> lock(mutex_);
  if (const function* f = slots_[device].load(std::memory_order_relaxed)) return *f;
  loaded_.push_back(load_function(*source_, name_, static_cast<int>(device), parameters::checked));
  slots_[device].store(&loaded_.back(), std::memory_order_release);
  return loaded_.back();
}

void check_arguments(const function& f, const std::size_t* sizes, std::size_t n) {
  if (!f.sizes_known) return;
  if (n != f.param_sizes.size())
    throw type_error("kernel '" + f.name + "' takes " + std::to_string(f.param_sizes.size()) +
                     " argument(s), got " + std::to_string(n));
  for (std::size_t k = 0; k < n; ++k)
    if (sizes[k] != f.param_sizes[k])
      throw type_error("argument " + std::to_string(k) + " of kernel '" + f.name + "' has " +
                       std::to_string(sizes[k]) + " bytes, but the parameter has " +
                       std::to_string(f.param_sizes[k]) +
                       " (pass the exact C++ type the kernel declares)");
}

} // namespace cupp::detail::rtc
