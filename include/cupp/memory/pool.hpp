#pragma once
/// \file
/// `pool_resource`: the stream-ordered caching pool behind every cupp allocation (CuPy's
/// `MemoryPool` / `PinnedMemoryPool`). It takes chunks from an upstream resource, splits them into
/// 512-byte-granular blocks, coalesces neighbours when they are freed, and reuses freed blocks
/// without synchronising:
///
/// - a block freed on stream S is handed out again on S at once (stream order protects it);
/// - a block freed on S and wanted on another stream T makes T wait for S's work so far (an event);
/// - in a pool for host-accessible memory (pinned staging buffers), reuse waits on the host for the
///   work enqueued before the free, since the host itself writes the memory next.
///
/// When the upstream cannot satisfy a request (or the limit would be passed), the pool releases its
/// cached chunks and retries once, then throws `cupp::out_of_memory` naming the request, the pool's
/// usage, its limit and the device's free memory. All member functions are thread-safe.

#include <cupp/memory/resource.hpp>

#include <array>
#include <cstddef>
#include <map>
#include <mutex>
#include <set>
#include <unordered_map>
#include <utility>
#include <vector>

namespace cupp::mr {

class pool_resource final : public memory_resource {
public:
  /// Granularity and alignment of blocks (CuPy's 512 bytes).
  static constexpr std::size_t block_granularity = 512;
  /// Requests up to this size share chunks of small_chunk_size bytes; larger ones get their own.
  static constexpr std::size_t small_request_limit = std::size_t{1} << 20;
  static constexpr std::size_t small_chunk_size = std::size_t{2} << 20;

  /// A pool over `upstream` (not owned) for device `device`; `host_consumer` makes reuse wait on
  /// the host (pools of host-accessible staging memory).
  pool_resource(memory_resource* upstream, int device, bool host_consumer = false);
  ~pool_resource() override;
  pool_resource(const pool_resource&) = delete;
  pool_resource& operator=(const pool_resource&) = delete;

  /// Bytes in blocks handed out (rounded to the granularity), as CuPy's `used_bytes()`.
  [[nodiscard]] std::size_t used_bytes() const;
  /// Bytes held from the upstream: used plus cached (CuPy's `total_bytes()`).
  [[nodiscard]] std::size_t total_bytes() const;
  /// Cached bytes ready for reuse (`total_bytes() - used_bytes()`).
  [[nodiscard]] std::size_t free_bytes() const;
  /// The most bytes ever in use at once.
  [[nodiscard]] std::size_t peak_used_bytes() const;
  /// Cached blocks (CuPy's `n_free_blocks()`).
  [[nodiscard]] std::size_t n_free_blocks() const;
  /// Returns every chunk with no block in use to the upstream (`free_all_blocks()`). Waits for the
  /// device where the upstream's free does (cudaFree synchronises).
  void free_all_blocks();
  /// Caps total_bytes(); 0 means no limit (CuPy's `set_limit(size=...)`). A limit below what is
  /// held takes effect as blocks are freed; requests that would pass it first release cached
  /// chunks.
  void set_limit(std::size_t bytes);
  /// Caps total_bytes() at a fraction of the device's total memory (`set_limit(fraction=...)`).
  void set_limit_fraction(double fraction);
  /// The limit in bytes (0: none).
  [[nodiscard]] std::size_t get_limit() const;
  [[nodiscard]] int device() const noexcept { return device_; }
  [[nodiscard]] memory_resource* upstream() const noexcept { return upstream_; }
  /// Re-files the blocks cached for stream `s`, whose work has completed, as free on every stream
  /// (see forget_stream).
  void release_stream(native_stream s);

private:
  struct block;
  using free_set = std::set<std::pair<std::size_t, block*>>;
  using free_map = std::map<native_stream, free_set>;
  using live_map = std::unordered_map<void*, block*>;

  void* do_allocate(std::size_t bytes, std::size_t alignment, native_stream s) override;
  void do_deallocate(void* p, std::size_t bytes, std::size_t alignment,
                     native_stream s) noexcept override;

  block* take_free(free_set& set, std::size_t size);
  block* steal(native_stream s, std::size_t size);
  block* grow(std::size_t size, native_stream s);
  void release_free_chunks();
  void coalesce_runs(bool all_streams);
  void insert_free(block* b);
  void erase_free(block* b);
  void file_free(block* b);
  void file_recent();
  block* make_block(const block& value);
  void recycle(block* b) noexcept;
  [[noreturn]] void throw_oom(std::size_t bytes, const char* reason) const;

  memory_resource* upstream_;
  int device_;
  bool host_consumer_;
  mutable std::mutex mutex_;
  live_map live_;
  free_map free_;
  std::size_t used_ = 0, held_ = 0, peak_used_ = 0, limit_ = 0, n_free_ = 0;
  // Nodes of the containers above and block records, kept for reuse once released (up to 32 of
  // each), so that a steady alternation of allocations and frees makes no heap calls: an
  // allocation and its free otherwise made six heap allocations, and as many frees, under the lock.
  std::vector<block*> spare_blocks_;
  std::vector<free_set::node_type> spare_set_nodes_;
  std::vector<free_map::node_type> spare_map_nodes_;
  std::vector<live_map::node_type> spare_live_nodes_;
  // The blocks of up to recent_bytes freed last, not yet filed among the free ones: an
  // allocation of the same size on the same stream takes one back without the free sets'
  // searches, splits and merges (a tiny add's allocation and free made about 800 instructions
  // through them). They stay in live_, used_ leaves them out, their neighbours see them in use;
  // every other path files them first (file_recent).
  static constexpr int recent_max = 4;
  static constexpr std::size_t recent_bytes = std::size_t{64} << 10;
  std::array<block*, recent_max> recent_{};
  int n_recent_ = 0;
};

/// Tells every pool that stream `s` is about to be destroyed: waits for its work, then lets the
/// blocks freed on it be reused anywhere. `cupp::stream` does this itself; call it before
/// destroying a raw stream on which cupp memory was freed (a dead stream handle must never be
/// waited on).
void forget_stream(native_stream s);

/// Registers `hook`, which forget_stream calls with the stream once its work is done and before
/// the pools release its blocks: how another facility returns what it holds per stream (cuBLAS's
/// workspaces), so that making and destroying streams leaves memory use flat.
void on_forget_stream(void (*hook)(native_stream));

/// Undoes forget_stream for a new stream that reuses a destroyed stream's handle (`cupp::stream`
/// calls it when it is created).
void remember_stream(native_stream s);

/// The default pool of device `device` (-1: the current one), created on first use over
/// cudaMalloc: CuPy's `get_default_memory_pool()`. Its limit starts from CUPP_GPU_MEMORY_LIMIT
/// (bytes, or a percentage of the device's memory such as "50%") when that is set.
[[nodiscard]] pool_resource& get_default_memory_pool(int device = -1);

/// The default pool of pinned host memory: CuPy's `get_default_pinned_memory_pool()`. Host<->device
/// copies stage through it.
[[nodiscard]] pool_resource& get_default_pinned_memory_pool();

} // namespace cupp::mr

namespace cupp {
using mr::get_default_memory_pool;
using mr::get_default_pinned_memory_pool;
} // namespace cupp
