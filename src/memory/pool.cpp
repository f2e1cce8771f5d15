// The stream-ordered caching pool (see memory/pool.hpp for the rules it keeps).
#define CUPP_HOST_ONLY_TU
#include <cupp/core/error.hpp>
#include <cupp/detail/event.hpp>
#include <cupp/memory/pool.hpp>

#include <atomic>
#include <optional>
#include <string>
#include <vector>

#include "../core/capture.hpp"

namespace cupp::mr {

struct pool_resource::block {
  char* ptr;
  std::size_t size;
  bool free;
  native_stream stream; // the stream the block was last freed on (meaningful when free)
  block* prev;          // neighbours within the same upstream chunk
  block* next;
  detail::event_handle event; // host-consumer pools: the point of `stream` at the last free
};

namespace {

// Every live pool, so that a stream's destruction can reach them all, and the streams destroyed
// through forget_stream: memory freed on them later (arrays that outlived their stream) is idle.
std::mutex registry_mutex;
std::set<pool_resource*>& registry() {
  static std::set<pool_resource*> pools;
  return pools;
}
std::set<native_stream>& forgotten() {
  static std::set<native_stream> streams;
  return streams;
}
std::atomic<std::size_t> n_forgotten{0};

// The stream a free is filed under: a destroyed stream's frees go to the default stream's list.
native_stream live_stream(native_stream s) {
  if (n_forgotten.load(std::memory_order_acquire) == 0) return s;
  std::lock_guard lock(registry_mutex);
  return forgotten().count(s) ? native_stream{} : s;
}

std::size_t round_up(std::size_t n, std::size_t g) { return (n + g - 1) / g * g; }

// How many released container nodes and block records of each kind a pool keeps for reuse.
constexpr std::size_t max_spares = 32;

// Keeps a released node for reuse; the spares' capacity is reserved, so this never allocates.
template <class Spares, class Node> void keep(Spares& spares, Node&& node) noexcept {
  if (!node.empty() && spares.size() < spares.capacity()) spares.push_back(std::move(node));
}

std::string with_commas(std::size_t n) {
  std::string s = std::to_string(n);
  for (int i = static_cast<int>(s.size()) - 3; i > 0; i -= 3)
    s.insert(static_cast<std::size_t>(i), ",");
  return s;
}

} // namespace

pool_resource::pool_resource(memory_resource* upstream, int device, bool host_consumer)
    : upstream_(upstream), device_(device), host_consumer_(host_consumer) {
  spare_blocks_.reserve(max_spares);
  spare_set_nodes_.reserve(max_spares);
  spare_map_nodes_.reserve(max_spares);
  spare_live_nodes_.reserve(max_spares);
  std::lock_guard lock(registry_mutex);
  registry().insert(this);
}

pool_resource::~pool_resource() {
  {
    std::lock_guard lock(registry_mutex);
    registry().erase(this);
  }
  // Arrays still alive at exit keep their blocks; everything cached goes back.
  std::lock_guard lock(mutex_);
  try {
    release_free_chunks();
  } catch (const error&) { // the device is gone (process exit): nothing left to return it to
  }
  for (block* b : spare_blocks_)
    delete b;
}

void pool_resource::release_stream(native_stream s) {
  std::lock_guard lock(mutex_);
  file_recent();
  const auto it = free_.find(s);
  if (it == free_.end() || s == native_stream{}) return;
  const free_set blocks = std::move(it->second);
  free_.erase(it);
  for (const auto& [size, b] : blocks) {
    b->stream = native_stream{}; // idle memory: the default stream's list hands it to anyone
    free_[b->stream].emplace(size, b);
  }
  coalesce_runs(false);
}

// Merges runs of adjacent free blocks into one block each. With all_streams, every free block must
// be idle (the caller waited for the device) and the merged blocks are re-filed under the default
// stream; otherwise only neighbours filed under the same stream merge, as in a deallocation.
void pool_resource::coalesce_runs(bool all_streams) {
  auto joins = [&](const block* a, const block* b) {
    return b && b->free &&
           (all_streams || (a->stream == b->stream &&
                            (!host_consumer_ || !b->event || detail::event_done(b->event))));
  };
  std::vector<block*> heads;
  for (auto& [stream, set] : free_)
    for (const auto& [size, b] : set)
      if (!(b->prev && b->prev->free && (all_streams || b->prev->stream == b->stream)))
        heads.push_back(b);
  for (block* h : heads) {
    if (!joins(h, h->next) && !all_streams) continue;
    erase_free(h);
    while (joins(h, h->next)) {
      block* n = h->next;
      erase_free(n);
      if (n->event) detail::event_destroy(n->event);
      h->size += n->size;
      h->next = n->next;
      if (n->next) n->next->prev = h;
      recycle(n);
    }
    if (all_streams) {
      if (h->event) detail::event_destroy(h->event);
      h->event = nullptr;
      h->stream = native_stream{};
    }
    insert_free(h);
  }
}

std::vector<void (*)(native_stream)>& forget_hooks() {
  static std::vector<void (*)(native_stream)> hooks;
  return hooks;
}

void on_forget_stream(void (*hook)(native_stream)) {
  std::lock_guard lock(registry_mutex);
  forget_hooks().push_back(hook);
}

void forget_stream(native_stream s) {
  if (s == native_stream{}) return;
  const detail::event_handle e = detail::event_create();
  detail::event_record(e, s);
  detail::event_synchronize(e);
  detail::event_destroy(e);
  std::vector<void (*)(native_stream)> hooks;
  {
    std::lock_guard lock(registry_mutex);
    hooks = forget_hooks();
  }
  for (auto* hook : hooks) // unlocked: a hook frees memory, which may look up the registry
    hook(s);
  std::lock_guard lock(registry_mutex); // held so that no pool is destroyed meanwhile
  if (forgotten().insert(s).second) ++n_forgotten;
  for (pool_resource* p : registry())
    p->release_stream(s);
}

void remember_stream(native_stream s) {
  std::lock_guard lock(registry_mutex);
  if (forgotten().erase(s)) --n_forgotten;
}

std::size_t pool_resource::used_bytes() const {
  std::lock_guard lock(mutex_);
  return used_;
}
std::size_t pool_resource::total_bytes() const {
  std::lock_guard lock(mutex_);
  return held_;
}
std::size_t pool_resource::free_bytes() const {
  std::lock_guard lock(mutex_);
  return held_ - used_;
}
std::size_t pool_resource::peak_used_bytes() const {
  std::lock_guard lock(mutex_);
  return peak_used_;
}
std::size_t pool_resource::n_free_blocks() const {
  std::lock_guard lock(mutex_);
  // filing the recent blocks changes what is cached only in how it is counted
  const_cast<pool_resource*>(this)->file_recent();
  return n_free_;
}
std::size_t pool_resource::get_limit() const {
  std::lock_guard lock(mutex_);
  return limit_;
}

void pool_resource::free_all_blocks() {
  std::lock_guard lock(mutex_);
  release_free_chunks();
}

void pool_resource::set_limit(std::size_t bytes) {
  std::lock_guard lock(mutex_);
  limit_ = bytes;
}

void pool_resource::set_limit_fraction(double fraction) {
  if (!(fraction >= 0.0 && fraction <= 1.0))
    throw value_error("memory limit fraction must be within [0, 1], got " +
                      std::to_string(fraction));
  const auto total = get_device_properties(device_).total_memory;
  set_limit(static_cast<std::size_t>(fraction * static_cast<double>(total)));
}

void pool_resource::insert_free(block* b) {
  auto it = free_.find(b->stream);
  if (it == free_.end()) {
    if (spare_map_nodes_.empty()) {
      it = free_.emplace(b->stream, free_set{}).first;
    } else { // a stream's entry whose set emptied earlier: its set is empty
      free_map::node_type node = std::move(spare_map_nodes_.back());
      spare_map_nodes_.pop_back();
      node.key() = b->stream;
      it = free_.insert(std::move(node)).position;
    }
  }
  if (spare_set_nodes_.empty()) {
    it->second.emplace(b->size, b);
  } else {
    free_set::node_type node = std::move(spare_set_nodes_.back());
    spare_set_nodes_.pop_back();
    node.value() = {b->size, b};
    it->second.insert(std::move(node));
  }
  ++n_free_;
}

void pool_resource::erase_free(block* b) {
  auto it = free_.find(b->stream);
  keep(spare_set_nodes_, it->second.extract({b->size, b}));
  if (it->second.empty()) keep(spare_map_nodes_, free_.extract(it));
  --n_free_;
}

pool_resource::block* pool_resource::make_block(const block& value) {
  if (spare_blocks_.empty()) return new block(value);
  block* b = spare_blocks_.back();
  spare_blocks_.pop_back();
  *b = value;
  return b;
}

void pool_resource::recycle(block* b) noexcept {
  if (spare_blocks_.size() < spare_blocks_.capacity()) {
    spare_blocks_.push_back(b);
  } else {
    delete b;
  }
}

pool_resource::block* pool_resource::take_free(free_set& set, std::size_t size) {
  auto it = set.lower_bound({size, nullptr});
  if (it == set.end()) return nullptr;
  block* b = it->second;
  erase_free(b);
  return b;
}

// A fitting block cached on another stream: the requesting stream first waits for the work that
// stream had enqueued, so nothing still using the block can overlap its new use.
pool_resource::block* pool_resource::steal(native_stream s, std::size_t size) {
  for (auto& [other, set] : free_) {
    if (other == s) continue;
    auto it = set.lower_bound({size, nullptr});
    if (it == set.end()) continue;
    block* b = it->second;
    if (!host_consumer_) {
      const detail::event_handle e = detail::event_create();
      try {
        detail::event_record(e, other);
        detail::stream_wait_event(s, e);
      } catch (const cuda_error&) {
        device_synchronize(); // `other` was destroyed: wait for whatever it still had queued
      }
      detail::event_destroy(e); // destroying a recorded event is safe: the wait is already enqueued
    }
    erase_free(b);
    return b;
  }
  return nullptr;
}

void pool_resource::release_free_chunks() {
  file_recent();
  if (n_free_ == 0) return;
  // Blocks freed on different streams cannot merge while their streams run; once the work before
  // each free is over they can, so that whole chunks appear and go back.
  if (host_consumer_) {
    for (auto& [stream, set] : free_)
      for (const auto& [size, b] : set)
        if (b->event) detail::event_synchronize(b->event);
  } else {
    const device_guard on_device(device_);
    device_synchronize();
  }
  coalesce_runs(true);
  std::vector<block*> whole;
  for (auto& [stream, set] : free_)
    for (const auto& [size, b] : set)
      if (!b->prev && !b->next) whole.push_back(b);
  for (block* b : whole) {
    erase_free(b);
    if (b->event) {
      detail::event_synchronize(b->event);
      detail::event_destroy(b->event);
    }
    upstream_->deallocate_async(b->ptr, b->size, block_granularity, b->stream);
    held_ -= b->size;
    recycle(b);
  }
}

void pool_resource::throw_oom(std::size_t bytes, const char* reason) const {
  std::string msg = "Out of memory allocating " + with_commas(bytes) + " bytes (" + reason +
                    "; pool: " + with_commas(used_) + " bytes used, " + with_commas(held_) +
                    " bytes held, limit " + (limit_ ? with_commas(limit_) + " bytes" : "none");
  try {
    const memory_info m = mem_info();
    msg += "; device free " + with_commas(m.free) + " of " + with_commas(m.total) + " bytes";
  } catch (const error&) {
  }
  throw out_of_memory(msg + ")");
}

pool_resource::block* pool_resource::grow(std::size_t size, native_stream s) {
  std::size_t chunk = size <= small_request_limit ? small_chunk_size : size;
  // near the limit a small request takes a chunk of its own size rather than a shared 2 MiB one
  if (limit_ && held_ + chunk > limit_ && held_ + size <= limit_) chunk = size;
  auto over_limit = [&] { return limit_ && held_ + chunk > limit_; };
  // the upstream allocates on the current device: make it the pool's
  const std::optional<device_guard> on_device =
      host_consumer_ ? std::nullopt : std::optional<device_guard>(std::in_place, device_);
  if (over_limit()) release_free_chunks();
  if (over_limit()) throw_oom(size, "the pool's limit would be passed");
  void* p = nullptr;
  try {
    p = upstream_->allocate_async(chunk, block_granularity, s);
  } catch (const out_of_memory&) {
    release_free_chunks(); // cached blocks may be what the device is missing: retry once
    try {
      p = upstream_->allocate_async(chunk, block_granularity, s);
    } catch (const out_of_memory&) {
      throw_oom(size, "the device has no more memory");
    }
  }
  held_ += chunk;
  return make_block({static_cast<char*>(p), chunk, false, s, nullptr, nullptr, nullptr});
}

void* pool_resource::do_allocate(std::size_t bytes, std::size_t alignment, native_stream s) {
  if (bytes == 0) return nullptr;
  // blocks start at multiples of 512 bytes from chunk bases that cudaMalloc aligns to 256
  if (alignment > default_alignment || (alignment & (alignment - 1)) != 0)
    throw value_error("pool_resource supports power-of-two alignments up to " +
                      std::to_string(default_alignment) + " bytes, got " +
                      std::to_string(alignment));
  const std::size_t size = round_up(bytes, block_granularity);
  if (size < bytes) throw_oom(bytes, "the request is too large");
  std::lock_guard lock(mutex_);
  for (int i = n_recent_ - 1; i >= 0; --i) {
    block* r = recent_[static_cast<std::size_t>(i)];
    if (r->size != size || r->stream != s) continue;
    recent_[static_cast<std::size_t>(i)] = recent_[static_cast<std::size_t>(--n_recent_)];
    used_ += size;
    if (used_ > peak_used_) peak_used_ = used_;
    return r->ptr;
  }
  file_recent();
  block* b = nullptr;
  if (auto it = free_.find(s); it != free_.end()) b = take_free(it->second, size);
  if (!b) b = steal(s, size);
  if (!b) b = grow(size, s);
  if (b->event) { // host-consumer pool: the host writes next, so the last use must be over
    detail::event_synchronize(b->event);
    detail::event_destroy(b->event);
    b->event = nullptr;
  }
  if (b->size - size >= block_granularity) { // split: the remainder stays cached
    block* rest = make_block({b->ptr + size, b->size - size, true, s, b, b->next, nullptr});
    if (b->next) b->next->prev = rest;
    b->next = rest;
    b->size = size;
    insert_free(rest);
  }
  b->free = false;
  b->stream = s;
  if (spare_live_nodes_.empty()) {
    live_.emplace(b->ptr, b);
  } else {
    live_map::node_type node = std::move(spare_live_nodes_.back());
    spare_live_nodes_.pop_back();
    node.key() = b->ptr;
    node.mapped() = b;
    live_.insert(std::move(node));
  }
  used_ += b->size;
  if (used_ > peak_used_) peak_used_ = used_;
  return b->ptr;
}

void pool_resource::do_deallocate(void* p, std::size_t bytes, std::size_t alignment,
                                  native_stream s) noexcept {
  if (cupp::detail::hold_during_capture(this, p, bytes, alignment, s)) return; // a graph reads it
  s = live_stream(s); // before taking the pool's lock: forget_stream locks in the other order
  std::lock_guard lock(mutex_);
  const auto it = live_.find(p);
  if (it == live_.end()) return; // not ours: nothing sensible to do in a noexcept path
  block* b = it->second;
  used_ -= b->size;
  b->stream = s;
  if (!host_consumer_ && b->size <= recent_bytes) {
    if (n_recent_ == recent_max) file_recent();
    recent_[static_cast<std::size_t>(n_recent_++)] = b;
    return;
  }
  keep(spare_live_nodes_, live_.extract(it));
  if (host_consumer_) {
    try {
      b->event = detail::event_create();
      detail::event_record(b->event, s);
    } catch (const error&) { // no event to wait on later: wait for the stream now instead
      if (b->event) detail::event_destroy(b->event);
      b->event = nullptr;
      try {
        device_synchronize();
      } catch (const error&) {
      }
    }
  }
  file_free(b);
}

void pool_resource::file_recent() {
  for (int i = 0; i < n_recent_; ++i) {
    block* b = recent_[static_cast<std::size_t>(i)];
    keep(spare_live_nodes_, live_.extract(b->ptr));
    file_free(b);
  }
  n_recent_ = 0;
}

// Files b, freed on b->stream, as free: merged with free neighbours freed on the same stream
// (stream order covers both); in a host-consumer pool only once their last uses are over.
void pool_resource::file_free(block* b) {
  b->free = true;
  const native_stream s = b->stream;
  auto mergeable = [&](block* n) {
    return n && n->free && n->stream == s &&
           (!host_consumer_ || !n->event || detail::event_done(n->event));
  };
  if (mergeable(b->next)) {
    block* n = b->next;
    erase_free(n);
    if (n->event) detail::event_destroy(n->event);
    b->size += n->size;
    b->next = n->next;
    if (n->next) n->next->prev = b;
    recycle(n);
  }
  if (mergeable(b->prev)) {
    block* n = b->prev;
    erase_free(n);
    if (n->event) detail::event_destroy(n->event);
    n->size += b->size;
    n->next = b->next;
    if (b->next) b->next->prev = n;
    n->event = b->event;
    recycle(b);
    b = n;
  }
  insert_free(b);
}

} // namespace cupp::mr
