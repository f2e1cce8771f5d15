#pragma once
/// \file
/// `cupp::dist::array<T>`: an array of a global shape split into blocks along one axis over the
/// ranks of a communicator, or replicated (every rank holds all of it). Each rank holds its block
/// as an ordinary `ndarray<T>` (`local()`), on its own device; the sharding is visible and
/// changed by the functions of dist/exchange.hpp (reshard, replicate, gather, scatter).

#include <cupp/core/error.hpp>
#include <cupp/core/layout.hpp>
#include <cupp/dist/communicator.hpp>
#include <cupp/dist/partition.hpp>
#include <cupp/ndarray.hpp>

#include <optional>
#include <string>
#include <utility>

namespace cupp::dist {

/// Where an array's data lives: split along `axis` in blocks (block_of), or replicated when
/// `axis` is empty.
struct sharding {
  std::optional<int> axis;
  [[nodiscard]] bool replicated() const { return !axis; }
  friend bool operator==(const sharding&, const sharding&) = default;
};
/// Every rank holds the whole array.
inline constexpr sharding replicated{};

/// Rank-local view of the block [start, start + count) of `a` along `axis` (no copy).
template <class T>
[[nodiscard]] ndarray<T> block_view(const ndarray<T>& a, int axis, index_t start, index_t count) {
  shape_t shape = a.shape();
  shape[axis] = count;
  return ndarray<T>(a.data() + (count ? start * a.strides()[axis] : 0), shape, a.strides(),
                    a.owner(), a.device());
}

template <class T> class array {
public:
  using value_type = T;

  /// Adopts this rank's block `local` of an array of `shape` sharded as `s` (value_error when
  /// the block's shape is not the one block_of gives this rank).
  array(communicator c, const shape_t& shape, sharding s, ndarray<T> local)
      : comm_(std::move(c)), shape_(shape), sharding_(s), local_(std::move(local)) {
    if (s.axis) sharding_.axis = detail::normalize_axis(*s.axis, static_cast<int>(shape.size()));
    if (local_.shape() != local_shape(comm_, shape_, sharding_, comm_.rank()))
      throw value_error("cupp::dist::array: rank " + std::to_string(comm_.rank()) +
                        "'s block has shape " + shape_repr(local_.shape()) + ", not " +
                        shape_repr(local_shape(comm_, shape_, sharding_, comm_.rank())) +
                        " of global shape " + shape_repr(shape_) + " split along " +
                        axis_name(sharding_));
  }

  /// The shape of rank `k`'s block.
  [[nodiscard]] static shape_t local_shape(const communicator& c, const shape_t& shape, sharding s,
                                           int k) {
    shape_t l = shape;
    if (s.axis) l[*s.axis] = block_of(shape[*s.axis], c.size(), k).count;
    return l;
  }

  [[nodiscard]] const communicator& comm() const noexcept { return comm_; }
  /// The global shape.
  [[nodiscard]] const shape_t& shape() const noexcept { return shape_; }
  [[nodiscard]] int ndim() const noexcept { return shape_.size(); }
  [[nodiscard]] index_t size() const noexcept { return shape_size(shape_); }
  [[nodiscard]] sharding layout() const noexcept { return sharding_; }
  /// The sharded axis (empty: replicated).
  [[nodiscard]] std::optional<int> axis() const noexcept { return sharding_.axis; }
  [[nodiscard]] bool replicated() const noexcept { return sharding_.replicated(); }
  /// This rank's block: an ordinary array on this rank's device (a handle: writes through it
  /// change the distributed array).
  [[nodiscard]] const ndarray<T>& local() const noexcept { return local_; }
  [[nodiscard]] ndarray<T>& local() noexcept { return local_; }
  /// Rank k's block along the sharded axis (all of it when replicated).
  [[nodiscard]] block block_of_rank(int k) const {
    if (!sharding_.axis) return {0, ndim() ? shape_[0] : 1};
    return block_of(shape_[*sharding_.axis], comm_.size(), k);
  }
  /// This rank's block along the sharded axis.
  [[nodiscard]] block local_block() const { return block_of_rank(comm_.rank()); }

private:
  static std::string axis_name(sharding s) {
    return s.axis ? "axis " + std::to_string(*s.axis) : std::string("no axis (replicated)");
  }

  communicator comm_;
  shape_t shape_;
  sharding sharding_;
  ndarray<T> local_;
};

/// The distributed array whose blocks are these blocks of `global`, an array every rank holds
/// whole (no communication: each rank keeps a view of its own block).
template <class T>
[[nodiscard]] array<T> distribute(const communicator& c, const ndarray<T>& global, sharding s) {
  if (!s.axis) return array<T>(c, global.shape(), s, global);
  const int axis = detail::normalize_axis(*s.axis, global.ndim());
  const block b = block_of(global.shape()[axis], c.size(), c.rank());
  return array<T>(c, global.shape(), sharding{axis}, block_view(global, axis, b.start, b.count));
}

} // namespace cupp::dist
