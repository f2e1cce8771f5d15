// Backend-independent parts of the context: the current stream per (thread, device) and the
// guards.
#define CUPP_HOST_ONLY_TU
#include <cupp/core/context.hpp>
#include <cupp/core/error.hpp>

#include <string>

namespace cupp {

namespace {
// One current stream per (thread, device): a device_guard then needs no stream of its own, and
// a stream never runs work in another device's context.
constexpr int max_devices = 64;
thread_local native_stream tls_stream[max_devices] = {};

int slot() noexcept {
  try {
    const int d = current_device();
    return d >= 0 && d < max_devices ? d : 0;
  } catch (const error&) { // no usable device: the error comes with the first real call
    return 0;
  }
}
} // namespace

native_stream current_stream() noexcept { return tls_stream[slot()]; }

stream_guard::stream_guard(native_stream s) noexcept
    : device_(slot()), previous_(tls_stream[device_]) {
  tls_stream[device_] = s;
}
stream_guard::stream_guard(const stream& s) : device_(slot()), previous_(tls_stream[device_]) {
  if (s.device() != current_device())
    throw value_error("The device that the stream was created on (" + std::to_string(s.device()) +
                      ") does not match the current device (" + std::to_string(current_device()) +
                      ")");
  tls_stream[device_] = s.native();
}
stream_guard::~stream_guard() { tls_stream[device_] = previous_; }

device_guard::device_guard(int id) : previous_(current_device()) { set_device(id); }
device_guard::~device_guard() {
  try {
    set_device(previous_);
  } catch (const error&) { // a destructor must not throw; the device was valid when entered
  }
}

} // namespace cupp
