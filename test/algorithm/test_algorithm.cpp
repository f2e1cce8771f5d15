// The STL-style algorithms on device ranges, against host loops: over raw device pointers, an
// ndarray's (strided) iterator and Thrust fancy iterators.
#include "common/testing.hpp"

#include <cupp/algorithm.hpp>
#include <cupp/detail/reduce.hpp>
#include <cupp/interop/thrust.hpp>

#include <thrust/device_ptr.h>
#include <thrust/iterator/counting_iterator.h>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace cupp_test;
using i64 = std::int64_t;

namespace {
struct max_op {
  CUPP_HD i64 operator()(i64 a, i64 b) const { return a < b ? b : a; }
};
} // namespace

TEST_CASE("reduce, scans and segmented reduce on device ranges", "[algorithm]") {
  const auto n = GENERATE(as<i64>{}, 1, 7, 1000, 100003);
  const auto a = device_values<i64>({n});
  const auto h = host(a);
  i64 total = 0, biggest = h[0];
  for (auto x : h) {
    total += x;
    biggest = std::max(biggest, x);
  }
  CHECK(cupp::reduce(a.data(), a.data() + n, i64{0}, cupp::detail::plus{}).item() == total);
  CHECK(cupp::reduce(a.begin(), a.end(), h[0], max_op{}).item() == biggest);
  // a strided view's iterator: every other element, reversed
  const auto r = a(cupp::slice(cupp::none, cupp::none, -2));
  i64 rt = 0;
  for (auto x : host(r))
    rt += x;
  CHECK(cupp::reduce(r.begin(), r.end(), i64{0}, cupp::detail::plus{}).item() == rt);

  auto out = cupp::empty<i64>({n});
  cupp::inclusive_scan(a.begin(), a.end(), out.data(), cupp::detail::plus{});
  const auto inc = host(out);
  cupp::exclusive_scan(a.data(), a.data() + n, out.data(), i64{5}, cupp::detail::plus{});
  const auto exc = host(out);
  i64 acc = 0;
  for (i64 i = 0; i < n; ++i) {
    CHECK(exc[static_cast<std::size_t>(i)] == acc + 5);
    acc += h[static_cast<std::size_t>(i)];
    CHECK(inc[static_cast<std::size_t>(i)] == acc);
  }

  // segments of a counting iterator: [0, 3), [3, 3), [3, n)
  const auto offsets = cupp::asarray<i64>({0, 3, 3, std::max<i64>(n, 3)});
  auto sums = cupp::empty<i64>({3});
  cupp::segmented_reduce(thrust::counting_iterator<i64>(0), 3, offsets.data(), offsets.data() + 1,
                         sums.data(), i64{0}, cupp::detail::plus{});
  const i64 last = std::max<i64>(n, 3);
  CHECK(host(sums) == std::vector<i64>{3, 0, last * (last - 1) / 2 - 3});
}

namespace {
struct times3 {
  CUPP_HD i64 operator()(i64 x) const { return 3 * x; }
};
struct is_odd {
  CUPP_HD bool operator()(i64 x) const { return x % 2 != 0; }
};
struct write_square {
  i64* out;
  CUPP_HD void operator()(i64 i) const { out[i] = i * i; }
};
} // namespace

TEST_CASE("transform, for_each_index, sort and copy_if on device ranges", "[algorithm]") {
  const auto n = GENERATE(as<i64>{}, 0, 1, 7, 1000, 100003);
  const auto a = device_values<i64>({n});
  const auto h = host(a);
  auto out = cupp::empty<i64>({n});

  // transform from a reversed strided view into raw memory
  const auto r = a(cupp::slice(cupp::none, cupp::none, -1));
  cupp::transform(r.begin(), r.end(), out.data(), times3{});
  const auto t = host(out);
  for (i64 i = 0; i < n; ++i)
    CHECK(t[static_cast<std::size_t>(i)] == 3 * h[static_cast<std::size_t>(n - 1 - i)]);

  cupp::for_each_index(n, write_square{out.data()});
  const auto sq = host(out);
  for (i64 i = 0; i < n; ++i)
    CHECK(sq[static_cast<std::size_t>(i)] == i * i);

  // sort in place through raw pointers, and through thrust::device_ptr
  auto s = a.copy();
  cupp::sort(s.data(), s.data() + n);
  auto expected = h;
  std::sort(expected.begin(), expected.end());
  CHECK(host(s) == expected);
  auto s2 = a.copy();
  cupp::sort(thrust::device_pointer_cast(s2.data()), thrust::device_pointer_cast(s2.data() + n));
  CHECK(host(s2) == expected);

  // copy_if keeps the order; the count stays on the device until item()
  const auto count = cupp::copy_if(a.begin(), a.end(), out.data(), is_odd{});
  std::vector<i64> odd;
  for (auto x : h)
    if (x % 2 != 0) odd.push_back(x);
  REQUIRE(count.item() == static_cast<i64>(odd.size()));
  const auto got = host(out);
  CHECK(std::vector<i64>(got.begin(), got.begin() + static_cast<std::ptrdiff_t>(odd.size())) ==
        odd);
}

TEST_CASE("sort of floats on a device range puts NaN last", "[algorithm]") {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  auto a = cupp::asarray<float>({3.0f, nan, -0.0f, -2.5f, 1e30f, nan, 0.0f});
  cupp::sort(a.data(), a.data() + a.size());
  const auto h = host(a);
  CHECK(h[0] == -2.5f);
  CHECK(std::signbit(h[1])); // -0.0 first: before 0.0 in the input, and in the keys
  CHECK(h[2] == 0.0f);
  CHECK(h[3] == 3.0f);
  CHECK(h[4] == 1e30f);
  CHECK(std::isnan(h[5]));
  CHECK(std::isnan(h[6]));
}
