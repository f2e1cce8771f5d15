// Layout helpers (core/layout.hpp): joint coalescing, offset maps, no-copy reshape, axes.
#define CUPP_HOST_ONLY_TU
#include <cupp/core/error.hpp>
#include <cupp/core/layout.hpp>

#include <string>

namespace cupp::detail {

shape_t align_strides(const shape_t& shape, const shape_t& operand_shape,
                      const shape_t& operand_strides) {
  shape_t st = shape_t::filled(shape.size(), 0);
  const int lead = shape.size() - operand_shape.size();
  for (int d = 0; d < operand_shape.size(); ++d)
    st[lead + d] = operand_shape[d] == 1 ? 0 : operand_strides[d];
  return st;
}

int coalesce(const shape_t& shape, std::span<const shape_t> aligned, shape_t& extent,
             std::span<shape_t> out_strides) {
  extent = shape_t{};
  for (shape_t& st : out_strides)
    st = shape_t{};
  for (int d = 0; d < shape.size(); ++d) {
    if (shape[d] == 1) continue;
    bool merge = !extent.empty();
    for (std::size_t k = 0; merge && k < aligned.size(); ++k)
      merge = out_strides[k].back() == aligned[k][d] * shape[d];
    if (merge) {
      const int last = extent.size() - 1;
      extent[last] *= shape[d];
      for (std::size_t k = 0; k < aligned.size(); ++k)
        out_strides[k][last] = aligned[k][d];
    } else {
      extent.push_back(shape[d]);
      for (std::size_t k = 0; k < aligned.size(); ++k)
        out_strides[k].push_back(aligned[k][d]);
    }
  }
  if (extent.empty()) { // every extent is 1: a single element
    extent.push_back(1);
    for (shape_t& st : out_strides)
      st.push_back(0);
  }
  return extent.size();
}

offset_map make_offset_map(const shape_t& shape, const shape_t& strides) {
  const shape_t aligned = align_strides(shape, shape, strides);
  shape_t extent, st;
  offset_map m;
  m.ndim =
      coalesce(shape, std::span<const shape_t>(&aligned, 1), extent, std::span<shape_t>(&st, 1));
  for (int d = 0; d < m.ndim; ++d) {
    m.extent[d] = extent[d];
    m.stride[d] = st[d];
  }
  return m;
}

std::optional<shape_t> reshape_strides(const shape_t& shape, const shape_t& strides,
                                       const shape_t& new_shape) {
  if (shape_size(shape) == 0) return c_strides(new_shape);
  shape_t od, os; // the old layout without its extent-1 axes
  for (int d = 0; d < shape.size(); ++d)
    if (shape[d] != 1) {
      od.push_back(shape[d]);
      os.push_back(strides[d]);
    }
  shape_t ns = shape_t::filled(new_shape.size(), 0);
  int oi = 0, oj = 1, ni = 0, nj = 1;
  while (ni < new_shape.size() && oi < od.size()) {
    index_t np = new_shape[ni], op = od[oi];
    while (np != op) { // grow the shorter side until both groups hold the same elements
      if (np < op) {
        np *= new_shape[nj++];
      } else {
        op *= od[oj++];
      }
    }
    for (int ok = oi; ok < oj - 1; ++ok) // the old group must be one contiguous run
      if (os[ok] != od[ok + 1] * os[ok + 1]) return std::nullopt;
    ns[nj - 1] = os[oj - 1];
    for (int nk = nj - 1; nk > ni; --nk)
      ns[nk - 1] = ns[nk] * new_shape[nk];
    ni = nj++;
    oi = oj++;
  }
  for (int nk = ni; nk < new_shape.size(); ++nk) // trailing extent-1 axes
    ns[nk] = ni > 0 ? ns[ni - 1] : 1;
  return ns;
}

int normalize_axis(index_t axis, int ndim) {
  if (axis < -ndim || axis >= ndim)
    throw axis_error("axis " + std::to_string(axis) + " is out of bounds for array of dimension " +
                     std::to_string(ndim));
  return static_cast<int>(axis < 0 ? axis + ndim : axis);
}

} // namespace cupp::detail
