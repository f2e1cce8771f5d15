// Graph capture, backend-independent (core/graph.hpp): the calling thread's capture, the memory a
// capture allocates from (an arena the graph owns), the memory it must keep, and graph's members
// over the backends' calls.
#define CUPP_HOST_ONLY_TU
#include <cupp/core/error.hpp>
#include <cupp/core/graph.hpp>
#include <cupp/memory/pool.hpp>

#include <functional>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "capture.hpp"

namespace cupp {

namespace detail {

namespace {

// The upstream of a capture's pool: the device's own, asked with the capture mode relaxed.
class relaxed_upstream final : public mr::memory_resource {
public:
  explicit relaxed_upstream(mr::memory_resource* inner) : inner_(inner) {}

private:
  void* do_allocate(std::size_t bytes, std::size_t alignment, native_stream) override {
    const relaxed_capture relaxed;
    return inner_->allocate_async(bytes, alignment, native_stream{});
  }
  void do_deallocate(void* p, std::size_t bytes, std::size_t alignment,
                     native_stream s) noexcept override {
    inner_->deallocate_async(p, bytes, alignment, s);
  }
  mr::memory_resource* inner_;
};

class arena;
void bury(arena* a) noexcept;

// A capture's memory: a pool of its own, so that no block of the graph is ever handed to work
// outside it (eager work reusing a temporary freed during the capture would race every launch).
// Nothing allocates from it once the capture ends; it goes when its graph is gone and the last of
// its blocks (an output array that outlived the graph) is freed.
class arena final : public mr::memory_resource {
public:
  explicit arena(int device)
      : upstream_(mr::get_default_memory_pool(device).upstream()), pool_(&upstream_, device) {}

  [[nodiscard]] std::size_t bytes() const { return pool_.total_bytes(); }
  [[nodiscard]] const mr::pool_resource* pool() const noexcept { return &pool_; }

  // the graph is gone
  void orphan() noexcept {
    bool dead = false;
    {
      std::lock_guard lock(mutex_);
      orphaned_ = true;
      dead = pool_.used_bytes() == 0;
    }
    if (dead) bury(this);
  }

private:
  void* do_allocate(std::size_t bytes, std::size_t alignment, native_stream s) override {
    return pool_.allocate_async(bytes, alignment, s);
  }
  void do_deallocate(void* p, std::size_t bytes, std::size_t alignment,
                     native_stream s) noexcept override {
    // another capture's launches may read this graph's output: it holds the block
    if (hold_during_capture(this, p, bytes, alignment, s)) return;
    bool dead = false;
    {
      // one lock over the free and the test: only the free that empties an orphan buries it
      std::lock_guard lock(mutex_);
      pool_.deallocate_async(p, bytes, alignment, s);
      dead = orphaned_ && pool_.used_bytes() == 0;
    }
    if (dead) bury(this);
  }

  relaxed_upstream upstream_;
  mr::pool_resource pool_;
  std::mutex mutex_;
  bool orphaned_ = false;
};

// A block of memory the graph reads that was freed during the capture (an input rebound inside
// it, `x = x + 1`): held until the graph is gone, else later work could take it.
struct held_block {
  mr::memory_resource* pool;
  void* p;
  std::size_t bytes, alignment;
  native_stream stream;
};

// The calling thread's capture (one at a time).
struct capture_state {
  native_stream stream{};
  int device = -1;
  capture_mode mode = capture_mode::thread_local_;
  arena* memory = nullptr;
  void* workspace = nullptr;
  std::size_t workspace_bytes = 0;
  std::vector<held_block> held;
  host_functions kept; // launch_host_func's functions, which run at every launch
  // arenas whose end came during this capture: deleting one waits for the device, which a
  // capture forbids, so they go when it ends
  std::vector<arena*> graveyard;
};
thread_local capture_state tls_capture;

void bury(arena* a) noexcept {
  if (tls_capture.memory) {
    try {
      tls_capture.graveyard.push_back(a);
      return;
    } catch (...) { // no room: leaked rather than a broken capture
      return;
    }
  }
  delete a; // returns the chunks (cudaFree waits for the device)
}

std::string stream_name(native_stream s) {
  std::ostringstream os;
  os << static_cast<const void*>(s);
  return os.str();
}

void release(capture_state& c) noexcept {
  for (const held_block& h : c.held)
    h.pool->deallocate_async(h.p, h.bytes, h.alignment, h.stream);
  c.held.clear();
  if (c.memory) {
    if (c.workspace)
      c.memory->deallocate_async(c.workspace, c.workspace_bytes, mr::default_alignment, c.stream);
    c.memory->orphan();
  }
}

// Ends this thread's capture state (the capture itself is ended by the caller).
capture_state finish() noexcept {
  capture_state c = std::exchange(tls_capture, {});
  for (arena* a : c.graveyard)
    delete a;
  c.graveyard.clear();
  return c;
}

} // namespace

void require_not_capturing(native_stream s, const char* what) {
  const capture_state& c = tls_capture;
  if (!c.memory) return;
  // in a relaxed capture only the captured stream's sync is illegal; otherwise CUDA forbids
  // this thread's synchronizing calls on any stream
  if (c.mode == capture_mode::relaxed && s != native_stream{} && s != c.stream) return;
  throw capture_error(std::string(what) + " would synchronize during the graph capture of stream " +
                      stream_name(c.stream) +
                      ": call it after end_capture (outside cupp::capture); the capture can "
                      "still be ended");
}

mr::memory_resource* capture_resource(int device) noexcept {
  const capture_state& c = tls_capture;
  return c.memory && c.device == device && current_stream() == c.stream ? c.memory : nullptr;
}

bool hold_during_capture(mr::memory_resource* pool, void* p, std::size_t bytes,
                         std::size_t alignment, native_stream s) noexcept {
  capture_state& c = tls_capture;
  if (!c.memory || pool == c.memory) return false; // the capture's own blocks are reused in it
  // an arena's pool (the one with the relaxed upstream): its arena holds, then frees through
  // itself, so that its end is noticed
  if (const auto* inner = dynamic_cast<const mr::pool_resource*>(pool);
      inner && dynamic_cast<const relaxed_upstream*>(inner->upstream()))
    return false;
  try {
    c.held.push_back({pool, p, bytes, alignment, s});
    return true;
  } catch (...) { // no room to hold it: freed now, as before graphs
    return false;
  }
}

std::function<void()>* capture_keep(native_stream s, std::function<void()>&& f) {
  capture_state& c = tls_capture;
  if (!c.memory || c.stream != s) return nullptr;
  c.kept.push_back(std::make_unique<std::function<void()>>(std::move(f)));
  return c.kept.back().get();
}

void* capture_workspace(std::size_t bytes) {
  capture_state& c = tls_capture;
  if (!c.memory || current_stream() != c.stream) return nullptr;
  if (!c.workspace) {
    c.workspace = c.memory->allocate_async(bytes, mr::default_alignment, c.stream);
    c.workspace_bytes = bytes;
  }
  return c.workspace;
}

void abandon_capture(const stream& s) noexcept {
  if (!tls_capture.memory || tls_capture.stream != s.native()) return; // not this stream's
  capture_state c = finish();
  backend_abandon_capture(s.native());
  release(c);
}

} // namespace detail

struct graph::state {
  detail::capture_state capture;
  detail::graph_handle handle = nullptr;
  native_stream last_launch{};
  bool launched = false;
  ~state() {
    detail::backend_destroy(handle);
    // the held blocks go back after the last launch (stream order), not before it is done
    if (launched)
      for (detail::held_block& h : capture.held)
        h.stream = last_launch;
    detail::release(capture);
  }
};

void begin_capture(const stream& s, capture_mode mode) {
  if (detail::tls_capture.memory)
    throw capture_error("a graph capture is already under way on this thread (of stream " +
                        detail::stream_name(detail::tls_capture.stream) +
                        "): end it before beginning another");
  if (s.native() == native_stream{})
    throw capture_error("cannot capture on the default (legacy) stream: capture a cupp::stream");
  { const stream_guard same_device(s); } // its check: s must be the current device's
  auto* memory = new detail::arena(s.device());
  try {
    detail::backend_begin_capture(s.native(), mode);
  } catch (...) {
    delete memory;
    throw;
  }
  detail::tls_capture.stream = s.native();
  detail::tls_capture.device = s.device();
  detail::tls_capture.mode = mode;
  detail::tls_capture.memory = memory;
}

graph end_capture(const stream& s) {
  if (!detail::tls_capture.memory || detail::tls_capture.stream != s.native())
    throw capture_error("end_capture: stream " + detail::stream_name(s.native()) +
                        " is not being captured by this thread");
  std::unique_ptr<graph::state> st;
  try {
    st = std::make_unique<graph::state>();
  } catch (...) {
    detail::abandon_capture(s);
    throw;
  }
  st->capture = detail::finish();
  // on failure ~state releases the memory
  st->handle = detail::backend_end_capture(s.native(), std::move(st->capture.kept));
  return graph(std::move(st));
}

bool is_capturing(const stream& s) {
  return detail::tls_capture.memory && detail::tls_capture.stream == s.native();
}

graph::graph(std::unique_ptr<state> s) noexcept : state_(std::move(s)) {}
graph::graph(graph&&) noexcept = default;
graph& graph::operator=(graph&&) noexcept = default;
graph::~graph() = default;

void graph::launch(native_stream s) const {
  if (!state_) throw value_error("launch of a moved-from graph");
  detail::backend_launch(state_->handle, s);
  state_->last_launch = s;
  state_->launched = true;
}

bool graph::update(graph&& recaptured) {
  if (!state_ || !recaptured.state_) throw value_error("update of or from a moved-from graph");
  const bool in_place = detail::backend_update(state_->handle, recaptured.state_->handle);
  if (!in_place) std::swap(state_->handle, recaptured.state_->handle);
  std::swap(state_->capture, recaptured.state_->capture);
  // the old work's memory goes back after this graph's last launch of it
  recaptured.state_->last_launch = state_->last_launch;
  recaptured.state_->launched = state_->launched;
  recaptured.state_.reset();
  return in_place;
}

std::size_t graph::node_count() const {
  return state_ ? detail::backend_node_count(state_->handle) : 0;
}

std::size_t graph::memory_bytes() const {
  return state_ && state_->capture.memory ? state_->capture.memory->bytes() : 0;
}

} // namespace cupp
