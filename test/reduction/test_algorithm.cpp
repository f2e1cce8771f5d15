// The STL-style algorithms on device ranges, against host loops: over raw device pointers, an
// ndarray's (strided) iterator and Thrust fancy iterators.
#include "common/testing.hpp"

#include <cupp/algorithm.hpp>
#include <cupp/detail/reduce.hpp>

#include <thrust/iterator/counting_iterator.h>

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
