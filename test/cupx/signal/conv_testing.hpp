#pragma once
// Helpers of the convolution and smoothing tests: the inputs of a case of
// test/fixtures/signal_conv.txt (scripts/gen_signal_conv_fixtures.py) as arrays of a dtype and
// view, and the comparison of a result with SciPy's.
#include "signal_testing.hpp"

#include <cupp/manipulation/views.hpp>

#include <cstdint>
#include <type_traits>

namespace cupp_test {

inline const char* const conv_file = "signal_conv.txt";

/// The array `name` (x1 or x2) of the case as dtype T (complex: from its re and im parts).
template <class T> cupp::ndarray<T> conv_input(const signal_case& c, const std::string& name) {
  const auto shape = shape_of(c.reals(name == "x1" ? "s1" : "s2"));
  std::vector<T> v;
  if constexpr (cupp::is_complex_v<T>) {
    const auto re = c.reals(name + "re"), im = c.reals(name + "im");
    for (std::size_t i = 0; i < re.size(); ++i)
      v.emplace_back(re[i], im[i]);
  } else {
    if (cupp::shape_size(shape) > 0)
      for (const double d : c.reals(name))
        v.push_back(static_cast<T>(d));
  }
  return cupp::asarray(v).reshape(shape);
}

/// in1 as the view the case asks for.
template <class T> cupp::ndarray<T> conv_view(const signal_case& c, cupp::ndarray<T> x) {
  const std::string kind = c.str("view");
  if (kind == "flip") return cupp::flip(x, 0);
  if (kind == "T") return x.T();
  if (kind == "step") {
    cupp::shape_t s = x.shape(), st = x.strides();
    s[0] = (s[0] + 1) / 2;
    st[0] *= 2;
    return cupp::ndarray<T>(x.data(), s, st, x.owner(), x.device());
  }
  return x;
}

/// Calls f with a value of the case's dtype.
template <class F> void with_conv_dtype(const signal_case& c, F&& f) {
  const std::string d = c.str("dtype");
  if (d == "float32") {
    f(float{});
  } else if (d == "int64") {
    f(std::int64_t{});
  } else if (d == "complex128") {
    f(cupp::complex128{});
  } else {
    REQUIRE(d == "float64");
    f(double{});
  }
}

/// The result against SciPy's y (or yre, yim) and yshape, within rtol of the largest value.
template <class R> void check_conv(const signal_case& c, const cupp::ndarray<R>& got, double rtol) {
  REQUIRE(got.shape() == shape_of(c.out("yshape")));
  const std::string what = c.text.substr(0, 160);
  if constexpr (cupp::is_complex_v<R>) {
    const auto v = cupp::ndarray<R>(cupp::ascontiguousarray(got)).get();
    std::vector<std::complex<double>> g;
    for (const auto z : v)
      g.emplace_back(z.real(), z.imag());
    std::vector<std::complex<double>> w;
    const auto re = c.out("yre"), im = c.out("yim");
    for (std::size_t i = 0; i < re.size(); ++i)
      w.emplace_back(re[i], im[i]);
    check_close(what, g, w, rtol);
  } else {
    check_close(what, cupp::ndarray<double>(got.template astype<double>()), c.out("y"), rtol);
  }
}

} // namespace cupp_test
