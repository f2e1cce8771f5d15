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

ndarray<bool> binary_erode_mask(ndarray<bool> x, const std::optional<ndarray<bool>>& structure,
                                const binary_kw& kw, bool invert) {
  auto [s, origins] = expand_structure(structure, kw.origin, x.ndim(), kw.axes);
  if (invert) {
    origins = dilation_origins(per_axis<index_t>(origins), s.shape);
    s.mask = reversed(s.mask);
  }
  if (kw.iterations >= 1) {
    for (int i = 0; i < kw.iterations; ++i)
      x = erode(x, s, origins, kw.border_value, invert, kw.mask);
    return x;
  }
  for (;;) {
    ndarray<bool> next = erode(x, s, origins, kw.border_value, invert, kw.mask);
    if (cupp::all(next == x).item()) return next;
    x = next;
  }
}

} // namespace cupx::ndimage::detail

namespace cupx::ndimage {

ndarray<bool> generate_binary_structure(int rank, int connectivity) {
  const std::vector<bool> mask = detail::binary_structure_mask(rank, connectivity);
  const std::vector<std::uint8_t> v(mask.begin(), mask.end());
  return ndarray<bool>(cupp::astype<bool>(cupp::asarray(v)))
      .reshape(cupp::shape_t::filled(std::max(rank, 0), 3));
}

ndarray<bool> iterate_structure(const ndarray<bool>& structure, int iterations) {
  if (iterations < 2) return structure.copy();
  const int ni = iterations - 1, nd = structure.ndim();
  const std::vector<bool> mask = detail::host_mask(structure);
  // the structure at the centre of the grown shape, then dilated by itself ni times
  cupp::shape_t shape;
  for (int d = 0; d < nd; ++d)
    shape.push_back(structure.shape()[d] + ni * (structure.shape()[d] - 1));
  std::vector<std::uint8_t> grown(static_cast<std::size_t>(cupp::shape_size(shape)), 0);
  for (index_t i = 0; i < structure.size(); ++i) {
    index_t rest = i, at = 0, stride = 1;
    for (int d = nd - 1; d >= 0; --d) {
      const index_t e = structure.shape()[d];
      at += (rest % e + ni * (e / 2)) * stride;
      rest /= e;
      stride *= shape[d];
    }
    grown[static_cast<std::size_t>(at)] = mask[static_cast<std::size_t>(i)];
  }
  const ndarray<bool> out = ndarray<bool>(cupp::astype<bool>(cupp::asarray(grown))).reshape(shape);
  return binary_dilation(out, structure, {.iterations = ni});
}

} // namespace cupx::ndimage
