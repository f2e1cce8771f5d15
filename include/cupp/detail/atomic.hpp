#pragma once
/// \file
/// `atomic_add(p, v)`: `*p += v` atomically for every cupp dtype (bool: logical or), on the device
/// and in host OpenMP loops. The unbuffered scatter-add (`add_at`) is built on it.

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

} // namespace cupp::detail
