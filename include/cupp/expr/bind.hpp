#pragma once
/// \file
/// Binding an expression tree to the device: arrays become raw-pointer leaves, and the whole tree
/// becomes one functor `i -> value` over the flat C-order index of the broadcast shape. When every
/// array has the broadcast shape and is C-contiguous, leaves index with `i` directly (the fast
/// path); otherwise the index is decomposed once over the jointly coalesced dimensions and each
/// leaf applies its own strides (0 along broadcast axes).

#include <cupp/core/config.hpp>
#include <cupp/core/context.hpp>
#include <cupp/core/layout.hpp>
#include <cupp/core/shape.hpp>
#include <cupp/expr/node.hpp>

#include <cuda/std/tuple>

#include <cstdint>

#include <utility>
#include <vector>

namespace cupp::expr {

/// Position of one element: its flat index, and in the strided mode its multi-index.
struct linear_pos {
  index_t i;
};
/// Position of V consecutive elements of one row (the last coalesced dimension): P is the first
/// element's position, whose last coordinate is a multiple of V.
template <int V, class P> struct vector_pos { P first; };

/// V values of T, aligned for one load of up to 16 bytes per 16 (vector loads and stores).
template <class T, int V> struct alignas(sizeof(T) * V < 16 ? sizeof(T) * V : 16) vals { T v[V]; };
template <int ND> // ND: dimensions known at compile time, 0 for "up to max_dims"
struct multi_pos {
  index_t idx[ND == 0 ? max_dims : ND];
};

/// V elements from `src` `step` apart: one vector load where they are adjacent and aligned for it
/// (the same branch for every thread when the array is contiguous).
template <class T, int V> CUPP_HD vals<T, V> load_vector(const T* src, index_t step) {
  if (step == 1 && reinterpret_cast<std::uintptr_t>(src) % alignof(vals<T, V>) == 0)
    return *reinterpret_cast<const vals<T, V>*>(src);
  vals<T, V> r;
  CUPP_UNROLL
  for (int k = 0; k < V; ++k)
    r.v[k] = src[k * step];
  return r;
}

template <class T> struct contiguous_leaf {
  const T* p;
  CUPP_HD T operator()(const linear_pos& q) const { return p[q.i]; }
  template <int V> CUPP_HD vals<T, V> operator()(const vector_pos<V, linear_pos>& q) const {
    return load_vector<T, V>(p + q.first.i, 1);
  }
};

template <class T, int ND> struct strided_leaf {
  const T* p;
  int nd;
  index_t stride[ND == 0 ? max_dims : ND];
  CUPP_HD T operator()(const multi_pos<ND>& q) const { return p[offset(q)]; }
  // along the last dimension: stride 1 (a vector), 0 (broadcast) or any
  template <int V> CUPP_HD vals<T, V> operator()(const vector_pos<V, multi_pos<ND>>& q) const {
    return load_vector<T, V>(p + offset(q.first), stride[(ND == 0 ? nd : ND) - 1]);
  }

private:
  CUPP_HD index_t offset(const multi_pos<ND>& q) const {
    index_t offset = 0;
    const int n = ND == 0 ? nd : ND;
    CUPP_UNROLL
    for (int d = 0; d < n; ++d)
      offset += q.idx[d] * stride[d];
    return offset;
  }
};

template <class T> struct scalar_leaf {
  T value;
  template <class P> CUPP_HD T operator()(const P&) const { return value; }
  template <int V, class P> CUPP_HD vals<T, V> operator()(const vector_pos<V, P>&) const {
    vals<T, V> r;
    CUPP_UNROLL
    for (int k = 0; k < V; ++k)
      r.v[k] = value;
    return r;
  }
};

template <class Op, class... B> struct bound_node {
  using R = typename Op::result_type;
  Op op;
  ::cuda::std::tuple<B...> args;
  template <class P> CUPP_HD R operator()(const P& q) const {
    return call(q, std::index_sequence_for<B...>{});
  }
  // every operand's V values first (all loads issued together), then the operation lane by lane
  template <int V, class P> CUPP_HD vals<R, V> operator()(const vector_pos<V, P>& q) const {
    return call_vector(q, std::index_sequence_for<B...>{});
  }

private:
  template <class P, std::size_t... I> CUPP_HD R call(const P& q, std::index_sequence<I...>) const {
    return op(::cuda::std::get<I>(args)(q)...);
  }
  template <int V, class P, std::size_t... I>
  CUPP_HD vals<R, V> call_vector(const vector_pos<V, P>& q, std::index_sequence<I...>) const {
    const ::cuda::std::tuple<decltype(::cuda::std::get<I>(args)(q))...> in{
        ::cuda::std::get<I>(args)(q)...};
    vals<R, V> r;
    CUPP_UNROLL
    for (int k = 0; k < V; ++k)
      r.v[k] = op(::cuda::std::get<I>(in).v[k]...);
    return r;
  }
};

/// Whether a bound expression holds a long operation (`Op::long_op`: cupx::special's polynomial
/// and rational functions), for which launch_transform gives each thread 32 bytes rather than 16
/// (detail::vector_width).
template <class Op> inline constexpr bool long_op_v = requires { requires Op::long_op; };
template <class B> inline constexpr bool has_long_op_v = false;
template <class Op, class... B>
inline constexpr bool has_long_op_v<bound_node<Op, B...>> = long_op_v<Op> ||
                                                            (has_long_op_v<B> || ...);

/// Flat evaluators also run by rows (see detail::launch_transform): `rows()` rows of
/// `row_length()` elements in C order, and `vector<V>(row, c)` gives elements c..c+V-1 of a row
/// at once (c a multiple of V, c + V at most the row length).

/// The functor `i -> value` of the fast path: one row.
template <class Bound> struct linear_eval {
  static constexpr bool long_ops = has_long_op_v<Bound>;
  Bound f;
  index_t n;
  CUPP_HD auto operator()(index_t i) const { return f(linear_pos{i}); }
  CUPP_HD index_t rows() const { return 1; }
  CUPP_HD index_t row_length() const { return n; }
  template <int V> CUPP_HD auto vector(index_t, index_t c) const {
    return f(vector_pos<V, linear_pos>{{c}});
  }
};

/// The functor `i -> value` of the strided path: decomposes `i` over the coalesced extents.
template <class Bound, int ND> struct strided_eval {
  static constexpr bool long_ops = has_long_op_v<Bound>;
  Bound f;
  int nd;
  index_t extent[ND == 0 ? max_dims : ND];
  CUPP_HD auto operator()(index_t i) const {
    multi_pos<ND> q;
    const int n = ND == 0 ? nd : ND;
    CUPP_UNROLL
    for (int d = n - 1; d > 0; --d) {
      const index_t next = i / extent[d];
      q.idx[d] = i - next * extent[d];
      i = next;
    }
    q.idx[0] = i;
    return f(q);
  }
  CUPP_HD index_t rows() const {
    index_t r = 1;
    for (int d = 0; d < (ND == 0 ? nd : ND) - 1; ++d)
      r *= extent[d];
    return r;
  }
  CUPP_HD index_t row_length() const { return extent[(ND == 0 ? nd : ND) - 1]; }
  template <int V> CUPP_HD auto vector(index_t row, index_t c) const {
    vector_pos<V, multi_pos<ND>> q;
    const int n = ND == 0 ? nd : ND; // at least 2
    CUPP_UNROLL
    for (int d = n - 2; d > 0; --d) {
      const index_t next = row / extent[d];
      q.first.idx[d] = row - next * extent[d];
      row = next;
    }
    q.first.idx[0] = row;
    q.first.idx[n - 1] = c;
    return f(q);
  }
};

// ---- binding -------------------------------------------------------------------------------

/// Leaf strides after joint coalescing, handed out in the order visit_arrays visits the leaves.
struct stride_table {
  int nd = 0;
  index_t extent[max_dims] = {};
  std::vector<shape_t> strides; // one row per array leaf
  std::size_t next = 0;
};

template <class T> contiguous_leaf<T> bind_linear(const ndarray<T>& a) { return {a.data()}; }
template <class T> scalar_leaf<T> bind_linear(const scalar<T>& s) { return {s.value}; }
template <class Op, class... Args> auto bind_linear(const node<Op, Args...>& n) {
  return std::apply(
      [&](const auto&... a) {
        using B = bound_node<Op, decltype(bind_linear(a))...>;
        return B{n.op, ::cuda::std::make_tuple(bind_linear(a)...)};
      },
      n.args);
}

template <int ND, class T> strided_leaf<T, ND> bind_strided(const ndarray<T>& a, stride_table& t) {
  strided_leaf<T, ND> leaf{a.data(), t.nd, {}};
  const shape_t& st = t.strides[t.next++];
  for (int d = 0; d < t.nd; ++d)
    leaf.stride[d] = st[d];
  return leaf;
}
template <int ND, class T> scalar_leaf<T> bind_strided(const scalar<T>& s, stride_table&) {
  return {s.value};
}
template <int ND, class Op, class... Args>
auto bind_strided(const node<Op, Args...>& n, stride_table& t) {
  return std::apply(
      [&](const auto&... a) {
        using B = bound_node<Op, decltype(bind_strided<ND>(a, t))...>;
        // braced initialisation evaluates left to right, matching visit_arrays' order
        return B{n.op, ::cuda::std::tuple<decltype(bind_strided<ND>(a, t))...>{
                           bind_strided<ND>(a, t)...}};
      },
      n.args);
}

/// Builds the stride table of `e` broadcast to `shape`: each leaf's strides aligned on the right,
/// 0 along broadcast axes; then dimensions that are contiguous for every leaf merge and extent-1
/// dimensions drop.
template <class E> stride_table make_stride_table(const E& e, const shape_t& shape) {
  std::vector<shape_t> aligned;
  auto collect = [&](const auto& a) {
    aligned.push_back(cupp::detail::align_strides(shape, a.shape(), a.strides()));
  };
  visit_arrays(e, collect);
  stride_table t;
  t.strides.assign(aligned.size(), shape_t{});
  shape_t extent;
  t.nd = cupp::detail::coalesce(shape, aligned, extent, t.strides);
  for (int d = 0; d < t.nd; ++d)
    t.extent[d] = extent[d];
  return t;
}

/// True when every array leaf has exactly `shape` and is C-contiguous.
template <class E> bool all_contiguous(const E& e, const shape_t& shape) {
  bool ok = true;
  auto check = [&](const auto& a) { ok = ok && a.shape() == shape && a.is_c_contiguous(); };
  visit_arrays(e, check);
  return ok;
}

/// Raises value_error unless every array leaf of `e` is usable on the current device.
template <class E> void check_leaf_devices(const E& e) {
  const int current = current_device();
  auto check = [current](const auto& a) { cupp::detail::check_device(a.device(), current); };
  visit_arrays(e, check);
}

/// Calls `visitor(f, n)` with the flat evaluator `f: index_t -> value` of `e` over `shape` (which
/// the leaves broadcast to) and the element count n. The visitor is instantiated once per mode.
/// Every elementwise kernel and expression reduction starts here, so here the operands' devices
/// are checked.
template <class E, class Visitor>
void with_flat_evaluator(const E& e, const shape_t& shape, Visitor&& visitor) {
  check_leaf_devices(e);
  const index_t n = shape_size(shape);
  if (all_contiguous(e, shape)) {
    visitor(linear_eval<decltype(bind_linear(e))>{bind_linear(e), n}, n);
    return;
  }
  stride_table t = make_stride_table(e, shape);
  if (t.nd == 1) { // one strided dimension runs as two, with a leading extent of 1
    t.nd = 2;
    t.extent[1] = t.extent[0];
    t.extent[0] = 1;
    for (auto& st : t.strides)
      st = shape_t{0, st[0]};
  }
  auto run = [&](auto nd_constant) {
    constexpr int ND = decltype(nd_constant)::value;
    using Bound = decltype(bind_strided<ND>(e, t));
    strided_eval<Bound, ND> f{bind_strided<ND>(e, t), t.nd, {}};
    for (int d = 0; d < t.nd; ++d)
      f.extent[d] = t.extent[d];
    visitor(f, n);
  };
  // Up to two dimensions (most broadcasts and transposes once coalesced) keep the multi-index in
  // registers; more use the general loop. Two variants bound the kernels each expression compiles.
  if (t.nd == 2) {
    run(std::integral_constant<int, 2>{});
  } else {
    run(std::integral_constant<int, 0>{});
  }
}

} // namespace cupp::expr
