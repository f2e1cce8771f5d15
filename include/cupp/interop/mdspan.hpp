#pragma once
/// \file
/// `cuda::std::mdspan` views of arrays, for code that takes mdspans (in kernels or, on the host
/// backend, on the host), and arrays viewing an mdspan's memory. The rank is a template argument
/// (an mdspan's is static); the extents are dynamic. Strides are in elements, as cupp's.
///
///   auto m = cp::to_mdspan<2>(a);           // layout_stride: any layout with positive strides
///   auto r = cp::to_mdspan_right<2>(a);     // layout_right: a C-contiguous array
///   cp::ndarray<float> v = cp::from_mdspan(r);  // a view of the same memory (not owned)

#include <cupp/core/error.hpp>
#include <cupp/core/ndarray.hpp>

#include <cuda/std/array>
#include <cuda/std/mdspan>

#include <memory>
#include <string>

namespace cupp {

template <class T, std::size_t Rank>
using mdspan_stride =
    ::cuda::std::mdspan<T, ::cuda::std::dextents<index_t, Rank>, ::cuda::std::layout_stride>;
template <class T, std::size_t Rank>
using mdspan_right =
    ::cuda::std::mdspan<T, ::cuda::std::dextents<index_t, Rank>, ::cuda::std::layout_right>;
template <class T, std::size_t Rank>
using mdspan_left =
    ::cuda::std::mdspan<T, ::cuda::std::dextents<index_t, Rank>, ::cuda::std::layout_left>;

namespace detail {
template <std::size_t Rank, class T> void check_mdspan_rank(const ndarray<T>& a) {
  if (a.ndim() != static_cast<int>(Rank))
    throw value_error("to_mdspan<" + std::to_string(Rank) + ">: the array has " +
                      std::to_string(a.ndim()) + " dimensions");
}
template <std::size_t Rank>::cuda::std::dextents<index_t, Rank> extents_of(const shape_t& s) {
  ::cuda::std::array<index_t, Rank> e{};
  for (std::size_t i = 0; i < Rank; ++i)
    e[i] = s[i];
  return ::cuda::std::dextents<index_t, Rank>(e);
}
} // namespace detail

/// A layout_stride mdspan of `a` (value_error for another rank, or a negative or zero stride,
/// which mdspan's layout_stride cannot hold; `a` must outlive it).
template <std::size_t Rank, class T>
[[nodiscard]] mdspan_stride<T, Rank> to_mdspan(const ndarray<T>& a) {
  detail::check_mdspan_rank<Rank>(a);
  ::cuda::std::array<index_t, Rank> strides{};
  for (std::size_t i = 0; i < Rank; ++i) {
    if (a.strides()[i] <= 0 && a.shape()[i] > 1)
      throw value_error("to_mdspan: layout_stride needs positive strides, the array's are " +
                        shape_repr(a.strides()));
    strides[i] = a.strides()[i] > 0 ? a.strides()[i] : 1;
  }
  using mapping = ::cuda::std::layout_stride::mapping<::cuda::std::dextents<index_t, Rank>>;
  return mdspan_stride<T, Rank>(a.data(), mapping(detail::extents_of<Rank>(a.shape()), strides));
}

/// A layout_right mdspan of a C-contiguous `a` (value_error otherwise).
template <std::size_t Rank, class T>
[[nodiscard]] mdspan_right<T, Rank> to_mdspan_right(const ndarray<T>& a) {
  detail::check_mdspan_rank<Rank>(a);
  if (!a.is_c_contiguous()) throw value_error("to_mdspan_right: the array is not C-contiguous");
  return mdspan_right<T, Rank>(a.data(), detail::extents_of<Rank>(a.shape()));
}

/// A layout_left mdspan of an F-contiguous `a` (value_error otherwise).
template <std::size_t Rank, class T>
[[nodiscard]] mdspan_left<T, Rank> to_mdspan_left(const ndarray<T>& a) {
  detail::check_mdspan_rank<Rank>(a);
  if (!a.is_f_contiguous()) throw value_error("to_mdspan_left: the array is not F-contiguous");
  return mdspan_left<T, Rank>(a.data(), detail::extents_of<Rank>(a.shape()));
}

/// An array viewing the memory of `m` (device memory of `device`, -1: the current one), kept
/// alive by `owner` if given (else the caller keeps it alive). Any layout whose mapping has
/// strides (layout_right, layout_left, layout_stride).
template <class T, class Extents, class Layout, class Accessor>
[[nodiscard]] ndarray<T> from_mdspan(const ::cuda::std::mdspan<T, Extents, Layout, Accessor>& m,
                                     std::shared_ptr<void> owner = {}, int device = -1) {
  shape_t shape, strides;
  for (std::size_t i = 0; i < Extents::rank(); ++i) {
    shape.push_back(static_cast<index_t>(m.extent(i)));
    strides.push_back(static_cast<index_t>(m.stride(i)));
  }
  if (device >= 0) detail::check_device_id(device);
  return ndarray<T>(m.data_handle(), shape, strides, std::move(owner),
                    device < 0 ? current_device() : device);
}

} // namespace cupp
