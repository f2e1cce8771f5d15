#pragma once
/// \file
/// The packed distributions (see detail/random/stream.hpp): uniform floats, bounded integers, the
/// standard normal and exponential, with at most two scalar-or-array parameters. One Philox block
/// gives `per_block<T>` elements (four of 4 bytes or less, one word each; two of 8 bytes, two
/// words each), so generation keeps up with the write bandwidth. Each distribution defines
/// `lanes<T>(block, key, first, p0, p1, out)`: the block's elements first, first + 1, ...

#include <cupp/core/config.hpp>
#include <cupp/detail/fault.hpp>
#include <cupp/detail/random/math.hpp>
#include <cupp/detail/random/stream.hpp>
#include <cupp/detail/random/unit_math.hpp>

#include <cmath>
#include <cstdint>
#include <type_traits>

namespace cupp::detail::random {

template <class T> inline constexpr int per_block = sizeof(T) == 8 ? 2 : 4;

/// V results stored at once (a 16-byte vector store where aligned, detail/launch.hpp).
template <class T, int V> struct alignas(sizeof(T) * V < 16 ? sizeof(T) * V : 16) vec { T v[V]; };

/// value<T>(key, i, p0, p1) and group<V, T>(key, c, p0, p1) for a distribution with lanes().
template <class Lanes> struct packed_dist {
  static constexpr bool packed = true;

  template <class T, class P> CUPP_HD T value(const call_key& key, index_t i, P p0, P p1) const {
    constexpr int e = per_block<T>;
    const index_t g = i / e;
    T r[e];
    Lanes::template lanes<T>(block_at(key, static_cast<std::uint64_t>(g) + key.first / e, 0), key,
                             g * e, p0, p1, r);
    // selected rather than indexed: a run-time index would put r in local memory
    const index_t j = i - g * e;
    T v = r[0];
    CUPP_UNROLL
    for (int k = 1; k < e; ++k)
      if (j == k) v = r[k];
    return v;
  }

  template <int V, class T, class P>
  CUPP_HD vec<T, V> group(const call_key& key, index_t c, P p0, P p1) const {
    constexpr int e = per_block<T>;
    static_assert(V % e == 0, "a vector of whole Philox blocks");
    vec<T, V> out;
    CUPP_UNROLL
    for (int b = 0; b < V / e; ++b)
      Lanes::template lanes<T>(
          block_at(key, static_cast<std::uint64_t>(c / e + b) + key.first / e, 0), key, c + b * e,
          p0, p1, out.v + b * e);
    return out;
  }
};

/// Uniform on [low, high) = [p0, p1): low + (high - low) * u, u on [0, 1) with 24 (float32) or
/// 53 bits, as NumPy's uniform (`random` is low = 0, high = 1: u itself).
struct uniform_lanes {
  template <class T, class P>
  CUPP_HD static void lanes(const philox_block& b, const call_key&, index_t, P p0, P p1, T* out) {
    if constexpr (sizeof(T) == 8) {
      CUPP_UNROLL
      for (int k = 0; k < 2; ++k)
        out[k] =
            static_cast<T>(p0 + (p1 - p0) * unit_double(join_words(b.w[2 * k], b.w[2 * k + 1])));
    } else {
      CUPP_UNROLL
      for (int k = 0; k < 4; ++k)
        out[k] = static_cast<T>(static_cast<float>(p0) +
                                static_cast<float>(p1 - p0) * unit_float(b.w[k]));
    }
  }
};
struct uniform_dist : packed_dist<uniform_lanes> {
  static constexpr bool relation_first = true;
  /// NumPy's checks of high - low: finite, then not negative (-0.0 is, by its sign bit).
  CUPP_HD static relation_fault relation(double low, double high, double) {
    const double range = high - low;
    if (!std::isfinite(range)) return relation_fault::range_not_finite;
    if (std::signbit(range)) return relation_fault::range_negative;
    return relation_fault::none;
  }
};

/// The normal distribution, p0 + p1 * z, z by Box-Muller (unit_math.hpp) from u1 in (0, 1] and u2
/// in [0, 1), the pair's two elements. float32: two pairs of words per block; float64: one pair
/// of 53-bit uniforms per block.
struct normal_lanes {
  template <class T, class P>
  CUPP_HD static void lanes(const philox_block& b, const call_key&, index_t, P p0, P p1, T* out) {
    if constexpr (sizeof(T) == 8) {
      double z[2];
      unit::box_muller(1.0 - unit_double(join_words(b.w[0], b.w[1])),
                       unit_double(join_words(b.w[2], b.w[3])), z);
      out[0] = static_cast<T>(p0 + p1 * z[0]);
      out[1] = static_cast<T>(p0 + p1 * z[1]);
    } else {
      CUPP_UNROLL
      for (int k = 0; k < 2; ++k) {
        float z[2];
        unit::box_muller(1.0f - unit_float(b.w[2 * k]), unit_float(b.w[2 * k + 1]), z);
        out[2 * k] = static_cast<T>(static_cast<float>(p0) + static_cast<float>(p1) * z[0]);
        out[2 * k + 1] = static_cast<T>(static_cast<float>(p0) + static_cast<float>(p1) * z[1]);
      }
    }
  }
};
struct normal_dist_packed : packed_dist<normal_lanes> {};

/// The exponential distribution with scale p0: -p0 log(1 - u) (unit_math.hpp).
struct exponential_lanes {
  template <class T, class P>
  CUPP_HD static void lanes(const philox_block& b, const call_key&, index_t, P p0, P, T* out) {
    if constexpr (sizeof(T) == 8) {
      CUPP_UNROLL
      for (int k = 0; k < 2; ++k)
        out[k] = static_cast<T>(
            p0 * unit::exponential(unit_double(join_words(b.w[2 * k], b.w[2 * k + 1]))));
    } else {
      CUPP_UNROLL
      for (int k = 0; k < 4; ++k)
        out[k] = static_cast<T>(static_cast<float>(p0) * unit::exponential(unit_float(b.w[k])));
    }
  }
};
struct exponential_dist_packed : packed_dist<exponential_lanes> {};

/// Integers low + [0, rng] (p0 = low and p1 = rng as two's-complement 64-bit words), unbiased by
/// Lemire's multiply-and-reject (NumPy's bounded integers): 32-bit when rng < 2^32, else 64-bit
/// from the element's two words. A rejected word is replaced from the element's own stream
/// (blocks j >= 1), which is rare: probability below rng / 2^32.
struct integers_lanes {
  CUPP_HD static std::uint32_t bounded32(std::uint32_t w, std::uint32_t rng, const call_key& key,
                                         index_t i) {
    if (rng == 0xFFFFFFFFu) return w;
    const std::uint32_t excl = rng + 1;
    std::uint64_t m = std::uint64_t{w} * excl;
    if (static_cast<std::uint32_t>(m) < excl) {
      const std::uint32_t threshold = (0u - excl) % excl;
      if (static_cast<std::uint32_t>(m) < threshold) {
        element_stream s(key, static_cast<std::uint64_t>(i), 1);
        do {
          m = std::uint64_t{s.next_u32()} * excl;
        } while (static_cast<std::uint32_t>(m) < threshold);
      }
    }
    return static_cast<std::uint32_t>(m >> 32);
  }
  CUPP_HD static std::uint64_t mulhi64(std::uint64_t a, std::uint64_t b, std::uint64_t& lo) {
    lo = a * b;
#if defined(__CUDA_ARCH__)
    return __umul64hi(a, b);
#else
    return static_cast<std::uint64_t>((static_cast<unsigned __int128>(a) * b) >> 64);
#endif
  }
  CUPP_HD static std::uint64_t bounded64(std::uint64_t w, std::uint64_t rng, const call_key& key,
                                         index_t i) {
    if (rng == ~std::uint64_t{0}) return w;
    const std::uint64_t excl = rng + 1;
    std::uint64_t lo, hi = mulhi64(w, excl, lo);
    if (lo < excl) {
      const std::uint64_t threshold = (0 - excl) % excl;
      if (lo < threshold) {
        element_stream s(key, static_cast<std::uint64_t>(i), 1);
        do {
          hi = mulhi64(s.next_u64(), excl, lo);
        } while (lo < threshold);
      }
    }
    return hi;
  }
  template <class T, class P>
  CUPP_HD static void lanes(const philox_block& b, const call_key& key, index_t first, P low, P rng,
                            T* out) {
    static_assert(std::is_same_v<P, std::uint64_t>, "integer bounds as 64-bit words");
    if constexpr (sizeof(T) == 8) {
      CUPP_UNROLL
      for (int k = 0; k < 2; ++k) {
        const std::uint64_t x =
            rng <= 0xFFFFFFFFu
                ? bounded32(b.w[2 * k], static_cast<std::uint32_t>(rng), key, first + k)
                : bounded64(join_words(b.w[2 * k], b.w[2 * k + 1]), rng, key, first + k);
        out[k] = static_cast<T>(low + x);
      }
    } else {
      CUPP_UNROLL
      for (int k = 0; k < 4; ++k)
        out[k] = static_cast<T>(low +
                                bounded32(b.w[k], static_cast<std::uint32_t>(rng), key, first + k));
    }
  }
};
struct integers_dist : packed_dist<integers_lanes> {};

} // namespace cupp::detail::random
