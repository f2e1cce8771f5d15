// CUDA backend of graph capture (core/graph.hpp, src/core/capture.hpp): stream capture into a
// cudaGraph_t, instantiated once into the executable graph every launch runs.
#define CUPP_HOST_ONLY_TU
#include <cupp/core/error.hpp>
#include <cupp/detail/check.hpp>
#include <cupp/detail/fault.hpp>

#include <cuda_runtime_api.h>

#include <memory>
#include <utility>

#include "../core/capture.hpp"

namespace cupp::detail {

namespace {
struct cuda_graph {
  cudaGraph_t graph = nullptr; // kept: it owns the host functions' user object, and updates
  cudaGraphExec_t exec = nullptr;
  std::size_t nodes = 0;
};

cudaStreamCaptureMode to_cuda(capture_mode m) {
  switch (m) {
  case capture_mode::global:
    return cudaStreamCaptureModeGlobal;
  case capture_mode::relaxed:
    return cudaStreamCaptureModeRelaxed;
  case capture_mode::thread_local_:
    break;
  }
  return cudaStreamCaptureModeThreadLocal;
}
} // namespace

void backend_begin_capture(native_stream s, capture_mode mode) {
  (void)fault_slot(); // made on first use with cudaHostAlloc, which a capture forbids
  CUPP_CUDA_CHECK(cudaStreamBeginCapture(s, to_cuda(mode)));
}

namespace {
void CUDART_CB delete_kept(void* kept) { delete static_cast<host_functions*>(kept); }

// The graph owns `kept` as a CUDA user object: CUDA destroys it once the graph and every launch
// of it are done, so a host function node never runs a destroyed function.
void give_to(cudaGraph_t g, host_functions kept) {
  if (kept.empty()) return;
  auto owned = std::make_unique<host_functions>(std::move(kept));
  cudaUserObject_t object = nullptr;
  CUPP_CUDA_CHECK(
      cudaUserObjectCreate(&object, owned.get(), delete_kept, 1, cudaUserObjectNoDestructorSync));
  owned.release(); // the user object owns it
  CUPP_CUDA_CHECK(cudaGraphRetainUserObject(g, object, 1, cudaGraphUserObjectMove));
}
} // namespace

graph_handle backend_end_capture(native_stream s, host_functions kept) {
  cudaGraph_t g = nullptr;
  const cudaError_t ended = cudaStreamEndCapture(s, &g);
  if (ended == cudaErrorStreamCaptureInvalidated) {
    (void)cudaGetLastError();
    throw capture_error("the graph capture was invalidated by a call CUDA does not allow during "
                        "it (another thread's synchronizing call in capture_mode::global, or "
                        "raw CUDA code): capture again");
  }
  CUPP_CUDA_CHECK(ended);
  try {
    give_to(g, std::move(kept));
  } catch (...) {
    cudaGraphDestroy(g);
    throw;
  }
  auto* out = new cuda_graph{g, nullptr, 0};
  const cudaError_t made = cudaGraphGetNodes(g, nullptr, &out->nodes);
  const cudaError_t instantiated =
      made == cudaSuccess ? cudaGraphInstantiate(&out->exec, g, 0) : made;
  if (instantiated != cudaSuccess) {
    cudaGraphDestroy(g);
    delete out;
    CUPP_CUDA_CHECK(instantiated);
  }
  return out;
}

void backend_abandon_capture(native_stream s) noexcept {
  cudaGraph_t g = nullptr;
  if (cudaStreamEndCapture(s, &g) == cudaSuccess && g) cudaGraphDestroy(g);
  (void)cudaGetLastError(); // an invalidated capture's error is not sticky
}

void backend_launch(graph_handle g, native_stream s) {
  CUPP_CUDA_CHECK(cudaGraphLaunch(static_cast<cuda_graph*>(g)->exec, s));
}

bool backend_update(graph_handle into, graph_handle from) {
  auto* a = static_cast<cuda_graph*>(into);
  auto* b = static_cast<cuda_graph*>(from);
  cudaGraphExecUpdateResultInfo info{};
  if (cudaGraphExecUpdate(a->exec, b->graph, &info) != cudaSuccess) {
    (void)cudaGetLastError(); // a refused update is not sticky: the caller replaces the graph
    return false;
  }
  std::swap(a->graph, b->graph); // a's launches now run b's nodes: a keeps their owner
  a->nodes = b->nodes;
  return true;
}

std::size_t backend_node_count(graph_handle g) { return static_cast<cuda_graph*>(g)->nodes; }

void backend_destroy(graph_handle g) noexcept {
  auto* cg = static_cast<cuda_graph*>(g);
  if (!cg) return;
  cudaGraphExecDestroy(cg->exec); // launches in flight complete first (CUDA frees it after)
  cudaGraphDestroy(cg->graph);
  delete cg;
}

relaxed_capture::relaxed_capture() noexcept {
  cudaStreamCaptureMode mode = cudaStreamCaptureModeRelaxed;
  (void)cudaThreadExchangeStreamCaptureMode(&mode); // cannot fail for a valid mode
  previous_ = static_cast<int>(mode);
}
relaxed_capture::~relaxed_capture() {
  auto mode = static_cast<cudaStreamCaptureMode>(previous_);
  (void)cudaThreadExchangeStreamCaptureMode(&mode);
}

} // namespace cupp::detail
