#pragma once
/// \file
/// Elementwise work on distributed arrays: `transform(f, x, y, ...)` calls `f` once on each rank
/// with the rank's blocks, so an expression `f` builds (`x * x + y`) runs as one fused kernel
/// there, with no communication. Operands: distributed arrays sharded alike (one global shape,
/// one axis), replicated ones and plain ndarrays (the same on every rank), which broadcast as
/// NumPy's operands do, and scalars.

#include <cupp/dist/array.hpp>
#include <cupp/expr/evaluate.hpp>

#include <optional>
#include <string>
#include <type_traits>

namespace cupp::dist {

namespace impl {
template <class X> struct dist_value { using type = void; };
template <class T> struct dist_value<array<T>> { using type = T; };
template <class X>
inline constexpr bool is_dist_v = !std::is_void_v<typename dist_value<std::decay_t<X>>::type>;
template <class X> struct is_ndarray : std::false_type {};
template <class T> struct is_ndarray<ndarray<T>> : std::true_type {};
template <class X> inline constexpr bool is_ndarray_v = is_ndarray<std::decay_t<X>>::value;

// What every rank holds whole of an operand, or null when it is sharded or a scalar.
template <class X> const shape_t* whole_shape(const X& x) {
  if constexpr (is_dist_v<X>)
    return x.replicated() ? &x.shape() : nullptr;
  else if constexpr (is_ndarray_v<X>)
    return &x.shape();
  else
    return nullptr;
}

// The part of a whole operand that lines up with this rank's block of a result of `ndim`
// dimensions sharded along `axis` (its broadcast extent-1 axes and missing ones: all of it).
template <class T>
ndarray<T> line_up(const ndarray<T>& x, int ndim, std::optional<int> axis, block b) {
  if (!axis) return x;
  const int a = *axis - (ndim - x.ndim());
  if (a < 0 || x.shape()[a] == 1) return x;
  return block_view(x, a, b.start, b.count);
}

template <class X>
decltype(auto) local_operand(const X& x, int ndim, std::optional<int> axis, block b) {
  if constexpr (is_dist_v<X>) {
    using T = typename dist_value<std::decay_t<X>>::type;
    return x.replicated() ? line_up<T>(x.local(), ndim, axis, b) : x.local();
  } else if constexpr (is_ndarray_v<X>) {
    return line_up(x, ndim, axis, b);
  } else {
    return x;
  }
}
} // namespace impl

/// `f(local blocks...)` on every rank, as a distributed array: sharded like the sharded operands,
/// replicated when none is. Sharded operands must share the split axis (counted from the right)
/// and its extent, which the result keeps; their other axes broadcast as NumPy's (a keepdims
/// reduction lines up with its input). value_error otherwise: reshard or replicate first.
template <class F, class... X> [[nodiscard]] auto transform(F&& f, const X&... xs) {
  const communicator* c = nullptr;
  // the first sharded operand's shape and split axis: the others must line up with it
  std::optional<shape_t> first;
  int first_axis = 0;
  shape_t shape{};
  bool broadcasts = true;
  auto visit_operand = [&](const auto& x) {
    using Y = std::decay_t<decltype(x)>;
    if constexpr (impl::is_dist_v<Y>) {
      if (c && !(*c == x.comm()))
        throw value_error("cupp::dist::transform: operands on different communicators");
      c = &x.comm();
      if (!x.replicated()) {
        if (!first) {
          first = x.shape();
          first_axis = *x.axis();
        } else if (first->size() - first_axis != x.shape().size() - *x.axis() ||
                   (*first)[first_axis] != x.shape()[*x.axis()]) {
          throw value_error(
              "cupp::dist::transform: sharded operands of shapes " + shape_repr(*first) + " and " +
              shape_repr(x.shape()) + " split along axes " + std::to_string(first_axis) + " and " +
              std::to_string(*x.axis()) + " do not line up (reshard one, or replicate it)");
        }
        broadcasts = broadcast_into(shape, x.shape()) && broadcasts;
      }
    }
    if (const shape_t* s = impl::whole_shape(x))
      broadcasts = broadcast_into(shape, *s) && broadcasts;
  };
  (visit_operand(xs), ...);
  if (!c) throw value_error("cupp::dist::transform needs a distributed operand");
  if (!broadcasts) {
    std::vector<shape_t> shapes;
    auto add = [&](const auto& x) {
      if constexpr (impl::is_dist_v<decltype(x)> || impl::is_ndarray_v<decltype(x)>)
        shapes.push_back(x.shape());
    };
    (add(xs), ...);
    throw value_error(broadcast_message(shapes));
  }
  // the result keeps the split axis, counted from the right, and its extent
  std::optional<int> axis;
  if (first) {
    axis = static_cast<int>(shape.size() - (first->size() - first_axis));
    if (shape[*axis] != (*first)[first_axis])
      throw value_error("cupp::dist::transform: the split axis of the sharded operand of shape " +
                        shape_repr(*first) + " would broadcast to " + shape_repr(shape) +
                        " (replicate it first)");
  }
  const int ndim = shape.size();
  const block b = axis ? block_of(shape[*axis], c->size(), c->rank()) : block{};
  auto r = f(impl::local_operand(xs, ndim, axis, b)...);
  using R = typename std::decay_t<decltype(evaluate(r))>::value_type;
  ndarray<R> local = r;
  return array<R>(*c, shape, sharding{axis}, local);
}

// NumPy's arithmetic operators, each one transform (one kernel a rank; a longer expression fuses
// into one kernel only inside a transform's function). An operand is a distributed array, a plain
// ndarray or a scalar, at least one distributed.
#define CUPP_DIST_OPERATOR(op)                                                                     \
  template <class A, class B, std::enable_if_t<impl::is_dist_v<A> || impl::is_dist_v<B>, int> = 0> \
  [[nodiscard]] auto operator op(const A& a, const B& b) {                                         \
    return transform([](const auto& x, const auto& y) { return x op y; }, a, b);                   \
  }
CUPP_DIST_OPERATOR(+)
CUPP_DIST_OPERATOR(-)
CUPP_DIST_OPERATOR(*)
CUPP_DIST_OPERATOR(/)
#undef CUPP_DIST_OPERATOR

template <class T> [[nodiscard]] array<T> operator-(const array<T>& a) {
  return transform([](const auto& x) { return -x; }, a);
}

} // namespace cupp::dist
