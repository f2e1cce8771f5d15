#pragma once
/// \file
/// `cupx::ndimage`'s distance transform, scipy.ndimage's distance_transform_edt: the exact
/// Euclidean distance from every element to the nearest zero element, and the coordinates of that
/// zero (the feature transform). It is Maurer, Qi and Raghavan's separable algorithm as SciPy
/// runs it (ni_morphology.c, _ComputeFT and _VoronoiFT): one pass per axis in the order 0, 1, ...;
/// the pass over axis d gives each element the nearest feature in the subspace of axes 0..d, by
/// the lower envelope of the previous pass's features along the element's line. A line is held
/// in shared memory by a warp where it fits (cupp::detail::warp_lines): with a sampling of 1,
/// where SciPy's arithmetic is exact, the lanes search it in parallel for each element's nearest
/// feature (edt_unit_pass); otherwise one lane walks SciPy's envelope in sequence
/// (edt_sequential_pass); lines too long for shared memory are walked by a thread each with the
/// envelope in global scratch (edt_global_pass: about 1 us a step on the H200, 9 ms for 2048^2,
/// where the parallel search takes 0.37). Every comparison and every rounding is SciPy's
/// (products rounded on their own, no fused multiply-add), so ties between equidistant zeros
/// resolve as SciPy's do and the indices equal SciPy's bit for bit, with any sampling.
/// Nothing syncs the device. See docs/ndimage.md, "Distance transform".

#include <cupx/ndimage/arguments.hpp>

#include <cupp/core/config.hpp>
#include <cupp/core/error.hpp>
#include <cupp/core/keywords.hpp>
#include <cupp/core/shape.hpp>
#include <cupp/detail/complex_math.hpp>
#include <cupp/detail/launch.hpp>
#include <cupp/detail/warp_lines.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/math/compare.hpp>
#include <cupp/ndarray.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace cupx::ndimage {

using cupp::ndarray;

/// Keywords of distance_transform_edt, SciPy's names and order:
/// `{.sampling = {2.0, 0.5}, .return_indices = true}`. A sampling of 1 gives SciPy's
/// `sampling=None` to the bit (SciPy skips the products by 1, which are exact). `.distances` and
/// `.indices` are SciPy's output arrays (float64 of the input's shape, int32 of (ndim,) + shape;
/// any view): the results are written there, and the result's members are those arrays.
struct edt_kw {
  cupp::detail::kw_guard guard_{};
  per_axis<double> sampling = 1.0;
  bool return_distances = true;
  bool return_indices = false;
  std::optional<ndarray<double>> distances = std::nullopt;
  std::optional<ndarray<std::int32_t>> indices = std::nullopt;
};

/// What distance_transform_edt returns: float64 distances of the input's shape and the int32
/// indices of shape (ndim,) + shape (SciPy's dtypes), each only where asked for.
struct edt_result {
  std::optional<ndarray<double>> distances;
  std::optional<ndarray<std::int32_t>> indices;
};

namespace detail {

/// f(k) for the axes k < ndim in order: unrolled for a small N, so that a line's arrays of N
/// (edt_frame) stay in registers (indexed by a variable they would live in local memory, whose
/// loads sat in every step's chain of dependent operations), a loop otherwise.
template <int N, class F> CUPP_HD void for_axes(int ndim, F&& f) {
  if constexpr (N <= 4) {
    CUPP_UNROLL
    for (int k = 0; k < N; ++k)
      if (k < ndim) f(k);
  } else {
    for (int k = 0; k < ndim; ++k)
      f(k);
  }
}

/// A line's constants: its first element, its coordinates (0 along d) and the sampling (sd along
/// the line).
template <int N> struct edt_frame {
  index_t base = 0;
  index_t coor[N] = {};
  double s[N] = {};
  double sd = 0.0;
};

/// One pass of the feature transform along axis d (SciPy's _VoronoiFT), line by line. The
/// features of the previous pass lie in the line's subspace: the feature of the element at
/// position i along the line has coordinate i along d and the element's own coordinates along
/// the axes after d, so only components 0..d-1 are read (component k of element e at k*n + e,
/// component 0 < 0 where there is none yet) and only 0..d are written (all in the last pass).
/// `line` runs SciPy's algorithm over a line whose features and envelope are kept by a storage
/// S (edt_global_line, edt_shared_line): S.feature(i), S.comp(k, i) (component k < d of the
/// feature at position i), S.weight(i) (its squared distance off the line), and the envelope's
/// entries S.pos(j), S.off(j), S.push(j, i, w).
struct edt_pass {
  const bool* fg = nullptr;         // pass 0: the input != 0 (its zeros are the features)
  const std::int32_t* in = nullptr; // passes > 0: the previous pass's components 0..d-1
  std::int32_t* out = nullptr;      // components 0..d, every one in the last pass (or null)
  double* dist = nullptr;           // the last pass: the distances (or null)
  std::int32_t* pos = nullptr;      // edt_global_line's envelope: positions on the line
  double* off = nullptr;            // and squared distances off it
  index_t n = 0, len = 0, inner = 1;
  int ndim = 0, d = 0;
  bool last = false;
  index_t extent[cupp::max_dims] = {};
  double s[cupp::max_dims] = {};

  static CUPP_HD double mul(double x, double y) { return cupp::detail::mul_rn(x, y); }

  /// The first element of a line.
  CUPP_HD index_t base_of(index_t line) const {
    const index_t outer = line / inner;
    return outer * len * inner + (line - outer * inner);
  }

  template <int N> CUPP_HD edt_frame<N> locate(index_t line) const {
    edt_frame<N> fr;
    fr.base = base_of(line);
    index_t rest = fr.base;
    const auto axis = [&](int k) { // the last axis first
      if (k >= ndim) return;
      fr.coor[k] = rest % extent[k];
      rest /= extent[k];
    };
    if constexpr (N <= 4) {
      CUPP_UNROLL
      for (int k = N - 1; k >= 0; --k)
        axis(k);
    } else {
      for (int k = ndim - 1; k >= 0; --k)
        axis(k);
    }
    for_axes<N>(ndim, [&](int k) {
      fr.s[k] = s[k];
      if (k == d) fr.sd = s[k];
    });
    return fr;
  }

  /// SciPy's squared distance off the line of the feature at position i of the storage `st`
  /// (its components st.comp(k, i), k < d): its uR, vR, wR, the axes before d in order, then the
  /// zeros (0 * s)^2 of those after d.
  template <int N, class S>
  CUPP_HD double off_line(const edt_frame<N>& fr, const S& st, index_t i) const {
    double w = 0.0;
    for_axes<N>(ndim, [&](int k) {
      if (k == d) return;
      const double t = mul(k < d ? static_cast<double>(st.comp(k, i) - fr.coor[k]) : 0.0, fr.s[k]);
      w += mul(t, t);
    });
    return w;
  }

  /// Writes the feature (at position p on the line, p < 0: none, SciPy's -1, 0, ..., 0) of the
  /// element at position i and, in the last pass, its distance: SciPy's sqrt of the sum over the
  /// axes in order of ((f - x) * sampling)^2.
  template <int N, class S>
  CUPP_HD void emit(const S& st, const edt_frame<N>& fr, index_t i, index_t p) const {
    const index_t e = fr.base + i * inner;
    const int comps = last ? ndim : d + 1;
    double acc = 0.0;
    for_axes<N>(ndim, [&](int k) {
      const index_t f = p < 0 ? (k == 0 ? -1 : 0) : k < d ? st.comp(k, p) : k == d ? p : fr.coor[k];
      if (out != nullptr && k < comps) out[k * n + e] = static_cast<std::int32_t>(f);
      if (dist == nullptr) return;
      const double t = mul(static_cast<double>(f - (k == d ? i : fr.coor[k])), fr.s[k]);
      acc += mul(t, t);
    });
    if (dist != nullptr) dist[e] = sqrt(acc);
  }

  /// The squared distance from position i to the envelope's feature at position p with `o` off
  /// the line. SciPy's sum over the axes in order equals o + (along d)^2 exactly: o is the same
  /// partial sum, and the terms after d are +0 (or NaN in both).
  static CUPP_HD double delta(double sd, index_t p, double o, index_t i) {
    const double t = mul(static_cast<double>(p - i), sd);
    return o + mul(t, t);
  }

  template <int N, class S> CUPP_HD void line(const S& st, const edt_frame<N>& fr) const {
    const double sd = fr.sd;
    // the envelope: SciPy's stack g (positions) with each feature's squared distance off the
    // line; the top entry also in registers (tp, tw), so that a test reads one entry
    index_t top = -1, tp = 0;
    double tw = 0.0;
    for (index_t i = 0; i < len; ++i) {
      if (!st.feature(i)) continue;
      const double w = st.weight(i);
      while (top >= 1) { // SciPy's test: drop the top while the new feature hides it
        const index_t p2 = st.pos(top - 1);
        const double u = st.off(top - 1);
        const double a = mul(static_cast<double>(tp - p2), sd);
        const double b = mul(static_cast<double>(i - tp), sd);
        const double c = a + b;
        if (mul(c, tw) - mul(b, u) - mul(a, w) - mul(mul(a, b), c) <= 0.0) break;
        --top;
        tp = p2;
        tw = u;
      }
      st.push(++top, i, w);
      tp = i;
      tw = w;
    }
    if (top < 0) { // no feature on the line
      for (index_t i = 0; i < len; ++i)
        emit(st, fr, i, -1);
      return;
    }
    // the query: walk the envelope while the next feature is strictly nearer (ties keep the
    // first); the current and next entries in registers
    const index_t end = top;
    index_t l = 0, pl = st.pos(0), pn = 0;
    double ol = st.off(0), on = 0.0;
    if (end > 0) {
      pn = st.pos(1);
      on = st.off(1);
    }
    for (index_t i = 0; i < len; ++i) {
      double d1 = delta(sd, pl, ol, i);
      while (l < end) {
        const double d2 = delta(sd, pn, on, i);
        if (d1 <= d2) break;
        d1 = d2;
        ++l;
        pl = pn;
        ol = on;
        if (l < end) {
          pn = st.pos(l + 1);
          on = st.off(l + 1);
        }
      }
      emit(st, fr, i, pl);
    }
  }
};

/// A line's features and envelope in global memory, at the line's own elements (the envelope's
/// j-th entry at the line's j-th element of the scratch arrays): lines of any length and rank.
struct edt_global_line {
  const edt_pass& f;
  const edt_frame<cupp::max_dims>& fr;
  CUPP_HD index_t at(index_t i) const { return fr.base + i * f.inner; }
  CUPP_HD bool feature(index_t i) const { return f.d == 0 ? !f.fg[at(i)] : f.in[at(i)] >= 0; }
  CUPP_HD index_t comp(int k, index_t i) const { return f.in[k * f.n + at(i)]; }
  CUPP_HD double weight(index_t i) const { return f.off_line(fr, *this, i); }
  CUPP_HD index_t pos(index_t j) const { return f.pos[at(j)]; }
  CUPP_HD double off(index_t j) const { return f.off[at(j)]; }
  CUPP_HD void push(index_t j, index_t i, double w) const {
    f.pos[at(j)] = static_cast<std::int32_t>(i);
    f.off[at(j)] = w;
  }
};

/// A line staged in warp_lines' scratch: pass 0 its feature flags (a byte each), later passes
/// the previous pass's components 0..d-1 (int32), then the envelope's positions (uint16; an
/// entry's distance off the line is recomputed from its components, the same double as stored).
struct edt_shared_line {
  static constexpr int N = 4; // the most axes it takes
  const edt_pass& f;
  const edt_frame<N>& fr;
  const unsigned char* flags;
  const std::int32_t* comps;
  std::uint16_t* stack;
  CUPP_HD bool feature(index_t i) const { return f.d == 0 ? flags[i] != 0 : comps[i] >= 0; }
  CUPP_HD index_t comp(int k, index_t i) const { return comps[k * f.len + i]; }
  CUPP_HD double weight(index_t i) const { return f.off_line(fr, *this, i); }
  CUPP_HD index_t pos(index_t j) const { return stack[j]; }
  CUPP_HD double off(index_t j) const { return weight(stack[j]); }
  CUPP_HD void push(index_t j, index_t i, double) const {
    stack[j] = static_cast<std::uint16_t>(i);
  }
};

/// The pass over lines in global memory (launch_for_each, a thread per line).
struct edt_global_pass {
  edt_pass f;
  CUPP_HD void operator()(index_t line) const {
    const auto fr = f.locate<cupp::max_dims>(line);
    f.line(edt_global_line{f, fr}, fr);
  }
};

/// The pass over lines staged in warp_lines' scratch and walked by one lane (any sampling), for
/// inputs of up to 4 dimensions whose lines fit (lines up to 16384 long in pass 0, 8192 in pass
/// 1 of a 2-D input). Phase 0: the lanes stage the line; phase 1: lane 0 runs SciPy's algorithm.
struct edt_sequential_pass {
  static constexpr int phases = 2;
  edt_pass f;
  std::size_t flags = 0; // flag_bytes(f): where the envelope starts
  static std::size_t flag_bytes(const edt_pass& f) {
    const auto len = static_cast<std::size_t>(f.len);
    return f.d == 0 ? (len + 3) / 4 * 4 : 4 * len * static_cast<std::size_t>(f.d);
  }
  static std::size_t bytes(const edt_pass& f) {
    return flag_bytes(f) + 2 * static_cast<std::size_t>(f.len);
  }
  static bool fits(const edt_pass& f) {
    return f.ndim <= edt_shared_line::N && bytes(f) <= cupp::detail::warp_line_bytes;
  }
  CUPP_HD void phase(int k, index_t line, unsigned char* scratch, int lane) const {
    if (k == 1) {
      if (lane != 0) return;
      const auto fr = f.locate<edt_shared_line::N>(line);
      f.line(edt_shared_line{f, fr, scratch, reinterpret_cast<const std::int32_t*>(scratch),
                             reinterpret_cast<std::uint16_t*>(scratch + flags)},
             fr);
      return;
    }
    const index_t base = f.base_of(line);
    if (f.d == 0) {
      for (index_t i = lane; i < f.len; i += cupp::detail::warp_lanes)
        scratch[i] = !f.fg[base + i * f.inner];
      return;
    }
    auto* comps = reinterpret_cast<std::int32_t*>(scratch);
    for (int c = 0; c < f.d; ++c)
      for (index_t i = lane; i < f.len; i += cupp::detail::warp_lanes)
        comps[c * f.len + i] = f.in[c * f.n + base + i * f.inner];
  }
};

/// The pass for a sampling of 1 (SciPy's default), where SciPy's arithmetic is exact: every
/// squared distance is an integer below 2^53 (fits() bounds them). SciPy's envelope and walk then
/// give each element the feature p of the line minimising (p - i)^2 + w_p (w_p its squared
/// distance off the line), the smallest p among ties (an entry the envelope drops is strictly
/// farther everywhere, and the walk stops at the first of equal entries). That minimiser moves
/// right with i (for p < q, f_p - f_q grows with i), which lets the lanes search in parallel:
///   0. each lane counts the features of its chunk of the line (lane j: [j len / 32, ...));
///   1. and writes their positions and w (exact, 32-bit) in order into the scratch;
///   2. each lane finds the minimiser of its chunk's first element among all features;
///   3. each lane walks its chunk, searching from the last minimiser up to the next chunk's,
///      and writes each element's feature and distance.
/// Searches stop at the first feature whose distance along the line alone is not below the best.
struct edt_unit_pass {
  static constexpr int phases = 4;
  static constexpr int N = 4; // the most axes it takes
  // a count and a first minimiser (int32) per lane, then the features' w and positions
  static constexpr std::size_t header = 2 * cupp::detail::warp_lanes * sizeof(std::int32_t);
  edt_pass f;
  static std::size_t bytes(const edt_pass& f) {
    return header + 6 * static_cast<std::size_t>(f.len);
  }
  /// Sampling 1 along every axis, the lines' scratch small enough, and every w below 2^32 (so
  /// that SciPy's products of up to a line's length and a w stay below 2^53).
  static bool fits(const edt_pass& f) {
    if (f.ndim > N || bytes(f) > cupp::detail::warp_line_bytes) return false;
    double w = 0.0;
    for (int k = 0; k < f.ndim; ++k) {
      if (f.s[k] != 1.0) return false;
      w += static_cast<double>(f.extent[k] - 1) * static_cast<double>(f.extent[k] - 1);
    }
    return w < 4294967296.0;
  }

  struct layout {
    std::int32_t* count;
    std::int32_t* first;
    std::uint32_t* w;
    std::uint16_t* pos;
  };
  CUPP_HD layout at(unsigned char* scratch) const {
    auto* head = reinterpret_cast<std::int32_t*>(scratch);
    auto* w = reinterpret_cast<std::uint32_t*>(scratch + header);
    return {head, head + cupp::detail::warp_lanes, w, reinterpret_cast<std::uint16_t*>(w + f.len)};
  }
  CUPP_HD index_t chunk(int lane) const { return lane * f.len / cupp::detail::warp_lanes; }

  /// Component k < d of the feature at position p (read from the previous pass's output).
  struct global_comps {
    const edt_pass& f;
    index_t base;
    CUPP_HD index_t comp(int k, index_t p) const { return f.in[k * f.n + base + p * f.inner]; }
  };

  /// w of the element at position i, or -1 where it has no feature.
  CUPP_HD std::int64_t weight(const edt_frame<N>& fr, index_t i) const {
    const index_t e = fr.base + i * f.inner;
    if (f.d == 0) return f.fg[e] ? -1 : 0;
    if (f.in[e] < 0) return -1;
    std::int64_t w = 0;
    for_axes<N>(f.d, [&](int k) {
      const std::int64_t t = f.in[k * f.n + e] - fr.coor[k];
      w += t * t;
    });
    return w;
  }

  /// The first of the features lo..hi (indices into the lists) nearest to position i.
  static CUPP_HD std::int32_t nearest(const layout& l, index_t i, std::int32_t lo,
                                      std::int32_t hi) {
    std::uint64_t best = ~std::uint64_t{0};
    std::int32_t arg = lo;
    for (std::int32_t q = lo; q <= hi; ++q) {
      const std::int64_t t = static_cast<std::int64_t>(l.pos[q]) - i;
      const auto along = static_cast<std::uint64_t>(t * t);
      if (t >= 0 && along >= best) break;
      const std::uint64_t v = along + l.w[q];
      if (v < best) {
        best = v;
        arg = q;
      }
    }
    return arg;
  }

  /// The first feature that can be nearest to position i: none before i - sqrt(v) can, v the
  /// squared distance to the last feature at or before i (or the first after it). Binary searches
  /// of the positions, so that phase 2 reads a few features rather than all those before i.
  static CUPP_HD std::int32_t start(const layout& l, std::int32_t m, index_t i) {
    const auto first_from = [&](index_t p) { // the first feature at or after p (m if none)
      std::int32_t lo = 0, hi = m;
      while (lo < hi) {
        const std::int32_t mid = (lo + hi) / 2;
        if (index_t{l.pos[mid]} < p) {
          lo = mid + 1;
        } else {
          hi = mid;
        }
      }
      return lo;
    };
    std::int32_t q = first_from(i + 1) - 1; // the last at or before i
    if (q < 0) q = 0;
    const std::int64_t t = static_cast<std::int64_t>(l.pos[q]) - i;
    const double reach = sqrt(static_cast<double>(t * t + l.w[q])) + 1.0; // 1: rounding
    return first_from(i - static_cast<index_t>(reach));
  }

  CUPP_HD void phase(int k, index_t line, unsigned char* scratch, int lane) const {
    const auto fr = f.locate<N>(line);
    const layout l = at(scratch);
    const index_t from = chunk(lane), to = chunk(lane + 1);
    if (k == 0) {
      std::int32_t c = 0;
      for (index_t i = from; i < to; ++i)
        c += weight(fr, i) >= 0;
      l.count[lane] = c;
    } else if (k == 1) {
      std::int32_t o = 0;
      for (int j = 0; j < lane; ++j)
        o += l.count[j];
      for (index_t i = from; i < to; ++i) {
        const std::int64_t w = weight(fr, i);
        if (w < 0) continue;
        l.pos[o] = static_cast<std::uint16_t>(i);
        l.w[o++] = static_cast<std::uint32_t>(w);
      }
    } else {
      std::int32_t m = 0;
      for (int j = 0; j < cupp::detail::warp_lanes; ++j)
        m += l.count[j];
      if (k == 2) {
        if (m > 0) l.first[lane] = nearest(l, from, start(l, m, from), m - 1);
        return;
      }
      const global_comps comps{f, fr.base};
      std::int32_t q = m > 0 ? l.first[lane] : -1;
      const std::int32_t hi = lane + 1 < cupp::detail::warp_lanes ? l.first[lane + 1] : m - 1;
      for (index_t i = from; i < to; ++i) {
        if (m > 0) q = nearest(l, i, q, hi);
        f.emit(comps, fr, i, q < 0 ? -1 : index_t{l.pos[q]});
      }
    }
  }
};

/// How a pass runs: the first of edt_unit_pass, edt_sequential_pass, edt_global_pass that fits.
enum class edt_way { unit, sequential, global };
inline edt_way way_of(const edt_pass& f) {
  if (edt_unit_pass::fits(f)) return edt_way::unit;
  return edt_sequential_pass::fits(f) ? edt_way::sequential : edt_way::global;
}

/// An output of shape `shape`: the given array where it is C-contiguous (the passes write it),
/// else a new one (copied into the given one at the end).
template <class T>
ndarray<T> edt_output(const std::optional<ndarray<T>>& given, const cupp::shape_t& shape,
                      const char* name) {
  if (!given) return ndarray<T>(shape);
  if (given->shape() != shape) throw cupp::error(std::string(name) + " array has wrong shape");
  return given->is_c_contiguous() ? *given : ndarray<T>(shape);
}

/// What distance_transform_edt's distances-only form takes as a sampling.
template <class S>
inline constexpr bool is_sampling_v = std::is_constructible_v<per_axis<double>, const S&>;

} // namespace detail

/// `scipy.ndimage.distance_transform_edt(input, sampling=None, return_distances=True,
/// return_indices=False)`: for every nonzero element of an input of any real dtype, the
/// Euclidean distance to the nearest zero element (`sampling`: the spacing along each axis, one
/// value or one per axis), and with return_indices that zero's coordinates. Where several zeros
/// are nearest, SciPy's choice. An input with no zero gives SciPy's result: every index (-1, 0,
/// ..., 0) and the distance to that point. A 0-d input is read as shape (1,) (SciPy's
/// atleast_1d). Errors: "at least one of return_distances/return_indices must be True" and
/// "sequence argument must have length equal to input rank" (cupp::error: SciPy's RuntimeError);
/// with `.distances`/`.indices` given, SciPy's "return_distances must be True if distances is
/// supplied" (and the same of indices), "distances array has wrong shape", "indices array has
/// wrong shape" (their dtypes are the arrays' types).
template <class T>
[[nodiscard]] edt_result distance_transform_edt(const ndarray<T>& input, const edt_kw& kw) {
  std::vector<std::string> errors; // SciPy's _distance_tranform_arg_check: all of them at once
  if (!kw.return_distances && !kw.return_indices)
    errors.emplace_back("at least one of return_distances/return_indices must be True");
  if (kw.distances && !kw.return_distances)
    errors.emplace_back("return_distances must be True if distances is supplied");
  if (kw.indices && !kw.return_indices)
    errors.emplace_back("return_indices must be True if indices is supplied");
  if (!errors.empty()) {
    std::string msg = errors[0];
    for (std::size_t k = 1; k < errors.size(); ++k)
      msg += ", " + errors[k];
    throw cupp::error(msg);
  }
  const cupp::shape_t shape = input.ndim() == 0 ? cupp::shape_t{1} : input.shape();
  const int ndim = shape.size();
  std::vector<double> sampling;
  try {
    sampling = kw.sampling.expand(static_cast<std::size_t>(ndim));
  } catch (const cupp::value_error& e) {
    throw cupp::error(e.what()); // SciPy raises RuntimeError here
  }
  detail::edt_pass fn;
  fn.n = cupp::shape_size(shape);
  fn.ndim = ndim;
  for (int k = 0; k < ndim; ++k) {
    if (shape[k] > std::numeric_limits<std::int32_t>::max())
      throw cupp::value_error("distance_transform_edt: indices are int32, an axis is longer");
    fn.extent[k] = shape[k];
    fn.s[k] = sampling[static_cast<std::size_t>(k)];
  }
  cupp::shape_t ishape{ndim};
  for (const index_t e : shape)
    ishape.push_back(e);
  edt_result r;
  if (kw.return_distances) r.distances = detail::edt_output(kw.distances, shape, "distances");
  if (kw.return_indices) r.indices = detail::edt_output(kw.indices, ishape, "indices");
  // results computed apart from a given view are stored into it at the end
  const auto finish = [&] {
    if (kw.distances && r.distances->data() != kw.distances->data()) {
      ndarray<double>(*kw.distances).assign(*r.distances); // a handle to the caller's array
      r.distances = kw.distances;
    }
    if (kw.indices && r.indices->data() != kw.indices->data()) {
      ndarray<std::int32_t>(*kw.indices).assign(*r.indices);
      r.indices = kw.indices;
    }
    return r;
  };
  if (fn.n == 0) return finish();

  const ndarray<bool> fg = cupp::ascontiguousarray(ndarray<bool>(input != T(0))).reshape({fn.n});
  // a pass whose lines do not fit warp_lines' scratch keeps its envelopes in global memory
  bool global = false;
  for (int d = 0; d < ndim; ++d) {
    fn.d = d;
    fn.len = shape[d];
    global = global || detail::way_of(fn) == detail::edt_way::global;
  }
  ndarray<std::int32_t> pos({global ? fn.n : 0});
  ndarray<double> off({global ? fn.n : 0});
  // the passes before the last write components 0..d into two buffers in turn
  ndarray<std::int32_t> buf[2] = {ndarray<std::int32_t>({ndim > 1 ? (ndim - 1) * fn.n : 0}),
                                  ndarray<std::int32_t>({ndim > 2 ? (ndim - 1) * fn.n : 0})};
  fn.fg = fg.data();
  fn.pos = pos.data();
  fn.off = off.data();
  index_t inner = fn.n;
  for (int d = 0; d < ndim; ++d) {
    fn.d = d;
    fn.len = shape[d];
    inner /= shape[d];
    fn.inner = inner;
    fn.last = d == ndim - 1;
    fn.in = d == 0 ? nullptr : buf[(d - 1) % 2].data();
    if (fn.last) {
      fn.out = r.indices ? r.indices->data() : nullptr;
      fn.dist = r.distances ? r.distances->data() : nullptr;
    } else {
      fn.out = buf[d % 2].data();
    }
    const index_t lines = fn.n / fn.len;
    switch (detail::way_of(fn)) {
    case detail::edt_way::unit:
      cupp::detail::warp_lines(lines, detail::edt_unit_pass::bytes(fn), detail::edt_unit_pass{fn});
      break;
    case detail::edt_way::sequential:
      cupp::detail::warp_lines(
          lines, detail::edt_sequential_pass::bytes(fn),
          detail::edt_sequential_pass{fn, detail::edt_sequential_pass::flag_bytes(fn)});
      break;
    default:
      cupp::detail::launch_for_each(lines, detail::edt_global_pass{fn});
    }
  }
  return finish();
}

/// `scipy.ndimage.distance_transform_edt(input, sampling)`: the distances alone, sampling one
/// value, a per_axis or a list (`{1.0, 0.5}`). These take the sampling as a template and as an
/// initializer list, not as a per_axis parameter: GCC reads a designated list of one bool,
/// `{.return_indices = true}`, as a list for per_axis too, and would find the call ambiguous.
template <class T> [[nodiscard]] ndarray<double> distance_transform_edt(const ndarray<T>& input) {
  return *distance_transform_edt(input, edt_kw{}).distances;
}
template <class T, class S>
requires detail::is_sampling_v<S>
[[nodiscard]] ndarray<double> distance_transform_edt(const ndarray<T>& input, const S& sampling) {
  return *distance_transform_edt(input, edt_kw{.sampling = per_axis<double>(sampling)}).distances;
}
template <class T>
[[nodiscard]] ndarray<double> distance_transform_edt(const ndarray<T>& input,
                                                     std::initializer_list<double> sampling) {
  return *distance_transform_edt(input, edt_kw{.sampling = per_axis<double>(sampling)}).distances;
}

} // namespace cupx::ndimage
