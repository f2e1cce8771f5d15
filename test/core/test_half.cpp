// float16 and bfloat16 (core/half.hpp): every bit pattern's value against the IEEE formula,
// rounding to nearest even against a brute-force search over all 65536 values, on the host and,
// through astype, in device code (where the conversions are hardware instructions).
#include "common/testing.hpp"

#include <cupp/core/half.hpp>
#include <cupp/expr/astype.hpp>
#include <cupp/math/functions.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

using cupp::bfloat16;
using cupp::float16;

namespace {

// The value of a bit pattern from the format's definition (sign, biased exponent, fraction).
double value_of_bits(std::uint16_t b, int exp_bits, int frac_bits) {
  const int bias = (1 << (exp_bits - 1)) - 1;
  const int e = (b >> frac_bits) & ((1 << exp_bits) - 1);
  const int f = b & ((1 << frac_bits) - 1);
  const double sign = (b & 0x8000) ? -1.0 : 1.0;
  if (e == (1 << exp_bits) - 1) return f ? NAN : sign * INFINITY;
  if (e == 0) return sign * std::ldexp(f, 1 - bias - frac_bits);
  return sign * std::ldexp(f + (1 << frac_bits), e - bias - frac_bits);
}

template <class H> double value_of(H h) {
  return std::is_same_v<H, float16> ? value_of_bits(h.bits, 5, 10) : value_of_bits(h.bits, 8, 7);
}

// The finite values of format H in increasing order, with their bits.
template <class H> std::vector<std::pair<double, std::uint16_t>> finite_values() {
  std::vector<std::pair<double, std::uint16_t>> v;
  for (std::uint32_t b = 0; b < 0x10000; ++b) {
    const double x = value_of(H::from_bits(static_cast<std::uint16_t>(b)));
    if (std::isfinite(x) && !(x == 0 && (b & 0x8000))) v.emplace_back(x, b);
  }
  std::sort(v.begin(), v.end());
  return v;
}

// Round to nearest, ties to the even bit pattern, overflow to infinity past the largest value
// plus half a step; found by bisection over the sorted values (the independent reference).
template <class H> std::uint16_t nearest_bits(double x) {
  static const auto values = finite_values<H>();
  if (std::isnan(x)) return 0;
  const double largest = values.back().first;
  const double step = largest - values[values.size() - 2].first;
  const std::uint16_t inf = std::numeric_limits<H>::infinity().bits;
  if (std::fabs(x) >= largest + step / 2)
    return x > 0 ? inf : static_cast<std::uint16_t>(inf | 0x8000);
  if (x > largest) return values.back().second;
  if (x < -largest) return values.front().second;
  auto hi = std::lower_bound(values.begin(), values.end(), std::pair{x, std::uint16_t{0}});
  if (hi->first == x) return x == 0 && std::signbit(x) ? 0x8000 : hi->second;
  const auto lo = hi - 1;
  const double dl = x - lo->first, dh = hi->first - x;
  std::uint16_t b = dl < dh   ? lo->second
                    : dh < dl ? hi->second
                              : ((lo->second & 1) ? hi->second : lo->second);
  if (b == 0 && x < 0) b = 0x8000; // rounds to -0.0
  return b;
}

// Doubles around every float16 value: the value, the midpoints to its neighbours, and points just
// beside them, plus the overflow and underflow boundaries.
std::vector<double> probes(const std::vector<std::pair<double, std::uint16_t>>& values) {
  std::vector<double> x;
  for (std::size_t i = 0; i + 1 < values.size(); i += 7) {
    const double a = values[i].first, b = values[i + 1].first, mid = (a + b) / 2;
    for (double v : {a, mid, std::nextafter(mid, -INFINITY), std::nextafter(mid, INFINITY)})
      x.push_back(v);
  }
  for (double v : {65504.0, 65519.99, 65520.0, 1e6, -65520.0, std::ldexp(1.0, -25),
                   std::nextafter(std::ldexp(1.0, -25), 1.0), std::ldexp(1.5, -25), 1e-30, -0.0})
    x.push_back(v);
  return x;
}

} // namespace

TEST_CASE("every float16 and bfloat16 bit pattern converts to its IEEE value", "[core][half]") {
  for (std::uint32_t b = 0; b < 0x10000; ++b) {
    const auto bits = static_cast<std::uint16_t>(b);
    const double h = value_of_bits(bits, 5, 10), bf = value_of_bits(bits, 8, 7);
    const float fh = float16::from_bits(bits), fbf = bfloat16::from_bits(bits);
    INFO("bits " << b);
    if (std::isnan(h)) {
      CHECK(std::isnan(fh));
    } else {
      CHECK(static_cast<double>(fh) == h);
      CHECK(std::signbit(fh) == std::signbit(h));
      CHECK(float16(fh).bits == bits); // and back
    }
    if (std::isnan(bf)) {
      CHECK(std::isnan(fbf));
    } else {
      CHECK(static_cast<double>(fbf) == bf);
      CHECK(bfloat16(fbf).bits == bits);
    }
  }
}

TEST_CASE("float16 rounds doubles and floats to nearest even, bfloat16 through float",
          "[core][half]") {
  const auto x = probes(finite_values<float16>());
  for (double v : x) {
    INFO("x = " << v);
    CHECK(float16(v).bits == nearest_bits<float16>(v));
    // a float rounds once: the float nearest v, then its nearest float16
    const float f = static_cast<float>(v);
    CHECK(float16(f).bits == nearest_bits<float16>(f));
    CHECK(bfloat16(f).bits == nearest_bits<bfloat16>(f));
  }
  CHECK(std::isnan(static_cast<float>(float16(NAN))));
  CHECK(std::isnan(static_cast<float>(bfloat16(NAN))));
  CHECK(float16(70000).bits == 0x7c00); // integers through float
  CHECK(float16(-3).bits == 0xc200);
  CHECK(bfloat16(257).bits == 0x4380); // 257 is a tie between 256 and 258: even gives 256
}

TEST_CASE("float16 and bfloat16 conversions in device code match the host's", "[core][half]") {
  const auto x = probes(finite_values<float16>());
  std::vector<float> xf(x.begin(), x.end());
  xf.push_back(NAN);
  const auto dev = cupp::asarray(xf.data(), cupp::shape_t{static_cast<cupp::index_t>(xf.size())});
  const auto h = cupp::ndarray<float16>(cupp::astype<float16>(dev)).get();
  const auto bf = cupp::ndarray<bfloat16>(cupp::astype<bfloat16>(dev)).get();
  const auto back =
      cupp::ndarray<float>(cupp::astype<float>(cupp::ndarray<float16>(cupp::astype<float16>(dev))))
          .get();
  REQUIRE(h.size() == xf.size());
  for (std::size_t i = 0; i + 1 < xf.size(); ++i) {
    INFO("x = " << xf[i]);
    CHECK(h[i].bits == nearest_bits<float16>(xf[i]));
    CHECK(bf[i].bits == nearest_bits<bfloat16>(xf[i]));
    CHECK(back[i] == static_cast<float>(value_of(h[i])));
  }
  CHECK(std::isnan(static_cast<float>(h.back())));
  CHECK(std::isnan(static_cast<float>(bf.back())));
  CHECK(std::isnan(back.back()));
}

TEST_CASE("numeric_limits of float16 and bfloat16 are NumPy's finfo", "[core][half]") {
  using L = std::numeric_limits<float16>;
  CHECK(static_cast<float>(L::max()) == 65504.0f);
  CHECK(static_cast<float>(L::lowest()) == -65504.0f);
  CHECK(static_cast<float>(L::min()) == std::ldexp(1.0f, -14));
  CHECK(static_cast<float>(L::epsilon()) == std::ldexp(1.0f, -10));
  CHECK(static_cast<float>(L::denorm_min()) == std::ldexp(1.0f, -24));
  CHECK(std::isinf(static_cast<float>(L::infinity())));
  CHECK(std::isnan(static_cast<float>(L::quiet_NaN())));
  using B = std::numeric_limits<bfloat16>;
  CHECK(static_cast<float>(B::max()) == 3.3895313892515355e38f);
  CHECK(static_cast<float>(B::lowest()) == -3.3895313892515355e38f);
  CHECK(static_cast<float>(B::min()) == std::numeric_limits<float>::min());
  CHECK(static_cast<float>(B::epsilon()) == 0.0078125f);
  CHECK(std::isinf(static_cast<float>(B::infinity())));
  CHECK(std::isnan(static_cast<float>(B::quiet_NaN())));
}
