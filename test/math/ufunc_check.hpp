#pragma once
// Runs the NumPy fixtures of the ufunc tests (test/fixtures/ufunc_*.inc, written by
// scripts/gen_ufunc_fixtures.py): each line is an expression of operands a, b, c, the operand
// values, NumPy's result dtype and NumPy's results. The expression is evaluated on contiguous,
// reversed (negative stride) and strided operands; its dtype must be NumPy's.
//
// Compile time: every fixture line and every expect() call is its own instantiation, so they hold
// only what depends on the expression (building it, evaluate() and its kernels); the comparison
// and the failure messages live in templates of the dtypes alone, instantiated a few times per
// translation unit. A layout is a runtime argument: the three layouts share one instantiation.
#include "common/testing.hpp"

#include <cupp/expr/evaluate.hpp>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace ufunc_test {

/// A 1-D device array of `v`, laid out as `layout` says: 0 contiguous, 1 a reversed view (negative
/// stride), 2 every other element of a buffer twice as long.
template <class T> cupp::ndarray<T> arrange(const std::vector<T>& v, int layout) {
  const auto n = static_cast<std::int64_t>(v.size());
  const std::int64_t len = layout == 2 ? 2 * n : n;
  std::unique_ptr<T[]> buf(new T[static_cast<std::size_t>(len ? len : 1)]);
  for (std::int64_t i = 0; i < len; ++i)
    buf[i] = cupp_test::value_at<T>(i); // filler between strided elements
  for (std::int64_t i = 0; i < n; ++i) {
    const std::int64_t at = layout == 1 ? n - 1 - i : (layout == 2 ? 2 * i : i);
    buf[at] = v[static_cast<std::size_t>(i)];
  }
  const auto base = cupp::asarray(buf.get(), cupp::shape_t{len});
  if (layout == 1) return cupp_test::reversed(base);
  if (layout == 2) return cupp_test::every(base, 2);
  return base;
}

template <class T> std::string show(T x) {
  std::ostringstream os;
  if constexpr (std::is_same_v<T, bool>) {
    os << (x ? "true" : "false");
  } else if constexpr (cupp::is_half_v<T>) {
    os << std::setprecision(6) << static_cast<float>(x) << " (bits 0x" << std::hex << x.bits << ")";
  } else if constexpr (std::is_floating_point_v<T>) {
    os << std::setprecision(std::is_same_v<T, float> ? 9 : 17) << x;
  } else {
    os << +x;
  }
  return os.str();
}

/// NumPy's value `want` and cupp's `got` agree: exactly (NaN as NaN, zeros with their sign), for
/// tol 1 within a few ulp (relative 4e-7 for float32, 1e-15 for float64), for tol 2 (results that
/// cancel) within a few ulp of the terms (4x looser).
template <class T> bool same(T got, T want, int tol) {
  if constexpr (cupp::is_half_v<T>) { // tol 1 and 2: one ulp of the 16-bit result
    const float g = got, w = want;
    if (std::isnan(w)) return std::isnan(g);
    if (std::signbit(g) != std::signbit(w)) return false;
    if (tol == 0 || w == 0 || std::isinf(w)) return got.bits == want.bits;
    return std::abs(int{got.bits} - int{want.bits}) <= 1;
  } else if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(want)) return std::isnan(got);
    if (tol == 0 || want == 0 || std::isinf(want))
      return got == want && std::signbit(got) == std::signbit(want);
    const double rel = (std::is_same_v<T, float> ? 4e-7 : 1e-15) * (tol == 2 ? 4 : 1);
    return got == Approx(want).epsilon(rel);
  } else {
    return got == want;
  }
}

/// For each element, its operands and their dtypes, as the failure messages show them.
template <class... T> std::vector<std::string> describe_inputs(const std::vector<T>&... in) {
  std::vector<std::string> out(std::max({in.size()...}));
  for (std::size_t i = 0; i < out.size(); ++i)
    ((out[i] += show<T>(in[i]) + " (" + cupp::dtype_name<T>() + ") "), ...);
  return out;
}

/// Checks cupp's results `got` of `expr` on the operands laid out as `layout` against NumPy's.
template <class R>
void check_results(const char* expr, const char* layout, int tol, const std::vector<R>& got,
                   const std::vector<R>& want, const std::vector<std::string>& inputs) {
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    INFO(expr << " (" << layout << ") of " << inputs[i] << "-> NumPy " << show<R>(want[i])
              << ", cupp " << show<R>(got[i]));
    CHECK(same<R>(got[i], want[i], tol));
  }
}

/// The values of `e`, whose dtype must be NumPy's R (a fixture line's expression).
template <class R, class E> std::vector<R> values_of(const E& e) {
  static_assert(std::is_same_v<cupp::expr::value_type_t<E>, R>, "not NumPy's result dtype");
  return cupp::evaluate(e).get();
}

/// Runs one fixture line: `f` evaluates its expression (through values_of) on the operands.
template <class R, class... T>
void check_case(const char* expr, int tol, std::vector<R> (*f)(const cupp::ndarray<T>&...),
                const std::vector<R>& want, const std::vector<T>&... in) {
  // what STATIC_REQUIRE of the dtype recorded: values_of has checked it at compile time
  SUCCEED(expr << " is of NumPy's dtype " << cupp::dtype_name<R>());
  const auto inputs = describe_inputs(in...);
  static const char* const layouts[] = {"contiguous", "reversed", "strided"};
  for (int layout = 0; layout < 3; ++layout)
    check_results<R>(expr, layouts[layout], tol, f(arrange(in, layout)...), want, inputs);
}

/// Checks the array `got` against NumPy's shape and values (exact for tol 0).
template <class T>
void check_array(const cupp::ndarray<T>& got, const cupp::shape_t& shape,
                 const std::vector<T>& want, int tol) {
  SUCCEED("of dtype " << cupp::dtype_name<T>()); // expect's dtype check, as in check_case
  CHECK(got.shape() == shape);
  const auto h = got.get();
  REQUIRE(h.size() == want.size());
  for (std::size_t i = 0; i < h.size(); ++i) {
    INFO("element " << i << ": NumPy " << show<T>(want[i]) << ", cupp " << show<T>(h[i]));
    CHECK(same<T>(h[i], want[i], tol));
  }
}

/// Evaluates `e`, which must be of dtype T, and checks its shape and values (exact for tol 0).
template <class T, class E>
void expect(const E& e, const cupp::shape_t& shape, const std::vector<T>& want, int tol = 0) {
  static_assert(std::is_same_v<cupp::expr::value_type_t<E>, T>, "not NumPy's result dtype");
  check_array<T>(cupp::evaluate(e), shape, want, tol);
}

} // namespace ufunc_test

// The fixture lines' macros (see scripts/gen_ufunc_fixtures.py). The lambdas take the operands'
// array types, not auto, so that unary + makes them check_case's function pointer.
#define CUPP_UNARY(EXPR, T, R, TOL, IN, OUT)                                                       \
  ufunc_test::check_case<R, T>(                                                                    \
      #EXPR, TOL, +[](const cupp::ndarray<T>& a) { return ufunc_test::values_of<R>(EXPR); },       \
      std::vector<R> OUT, std::vector<T> IN);
#define CUPP_BINARY(EXPR, TA, TB, R, TOL, A, B, OUT)                                               \
  ufunc_test::check_case<R, TA, TB>(                                                               \
      #EXPR, TOL,                                                                                  \
      +[](const cupp::ndarray<TA>& a, const cupp::ndarray<TB>& b) {                                \
        return ufunc_test::values_of<R>(EXPR);                                                     \
      },                                                                                           \
      std::vector<R> OUT, std::vector<TA> A, std::vector<TB> B);
#define CUPP_TERNARY(EXPR, TA, TB, TC, R, TOL, A, B, C, OUT)                                       \
  ufunc_test::check_case<R, TA, TB, TC>(                                                           \
      #EXPR, TOL,                                                                                  \
      +[](const cupp::ndarray<TA>& a, const cupp::ndarray<TB>& b, const cupp::ndarray<TC>& c) {    \
        return ufunc_test::values_of<R>(EXPR);                                                     \
      },                                                                                           \
      std::vector<R> OUT, std::vector<TA> A, std::vector<TB> B, std::vector<TC> C);
