#pragma once
/// \file
/// The collectives cupp::dist is built from, on arrays (detail/comm.hpp underneath): allgather,
/// allreduce (reduced by cupp after an allgather where the engine has no native reduction of the
/// dtype), broadcast and the all-to-all exchange of blocks, plus the host-value forms that move
/// shapes and counts (those are sync points).

#include <cupp/core/dtype_table.hpp>
#include <cupp/core/error.hpp>
#include <cupp/creation.hpp>
#include <cupp/dist/communicator.hpp>
#include <cupp/math/compare.hpp>
#include <cupp/ndarray.hpp>
#include <cupp/reduction/reduce.hpp>

#include <cmath>
#include <cstddef>
#include <vector>

namespace cupp::dist {

using detail::comm::reduce_op;

/// `a` itself when C-contiguous, else a C-ordered copy (0-d arrays stay 0-d).
template <class T> [[nodiscard]] ndarray<T> contiguous(const ndarray<T>& a) {
  if (a.is_c_contiguous()) return a;
  ndarray<T> out(a.shape());
  out.assign(a);
  return out;
}

/// Every rank's `x` stacked along a new first axis: shape (size, x.shape...). `x` has one shape on
/// every rank.
template <class T> [[nodiscard]] ndarray<T> allgather(const communicator& c, const ndarray<T>& x) {
  const ndarray<T> s = contiguous(x);
  shape_t shape{c.size()};
  for (const index_t e : x.shape())
    shape.push_back(e);
  ndarray<T> out(shape);
  c.endpoint().allgather(s.data(), out.data(), static_cast<std::size_t>(s.nbytes()));
  return out;
}

/// The elementwise sum (product, maximum, minimum) over ranks of `x`, on every rank.
template <class T>
[[nodiscard]] ndarray<T> allreduce(const communicator& c, const ndarray<T>& x, reduce_op op) {
  constexpr dtype d = dtype_of<T>();
  if (c.endpoint().reduces(d, op)) {
    const ndarray<T> s = contiguous(x);
    ndarray<T> out(x.shape());
    c.endpoint().allreduce(s.data(), out.data(), static_cast<std::size_t>(s.size()), d, op);
    if constexpr (dtype_kind(d) == 'f') {
      // MPI's and NCCL's max and min drop NaN, NumPy's propagate it: where any rank has one
      if (op == reduce_op::max || op == reduce_op::min) {
        const ndarray<bool> nan = allreduce(c, ndarray<bool>(isnan(s)), reduce_op::max);
        out = where(nan, T(NAN), out);
      }
    }
    return out;
  }
  const ndarray<T> g = allgather(c, x);
  switch (op) {
  case reduce_op::sum:
    return sum<T>(g, 0);
  case reduce_op::prod:
    return prod<T>(g, 0);
  case reduce_op::max: // complex: NumPy's lexicographic order, as cupp::max
    return max(g, 0);
  case reduce_op::min:
    return min(g, 0);
  }
  return g;
}

/// Rank `root`'s `x` on every rank, in place (`x` has one shape on every rank and is
/// C-contiguous).
template <class T> void broadcast(const communicator& c, ndarray<T>& x, int root = 0) {
  if (!x.is_c_contiguous()) throw value_error("cupp::dist::broadcast needs a C-contiguous array");
  c.endpoint().broadcast(x.data(), static_cast<std::size_t>(x.nbytes()), root);
}

/// Every rank's `values` (one length on every rank), rank after rank (a sync point).
template <class T>
[[nodiscard]] std::vector<T> allgather_values(const communicator& c, const std::vector<T>& values) {
  return allgather(c, asarray(values)).get();
}

/// Rank `root`'s `values` on every rank (`values` has one length on every rank; a sync point).
template <class T>
[[nodiscard]] std::vector<T> broadcast_values(const communicator& c, std::vector<T> values,
                                              int root = 0) {
  ndarray<T> d = asarray(values);
  broadcast(c, d, root);
  return d.get();
}

/// The all-to-all exchange: `to[r]` (any layout) goes to rank r, and the piece of shape `from[r]`
/// comes from rank r (the shapes pair up between ranks). Returns the received pieces, C-contiguous
/// views of one buffer.
template <class T>
[[nodiscard]] std::vector<ndarray<T>> exchange(const communicator& c,
                                               const std::vector<ndarray<T>>& to,
                                               const std::vector<shape_t>& from) {
  const int p = c.size();
  std::vector<std::size_t> send_bytes(p), send_offsets(p), recv_bytes(p), recv_offsets(p);
  index_t sent = 0, received = 0;
  for (int r = 0; r < p; ++r) {
    send_offsets[r] = static_cast<std::size_t>(sent) * sizeof(T);
    send_bytes[r] = static_cast<std::size_t>(to[r].size()) * sizeof(T);
    sent += to[r].size();
    recv_offsets[r] = static_cast<std::size_t>(received) * sizeof(T);
    recv_bytes[r] = static_cast<std::size_t>(shape_size(from[r])) * sizeof(T);
    received += shape_size(from[r]);
  }
  // the pieces packed one after the other (views of an array already in place need no copy)
  ndarray<T> send;
  if (p == 1 && to[0].is_c_contiguous()) {
    send = to[0];
  } else {
    send = ndarray<T>(shape_t{sent});
    for (int r = 0; r < p; ++r)
      if (to[r].size())
        ndarray<T>(send.data() + send_offsets[r] / sizeof(T), to[r].shape(),
                   c_strides(to[r].shape()), send.owner(), send.device())
            .assign(to[r]);
  }
  ndarray<T> recv(shape_t{received});
  c.endpoint().alltoallv(send.data(), send_bytes, send_offsets, recv.data(), recv_bytes,
                         recv_offsets);
  std::vector<ndarray<T>> pieces;
  for (int r = 0; r < p; ++r)
    pieces.emplace_back(recv.data() + recv_offsets[r] / sizeof(T), from[r], c_strides(from[r]),
                        recv.owner(), recv.device());
  return pieces;
}

} // namespace cupp::dist
