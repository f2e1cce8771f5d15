// sort/argsort's kind= (issue 13): NumPy's spellings are accepted (the first letter decides, as in
// NumPy), the stable kinds are stable (against std::stable_sort on the host, with many equal keys),
// an unknown kind raises NumPy's value_error, and -0.0 ties with 0.0 (stable order, signs kept).
#include "common/testing.hpp"

#include <cupp/sorting/sets.hpp>
#include <cupp/sorting/sort.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>

using namespace cupp_test;
namespace cp = cupp;
using i64 = std::int64_t;

namespace {
// the stable argsort of each row of a (rows, len) C-order matrix, on the host
template <class T>
std::vector<i64> host_stable_argsort(const std::vector<T>& v, i64 rows, i64 len) {
  std::vector<i64> out;
  for (i64 r = 0; r < rows; ++r) {
    std::vector<i64> p(static_cast<std::size_t>(len));
    std::iota(p.begin(), p.end(), 0);
    std::stable_sort(p.begin(), p.end(), [&](i64 x, i64 y) {
      return v[std::size_t(r * len + x)] < v[std::size_t(r * len + y)];
    });
    out.insert(out.end(), p.begin(), p.end());
  }
  return out;
}
} // namespace

TEST_CASE("sort and argsort accept NumPy's kinds", "[sorting][sort]") {
  const auto a = device_values<float>({4, 9});
  const auto sorted = cp::sort(a), sorted0 = cp::sort(a, 0);
  const auto order = cp::argsort(a);
  for (const char* kind : {"quicksort", "mergesort", "heapsort", "stable", "quick", "heap",
                           "Stable", "QUICKSORT", "m"}) {
    CAPTURE(kind);
    CHECK(host(cp::sort(a, -1, kind)) == host(sorted));
    CHECK(host(cp::sort(a, 0, kind)) == host(sorted0));
    CHECK(host(cp::argsort(a, -1, kind)) == host(order));
    CHECK(host(cp::sort(a, cp::none, kind)) == host(cp::sort(cp::ravel(a))));
  }
  for (const char* kind : {"", "bogo", "radix", "timsort", " quicksort"}) {
    CAPTURE(kind);
    CHECK_THROWS_WITH_WORDS(cp::sort(a, -1, kind), cp::value_error,
                            "sort kind must be one of 'quick', 'heap', or 'stable' (got '" +
                                std::string(kind) + "')");
    CHECK_THROWS_AS(cp::argsort(a, 0, kind), cp::value_error);
  }
}

TEST_CASE("the stable kinds keep equal keys in input order", "[sorting][sort]") {
  for (const i64 len : {1, 7, 130, 4099, 100000}) {
    for (const i64 rows : {1, 3}) {
      CAPTURE(len, rows);
      // few distinct keys: long runs of equal values to keep in order
      std::vector<std::int32_t> v(static_cast<std::size_t>(rows * len));
      for (std::size_t i = 0; i < v.size(); ++i)
        v[i] = static_cast<std::int32_t>((i * 7919) % 5) - 2;
      const auto a = cp::asarray(v).reshape({rows, len});
      const auto expected = host_stable_argsort(v, rows, len);
      for (const char* kind : {"stable", "mergesort", "quicksort", "heapsort"}) {
        CAPTURE(kind);
        CHECK(host(cp::argsort(a, -1, kind)) == expected);
      }
      // along axis 0 of the transposed matrix: the same columns
      CHECK(host(cp::argsort(a.transpose(), 0, "stable").transpose().copy()) == expected);
    }
  }
  // floats with NaN (last) and -0.0 next to 0.0
  const std::vector<double> f = {2.0, std::nan(""), -1.0, 2.0, 0.0, std::nan(""), -1.0, 2.0};
  CHECK(host(cp::argsort(cp::asarray(f), -1, "stable")) ==
        std::vector<i64>{2, 6, 4, 0, 3, 7, 1, 5});
}

TEMPLATE_TEST_CASE("-0.0 and 0.0 are equal keys: the stable argsort keeps their order",
                   "[sorting][sort]", float, double, cupp::float16) {
  using T = TestType;
  const T z(0.0f), nz(-0.0f), one(1.0f);
  const auto a = cp::asarray(std::vector<T>{z, nz, one, nz, z, nz});
  // np.argsort([0., -0., 1., -0., 0., -0.], kind="stable")
  CHECK(host(cp::argsort(a, -1, "stable")) == std::vector<i64>{0, 1, 3, 4, 5, 2});
  // sort keeps each zero's sign (the five zeros, three of them negative, then 1)
  const auto s = host(cp::sort(a));
  int negative = 0;
  for (int i = 0; i < 5; ++i) {
    CHECK(static_cast<float>(s[std::size_t(i)]) == 0.0f);
    negative += std::signbit(static_cast<float>(s[std::size_t(i)]));
  }
  CHECK(negative == 3);
  CHECK(static_cast<float>(s[5]) == 1.0f);
  // np.unique_all([0., -0., 1.]): the first zero in input order stands for both
  const auto u = cp::unique_all(cp::asarray(std::vector<T>{z, nz, one}));
  CHECK(host(u.indices) == std::vector<i64>{0, 2});
  CHECK(host(u.counts) == std::vector<i64>{2, 1});
  CHECK_FALSE(std::signbit(static_cast<float>(host(u.values)[0])));
}

TEST_CASE("complex parts -0.0 and 0.0 are equal keys", "[sorting][sort]") {
  using C = cp::complex128;
  const auto a = cp::asarray(
      std::vector<C>{C(0.0, 0.0), C(-0.0, 0.0), C(0.0, -0.0), C(-0.0, -0.0), C(-1.0, 0.0)});
  CHECK(host(cp::argsort(a)) == std::vector<i64>{4, 0, 1, 2, 3});
}
