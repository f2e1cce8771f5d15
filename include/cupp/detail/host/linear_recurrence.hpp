#pragma once
/// \file
/// Host implementation of iir_rows (see ../linear_recurrence.hpp): SciPy's direct form II
/// transposed (scipy/signal/_lfilter.c), each row in order, rows in parallel (OpenMP).

#include <cupp/detail/host/record.hpp>
#include <cupp/detail/linear_recurrence.hpp>

#include <algorithm>
#include <vector>

namespace cupp::detail {

template <class R>
void iir_rows(const R* x, R* y, index_t rows, index_t n, const R* b, int nb, const R* a, int na,
              const R* zi) {
  if (recorded([=] { iir_rows(x, y, rows, n, b, nb, a, na, zi); })) return;
  if (rows <= 0 || n <= 0) return;
  // the coefficients divided by a[0] once, the shorter of b and a padded with zeros (as SciPy)
  const int m = std::max(na, nb), p = m - 1;
  std::vector<R> bn(static_cast<std::size_t>(m), R(0)), an(static_cast<std::size_t>(m), R(0));
  const R a0 = a[0];
  for (int k = 0; k < nb; ++k)
    bn[k] = b[k] / a0;
  for (int k = 0; k < na; ++k)
    an[k] = a[k] / a0;
  const R* bp = bn.data();
  const R* ap = an.data();
#pragma omp parallel if (rows > 1 && rows * n >= 32768)
  {
    std::vector<R> z(static_cast<std::size_t>(std::max(p, 1)));
#pragma omp for schedule(static)
    for (index_t r = 0; r < rows; ++r) {
      for (int k = 0; k < p; ++k)
        z[k] = zi ? zi[r * p + k] : R(0);
      const R* xr = x + r * n;
      R* yr = y + r * n;
      if (p == 0) {
        for (index_t i = 0; i < n; ++i)
          yr[i] = xr[i] * bp[0];
        continue;
      }
      for (index_t i = 0; i < n; ++i) {
        const R xi = xr[i];
        const R yi = z[0] + bp[0] * xi;
        for (int k = 0; k < p - 1; ++k)
          z[k] = z[k + 1] + xi * bp[k + 1] - yi * ap[k + 1];
        z[p - 1] = xi * bp[p] - yi * ap[p];
        yr[i] = yi;
      }
    }
  }
}

} // namespace cupp::detail
