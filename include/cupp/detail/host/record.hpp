#pragma once
// The host backend's graph capture (core/graph.hpp): while a thread captures its current stream,
// each host facility appends its loop to the capture instead of running it (the loop's pointers and
// functors by value, as a kernel node holds its arguments), and graph::launch runs the loops in
// order (src/host/graph.cpp).

#include <cupp/core/context.hpp>

#include <functional>
#include <utility>
#include <vector>

namespace cupp::detail {

struct host_recorder {
  native_stream stream;
  std::vector<std::function<void()>> tasks;
};

/// This thread's capture, or null (one read of a thread-local pointer on every host launch).
extern constinit thread_local host_recorder* tls_host_recorder;

/// True, with `work` kept for the graph, while this thread captures its current stream: the
/// caller returns without running it. `if (recorded([=] { f(args...); })) return;`
template <class Work> bool recorded(Work&& work) {
  host_recorder* r = tls_host_recorder;
  if (!r || r->stream != current_stream()) return false;
  r->tasks.emplace_back(std::forward<Work>(work));
  return true;
}

/// Runs `work` now, or keeps it for the graph during a capture of this thread's current stream.
template <class Work> void run_or_record(const Work& work) {
  if (!recorded(work)) work();
}

} // namespace cupp::detail
