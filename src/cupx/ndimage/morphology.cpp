// Binary erosion's pass and the masked dilation's fixed point (morphology.hpp), compiled once
// here: as inline functions of the header their kernels were compiled in every unit that
// includes it.
#include <cupx/ndimage/morphology.hpp>

namespace cupx::ndimage::detail {

namespace {
/// Whether coordinate `c` of extent `e` lies on an edge that a structure reaching along the axis
/// (3 wide: one step each way) crosses.
CUPP_HD bool on_edge(index_t c, index_t e, bool reach) { return reach && (c == 0 || c == e - 1); }

} // namespace

ndarray<bool> erode(const ndarray<bool>& x, const structure_taps& s,
                    const std::vector<index_t>& origins, bool border, bool invert,
                    const std::optional<ndarray<bool>>& mask) {
  const filter_kw kw{.cval = (border != invert) ? 1.0 : 0.0, .origin = per_axis<index_t>(origins)};
  const ndarray<bool> in = invert ? ndarray<bool>(cupp::logical_not(x)) : x;
  ndarray<bool> r = window_filter<bool>(in, s.shape, s.mask, kw, constant,
                                        cupp::detail::window_min<bool, bool>{});
  if (invert) r = ndarray<bool>(cupp::logical_not(r));
  if (mask) r = ndarray<bool>(cupp::where(*mask, r, x));
  return r;
}

ndarray<bool> propagate_components(const ndarray<bool>& x, const ndarray<bool>& mask,
                                   const std::vector<bool>& taps, bool border) {
  const cupp::shape_t& shape = x.shape();
  const index_t n = x.size();
  const auto ndim = static_cast<index_t>(shape.size());
  const ndarray<bool> xf(cupp::ascontiguousarray(x).reshape({n}));
  const ndarray<bool> mf(cupp::ascontiguousarray(cupp::broadcast_to(mask, shape)).reshape({n}));
  const ndarray<bool> v(cupp::logical_or(xf, mf));
  const ndarray<std::int64_t> root = components(v, shape, half_offsets(taps, x.ndim()));
  std::uint64_t reach = 0; // bit d: the structure steps along axis d (crosses its edges)
  for (std::size_t k = 0; k < taps.size(); ++k) {
    std::size_t rest = k;
    for (index_t d = ndim - 1; d >= 0; --d, rest /= 3)
      if (taps[k] && rest % 3 != 1) reach |= std::uint64_t{1} << d;
  }
  ndarray<std::int64_t> seeded = cupp::zeros<std::int64_t>({n});
  const bool* xp = xf.data();
  const bool* mp = mf.data();
  const std::int64_t* rp = root.data();
  std::int64_t* sp = seeded.data();
  const cupp::detail::offset_map dims = extents(shape);
  cupp::detail::launch_for_each(n, [=] CUPP_HD(index_t i) {
    bool seed = xp[i];
    if (!seed && border && mp[i]) {
      index_t rest = i;
      for (index_t d = ndim - 1; d >= 0 && !seed; --d) {
        seed = on_edge(rest % dims.extent[d], dims.extent[d], ((reach >> d) & 1) != 0);
        rest /= dims.extent[d];
      }
    }
    if (seed) cupp::detail::atomic_max(sp + rp[i], std::int64_t{1});
  });
  ndarray<bool> out(shape);
  bool* op = out.data();
  cupp::detail::launch_for_each(
      n, [=] CUPP_HD(index_t i) { op[i] = xp[i] || (mp[i] && sp[rp[i]] != 0); });
  return out;
}

} // namespace cupx::ndimage::detail
