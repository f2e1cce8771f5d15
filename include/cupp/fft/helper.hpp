#pragma once
/// \file
/// numpy.fft's helpers: fftfreq, rfftfreq (the sample frequencies, float64), fftshift and
/// ifftshift (the zero frequency moved to the centre and back).

#include <cupp/core/axes.hpp>
#include <cupp/core/layout.hpp>
#include <cupp/ndarray.hpp>

#include <vector>

namespace cupp::fft {

/// `np.fft.fftfreq(n, d)`: [0, 1, ..., (n - 1) / 2, -(n / 2), ..., -1] / (d n), as NumPy's (the
/// integers times 1 / (n d)).
[[nodiscard]] ndarray<double> fftfreq(index_t n, double d = 1.0);

/// `np.fft.rfftfreq(n, d)`: [0, 1, ..., n / 2] / (d n).
[[nodiscard]] ndarray<double> rfftfreq(index_t n, double d = 1.0);

namespace impl {

/// x rolled by shift[i] along axes[i] (distinct, normalised) in one pass: each axis splits into
/// two blocks, and each of the 2^k block combinations is one strided copy.
template <class T>
ndarray<T> roll_axes(const ndarray<T>& x, const std::vector<int>& axes,
                     const std::vector<index_t>& shift) {
  ndarray<T> out(x.shape());
  if (x.size() == 0) return out;
  const std::size_t k = axes.size();
  for (std::size_t mask = 0; mask < (std::size_t{1} << k); ++mask) {
    shape_t shape = x.shape();
    index_t src = 0, dst = 0;
    bool empty = false;
    for (std::size_t i = 0; i < k; ++i) {
      const int ax = axes[i];
      const index_t n = x.shape()[ax], s = n ? ((shift[i] % n) + n) % n : 0;
      // block 0: x[0, n - s) -> out[s, n); block 1: x[n - s, n) -> out[0, s)
      const bool second = (mask >> i) & 1;
      shape[ax] = second ? s : n - s;
      src += (second ? n - s : 0) * x.strides()[ax];
      dst += (second ? 0 : s) * out.strides()[ax];
      empty = empty || shape[ax] == 0;
    }
    if (empty) continue;
    ndarray<T> to(out.data() + dst, shape, out.strides(), out.owner(), out.device());
    to.assign(ndarray<T>(x.data() + src, shape, x.strides(), x.owner(), x.device()));
  }
  return out;
}

template <class T> ndarray<T> shift_half(const ndarray<T>& x, const axes& ax, bool inverse) {
  std::vector<int> list;
  if (ax.all()) {
    for (int i = 0; i < x.ndim(); ++i)
      list.push_back(i);
  } else {
    for (const index_t a : ax.list())
      list.push_back(cupp::detail::normalize_axis(a, x.ndim()));
  }
  // a repeated axis is rolled once per mention, as np.roll's summed shifts
  std::vector<int> axes;
  std::vector<index_t> shift;
  for (const int a : list) {
    const index_t s = inverse ? -(x.shape()[a] / 2) : x.shape()[a] / 2;
    std::size_t i = 0;
    while (i < axes.size() && axes[i] != a)
      ++i;
    if (i == axes.size()) {
      axes.push_back(a);
      shift.push_back(s);
    } else {
      shift[i] += s;
    }
  }
  return roll_axes(x, axes, shift);
}

} // namespace impl

/// `np.fft.fftshift(x, axes)`: the zero-frequency term moved to the centre (every axis by
/// default; one pass over the data).
template <class T>
[[nodiscard]] ndarray<T> fftshift(const ndarray<T>& x, const axes& ax = all_axes) {
  return impl::shift_half(x, ax, false);
}

/// `np.fft.ifftshift(x, axes)`: fftshift's inverse (they differ for odd lengths).
template <class T>
[[nodiscard]] ndarray<T> ifftshift(const ndarray<T>& x, const axes& ax = all_axes) {
  return impl::shift_half(x, ax, true);
}

} // namespace cupp::fft
