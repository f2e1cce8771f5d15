#pragma once
/// \file
/// Distributed matrix products. `matmul(a, b)` of 2-D arrays gives C split by rows like `a`:
/// with `b` replicated each rank multiplies its rows alone; with `b` split by rows (along k) it is
/// SUMMA over row panels of b: rank r's panel is broadcast in turn and every rank adds
/// a[:, panel r's columns] @ panel r to its rows of C. Other layouts are resharded to these first
/// (a replicated `a` with `b` split by columns multiplies without communication, C by columns).

#include <cupp/core/context.hpp>
#include <cupp/core/event.hpp>
#include <cupp/dist/array.hpp>
#include <cupp/dist/collectives.hpp>
#include <cupp/dist/exchange.hpp>
#include <cupp/linalg/products.hpp>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <string>

namespace cupp::dist {

namespace impl {
/// The stream of SUMMA's broadcasts, one per (thread, device), kept until the thread ends: a
/// cupp::stream's destruction waits for its work (it hands back the pool's blocks held for it),
/// which would make every matmul a sync point.
inline const stream& broadcast_stream() {
  thread_local std::map<int, std::unique_ptr<stream>> of;
  std::unique_ptr<stream>& s = of[current_device()];
  if (!s) s = std::make_unique<stream>();
  return *s;
}

/// SUMMA's loop: `rows` @ b with b's row panels spread over the ranks. The broadcasts run on a
/// stream of their own one panel ahead of the products, into two alternating buffers, so that
/// panel r + 1 travels while the GEMM of panel r runs; events order each buffer's reuse after the
/// GEMM that read it, and the caller's stream has waited for every broadcast it used on return.
template <class T>
ndarray<T> summa(const communicator& c, const ndarray<T>& rows, const array<T>& panels) {
  const index_t m = panels.shape()[1];
  index_t most = 0;
  for (int r = 0; r < c.size(); ++r)
    most = std::max(most, panels.block_of_rank(r).count);
  ndarray<T> buffers[2] = {ndarray<T>(shape_t{most, m}), ndarray<T>(shape_t{most, m})};
  const native_stream main = current_stream();
  const stream& side = broadcast_stream();
  event begun(false), ready[2] = {event(false), event(false)},
                      read[2] = {event(false), event(false)};
  begun.record(main); // the panels and the buffers' earlier users come first
  side.wait_event(begun);
  const auto send = [&](int r) {
    const stream_guard on(side);
    if (r >= 2) side.wait_event(read[r % 2]);
    ndarray<T> panel = r == c.rank()
                           ? contiguous(panels.local())
                           : block_view(buffers[r % 2], 0, 0, panels.block_of_rank(r).count);
    broadcast(c, panel, r);
    ready[r % 2].record(side);
    return panel;
  };
  std::optional<ndarray<T>> out; // the first panel's product, then the others added to it
  ndarray<T> panel = send(0);
  for (int r = 0; r < c.size(); ++r) {
    wait_event(main, ready[r % 2]);
    const block k = panels.block_of_rank(r);
    if (k.count) {
      const ndarray<T> part = block_view(rows, 1, k.start, k.count);
      if (out)
        *out += matmul(part, panel);
      else
        out = matmul(part, panel);
    }
    read[r % 2].record(main);
    // enqueued after this GEMM, so that it overlaps it even where send waits for the broadcast
    if (r + 1 < c.size()) panel = send(r + 1);
  }
  if (!out) out = zeros<T>(shape_t{rows.shape()[0], m}); // k is 0
  return *out;
}
} // namespace impl

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
  return array<T>(c, shape, sharding{0}, impl::summa(c, rows.local(), panels));
}

} // namespace cupp::dist
