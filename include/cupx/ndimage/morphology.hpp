#pragma once
/// \file
/// `cupx::ndimage`'s morphology, scipy.ndimage's: generate_binary_structure iterate_structure
/// binary_erosion binary_dilation binary_opening binary_closing (structure, iterations, mask,
/// border_value, origin, axes) and the flat grey-scale operators grey_erosion grey_dilation
/// grey_opening grey_closing morphological_gradient white_tophat black_tophat (size or
/// footprint), binary_propagation and binary_fill_holes (by connected components where the
/// structure allows). Binary operators are minimum filters over the structure's taps with the
/// border as the constant (dilation through erosion of the complement, as SciPy); grey ones are the
/// minimum and maximum filters with SciPy's origin rules. A structure or footprint is read on
/// the host; iterations < 1 (until nothing changes) compare on the host after each pass.

#include <cupx/ndimage/detail/union_find.hpp>
#include <cupx/ndimage/filters.hpp>

#include <cupp/creation.hpp>
#include <cupp/math/compare.hpp>
#include <cupp/math/functions.hpp>
#include <cupp/reduction/reduce.hpp>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <vector>

namespace cupx::ndimage {

namespace detail {

/// generate_binary_structure's mask (C order), on the host.
inline std::vector<bool> binary_structure_mask(int rank, int connectivity) {
  if (connectivity < 1) connectivity = 1;
  index_t total = 1;
  for (int d = 0; d < rank; ++d)
    total *= 3;
  std::vector<bool> mask(static_cast<std::size_t>(total));
  for (index_t i = 0; i < total; ++i) {
    index_t rest = i;
    int dist = 0;
    for (int d = 0; d < rank; ++d) {
      dist += rest % 3 == 1 ? 0 : 1;
      rest /= 3;
    }
    mask[static_cast<std::size_t>(i)] = dist <= connectivity;
  }
  return mask;
}

/// A structure's shape and mask on the host.
struct structure_taps {
  cupp::shape_t shape;
  std::vector<bool> mask;
};

/// The given structure read from the device (a sync; SciPy's checks), else the default
/// generate_binary_structure(ndim, 1), built on the host (no sync).
inline structure_taps host_structure(const std::optional<ndarray<bool>>& s, int ndim) {
  if (!s) return {cupp::shape_t::filled(std::max(ndim, 0), 3), binary_structure_mask(ndim, 1)};
  if (s->size() < 1) throw cupp::value_error("structure must not be empty");
  if (s->ndim() != ndim)
    throw cupp::value_error("structure and input must have same dimensionality");
  return {s->shape(), host_mask(*s)};
}

/// SciPy's structure and origins of a binary operator over `axes` of an input of rank `ndim`
/// (_expand_footprint, _expand_origin): the structure (default generate_binary_structure(
/// len(axes), 1)) and origins are given over the filtered axes, in increasing order, and get
/// length 1 and origin 0 along the others.
struct axes_structure {
  structure_taps taps;
  std::vector<index_t> origins;
};
inline axes_structure expand_structure(const std::optional<ndarray<bool>>& structure,
                                       const per_axis<index_t>& origin, int ndim,
                                       const cupp::axes& axes) {
  const std::vector<int> ax = filter_axes(ndim, axes);
  const structure_taps s = host_structure(structure, static_cast<int>(ax.size()));
  const std::vector<index_t> o = origin.expand(ax.size());
  axes_structure r{{cupp::shape_t::filled(ndim, 1), s.mask},
                   std::vector<index_t>(static_cast<std::size_t>(ndim), 0)};
  for (std::size_t k = 0; k < ax.size(); ++k) {
    r.taps.shape[ax[k]] = s.shape[static_cast<int>(k)];
    r.origins[static_cast<std::size_t>(ax[k])] = o[k];
  }
  return r;
}

} // namespace detail

/// `scipy.ndimage.generate_binary_structure(rank, connectivity)`: the 3^rank structure whose
/// elements lie within `connectivity` steps (city-block distance) of the centre.
[[nodiscard]] ndarray<bool> generate_binary_structure(int rank, int connectivity);

/// Keywords of the binary operators (SciPy's order): `{.iterations = 2, .border_value = true}`.
struct binary_kw {
  cupp::detail::kw_guard guard_{};
  int iterations = 1;
  std::optional<ndarray<bool>> mask = std::nullopt;
  bool border_value = false;
  per_axis<index_t> origin = 0;
  cupp::axes axes = cupp::all_axes;
};

namespace detail {

/// The reversed structure and SciPy's origins of a dilation (binary_dilation, grey_dilation):
/// each origin negated, and one less along axes of even length.
inline std::vector<index_t> dilation_origins(const per_axis<index_t>& origin,
                                             const cupp::shape_t& shape) {
  auto o = origin.expand(static_cast<std::size_t>(shape.size()));
  for (std::size_t d = 0; d < o.size(); ++d)
    o[d] = shape[static_cast<int>(d)] % 2 == 0 ? -o[d] - 1 : -o[d];
  return o;
}
inline std::vector<bool> reversed(std::vector<bool> mask) {
  std::reverse(mask.begin(), mask.end()); // C order reversed: every axis reversed
  return mask;
}

/// One erosion of `x` by the taps (invert: the dilation, as NOT erosion(NOT x) with the border
/// inverted), where `mask` is set (elsewhere x stays).
ndarray<bool> erode(const ndarray<bool>& x, const structure_taps& s,
                    const std::vector<index_t>& origins, bool border, bool invert,
                    const std::optional<ndarray<bool>>& mask);

inline void check_mask(const std::optional<ndarray<bool>>& mask, const cupp::shape_t& shape) {
  if (mask && mask->shape() != shape)
    throw cupp::error("mask and input must have equal sizes"); // SciPy: RuntimeError
}

/// SciPy's _binary_erosion on the nonzero elements `x`: `iterations` passes, or passes until
/// nothing changes (iterations < 1; a host comparison after each).
ndarray<bool> binary_erode_mask(ndarray<bool> x, const std::optional<ndarray<bool>>& structure,
                                const binary_kw& kw, bool invert);

template <class T>
ndarray<bool> binary_erode(const ndarray<T>& input, const std::optional<ndarray<bool>>& structure,
                           const binary_kw& kw, bool invert) {
  check_mask(kw.mask, input.shape());
  return binary_erode_mask(ndarray<bool>(input != T(0)), structure, kw, invert);
}

} // namespace detail

/// `scipy.ndimage.binary_erosion(input, structure=None, iterations=1, mask=None,
/// border_value=0, origin=0)`: true where the structure, placed there, covers only true
/// elements (outside the input: border_value). The default structure is
/// generate_binary_structure(rank, 1).
template <class T>
[[nodiscard]] ndarray<bool> binary_erosion(const ndarray<T>& input, const binary_kw& kw = {}) {
  return detail::binary_erode(input, std::nullopt, kw, false);
}
template <class T>
[[nodiscard]] ndarray<bool> binary_erosion(const ndarray<T>& input, const ndarray<bool>& structure,
                                           const binary_kw& kw = {}) {
  return detail::binary_erode(input, structure, kw, false);
}

/// `scipy.ndimage.binary_dilation(input, structure=None, iterations=1, mask=None,
/// border_value=0, origin=0)`: true where the reflected structure, placed there, touches a true
/// element.
template <class T>
[[nodiscard]] ndarray<bool> binary_dilation(const ndarray<T>& input, const binary_kw& kw = {}) {
  return detail::binary_erode(input, std::nullopt, kw, true);
}
template <class T>
[[nodiscard]] ndarray<bool> binary_dilation(const ndarray<T>& input, const ndarray<bool>& structure,
                                            const binary_kw& kw = {}) {
  return detail::binary_erode(input, structure, kw, true);
}

/// `scipy.ndimage.binary_opening(input, structure=None, iterations=1, ...)`: erosion, then
/// dilation, each `iterations` times.
template <class T>
[[nodiscard]] ndarray<bool>
binary_opening(const ndarray<T>& input,
               const std::optional<ndarray<bool>>& structure = std::nullopt,
               const binary_kw& kw = {}) {
  return detail::binary_erode(detail::binary_erode(input, structure, kw, false), structure, kw,
                              true);
}

/// `scipy.ndimage.binary_closing(input, structure=None, iterations=1, ...)`: dilation, then
/// erosion.
template <class T>
[[nodiscard]] ndarray<bool>
binary_closing(const ndarray<T>& input,
               const std::optional<ndarray<bool>>& structure = std::nullopt,
               const binary_kw& kw = {}) {
  return detail::binary_erode(detail::binary_erode(input, structure, kw, true), structure, kw,
                              false);
}

/// Keywords of binary_propagation (SciPy's order): `{.mask = m, .border_value = true}`.
struct propagation_kw {
  cupp::detail::kw_guard guard_{};
  std::optional<ndarray<bool>> mask = std::nullopt;
  bool border_value = false;
  per_axis<index_t> origin = 0;
  cupp::axes axes = cupp::all_axes;
};

namespace detail {

/// The fixed point of repeated masked dilation, found without iterating. With a symmetric 3^n
/// structure whose centre is set and origin 0, dilation adds an element of the mask next to a
/// true one and never removes one, so an element ends true exactly when it was true, or lies in
/// the mask in a connected component of (input or mask) that holds a true input element or,
/// with border_value, a mask element the structure reaches beyond the array from. One
/// union-find and three passes instead of one pass and one host comparison per step of the
/// longest path (thousands on a winding image).
ndarray<bool> propagate_components(const ndarray<bool>& x, const ndarray<bool>& mask,
                                   const std::vector<bool>& taps, bool border);

/// A structure of lengths 1 and 3 as the 3^n one with the same taps (the length-1 axes' values
/// in the middle): the form propagate_components takes (where `axes` left some axes out).
inline structure_taps as_cube(const structure_taps& s) {
  const int nd = static_cast<int>(s.shape.size());
  std::size_t total = 1;
  for (int d = 0; d < nd; ++d)
    total *= 3;
  structure_taps cube{cupp::shape_t::filled(nd, 3), std::vector<bool>(total, false)};
  for (std::size_t k = 0; k < s.mask.size(); ++k) {
    std::size_t rest = k, at = 0, stride = 1;
    for (int d = nd - 1; d >= 0; --d, stride *= 3) {
      const auto e = static_cast<std::size_t>(s.shape[d]);
      at += (e == 1 ? 1 : rest % e) * stride;
      rest /= e;
    }
    cube.mask[at] = s.mask[k];
  }
  return cube;
}

/// binary_dilation(input, structure, iterations=-1, mask, border_value, origin, axes): by
/// components where propagate_components applies, else by SciPy's repeated passes.
template <class T>
ndarray<bool> propagate(const ndarray<T>& input, const std::optional<ndarray<bool>>& structure,
                        const propagation_kw& kw) {
  const auto [given, origins] = expand_structure(structure, kw.origin, input.ndim(), kw.axes);
  const bool centred =
      std::all_of(origins.begin(), origins.end(), [](index_t o) { return o == 0; });
  const bool small = std::all_of(given.shape.begin(), given.shape.end(),
                                 [](index_t e) { return e == 1 || e == 3; });
  const structure_taps s = small ? as_cube(given) : given;
  check_mask(kw.mask, input.shape());
  if (input.ndim() > 0 && centred && symmetric_3(s.shape, s.mask) && s.mask[s.mask.size() / 2]) {
    const ndarray<bool> x(input != T(0));
    if (x.size() == 0) return x;
    return propagate_components(x, kw.mask ? *kw.mask : cupp::ones<bool>({}), s.mask,
                                kw.border_value);
  }
  return binary_erode(input, structure,
                      {.iterations = -1,
                       .mask = kw.mask,
                       .border_value = kw.border_value,
                       .origin = kw.origin,
                       .axes = kw.axes},
                      true);
}

} // namespace detail

/// `scipy.ndimage.binary_propagation(input, structure=None, mask=None, border_value=0,
/// origin=0, axes=None)`: dilation repeated until nothing changes, changing only elements of the
/// mask — the components of the mask that a true input element (or the border) reaches. Computed by
/// a union-find (detail::propagate_components) for a symmetric 3^n structure with its centre set
/// and origin 0 (every generate_binary_structure), by repeated passes otherwise.
template <class T>
[[nodiscard]] ndarray<bool>
binary_propagation(const ndarray<T>& input,
                   const std::optional<ndarray<bool>>& structure = std::nullopt,
                   const propagation_kw& kw = {}) {
  return detail::propagate(input, structure, kw);
}

/// `scipy.ndimage.binary_fill_holes(input, structure=None, origin=0, axes=None)`: true where the
/// input is,
/// and where a false element is not connected (through false elements, as the structure says)
/// to the border: the complement of the propagation of the border into the input's complement.
template <class T>
[[nodiscard]] ndarray<bool>
binary_fill_holes(const ndarray<T>& input,
                  const std::optional<ndarray<bool>>& structure = std::nullopt,
                  const per_axis<index_t>& origin = 0, const cupp::axes& axes = cupp::all_axes) {
  const ndarray<bool> background(input == T(0));
  return ndarray<bool>(cupp::logical_not(detail::propagate(
      ndarray<bool>(cupp::zeros<bool>(input.shape())), structure,
      {.mask = background, .border_value = true, .origin = origin, .axes = axes})));
}

/// `scipy.ndimage.iterate_structure(structure, iterations)`: the structure dilated by itself
/// iterations - 1 times.
[[nodiscard]] ndarray<bool> iterate_structure(const ndarray<bool>& structure, int iterations);

// ---- grey-scale morphology (flat structuring elements) -----------------------------------------

/// `scipy.ndimage.grey_erosion(input, size=None, footprint=None, mode='reflect', cval=0.0,
/// origin=0)`: the minimum filter.
template <class T>
[[nodiscard]] ndarray<T> grey_erosion(const ndarray<T>& input, const per_axis<index_t>& size,
                                      const filter_kw& kw = {}) {
  return minimum_filter(input, size, kw);
}
template <class T>
[[nodiscard]] ndarray<T> grey_erosion(const ndarray<T>& input, const ndarray<bool>& footprint,
                                      const filter_kw& kw = {}) {
  return minimum_filter(input, footprint, kw);
}

/// `scipy.ndimage.grey_dilation(input, size=None, footprint=None, ...)`: the maximum filter of
/// the reflected footprint, origins negated (one less along even lengths), as SciPy's.
template <class T>
[[nodiscard]] ndarray<T> grey_dilation(const ndarray<T>& input, const per_axis<index_t>& size,
                                       const filter_kw& kw = {}) {
  const auto box = detail::box_shape(input, size, kw.axes);
  filter_kw k = kw;
  k.origin = per_axis<index_t>(detail::dilation_origins(kw.origin, box));
  return maximum_filter(input, size, k);
}
template <class T>
[[nodiscard]] ndarray<T> grey_dilation(const ndarray<T>& input, const ndarray<bool>& footprint,
                                       const filter_kw& kw = {}) {
  filter_kw k = kw;
  k.origin = per_axis<index_t>(detail::dilation_origins(kw.origin, footprint.shape()));
  return maximum_filter(input, ndarray<bool>(cupp::flip(footprint)), k);
}

/// grey_opening (dilation of the erosion) and grey_closing (erosion of the dilation).
template <class T, class S>
[[nodiscard]] ndarray<T> grey_opening(const ndarray<T>& input, const S& size_or_footprint,
                                      const filter_kw& kw = {}) {
  return grey_dilation(grey_erosion(input, size_or_footprint, kw), size_or_footprint, kw);
}
template <class T, class S>
[[nodiscard]] ndarray<T> grey_closing(const ndarray<T>& input, const S& size_or_footprint,
                                      const filter_kw& kw = {}) {
  return grey_erosion(grey_dilation(input, size_or_footprint, kw), size_or_footprint, kw);
}

/// morphological_gradient (dilation - erosion), white_tophat (input - opening), black_tophat
/// (closing - input), in the input's dtype; the tophats of bool arrays are exclusive ors, as
/// SciPy's (NumPy has no bool subtraction, so neither has the gradient).
template <class T, class S>
[[nodiscard]] ndarray<T> morphological_gradient(const ndarray<T>& input, const S& size_or_footprint,
                                                const filter_kw& kw = {}) {
  return ndarray<T>(grey_dilation(input, size_or_footprint, kw) -
                    grey_erosion(input, size_or_footprint, kw));
}
template <class T, class S>
[[nodiscard]] ndarray<T> white_tophat(const ndarray<T>& input, const S& size_or_footprint,
                                      const filter_kw& kw = {}) {
  const ndarray<T> opened = grey_opening(input, size_or_footprint, kw);
  if constexpr (std::is_same_v<T, bool>) {
    return ndarray<T>(input ^ opened);
  } else {
    return ndarray<T>(input - opened);
  }
}
template <class T, class S>
[[nodiscard]] ndarray<T> black_tophat(const ndarray<T>& input, const S& size_or_footprint,
                                      const filter_kw& kw = {}) {
  const ndarray<T> closed = grey_closing(input, size_or_footprint, kw);
  if constexpr (std::is_same_v<T, bool>) {
    return ndarray<T>(closed ^ input);
  } else {
    return ndarray<T>(closed - input);
  }
}

} // namespace cupx::ndimage
