#pragma once
/// \file
/// Changing where a distributed array lives: `reshard` (to another axis, through one all-to-all),
/// `replicate` (every rank gets all of it), `gather` (one rank gets all of it) and `scatter`
/// (one rank's array split over the ranks).

#include <cupp/dist/array.hpp>
#include <cupp/dist/collectives.hpp>
#include <cupp/manipulation/join.hpp>

#include <optional>
#include <vector>

namespace cupp::dist {

namespace impl {
// The received blocks joined along the axis they were split on. Along axis 0 the pieces
// exchange() received lie one after the other in its buffer: that is the joined array already.
template <class T> ndarray<T> join(const std::vector<ndarray<T>>& pieces, int axis) {
  if (pieces.size() == 1) return contiguous(pieces[0]);
  if (axis == 0) {
    shape_t shape = pieces[0].shape();
    const T* next = pieces[0].data();
    bool adjacent = true;
    shape[0] = 0;
    for (const ndarray<T>& q : pieces) {
      adjacent = adjacent && q.is_c_contiguous() && (q.size() == 0 || q.data() == next);
      next = q.data() + q.size();
      shape[0] += q.shape()[0];
    }
    if (adjacent && pieces[0].owner() == pieces.back().owner())
      return ndarray<T>(pieces[0].data(), shape, c_strides(shape), pieces[0].owner(),
                        pieces[0].device());
  }
  return concatenate(pieces, axis);
}
inline shape_t empty_piece() { return shape_t{0}; }
} // namespace impl

/// `a` sharded as `to`: the same values, every rank's block of the new layout (one all-to-all; to
/// replicated, one allgather; from replicated, no communication).
template <class T> [[nodiscard]] array<T> reshard(const array<T>& a, sharding to) {
  if (to.axis) to.axis = detail::normalize_axis(*to.axis, a.ndim());
  if (to == a.layout()) return a;
  const communicator& c = a.comm();
  if (a.replicated()) return distribute(c, a.local(), to);
  const int p = *a.axis(), me = c.rank();
  if (!to.axis) {
    // every block to every rank: one allgather of the blocks padded to the largest (the first)
    shape_t padded = a.local().shape();
    padded[p] = a.block_of_rank(0).count;
    ndarray<T> mine = a.local();
    if (padded != a.local().shape()) {
      mine = ndarray<T>(padded);
      block_view(mine, p, 0, a.local().shape()[p]).assign(a.local());
    }
    const ndarray<T> all = allgather(c, mine);
    std::vector<ndarray<T>> pieces;
    for (int r = 0; r < c.size(); ++r)
      pieces.push_back(block_view(ndarray<T>(all.data() + r * mine.size(), padded,
                                             c_strides(padded), all.owner(), all.device()),
                                  p, 0, a.block_of_rank(r).count));
    return array<T>(c, a.shape(), to, concatenate(pieces, p));
  }
  std::vector<ndarray<T>> send(c.size());
  std::vector<shape_t> from(c.size());
  for (int r = 0; r < c.size(); ++r) {
    const block b = block_of(a.shape()[*to.axis], c.size(), r);
    send[r] = block_view(a.local(), *to.axis, b.start, b.count);
    from[r] = array<T>::local_shape(c, a.shape(), a.layout(), r);
    from[r][*to.axis] = block_of(a.shape()[*to.axis], c.size(), me).count;
  }
  return array<T>(c, a.shape(), to, impl::join(exchange(c, send, from), p));
}

/// Every rank holds all of `a` (`np.asarray` of the whole array, on each rank's device).
template <class T> [[nodiscard]] array<T> replicate(const array<T>& a) {
  return reshard(a, replicated);
}

/// All of `a` on rank `root`; the other ranks get nothing (std::nullopt).
template <class T> [[nodiscard]] std::optional<ndarray<T>> gather(const array<T>& a, int root = 0) {
  const communicator& c = a.comm();
  if (a.replicated()) return c.rank() == root ? std::optional(a.local()) : std::nullopt;
  std::vector<ndarray<T>> send(c.size(), ndarray<T>(impl::empty_piece()));
  std::vector<shape_t> from(c.size(), impl::empty_piece());
  send[root] = a.local();
  if (c.rank() == root)
    for (int r = 0; r < c.size(); ++r)
      from[r] = array<T>::local_shape(c, a.shape(), a.layout(), r);
  std::vector<ndarray<T>> pieces = exchange(c, send, from);
  if (c.rank() != root) return std::nullopt;
  return impl::join(pieces, *a.axis());
}

/// Rank `root`'s `global` split over the ranks as `s` (the other ranks' `global` is not read; its
/// shape is sent from root).
template <class T>
[[nodiscard]] array<T> scatter(const communicator& c, const ndarray<T>& global, sharding s,
                               int root = 0) {
  const bool at_root = c.rank() == root;
  const index_t ndim =
      broadcast_values(c, std::vector<index_t>{at_root ? global.ndim() : 0}, root)[0];
  const std::vector<index_t> extents =
      broadcast_values(c,
                       at_root ? std::vector<index_t>(global.shape().begin(), global.shape().end())
                               : std::vector<index_t>(ndim),
                       root);
  const shape_t shape(extents.begin(), extents.end());
  if (s.axis) s.axis = detail::normalize_axis(*s.axis, static_cast<int>(ndim));
  if (!s.axis) {
    ndarray<T> whole = at_root ? contiguous(global) : ndarray<T>(shape);
    broadcast(c, whole, root);
    return array<T>(c, shape, s, whole);
  }
  std::vector<ndarray<T>> send(c.size(), ndarray<T>(impl::empty_piece()));
  std::vector<shape_t> from(c.size(), impl::empty_piece());
  if (at_root)
    for (int r = 0; r < c.size(); ++r) {
      const block b = block_of(shape[*s.axis], c.size(), r);
      send[r] = block_view(global, *s.axis, b.start, b.count);
    }
  from[root] = array<T>::local_shape(c, shape, s, c.rank());
  return array<T>(c, shape, s, exchange(c, send, from)[root]);
}

} // namespace cupp::dist
