// Backend-independent parts of the context: the per-thread current stream and the guards.
#define CUPP_HOST_ONLY_TU
#include <cupp/core/context.hpp>
#include <cupp/core/error.hpp>

namespace cupp {

namespace {
thread_local native_stream tls_stream{};
} // namespace

native_stream current_stream() noexcept { return tls_stream; }

stream_guard::stream_guard(native_stream s) noexcept : previous_(tls_stream) { tls_stream = s; }
stream_guard::~stream_guard() { tls_stream = previous_; }

device_guard::device_guard(int id) : previous_(current_device()) { set_device(id); }
device_guard::~device_guard() {
  try {
    set_device(previous_);
  } catch (const error&) { // a destructor must not throw; the device was valid when entered
  }
}

} // namespace cupp
