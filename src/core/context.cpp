// Backend-independent parts of the context: the current stream per (thread, device), the
// guards, and the device check of every operation.
#define CUPP_HOST_ONLY_TU
#include <cupp/core/context.hpp>
#include <cupp/core/error.hpp>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

namespace cupp {

namespace {
// One current stream per (thread, device): a device_guard then needs no stream of its own, and
// a stream never runs work in another device's context.
constexpr int max_devices = 64;
thread_local native_stream tls_stream[max_devices] = {};
thread_local bool tls_started[max_devices] = {};

// CUPP_PER_THREAD_DEFAULT_STREAM=1 (CuPy's CUPY_CUDA_PER_THREAD_DEFAULT_STREAM): each thread
// starts on a blocking stream of its own per device instead of the legacy default stream, as
// CUDA's per-thread default stream does. It is a cupp::stream, not cudaStreamPerThread, whose
// one handle names a different stream on each thread and so cannot key the pools' blocks.
bool per_thread_default() {
  static const bool on = [] {
    const char* env = std::getenv("CUPP_PER_THREAD_DEFAULT_STREAM");
    return env && std::string(env) == "1";
  }();
  return on;
}
struct own_streams { // destroyed at thread exit, which returns what cupp holds for them
  std::unique_ptr<stream> of[max_devices];
};
thread_local own_streams tls_own;

// The (thread, device) current stream, which starts as the default stream.
native_stream& current_of(int d) noexcept {
  if (!tls_started[d]) {
    tls_started[d] = true;
    if (per_thread_default()) try {
        tls_own.of[d] = std::make_unique<stream>(stream_options{.non_blocking = false});
        tls_stream[d] = tls_own.of[d]->native();
      } catch (...) { // no usable device (or memory): the legacy stream, whose use raises it
      }
  }
  return tls_stream[d];
}

// peers[d]: bit p is set once device d enabled access to device p's memory
std::atomic<std::uint64_t> peers[max_devices] = {};

int slot() noexcept {
  try {
    const int d = current_device();
    return d >= 0 && d < max_devices ? d : 0;
  } catch (const error&) { // no usable device: the error comes with the first real call
    return 0;
  }
}
} // namespace

native_stream current_stream() noexcept { return current_of(slot()); }

stream_guard::stream_guard(native_stream s) noexcept
    : device_(slot()), previous_(current_of(device_)) {
  tls_stream[device_] = s;
}
stream_guard::stream_guard(const stream& s) : device_(slot()), previous_(current_of(device_)) {
  if (s.device() != current_device())
    throw value_error("The device that the stream was created on (" + std::to_string(s.device()) +
                      ") does not match the current device (" + std::to_string(current_device()) +
                      ")");
  tls_stream[device_] = s.native();
}
stream_guard::~stream_guard() { tls_stream[device_] = previous_; }

namespace {
native_stream adoptable(native_stream s) {
  // 0x2 is CUDA's cudaStreamPerThread (driver_types.h), refused on both backends alike
  if (s == reinterpret_cast<native_stream>(0x2))
    throw value_error("external_stream cannot adopt cudaStreamPerThread: that one handle names a "
                      "different stream on each thread (pass the stream itself)");
  return s;
}
} // namespace

external_stream::external_stream(native_stream s, int device)
    : external_stream(s, inspect(adoptable(s), device)) {}

device_guard::device_guard(int id) : previous_(current_device()) { set_device(id); }
device_guard::~device_guard() {
  try {
    set_device(previous_);
  } catch (const error&) { // a destructor must not throw; the device was valid when entered
  }
}

void enable_peer_access(int peer) {
  const int d = current_device();
  if (peer == d || detail::peer_enabled(d, peer)) return;
  detail::check_device_id(peer);
  if (!can_access_peer(d, peer))
    throw value_error("device " + std::to_string(d) + " cannot access device " +
                      std::to_string(peer) + "'s memory (no peer access between them)");
  detail::enable_peer_backend(peer);
  peers[d].fetch_or(std::uint64_t{1} << peer, std::memory_order_release);
}

namespace detail {

void check_device_id(int id) {
  const int n = device_count();
  if (id < 0 || id >= n)
    throw value_error("device id " + std::to_string(id) + " is out of range for " +
                      std::to_string(n) + " device(s)");
}

bool peer_enabled(int device, int peer) noexcept {
  return device >= 0 && device < max_devices && peer >= 0 && peer < max_devices &&
         (peers[device].load(std::memory_order_acquire) >> peer & 1U);
}

void throw_device_mismatch(int array_device, int current) {
  throw value_error("Array device must be same as the current device: array device = " +
                    std::to_string(array_device) + " while current = " + std::to_string(current) +
                    " (copy it with a.to_device(" + std::to_string(current) +
                    "), or call cupp::enable_peer_access(" + std::to_string(array_device) +
                    ") on device " + std::to_string(current) + ")");
}

} // namespace detail

} // namespace cupp
