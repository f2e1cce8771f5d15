// Backend-independent parts of the context: the per-thread current stream and the error helper.
#define CUPP_HOST_ONLY_TU
#include <cupp/core/context.hpp>

namespace cupp {

namespace {
thread_local native_stream tls_stream{};
} // namespace

native_stream current_stream() noexcept { return tls_stream; }

stream_guard::stream_guard(native_stream s) noexcept : previous_(tls_stream) { tls_stream = s; }
stream_guard::~stream_guard() { tls_stream = previous_; }

device_guard::device_guard(int id) : previous_(current_device()) { set_device(id); }
device_guard::~device_guard() { set_device(previous_); }

} // namespace cupp
