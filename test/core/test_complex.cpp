// complex64 and complex128 as dtypes: names, kinds, promotion with weak complex scalars, casts
// both ways, creation and transfer, the writable real/imag views, and the functions of
// math/complex.hpp (conj, angle, iscomplex, isreal, real_if_close). Promotion between array dtypes
// is checked against NumPy in test_dtype.cpp (test/fixtures/promotion.inc).
#include "common/testing.hpp"

#include <cupp/creation.hpp>
#include <cupp/expr/astype.hpp>
#include <cupp/math/complex.hpp>

#include <complex>
#include <limits>

using cupp::complex128;
using cupp::complex64;
using namespace std::complex_literals;

namespace {
template <class A, class B> constexpr bool same_type = std::is_same_v<A, B>;
using cupp_test::host;
} // namespace

TEST_CASE("complex dtypes in the dtype table", "[core][complex]") {
  CHECK(std::string(cupp::dtype_name<complex64>()) == "complex64");
  CHECK(std::string(cupp::dtype_name<complex128>()) == "complex128");
  CHECK(cupp::dtype_kind(cupp::dtype::complex64) == 'c');
  CHECK(cupp::dtype_size(cupp::dtype::complex128) == 16);
  CHECK(cupp::dtype_from_name("complex64") == cupp::dtype::complex64);
  STATIC_REQUIRE(same_type<cupp::real_t<complex64>, float>);
  STATIC_REQUIRE(same_type<cupp::real_t<double>, double>);
  STATIC_REQUIRE(cupp::is_complex_v<complex128> && !cupp::is_complex_v<std::complex<double>>);
  STATIC_REQUIRE(sizeof(complex64) == sizeof(std::complex<float>));
  // same_kind casting: real -> complex and complex -> complex, never complex -> real
  STATIC_REQUIRE(cupp::same_kind_castable_v<double, complex64>);
  STATIC_REQUIRE(cupp::same_kind_castable_v<complex128, complex64>);
  STATIC_REQUIRE(!cupp::same_kind_castable_v<complex64, double>);
  // sum keeps the dtype; mean stays complex; var is real
  STATIC_REQUIRE(same_type<cupp::sum_result_t<complex64>, complex64>);
  STATIC_REQUIRE(same_type<cupp::float_result_t<complex64>, complex64>);
}

TEST_CASE("a C++ complex scalar is a weak complex scalar (NEP 50)", "[core][complex]") {
  const auto f32 = cupp::asarray<float>({1, 2});
  const auto i8 = cupp::asarray<std::int8_t>({1, 2});
  const auto h = cupp::asarray<cupp::float16>({cupp::float16(1.0)});
  STATIC_REQUIRE(same_type<cupp::expr::value_type_t<decltype(f32 * 1.0i)>, complex64>);
  STATIC_REQUIRE(same_type<cupp::expr::value_type_t<decltype(i8 * 1.0i)>, complex128>);
  STATIC_REQUIRE(same_type<cupp::expr::value_type_t<decltype(h * 1.0i)>, complex64>);
  STATIC_REQUIRE(
      same_type<cupp::expr::value_type_t<decltype(cupp::asarray<double>({1}) + 1.0i)>, complex128>);
  // a real scalar next to a complex array keeps the array's dtype
  const auto z = cupp::asarray<complex64>({complex64(1, 2)});
  STATIC_REQUIRE(same_type<cupp::expr::value_type_t<decltype(z * 2.5)>, complex64>);
  CHECK(host(cupp::ndarray<complex64>(f32 * 1.0i)) ==
        std::vector<complex64>{complex64(0, 1), complex64(0, 2)});
  CHECK(host(cupp::ndarray<complex64>(z * 2.5)) == std::vector<complex64>{complex64(2.5, 5)});
  CHECK(host(cupp::ndarray<complex128>(i8 + complex64(0.5f, -1.0f))) ==
        std::vector<complex128>{complex128(1.5, -1), complex128(2.5, -1)});
  // a float16 operand converts to the complex dtype (no implicit conversion exists)
  CHECK(host(cupp::ndarray<complex64>(h * 1.0i)) == std::vector<complex64>{complex64(0, 1)});
}

TEST_CASE("astype between complex and real dtypes", "[core][complex]") {
  const auto z = cupp::asarray<complex128>(
      {complex128(1.75, -2), complex128(-0.0, 0), complex128(0, 3), complex128(300.5, 1)});
  // complex -> real drops the imaginary part (NumPy warns ComplexWarning), -> bool tests both
  CHECK(host(z.astype<double>()) == std::vector<double>{1.75, -0.0, 0, 300.5});
  CHECK(host(z.astype<std::int8_t>()) == std::vector<std::int8_t>{1, 0, 0, 44});
  CHECK(host(z.astype<bool>()) == std::vector<bool>{true, false, true, true});
  CHECK(host(z.astype<complex64>()) == std::vector<complex64>{complex64(1.75f, -2),
                                                              complex64(-0.0f, 0), complex64(0, 3),
                                                              complex64(300.5f, 1)});
  const auto r = cupp::asarray<std::int16_t>({-3, 7});
  CHECK(host(r.astype<complex64>()) == std::vector<complex64>{complex64(-3, 0), complex64(7, 0)});
  CHECK(std::signbit(host(r.astype<complex64>())[0].imag()) == false); // imaginary part +0
  const auto huge = cupp::asarray<complex128>({complex128(1e300, 1e300)});
  CHECK(std::isinf(host(huge.astype<complex64>())[0].imag()));
}

TEST_CASE("complex creation and transfer", "[core][complex][creation]") {
  CHECK(host(cupp::zeros<complex64>({2})) == std::vector<complex64>(2, complex64(0, 0)));
  CHECK(host(cupp::ones<complex128>({1})) == std::vector<complex128>{complex128(1, 0)});
  CHECK(host(cupp::full<complex64>({2}, complex64(1, -1))) ==
        std::vector<complex64>(2, complex64(1, -1)));
  CHECK(host(cupp::eye<complex128>(2)) == std::vector<complex128>{1, 0, 0, 1});
  // std::complex host data keeps its layout
  const std::vector<std::complex<float>> v{{1, 2}, {-3, 0.5f}};
  const auto a = cupp::asarray(v);
  STATIC_REQUIRE(same_type<decltype(a), const cupp::ndarray<complex64>>);
  CHECK(host(a) == std::vector<complex64>{complex64(1, 2), complex64(-3, 0.5f)});
  CHECK(a(1).item() == complex64(-3, 0.5f));
  // NumPy: np.linspace(0, 2+4j, 5) and np.arange(0, 2, 0.5, dtype=complex)
  CHECK(host(cupp::linspace(0.0 + 0i, 2.0 + 4i, 5)) ==
        std::vector<complex128>{{0, 0}, {0.5, 1}, {1, 2}, {1.5, 3}, {2, 4}});
  CHECK(host(cupp::linspace<complex64>(1.0i, 1.0 + 0i, 3, false)) ==
        std::vector<complex64>{{0, 1}, {1.0f / 3, 2.0f / 3}, {2.0f / 3, 1.0f / 3}});
  CHECK(host(cupp::arange<complex128>(0, 2, 0.5)) ==
        std::vector<complex128>{{0, 0}, {0.5, 0}, {1, 0}, {1.5, 0}});
  auto e = cupp::empty<complex64>({3}); // no kernel, values unspecified
  CHECK(e.size() == 3);
  e.fill(complex64(2, 3));
  CHECK(host(e) == std::vector<complex64>(3, complex64(2, 3)));
}

TEST_CASE("real and imag are writable views of complex arrays", "[core][complex][views]") {
  auto z = cupp::asarray<complex128>({complex128(1, 2), complex128(3, 4), complex128(5, 6)});
  const auto re = z.real(), im = z.imag();
  CHECK(re.strides() == cupp::shape_t{2});
  CHECK(host(re) == std::vector<double>{1, 3, 5});
  CHECK(host(im) == std::vector<double>{2, 4, 6});
  z.imag() = cupp::asarray<double>({-1, -2, -3}); // a[...].imag = ... writes through
  CHECK(host(z) == std::vector<complex128>{{1, -1}, {3, -2}, {5, -3}});
  z.real() += 10.0;
  CHECK(host(z) == std::vector<complex128>{{11, -1}, {13, -2}, {15, -3}});
  // of a view with a negative stride, and of a 2-D transposed view
  const auto rev = cupp_test::reversed(z);
  CHECK(host(rev.imag()) == std::vector<double>{-3, -2, -1});
  const auto m = cupp::ndarray<complex64>(cupp::astype<complex64>(cupp::arange<float>(6)))
                     .reshape(2, 3)
                     .transpose();
  CHECK(host(m.real()) == std::vector<float>{0, 3, 1, 4, 2, 5});
  // a real array: real() is the array, imag() zeros
  const auto r = cupp::asarray<float>({1.5f, -2});
  CHECK(r.real().data() == r.data());
  CHECK(host(r.imag()) == std::vector<float>{0, 0});
  CHECK(host(cupp::ndarray<float>(cupp::imag(r + 1.0f))) == std::vector<float>{0, 0});
  CHECK(host(cupp::ndarray<double>(cupp::real(z * 2.0))) == std::vector<double>{22, 26, 30});
}

TEST_CASE("conj, angle, iscomplex, isreal, iscomplexobj, real_if_close", "[core][complex]") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const auto z =
      cupp::asarray<complex128>({complex128(1, 1), complex128(-1, 0), complex128(-1, -0.0),
                                 complex128(0, 0), complex128(nan, 2)});
  const auto c = host(z.conj());
  CHECK(c[0] == complex128(1, -1));
  CHECK(std::signbit(c[1].imag())); // conj(-1+0j) = -1-0j
  CHECK(!std::signbit(c[2].imag()));
  const auto ang = host(cupp::ndarray<double>(cupp::angle(z)));
  CHECK(ang[0] == Approx(0.7853981633974483));
  CHECK(ang[1] == Approx(3.141592653589793)); // the branch cut: +pi above, -pi below
  CHECK(ang[2] == Approx(-3.141592653589793));
  CHECK(ang[3] == 0.0);
  CHECK(host(cupp::ndarray<double>(cupp::angle(z, true)))[0] == Approx(45.0));
  CHECK(host(cupp::ndarray<double>(cupp::angle(cupp::asarray<std::int32_t>({-2, 3})))) ==
        std::vector<double>{3.141592653589793, 0.0});
  CHECK(host(cupp::ndarray<bool>(cupp::iscomplex(z))) ==
        std::vector<bool>{true, false, false, false, true});
  CHECK(host(cupp::ndarray<bool>(cupp::isreal(z))) ==
        std::vector<bool>{false, true, true, true, false});
  CHECK(host(cupp::ndarray<bool>(cupp::isreal(cupp::asarray<float>({1})))) ==
        std::vector<bool>{true});
  CHECK(cupp::iscomplexobj(z));
  CHECK(cupp::isrealobj(cupp::asarray<float>({1})));
  CHECK(!cupp::iscomplexobj(cupp::asarray<float>({1})));
  // real_if_close: within 100 epsilons (2.2e-14) of zero gives the real parts, else the array
  const auto close = cupp::asarray<complex128>({complex128(2.1, 4e-15), complex128(5.2, 3e-15)});
  const auto rc = cupp::real_if_close(close);
  REQUIRE(rc.index() == 0);
  CHECK(host(std::get<0>(rc)) == std::vector<double>{2.1, 5.2});
  const auto far = cupp::real_if_close(cupp::asarray<complex128>({complex128(2.1, 4e-14)}));
  CHECK(far.index() == 1);
  CHECK(cupp::real_if_close(cupp::asarray<complex64>({complex64(1, 1e-6f)}), 1e-5).index() == 0);
}
