// Host backend of graph capture (core/graph.hpp, src/core/capture.hpp): while a thread captures,
// the host facilities record their loops (detail/host/record.hpp) instead of running them, and a
// launch runs the recorded loops in order, as a CUDA graph runs its kernels.
#define CUPP_HOST_ONLY_TU
#include <cupp/core/error.hpp>
#include <cupp/detail/host/record.hpp>

#include <utility>

#include "../core/capture.hpp"

namespace cupp::detail {

constinit thread_local host_recorder* tls_host_recorder = nullptr;

void backend_begin_capture(native_stream s, capture_mode) {
  tls_host_recorder = new host_recorder{s, {}};
}

// launch_host_func records its function as a task here: nothing else is kept
graph_handle backend_end_capture(native_stream, host_functions) {
  return std::exchange(tls_host_recorder, nullptr);
}

void backend_abandon_capture(native_stream) noexcept {
  delete std::exchange(tls_host_recorder, nullptr);
}

void backend_launch(graph_handle g, native_stream s) {
  const stream_guard on(s); // what a loop enqueues when it runs (a nested capture) goes to s
  for (const auto& task : static_cast<host_recorder*>(g)->tasks)
    task();
}

// As CUDA's update, in place only for as many nodes (the recorded loops) as before.
bool backend_update(graph_handle into, graph_handle from) {
  auto* a = static_cast<host_recorder*>(into);
  auto* b = static_cast<host_recorder*>(from);
  if (a->tasks.size() != b->tasks.size()) return false;
  std::swap(a->tasks, b->tasks);
  return true;
}

std::size_t backend_node_count(graph_handle g) {
  return static_cast<host_recorder*>(g)->tasks.size();
}

void backend_destroy(graph_handle g) noexcept { delete static_cast<host_recorder*>(g); }

relaxed_capture::relaxed_capture() noexcept : previous_(0) {} // no capture mode here
relaxed_capture::~relaxed_capture() = default;

} // namespace cupp::detail
