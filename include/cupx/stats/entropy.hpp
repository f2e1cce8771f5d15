#pragma once
/// \file
/// `scipy.stats.entropy(pk, qk=None, base=None, axis=0)`: Shannon entropy of pk normalised along
/// the axis, or the relative entropy (Kullback-Leibler divergence) of pk from qk. SciPy's order of
/// operations (the sum of pk, then the sum of entr(pk / sum)), so degenerate inputs (negative or
/// zero sums) give SciPy's values: along the last axis of a contiguous pk one read of each row
/// held in registers (special/detail/rows.hpp), elsewhere two passes of cupp's reduction engine.

#include <cupx/special/detail/rows.hpp>
#include <cupx/special/elementary.hpp>
#include <cupx/stats/moments.hpp>

#include <cupp/core/axes.hpp>
#include <cupp/core/keywords.hpp>
#include <cupp/reduction/reduce.hpp>

#include <cmath>
#include <optional>
#include <type_traits>
#include <utility>

namespace cupx::stats {

/// entropy's keywords: `{.base = 2.0, .axis = 1}` (SciPy's order: base, then axis).
struct entropy_kw {
  cupp::detail::kw_guard guard_{};
  std::optional<double> base = std::nullopt;
  cupp::axes axis = 0;
};

namespace detail {
template <class P> auto in_base(ndarray<P> s, const entropy_kw& kw) {
  if (!kw.base) return s;
  return ndarray<P>(s / static_cast<P>(std::log(*kw.base)));
}
} // namespace detail

/// `scipy.stats.entropy(pk, base=..., axis=...)`: -sum(p log p) with p = pk / sum(pk).
template <class A>
requires are_operands_v<A>
[[nodiscard]] auto entropy(const A& pk, const entropy_kw& kw = {}) {
  const auto p = special::detail::row_operand(pk);
  using P = cupp::expr::value_type_t<decltype(p)>;
  if constexpr (cupp::is_ndarray_v<std::decay_t<decltype(p)>>) {
    special::detail::entropy_row_op<P> op;
    if (kw.base) op.log_base = static_cast<P>(std::log(*kw.base));
    if (auto rows = special::detail::reduce_rows(p, kw.axis, false, op)) return *std::move(rows);
  }
  const ndarray<P> total = cupp::sum(p, kw.axis, true);
  return detail::in_base(ndarray<P>(cupp::sum(special::entr(p / total), kw.axis)), kw);
}

/// `scipy.stats.entropy(pk, qk, base=..., axis=...)`: sum(p log(p / q)), both normalised along
/// the axis and broadcast together.
template <class A, class B>
requires are_operands_v<A> && are_operands_v<B> && special::detail::is_expression_v<B>
[[nodiscard]] auto entropy(const A& pk, const B& qk, const entropy_kw& kw = {}) {
  const auto p = detail::as_compute(pk);
  const auto q = detail::as_compute(qk);
  using P =
      cupp::promote_t<cupp::expr::value_type_t<decltype(p)>, cupp::expr::value_type_t<decltype(q)>>;
  const ndarray<P> ps = cupp::sum(p, kw.axis, true), qs = cupp::sum(q, kw.axis, true);
  return detail::in_base(ndarray<P>(cupp::sum(special::rel_entr(p / ps, q / qs), kw.axis)), kw);
}

} // namespace cupx::stats
