// dot / matmul against a host triple loop: layouts (transposed views use op flags, other strides
// are copied), vector cases, empty dimensions, errors.
#include "common/testing.hpp"

#include <cupp/core/context.hpp>
#include <cupp/linalg/dot.hpp>
#include <cupp/manipulation/join.hpp>
#include <cupp/manipulation/views.hpp>
#include <cupp/memory/pool.hpp>

#include <string_view>
#include <thread>
#include <vector>

using namespace cupp_test;

namespace {
template <class T>
std::vector<T> host_matmul(const std::vector<T>& a, const std::vector<T>& b, std::int64_t m,
                           std::int64_t k, std::int64_t n) {
  std::vector<T> c(static_cast<std::size_t>(m * n), T(0));
  for (std::int64_t i = 0; i < m; ++i)
    for (std::int64_t j = 0; j < n; ++j) {
      double acc = 0;
      for (std::int64_t p = 0; p < k; ++p)
        acc += static_cast<double>(a[i * k + p]) * static_cast<double>(b[p * n + j]);
      c[i * n + j] = static_cast<T>(acc);
    }
  return c;
}
template <class T> void check_near(const std::vector<T>& got, const std::vector<T>& want) {
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i)
    CHECK(got[i] == Approx(want[i]).epsilon(std::is_same_v<T, float> ? 1e-5 : 1e-12).margin(1e-4));
}
} // namespace

TEMPLATE_LIST_TEST_CASE("matrix products over layouts and sizes", "[linalg][dot]", float_dtypes) {
  using dims = std::tuple<std::int64_t, std::int64_t, std::int64_t>;
  const auto [m, k, n] = GENERATE(dims{1, 1, 1}, dims{3, 5, 2}, dims{33, 17, 65}, dims{128, 64, 1},
                                  dims{1, 100, 7}, dims{0, 3, 4}, dims{3, 0, 4}, dims{4, 3, 0});
  const auto a = device_values<TestType>({m, k}, 1);
  const auto b = device_values<TestType>({k, n}, 2);
  const auto want = host_matmul(host(a), host(b), m, k, n);
  const auto c = cupp::dot(a, b);
  CHECK(c.shape() == cupp::shape_t{m, n});
  check_near(host(c), want);
  check_near(host(cupp::matmul(a, b)), want);
  // the same product from transposed operands: (a^T)^T and (b^T)^T as views
  const auto at = cupp::ndarray<TestType>(a.transpose().copy()).transpose();
  const auto bt = cupp::ndarray<TestType>(b.transpose().copy()).transpose();
  check_near(host(cupp::dot(at, bt)), want);
  check_near(host(cupp::dot(a, bt)), want);
}

TEMPLATE_LIST_TEST_CASE("vector products", "[linalg][dot]", float_dtypes) {
  const auto x = device_values<TestType>({37}, 3);
  const auto y = device_values<TestType>({37}, 4);
  const auto hx = host(x), hy = host(y);
  double want = 0;
  for (std::size_t i = 0; i < hx.size(); ++i)
    want += double(hx[i]) * double(hy[i]);
  const auto d = cupp::dot(x, y);
  CHECK(d.ndim() == 0);
  CHECK(d.item() == Approx(want).epsilon(1e-6));
  CHECK(cupp::dot(reversed(x), reversed(y)).item() == Approx(want).epsilon(1e-6));
  CHECK(cupp::dot(every(x, 2), every(y, 2)).size() == 1);
  CHECK(cupp::dot(cupp::zeros<TestType>({0}), cupp::zeros<TestType>({0})).item() == 0);

  const auto m = device_values<TestType>({5, 37}, 6);
  const auto mv = host(cupp::dot(m, x));
  const auto want_mv = host_matmul(host(m), hx, 5, 37, 1);
  check_near(mv, want_mv);
  const auto vm = cupp::dot(x, m.transpose()); // (37,) @ (37,5)
  CHECK(vm.shape() == cupp::shape_t{5});
  check_near(host(vm), want_mv);
  check_near(host(cupp::matmul(m, reversed(x))), host_matmul(host(m), host(reversed(x)), 5, 37, 1));
}

namespace {
// matmul of stacks on the host: NumPy's broadcasting of the leading axes, vectors promoted
template <class T>
std::vector<T> host_stacked_matmul(const cupp::ndarray<T>& a, const cupp::ndarray<T>& b,
                                   const cupp::shape_t& out_batch, std::int64_t m, std::int64_t k,
                                   std::int64_t n) {
  auto full = [&](const cupp::ndarray<T>& x, std::int64_t r, std::int64_t c) {
    auto s = out_batch;
    s.push_back(r);
    s.push_back(c);
    return host(
        cupp::broadcast_to(x.reshape(x.ndim() == 1 ? cupp::shape_t{r, c} : x.shape()), s).copy());
  };
  const auto A = full(a, m, k), B = full(b, k, n);
  const std::int64_t count = cupp::shape_size(out_batch);
  std::vector<T> c;
  for (std::int64_t q = 0; q < count; ++q) {
    const std::vector<T> aq(A.begin() + q * m * k, A.begin() + (q + 1) * m * k);
    const std::vector<T> bq(B.begin() + q * k * n, B.begin() + (q + 1) * k * n);
    const auto cq = host_matmul(aq, bq, m, k, n);
    c.insert(c.end(), cq.begin(), cq.end());
  }
  return c;
}
} // namespace

TEMPLATE_LIST_TEST_CASE("matmul of stacks: broadcasting, vectors and layouts", "[linalg][dot]",
                        float_dtypes) {
  using T = TestType;
  using sh = cupp::shape_t;
  struct case_t {
    sh a, b, batch;
  };
  const auto c = GENERATE(case_t{{3, 4, 5}, {3, 5, 2}, {3}},       // equal batches
                          case_t{{4, 5}, {6, 5, 3}, {6}},          // one matrix against a stack
                          case_t{{2, 1, 4, 5}, {3, 5, 2}, {2, 3}}, // batch axes broadcast both ways
                          case_t{{5}, {2, 5, 3}, {2}},             // vector @ stack
                          case_t{{2, 3, 4, 5}, {5}, {2, 3}},       // stack @ vector
                          case_t{{0, 4, 5}, {5, 2}, {0}},          // empty batch
                          case_t{{2, 3, 0}, {2, 0, 4}, {2}});      // k == 0: zeros
  CAPTURE(c.a, c.b);
  const auto a = device_values<T>(c.a, 1);
  const auto b = device_values<T>(c.b, 2);
  const std::int64_t m = c.a.size() == 1 ? 1 : c.a[c.a.size() - 2], k = c.a[c.a.size() - 1];
  const std::int64_t n = c.b.size() == 1 ? 1 : c.b[c.b.size() - 1];
  const auto r = cupp::matmul(a, b);
  auto want_shape = c.batch;
  if (c.a.size() > 1) want_shape.push_back(m);
  if (c.b.size() > 1) want_shape.push_back(n);
  CHECK(r.shape() == want_shape);
  check_near(host(r), host_stacked_matmul(a, b, c.batch, m, k, n));
  if (c.a.size() == 3 && c.b.size() == 3 && c.a[0] > 0) {
    // transposed matrices (op flags), a reversed batch and every other matrix (strides), and a
    // batch whose strides are not uniform (copied) give the same products
    const auto at = a.swapaxes(1, 2).copy().swapaxes(1, 2);
    check_near(host(cupp::matmul(at, b)), host(r));
    const auto rev = cupp::flip(cupp::flip(a, 0).copy(), 0);
    check_near(host(cupp::matmul(rev, b)), host(r));
  }
}

TEST_CASE("matmul of stacks with strides that one batch stride cannot describe", "[linalg][dot]") {
  const auto big = device_values<double>({4, 3, 6, 5}, 3);
  const auto a = big(cupp::slice(0, 4, 2), cupp::slice(), cupp::slice(1, 5)); // (2, 3, 4, 5)
  const auto b = device_values<double>({3, 5, 2}, 4);
  const auto r = cupp::matmul(a, b);
  CHECK(r.shape() == cupp::shape_t{2, 3, 4, 2});
  check_near(host(r), host_stacked_matmul(a.copy(), b, {2, 3}, 4, 5, 2));
  CHECK_THROWS_WITH_WORDS(
      (void)cupp::matmul(cupp::zeros<float>({2, 4, 5}), cupp::zeros<float>({3, 5, 2})),
      cupp::value_error, "could not be broadcast");
}

TEST_CASE("dot and matmul errors read like NumPy", "[linalg][dot][errors]") {
  const auto a = cupp::zeros<float>({2, 3});
  const auto b = cupp::zeros<float>({4, 5});
  CHECK_THROWS_WITH_WORDS((void)cupp::dot(a, b), cupp::value_error,
                          "shapes (2,3) and (4,5) not aligned: 3 (dim 1) != 4 (dim 0)");
  CHECK_THROWS_WITH_WORDS((void)cupp::matmul(a, b), cupp::value_error,
                          "matmul: Input operand 1 has a mismatch in its core dimension 0",
                          "(size 4 is different from 3)");
  CHECK_THROWS_WITH_WORDS((void)cupp::matmul(cupp::zeros<float>({}), a), cupp::value_error,
                          "does not have enough dimensions");
  CHECK_THROWS_AS((void)cupp::dot(cupp::zeros<float>({2, 2, 2}), a), cupp::value_error);
  CHECK_THROWS_AS((void)cupp::dot(cupp::zeros<double>({3}), cupp::zeros<double>({4})),
                  cupp::value_error);
}

// Issue 19's leak: cuBLAS's 32 MiB workspace per stream stayed allocated after the stream died,
// so a program making streams as it goes ran out of memory. Streams made one after another, and
// threads each with its own stream, must leave the pool's use where it was.
TEST_CASE("streams that ran a matmul leave no memory behind", "[linalg][dot][streams]") {
  const auto a = cupp::ones<float>({64, 64});
  auto run = [&] { // Catch2's checks are not thread-safe: the caller checks the value
    cupp::stream s;
    cupp::stream_guard g(s.native());
    return cupp::matmul(a, a).get()[0];
  };
  CHECK(run() == 64.0f); // the first may create what stays for the process (handles, chunks)
  cupp::synchronize();
  auto& pool = cupp::get_default_memory_pool();
  const std::size_t used = pool.used_bytes();
  for (int i = 0; i < 16; ++i)
    CHECK(run() == 64.0f);
  CHECK(pool.used_bytes() == used);
  std::vector<float> got(8);
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < got.size(); ++t)
    threads.emplace_back([&, t] { got[t] = run(); });
  for (auto& t : threads)
    t.join();
  CHECK(got == std::vector<float>(8, 64.0f));
  CHECK(pool.used_bytes() == used);
}

TEST_CASE("TF32 is opt-in for float32 GEMMs", "[linalg][dot][tf32]") {
  // x needs 12 bits of mantissa: TF32 keeps 10 and rounds x to 1 (to nearest or toward zero:
  // 2^-12 is below half its last place), so on tensor cores x * 1 summed n times is n; in float32
  // every partial sum k x is exact (23 bits), n + n 2^-12. n^3 = 2^30 is large enough for cuBLAS to
  // pick tensor cores.
  constexpr std::int64_t n = 1024;
  const float x = 1.0f + 0x1p-12f;
  const auto a = cupp::full<float>({n, n}, x), b = cupp::full<float>({n, n}, 1.0f);
  const float exact = 1024.0f + 0x1p-2f;
  REQUIRE(!cupp::linalg::tf32_allowed()); // the default (CUPP_TF32 unset)
  CHECK(cupp::matmul(a, b).get() == std::vector<float>(n * n, exact));
  std::vector<float> tf32, stacked, dotted;
  {
    struct tf32_on { // off again even if a product throws
      tf32_on() { cupp::linalg::allow_tf32(true); }
      ~tf32_on() { cupp::linalg::allow_tf32(false); }
    } on;
    tf32 = cupp::matmul(a, b).get();
    stacked = cupp::matmul(cupp::stack({a, a}), b).get(); // a batch of two
    dotted = cupp::dot(a, b).get();                       // dot's own GEMM call
  }
  // the host backend's sgemm has no TF32: the switch changes nothing there
  const float want = std::string_view(cupp::backend_name) == "cuda" ? 1024.0f : exact;
  CHECK(tf32 == std::vector<float>(n * n, want));
  CHECK(stacked == std::vector<float>(2 * n * n, want));
  CHECK(dotted == std::vector<float>(n * n, want));
  CHECK(cupp::matmul(a, b).get() == std::vector<float>(n * n, exact)); // off again
}
