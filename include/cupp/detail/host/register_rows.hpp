#pragma once
// Host implementation of register_rows (see ../register_rows.hpp): rows in parallel (OpenMP),
// each row's two reductions in order over a copy of the row.

#include <cupp/detail/register_rows.hpp>

#include <vector>

namespace cupp::detail {

template <class P, class Out, class Op>
bool register_rows(const P* x, Out* y, index_t rows, index_t len, const Op& op) {
  if (rows <= 0 || len <= 0 || len > register_row_max<P>) return false;
#pragma omp parallel
  {
    std::vector<P> v(static_cast<std::size_t>(len));
#pragma omp for schedule(static)
    for (index_t r = 0; r < rows; ++r) {
      const P* row = x + r * len;
      auto a = op.first_init();
      for (index_t i = 0; i < len; ++i)
        a = op.first(a, row[i]);
      auto b = op.second_init();
      for (index_t i = 0; i < len; ++i) {
        v[i] = row[i];
        b = op.second(a, b, v[i]);
      }
      if constexpr (Op::elementwise) {
        for (index_t i = 0; i < len; ++i)
          y[r * len + i] = op.element(a, b, v[i]);
      } else {
        y[r] = op.row(a, b);
      }
    }
  }
  return true;
}

} // namespace cupp::detail
