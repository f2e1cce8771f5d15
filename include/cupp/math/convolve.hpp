#pragma once
/// \file
/// convolve and correlate of two 1-D arrays (modes full, same, valid): one thread per output
/// element, in the arrays' promoted dtype. (NumPy lists convolve with its mathematical functions
/// and correlate with statistics; correlate is convolve with v reversed.)

#include <cupp/core/dtype.hpp>
#include <cupp/detail/launch.hpp>
#include <cupp/ndarray.hpp>

#include <algorithm>
#include <string>

namespace cupp {

namespace detail {

/// out[k] = sum over m of a[m] * v[k + offset - m] (the full convolution shifted by offset).
template <class A, class V, class R> struct convolve_fn {
  const A* a;
  index_t na;
  const V* v;
  index_t nv, offset;
  CUPP_HD R operator()(index_t k) const {
    const index_t t = k + offset; // index into the full convolution
    const index_t lo = t - (nv - 1) > 0 ? t - (nv - 1) : 0, hi = t < na - 1 ? t : na - 1;
    R acc = R(0);
    for (index_t m = lo; m <= hi; ++m)
      acc += static_cast<R>(a[m]) * static_cast<R>(v[t - m]);
    return acc;
  }
};

} // namespace detail

/// `np.convolve(a, v, mode)`: the discrete linear convolution of two 1-D arrays; mode "full"
/// (length n + m - 1), "same" (max(n, m)) or "valid" (max(n, m) - min(n, m) + 1).
template <class A, class V>
[[nodiscard]] ndarray<promote_t<A, V>> convolve(const ndarray<A>& a, const ndarray<V>& v,
                                                const std::string& mode = "full") {
  using R = promote_t<A, V>;
  detail::check_devices(a, v);
  if (a.ndim() != 1 || v.ndim() != 1) throw value_error("object too deep for desired array");
  if (a.size() == 0) throw value_error("a cannot be empty");
  if (v.size() == 0) throw value_error("v cannot be empty");
  const ndarray<A> ca = a.is_c_contiguous() ? a : a.copy();
  const ndarray<V> cv = v.is_c_contiguous() ? v : v.copy();
  const index_t n = a.size(), m = v.size();
  index_t length = 0, offset = 0;
  if (mode == "full") {
    length = n + m - 1;
  } else if (mode == "same") {
    length = std::max(n, m);
    offset = (std::min(n, m) - 1) / 2;
  } else if (mode == "valid") {
    length = std::max(n, m) - std::min(n, m) + 1;
    offset = std::min(n, m) - 1;
  } else {
    throw value_error("mode must be one of 'valid', 'same', or 'full' (got '" + mode + "')");
  }
  ndarray<R> out(shape_t{length});
  detail::launch_transform(length, out.data(),
                           detail::convolve_fn<A, V, R>{ca.data(), n, cv.data(), m, offset});
  return out;
}

/// `np.correlate(a, v, mode)` of real 1-D arrays (default mode "valid"): convolve(a, v[::-1]).
template <class A, class V>
[[nodiscard]] ndarray<promote_t<A, V>> correlate(const ndarray<A>& a, const ndarray<V>& v,
                                                 const std::string& mode = "valid") {
  if (v.ndim() != 1) throw value_error("object too deep for desired array");
  const index_t n = v.size(), stride = v.strides()[0];
  const ndarray<V> reversed(n > 0 ? v.data() + (n - 1) * stride : v.data(), v.shape(),
                            shape_t{-stride}, v.owner(), v.device()); // v[::-1], a view
  return convolve(a, reversed, mode);
}

} // namespace cupp
