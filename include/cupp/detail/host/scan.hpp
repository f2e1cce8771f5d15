#pragma once
// Host implementation of the scan facility (see detail/scan.hpp): runs in parallel, each in order.

#include <cupp/detail/host/launch.hpp>

#include <iterator>

namespace cupp::detail {

template <class Out, class F, class Op>
void scan_runs(index_t n, index_t len, F f, Out out, Op op) {
  if (recorded([=] { scan_runs(n, len, f, out, op); })) return;
  using R = typename std::iterator_traits<Out>::value_type;
  if (n <= 0) return;
  if (len > n) len = n;
  const index_t runs = n / len;
#pragma omp parallel for schedule(static) if (n >= omp_threshold && runs > 1)
  for (index_t run = 0; run < runs; ++run) {
    const index_t first = run * len;
    R acc = f(first);
    out[first] = acc;
    for (index_t i = first + 1; i < first + len; ++i) {
      acc = op(acc, static_cast<R>(f(i)));
      out[i] = acc;
    }
  }
}

} // namespace cupp::detail
