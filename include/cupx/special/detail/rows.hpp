#pragma once
/// \file
/// The one-read path of the row functions along the last axis (logsumexp, softmax, log_softmax,
/// stats.entropy): their ops for cupp/detail/register_rows.hpp and the test of whether a call
/// can take it (a C-contiguous array reduced over its last axis alone, rows short enough to sit in
/// a thread block's registers). Elsewhere the callers take cupp's reduction engine.

#include <cupx/special/detail/elementary.hpp>
#include <cupx/special/ufunc.hpp>

#include <cupp/core/axes.hpp>
#include <cupp/detail/register_rows.hpp>
#include <cupp/ndarray.hpp>

#include <cmath>
#include <limits>
#include <optional>
#include <type_traits>

namespace cupx::special::detail {

/// A row function's operand: an array already of its compute dtype as it is (the row path and the
/// engine's vector loads read it directly), anything else through the conversion to it.
template <class A> auto row_operand(const A& a) {
  if constexpr (cupp::is_ndarray_v<A>) {
    if constexpr (std::is_same_v<typename A::value_type, compute_dtype_t<typename A::value_type>>) {
      return a;
    } else {
      return as_compute(a);
    }
  } else {
    return as_compute(a);
  }
}

/// True where `axis` is `a`'s last axis alone (every axis of a 1-D array counts).
template <class T> bool is_last_axis(const cupp::ndarray<T>& a, const cupp::axes& axis) {
  if (a.ndim() == 0) return false;
  if (axis.all()) return a.ndim() == 1;
  return axis.list().size() == 1 && (axis.list()[0] == a.ndim() - 1 || axis.list()[0] == -1);
}

/// op (Op::elementwise false) over the rows of `x` along its last axis, `x`'s shape less that axis
/// (kept as 1 with keepdims); nullopt where the register-rows path does not apply.
template <class P, class Op>
std::optional<cupp::ndarray<P>> reduce_rows(const cupp::ndarray<P>& x, const cupp::axes& axis,
                                            bool keepdims, const Op& op) {
  if (!x.is_c_contiguous() || !is_last_axis(x, axis) || x.size() == 0) return std::nullopt;
  const cupp::index_t len = x.shape().back();
  if (len > cupp::detail::register_row_max<P>) return std::nullopt;
  cupp::shape_t out = x.shape();
  if (keepdims) {
    out[out.size() - 1] = 1;
  } else {
    out.resize(out.size() - 1);
  }
  cupp::ndarray<P> y(out);
  if (!cupp::detail::register_rows(x.data(), y.data(), x.size() / len, len, op))
    return std::nullopt;
  return y;
}

/// The running maximum, the first reduction of the softmax and logsumexp rows. It passes over
/// NaN (fmax: one instruction, where NumPy's NaN-winning maximum took three an element, H100
/// SASS 2026-12-07): a NaN element still makes the row's result NaN through the second pass,
/// whose e^(x - m) is NaN there; a row of NaN alone keeps m = -inf.
template <class P> struct row_max {
  CUPP_HD P first_init() const { return -std::numeric_limits<P>::infinity(); }
  CUPP_HD P first(P m, P x) const { return std::fmax(m, x); }
  CUPP_HD P first_merge(P a, P b) const { return std::fmax(a, b); }
};

/// softmax (log_softmax with `log`) of a row: its maximum m, then s = sum(e^(x - m)) keeping
/// each e^(x - m) for the output; SciPy's formulas (log_softmax shifts by 0 where m is infinite).
template <class P> struct softmax_row_op : row_max<P> {
  static constexpr bool elementwise = true;
  bool log = false;
  CUPP_HD P shift(P m) const { return log && !std::isfinite(m) ? P(0) : m; }
  CUPP_HD P second_init() const { return P(0); }
  CUPP_HD P second(P m, P s, P& x) const {
    const P e = std::exp(x - shift(m));
    if (!log) x = e;
    return s + e;
  }
  CUPP_HD P second_merge(P a, P b) const { return a + b; }
  CUPP_HD P element(P m, P s, P x) const {
    return log ? (x - shift(m)) - std::log(s) : x * (P(1) / s);
  }
};

/// logsumexp of a row as m + log(n) + log1p(r / n): its maximum m, the count n of elements equal
/// to it and r = sum(e^(x - m)) over the others (lse_reducer's result without weights). The
/// exponential is taken for every element and left out by a select where x = m (also infinite
/// m, whose e^(x - m) is NaN there): a branch around it cost five instructions an element. Rows
/// of -inf give -inf (n > 0, r = 0); a row with a NaN gives NaN (r = NaN; n = 0 if m = -inf).
template <class P> struct lse_row_op : row_max<P> {
  static constexpr bool elementwise = false;
  struct count_rest {
    P n, r;
  };
  CUPP_HD count_rest second_init() const { return {P(0), P(0)}; }
  CUPP_HD count_rest second(P m, count_rest a, const P& x) const {
    const bool at_max = x == m;
    const P e = std::exp(x - m);
    return {a.n + (at_max ? P(1) : P(0)), a.r + (at_max ? P(0) : e)};
  }
  CUPP_HD count_rest second_merge(count_rest a, count_rest b) const {
    return {a.n + b.n, a.r + b.r};
  }
  CUPP_HD P row(P m, count_rest a) const { return m + std::log(a.n) + std::log1p(a.r / a.n); }
};

/// scipy.stats.entropy of a row: its sum s, then sum(entr(x / s)) (SciPy's order of operations),
/// divided by log(base) (1 without a base).
template <class P> struct entropy_row_op {
  static constexpr bool elementwise = false;
  P log_base = P(1);
  CUPP_HD P first_init() const { return P(0); }
  CUPP_HD P first(P s, P x) const { return s + x; }
  CUPP_HD P first_merge(P a, P b) const { return a + b; }
  CUPP_HD P second_init() const { return P(0); }
  CUPP_HD P second(P s, P h, const P& x) const { return h + entr(x / s); }
  CUPP_HD P second_merge(P a, P b) const { return a + b; }
  CUPP_HD P row(P, P h) const { return h / log_base; }
};

} // namespace cupx::special::detail
