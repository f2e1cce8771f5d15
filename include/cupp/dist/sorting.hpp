#pragma once
/// \file
/// `sort` of a distributed 1-D array by sample sort: each rank sorts its block, every rank's
/// evenly spaced samples pick size-1 splitters, one all-to-all sends each rank the values between
/// its splitters, each rank sorts what it received, and a second all-to-all restores the block
/// layout. The order is cupp::sort's (NaN last). The keys are (value, global index), so a run of
/// equal values is split between ranks like any other values.

#include <cupp/dist/array.hpp>
#include <cupp/dist/collectives.hpp>
#include <cupp/dist/exchange.hpp>
#include <cupp/sorting/search.hpp>
#include <cupp/sorting/sort.hpp>

#include <algorithm>
#include <vector>

namespace cupp::dist {

namespace impl {
// A 1-D array whose ranks hold runs of `counts[r]` values in rank order, moved to the block
// layout of its length (one all-to-all).
template <class T>
array<T> rebalance(const communicator& c, const ndarray<T>& run,
                   const std::vector<index_t>& counts) {
  const int p = c.size(), me = c.rank();
  index_t n = 0, mine = 0;
  for (int r = 0; r < p; ++r) {
    if (r == me) mine = n;
    n += counts[r];
  }
  std::vector<index_t> starts(p);
  for (int r = 1; r < p; ++r)
    starts[r] = starts[r - 1] + counts[r - 1];
  // the part of [lo, lo + len) that falls in [b.start, b.start + b.count)
  auto overlap = [](index_t lo, index_t len, block b) {
    const index_t s = std::max(lo, b.start), e = std::min(lo + len, b.start + b.count);
    return block{s, std::max<index_t>(e - s, 0)};
  };
  std::vector<ndarray<T>> send(p);
  std::vector<shape_t> from(p);
  const block own = block_of(n, p, me);
  for (int r = 0; r < p; ++r) {
    const block out = overlap(mine, counts[me], block_of(n, p, r));
    send[r] = block_view(run, 0, out.count ? out.start - mine : 0, out.count);
    from[r] = shape_t{overlap(starts[r], counts[r], own).count};
  }
  return array<T>(c, shape_t{n}, sharding{0}, join(exchange(c, send, from), 0));
}
} // namespace impl

/// `np.sort(a, axis)`, split as the input. A 1-D array split in blocks is sample-sorted; an N-d
/// array sorts its lines along `axis`: where that is the split axis, the array is resharded along
/// another axis for the local sort and back (two all-to-alls), else each rank sorts its block.
template <class T> [[nodiscard]] array<T> sort(const array<T>& a, index_t axis = -1) {
  if (a.ndim() == 0) throw axis_error("axis -1 is out of bounds for array of dimension 0");
  const int ax = detail::normalize_axis(axis, a.ndim());
  const communicator& c = a.comm();
  const int p = c.size();
  if (a.replicated() || p == 1 || a.axis() != ax)
    return array<T>(c, a.shape(), a.layout(), cupp::sort(a.local(), ax));
  if (a.ndim() > 1) {
    const array<T> lines = reshard(a, sharding{ax == 0 ? 1 : 0});
    return reshard(array<T>(c, a.shape(), lines.layout(), cupp::sort(lines.local(), ax)),
                   a.layout());
  }
  const array<T>& blocks = a; // 1-D, split along its axis
  // Keys are (value, global index), all distinct, so that runs of equal values split between
  // ranks like any others (splitting by value alone would send every copy of a value to one rank)
  const ndarray<index_t> order = argsort(blocks.local(), {.axis = 0, .kind = "stable"});
  const ndarray<T> local = blocks.local()(order);
  const ndarray<index_t> global_at = order + blocks.local_block().start; // increasing in each run
  const index_t n = local.size();
  // p samples per non-empty rank, at evenly spaced ranks of its sorted block
  std::vector<index_t> at(p);
  for (int i = 0; i < p; ++i)
    at[i] = n ? (2 * i + 1) * n / (2 * p) : 0;
  const ndarray<index_t> taken = asarray(at);
  const ndarray<T> sample_values =
      allgather(c, n ? ndarray<T>(local(taken)) : cupp::zeros<T>(shape_t{p}));
  const ndarray<index_t> sample_where =
      allgather(c, n ? ndarray<index_t>(global_at(taken)) : cupp::zeros<index_t>(shape_t{p}));
  const std::vector<index_t> sizes = allgather_values(c, std::vector<index_t>{n});
  if (std::all_of(sizes.begin(), sizes.end(), [](index_t s) { return s == 0; })) return blocks;
  std::vector<ndarray<T>> values;
  std::vector<ndarray<index_t>> places;
  for (int r = 0; r < p; ++r)
    if (sizes[r]) {
      values.push_back(block_view(sample_values, 0, r, 1).reshape(shape_t{p}));
      places.push_back(block_view(sample_where, 0, r, 1).reshape(shape_t{p}));
    }
  // the pool in key order: by global index, then stably by value
  const ndarray<index_t> pool_places = concatenate(places, 0);
  const ndarray<index_t> by_place = argsort(pool_places, {.axis = 0, .kind = "stable"});
  const ndarray<T> pool_values = concatenate(values, 0)(by_place);
  const ndarray<index_t> by_key = by_place(argsort(pool_values, {.axis = 0, .kind = "stable"}));
  std::vector<index_t> pick(p - 1);
  for (int i = 1; i < p; ++i)
    pick[i - 1] = i * by_key.size() / p;
  const ndarray<index_t> splitters = by_key(asarray(pick));
  const ndarray<T> split_values = concatenate(values, 0)(splitters);
  const std::vector<index_t> split_places = ndarray<index_t>(pool_places(splitters)).get();
  // each splitter's place in the local keys: before its value's run, plus the run's keys with a
  // smaller global index (sync points: the bounds come to the host)
  const std::vector<index_t> lo = searchsorted(local, split_values, side::left).get();
  const std::vector<index_t> hi = searchsorted(local, split_values, side::right).get();
  std::vector<index_t> bounds{0};
  for (int k = 0; k < p - 1; ++k) {
    index_t cut = lo[k];
    if (hi[k] > lo[k])
      cut += searchsorted(block_view(global_at, 0, lo[k], hi[k] - lo[k]),
                          asarray(std::vector<index_t>{split_places[k]}))
                 .get()[0];
    bounds.push_back(std::max(cut, bounds.back()));
  }
  bounds.push_back(n);
  // what goes to each rank, and what comes from each
  std::vector<index_t> sent(p);
  std::vector<ndarray<T>> send(p);
  for (int r = 0; r < p; ++r) {
    sent[r] = bounds[r + 1] - bounds[r];
    send[r] = block_view(local, 0, bounds[r], sent[r]);
  }
  const std::vector<index_t> matrix = allgather_values(c, sent); // row r: what rank r sends
  std::vector<shape_t> from(p);
  for (int r = 0; r < p; ++r)
    from[r] = shape_t{matrix[r * p + c.rank()]};
  const ndarray<T> mine_sorted = cupp::sort(impl::join(exchange(c, send, from), 0));
  std::vector<index_t> counts(p);
  for (int r = 0; r < p; ++r)
    for (int q = 0; q < p; ++q)
      counts[r] += matrix[q * p + r];
  return impl::rebalance(c, mine_sorted, counts);
}

} // namespace cupp::dist
