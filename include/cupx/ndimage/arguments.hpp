#pragma once
/// \file
/// The arguments cupx::ndimage's functions share: the boundary modes, scalar-or-per-axis values
/// (SciPy's `size=3` or `size=(3, 5)`), and the checks of origins and axes with SciPy's messages.

#include <cupp/core/axes.hpp>
#include <cupp/core/complex.hpp>
#include <cupp/core/error.hpp>
#include <cupp/core/shape.hpp>
#include <cupp/detail/line_filter.hpp>
#include <cupp/reduction/axes.hpp>

#include <initializer_list>
#include <vector>

namespace cupx::ndimage {

using cupp::index_t;

/// SciPy's `mode=`: how an input extends past its edges. For filters grid_mirror is reflect,
/// grid_wrap is wrap and grid_constant is constant (SciPy's rule).
enum class extend_mode {
  reflect,
  constant,
  nearest,
  mirror,
  wrap,
  grid_constant,
  grid_mirror,
  grid_wrap
};
inline constexpr extend_mode reflect = extend_mode::reflect;
inline constexpr extend_mode constant = extend_mode::constant;
inline constexpr extend_mode nearest = extend_mode::nearest;
inline constexpr extend_mode mirror = extend_mode::mirror;
inline constexpr extend_mode wrap = extend_mode::wrap;
inline constexpr extend_mode grid_constant = extend_mode::grid_constant;
inline constexpr extend_mode grid_mirror = extend_mode::grid_mirror;
inline constexpr extend_mode grid_wrap = extend_mode::grid_wrap;

/// SciPy's `cval=`: a real number, or for complex input a complex one (`.cval = {1.0, 2.0}`; the
/// real part extends the real part, the imaginary part the imaginary). Read as a real number
/// (by a filter of real data) it must have no imaginary part: SciPy's TypeError "must be real
/// number, not complex" otherwise.
class fill_value {
public:
  fill_value(double re = 0.0) : re_(re) {} // NOLINT(google-explicit-constructor): `.cval = 0.5`
  fill_value(double re, double im) : re_(re), im_(im) {}
  fill_value(cupp::complex128 c) : re_(c.real()), im_(c.imag()) {} // NOLINT(google-explicit-*)
  operator double() const { // NOLINT(google-explicit-constructor): a real filter's cval
    if (im_ != 0.0) throw cupp::type_error("must be real number, not complex");
    return re_;
  }
  [[nodiscard]] double real() const { return re_; }
  [[nodiscard]] double imag() const { return im_; }

private:
  double re_ = 0.0, im_ = 0.0;
};

/// A value for every axis, or one per axis: `3`, `{3, 5}`.
template <class V> class per_axis {
public:
  per_axis(V v) : values_{v} {} // NOLINT(google-explicit-constructor)
  per_axis(std::initializer_list<V> list) : values_(list) {}
  explicit per_axis(std::vector<V> list) : values_(std::move(list)) {}

  /// Whether one value stands for every axis.
  [[nodiscard]] bool single() const { return values_.size() == 1; }

  /// The values for `count` axes (SciPy's _normalize_sequence).
  [[nodiscard]] std::vector<V> expand(std::size_t count) const {
    if (values_.size() == 1) return std::vector<V>(count, values_[0]);
    if (values_.size() != count)
      throw cupp::value_error("sequence argument must have length equal to input rank");
    return values_;
  }

private:
  std::vector<V> values_;
};

namespace detail {

/// The line extension a filter's mode means.
inline cupp::detail::boundary filter_boundary(extend_mode m) {
  switch (m) {
  case extend_mode::reflect:
  case extend_mode::grid_mirror:
    return cupp::detail::boundary::reflect;
  case extend_mode::mirror:
    return cupp::detail::boundary::mirror;
  case extend_mode::nearest:
    return cupp::detail::boundary::nearest;
  case extend_mode::wrap:
  case extend_mode::grid_wrap:
    return cupp::detail::boundary::wrap;
  default:
    return cupp::detail::boundary::constant;
  }
}

/// The one mode of a filter that takes no sequence of modes (SciPy's message, cupp::error for its
/// RuntimeError).
inline extend_mode single_mode(const per_axis<extend_mode>& mode, const char* message) {
  if (!mode.single()) throw cupp::error(message);
  return mode.expand(1)[0];
}

/// The shift of a window of `size` taps with `origin` (the window of output i starts at input
/// i - shift), raising SciPy's "invalid origin".
inline index_t window_shift(index_t size, index_t origin) {
  if (size / 2 + origin < 0 || size / 2 + origin >= size) throw cupp::value_error("invalid origin");
  return size / 2 + origin;
}

/// The axes of `ax` over an array of `ndim` dimensions, in increasing order (SciPy's `axes=`;
/// AxisError and "axes must be unique" as SciPy's).
inline std::vector<int> filter_axes(int ndim, const cupp::axes& ax) {
  const auto shape = cupp::shape_t::filled(ndim, 1);
  const auto split = cupp::detail::split_axes(shape, ax);
  std::vector<int> out;
  for (int d = 0; d < ndim; ++d)
    if (split.reduced[static_cast<std::size_t>(d)]) out.push_back(d);
  return out;
}

} // namespace detail
} // namespace cupx::ndimage
