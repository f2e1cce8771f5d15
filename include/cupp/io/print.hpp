#pragma once
/// \file
/// `operator<<` for arrays and expressions, printing like NumPy's repr.
///
/// `array([[1., 2.], [3., 4.]], dtype=float32)` (on two lines, as NumPy breaks them), summarised
/// with `...` above 1000 elements (3 edge items per axis, as NumPy). Printing copies the array to
/// the host: a sync point.

#include <cupp/expr/evaluate.hpp>
#include <cupp/io/repr.hpp>
#include <cupp/ndarray.hpp>

#include <ostream>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

namespace cupp {

/// NumPy's `repr(a)`.
template <class T> [[nodiscard]] std::string repr(const ndarray<T>& a) {
  const std::vector<T> host = a.get();
  detail::repr_input in;
  in.shape = a.shape();
  in.dtype = dtype_name<T>();
  in.dtype_implied = std::is_same_v<T, double> || std::is_same_v<T, std::int64_t> ||
                     std::is_same_v<T, bool> || std::is_same_v<T, complex128>;
  in.kind = std::is_same_v<T, bool>         ? detail::repr_kind::boolean
            : std::is_same_v<T, complex64>  ? detail::repr_kind::complex64
            : std::is_same_v<T, complex128> ? detail::repr_kind::complex128
            : std::is_same_v<T, float16>    ? detail::repr_kind::float16
            : std::is_same_v<T, bfloat16>   ? detail::repr_kind::bfloat16
            : std::is_same_v<T, float>      ? detail::repr_kind::float32
            : std::is_same_v<T, double>     ? detail::repr_kind::float64
            : std::is_signed_v<T>           ? detail::repr_kind::signed_int
                                            : detail::repr_kind::unsigned_int;
  in.values.reserve(host.size());
  for (const T& v : host) {
    detail::repr_value x{};
    if constexpr (is_complex_v<T>) {
      x.f = static_cast<double>(v.real());
      in.imag.push_back(static_cast<double>(v.imag()));
    } else if constexpr (is_floating_v<T>) {
      x.f = static_cast<double>(v);
    } else if constexpr (std::is_signed_v<T>) {
      x.i = static_cast<std::int64_t>(v);
    } else {
      x.u = static_cast<std::uint64_t>(v);
    }
    in.values.push_back(x);
  }
  return detail::format_repr(in);
}

template <class T> std::ostream& operator<<(std::ostream& os, const ndarray<T>& a) {
  return os << repr(a);
}

/// A complex scalar as NumPy's repr of it: `(1+2j)`, `-1.5j`, `(nan+infj)`, `np.complex64(...)`
/// aside (Python's complex repr, each part in its shortest round-trip digits).
template <class F> std::string repr(const ::cuda::std::complex<F>& z) {
  return detail::complex_scalar_repr(z.real(), z.imag(), sizeof(F) == 4);
}

/// Prints an unevaluated expression or a selection by evaluating it first.
template <class E, class = std::enable_if_t<expr::traits<E>::is_node || expr::is_indexed_v<E>>>
std::ostream& operator<<(std::ostream& os, const E& e) {
  return os << repr(evaluate(e));
}

} // namespace cupp
