#pragma once
/// \file
/// Resource adaptors: wrap any resource to cap what is allocated through it, or to count it.

#include <cupp/core/error.hpp>
#include <cupp/memory/resource.hpp>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <string>

namespace cupp::mr {

/// Fails allocations that would take the bytes allocated through it past `limit`
/// (`cupp::out_of_memory`), forwarding the rest to `upstream` (not owned).
class limiting_adaptor final : public memory_resource {
public:
  limiting_adaptor(memory_resource* upstream, std::size_t limit)
      : upstream_(upstream), limit_(limit) {}
  [[nodiscard]] std::size_t allocated_bytes() const noexcept { return allocated_.load(); }
  [[nodiscard]] std::size_t limit() const noexcept { return limit_; }
  [[nodiscard]] memory_resource* upstream() const noexcept { return upstream_; }

private:
  void* do_allocate(std::size_t bytes, std::size_t alignment, native_stream s) override {
    std::size_t now = allocated_.load();
    do {
      if (bytes > limit_ - std::min(now, limit_))
        throw out_of_memory("Out of memory allocating " + std::to_string(bytes) + " bytes (limit " +
                            std::to_string(limit_) + " bytes, " + std::to_string(now) +
                            " bytes allocated)");
    } while (!allocated_.compare_exchange_weak(now, now + bytes));
    try {
      return upstream_->allocate_async(bytes, alignment, s);
    } catch (...) {
      allocated_ -= bytes;
      throw;
    }
  }
  void do_deallocate(void* p, std::size_t bytes, std::size_t alignment,
                     native_stream s) noexcept override {
    upstream_->deallocate_async(p, bytes, alignment, s);
    allocated_ -= bytes;
  }

  memory_resource* upstream_;
  std::size_t limit_;
  std::atomic<std::size_t> allocated_{0};
};

/// Counts bytes and allocations through it (current, peak and total), forwarding to `upstream`.
class statistics_adaptor final : public memory_resource {
public:
  struct counter {
    std::size_t current = 0, peak = 0, total = 0;
  };
  explicit statistics_adaptor(memory_resource* upstream) : upstream_(upstream) {}
  [[nodiscard]] counter bytes() const noexcept { return read(bytes_); }
  [[nodiscard]] counter allocations() const noexcept { return read(count_); }
  [[nodiscard]] memory_resource* upstream() const noexcept { return upstream_; }

private:
  struct atomic_counter {
    std::atomic<std::size_t> current{0}, peak{0}, total{0};
    void add(std::size_t n) {
      const std::size_t now = current += n;
      total += n;
      std::size_t p = peak.load();
      while (now > p && !peak.compare_exchange_weak(p, now)) {
      }
    }
  };
  static counter read(const atomic_counter& c) {
    return {c.current.load(), c.peak.load(), c.total.load()};
  }

  void* do_allocate(std::size_t bytes, std::size_t alignment, native_stream s) override {
    void* p = upstream_->allocate_async(bytes, alignment, s);
    if (p) { // a 0-byte request yields nullptr, whose deallocation never reaches here
      bytes_.add(bytes);
      count_.add(1);
    }
    return p;
  }
  void do_deallocate(void* p, std::size_t bytes, std::size_t alignment,
                     native_stream s) noexcept override {
    upstream_->deallocate_async(p, bytes, alignment, s);
    bytes_.current -= bytes;
    count_.current -= 1;
  }

  memory_resource* upstream_;
  atomic_counter bytes_, count_;
};

} // namespace cupp::mr
