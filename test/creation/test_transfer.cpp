// Host <-> device transfer: asarray from host containers and pointers, copies back.
#include "common/testing.hpp"

#include <cupp/creation.hpp>
#include <cupp/math/arithmetic.hpp>
#include <cupp/memory/pool.hpp>

using namespace cupp_test;

TEMPLATE_LIST_TEST_CASE("asarray round-trips host data", "[creation][transfer]", numeric_dtypes) {
  const auto n = GENERATE(as<std::int64_t>{}, 0, 1, 17, 4096, 100001);
  const auto v = host_values<TestType>(n);
  const auto a = cupp::asarray(v);
  CHECK(a.shape() == cupp::shape_t{n});
  CHECK(host(a) == v);
  CHECK(cupp::asnumpy(a) == v);
  if (n == 4096) {
    const auto m = cupp::asarray(v.data(), {64, 64});
    CHECK(m.shape() == cupp::shape_t{64, 64});
    std::vector<TestType> back(4096);
    m.get(back.data());
    CHECK(back == v);
  }
}

TEST_CASE("asarray from braced lists", "[creation][transfer]") {
  const auto a = cupp::asarray({1.5f, 2.5f});
  STATIC_REQUIRE(std::is_same_v<decltype(a), const cupp::ndarray<float>>);
  CHECK(host(a) == std::vector<float>{1.5f, 2.5f});
  const auto m = cupp::asarray<int>({{1, 2, 3}, {4, 5, 6}});
  CHECK(m.shape() == cupp::shape_t{2, 3});
  CHECK(host(m) == std::vector<int>{1, 2, 3, 4, 5, 6});
  const auto b = cupp::asarray({true, false});
  CHECK(host(b) == std::vector<bool>{true, false});
  const auto bm = cupp::asarray<bool>({{true, false, false}, {false, true, true}});
  CHECK(bm.shape() == cupp::shape_t{2, 3});
  CHECK(host(bm) == std::vector<bool>{true, false, false, false, true, true});
  CHECK(cupp::asarray<bool>({{true}, {false}}).shape() == cupp::shape_t{2, 1});
  CHECK(cupp::asarray(std::vector<double>{}).size() == 0);
  CHECK_THROWS_WITH_WORDS((cupp::asarray<int>({{1, 2}, {3}})), cupp::value_error,
                          "inhomogeneous shape");
}

TEST_CASE("large transfers around the staging chunk sizes round-trip", "[creation][transfer]") {
  // 1 MiB starts the staged path; chunks are 4 MiB with 4 buffers in flight
  const auto n = GENERATE(as<std::int64_t>{}, (1 << 18) - 1, 1 << 18, (1 << 20) + 3,
                          3 * (1 << 20) + 1, 9 * (1 << 20) + 7, 20'000'000);
  std::vector<std::int32_t> v(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i)
    v[static_cast<std::size_t>(i)] = static_cast<std::int32_t>(i * 2654435761u);
  const auto a = cupp::asarray(v);
  std::vector<std::int32_t> back(v.size(), 0);
  a.get(back.data());
  CHECK(back == v);
  // the device copy is independent of the host data once asarray returns
  v[0] = -1;
  v[static_cast<std::size_t>(n - 1)] = -1;
  const auto h = host(a);
  CHECK(h[0] == 0);
  CHECK(h[static_cast<std::size_t>(n - 1)] == static_cast<std::int32_t>((n - 1) * 2654435761u));
}

TEST_CASE("transfers from and to pinned memory", "[creation][transfer]") {
  auto& pinned = cupp::get_default_pinned_memory_pool();
  const std::int64_t n = 3 << 20;
  auto* buf = static_cast<float*>(pinned.allocate(n * sizeof(float)));
  for (std::int64_t i = 0; i < n; ++i)
    buf[i] = static_cast<float>(i % 1000);
  const auto a = cupp::asarray(buf, {n});
  std::vector<float> back(static_cast<std::size_t>(n));
  a.get(back.data());
  for (std::int64_t i = 0; i < n; i += 9973)
    CHECK(back[static_cast<std::size_t>(i)] == static_cast<float>(i % 1000));
  std::fill(buf, buf + n, 0.0f);
  cupp::ndarray<float>(a * 2.0f).get(buf); // evaluate, then copy into the pinned buffer
  CHECK(buf[999] == 1998.0f);
  pinned.deallocate(buf, n * sizeof(float));
}
