#pragma once
// The out= checks of test_out_*.cpp: a ufunc's out form writes what its plain form evaluates to
// (whose values the NumPy fixtures check) into a scattered view, and returns that view; out= writes
// views of every layout for every dtype. Each ufunc compiles nine kernels here (evaluate's three,
// assign_to's six), and each dtype of check_out_layouts a few dozen, so the checks are spread over
// several translation units; the comparison is a template of the dtype alone.
#include "math/ufunc_check.hpp"

#include <cupp/math/compare.hpp>

#include <cmath>
#include <cstdint>

namespace out_test {

/// A view of shape `shape` into a buffer of 7s twice as large, every other element, reversed.
template <class T> cupp::ndarray<T> scattered(const cupp::shape_t& shape) {
  const auto n = cupp::shape_size(shape);
  const auto buf = cupp::full<T>({2 * n}, T(7));
  return cupp_test::reversed(cupp_test::every(buf, 2)).reshape(shape);
}

/// The out form of ufunc `name` returned `returned` having written into `out` what the plain form
/// evaluates to (`want`).
template <class R>
void check_written(const char* name, const cupp::ndarray<R>& returned, const cupp::ndarray<R>& out,
                   const cupp::ndarray<R>& want) {
  INFO(name);
  CHECK(returned.data() == out.data());
  const auto got = cupp_test::host(out);
  const auto expected = cupp_test::host(want);
  REQUIRE(got.size() == expected.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    INFO("element " << i);
    CHECK(ufunc_test::same<R>(got[i], expected[i], 0));
  }
}

/// `with_out(x, out)` writes `plain(x)` into `out` (a scattered view: the filler stays) and
/// returns `out`.
template <class Plain, class WithOut, class... X>
void check_out_form(const char* name, Plain plain, WithOut with_out, const X&... x) {
  const auto want = cupp::evaluate(plain(x...));
  using R = typename decltype(want)::value_type;
  const auto out = scattered<R>(want.shape());
  check_written<R>(name, with_out(x..., out), out, want);
}

/// The operands of the out forms: float64 and int32 matrices (NaN, -inf, negative values) and rows
/// that broadcast against them.
struct operands {
  cupp::ndarray<double> x = cupp::asarray<double>({{-0.75, 0.5, NAN}, {0.0, 2.5, -INFINITY}});
  cupp::ndarray<double> y = cupp::asarray<double>({1.5, -0.25, 2.0});
  cupp::ndarray<std::int32_t> k = cupp::asarray<std::int32_t>({{-7, 12, 5}, {0, 3, -18}});
  cupp::ndarray<std::int32_t> s = cupp::asarray<std::int32_t>({3, 1, 2});
};

/// out= of dtype T into views of every layout (contiguous, scattered, transposed, reversed
/// columns), 0-d and empty outputs: out holds what the plain form evaluates to.
template <class T> void check_out_layouts() {
  using cupp::none;
  using cupp::slice;
  using cupp_test::host;
  const auto a = cupp_test::device_values<T>({3, 4});
  const auto b = cupp_test::device_values<T>({4}, 5);
  for (const auto& out :
       {cupp::zeros<T>({3, 4}), scattered<T>({3, 4}), cupp::zeros<T>({4, 3}).transpose(),
        cupp::zeros<T>({3, 8})(slice(), slice(none, none, -2))}) {
    cupp::add(a, b, out);
    CHECK(host(out) == host(cupp::evaluate(a + b)));
    cupp::maximum(a.transpose(), T(0), out.transpose()); // np.maximum(a.T, 0, out=out.T)
    CHECK(host(out) == host(cupp::evaluate(cupp::maximum(a, T(0)))));
    const auto flags = cupp::zeros<bool>({3, 4});
    cupp::less(a, b, flags);
    CHECK(host(flags) == host(cupp::evaluate(a < b)));
  }
  const auto z = cupp::zeros<T>({});
  cupp::add(cupp::full<T>({}, T(1)), T(1), z); // 0-d
  CHECK(z.item() == cupp::evaluate(cupp::full<T>({}, T(1)) + T(1)).item());
  const auto e = cupp::zeros<T>({0, 4});
  CHECK(cupp::multiply(cupp::zeros<T>({0, 1}), b, e).shape() == cupp::shape_t{0, 4});
}

} // namespace out_test

#define UNARY(NAME, X)                                                                             \
  out_test::check_out_form(                                                                        \
      #NAME, [](const auto& a) { return cupp::NAME(a); },                                          \
      [](const auto& a, auto out) { return cupp::NAME(a, out); }, X)
#define BINARY(NAME, X, Y)                                                                         \
  out_test::check_out_form(                                                                        \
      #NAME, [](const auto& a, const auto& b) { return cupp::NAME(a, b); },                        \
      [](const auto& a, const auto& b, auto out) { return cupp::NAME(a, b, out); }, X, Y)
