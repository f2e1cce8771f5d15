// The complex comparisons and selections (NumPy's lexicographic order, NaN in either part),
// isnan/isinf/isfinite, isclose, nan_to_num, rint/around, float_power, clip, sinc, mixed real and
// complex operands, and dot/vdot/matmul on cgemm/zgemm; NumPy 2.4's results written out.
#include "common/complex_testing.hpp"

#include <cupp/linalg/dot.hpp>
#include <cupp/math/complex.hpp>
#include <cupp/math/functions.hpp>

#include <limits>

using cupp::complex128;
using cupp::complex64;

namespace {
using cupp_test::host;
using cupp_test::pinf;
using cupp_test::qnan;
template <class E> auto values(const E& e) { return cupp::evaluate(e).get(); }
template <class T> void check_same(const std::vector<T>& got, const std::vector<complex128>& want) {
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    INFO(i << ": NumPy (" << want[i].real() << ", " << want[i].imag() << "), cupp ("
           << got[i].real() << ", " << got[i].imag() << ")");
    CHECK(cupp_test::same_complex(got[i], want[i]));
  }
}
} // namespace

TEMPLATE_TEST_CASE("complex comparisons and selections in NumPy's order", "[math][complex]",
                   complex64, complex128) {
  using T = TestType;
  using F = cupp::real_t<T>;
  const F n = F(qnan);
  const auto a = cupp::asarray<T>({T(1, 2), T(1, 2), T(1, 1), T(2, -5), T(n, 0), T(0, 0)});
  const auto b = cupp::asarray<T>({T(1, 2), T(1, 3), T(2, 0), T(1, 9), T(1, 0), T(0, n)});
  using B = std::vector<bool>;
  CHECK(values(a < b) == B{false, true, true, false, false, false});
  CHECK(values(a <= b) == B{true, true, true, false, false, false});
  CHECK(values(a > b) == B{false, false, false, true, false, false});
  CHECK(values(a >= b) == B{true, false, false, true, false, false});
  CHECK(values(a == b) == B{true, false, false, false, false, false});
  CHECK(values(a != b) == B{false, true, true, true, true, true});
  check_same(values(cupp::maximum(a, b)), {{1, 2}, {1, 3}, {2, 0}, {2, -5}, {qnan, 0}, {0, qnan}});
  check_same(values(cupp::minimum(a, b)), {{1, 2}, {1, 2}, {1, 1}, {1, 9}, {qnan, 0}, {0, qnan}});
  check_same(values(cupp::fmax(a, b)), {{1, 2}, {1, 3}, {2, 0}, {2, -5}, {1, 0}, {0, 0}});
  check_same(values(cupp::fmin(a, b)), {{1, 2}, {1, 2}, {1, 1}, {1, 9}, {1, 0}, {0, 0}});
  // a NaN imaginary part makes a larger real part not count (NumPy's CGE)
  const auto x = cupp::asarray<T>({T(1, n)}), y = cupp::asarray<T>({T(2, 0)});
  check_same(values(cupp::maximum(x, y)), {{1, qnan}});
  check_same(values(cupp::maximum(y, x)), {{1, qnan}});
  check_same(values(cupp::fmax(x, y)), {{2, 0}});
  check_same(values(cupp::fmax(y, x)), {{2, 0}});
  check_same(values(cupp::clip(cupp::asarray<T>({T(0, 5), T(3, 0), T(1, 1)}), T(1, 0), T(2, 0))),
             {{1, 0}, {2, 0}, {1, 1}});
  // with a real operand and a scalar
  CHECK(values(a == F(1)) == B{false, false, false, false, false, false});
  CHECK(values(cupp::asarray<T>({T(1, 0), T(1, -0.0)}) == cupp::asarray<float>({1, 1})) ==
        B{true, true});
  CHECK(values(a > 1) == B{true, true, true, true, false, false});
}

TEMPLATE_TEST_CASE("complex isnan, isinf, isfinite, isclose, nan_to_num, rounding",
                   "[math][complex]", complex64, complex128) {
  using T = TestType;
  using F = cupp::real_t<T>;
  const F n = F(qnan), i = F(pinf);
  using B = std::vector<bool>;
  CHECK(values(cupp::isnan(cupp::asarray<T>({T(n, 0), T(0, n), T(1, 1)}))) == B{true, true, false});
  CHECK(values(cupp::isinf(cupp::asarray<T>({T(i, n), T(1, -i), T(0, 1)}))) ==
        B{true, true, false});
  CHECK(values(cupp::isfinite(cupp::asarray<T>({T(i, 0), T(n, 1), T(0, 1)}))) ==
        B{false, false, true});
  const auto p = cupp::asarray<T>({T(1, 1), T(1, 1), T(i, 1), T(n, 0)});
  const auto q = cupp::asarray<T>({T(1, 1.000001), T(1.1, 1), T(i, 1), T(n, 0)});
  CHECK(values(cupp::isclose(p, q, {.equal_nan = true})) == B{true, false, true, true});
  CHECK(values(cupp::isclose(p, q)) == B{true, false, true, false});
  check_same(values(cupp::nan_to_num(cupp::asarray<T>({T(n, i), T(-i, 1)}))),
             {{0, std::numeric_limits<F>::max()}, {-std::numeric_limits<F>::max(), 1}});
  check_same(values(cupp::nan_to_num(cupp::asarray<T>({T(n, -i)}), 5.0, 1.0, -1.0)), {{5, -1}});
  check_same(values(cupp::rint(cupp::asarray<T>({T(1.5, 2.5), T(-0.5, -1.5)}))),
             {{2, 2}, {-0.0, -2}});
  const auto r = values(cupp::around(cupp::asarray<T>({T(1.234, 5.678)}), 1));
  CHECK(r[0].real() == Approx(1.2));
  CHECK(r[0].imag() == Approx(5.7));
  STATIC_REQUIRE(
      std::is_same_v<cupp::expr::value_type_t<decltype(cupp::float_power(cupp::ndarray<T>{}, 2))>,
                     complex128>);
  check_same(values(cupp::float_power(cupp::asarray<T>({T(1, 1)}), 2)), {{0, 2}});
  const auto s = values(cupp::sinc(cupp::asarray<T>({T(0.5, 0.5), T(0, 0)})));
  CHECK(s[0].real() == Approx(0.79869632).epsilon(1e-6));
  CHECK(s[0].imag() == Approx(-0.79869632).epsilon(1e-6));
  CHECK(s[1] == T(1, 0));
}

TEMPLATE_TEST_CASE("complex dot, vdot and matmul", "[linalg][complex]", complex64, complex128) {
  using T = TestType;
  const auto x = cupp::asarray<T>({T(1, 2), T(3, -1)}), y = cupp::asarray<T>({T(2, -1), T(0.5, 4)});
  CHECK(cupp::dot(x, y).item() == T(9.5, 14.5));
  CHECK(cupp::vdot(x, y).item() == T(-2.5, 7.5)); // conjugates the first operand
  const auto A = cupp::asarray<T>({{T(1, 1), T(2, 0)}, {T(0, 0), T(1, -1)}});
  const auto B = cupp::asarray<T>({{T(0, 1), T(1, 0)}, {T(2, 0), T(0, -1)}});
  CHECK(host(cupp::matmul(A, B)) == std::vector<T>{T(3, 1), T(1, -1), T(2, -2), T(-1, -1)});
  CHECK(host(cupp::matmul(A.transpose(), B)) ==
        std::vector<T>{T(-1, 1), T(1, 1), T(2, 0), T(1, -1)});
  CHECK(host(cupp::dot(A, x)) == std::vector<T>{T(5, 1), T(2, -4)});
  // a reversed (negative stride) vector and sizes 0, 1
  CHECK(cupp::dot(cupp_test::reversed(x), y).item() == T(-2.5, 0));
  CHECK(cupp::vdot(cupp::zeros<T>({0}), cupp::zeros<T>({0})).item() == T(0, 0));
  CHECK(cupp::vdot(cupp::asarray<T>({T(0, 1)}), cupp::asarray<T>({T(0, 1)})).item() == T(1, 0));
  CHECK_THROWS_WITH_WORDS(cupp::vdot(x, cupp::zeros<T>({3})), cupp::value_error,
                          "vectors have different lengths");
}
