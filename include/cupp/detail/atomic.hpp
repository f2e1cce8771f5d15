#pragma once
/// \file
/// `atomic_add(p, v)`: `*p += v` atomically for every cupp dtype (bool: logical or), on the device
/// and in host OpenMP loops. The unbuffered scatter-add (`add_at`) is built on it.
/// `atomic_min(p, v)` / `atomic_max(p, v)` (double, int64), `atomic_cas(p, expected, desired)`
/// (int64: returns the old value), `atomic_load(p)` and `atomic_store(p, v)` (int64): the
/// per-label statistics and the union-find of cupx::ndimage's measurements.
/// `atomic_fetch_add(p, v)` (unsigned int): `*p += v`, returning the old value (slots claimed in
/// a shared buffer, e.g. random samples' buckets); `atomic_fetch_or(p, v)` likewise for `|=`.

#include <cupp/core/config.hpp>

#include <cstdint>
#include <type_traits>
#if !defined(__CUDA_ARCH__)
#include <atomic>
#endif

namespace cupp::detail {

#if defined(__CUDA_ARCH__)
// 1- and 2-byte values: compare-and-swap on the aligned 32-bit word that holds them.
template <class T> __device__ void atomic_add_narrow(T* p, T v) {
  const auto addr = reinterpret_cast<std::uintptr_t>(p);
  auto* word = reinterpret_cast<unsigned*>(addr & ~std::uintptr_t{3});
  const unsigned shift = static_cast<unsigned>(addr & 3) * 8;
  constexpr unsigned mask = (1u << (8 * sizeof(T))) - 1;
  unsigned old = *word, assumed;
  do {
    assumed = old;
    T cur;
    const unsigned bits = (assumed >> shift) & mask;
    memcpy(&cur, &bits, sizeof(T));
    T next;
    if constexpr (std::is_same_v<T, bool>) {
      next = cur || v;
    } else {
      next = static_cast<T>(cur + v);
    }
    unsigned nbits = 0;
    memcpy(&nbits, &next, sizeof(T));
    old = atomicCAS(word, assumed, (assumed & ~(mask << shift)) | ((nbits & mask) << shift));
  } while (old != assumed);
}
#endif

template <class T> CUPP_HD void atomic_add(T* p, T v) {
#if defined(__CUDA_ARCH__)
  if constexpr (sizeof(T) < 4) {
    atomic_add_narrow(p, v);
  } else if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    atomicAdd(p, v);
  } else if constexpr (sizeof(T) == 4) {
    atomicAdd(reinterpret_cast<unsigned*>(p), static_cast<unsigned>(v)); // two's complement wraps
  } else {
    atomicAdd(reinterpret_cast<unsigned long long*>(p), static_cast<unsigned long long>(v));
  }
#else
  if constexpr (std::is_same_v<T, bool>) {
    if (v) std::atomic_ref<bool>(*p).store(true);
  } else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
    // unsigned arithmetic wraps as NumPy's does, without signed-overflow UB
    using U = std::make_unsigned_t<T>;
    std::atomic_ref<U>(*reinterpret_cast<U*>(p)).fetch_add(static_cast<U>(v));
  } else {
    std::atomic_ref<T>(*p).fetch_add(v);
  }
#endif
}

/// `*p = min(*p, v)` atomically (double or int64; a NaN v is ignored).
template <class T> CUPP_HD void atomic_min(T* p, T v) {
  static_assert(std::is_same_v<T, double> || std::is_same_v<T, std::int64_t>);
  if (!(v == v)) return;
#if defined(__CUDA_ARCH__)
  if constexpr (std::is_same_v<T, double>) {
    auto* w = reinterpret_cast<unsigned long long*>(p);
    unsigned long long old = *w, assumed;
    do {
      assumed = old;
      if (!(v < __longlong_as_double(static_cast<long long>(assumed)))) return;
      old = atomicCAS(w, assumed, static_cast<unsigned long long>(__double_as_longlong(v)));
    } while (old != assumed);
  } else {
    atomicMin(reinterpret_cast<long long*>(p), static_cast<long long>(v));
  }
#else
  std::atomic_ref<T> r(*p);
  T cur = r.load(std::memory_order_relaxed);
  while (v < cur && !r.compare_exchange_weak(cur, v, std::memory_order_relaxed)) {
  }
#endif
}

/// `*p = max(*p, v)` atomically (double or int64; a NaN v is ignored).
template <class T> CUPP_HD void atomic_max(T* p, T v) {
  static_assert(std::is_same_v<T, double> || std::is_same_v<T, std::int64_t>);
  if (!(v == v)) return;
#if defined(__CUDA_ARCH__)
  if constexpr (std::is_same_v<T, double>) {
    auto* w = reinterpret_cast<unsigned long long*>(p);
    unsigned long long old = *w, assumed;
    do {
      assumed = old;
      if (!(v > __longlong_as_double(static_cast<long long>(assumed)))) return;
      old = atomicCAS(w, assumed, static_cast<unsigned long long>(__double_as_longlong(v)));
    } while (old != assumed);
  } else {
    atomicMax(reinterpret_cast<long long*>(p), static_cast<long long>(v));
  }
#else
  std::atomic_ref<T> r(*p);
  T cur = r.load(std::memory_order_relaxed);
  while (v > cur && !r.compare_exchange_weak(cur, v, std::memory_order_relaxed)) {
  }
#endif
}

/// Compare-and-swap of an int64: `*p = desired` if `*p == expected`; returns the old value.
CUPP_HD inline std::int64_t atomic_cas(std::int64_t* p, std::int64_t expected,
                                       std::int64_t desired) {
#if defined(__CUDA_ARCH__)
  return static_cast<std::int64_t>(atomicCAS(reinterpret_cast<unsigned long long*>(p),
                                             static_cast<unsigned long long>(expected),
                                             static_cast<unsigned long long>(desired)));
#else
  std::atomic_ref<std::int64_t>(*p).compare_exchange_strong(expected, desired);
  return expected;
#endif
}

/// `*p |= v` of an unsigned int; returns the value before (bitmaps of values seen).
CUPP_HD inline unsigned atomic_fetch_or(unsigned* p, unsigned v) {
#if defined(__CUDA_ARCH__)
  return atomicOr(p, v);
#else
  return std::atomic_ref<unsigned>(*p).fetch_or(v);
#endif
}

/// `*p += v` of an unsigned int; returns the value before.
CUPP_HD inline unsigned atomic_fetch_add(unsigned* p, unsigned v) {
#if defined(__CUDA_ARCH__)
  return atomicAdd(p, v);
#else
  return std::atomic_ref<unsigned>(*p).fetch_add(v);
#endif
}

/// A load and a store of an int64 that other threads may be writing.
CUPP_HD inline std::int64_t atomic_load(const std::int64_t* p) {
#if defined(__CUDA_ARCH__)
  return *reinterpret_cast<const volatile std::int64_t*>(p);
#else
  return std::atomic_ref<std::int64_t>(*const_cast<std::int64_t*>(p))
      .load(std::memory_order_relaxed);
#endif
}
CUPP_HD inline void atomic_store(std::int64_t* p, std::int64_t v) {
#if defined(__CUDA_ARCH__)
  *reinterpret_cast<volatile std::int64_t*>(p) = v;
#else
  std::atomic_ref<std::int64_t>(*p).store(v, std::memory_order_relaxed);
#endif
}

} // namespace cupp::detail
