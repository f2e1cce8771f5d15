#pragma once
/// \file
/// Distributed arrays made in place: each rank fills only its own block, with the values the
/// one-device function gives at those positions (`arange` and `linspace` evaluate NumPy's formula
/// at the global index).

#include <cupp/creation.hpp>
#include <cupp/detail/launch.hpp>
#include <cupp/dist/array.hpp>

namespace cupp::dist {

namespace impl {
// a fill functor evaluated at the global index of this rank's first element + i
template <class F> struct shifted {
  F f;
  index_t base;
  CUPP_HD auto operator()(index_t i) const { return f(i + base); }
};
} // namespace impl

/// `np.empty(shape)` sharded as `s` (uninitialised values; a 0-d array is replicated).
template <class T = double>
[[nodiscard]] array<T> empty(const communicator& c, const shape_t& shape, sharding s = {0}) {
  if (shape.size() == 0) s = replicated;
  if (s.axis) s.axis = detail::normalize_axis(*s.axis, shape.size());
  return array<T>(c, shape, s, ndarray<T>(array<T>::local_shape(c, shape, s, c.rank())));
}

/// `np.full(shape, value)` sharded as `s`.
template <class T = double>
[[nodiscard]] array<T> full(const communicator& c, const shape_t& shape, T value,
                            sharding s = {0}) {
  array<T> a = empty<T>(c, shape, s);
  a.local().fill(value);
  return a;
}

/// `np.zeros(shape)` sharded as `s`.
template <class T = double>
[[nodiscard]] array<T> zeros(const communicator& c, const shape_t& shape, sharding s = {0}) {
  return full<T>(c, shape, T(0), s);
}

/// `np.ones(shape)` sharded as `s`.
template <class T = double>
[[nodiscard]] array<T> ones(const communicator& c, const shape_t& shape, sharding s = {0}) {
  return full<T>(c, shape, T(1), s);
}

/// `np.arange(start, stop, step)` split over the ranks (1-D): the values of cupp::arange.
template <class T = double>
[[nodiscard]] array<T> arange(const communicator& c, double start, double stop, double step = 1) {
  if (step == 0) throw value_error("arange: step must not be zero (division by zero)");
  const double len = std::ceil((stop - start) / step);
  if (!(len < 9.2e18)) throw value_error("Maximum allowed size exceeded");
  const index_t n = len > 0 ? static_cast<index_t>(len) : 0;
  array<T> a = empty<T>(c, shape_t{n});
  using F = compute_t<T>;
  const T first = static_cast<T>(start), second = static_cast<T>(start + step);
  const detail::arange_fn<T> f{F(first), static_cast<F>(F(second) - F(first)), start, step};
  detail::launch_transform(a.local().size(), a.local().data(),
                           impl::shifted<detail::arange_fn<T>>{f, a.local_block().start});
  return a;
}

/// `np.arange(stop)` split over the ranks.
template <class T = double> [[nodiscard]] array<T> arange(const communicator& c, double stop) {
  return arange<T>(c, 0.0, stop, 1.0);
}

} // namespace cupp::dist
