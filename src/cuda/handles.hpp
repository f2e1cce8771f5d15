#pragma once
// The CUDA libraries' handles, one per (device, host thread): made on first use, destroyed when
// the thread exits, bound to the current stream by the accessors. cuBLAS's (src/cuda/blas.cpp)
// also gets its per-stream workspace from the pool; cuSOLVER's workspaces come per call from the
// pool (detail::scratch). FFT plans take the same road.
#include <cupp/core/context.hpp>

#include <cublas_v2.h>
#include <cusolverDn.h>

#include <map>

#include "../core/capture.hpp"

namespace cupp::detail {

/// This thread's handle of the current device: `make()` returns a new one (it may throw),
/// `destroy(h)` frees one at thread exit (errors then are moot). Creating one allocates, which
/// CUDA forbids while a stream is captured: it runs in relaxed mode.
template <class Handle, class Make, class Destroy>
Handle& thread_handle(Make make, Destroy destroy) {
  struct table {
    Destroy destroy;
    std::map<int, Handle> by_device;
    ~table() {
      for (auto& [device, h] : by_device)
        destroy(h);
    }
  };
  thread_local table t{destroy, {}};
  const int device = current_device();
  auto it = t.by_device.find(device);
  if (it == t.by_device.end()) {
    const relaxed_capture relaxed;
    it = t.by_device.emplace(device, make()).first;
  }
  return it->second;
}

/// cuBLAS's handle of the current device, bound to the current stream and its workspace.
[[nodiscard]] cublasHandle_t cublas_handle();

/// cuSOLVER's dense handle (and its 64-bit API's parameters) of the current device, bound to the
/// current stream.
struct cusolver_context {
  cusolverDnHandle_t handle;
  cusolverDnParams_t params;
};
[[nodiscard]] cusolver_context cusolver_handle();

} // namespace cupp::detail
