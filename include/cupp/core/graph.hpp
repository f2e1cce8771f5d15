#pragma once
/// \file
/// Graphs (CUDA graphs; CuPy's `Stream.begin_capture`, `end_capture` and `Graph.launch`): the
/// work cupp enqueues on a stream is captured instead of run, and launched later as one unit, at
/// a fraction of the host cost of enqueuing it op by op.
///
///   cupp::stream s;
///   auto x = cupp::ones<float>({1000});
///   cupp::graph g = cupp::capture(s, [&] {
///     for (int i = 0; i < 100; ++i) x += 1.0f;    // captured, not run
///   });
///   g.launch(s);                                   // runs the 100 adds (no host sync)
///
/// What a captured graph does on each launch:
/// - arrays made during the capture (outputs and temporaries) live in memory the graph owns; an
///   array alive at the end of the capture is rewritten in place by every launch, and stays valid
///   (its memory with it) after the graph is gone;
/// - arrays made before it are read and written by address at launch time: change them in place
///   (`x.assign(...)`) between launches, and keep them alive while the graph may run;
/// - scalars and shapes are the values they had during the capture.
/// A call that would synchronize (item(), get(), printing, synchronize(), a copy of pageable host
/// memory, a sync inside the memory pool) raises capture_error before it does anything; the
/// capture can still be ended. On the host backend the captured loops are recorded and run at each
/// launch, with the same semantics.

#include <cupp/core/context.hpp>
#include <cupp/core/error.hpp>

#include <cstddef>
#include <memory>
#include <utility>

namespace cupp {

/// An operation that cannot be part of a graph (it would synchronize, or copy pageable host
/// memory) was called during a capture, or a capture was begun or ended wrongly.
class capture_error : public error {
public:
  using error::error;
};

/// Which other threads' calls a capture forbids (`cudaStreamCaptureMode`): `global` any
/// thread's unsafe calls, `thread_local_` this thread's (the default), `relaxed` none.
enum class capture_mode { global, thread_local_, relaxed };

class graph {
public:
  graph(graph&&) noexcept;
  graph& operator=(graph&&) noexcept;
  ~graph();
  graph(const graph&) = delete;
  graph& operator=(const graph&) = delete;

  /// Runs the captured work on `s` after the work enqueued there so far (no host sync).
  void launch(native_stream s) const;
  void launch(const stream& s) const { launch(s.native()); }
  void launch() const { launch(current_stream()); }
  /// Makes this graph run `recaptured`'s work (the same calls captured again, with other arrays
  /// or scalars) instead of its own, and takes over its memory; `recaptured` is left empty. True
  /// when the executable graph was updated in place (`cudaGraphExecUpdate`: the same topology and
  /// kinds of nodes), false when it was replaced (the same effect, at an instantiation's cost).
  bool update(graph&& recaptured);
  /// The captured kernels, copies and other nodes.
  [[nodiscard]] std::size_t node_count() const;
  /// Bytes of device memory the graph's arrays live in.
  [[nodiscard]] std::size_t memory_bytes() const;

  struct state;

private:
  friend graph end_capture(const stream& s);
  explicit graph(std::unique_ptr<state> s) noexcept;
  std::unique_ptr<state> state_;
};

/// Starts capturing the work enqueued on `s` (which must be the current device's, and not the
/// legacy default stream); one capture per thread at a time. Guard `s` to enqueue on it.
void begin_capture(const stream& s, capture_mode mode = capture_mode::thread_local_);
/// Ends the capture of `s` begun on this thread and makes its graph.
[[nodiscard]] graph end_capture(const stream& s);
/// True while this thread captures `s`.
[[nodiscard]] bool is_capturing(const stream& s);

namespace detail {
/// Ends the capture of `s` and discards it (after an exception in the captured code).
void abandon_capture(const stream& s) noexcept;
} // namespace detail

/// Captures what `f()` enqueues, with `s` as the current stream, into a graph. An exception from
/// `f` ends the capture, discards it and propagates; `s` is then usable as before.
template <class F>
[[nodiscard]] graph capture(const stream& s, F&& f,
                            capture_mode mode = capture_mode::thread_local_) {
  begin_capture(s, mode);
  try {
    const stream_guard on(s);
    std::forward<F>(f)();
  } catch (...) {
    detail::abandon_capture(s);
    throw;
  }
  return end_capture(s);
}

} // namespace cupp
