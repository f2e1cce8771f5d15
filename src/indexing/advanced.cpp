// The non-template parts of advanced indexing (see indexing/advanced.hpp): mask positions, index
// resolution and the gather map. Compiled by nvcc on the CUDA backend (it launches kernels).
#include <cupp/indexing/advanced.hpp>

#include <cupp/detail/reduce.hpp>
#include <cupp/detail/select.hpp>
#include <cupp/manipulation/views.hpp>

#include <memory>
#include <string>

namespace cupp::detail {

namespace {

// CUB copies its input iterators (and the functors inside them) into every thread: they must be
// small, so masks are made contiguous first and read through a bare pointer.
struct flag_at {
  const bool* p;
  CUPP_HD bool operator()(index_t i) const { return p[i]; }
};

// Writes the multi-index of each selected flat position into one array per axis.
struct unravel_fn {
  const index_t* flat;
  int nd;
  index_t extent[max_dims];
  index_t* out[max_dims];
  CUPP_HD void operator()(index_t i) const {
    index_t f = flat[i];
    for (int d = nd - 1; d >= 0; --d) {
      const index_t q = f / extent[d];
      out[d][i] = f - q * extent[d];
      f = q;
    }
  }
};

} // namespace

index_t count_true(const ndarray<bool>& mask) {
  const ndarray<bool> m = ascontiguousarray(mask);
  ndarray<index_t> n(shape_t{});
  reduce_flat(m.size(), flag_at{m.data()}, n.data(), index_t{0}, plus{});
  return n.item();
}

std::vector<ndarray<index_t>> mask_positions(const ndarray<bool>& mask) {
  if (mask.ndim() == 0)
    throw index_error("0-dimensional boolean indices are not supported by cupp");
  const ndarray<bool> m = ascontiguousarray(mask);
  const index_t count = count_true(m);
  ndarray<index_t> flat(shape_t{count}), written(shape_t{});
  select_if(m.size(), flag_at{m.data()}, flat.data(), written.data());
  if (mask.ndim() == 1) return {flat};
  std::vector<ndarray<index_t>> out;
  unravel_fn f{flat.data(), mask.ndim(), {}, {}};
  for (int d = 0; d < mask.ndim(); ++d) {
    out.emplace_back(shape_t{count});
    f.extent[d] = mask.shape()[d];
    f.out[d] = out.back().data();
  }
  launch_for_each(count, f);
  return out;
}

resolved_index resolve_index(const shape_t& shape, const shape_t& strides,
                             const std::vector<any_index>& items) {
  // where each item's axes start: counted from the front before an ellipsis, from the back after
  auto consumes = [](const any_index& it) {
    if (it.mask) return it.mask->ndim();
    return int(it.array.has_value() || it.basic.k == index_item::kind::integer ||
               it.basic.k == index_item::kind::slice);
  };
  int total = 0;
  for (const auto& it : items)
    total += consumes(it);
  const auto n = items.size() + static_cast<std::size_t>(total); // masks may expand
  std::vector<index_item> basic;
  std::vector<shape_t> shapes;
  auto is_array = std::make_unique<bool[]>(n);
  resolved_index r;
  int axis = 0;
  for (const auto& it : items) {
    if (it.basic.k == index_item::kind::ellipsis && !it.array && !it.mask)
      axis = shape.size() - (total - axis);
    if (it.mask) {
      const ndarray<bool>& m = *it.mask;
      for (int j = 0; j < m.ndim(); ++j)
        if (axis + j >= shape.size() || shape[axis + j] != m.shape()[j])
          throw index_error(
              "boolean index did not match indexed array along axis " + std::to_string(axis + j) +
              "; size of axis is " +
              (axis + j < shape.size() ? std::to_string(shape[axis + j]) : std::string("0")) +
              " but size of corresponding boolean axis is " + std::to_string(m.shape()[j]));
      for (auto& p : mask_positions(m)) {
        is_array[basic.size()] = true;
        basic.push_back({index_item::kind::slice});
        shapes.push_back(p.shape());
        r.arrays.push_back(std::move(p));
      }
    } else if (it.array) {
      is_array[basic.size()] = true;
      basic.push_back({index_item::kind::slice});
      shapes.push_back(it.array->shape());
      r.arrays.push_back(*it.array);
    } else {
      is_array[basic.size()] = false;
      basic.push_back(it.basic);
      shapes.emplace_back();
    }
    axis += consumes(it);
  }
  r.layout = advanced_index(shape, strides, basic.data(), is_array.get(), shapes.data(),
                            int(basic.size()));
  for (auto& a : r.arrays)
    a = index_array(a, r.layout.index_shape);
  return r;
}

namespace {

// Checks every index of one index array (NumPy checks them even when the result is empty).
struct check_indices_fn {
  const index_t* idx;
  index_t axis, size;
  fault_record* fault;
  CUPP_HD void operator()(index_t i) const { (void)checked_index(fault, idx[i], axis, size); }
};

} // namespace

gather_map make_gather_map(const advanced_layout& layout,
                           const std::vector<ndarray<index_t>>& arrays, index_mode mode,
                           bool check_empty) {
  gather_map m;
  m.nd = layout.shape.size();
  m.k = static_cast<int>(arrays.size());
  m.mode = mode;
  m.offset = layout.offset;
  m.fault = fault_slot();
  for (int d = 0; d < m.nd; ++d) {
    m.shape[d] = layout.shape[d];
    m.src_stride[d] = layout.src_strides[d];
    m.lin_stride[d] = layout.lin_strides[d];
  }
  for (int j = 0; j < m.k; ++j) {
    m.idx[j] = arrays[j].data();
    m.axis_stride[j] = layout.axis_stride[j];
    m.axis_size[j] = layout.axis_size[j];
    m.axis[j] = layout.axis[j];
  }
  // An empty result runs no gather, which would check no index: np.zeros((3, 0))[[5]] raises
  // IndexError all the same
  if (check_empty && mode == index_mode::raise && shape_size(layout.shape) == 0)
    for (int j = 0; j < m.k; ++j)
      if (arrays[j].size() > 0)
        launch_for_each(arrays[j].size(),
                        check_indices_fn{m.idx[j], m.axis[j], m.axis_size[j], m.fault});
  return m;
}

} // namespace cupp::detail
