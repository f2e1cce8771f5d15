// The connected components' union-find (detail/union_find.hpp), compiled once here.
#include <cupx/ndimage/detail/union_find.hpp>

namespace cupx::ndimage::detail {

ndarray<std::int64_t> components(const ndarray<bool>& fg, const cupp::shape_t& shape,
                                 const std::vector<std::int64_t>& offsets) {
  const index_t n = fg.size();
  const auto ndim = static_cast<index_t>(shape.size());
  ndarray<std::int64_t> parent({n});
  std::int64_t* p = parent.data();
  cupp::detail::launch_for_each(n, [=] CUPP_HD(index_t i) { p[i] = i; });
  const auto noff = ndim > 0 ? static_cast<index_t>(offsets.size()) / ndim : 0;
  if (noff > 0 && n > 0) {
    const ndarray<std::int64_t> off(cupp::asarray(offsets));
    cupp::detail::launch_for_each(n,
                                  union_fn{fg.data(), p, off.data(), noff, ndim, extents(shape)});
  }
  cupp::detail::launch_for_each(
      n, [=] CUPP_HD(index_t i) { cupp::detail::atomic_store(p + i, uf_find(p, i)); });
  return parent;
}

} // namespace cupx::ndimage::detail
