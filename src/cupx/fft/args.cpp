// scipy.fft's argument rules for cupx::fft (_r2r's type and n checks, _init_nd_shape_and_axes)
// with SciPy's messages, and next_fast_len / prev_fast_len (pocketfft's good_size rules).
#include <cupp/core/layout.hpp>
#include <cupx/fft.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>

namespace cupx::fft {

namespace impl {

namespace {

void check_type(kind k, int type) {
  if (type < 1 || type > 4)
    throw cupp::value_error(k == kind::dct ? "invalid DCT type" : "invalid DST type");
}

std::string list_repr(const std::vector<index_t>& s) {
  std::string out = "[";
  for (std::size_t i = 0; i < s.size(); ++i)
    out += (i ? ", " : "") + std::to_string(s[i]);
  return out + "]";
}

// SciPy's _init_nd_shape_and_axes: the axes and their lengths.
void nd_shape_and_axes(const cupp::shape_t& shape, const lengths& ls, const cupp::axes& ax,
                       std::vector<index_t>& axes, std::vector<index_t>& s) {
  const auto ndim = static_cast<index_t>(shape.size());
  axes.clear();
  s.clear();
  if (!ax.all()) {
    for (index_t a : ax.list()) {
      if (a < 0) a += ndim;
      if (a >= ndim || a < 0) throw cupp::value_error("axes exceeds dimensionality of input");
      axes.push_back(a);
    }
    std::vector<index_t> sorted = axes;
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
      throw cupp::value_error("all axes must be unique");
  }
  const std::vector<index_t>& given = ls.list();
  if (!given.empty()) {
    if (!ax.all() && !axes.empty() && axes.size() != given.size())
      throw cupp::value_error("when given, axes and shape arguments have to be of the same length");
    if (ax.all()) {
      if (static_cast<index_t>(given.size()) > ndim)
        throw cupp::value_error("shape requires more axes than are present");
      for (index_t a = ndim - static_cast<index_t>(given.size()); a < ndim; ++a)
        axes.push_back(a);
    }
    for (std::size_t i = 0; i < axes.size(); ++i)
      s.push_back(given[i] == -1 ? shape[axes[i]] : given[i]);
  } else {
    if (ax.all())
      for (index_t a = 0; a < ndim; ++a)
        axes.push_back(a);
    for (const index_t a : axes)
      s.push_back(shape[a]);
  }
  if (std::any_of(s.begin(), s.end(), [](index_t n) { return n < 1; }))
    throw cupp::value_error("invalid number of data points (" + list_repr(s) + ") specified");
}

// DCT-I needs two points (SciPy's pocketfft: "zero-length FFT requested", a RuntimeError).
void check_lengths(const r2r_args& a) {
  const int computed = a.inverse && (a.type == 2 || a.type == 3) ? 5 - a.type : a.type;
  if (a.k == kind::dct && computed == 1)
    for (const index_t n : a.s)
      if (n < 2) throw cupp::value_error("zero-length FFT requested");
}

} // namespace

r2r_args cook_r2r(const cupp::shape_t& shape, kind k, int type, bool inverse,
                  std::optional<index_t> n, index_t axis, norm_mode norm,
                  std::optional<bool> orthogonalize) {
  check_type(k, type);
  const int ax = cupp::detail::normalize_axis(axis, static_cast<int>(shape.size()));
  const index_t len = n ? *n : shape[ax];
  if (len < 1)
    throw cupp::value_error("invalid number of data points (" + std::to_string(len) +
                            ") specified");
  r2r_args a{k, type, inverse, {ax}, {len}, norm, orthogonalize.value_or(norm == ortho)};
  check_lengths(a);
  return a;
}

r2r_args cook_r2rn(const cupp::shape_t& shape, kind k, int type, bool inverse, const lengths& s,
                   const cupp::axes& axes, norm_mode norm, std::optional<bool> orthogonalize) {
  check_type(k, type);
  r2r_args a{k, type, inverse, {}, {}, norm, orthogonalize.value_or(norm == ortho)};
  nd_shape_and_axes(shape, s, axes, a.axes, a.s);
  check_lengths(a);
  return a;
}

cupp::fft::impl::nd_args cook_nd(const cupp::shape_t& shape, const lengths& s,
                                 const cupp::axes& axes, bool c2r, norm_mode norm) {
  cupp::fft::impl::nd_args a;
  a.norm = norm;
  nd_shape_and_axes(shape, s, axes, a.axes, a.s);
  if (a.axes.empty()) throw cupp::value_error("at least 1 axis must be transformed");
  if (c2r && s.list().empty()) {
    a.s.back() = (shape[a.axes.back()] - 1) * 2;
    if (a.s.back() < 1)
      throw cupp::value_error("Invalid number of data points (" + std::to_string(a.s.back()) +
                              ") specified");
  }
  return a;
}

} // namespace impl

namespace {

using u64 = std::uint64_t;

void check_target(index_t target) {
  if (target < 0) throw cupp::value_error("Target length must be positive");
}

// f * p, or `past` when that would pass `bound` (or overflow).
u64 times(u64 f, u64 p, u64 bound, u64 past) { return f > bound / p ? past : f * p; }

// The smallest product 2^a 3^b 5^c 7^d 11^e >= n (real: 2^a 3^b 5^c), pocketfft's good_size loops.
u64 next_smooth(u64 n, bool real) {
  if (n <= (real ? 6 : 12)) return n;
  const u64 top = std::numeric_limits<u64>::max();
  u64 best = top;
  const u64 p11 = real ? top : 11, p7 = real ? top : 7;
  for (u64 f11 = 1; f11 < best; f11 = times(f11, p11, top, best))
    for (u64 f7 = f11; f7 < best; f7 = times(f7, p7, top, best))
      for (u64 f5 = f7; f5 < best; f5 = times(f5, 5, top, best))
        for (u64 f3 = f5; f3 < best; f3 = times(f3, 3, top, best)) {
          u64 x = f3;
          while (x < n)
            x *= 2;
          best = std::min(best, x);
        }
  return best;
}

// The largest such product <= n.
u64 prev_smooth(u64 n, bool real) {
  if (n <= (real ? 6 : 12)) return n;
  const u64 top = std::numeric_limits<u64>::max();
  const u64 p11 = real ? top : 11, p7 = real ? top : 7;
  u64 best = 1;
  for (u64 f11 = 1; f11 <= n; f11 = times(f11, p11, n, n + 1))
    for (u64 f7 = f11; f7 <= n; f7 = times(f7, p7, n, n + 1))
      for (u64 f5 = f7; f5 <= n; f5 = times(f5, 5, n, n + 1))
        for (u64 f3 = f5; f3 <= n; f3 = times(f3, 3, n, n + 1)) {
          u64 x = f3;
          while (x <= n / 2)
            x *= 2;
          best = std::max(best, x);
        }
  return best;
}

} // namespace

index_t next_fast_len(index_t target, bool real) {
  check_target(target);
  const u64 r = next_smooth(static_cast<u64>(target), real);
  if (r > static_cast<u64>(std::numeric_limits<index_t>::max()))
    throw cupp::value_error("Target length is too large to perform an FFT: " +
                            std::to_string(target));
  return static_cast<index_t>(r);
}

index_t prev_fast_len(index_t target, bool real) {
  check_target(target);
  return static_cast<index_t>(prev_smooth(static_cast<u64>(target), real));
}

} // namespace cupx::fft
