// Basic indexing and axis normalisation (see indexing/basic.hpp).
#define CUPP_HOST_ONLY_TU
#include <cupp/indexing/basic.hpp>

#include <algorithm>

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

int normalize_axis(index_t axis, int ndim) {
  if (axis < -ndim || axis >= ndim)
    throw axis_error("axis " + std::to_string(axis) + " is out of bounds for array of dimension " +
                     std::to_string(ndim));
  return static_cast<int>(axis < 0 ? axis + ndim : axis);
}

} // namespace cupp::detail
