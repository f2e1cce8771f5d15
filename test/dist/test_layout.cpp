// cupp::dist's layouts: the block partition, the array's checks, distribute / scatter / gather /
// replicate / reshard between every pair of layouts, the collectives (native and reduced by cupp
// after an allgather), creation, and .npy files written and read by every rank.
#include "dist_testing.hpp"

#include <cupp/io/npy.hpp>

#include <filesystem>
#include <numeric>
#include <unistd.h>

using namespace dist_test;
using cupp_test::device_values;

TEST_CASE("block_of splits as np.array_split", "[dist][partition]") {
  for (cp::index_t n : {0, 1, 2, 5, 7, 64, 1001})
    for (int p : {1, 2, 3, 4, 7}) {
      cp::index_t next = 0;
      for (int k = 0; k < p; ++k) {
        const dist::block b = dist::block_of(n, p, k);
        CHECK(b.start == next);
        // NumPy: the first n % p parts have n / p + 1 elements, the rest n / p
        CHECK(b.count == n / p + (k < n % p ? 1 : 0));
        next += b.count;
      }
      CHECK(next == n);
    }
}

TEMPLATE_TEST_CASE("distribute, gather, replicate and reshard keep every value", "[dist][exchange]",
                   float, std::int64_t, bool, cp::complex64) {
  const dist::communicator c = dist::world();
  const cp::shape_t shape =
      GENERATE(cp::shape_t{0}, cp::shape_t{1}, cp::shape_t{7}, cp::shape_t{5, 3},
               cp::shape_t{3, 8, 5}, cp::shape_t{2, 0, 3}, cp::shape_t{1, 6});
  const cp::ndarray<TestType> global = device_values<TestType>(shape, 3);
  for (const dist::sharding from : layouts(global.ndim())) {
    const dist::array<TestType> a = dist::distribute(c, global, from);
    CHECK(a.shape() == shape);
    CHECK(a.local().shape() == dist::array<TestType>::local_shape(c, shape, from, c.rank()));
    const auto g = dist::gather(a, c.size() - 1);
    CHECK(g.has_value() == (c.rank() == c.size() - 1));
    if (g) check_equal(*g, global);
    for (const dist::sharding to : layouts(global.ndim())) {
      const dist::array<TestType> b = dist::reshard(a, to);
      CHECK(b.layout() == to);
      CHECK(b.local().shape() == dist::array<TestType>::local_shape(c, shape, to, c.rank()));
      // the block is the global array's block (what distribute takes without communication)
      check_equal(cp::ndarray<TestType>(b.local().copy()),
                  cp::ndarray<TestType>(dist::distribute(c, global, to).local().copy()));
    }
    check_equal(whole(a), global);
  }
}

TEST_CASE("scatter sends root's array; non-contiguous and reversed inputs", "[dist][exchange]") {
  const dist::communicator c = dist::world();
  const cp::ndarray<double> base = device_values<double>({6, 9}, 1);
  // a transposed view with a reversed axis: neither C- nor F-contiguous
  const cp::ndarray<double> global = base.T()(cp::slice(cp::none, cp::none, -1));
  for (const dist::sharding s : layouts(2))
    for (const int root : {0, c.size() - 1}) {
      // only root's data counts: the others pass an empty array
      const cp::ndarray<double> mine = c.rank() == root ? global : cp::ndarray<double>();
      const dist::array<double> a = dist::scatter(c, mine, s, root);
      CHECK(a.shape() == global.shape());
      check_equal(whole(a), cp::ndarray<double>(global.copy()));
    }
  const cp::ndarray<int> scalar = cp::full<int>({}, 42);
  const dist::array<int> r = dist::scatter(c, scalar, dist::replicated);
  CHECK(r.local().item() == 42);
}

TEST_CASE("an array refuses a block of the wrong shape", "[dist][errors]") {
  const dist::communicator c = dist::world();
  const cp::shape_t wrong{c.size() + 5, 2}; // every rank's block of 4 rows is not this
  try {
    (void)dist::array<float>(c, {4, 2}, dist::sharding{0}, cp::zeros<float>(wrong));
    FAIL("no error");
  } catch (const cp::value_error& e) {
    CHECK_THAT(e.what(), Catch::Matchers::Contains("block has shape") &&
                             Catch::Matchers::Contains("split along axis 0"));
  }
  CHECK_THROWS_AS(dist::distribute(c, cp::zeros<float>({3}), dist::sharding{1}), cp::axis_error);
}

TEMPLATE_TEST_CASE("allreduce: every operation, native or reduced after an allgather",
                   "[dist][collectives]", std::int32_t, std::int16_t, double, cp::float16, bool) {
  const dist::communicator c = dist::world();
  // rank r contributes value_at(i + 10 r): the reference is a host loop over the ranks
  const cp::ndarray<TestType> mine = device_values<TestType>({5}, 10 * c.rank());
  for (const auto op : {dist::reduce_op::sum, dist::reduce_op::max, dist::reduce_op::min}) {
    if (std::is_same_v<TestType, bool> && op == dist::reduce_op::sum) continue;
    std::vector<double> want(5);
    for (int i = 0; i < 5; ++i) {
      for (int r = 0; r < c.size(); ++r) {
        const double v = static_cast<double>(cupp_test::value_at<TestType>(i + 10 * r));
        want[i] = r == 0                       ? v
                  : op == dist::reduce_op::sum ? want[i] + v
                  : op == dist::reduce_op::max ? std::max(want[i], v)
                                               : std::min(want[i], v);
      }
    }
    const std::vector<TestType> got = dist::allreduce(c, mine, op).get();
    for (int i = 0; i < 5; ++i)
      CHECK(static_cast<double>(got[i]) == want[i]);
  }
}

TEST_CASE("allreduce of complex: sums, products and NumPy's lexicographic order",
          "[dist][collectives]") {
  const dist::communicator c = dist::world();
  // the real parts tie across ranks for even i: the imaginary parts decide
  std::vector<cp::complex128> h(4);
  for (int i = 0; i < 4; ++i)
    h[i] = cp::complex128(i % 2 ? cupp_test::value_at<double>(i + c.rank()) : 1.0,
                          cupp_test::value_at<double>(i + 3 * c.rank()));
  const cp::ndarray<cp::complex128> mine = cp::asarray(h);
  const std::vector<cp::complex128> got_sum = dist::allreduce(c, mine, dist::reduce_op::sum).get();
  const std::vector<cp::complex128> got_max = dist::allreduce(c, mine, dist::reduce_op::max).get();
  const std::vector<cp::complex128> got_min = dist::allreduce(c, mine, dist::reduce_op::min).get();
  const std::vector<cp::complex128> all = dist::allgather(c, mine).get();
  auto less = [](cp::complex128 x, cp::complex128 y) {
    return x.real() < y.real() || (x.real() == y.real() && x.imag() < y.imag());
  };
  for (int i = 0; i < 4; ++i) {
    cp::complex128 sum{}, hi = all[i], lo = all[i];
    for (int r = 0; r < c.size(); ++r) {
      const cp::complex128 v = all[r * 4 + i];
      sum += v;
      if (less(hi, v)) hi = v;
      if (less(v, lo)) lo = v;
    }
    CHECK(magnitude(got_sum[i] - sum) <= 1e-12 * (1 + magnitude(sum)));
    CHECK(got_max[i] == hi);
    CHECK(got_min[i] == lo);
  }
}

TEST_CASE("allgather, broadcast and the host-value forms", "[dist][collectives]") {
  const dist::communicator c = dist::world();
  const cp::ndarray<int> mine = cp::full<int>({2}, c.rank() + 1);
  const cp::ndarray<int> all = dist::allgather(c, mine);
  REQUIRE(all.shape() == cp::shape_t{c.size(), 2});
  const std::vector<int> v = all.get();
  for (int r = 0; r < c.size(); ++r)
    CHECK((v[2 * r] == r + 1 && v[2 * r + 1] == r + 1));
  cp::ndarray<int> b = cp::full<int>({3}, c.rank());
  dist::broadcast(c, b, c.size() - 1);
  CHECK(b.get() == std::vector<int>(3, c.size() - 1));
  CHECK(dist::broadcast_values(c, std::vector<long>{c.rank() * 2L}, 0) == std::vector<long>{0});
  CHECK(dist::allgather_values(c, std::vector<short>{short(c.rank())}).size() ==
        std::size_t(c.size()));
  CHECK(!c.engine().empty());
}

TEST_CASE("creation fills each block with the one-device values", "[dist][creation]") {
  const dist::communicator c = dist::world();
  for (const cp::index_t n : {0, 1, 3, 10, 1000}) {
    check_equal(whole(dist::arange<double>(c, double(n))), cp::arange<double>(n));
    check_equal(whole(dist::arange<std::int64_t>(c, 3, 3 + 2.0 * n, 2)),
                cp::arange<std::int64_t>(3, 3 + 2 * n, 2));
    check_equal(whole(dist::arange<float>(c, 0.5, 0.5 + 0.1 * n, 0.1)),
                cp::arange<float>(0.5, 0.5 + 0.1 * n, 0.1));
  }
  for (const dist::sharding s : layouts(2)) {
    check_equal(whole(dist::zeros<int>(c, {3, 5}, s)), cp::zeros<int>({3, 5}));
    check_equal(whole(dist::ones<float>(c, {3, 5}, s)), cp::ones<float>({3, 5}));
    check_equal(whole(dist::full<double>(c, {4, 2}, 2.5, s)), cp::full<double>({4, 2}, 2.5));
  }
  CHECK_THROWS_AS(dist::arange<double>(c, 0, 1, 0), cp::value_error);
}

TEST_CASE(".npy files written and read by every rank", "[dist][io]") {
  const dist::communicator c = dist::world();
  // one path for the whole job: rank 0's pid
  const long job = dist::broadcast_values(c, std::vector<long>{long(getpid())}, 0)[0];
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("cupp_dist_" + std::to_string(job) + ".npy");
  for (const cp::shape_t& shape : {cp::shape_t{7, 3}, cp::shape_t{0, 4}, cp::shape_t{5},
                                   cp::shape_t{2, 3, 4}, cp::shape_t{}}) {
    const cp::ndarray<float> global = device_values<float>(shape, 2);
    for (const dist::sharding s : layouts(global.ndim())) {
      dist::save(path, dist::distribute(c, global, s));
      // what NumPy's reader (cupp::load) sees is the whole array
      check_equal(cp::load<float>(path), cp::ndarray<float>(global.copy()));
      for (const dist::sharding t : layouts(global.ndim()))
        check_equal(whole(dist::load<float>(c, path, t)), cp::ndarray<float>(global.copy()));
      c.barrier(); // everyone has read it before it is written again
    }
  }
  // a file a rank cannot write or read: every rank raises (none waits for the others)
  const std::filesystem::path nowhere = path.parent_path() / "no_such_dir" / "x.npy";
  CHECK_THROWS_AS(dist::save(nowhere, dist::zeros<float>(c, {4})), cp::io_error);
  CHECK_THROWS_AS(dist::load<float>(c, nowhere), cp::io_error);
  // 0-d arrays are replicated whatever the sharding asked
  dist::save(path, dist::full<float>(c, {}, 2.5f));
  CHECK(dist::load<float>(c, path).local().item() == 2.5f);
  c.barrier();
  if (c.rank() == 0) cp::save(path, cp::zeros<int>({3}));
  c.barrier();
  CHECK_THROWS_AS(dist::load<float>(c, path), cp::type_error);
  c.barrier();
  if (c.rank() == 0) std::filesystem::remove(path);
}

TEST_CASE("run_on_devices: one process, a thread and a rank a device", "[dist][local]") {
  if (std::string(cp::backend_name) == "host") {
    CHECK_THROWS_WITH(dist::run_on_devices(2, [](const dist::communicator&) {}),
                      Catch::Matchers::Contains("needs NCCL"));
    return;
  }
  const int n = cp::device_count();
  // Catch's assertions are not for several threads: each thread leaves its results here
  std::vector<double> sums(n), ranks(n);
  dist::run_on_devices(n, [&](const dist::communicator& c) {
    sums[c.rank()] = dist::sum(dist::arange<double>(c, 100.0)).local().item();
    ranks[c.rank()] = c.size() == n && cp::current_device() == c.rank();
  });
  for (int k = 0; k < n; ++k)
    CHECK((sums[k] == 4950.0 && ranks[k] == 1.0));
  CHECK_THROWS_AS(dist::run_on_devices(n + 1, [](const dist::communicator&) {}), cp::value_error);
}
