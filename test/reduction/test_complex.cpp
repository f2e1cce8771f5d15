// Reductions, scans, sorting and searching of complex arrays against NumPy's results (computed
// with NumPy 2.4 and written out here): lexicographic order with NaN in either part, real var/std.
#include "common/complex_testing.hpp"

#include <cupp/reduction/order.hpp>
#include <cupp/reduction/reduce.hpp>
#include <cupp/reduction/scan.hpp>
#include <cupp/sorting/search.hpp>
#include <cupp/sorting/sets.hpp>
#include <cupp/sorting/sort.hpp>

#include <limits>

using cupp::complex128;
using cupp::complex64;

namespace {
using cupp_test::host;
using cupp_test::pinf;
using cupp_test::qnan;
} // namespace

TEMPLATE_TEST_CASE("complex sum, prod, mean, var, std and the scans", "[reduction][complex]",
                   complex64, complex128) {
  using T = TestType;
  using F = cupp::real_t<T>;
  const auto c = cupp::asarray<T>({T(1, 2), T(3, -1), T(-0.5, 0.25), T(2, 2)});
  CHECK(cupp::sum(c).item() == T(5.5, 3.25));
  CHECK(cupp::prod(c).item() == T(-5, -10));
  CHECK(cupp::mean(c).item() == T(1.375, 0.8125));
  STATIC_REQUIRE(std::is_same_v<typename decltype(cupp::var(c))::value_type, F>);
  CHECK(cupp::var(c).item() == Approx(3.27734375).epsilon(1e-6));
  CHECK(cupp::std(c).item() == Approx(1.8103435).epsilon(1e-6));
  CHECK(cupp::var(c, cupp::all_axes, 1).item() == Approx(4.3697915).epsilon(1e-6));
  CHECK(host(cupp::cumsum(c)) == std::vector<T>{T(1, 2), T(4, 1), T(3.5, 1.25), T(5.5, 3.25)});
  CHECK(host(cupp::cumprod(c)) == std::vector<T>{T(1, 2), T(5, 5), T(-3.75, -1.25), T(-5, -10)});
  // along an axis, of a transposed view: the same kernels as every other dtype
  const auto m = cupp::asarray<T>({{T(1, 1), T(2, -1)}, {T(0, 3), T(-1, 0)}}).transpose();
  CHECK(host(cupp::sum(m, 1)) == std::vector<T>{T(1, 4), T(1, -1)});
  CHECK(host(cupp::mean(m, 0)) == std::vector<T>{T(1.5, 0), T(-0.5, 1.5)});
  CHECK(host(cupp::var(m, 1)) == std::vector<F>{1.25, 2.5});
  // nan-variants skip elements with NaN in either part
  const auto d = cupp::asarray<T>({T(1, 2), T(F(qnan), 1), T(3, -1)});
  CHECK(cupp::nansum(d).item() == T(4, 1));
  CHECK(cupp::nanprod(d).item() == T(5, 5));
  CHECK(cupp::nanmean(d).item() == T(2, 0.5));
  CHECK(cupp::nanvar(d).item() == F(3.25));
  CHECK(host(cupp::nancumsum(d)) == std::vector<T>{T(1, 2), T(1, 2), T(4, 1)});
  CHECK(cupp_test::same_complex(cupp::sum(d).item(), complex128(qnan, 2)));
  // count_nonzero, any, all: nonzero when either part is
  const auto z = cupp::asarray<T>({T(0, 0), T(0, 1), T(-0.0, 0), T(1, 0)});
  CHECK(cupp::count_nonzero(z).item() == 2);
  CHECK(!cupp::any(cupp::asarray<T>({T(0, 0), T(0, -0.0)})).item());
  CHECK(cupp::all(cupp::asarray<T>({T(0, 1), T(1, 0)})).item());
  // empty: sum is 0, mean NaN + 0j
  const auto e = cupp::zeros<T>({0});
  CHECK(cupp::sum(e).item() == T(0, 0));
  CHECK(std::isnan(cupp::mean(e).item().real()));
}

TEMPLATE_TEST_CASE("complex max, min, argmax, argmin in NumPy's order", "[reduction][complex]",
                   complex64, complex128) {
  using T = TestType;
  using F = cupp::real_t<T>;
  const auto b =
      cupp::asarray<T>({T(1, 2), T(1, 1), T(0, -1), T(2, 0), T(-F(pinf), 1), T(1, 1), T(3, -3)});
  CHECK(cupp::max(b).item() == T(3, -3));
  CHECK(cupp::min(b).item() == T(-F(pinf), 1));
  CHECK(cupp::argmax(b).item() == 6);
  CHECK(cupp::argmin(b).item() == 4);
  CHECK(cupp::ptp(b).item() == T(F(pinf), -4));
  // the first NaN (in either part) wins max, min, argmax, argmin; the nan-variants skip them
  const auto a = cupp::asarray<T>(
      {T(1, 2), T(1, 1), T(F(qnan), 0), T(0, -1), T(1, F(qnan)), T(2, 0), T(-F(pinf), 1), T(1, 1)});
  CHECK(cupp_test::same_complex(cupp::max(a).item(), complex128(qnan, 0)));
  CHECK(cupp_test::same_complex(cupp::min(a).item(), complex128(qnan, 0)));
  CHECK(cupp::argmax(a).item() == 2);
  CHECK(cupp::argmin(a).item() == 2);
  CHECK(cupp::nanmax(a).item() == T(2, 0));
  CHECK(cupp::nanmin(a).item() == T(-F(pinf), 1));
  CHECK(cupp::nanargmax(a).item() == 5);
  CHECK(cupp::nanargmin(a).item() == 6);
  // along an axis: equal real parts are ordered by the imaginary parts
  const auto m = cupp::asarray<T>({{T(1, 5), T(1, 7), T(0, 9)}, {T(-1, 0), T(-1, -2), T(-3, 8)}});
  CHECK(host(cupp::argmax(m, 1)) == std::vector<std::int64_t>{1, 0});
  CHECK(host(cupp::max(m, 0)) == std::vector<T>{T(1, 5), T(1, 7), T(0, 9)});
  CHECK(host(cupp::min(m, 1)) == std::vector<T>{T(0, 9), T(-3, 8)});
}

TEMPLATE_TEST_CASE("complex sort, argsort, unique, searchsorted, sort_complex",
                   "[sorting][complex]", complex64, complex128) {
  using T = TestType;
  using F = cupp::real_t<T>;
  const F n = F(qnan);
  // NumPy: [-pinf+1j, 0-1j, 1+1j, 1+1j, 1+2j, 2+0j, 1+nanj, qnan+0j] (NaN classes last)
  const auto a = cupp::asarray<T>(
      {T(1, 2), T(1, 1), T(n, 0), T(0, -1), T(1, n), T(2, 0), T(-F(pinf), 1), T(1, 1)});
  const auto s = host(cupp::sort(a));
  const std::vector<complex128> want{{-pinf, 1}, {0, -1}, {1, 1},    {1, 1},
                                     {1, 2},     {2, 0},  {1, qnan}, {qnan, 0}};
  REQUIRE(s.size() == want.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    INFO(i);
    CHECK(cupp_test::same_complex(s[i], want[i]));
  }
  CHECK(host(cupp::argsort(a)) == std::vector<std::int64_t>{6, 3, 1, 7, 0, 5, 4, 2});
  // every NaN class in order, and rows of a 2-D array sorted on their own
  const auto classes = cupp::asarray<T>({T(n, n), T(n, -1), T(5, n), T(n, -2), T(4, n), T(9, 9)});
  CHECK(host(cupp::argsort(classes)) == std::vector<std::int64_t>{5, 4, 2, 3, 1, 0});
  const auto m = cupp::asarray<T>({{T(2, 0), T(1, 5)}, {T(0, 1), T(0, -1)}});
  CHECK(host(cupp::sort(m, 1)) == std::vector<T>{T(1, 5), T(2, 0), T(0, -1), T(0, 1)});
  CHECK(host(cupp::sort(m, 0)) == std::vector<T>{T(0, 1), T(0, -1), T(2, 0), T(1, 5)});
  // unique: every complex NaN one value (NumPy 2.4 keeps the first NaN of the input, cupp the
  // first of the sorted order: they agree here)
  const auto u = host(cupp::unique(cupp::asarray<T>({T(1, n), T(1, 1), T(n, 1)})));
  REQUIRE(u.size() == 2);
  CHECK(u[0] == T(1, 1));
  CHECK(cupp_test::same_complex(u[1], complex128(1, qnan)));
  // searchsorted in the sorted order
  const auto sorted = cupp::sort(
      cupp::asarray<T>({T(1, 2), T(1, 1), T(0, -1), T(2, 0), T(-F(pinf), 1), T(1, 1), T(3, -3)}));
  const auto q = cupp::asarray<T>({T(1, 1), T(1, 1.5), T(-F(pinf), 0), T(10, 0)});
  CHECK(host(cupp::searchsorted(sorted, q)) == std::vector<std::int64_t>{2, 4, 0, 7});
  CHECK(host(cupp::searchsorted(sorted, cupp::asarray<T>({T(1, 1)}), cupp::side::right)) ==
        std::vector<std::int64_t>{4});
  // sort_complex: complex input sorts; small integers give complex64, other reals complex128
  CHECK(host(cupp::sort_complex(cupp::asarray<T>({T(2, 1), T(2, -1)}))) ==
        std::vector<T>{T(2, -1), T(2, 1)});
  STATIC_REQUIRE(std::is_same_v<decltype(cupp::sort_complex(cupp::ndarray<std::int8_t>{})),
                                cupp::ndarray<complex64>>);
  STATIC_REQUIRE(std::is_same_v<decltype(cupp::sort_complex(cupp::ndarray<float>{})),
                                cupp::ndarray<complex128>>);
  CHECK(host(cupp::sort_complex(cupp::asarray<std::int8_t>({3, 1, 2}))) ==
        std::vector<complex64>{1, 2, 3});
  // sizes 0 and 1, and a long run (several blocks of the sort)
  CHECK(cupp::sort(cupp::zeros<T>({0})).size() == 0);
  CHECK(host(cupp::sort(cupp::asarray<T>({T(n, 1)})))[0].imag() == F(1));
  std::vector<T> big(5000);
  for (std::size_t i = 0; i < big.size(); ++i)
    big[i] = T(F((i * 7919) % 13), F((i * 104729) % 101));
  const auto sb = host(cupp::sort(cupp::asarray(big)));
  for (std::size_t i = 1; i < sb.size(); ++i) {
    INFO(i);
    REQUIRE(!(sb[i].real() < sb[i - 1].real() ||
              (sb[i].real() == sb[i - 1].real() && sb[i].imag() < sb[i - 1].imag())));
  }
}

TEMPLATE_TEST_CASE("complex median in NumPy's order", "[reduction][complex]", complex64,
                   complex128) {
  using T = TestType;
  using F = cupp::real_t<T>;
  // NumPy: the middle of the lexicographic order, the mean of the two middles for even sizes
  CHECK(cupp::median(cupp::asarray<T>({T(1, 2), T(3, -1), T(0, 1), T(2, 2)})).item() == T(1.5, 2));
  CHECK(cupp::median(cupp::asarray<T>({T(3, -1), T(0, 1), T(2, 2)})).item() == T(2, 2));
  const auto m = cupp::asarray<T>({{T(1, 1), T(5, 0), T(2, -1)}, {T(0, 0), T(-1, 1), T(4, 4)}});
  CHECK(host(cupp::median(m, 1)) == std::vector<T>{T(2, -1), T(0, 0)});
  // a NaN part gives that element (NumPy: nan+1j); nanmedian skips it
  const auto d = cupp::asarray<T>({T(3, -1), T(F(qnan), 1), T(2, 2)});
  CHECK(cupp_test::same_complex(cupp::median(d).item(), complex128(qnan, 1)));
  CHECK(cupp::nanmedian(d).item() == T(2.5, 0.5));
}
