#pragma once
/// \file
/// Distributed FFTs over every axis of an N-d array (N >= 2) by slab decomposition: each rank
/// transforms its slab along every axis it holds whole, one all-to-all moves the split to another
/// axis, the rank transforms along the first split axis, and a second all-to-all restores the
/// input's layout. The result is split as the input (replicated input: a local transform).

#include <cupp/dist/array.hpp>
#include <cupp/dist/exchange.hpp>
#include <cupp/fft/fft.hpp>

#include <string>
#include <vector>

namespace cupp::dist::fft {

using cupp::fft::norm_mode;

namespace impl {
template <bool Inverse, class T> auto slab(const array<T>& a, norm_mode norm) {
  if (a.ndim() < 2)
    throw value_error("cupp::dist::fft: a distributed transform takes 2 or more dimensions, got " +
                      std::to_string(a.ndim()));
  auto whole = [&](const auto& x, const axes& ax) {
    if constexpr (Inverse)
      return cupp::fft::ifftn(x, {.axes = ax, .norm = norm});
    else
      return cupp::fft::fftn(x, {.axes = ax, .norm = norm});
  };
  using C = typename decltype(whole(a.local(), all_axes))::value_type;
  const communicator& c = a.comm();
  if (a.replicated()) return array<C>(c, a.shape(), replicated, whole(a.local(), all_axes));
  const int split = *a.axis(), other = split == 0 ? 1 : 0;
  std::vector<index_t> held;
  for (int d = 0; d < a.ndim(); ++d)
    if (d != split) held.push_back(d);
  const array<C> first(c, a.shape(), a.layout(), whole(a.local(), axes(held)));
  array<C> turned = reshard(first, sharding{other});
  turned.local() = whole(turned.local(), axes(std::vector<index_t>{split}));
  return reshard(turned, a.layout());
}
} // namespace impl

/// `np.fft.fftn(a, norm=)` over every axis.
template <class T>
[[nodiscard]] auto fftn(const array<T>& a, norm_mode norm = cupp::fft::backward) {
  return impl::slab<false>(a, norm);
}
/// `np.fft.ifftn(a, norm=)` over every axis.
template <class T>
[[nodiscard]] auto ifftn(const array<T>& a, norm_mode norm = cupp::fft::backward) {
  return impl::slab<true>(a, norm);
}
/// `np.fft.fft2(a, norm=)` of a 2-D array.
template <class T>
[[nodiscard]] auto fft2(const array<T>& a, norm_mode norm = cupp::fft::backward) {
  if (a.ndim() != 2) throw value_error("cupp::dist::fft::fft2 takes a 2-D array (fftn: any N-d)");
  return impl::slab<false>(a, norm);
}
/// `np.fft.ifft2(a, norm=)` of a 2-D array.
template <class T>
[[nodiscard]] auto ifft2(const array<T>& a, norm_mode norm = cupp::fft::backward) {
  if (a.ndim() != 2) throw value_error("cupp::dist::fft::ifft2 takes a 2-D array (ifftn: any N-d)");
  return impl::slab<true>(a, norm);
}

} // namespace cupp::dist::fft
