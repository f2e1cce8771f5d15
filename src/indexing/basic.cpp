// Basic indexing and axis normalisation (see indexing/basic.hpp).
#define CUPP_HOST_ONLY_TU
#include <cupp/indexing/basic.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace cupp::detail {

slice_range resolve_slice(const cupp::slice& s, index_t n) {
  const index_t step = s.step.value_or(1);
  if (step == 0) throw value_error("slice step cannot be zero");
  index_t start, stop;
  if (step > 0) {
    start =
        s.start ? (*s.start < 0 ? std::max<index_t>(*s.start + n, 0) : std::min(*s.start, n)) : 0;
    stop = s.stop ? (*s.stop < 0 ? std::max<index_t>(*s.stop + n, 0) : std::min(*s.stop, n)) : n;
    return {start, step, stop > start ? (stop - start + step - 1) / step : 0};
  }
  start = s.start ? (*s.start < 0 ? std::max<index_t>(*s.start + n, -1) : std::min(*s.start, n - 1))
                  : n - 1;
  stop =
      s.stop ? (*s.stop < 0 ? std::max<index_t>(*s.stop + n, -1) : std::min(*s.stop, n - 1)) : -1;
  return {start, step, start > stop ? (start - stop - step - 1) / -step : 0};
}

view_layout basic_index(const shape_t& shape, const shape_t& strides, const index_item* items,
                        int count) {
  int ellipses = 0, consumed = 0;
  for (int k = 0; k < count; ++k) {
    ellipses += items[k].k == index_item::kind::ellipsis;
    consumed += items[k].k == index_item::kind::integer || items[k].k == index_item::kind::slice;
  }
  if (ellipses > 1) throw index_error("an index can only have a single ellipsis ('...')");
  if (consumed > shape.size())
    throw index_error("too many indices for array: array is " + std::to_string(shape.size()) +
                      "-dimensional, but " + std::to_string(consumed) + " were indexed");
  view_layout v;
  bool empty = false;
  int d = 0;
  auto full_axes = [&](int n) {
    for (int j = 0; j < n; ++j, ++d) {
      v.shape.push_back(shape[d]);
      v.strides.push_back(strides[d]);
    }
  };
  for (int k = 0; k < count; ++k) {
    const index_item& it = items[k];
    switch (it.k) {
    case index_item::kind::integer: {
      const index_t n = shape[d];
      if (it.i < -n || it.i >= n)
        throw index_error("index " + std::to_string(it.i) + " is out of bounds for axis " +
                          std::to_string(d) + " with size " + std::to_string(n));
      v.offset += (it.i < 0 ? it.i + n : it.i) * strides[d];
      ++d;
      break;
    }
    case index_item::kind::slice: {
      const slice_range r = resolve_slice(it.s, shape[d]);
      if (r.length > 0) v.offset += r.start * strides[d];
      empty = empty || r.length == 0;
      v.shape.push_back(r.length);
      v.strides.push_back(strides[d] * r.step);
      ++d;
      break;
    }
    case index_item::kind::newaxis:
      v.shape.push_back(1);
      v.strides.push_back(0);
      break;
    case index_item::kind::ellipsis:
      full_axes(shape.size() - consumed);
      break;
    }
  }
  full_axes(shape.size() - d); // indices that stop early leave the trailing axes whole
  if (empty) v.offset = 0;     // nothing is addressed through an empty view
  return v;
}

advanced_layout advanced_index(const shape_t& shape, const shape_t& strides,
                               const index_item* items, const bool* is_array,
                               const shape_t* array_shapes, int count) {
  // Expand the ellipsis (and the implicit trailing `:`) so that every item's axis is known.
  int consumed = 0, ellipses = 0;
  for (int k = 0; k < count; ++k) {
    consumed += items[k].k == index_item::kind::integer || items[k].k == index_item::kind::slice;
    ellipses += items[k].k == index_item::kind::ellipsis;
  }
  if (ellipses > 1) throw index_error("an index can only have a single ellipsis ('...')");
  if (consumed > shape.size())
    throw index_error("too many indices for array: array is " + std::to_string(shape.size()) +
                      "-dimensional, but " + std::to_string(consumed) + " were indexed");
  std::vector<index_item> expanded;
  std::vector<int> source; // position in `items`, -1 for an expanded `:`
  for (int k = 0; k < count; ++k) {
    if (items[k].k == index_item::kind::ellipsis) {
      for (int j = consumed; j < shape.size(); ++j) {
        expanded.push_back({index_item::kind::slice});
        source.push_back(-1);
      }
      consumed = shape.size();
    } else {
      expanded.push_back(items[k]);
      source.push_back(k);
    }
  }
  for (int j = consumed; j < shape.size(); ++j) {
    expanded.push_back({index_item::kind::slice});
    source.push_back(-1);
  }
  const view_layout v = basic_index(shape, strides, expanded.data(), int(expanded.size()));

  advanced_layout out;
  out.offset = v.offset;
  std::vector<bool> view_dim_is_array(v.shape.size(), false);
  int vdim = 0, axis = 0, block_pos = -1, last_advanced = -2;
  bool adjacent = true;
  std::string shapes;
  bool broadcast_ok = true;
  for (int e = 0; e < int(expanded.size()); ++e) {
    const bool array = source[e] >= 0 && is_array[source[e]];
    const bool advanced = array || expanded[e].k == index_item::kind::integer;
    if (advanced) {
      if (block_pos < 0) block_pos = vdim;
      if (last_advanced >= 0 && last_advanced != e - 1) adjacent = false;
      last_advanced = e;
    }
    if (array) {
      const shape_t& s = array_shapes[source[e]];
      broadcast_ok = broadcast_into(out.index_shape, s) && broadcast_ok;
      shapes += " " + shape_compact(s);
      view_dim_is_array[vdim] = true;
      out.axis_stride.push_back(v.strides[vdim]);
      out.axis_size.push_back(v.shape[vdim]);
      out.axis.push_back(axis);
    }
    if (expanded[e].k != index_item::kind::integer) ++vdim; // slices, arrays, newaxis keep an axis
    if (expanded[e].k != index_item::kind::newaxis) ++axis;
  }
  if (!broadcast_ok)
    throw index_error(
        "shape mismatch: indexing arrays could not be broadcast together with shapes" + shapes);
  if (!adjacent) block_pos = 0;
  // the result: the view's other axes, with the index block inserted at block_pos
  const shape_t lin = c_strides(out.index_shape);
  auto push_block = [&] {
    for (int j = 0; j < out.index_shape.size(); ++j) {
      out.shape.push_back(out.index_shape[j]);
      out.src_strides.push_back(0);
      out.lin_strides.push_back(out.index_shape[j] == 1 ? 0 : lin[j]);
    }
  };
  int kept = 0;
  for (int d = 0; d < v.shape.size(); ++d) {
    if (view_dim_is_array[d]) continue;
    if (kept++ == block_pos) push_block();
    out.shape.push_back(v.shape[d]);
    out.src_strides.push_back(v.strides[d]);
    out.lin_strides.push_back(0);
  }
  if (block_pos >= kept) push_block();
  return out;
}

} // namespace cupp::detail
