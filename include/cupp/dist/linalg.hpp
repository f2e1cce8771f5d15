#pragma once
/// \file
/// Distributed matrix products. `matmul(a, b)` of 2-D arrays gives C split by rows like `a`:
/// with `b` replicated each rank multiplies its rows alone; with `b` split by rows (along k) it is
/// SUMMA over row panels of b: rank r's panel is broadcast in turn and every rank adds
/// a[:, panel r's columns] @ panel r to its rows of C. Other layouts are resharded to these first
/// (a replicated `a` with `b` split by columns multiplies without communication, C by columns).

#include <cupp/dist/array.hpp>
#include <cupp/dist/collectives.hpp>
#include <cupp/dist/exchange.hpp>
#include <cupp/linalg/products.hpp>

#include <optional>
#include <string>

namespace cupp::dist {

/// `np.matmul(a, b)` of two distributed 2-D arrays of one dtype.
template <class T> [[nodiscard]] array<T> matmul(const array<T>& a, const array<T>& b) {
  if (a.ndim() != 2 || b.ndim() != 2)
    throw value_error("cupp::dist::matmul takes 2-D arrays, got " + std::to_string(a.ndim()) +
                      "-d and " + std::to_string(b.ndim()) + "-d");
  if (a.shape()[1] != b.shape()[0])
    throw value_error("matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc "
                      "signature (n?,k),(k,m?)->(n?,m?) (size " +
                      std::to_string(b.shape()[0]) + " is different from " +
                      std::to_string(a.shape()[1]) + ")");
  const communicator& c = a.comm();
  const shape_t shape{a.shape()[0], b.shape()[1]};
  if (a.replicated() && b.replicated())
    return array<T>(c, shape, replicated, matmul(a.local(), b.local()));
  if (a.replicated() && b.axis() == 1)
    return array<T>(c, shape, sharding{1}, matmul(a.local(), b.local()));
  const array<T> rows = reshard(a, sharding{0});
  if (b.replicated()) return array<T>(c, shape, sharding{0}, matmul(rows.local(), b.local()));
  const array<T> panels = reshard(b, sharding{0});
  if (c.size() == 1) return array<T>(c, shape, sharding{0}, matmul(rows.local(), panels.local()));
  std::optional<ndarray<T>> out; // the first panel's product, then the others added to it
  for (int r = 0; r < c.size(); ++r) {
    const block k = panels.block_of_rank(r);
    ndarray<T> panel =
        r == c.rank() ? contiguous(panels.local()) : ndarray<T>(shape_t{k.count, shape[1]});
    broadcast(c, panel, r);
    if (!k.count) continue;
    const ndarray<T> part = block_view(rows.local(), 1, k.start, k.count);
    if (out)
      *out += matmul(part, panel);
    else
      out = matmul(part, panel);
  }
  if (!out) out = zeros<T>(shape_t{rows.local().shape()[0], shape[1]}); // k is 0
  return array<T>(c, shape, sharding{0}, *out);
}

} // namespace cupp::dist
