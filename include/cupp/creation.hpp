#pragma once
/// \file
/// Array creation (NumPy's "array creation routines") and host<->device transfer: empty, zeros,
/// ones, full, the _like variants, arange, linspace, eye, identity, asarray from host data (NumPy's
/// array too: host data is always copied; `cupp::array` is the runtime-dtype array, array.hpp),
/// asnumpy back to the host. Creation is asynchronous; copies to the host are sync points.

#include <cupp/core/keywords.hpp>
#include <cupp/core/transfer.hpp>
#include <cupp/detail/launch.hpp>
#include <cupp/ndarray.hpp>

#include <algorithm>
#include <cmath>
#include <complex>
#include <initializer_list>
#include <memory>
#include <type_traits>
#include <vector>

namespace cupp {

/// `np.empty(shape, dtype)`: uninitialised values, no kernel.
template <class T = double> [[nodiscard]] ndarray<T> empty(const shape_t& shape) {
  return ndarray<T>(shape);
}

/// `np.full(shape, value, dtype)`.
template <class T = double> [[nodiscard]] ndarray<T> full(const shape_t& shape, T value) {
  ndarray<T> a(shape);
  a.fill(value);
  return a;
}

/// `np.zeros(shape, dtype)`.
template <class T = double> [[nodiscard]] ndarray<T> zeros(const shape_t& shape) {
  return full<T>(shape, T(0));
}

/// `np.ones(shape, dtype)`.
template <class T = double> [[nodiscard]] ndarray<T> ones(const shape_t& shape) {
  return full<T>(shape, T(1));
}

/// `np.empty_like(a)`, optionally with another dtype U (always C order).
template <class U = void, class T> [[nodiscard]] auto empty_like(const ndarray<T>& a) {
  using R = std::conditional_t<std::is_void_v<U>, T, U>;
  return empty<R>(a.shape());
}
/// `np.zeros_like(a)`.
template <class U = void, class T> [[nodiscard]] auto zeros_like(const ndarray<T>& a) {
  using R = std::conditional_t<std::is_void_v<U>, T, U>;
  return zeros<R>(a.shape());
}
/// `np.ones_like(a)`.
template <class U = void, class T> [[nodiscard]] auto ones_like(const ndarray<T>& a) {
  using R = std::conditional_t<std::is_void_v<U>, T, U>;
  return ones<R>(a.shape());
}
/// `np.full_like(a, value)`.
template <class U = void, class T, class V>
[[nodiscard]] auto full_like(const ndarray<T>& a, V value) {
  using R = std::conditional_t<std::is_void_v<U>, T, U>;
  return full<R>(a.shape(), static_cast<R>(value));
}

namespace detail {

// NumPy's arange fill for floats: the first two values are computed in double and rounded to T,
// the rest as first + i * (second - first) in T's compute type (float32 for float16, whose
// HALF_fill works in float; see numpy's @NAME@_fill).
template <class T> struct arange_fn {
  compute_t<T> first, delta;
  double start, step;
  CUPP_HD T operator()(index_t i) const {
    if constexpr (is_inexact_v<T>) {
      return i == 0   ? static_cast<T>(first)
             : i == 1 ? static_cast<T>(start + step)
                      : static_cast<T>(first + static_cast<compute_t<T>>(i) * delta);
    } else {
      return static_cast<T>(static_cast<index_t>(start) + i * static_cast<index_t>(step));
    }
  }
};

// D: double, or complex128 for complex endpoints (each part i * step + start, as NumPy's real
// arange times the complex step)
template <class T, class D = double> struct linspace_fn {
  D start, step, stop;
  index_t last; // index that is set to `stop` exactly, or -1
  CUPP_HD T operator()(index_t i) const {
    const D y = i == last ? stop : D(static_cast<double>(i)) * step + start;
    if constexpr (is_complex_v<D>) {
      return T(static_cast<real_t<T>>(y.real()), static_cast<real_t<T>>(y.imag()));
    } else if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
      return static_cast<T>(std::floor(y)); // NumPy 2 rounds towards -inf for integer dtypes
    } else {
      return static_cast<T>(y);
    }
  }
};

template <class T> struct eye_fn {
  index_t cols, k;
  CUPP_HD T operator()(index_t i) const {
    const index_t r = i / cols;
    return static_cast<T>(i - r * cols - r == k ? 1 : 0);
  }
};

template <class... A>
using arange_default_t = std::conditional_t<(std::is_integral_v<A> && ...), std::int64_t, double>;

} // namespace detail

/// `np.arange(start, stop, step)`: values in [start, stop) by step; length ceil((stop-start)/step).
/// The dtype defaults to int64 for integer arguments and float64 otherwise.
template <class T = void, class A, class B, class C = int>
[[nodiscard]] auto arange(A start, B stop, C step = 1) {
  using R = std::conditional_t<std::is_void_v<T>, detail::arange_default_t<A, B, C>, T>;
  if (step == 0) throw value_error("arange: step must not be zero (division by zero)");
  const double len = std::ceil((static_cast<double>(stop) - static_cast<double>(start)) /
                               static_cast<double>(step));
  if (!(len < 9.2e18)) throw value_error("Maximum allowed size exceeded");
  const index_t n = len > 0 ? static_cast<index_t>(len) : 0;
  ndarray<R> a(shape_t{n});
  const R first = static_cast<R>(start);
  const R second = static_cast<R>(static_cast<double>(start) + static_cast<double>(step));
  using F = compute_t<R>;
  detail::launch_transform(n, a.data(),
                           detail::arange_fn<R>{F(first), static_cast<F>(F(second) - F(first)),
                                                static_cast<double>(start),
                                                static_cast<double>(step)});
  return a;
}

/// `np.arange(stop)`.
template <class T = void, class A> [[nodiscard]] auto arange(A stop) {
  return arange<T>(A(0), stop, 1);
}

/// `np.linspace(start, stop, num, endpoint)`: num evenly spaced values (dtype float64 by default).
template <class T = double>
[[nodiscard]] ndarray<T> linspace(double start, double stop, index_t num = 50,
                                  bool endpoint = true) {
  if (num < 0)
    throw value_error("Number of samples, " + std::to_string(num) + ", must be non-negative.");
  const index_t div = endpoint ? num - 1 : num;
  // with a single sample (div 0) NumPy returns start: a step of 0 gives the same
  const double step = div > 0 ? (stop - start) / static_cast<double>(div) : 0.0;
  ndarray<T> a(shape_t{num});
  detail::launch_transform(
      num, a.data(), detail::linspace_fn<T>{start, step, stop, endpoint && num > 1 ? num - 1 : -1});
  return a;
}

/// `np.linspace(start, stop, num, endpoint)` with complex endpoints (complex128 by default).
template <class T = complex128, class Z, class = std::enable_if_t<is_complex_scalar_v<Z>>>
[[nodiscard]] ndarray<T> linspace(Z start, Z stop, index_t num = 50, bool endpoint = true) {
  static_assert(is_complex_v<T>, "linspace with complex endpoints gives a complex dtype");
  if (num < 0)
    throw value_error("Number of samples, " + std::to_string(num) + ", must be non-negative.");
  const complex128 a(start.real(), start.imag()), b(stop.real(), stop.imag());
  const index_t div = endpoint ? num - 1 : num;
  const complex128 step = div > 0 ? (b - a) / static_cast<double>(div) : complex128(0);
  ndarray<T> out(shape_t{num});
  detail::launch_transform(
      num, out.data(),
      detail::linspace_fn<T, complex128>{a, step, b, endpoint && num > 1 ? num - 1 : -1});
  return out;
}

/// NumPy's keywords of linspace (core/keywords.hpp): `cp::linspace<float>(0, 1, {.num = 5,
/// .endpoint = false})`.
struct linspace_kw {
  detail::kw_guard guard_{};
  index_t num = 50;
  bool endpoint = true;
};
template <class T = double>
[[nodiscard]] ndarray<T> linspace(double start, double stop, const linspace_kw& kw) {
  return linspace<T>(start, stop, kw.num, kw.endpoint);
}

/// `np.eye(N, M, k)`: ones on the k-th diagonal of an N x M matrix (M defaults to N).
template <class T = double> [[nodiscard]] ndarray<T> eye(index_t n, index_t m = -1, index_t k = 0) {
  if (m < 0) m = n;
  if (n < 0) throw value_error("negative dimensions are not allowed");
  ndarray<T> a(shape_t{n, m});
  detail::launch_transform(n * m, a.data(), detail::eye_fn<T>{m, k});
  return a;
}

/// `np.identity(n)`.
template <class T = double> [[nodiscard]] ndarray<T> identity(index_t n) { return eye<T>(n); }

/// `np.asarray(data).reshape(shape)` from host memory in C order: copies `shape_size(shape)`
/// values.
template <class T> [[nodiscard]] ndarray<T> asarray(const T* host, const shape_t& shape) {
  ndarray<T> a(shape);
  detail::copy_from_host_async(a.data(), host, static_cast<std::size_t>(a.nbytes()),
                               current_stream());
  return a;
}

/// `np.asarray` of `std::complex` host data: the complex dtype of the same layout (complex64 for
/// std::complex<float>), copied as it is.
template <class F>
[[nodiscard]] ndarray<::cuda::std::complex<F>> asarray(const std::complex<F>* host,
                                                       const shape_t& shape) {
  return asarray(reinterpret_cast<const ::cuda::std::complex<F>*>(host), shape);
}
template <class F>
[[nodiscard]] ndarray<::cuda::std::complex<F>> asarray(const std::vector<std::complex<F>>& host) {
  return asarray(host.data(), shape_t{static_cast<index_t>(host.size())});
}
template <class F>
[[nodiscard]] ndarray<::cuda::std::complex<F>> asarray(std::initializer_list<std::complex<F>> v) {
  return asarray(v.begin(), shape_t{static_cast<index_t>(v.size())});
}

/// `np.asarray(vector)`: a 1-D array (or of `shape`, when given and of the same size).
template <class T> [[nodiscard]] ndarray<T> asarray(const std::vector<T>& host) {
  static_assert(!std::is_same_v<T, bool>, "std::vector<bool> has no contiguous storage: use a "
                                          "bool array or std::vector<std::uint8_t>");
  return asarray(host.data(), shape_t{static_cast<index_t>(host.size())});
}

/// `cp.asarray(a)` under `cp.cuda.Device(device)`: `a` itself when it lives on `device`, else
/// its copy there (a.to_device(device)).
template <class T> [[nodiscard]] ndarray<T> asarray(const ndarray<T>& a, int device) {
  return a.device() == device ? a : a.to_device(device);
}

/// `np.asarray([...])` from a braced list.
template <class T> [[nodiscard]] ndarray<T> asarray(std::initializer_list<T> values) {
  return asarray(values.begin(), shape_t{static_cast<index_t>(values.size())});
}

/// `np.asarray([[...], [...]])`: a 2-D array from nested braced lists (rows of equal length).
template <class T>
[[nodiscard]] ndarray<T> asarray(std::initializer_list<std::initializer_list<T>> rows) {
  const index_t cols = rows.size() ? static_cast<index_t>(rows.begin()->size()) : 0;
  const shape_t shape{static_cast<index_t>(rows.size()), cols};
  // a plain buffer, not std::vector, which has no contiguous storage for bool
  const auto n = static_cast<std::size_t>(shape_size(shape));
  std::unique_ptr<T[]> flat(new T[n ? n : 1]);
  T* next = flat.get();
  for (const auto& row : rows) {
    if (static_cast<index_t>(row.size()) != cols)
      throw value_error("setting an array element with a sequence. The requested array has an "
                        "inhomogeneous shape after 1 dimensions.");
    next = std::copy(row.begin(), row.end(), next);
  }
  return asarray(flat.get(), shape);
}

/// `cupy.asnumpy(a)`: the elements in C order in a host vector (a sync point).
template <class T> [[nodiscard]] std::vector<T> asnumpy(const ndarray<T>& a) { return a.get(); }

} // namespace cupp
