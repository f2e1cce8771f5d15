#pragma once
// Host implementation of line_filter (see ../line_filter.hpp): each line extended by the boundary
// into a buffer once, then the window run over the buffer; lines in parallel (OpenMP).

#include <cupp/detail/line_filter.hpp>

#include <vector>

namespace cupp::detail {

template <class T, class R, class Op>
void line_filter(const T* in, R* out, const line_layout& l, index_t size, index_t shift,
                 boundary mode, T cval, const Op& op) {
  const index_t lines = l.outer * l.inner;
  if (lines <= 0 || l.n <= 0) return;
#pragma omp parallel
  {
    std::vector<T> buf(static_cast<std::size_t>(l.n + size - 1));
#pragma omp for schedule(static)
    for (index_t line = 0; line < lines; ++line) {
      const index_t o = line / l.inner, k = line - o * l.inner;
      const T* src = in + o * l.n * l.inner + k;
      R* dst = out + o * l.n * l.inner + k;
      for (index_t q = 0; q < l.n + size - 1; ++q) {
        const index_t p = boundary_index(q - shift, l.n, mode);
        buf[q] = p < 0 ? cval : src[p * l.inner];
      }
      for (index_t i = 0; i < l.n; ++i) {
        auto acc = op.init();
        for (index_t j = 0; j < size; ++j)
          acc = op.step(acc, buf[i + j], j);
        dst[i * l.inner] = op.finish(acc);
      }
    }
  }
}

} // namespace cupp::detail
