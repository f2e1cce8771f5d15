// The data path (data_path.hpp). The data moves in chunks. On the CUDA backend a thread owns two
// pinned staging buffers, so the file read (or write) of one chunk overlaps the copy of its
// previous (or next) one; on the host backend the array's memory is the host's and chunks go
// straight between it and the file. One thread's copy from the page cache into a buffer runs at
// 8 GB/s on the H200's host, a fraction of the device link: loads take several threads, each
// every n-th chunk (docs/io.md). Saves stay one writer: the file system serialises buffered
// writes to one file, and writing through a shared mapping on 8 threads was at most 7% faster
// (259 against 277 ms for 1 GiB) while a mapping that meets a full disk is a SIGBUS.
#define CUPP_HOST_ONLY_TU
#include "data_path.hpp"

#include <cupp/core/config.hpp>
#include <cupp/core/context.hpp>
#include <cupp/core/error.hpp>
#include <cupp/core/transfer.hpp>
#include <cupp/detail/event.hpp>
#include <cupp/memory/pool.hpp>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <string_view>
#include <thread>
#include <vector>

namespace cupp::detail::npy {

namespace {

// The pieces the data moves in, each thread's unit of work: large enough that a read call, a copy
// launch and an event per piece vanish, small enough that a thread's two staging buffers stay
// modest.
constexpr std::size_t chunk_bytes = std::size_t{16} << 20;

// Swaps the bytes of each `unit`-byte value in place (a big-endian file's data). Serial: the
// threads of the data path are the parallelism.
void byte_swap(char* p, std::size_t bytes, std::size_t unit) {
  for (std::size_t i = 0; i + unit <= bytes; i += unit)
    std::reverse(p + i, p + i + unit);
}

// Whether the arrays' memory is the host's (the host backend), so files go straight to it.
bool memory_is_host() { return std::string_view(backend_name) == "host"; }

// Two pinned staging buffers and their events, given back to the pool ordered on the stream.
class staging_pair {
public:
  staging_pair(std::size_t bytes, native_stream s)
      : pool_(mr::get_default_pinned_memory_pool()), bytes_(bytes), s_(s) {
    try {
      for (int k = 0; k < 2; ++k) {
        buf_[k] = static_cast<char*>(pool_.allocate_async(bytes_, mr::default_alignment, s_));
        ev_[k] = event_create();
      }
    } catch (...) { // the first buffer made, the second not: give back what there is
      release();
      throw;
    }
  }
  ~staging_pair() { release(); }
  staging_pair(const staging_pair&) = delete;
  staging_pair& operator=(const staging_pair&) = delete;
  char* buffer(int k) const { return buf_[k]; }
  event_handle event(int k) const { return ev_[k]; }

private:
  void release() noexcept {
    for (int k = 0; k < 2; ++k) {
      if (ev_[k]) {
        try {
          event_synchronize(ev_[k]); // a copy may still read or write the buffer (an early throw)
        } catch (const error&) {     // a fault of the copy is raised at the next sync point
        }
        event_destroy(ev_[k]);
      }
      if (buf_[k]) pool_.deallocate_async(buf_[k], bytes_, mr::default_alignment, s_);
    }
  }

  mr::pool_resource& pool_;
  std::size_t bytes_;
  native_stream s_;
  char* buf_[2] = {};
  event_handle ev_[2] = {};
};

// The chunks of `bytes` bytes: how many, and how long the i-th is.
struct chunking {
  std::uint64_t bytes;
  [[nodiscard]] std::uint64_t count() const { return (bytes + chunk_bytes - 1) / chunk_bytes; }
  [[nodiscard]] std::size_t length(std::uint64_t i) const {
    return static_cast<std::size_t>(std::min<std::uint64_t>(chunk_bytes, bytes - i * chunk_bytes));
  }
  [[nodiscard]] std::uint64_t offset(std::uint64_t i) const { return i * chunk_bytes; }
};

// Runs body(t, stop) for t = 0..n-1, t = 0 on the calling thread, the others on new threads with
// the caller's device current. When one throws, `stop` tells the rest to end early, and the first
// exception is rethrown once all have.
template <class Body> void on_threads(int n, Body&& body) {
  std::atomic<bool> stop{false};
  std::exception_ptr error;
  std::mutex m;
  const int device = current_device();
  auto run = [&](int t) {
    try {
      std::optional<device_guard> g; // a new thread's current device is device 0
      if (t > 0) g.emplace(device);
      body(t, stop);
    } catch (...) {
      const std::lock_guard<std::mutex> lock(m);
      if (!error) error = std::current_exception();
      stop = true;
    }
  };
  std::vector<std::thread> threads;
  threads.reserve(static_cast<std::size_t>(n - 1));
  try {
    for (int t = 1; t < n; ++t)
      threads.emplace_back(run, t);
  } catch (...) { // no thread to be had: the started ones see `stop` and end
    stop = true;
    for (auto& th : threads)
      th.join();
    throw;
  }
  run(0);
  for (auto& th : threads)
    th.join();
  if (error) std::rethrow_exception(error);
}

// Reads `c.bytes` bytes into array memory at dst on n threads; fill(i, p) puts chunk i's bytes at
// host memory p (swapped where the file is big-endian).
template <class Fill> void read_chunks(char* dst, chunking c, int n, Fill&& fill) {
  const std::uint64_t chunks = c.count();
  if (!chunks) return;
  if (memory_is_host()) {
    on_threads(n, [&](int t, const std::atomic<bool>& stop) {
      for (std::uint64_t i = static_cast<std::uint64_t>(t); i < chunks && !stop; i += n)
        fill(i, dst + c.offset(i));
    });
    return;
  }
  const native_stream s = current_stream();
  std::vector<std::unique_ptr<staging_pair>> staging;
  for (int t = 0; t < n; ++t)
    staging.push_back(std::make_unique<staging_pair>(c.length(0), s));
  on_threads(n, [&](int t, const std::atomic<bool>& stop) {
    const staging_pair& st = *staging[static_cast<std::size_t>(t)];
    std::uint64_t j = 0; // this thread's chunk count: its buffers alternate
    for (std::uint64_t i = static_cast<std::uint64_t>(t); i < chunks && !stop; i += n, ++j) {
      const int k = static_cast<int>(j % 2);
      if (j >= 2) event_synchronize(st.event(k)); // the copy of its chunk before last has left
      fill(i, st.buffer(k));                      // while the copy of the last one runs
      copy_bytes_async(dst + c.offset(i), st.buffer(k), c.length(i), s);
      event_record(st.event(k), s);
    }
  });
}

// Writes `c.bytes` bytes of array memory at src in sequence; deliver(i, p) takes chunk i's bytes
// from host memory p.
template <class Deliver> void write_chunks(const char* src, chunking c, Deliver&& deliver) {
  const std::uint64_t chunks = c.count();
  if (!chunks) return;
  if (memory_is_host()) {
    for (std::uint64_t i = 0; i < chunks; ++i)
      deliver(i, src + c.offset(i));
    return;
  }
  const native_stream s = current_stream();
  const staging_pair st(c.length(0), s);
  auto issue = [&](std::uint64_t i) {
    const int k = static_cast<int>(i % 2);
    copy_bytes_async(st.buffer(k), src + c.offset(i), c.length(i), s);
    event_record(st.event(k), s);
  };
  issue(0);
  for (std::uint64_t i = 0; i < chunks; ++i) {
    if (i + 1 < chunks) issue(i + 1); // the next chunk's copy runs while this one goes
    event_synchronize(st.event(static_cast<int>(i % 2)));
    deliver(i, st.buffer(static_cast<int>(i % 2)));
  }
}

} // namespace

int io_threads() {
  // read at every call (a file's I/O dwarfs it), so a program or a test can change it
  if (const char* e = std::getenv("CUPP_IO_THREADS")) return std::clamp(std::atoi(e), 1, 64);
  return static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 8u));
}

void read_exact(byte_source& src, void* dst, std::size_t n, const char* what) {
  std::size_t got = 0;
  while (got < n) {
    const std::size_t k = src.read(static_cast<char*>(dst) + got, n - got);
    if (!k) break;
    got += k;
  }
  if (got != n)
    throw io_error(std::string("EOF: reading ") + what + ", expected " + std::to_string(n) +
                   " bytes got " + std::to_string(got));
}

void read_data(byte_source& src, char* dst, std::uint64_t bytes, std::size_t unit) {
  const chunking c{bytes};
  auto swap = [&](char* p, std::size_t len) {
    if (unit > 1) byte_swap(p, len, unit);
  };
  if (const auto plain = src.take_plain(bytes)) {
    const int n = static_cast<int>(std::min<std::uint64_t>(io_threads(), c.count()));
    read_chunks(dst, c, n, [&](std::uint64_t i, char* p) {
      const std::size_t len = c.length(i);
      const std::size_t got = plain->reader->read_at(plain->offset + c.offset(i), p, len);
      if (got != len) // the file shrank since its size was checked
        throw io_error("EOF: reading array data, expected " + std::to_string(bytes) +
                       " bytes got " + std::to_string(c.offset(i) + got));
      swap(p, len);
    });
    return;
  }
  read_chunks(dst, c, 1, [&](std::uint64_t i, char* p) {
    read_exact(src, p, c.length(i), "array data");
    swap(p, c.length(i));
  });
}

void write_data(byte_sink& sink, const char* src, std::uint64_t bytes) {
  const chunking c{bytes};
  write_chunks(src, c, [&](std::uint64_t i, const char* p) { sink.write(p, c.length(i)); });
}

void write_file(const std::string& path, const std::string& head, const char* src,
                std::uint64_t bytes) {
  file_sink sink(path);
  sink.write(head.data(), head.size());
  write_data(sink, src, bytes);
  sink.close();
}

} // namespace cupp::detail::npy
