#pragma once
/// \file
/// Random distributed arrays with the values one device gives: cupp's generator is counter-based
/// (element i of a call depends only on the key, the call's number and i), so each rank draws
/// only its block's elements of the call, from a copy of the generator whose element offset is
/// the block's first flat index (rounded down to a packed group of 4). Every rank's generator must
/// be in the same state (the same seed and calls); each of these functions takes the calls of it
/// the one-device method takes, on every rank.

#include <cupp/dist/array.hpp>
#include <cupp/dist/exchange.hpp>
#include <cupp/random/generator.hpp>

#include <algorithm>
#include <utility>

namespace cupp::dist::random {

using cupp::random::Generator;

/// `draw(gen, shape)` split as `s`, where `draw` is a Generator method with scalar parameters
/// drawn elementwise: `[](auto& g, const shape_t& s) { return g.normal(0.0, 2.0, s); }` (not
/// the permutations, choice or the multivariate distributions, nor array parameters).
template <class Draw>
[[nodiscard]] auto draw(Generator& gen, const communicator& c, const shape_t& shape, sharding s,
                        Draw&& draw) {
  using T = typename decltype(draw(gen, shape))::value_type;
  if (shape.size() == 0) s = replicated; // a 0-d array is replicated
  if (s.axis) s.axis = detail::normalize_axis(*s.axis, shape.size());
  // an empty array takes the calls the one-device method takes for it (integers takes none)
  if (shape_size(shape) == 0) return distribute(c, ndarray<T>(draw(gen, shape)), s);
  // a block of rows is one range of flat indices; other layouts are drawn by rows and resharded
  const bool whole = !s.axis || shape.size() == 0;
  index_t row = 1;
  for (std::size_t d = 1; d < shape.size(); ++d)
    row *= shape[d];
  const block rows = whole ? block{0, shape_size(shape)} : block_of(shape[0], c.size(), c.rank());
  const index_t first = whole ? 0 : rows.start * row, count = whole ? rows.count : rows.count * row;
  const index_t skip = first % 4;
  Generator mine = gen;
  mine.bit_generator().set_element_offset(static_cast<std::uint64_t>(first - skip));
  // at least one element on every rank, so that every rank's call checks the parameters and
  // takes its call number as the others' do (an empty draw may skip both: integers)
  const ndarray<T> drawn = draw(mine, shape_t{std::max<index_t>(count + skip, 1)});
  // the calls the method took (one for every elementwise method of a non-empty array)
  (void)gen.bit_generator().advance(mine.bit_generator().state().counter -
                                    gen.bit_generator().state().counter);
  const sharding by_rows = whole ? replicated : sharding{0};
  const shape_t local = array<T>::local_shape(c, shape, by_rows, c.rank());
  const array<T> a(
      c, shape, by_rows,
      ndarray<T>(drawn.data() + skip, local, c_strides(local), drawn.owner(), drawn.device()));
  return reshard(a, s);
}

/// `gen.random<T>(shape)` split as `s`: uniform on [0, 1).
template <class T = double>
[[nodiscard]] array<T> random(Generator& gen, const communicator& c, const shape_t& shape,
                              sharding s = {0}) {
  return draw(gen, c, shape, s, [](Generator& g, const shape_t& n) { return g.random<T>(n); });
}

/// `gen.standard_normal<T>(shape)` split as `s`.
template <class T = double>
[[nodiscard]] array<T> standard_normal(Generator& gen, const communicator& c, const shape_t& shape,
                                       sharding s = {0}) {
  return draw(gen, c, shape, s,
              [](Generator& g, const shape_t& n) { return g.standard_normal<T>(n); });
}

/// `gen.uniform(low, high, shape)` split as `s` (float64).
[[nodiscard]] inline array<double> uniform(Generator& gen, const communicator& c, double low,
                                           double high, const shape_t& shape, sharding s = {0}) {
  return draw(gen, c, shape, s,
              [&](Generator& g, const shape_t& n) { return g.uniform(low, high, n); });
}

/// `gen.normal(loc, scale, shape)` split as `s` (float64).
[[nodiscard]] inline array<double> normal(Generator& gen, const communicator& c, double loc,
                                          double scale, const shape_t& shape, sharding s = {0}) {
  return draw(gen, c, shape, s,
              [&](Generator& g, const shape_t& n) { return g.normal(loc, scale, n); });
}

/// `gen.integers<T>(low, high, shape)` split as `s`: [low, high).
template <class T = std::int64_t>
[[nodiscard]] array<T> integers(Generator& gen, const communicator& c, std::int64_t low,
                                std::int64_t high, const shape_t& shape, sharding s = {0}) {
  return draw(gen, c, shape, s,
              [&](Generator& g, const shape_t& n) { return g.integers<T>(low, high, n); });
}

} // namespace cupp::dist::random
