#pragma once
/// \file
/// Joining and splitting: concatenate, stack, hstack, vstack, dstack, column_stack (each input is
/// copied into its slab of the result by the elementwise engine), and split, array_split, hsplit,
/// vsplit, dsplit (views).
///
/// The joining functions take a `std::vector` of arrays or a braced list: `cp::stack({a, b})`
/// deduces the dtype from arrays that share it. C++ cannot deduce one dtype from a list of
/// several, so a list that mixes them names the result's: `cp::stack<double>({a_f32, b_i64})` is
/// NumPy's `np.stack([a, b], dtype=np.float64)`, each array converted as it joins the list
/// (casting 'same_kind', as NumPy's default for dtype=: checked at compile time).

#include <cupp/core/dtype.hpp>
#include <cupp/expr/cast.hpp>
#include <cupp/expr/evaluate.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/ndarray.hpp>

#include <initializer_list>
#include <string>
#include <vector>

namespace cupp {

/// An element of a braced list joined as dtype T (see the file comment): an array or expression
/// of any dtype that casts to T under 'same_kind', converted when the list is built. (The lists
/// of these are std::vectors, not initializer_lists, so that `{}` and a list of T arrays pick the
/// plain initializer_list overload: an identity conversion beats the vector's constructor.)
template <class T> class cast_array {
public:
  template <class E>
  cast_array(const E& e) // NOLINT(google-explicit-constructor): an element of `{a_f32, b_i64}`
      : array_(convert(e)) {}
  [[nodiscard]] const ndarray<T>& array() const noexcept { return array_; }

private:
  template <class E> static ndarray<T> convert(const E& e) {
    static_assert(expr::is_expression_v<E>, "the joined arrays must be cupp arrays or expressions");
    using U = expr::value_type_t<E>;
    static_assert(same_kind_castable_v<U, T>,
                  "Cannot cast array data to the joined dtype according to the rule 'same_kind'");
    if constexpr (std::is_same_v<E, ndarray<T>>) {
      return e;
    } else {
      const auto a = expr::operand(e);
      return expr::evaluate(expr::node<expr::cast<T>, decltype(a)>{{}, {a}});
    }
  }
  ndarray<T> array_;
};

namespace detail {
template <class T> std::vector<ndarray<T>> arrays_of(const std::vector<cast_array<T>>& list) {
  std::vector<ndarray<T>> out;
  out.reserve(list.size());
  for (const cast_array<T>& a : list)
    out.push_back(a.array());
  return out;
}
} // namespace detail

/// `np.concatenate(arrays, axis)`.
template <class T>
[[nodiscard]] ndarray<T> concatenate(const std::vector<ndarray<T>>& arrays, index_t axis = 0) {
  if (arrays.empty()) throw value_error("need at least one array to concatenate");
  const ndarray<T>& first = arrays.front();
  if (first.ndim() == 0) throw value_error("zero-dimensional arrays cannot be concatenated");
  const int ax = detail::normalize_axis(axis, first.ndim());
  shape_t shape = first.shape();
  shape[ax] = 0;
  for (std::size_t k = 0; k < arrays.size(); ++k) {
    const ndarray<T>& a = arrays[k];
    if (a.ndim() != first.ndim())
      throw value_error("all the input arrays must have same number of dimensions, but the array "
                        "at index 0 has " +
                        std::to_string(first.ndim()) + " dimension(s) and the array at index " +
                        std::to_string(k) + " has " + std::to_string(a.ndim()) + " dimension(s)");
    for (int d = 0; d < a.ndim(); ++d)
      if (d != ax && a.shape()[d] != first.shape()[d])
        throw value_error("all the input array dimensions except for the concatenation axis must "
                          "match exactly, but along dimension " +
                          std::to_string(d) + ", the array at index 0 has size " +
                          std::to_string(first.shape()[d]) + " and the array at index " +
                          std::to_string(k) + " has size " + std::to_string(a.shape()[d]));
    shape[ax] += a.shape()[ax];
  }
  ndarray<T> out(shape);
  index_t at = 0;
  for (const ndarray<T>& a : arrays) {
    const index_t n = a.shape()[ax];
    if (n > 0) detail::slab(out, ax, at, n).assign(a);
    at += n;
  }
  return out;
}

/// `np.concatenate([a, b], axis)` of a braced list of one dtype.
template <class T>
[[nodiscard]] ndarray<T> concatenate(std::initializer_list<ndarray<T>> arrays, index_t axis = 0) {
  return concatenate(std::vector<ndarray<T>>(arrays), axis);
}
/// `np.concatenate([a, b], axis, dtype=T)`: `cp::concatenate<double>({a_f32, b_i64})`.
template <class T>
[[nodiscard]] ndarray<T> concatenate(const std::vector<cast_array<T>>& arrays, index_t axis = 0) {
  return concatenate(detail::arrays_of(arrays), axis);
}

/// `np.stack(arrays, axis)`: along a new axis; every input has the same shape.
template <class T>
[[nodiscard]] ndarray<T> stack(const std::vector<ndarray<T>>& arrays, index_t axis = 0) {
  if (arrays.empty()) throw value_error("need at least one array to stack");
  std::vector<ndarray<T>> expanded;
  const int ax = detail::normalize_axis(axis, arrays.front().ndim() + 1);
  for (const ndarray<T>& a : arrays) {
    if (a.shape() != arrays.front().shape())
      throw value_error("all input arrays must have the same shape");
    expanded.push_back(expand_dims(a, ax));
  }
  return concatenate(expanded, ax);
}
/// `np.stack([a, b], axis)` of a braced list; `cp::stack<T>({...})` converts (NumPy's dtype=).
template <class T>
[[nodiscard]] ndarray<T> stack(std::initializer_list<ndarray<T>> arrays, index_t axis = 0) {
  return stack(std::vector<ndarray<T>>(arrays), axis);
}
template <class T>
[[nodiscard]] ndarray<T> stack(const std::vector<cast_array<T>>& arrays, index_t axis = 0) {
  return stack(detail::arrays_of(arrays), axis);
}

namespace detail {
template <class T, class F>
std::vector<ndarray<T>> each(const std::vector<ndarray<T>>& arrays, F f) {
  std::vector<ndarray<T>> out;
  for (const ndarray<T>& a : arrays)
    out.push_back(f(a));
  return out;
}
} // namespace detail

/// `np.vstack`: rows (1-D inputs become rows).
template <class T> [[nodiscard]] ndarray<T> vstack(const std::vector<ndarray<T>>& arrays) {
  return concatenate(detail::each(arrays, [](const ndarray<T>& a) { return atleast_2d(a); }), 0);
}
/// `np.hstack`: columns; 1-D inputs are joined end to end.
template <class T> [[nodiscard]] ndarray<T> hstack(const std::vector<ndarray<T>>& arrays) {
  const auto a = detail::each(arrays, [](const ndarray<T>& x) { return atleast_1d(x); });
  return concatenate(a, !a.empty() && a.front().ndim() == 1 ? 0 : 1);
}
/// `np.dstack`: along the third axis.
template <class T> [[nodiscard]] ndarray<T> dstack(const std::vector<ndarray<T>>& arrays) {
  return concatenate(detail::each(arrays, [](const ndarray<T>& a) { return atleast_3d(a); }), 2);
}
/// `np.column_stack`: 1-D inputs become columns.
template <class T> [[nodiscard]] ndarray<T> column_stack(const std::vector<ndarray<T>>& arrays) {
  return concatenate(detail::each(arrays,
                                  [](const ndarray<T>& a) {
                                    return a.ndim() < 2 ? expand_dims(atleast_1d(a), 1) : a;
                                  }),
                     1);
}
/// vstack, hstack, dstack and column_stack of braced lists, as concatenate's.
template <class T> [[nodiscard]] ndarray<T> vstack(std::initializer_list<ndarray<T>> arrays) {
  return vstack(std::vector<ndarray<T>>(arrays));
}
template <class T> [[nodiscard]] ndarray<T> vstack(const std::vector<cast_array<T>>& arrays) {
  return vstack(detail::arrays_of(arrays));
}
template <class T> [[nodiscard]] ndarray<T> hstack(std::initializer_list<ndarray<T>> arrays) {
  return hstack(std::vector<ndarray<T>>(arrays));
}
template <class T> [[nodiscard]] ndarray<T> hstack(const std::vector<cast_array<T>>& arrays) {
  return hstack(detail::arrays_of(arrays));
}
template <class T> [[nodiscard]] ndarray<T> dstack(std::initializer_list<ndarray<T>> arrays) {
  return dstack(std::vector<ndarray<T>>(arrays));
}
template <class T> [[nodiscard]] ndarray<T> dstack(const std::vector<cast_array<T>>& arrays) {
  return dstack(detail::arrays_of(arrays));
}
template <class T> [[nodiscard]] ndarray<T> column_stack(std::initializer_list<ndarray<T>> arrays) {
  return column_stack(std::vector<ndarray<T>>(arrays));
}
template <class T> [[nodiscard]] ndarray<T> column_stack(const std::vector<cast_array<T>>& arrays) {
  return column_stack(detail::arrays_of(arrays));
}

/// `np.array_split(a, sections, axis)`: `sections` nearly equal parts (the first ones one longer).
template <class T>
[[nodiscard]] std::vector<ndarray<T>> array_split(const ndarray<T>& a, index_t sections,
                                                  index_t axis = 0) {
  if (sections <= 0) throw value_error("number sections must be larger than 0.");
  const int ax = detail::normalize_axis(axis, a.ndim());
  const index_t n = a.shape()[ax], each = n / sections, extra = n % sections;
  std::vector<ndarray<T>> parts;
  index_t at = 0;
  for (index_t k = 0; k < sections; ++k) {
    const index_t len = each + (k < extra ? 1 : 0);
    parts.push_back(detail::slab(a, ax, at, len));
    at += len;
  }
  return parts;
}

/// `np.array_split(a, indices, axis)` / `np.split(a, indices, axis)`: cut before each index.
template <class T>
[[nodiscard]] std::vector<ndarray<T>>
array_split(const ndarray<T>& a, const std::vector<index_t>& indices, index_t axis = 0) {
  const int ax = detail::normalize_axis(axis, a.ndim());
  const index_t n = a.shape()[ax];
  std::vector<ndarray<T>> parts;
  index_t prev = 0;
  for (std::size_t k = 0; k <= indices.size(); ++k) {
    const index_t stop = k < indices.size() ? indices[k] : n;
    const detail::slice_range r = detail::resolve_slice(slice(prev, stop), n);
    parts.push_back(detail::slab(a, ax, r.start, r.length));
    prev = stop;
  }
  return parts;
}

/// `np.split(a, sections, axis)`: equal parts only.
template <class T>
[[nodiscard]] std::vector<ndarray<T>> split(const ndarray<T>& a, index_t sections,
                                            index_t axis = 0) {
  const int ax = detail::normalize_axis(axis, a.ndim());
  if (sections <= 0 || a.shape()[ax] % sections != 0)
    throw value_error("array split does not result in an equal division");
  return array_split(a, sections, ax);
}
template <class T>
[[nodiscard]] std::vector<ndarray<T>> split(const ndarray<T>& a,
                                            const std::vector<index_t>& indices, index_t axis = 0) {
  return array_split(a, indices, axis);
}

/// `np.hsplit` (axis 1, or 0 for 1-D), `np.vsplit` (axis 0, at least 2-D), `np.dsplit` (axis 2, at
/// least 3-D).
template <class T>
[[nodiscard]] std::vector<ndarray<T>> hsplit(const ndarray<T>& a, index_t sections) {
  if (a.ndim() == 0) throw value_error("hsplit only works on arrays of 1 or more dimensions");
  return split(a, sections, a.ndim() > 1 ? 1 : 0);
}
template <class T>
[[nodiscard]] std::vector<ndarray<T>> vsplit(const ndarray<T>& a, index_t sections) {
  if (a.ndim() < 2) throw value_error("vsplit only works on arrays of 2 or more dimensions");
  return split(a, sections, 0);
}
template <class T>
[[nodiscard]] std::vector<ndarray<T>> dsplit(const ndarray<T>& a, index_t sections) {
  if (a.ndim() < 3) throw value_error("dsplit only works on arrays of 3 or more dimensions");
  return split(a, sections, 2);
}

} // namespace cupp
