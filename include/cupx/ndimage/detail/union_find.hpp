#pragma once
/// \file
/// Connected components of a boolean image on the device, for label (measurements.hpp) and
/// binary_propagation / binary_fill_holes (morphology.hpp): a union-find over the elements whose
/// links go to the smaller root by compare-and-swap, then pointer jumping, so that every element
/// ends pointing at its component's smallest flat index. Neighbours are the taps of a
/// symmetric structure of extent 3 along every axis; only the taps before the centre in C order
/// are walked (the symmetric ones reach the same pairs).

#include <cupp/core/config.hpp>
#include <cupp/core/layout.hpp>
#include <cupp/core/shape.hpp>
#include <cupp/creation.hpp>
#include <cupp/detail/atomic.hpp>
#include <cupp/detail/launch.hpp>
#include <cupp/ndarray.hpp>

#include <cstdint>
#include <optional>
#include <vector>

namespace cupx::ndimage::detail {

using cupp::index_t;
using cupp::ndarray;

/// The root of i (every root is its set's smallest element).
CUPP_HD inline std::int64_t uf_find(const std::int64_t* parent, std::int64_t i) {
  std::int64_t p = cupp::detail::atomic_load(parent + i);
  while (p != i) {
    i = p;
    p = cupp::detail::atomic_load(parent + i);
  }
  return i;
}

/// Unions each foreground element with its foreground neighbours at the structure's offsets
/// that come before it in C order.
struct union_fn {
  const bool* fg;
  std::int64_t* parent;
  const std::int64_t* offsets; // noff rows of ndim coordinate steps
  index_t noff, ndim;
  cupp::detail::offset_map dims;
  CUPP_HD void operator()(index_t i) const {
    if (!fg[i]) return;
    index_t coord[cupp::max_dims];
    index_t rest = i;
    for (index_t d = ndim - 1; d >= 0; --d) {
      coord[d] = rest % dims.extent[d];
      rest /= dims.extent[d];
    }
    for (index_t k = 0; k < noff; ++k) {
      index_t j = 0;
      bool inside = true;
      for (index_t d = 0; d < ndim; ++d) {
        const index_t c = coord[d] + offsets[k * ndim + d];
        if (c < 0 || c >= dims.extent[d]) {
          inside = false;
          break;
        }
        j = j * dims.extent[d] + c;
      }
      if (!inside || !fg[j]) continue;
      std::int64_t a = i, b = j;
      for (;;) {
        a = uf_find(parent, a);
        b = uf_find(parent, b);
        if (a == b) break;
        if (a > b) {
          const std::int64_t t = a;
          a = b;
          b = t;
        }
        if (cupp::detail::atomic_cas(parent + b, b, a) == b) break;
      }
    }
  }
};

/// Whether a structure's mask (C order) has extent 3 along each of its `ndim` axes and is
/// symmetric about its centre: the structures a union-find can walk.
inline bool symmetric_3(const cupp::shape_t& shape, const std::vector<bool>& mask) {
  for (int d = 0; d < static_cast<int>(shape.size()); ++d)
    if (shape[d] != 3) return false;
  for (std::size_t k = 0; k < mask.size(); ++k)
    if (mask[k] != mask[mask.size() - 1 - k]) return false;
  return true;
}

/// The coordinate steps (ndim per tap) of a symmetric 3^ndim structure's taps before the centre.
inline std::vector<std::int64_t> half_offsets(const std::vector<bool>& mask, int ndim) {
  std::vector<std::int64_t> offsets;
  for (std::size_t k = 0; k < mask.size() / 2; ++k) {
    if (!mask[k]) continue;
    std::size_t rest = k;
    std::vector<std::int64_t> step(static_cast<std::size_t>(ndim));
    for (int d = ndim - 1; d >= 0; --d) {
      step[static_cast<std::size_t>(d)] = static_cast<std::int64_t>(rest % 3) - 1;
      rest /= 3;
    }
    offsets.insert(offsets.end(), step.begin(), step.end());
  }
  return offsets;
}

inline cupp::detail::offset_map extents(const cupp::shape_t& shape) {
  cupp::detail::offset_map dims{};
  for (int d = 0; d < static_cast<int>(shape.size()); ++d)
    dims.extent[d] = shape[d];
  return dims;
}

/// For each element of the flat, contiguous `fg` of `shape`, the smallest flat index of its
/// component (background elements: their own index). No host synchronisation.
ndarray<std::int64_t> components(const ndarray<bool>& fg, const cupp::shape_t& shape,
                                 const std::vector<std::int64_t>& offsets);

} // namespace cupx::ndimage::detail
