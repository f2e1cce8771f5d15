#pragma once
// Graph capture's internals shared by the library's sources (core/graph.hpp is the interface):
// the sync guard the sync points call, the capture's memory, and each backend's capture calls
// (src/cuda/graph.cpp, src/host/graph.cpp).
#include <cupp/core/graph.hpp>
#include <cupp/memory/pool.hpp>
#include <cupp/memory/resource.hpp>

#include <cstddef>
#include <functional>
#include <memory>
#include <vector>

namespace cupp::detail {

/// capture_error when this thread is capturing, before a call that would synchronize `s` (null:
/// the device) or copy pageable host memory: CUDA forbids the thread's synchronizing calls on
/// any stream during a capture (a relaxed capture only those of the captured stream). `what`
/// names the call. The capture stays valid and can be ended.
void require_not_capturing(native_stream s, const char* what);

/// The memory of the capture this thread runs on device `device`'s current stream, or null: the
/// allocations of a capture come from memory the graph owns (mr::get_current_resource).
[[nodiscard]] mr::memory_resource* capture_resource(int device) noexcept;

/// cuBLAS's workspace during a capture of this thread's current stream: one per capture, in the
/// graph's memory (null outside a capture), so that launches never share eager work's.
[[nodiscard]] void* capture_workspace(std::size_t bytes);

/// During a capture of `s` by this thread: `f`, kept by the capture for its graph's lifetime
/// (a host function node runs at every launch); null otherwise.
[[nodiscard]] std::function<void()>* capture_keep(native_stream s, std::function<void()>&& f);
using host_functions = std::vector<std::unique_ptr<std::function<void()>>>;

/// True when this thread is capturing and the free of `p` into `pool` is held until the graph
/// is gone instead (pool_resource's deallocation asks first): memory freed during a capture may
/// still be read by every launch (an input rebound inside it: `x = x + 1`).
bool hold_during_capture(mr::memory_resource* pool, void* p, std::size_t bytes,
                         std::size_t alignment, native_stream s) noexcept;

// The backends' part.
using graph_handle = void*;
void backend_begin_capture(native_stream s, capture_mode mode);
/// Ends the capture into an executable graph that owns `kept` until its last launch is done.
[[nodiscard]] graph_handle backend_end_capture(native_stream s, host_functions kept);
void backend_abandon_capture(native_stream s) noexcept;
void backend_launch(graph_handle g, native_stream s);
/// Updates `into` in place to run `from`'s work (true), or leaves both as they are (false).
[[nodiscard]] bool backend_update(graph_handle into, graph_handle from);
[[nodiscard]] std::size_t backend_node_count(graph_handle g);
void backend_destroy(graph_handle g) noexcept;

/// Relaxes this thread's capture mode for its lifetime (cudaThreadExchangeStreamCaptureMode):
/// cupp's own calls that CUDA counts unsafe during a capture (cudaMalloc growing the graph's
/// pool, cublasCreate) are legal in relaxed mode, as PyTorch's graph pools do them.
class relaxed_capture {
public:
  relaxed_capture() noexcept;
  ~relaxed_capture();
  relaxed_capture(const relaxed_capture&) = delete;
  relaxed_capture& operator=(const relaxed_capture&) = delete;

private:
  int previous_;
};

} // namespace cupp::detail
