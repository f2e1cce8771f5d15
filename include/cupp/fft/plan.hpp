#pragma once
/// \file
/// FFT plans: CuPy's plan cache (`cupy.fft.config.get_plan_cache()`) and explicit plan objects.
/// Every transform runs on library plans (cuFFT's, FFTW's) kept in an LRU cache per device and
/// host thread. The plans hold no work area: cupp makes them with the library's allocation off
/// and lends each execution a work area from the memory pool on the current stream, so a cache of
/// 16 plans does not keep 16 work areas (CuPy's plans each keep theirs). One plan serves every
/// stream: it is bound to the current stream at each execution.

#include <cupp/detail/fft.hpp>

#include <cstddef>
#include <iostream>
#include <utility>
#include <vector>

namespace cupp::fft {

/// This thread's plan cache of one device (a handle; `get_plan_cache()`). Sizes and limits as
/// CuPy's: `set_size(0)` disables caching (each transform then makes its plans and frees them),
/// `set_memsize(-1)` removes the memory limit. The memory of a plan is the work area it needs
/// at run time (borrowed from the pool, not held), CuPy's measure of a plan's size.
class plan_cache {
public:
  /// The cache of `device` (-1: the current one) for the calling thread.
  explicit plan_cache(int device = -1);

  [[nodiscard]] std::size_t get_size() const;         ///< the most plans kept (default 16)
  void set_size(std::size_t size);                    ///< evicts the least recently used
  [[nodiscard]] long long get_memsize() const;        ///< the most bytes, -1: no limit (default)
  void set_memsize(long long bytes);                  ///< evicts the least recently used
  [[nodiscard]] std::size_t get_curr_size() const;    ///< plans kept now
  [[nodiscard]] std::size_t get_curr_memsize() const; ///< their work-area bytes
  [[nodiscard]] std::size_t hits() const;             ///< lookups that found their plan
  [[nodiscard]] std::size_t misses() const;           ///< lookups that made one
  /// Frees every plan (the counts of hits and misses stay).
  void clear();
  /// CuPy's show_info(): the limits, the counts and one line per plan, most recent first.
  void show_info(std::ostream& os = std::cout) const;
  [[nodiscard]] int device() const noexcept { return device_; }

private:
  int device_;
};

/// `cupy.fft.config.get_plan_cache()`: the calling thread's cache of the current device.
[[nodiscard]] inline plan_cache get_plan_cache() { return plan_cache(); }

/// An explicit plan (CuPy's `get_fft_plan` used as a context): given to a transform as
/// `{.plan = &p}`, it keeps the library plans that transform needs, outside the cache, for as
/// long as it lives. The first transform given it makes them; later ones must have the same
/// layout (shape, strides, axes, dtype, direction), else value_error. Not shared between threads
/// running at once.
class plan {
public:
  plan() = default;
  /// The library plans kept (a transform over several axes or with a copy takes more than one).
  [[nodiscard]] std::size_t size() const noexcept { return steps_.size(); }
  /// Frees the plans; the next transform makes new ones.
  void reset() noexcept { steps_.clear(); }

  /// The library plan for the next step of a transform (used by the transforms).
  [[nodiscard]] detail::fft::plan_ptr next(const detail::fft::desc& d);
  /// Starts a transform (used by the transforms).
  void rewind() noexcept { cursor_ = 0; }

private:
  std::vector<std::pair<detail::fft::desc, detail::fft::plan_ptr>> steps_;
  std::size_t cursor_ = 0;
};

} // namespace cupp::fft
