#pragma once
/// \file
/// The reducers of cupp's reductions (reduction/engine.hpp runs them). A reducer `Red` over input
/// dtype T has
///
///   acc_t                         the running state (a value, or a struct for argmax and var)
///   acc_t init()                  the state of no elements
///   acc_t add(acc_t, T x, i)      the state after element x at position i of the reduced range
///   acc_t merge(acc_t a, acc_t b) the state of two ranges, `a` covering the earlier positions
///   result_t finish(acc_t, n)     the result from the state of all n elements
///
/// Kernels give each thread part of a range and merge the parts in a tree, so merge must be
/// associative and must respect order where the result depends on it (argmax's first index).
/// A reducer may also have `add_run(acc_t, const T (&x)[N], i)`, the state after the N elements
/// x at positions i.. (kernels with vector loads call it through detail::add_run): cheaper
/// per element where `add` is expensive (var's division, argmax's index bookkeeping).
/// A reducer whose state is its result, of dtype T, folded by one binary operation may name it
/// `flat_op`: a whole contiguous array is then reduced by the backend's device-wide reduction
/// (CUB's on CUDA), which vectorises its loads.

#include <cupp/core/config.hpp>
#include <cupp/core/dtype.hpp>
#include <cupp/detail/complex_math.hpp>
#include <cupp/detail/fault.hpp>
#include <cupp/detail/reduce.hpp>
#include <cupp/expr/cast.hpp>

#include <cmath>
#include <limits>
#include <type_traits>

namespace cupp::detail {

using expr::is_nan;

/// The accumulator dtype of sum, prod and the scans: NumPy's `dtype=` R, else its default
/// (int64/uint64 for small integers and bool).
template <class R, class T>
using sum_dtype_t = std::conditional_t<std::is_void_v<R>, sum_result_t<T>, R>;

/// sum (A the result dtype: NumPy's int64/uint64 for small integers and bool; float16 and
/// bfloat16 accumulate in float32 and round at the end, as NumPy's pairwise sum of float16).
template <class T, class A> struct sum_reducer {
  using acc_t = compute_t<A>;
  using result_t = A;
  using flat_op = plus;
  CUPP_HD acc_t init() const { return acc_t(0); }
  CUPP_HD acc_t add(acc_t acc, T x, index_t) const { return plus{}(acc, static_cast<acc_t>(x)); }
  CUPP_HD acc_t merge(acc_t a, acc_t b) const { return plus{}(a, b); }
  CUPP_HD A finish(acc_t a, index_t) const { return static_cast<A>(a); }
};

/// Wrapping multiplication of A (wrap_t: no overflow UB, uint16 * uint16 included; complex
/// numbers multiply by NumPy's formula).
template <class A> CUPP_HD A times(A a, A b) {
  if constexpr (std::is_same_v<A, bool>) {
    return a && b;
  } else if constexpr (is_complex_v<A>) {
    return c_mul(a, b);
  } else if constexpr (std::is_integral_v<A>) {
    return static_cast<A>(static_cast<wrap_t<A>>(a) * static_cast<wrap_t<A>>(b));
  } else {
    return static_cast<A>(a * b);
  }
}

/// times as a binary functor (prod's flat_op, cumprod's scan).
struct times_op {
  template <class A> CUPP_HD A operator()(A a, A b) const { return times(a, b); }
};

template <class T, class A> struct prod_reducer {
  using acc_t = compute_t<A>;
  using result_t = A;
  using flat_op = times_op;
  CUPP_HD acc_t init() const { return acc_t(1); }
  CUPP_HD acc_t add(acc_t acc, T x, index_t) const { return times(acc, static_cast<acc_t>(x)); }
  CUPP_HD acc_t merge(acc_t a, acc_t b) const { return times(a, b); }
  CUPP_HD A finish(acc_t a, index_t) const { return static_cast<A>(a); }
};

/// max / min with NaN propagating (Op is nan_max or nan_min).
template <class T, class Op> struct extreme_reducer {
  using acc_t = T;
  using result_t = T;
  using flat_op = Op;
  CUPP_HD T init() const {
    return std::is_same_v<Op, nan_max> ? lowest_value<T>() : highest_value<T>();
  }
  CUPP_HD T add(T acc, T x, index_t) const { return Op{}(acc, x); }
  CUPP_HD T merge(T a, T b) const { return Op{}(a, b); }
  CUPP_HD T finish(T a, index_t) const { return a; }
};

/// max - min (np.ptp).
template <class T> struct ptp_reducer {
  struct acc_t {
    T lo, hi;
  };
  using result_t = T;
  CUPP_HD acc_t init() const { return {highest_value<T>(), lowest_value<T>()}; }
  CUPP_HD acc_t add(acc_t a, T x, index_t) const {
    return {nan_min{}(a.lo, x), nan_max{}(a.hi, x)};
  }
  CUPP_HD acc_t merge(acc_t a, acc_t b) const {
    return {nan_min{}(a.lo, b.lo), nan_max{}(a.hi, b.hi)};
  }
  CUPP_HD T finish(acc_t a, index_t) const {
    if constexpr (std::is_same_v<T, bool>) {
      return a.hi != a.lo;
    } else if constexpr (std::is_integral_v<T>) { // wraps like NumPy's integer subtraction
      return static_cast<T>(static_cast<wrap_t<T>>(a.hi) - static_cast<wrap_t<T>>(a.lo));
    } else {
      return a.hi - a.lo;
    }
  }
};

/// argmax (Max) / argmin: the first position of the extreme value; the first NaN wins.
template <class T, bool Max> struct arg_reducer {
  struct acc_t {
    T v;
    index_t i; // -1: no element yet
  };
  using result_t = index_t;
  CUPP_HD acc_t init() const { return {T{}, -1}; }
  // is (v, i) better than the current best (w, j)? earlier positions win ties
  CUPP_HD static bool better(T v, index_t i, T w, index_t j) {
    if (j < 0) return true;
    if (i < 0) return false;
    const bool vn = is_nan(v), wn = is_nan(w);
    if (vn || wn) return vn && (!wn || i < j);
    if (v == w) return i < j;
    return Max ? order_less(w, v) : order_less(v, w);
  }
  // does x, at a later position, replace the best value w? only if strictly better, or the first
  // NaN (two comparisons: !(x <= w) holds for x > w and for a NaN x)
  CUPP_HD static bool beats(T x, T w) {
    if constexpr (is_complex_v<T>) { // NumPy's complex argmax: lexicographic, the first NaN wins
      return !is_nan(w) && (is_nan(x) || (Max ? complex_less(w, x) : complex_less(x, w)));
    } else if constexpr (is_floating_v<T>) {
      return w == w && !(Max ? x <= w : x >= w);
    } else {
      return Max ? w < x : x < w;
    }
  }
  // add and add_run see positions after all of the state's (kernels fold in order)
  CUPP_HD acc_t add(acc_t a, T x, index_t i) const {
    return a.i < 0 || beats(x, a.v) ? acc_t{x, i} : a;
  }
  template <int N> CUPP_HD acc_t add_run(acc_t a, const T (&x)[N], index_t i) const {
    T v = x[0];
    int at = 0;
    CUPP_UNROLL
    for (int k = 1; k < N; ++k) {
      const bool wins = beats(x[k], v);
      v = wins ? x[k] : v;
      at = wins ? k : at;
    }
    return a.i < 0 || beats(v, a.v) ? acc_t{v, i + at} : a;
  }
  CUPP_HD acc_t merge(acc_t a, acc_t b) const { return better(b.v, b.i, a.v, a.i) ? b : a; }
  CUPP_HD index_t finish(acc_t a, index_t) const { return a.i; }
};

/// any / all / count_nonzero.
template <class T> struct count_reducer {
  using acc_t = index_t;
  using result_t = index_t;
  CUPP_HD index_t init() const { return 0; }
  CUPP_HD index_t add(index_t acc, T x, index_t) const { return acc + (x != T(0) ? 1 : 0); }
  CUPP_HD index_t merge(index_t a, index_t b) const { return a + b; }
  CUPP_HD index_t finish(index_t a, index_t) const { return a; }
};
template <class T, bool All> struct logical_reducer {
  using acc_t = bool;
  using result_t = bool;
  CUPP_HD bool init() const { return All; }
  CUPP_HD bool add(bool acc, T x, index_t) const {
    return All ? acc && x != T(0) : acc || x != T(0);
  }
  CUPP_HD bool merge(bool a, bool b) const { return All ? a && b : a || b; }
  CUPP_HD bool finish(bool a, index_t) const { return a; }
};

/// mean: the sum in A, divided by the count (NaN for an empty range, as NumPy's warning case).
template <class T, class A> struct mean_reducer {
  using acc_t = compute_t<A>; // float32 for float16 and bfloat16, as NumPy's mean of float16
  using result_t = A;
  CUPP_HD acc_t init() const { return acc_t(0); }
  CUPP_HD acc_t add(acc_t acc, T x, index_t) const { return acc + static_cast<acc_t>(x); }
  CUPP_HD acc_t merge(acc_t a, acc_t b) const { return a + b; }
  CUPP_HD A finish(acc_t a, index_t n) const {
    if constexpr (is_complex_v<acc_t>) { // NumPy divides by the count as a complex number: a NaN
      // part makes both parts NaN (found by scripts/diff_fuzz.py)
      return static_cast<A>(c_div(a, acc_t(static_cast<real_t<acc_t>>(n), real_t<acc_t>(0))));
    } else {
      return static_cast<A>(a / static_cast<real_t<acc_t>>(n));
    }
  }
};

/// var / std in one pass: shifted sums. A state holds the sums of d = x - shift and |d|^2 from a
/// shift taken from its first element; merging re-shifts the second state's sums to the first's
/// shift (exact algebra, no division). A few floating operations per element: Welford's division
/// per element, and Chan's divisions per merge (255 merges per block), made var compute-bound. The
/// shift keeps the sums small wherever the data sit far from zero (1e4 + noise) unless the first
/// element is an extreme outlier; sums are in double for float32 input, whose running sums would
/// lose NumPy's accuracy. A complex input has a complex mean and a real variance (the mean of
/// |x - mean|^2, as NumPy's).
template <class T, class A, bool Sqrt> struct moments_reducer {
  using R = real_t<A>; // the result: var of complex64 is float32
  using W = std::conditional_t<std::is_same_v<compute_t<R>, float>, double, R>;
  using D = std::conditional_t<is_complex_v<A>, ::cuda::std::complex<W>, W>; // shift, s, mean
  struct acc_t {
    D shift, s; // sums of d and |d|^2 for d = x - shift
    W q;
    index_t n;
  };
  using result_t = R;
  index_t ddof = 0;
  CUPP_HD static W norm(D d) {
    if constexpr (is_complex_v<D>) {
      return d.real() * d.real() + d.imag() * d.imag();
    } else {
      return d * d;
    }
  }
  CUPP_HD static D value(T x) { return expr::cast<D>{}(x); }
  CUPP_HD static D mean(const acc_t& a) { return a.shift + a.s / static_cast<W>(a.n); }
  // the sum of squared deviations from the mean (rounding may leave q - |s|^2/n just below zero;
  // NaN stays NaN)
  CUPP_HD static W m2(const acc_t& a) {
    const W m = a.q - norm(a.s) / static_cast<W>(a.n);
    return m < W(0) ? W(0) : m;
  }
  CUPP_HD acc_t init() const { return {D(0), D(0), W(0), 0}; }
  CUPP_HD acc_t add(acc_t a, T x, index_t) const {
    const D v = value(x);
    if (a.n == 0) a.shift = v;
    const D d = v - a.shift;
    a.s += d;
    a.q += norm(d);
    ++a.n;
    return a;
  }
  template <int N> CUPP_HD acc_t add_run(acc_t a, const T (&x)[N], index_t) const {
    if (a.n == 0) a.shift = value(x[0]);
    CUPP_UNROLL
    for (int k = 0; k < N; ++k) {
      const D d = value(x[k]) - a.shift;
      a.s += d;
      a.q += norm(d);
    }
    a.n += N;
    return a;
  }
  // b's deviations from a's shift are d + delta: sums s + n delta and
  // q + 2 Re(conj(delta) s) + n |delta|^2
  CUPP_HD acc_t merge(acc_t a, acc_t b) const {
    if (b.n == 0) return a;
    if (a.n == 0) return b;
    const D delta = b.shift - a.shift;
    const W nb = static_cast<W>(b.n);
    W cross;
    if constexpr (is_complex_v<D>) {
      cross = delta.real() * b.s.real() + delta.imag() * b.s.imag();
    } else {
      cross = delta * b.s;
    }
    return {a.shift, a.s + (b.s + nb * delta), a.q + (b.q + (W(2) * cross + nb * norm(delta))),
            a.n + b.n};
  }
  CUPP_HD R finish(acc_t a, index_t n) const {
    // NumPy divides by max(n - ddof, 0): inf or nan when n <= ddof (its warning case)
    const W v = (a.n > 0 ? m2(a) : W(0)) / static_cast<W>(n > ddof ? n - ddof : 0);
    if constexpr (Sqrt) {
      return static_cast<R>(std::sqrt(v));
    } else {
      return static_cast<R>(v);
    }
  }
};

/// The nan-variants of sum, prod, max, min: NaN elements are skipped. For max and min a range
/// with no other element gives NaN (NumPy warns "All-NaN slice encountered" and returns nan).
template <class Red> struct skip_nan {
  using acc_t = typename Red::acc_t;
  using result_t = typename Red::result_t;
  Red red;
  CUPP_HD acc_t init() const { return red.init(); }
  template <class T> CUPP_HD acc_t add(acc_t acc, T x, index_t i) const {
    return is_nan(x) ? acc : red.add(acc, x, i);
  }
  CUPP_HD acc_t merge(acc_t a, acc_t b) const { return red.merge(a, b); }
  CUPP_HD result_t finish(acc_t a, index_t n) const { return red.finish(a, n); }
};

template <class T, class Op> struct nan_extreme_reducer {
  struct acc_t {
    T v;
    bool seen;
  };
  using result_t = T;
  CUPP_HD acc_t init() const { return {extreme_reducer<T, Op>{}.init(), false}; }
  CUPP_HD acc_t add(acc_t a, T x, index_t) const {
    return is_nan(x) ? a : acc_t{Op{}(a.v, x), true};
  }
  CUPP_HD acc_t merge(acc_t a, acc_t b) const { return {Op{}(a.v, b.v), a.seen || b.seen}; }
  CUPP_HD T finish(acc_t a, index_t) const {
    if constexpr (is_inexact_v<T>) {
      return a.seen ? a.v : nan_value<T>();
    } else {
      return a.v;
    }
  }
};

/// nanargmax / nanargmin: NaN skipped; a range of only NaN reports NumPy's error (a fault, raised
/// at the next sync point) and yields -1.
template <class T, bool Max> struct nan_arg_reducer {
  using base = arg_reducer<T, Max>;
  using acc_t = typename base::acc_t;
  using result_t = index_t;
  fault_record* fault;
  CUPP_HD acc_t init() const { return base{}.init(); }
  CUPP_HD acc_t add(acc_t a, T x, index_t i) const { return is_nan(x) ? a : base{}.add(a, x, i); }
  CUPP_HD acc_t merge(acc_t a, acc_t b) const { return base{}.merge(a, b); }
  CUPP_HD index_t finish(acc_t a, index_t) const {
    if (a.i < 0) report_fault(fault, fault_code::all_nan, 0, 0, 0);
    return a.i;
  }
};

/// nanmean / nanvar / nanstd: the moments of the non-NaN elements (their count, not n).
template <class T, class A, int Kind> struct nan_moments_reducer { // Kind: 0 mean, 1 var, 2 std
  using inner = moments_reducer<T, A, false>;
  using acc_t = typename inner::acc_t;
  using result_t = std::conditional_t<Kind == 0, A, real_t<A>>;
  index_t ddof = 0;
  CUPP_HD acc_t init() const { return inner{}.init(); }
  CUPP_HD acc_t add(acc_t a, T x, index_t i) const { return is_nan(x) ? a : inner{}.add(a, x, i); }
  CUPP_HD acc_t merge(acc_t a, acc_t b) const { return inner{}.merge(a, b); }
  CUPP_HD result_t finish(acc_t a, index_t) const {
    if constexpr (Kind == 0) {
      return a.n > 0 ? expr::cast<A>{}(inner::mean(a)) : nan_value<A>();
    } else {
      inner v;
      v.ddof = ddof;
      const result_t r = v.finish(a, a.n);
      if constexpr (Kind == 2) {
        return std::sqrt(r);
      } else {
        return r;
      }
    }
  }
};

} // namespace cupp::detail
