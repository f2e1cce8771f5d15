// cupx::special's functions as ufuncs (special/ufunc.hpp): result dtypes as SciPy's (float32 stays
// float32, integers and bool compute in float64; the 16-bit floats compute in float32, as CuPy),
// weak C++ scalars, broadcasting, out=, 0-d and empty arrays, fusion into reductions and NumPy's
// errors. The values themselves are checked against SciPy by the family tests.
#include "cupx/special/special_testing.hpp"

#include <cupx/special/elementary.hpp>

#include <cupp/core/error.hpp>
#include <cupp/core/half.hpp>
#include <cupp/creation.hpp>
#include <cupp/expr/astype.hpp>
#include <cupp/reduction/reduce.hpp>

#include <cmath>
#include <type_traits>
#include <vector>

using namespace cupp_test;
namespace sp = cupx::special;
using cupp::ndarray;

namespace {
template <class E> using dtype_of = cupp::expr::value_type_t<E>;

double host_expit(double x) { return 1.0 / (1.0 + std::exp(-x)); }
} // namespace

TEST_CASE("special functions compute in SciPy's dtypes", "[special][ufunc]") {
  const auto f64 = cupp::linspace<double>(-2, 2, 5);
  STATIC_REQUIRE(std::is_same_v<dtype_of<decltype(sp::expit(f64))>, double>);
  STATIC_REQUIRE(std::is_same_v<dtype_of<decltype(sp::expit(f64.astype<float>()))>, float>);
  // SciPy has no 16-bit loops; cupp computes them in float32 (as CuPy), not float64 (as SciPy)
  STATIC_REQUIRE(std::is_same_v<dtype_of<decltype(sp::expit(f64.astype<cupp::float16>()))>, float>);
  STATIC_REQUIRE(
      std::is_same_v<dtype_of<decltype(sp::expit(f64.astype<cupp::bfloat16>()))>, float>);
  // every integer and bool computes in float64 (SciPy's d loop comes before f)
  STATIC_REQUIRE(std::is_same_v<dtype_of<decltype(sp::expit(f64.astype<std::int8_t>()))>, double>);
  STATIC_REQUIRE(std::is_same_v<dtype_of<decltype(sp::expit(f64.astype<bool>()))>, double>);
  STATIC_REQUIRE(std::is_same_v<dtype_of<decltype(sp::expm1(f64.astype<cupp::complex64>()))>,
                                cupp::complex64>);
  // operands promote: float32 with int32 is float64
  STATIC_REQUIRE(
      std::is_same_v<dtype_of<decltype(sp::xlogy(f64.astype<float>(), f64.astype<std::int32_t>()))>,
                     double>);
  // C++ scalars are weak (NEP 50): a double or an int next to float32 stays float32; a complex
  // scalar makes the computation complex of the array's precision
  STATIC_REQUIRE(std::is_same_v<dtype_of<decltype(sp::xlogy(2.5, f64.astype<float>()))>, float>);
  STATIC_REQUIRE(std::is_same_v<dtype_of<decltype(sp::xlogy(f64.astype<float>(), 3))>, float>);
  STATIC_REQUIRE(
      std::is_same_v<dtype_of<decltype(sp::xlogy(std::complex<double>(1, 1), f64.astype<float>()))>,
                     cupp::complex64>);

  // the values: float16 inputs (exact small integers here) computed in float32
  const ndarray<float> h = sp::expit(f64.astype<cupp::float16>());
  const std::vector<float> got = h.get();
  for (std::size_t i = 0; i < got.size(); ++i)
    CHECK(got[i] == Approx(host_expit(-2.0 + static_cast<double>(i))).epsilon(2e-7));
  const ndarray<double> from_int = sp::expit(cupp::arange<std::int8_t>(-2, 3));
  CHECK(from_int.get()[4] == host_expit(2.0));
}

TEST_CASE("special functions broadcast, with scalars on either side", "[special][ufunc]") {
  const auto x = cupp::linspace<double>(0.5, 3, 6).reshape({3, 2});     // (3, 2)
  const auto y = cupp::linspace<double>(0.25, 1, 4).reshape({4, 1, 1}); // (4, 1, 1)
  const ndarray<double> r = sp::xlogy(x, y);
  REQUIRE(r.shape() == cupp::shape_t{4, 3, 2});
  const auto hr = r.get(), hx = x.get(), hy = y.get();
  for (std::size_t k = 0; k < 4; ++k)
    for (std::size_t j = 0; j < 6; ++j)
      CHECK(hr[k * 6 + j] == Approx(hx[j] * std::log(hy[k])).epsilon(1e-15));
  const ndarray<double> left = sp::xlogy(2, x), right = sp::xlogy(x, 2.0);
  CHECK(left.get()[0] == Approx(2 * std::log(0.5)));
  CHECK(right.get()[5] == Approx(3 * std::log(2.0)));
  CHECK_THROWS_WITH_WORDS((void)sp::xlogy(x, cupp::ones<double>({4})), cupp::value_error,
                          "operands could not be broadcast together with shapes (3,2) (4,)");
}

TEST_CASE("special functions of 0-d, empty and strided arrays", "[special][ufunc]") {
  const ndarray<double> zero_d = sp::expit(cupp::full<double>({}, 0.0));
  CHECK(zero_d.ndim() == 0);
  CHECK(zero_d.item() == 0.5);
  const ndarray<float> empty = sp::expit(cupp::zeros<float>({0, 3}));
  CHECK(empty.shape() == cupp::shape_t{0, 3});
  // a transposed operand: element (i, j) of the result is f of element (j, i) of the input
  const auto a = cupp::linspace<double>(-3, 3, 12).reshape({3, 4});
  const ndarray<double> t = sp::expit(a.T());
  const auto ha = a.get(), ht = t.get();
  for (std::size_t i = 0; i < 4; ++i)
    for (std::size_t j = 0; j < 3; ++j)
      CHECK(ht[i * 3 + j] == host_expit(ha[j * 4 + i]));
}

TEST_CASE("special functions write into out=", "[special][ufunc]") {
  const auto x = cupp::linspace<double>(-1, 1, 5);
  ndarray<double> out = cupp::empty<double>({5});
  const ndarray<double> r = sp::expit(x, out);
  CHECK(r.data() == out.data());
  CHECK(out.get()[2] == 0.5);
  // same-kind casting: a float64 result into float32, as NumPy's out=
  ndarray<float> narrow = cupp::empty<float>({2, 5});
  (void)sp::xlogy(x, 2.0, narrow); // broadcasts into the output's shape
  CHECK(narrow.get()[9] == static_cast<float>(std::log(2.0)));
  CHECK_THROWS_WITH_WORDS((void)sp::expit(x, cupp::empty<double>({4})), cupp::value_error,
                          "could not be broadcast", "(5,) (4,)");
}

TEST_CASE("special functions fuse into reductions and other expressions", "[special][ufunc]") {
  const auto x = cupp::linspace<double>(-4, 4, 1001);
  const double total = cupp::sum(sp::expit(x)).item();
  double want = 0;
  for (const double v : x.get())
    want += host_expit(v);
  CHECK(total == Approx(want).epsilon(1e-13));
  // expit(x) + expit(-x) == 1 for every x: a lazy expression of two special functions
  const ndarray<double> ones = sp::expit(x) + sp::expit(-x);
  for (const double v : ones.get())
    CHECK(v == Approx(1.0).epsilon(1e-15));
  // logit inverts expit
  const ndarray<double> back = sp::logit(sp::expit(x));
  const auto hx = x.get(), hb = back.get();
  for (std::size_t i = 0; i < hx.size(); ++i)
    CHECK(hb[i] == Approx(hx[i]).margin(1e-12));
}
