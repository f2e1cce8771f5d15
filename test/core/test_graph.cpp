// Graph capture and replay (core/graph.hpp) on both backends: elementwise work, reductions,
// indexing and matmul captured once and checked against host references after every launch;
// memory made during a capture; host functions per launch; and the errors, after each of which
// the stream works as before.
#include "testing.hpp"

#include <cupp/cupp.hpp>

#include <atomic>
#include <numeric>
#include <string>
#include <vector>

using namespace cupp_test;
namespace cp = cupp;

TEST_CASE("a captured graph reruns its work on every launch", "[core][graph]") {
  cp::stream s;
  cp::stream_guard on(s);
  const cp::index_t n = 1000;
  auto x = cp::zeros<float>({n});
  const auto idx = cp::asarray<std::int64_t>({0, 7, 999, 7});
  const auto a = cp::ones<float>({64, 64});
  auto z = cp::full<float>({n / 2}, -1.0f);
  cp::ndarray<float> y, t, c, total;
  cp::synchronize();
  cp::graph g = cp::capture(s, [&] {
    y = cp::ndarray<float>(x * 2.0f + 1.0f);
    total = cp::sum(y);
    t = cp::take(y, idx);
    y(cp::slice(cp::none, cp::none, 2)) = z;
    c = cp::matmul(cp::ndarray<float>(a * x(cp::slice(0, 1))), a);
  });
  CHECK(g.node_count() > 0);
  CHECK(g.memory_bytes() > 0);
  CHECK_FALSE(cp::is_capturing(s));
  for (int k = 0; k < 5; ++k) {
    x.fill(static_cast<float>(k));
    z.fill(static_cast<float>(-k));
    g.launch(s);
    std::vector<float> hy(n);
    for (cp::index_t i = 0; i < n; ++i)
      hy[i] = i % 2 == 0 ? -static_cast<float>(k) : 2.0f * k + 1.0f;
    CHECK(host(y) == hy);
    // the sum is of y before the strided assignment
    CHECK(total.item() == static_cast<float>(n) * (2.0f * k + 1.0f));
    CHECK(host(t) ==
          std::vector<float>{2.0f * k + 1.0f, 2.0f * k + 1.0f, 2.0f * k + 1.0f, 2.0f * k + 1.0f});
    CHECK(host(c) == std::vector<float>(64 * 64, 64.0f * k));
  }
}

TEST_CASE("graphs write their inputs in place and keep their outputs", "[core][graph]") {
  cp::stream s;
  cp::stream_guard on(s);
  auto x = cp::ones<float>({1000});
  cp::graph g = cp::capture(s, [&] {
    for (int i = 0; i < 100; ++i)
      x += 1.0f;
  });
  CHECK(host(x) == std::vector<float>(1000, 1.0f)); // captured, not run
  for (int launch = 1; launch <= 3; ++launch) {
    g.launch();
    CHECK(host(x) == std::vector<float>(1000, 1.0f + 100.0f * launch));
  }
  // outputs outlive the graph, and eager work after the capture never takes their memory
  cp::ndarray<std::int64_t> out;
  {
    cp::graph h = cp::capture(s, [&] { out = cp::arange<std::int64_t>(4096) * 3; });
    h.launch(s);
    std::vector<cp::ndarray<std::int64_t>> churn;
    for (int i = 0; i < 200; ++i)
      churn.push_back(cp::full<std::int64_t>({4096}, -1));
    h.launch(s);
  }
  std::vector<std::int64_t> expected(4096);
  for (std::size_t i = 0; i < expected.size(); ++i)
    expected[i] = 3 * static_cast<std::int64_t>(i);
  CHECK(host(out) == expected);
}

TEST_CASE("a host function in a graph runs at every launch", "[core][graph]") {
  cp::stream s;
  std::atomic<int> calls{0};
  cp::graph g = cp::capture(s, [&] { s.launch_host_func([&] { ++calls; }); });
  CHECK(calls == 0);
  for (int i = 0; i < 3; ++i)
    g.launch(s);
  s.synchronize();
  CHECK(calls == 3);
}

TEST_CASE("calls that would synchronize raise capture_error, and the stream recovers",
          "[core][graph]") {
  cp::stream s;
  cp::stream_guard on(s);
  const auto a = cp::arange<float>(10);
  const std::vector<std::pair<std::string, std::function<void()>>> cases = {
      {"item", [&] { (void)cp::sum(a).item(); }},
      {"get", [&] { (void)a.get(); }},
      {"synchronize", [&] { cp::synchronize(); }},
      {"stream synchronize", [&] { s.synchronize(); }},
      {"device synchronize", [&] { cp::device_synchronize(); }},
      {"mask", [&] { (void)a(a > 3.0f).copy(); }},
      {"printing", [&] { (void)cp::repr(a); }},
  };
  for (const auto& [name, run] : cases) {
    INFO(name);
    CHECK_THROWS_WITH_WORDS((void)cp::capture(s, run), cp::capture_error,
                            "during the graph capture");
    CHECK_FALSE(cp::is_capturing(s));
    CHECK(cp::sum(a).item() == 45.0f); // eager work on s is right again
  }
  CHECK_THROWS_WITH_WORDS((void)cp::capture(s, [] { (void)cp::asarray(std::vector<float>(8)); }),
                          cp::capture_error, "a copy of host data");
  cp::stream other; // no synchronizing call on any stream while this thread captures
  CHECK_THROWS_AS((void)cp::capture(s, [&] { other.synchronize(); }), cp::capture_error);
  // the begin/end form: the capture survives the error and ends
  cp::begin_capture(s);
  auto b = cp::ndarray<float>(a * 2.0f);
  CHECK_THROWS_AS((void)cp::sum(b).item(), cp::capture_error);
  CHECK(cp::is_capturing(s));
  CHECK_THROWS_WITH_WORDS(cp::begin_capture(s), cp::capture_error, "already under way");
  cp::graph g = cp::end_capture(s);
  g.launch();
  CHECK(host(b) == host(cp::ndarray<float>(a * 2.0f)));

  CHECK_THROWS_WITH_WORDS((void)cp::end_capture(s), cp::capture_error, "is not being captured");
  cp::external_stream legacy(cp::native_stream{});
  CHECK_THROWS_WITH_WORDS(cp::begin_capture(legacy), cp::capture_error, "legacy");
  CHECK_THROWS_WITH_WORDS(
      (void)cp::capture(s, [] { throw cp::value_error("from the captured code"); }),
      cp::value_error, "from the captured code");
  CHECK_FALSE(cp::is_capturing(s));
  cp::graph again = cp::capture(s, [&] { b.assign(a + 1.0f); });
  again.launch();
  CHECK(host(b) == host(cp::ndarray<float>(a + 1.0f)));
}

TEST_CASE("an input rebound inside a capture stays the graph's until the graph is gone",
          "[core][graph]") {
  cp::stream s;
  cp::stream_guard on(s);
  auto x = cp::full<std::int32_t>({2048}, 5);
  cp::ndarray<std::int32_t> y;
  {
    cp::graph g = cp::capture(s, [&] {
      x = cp::ndarray<std::int32_t>(x + 1); // the old x is freed here: every launch reads it
      y = cp::ndarray<std::int32_t>(x * 2);
    });
    // eager work on s must not get the old x's memory while g lives
    std::vector<cp::ndarray<std::int32_t>> churn;
    for (int i = 0; i < 50; ++i)
      churn.push_back(cp::full<std::int32_t>({2048}, -7));
    g.launch(s);
    CHECK(host(y) == std::vector<std::int32_t>(2048, 12));
  }
  // graphs made one after another, each dropping the last one's output inside its capture
  cp::ndarray<float> z = cp::zeros<float>({100});
  for (int round = 1; round <= 5; ++round) {
    cp::graph g = cp::capture(s, [&] { z = cp::ndarray<float>(z + 1.0f); });
    g.launch(s);
    CHECK(host(z) == std::vector<float>(100, static_cast<float>(round)));
  }
}

TEST_CASE("a graph updates to a recapture of the same calls", "[core][graph]") {
  cp::stream s;
  cp::stream_guard on(s);
  auto x = cp::full<float>({500}, 2.0f);
  auto x2 = cp::full<float>({500}, 10.0f);
  cp::ndarray<float> y, y2;
  cp::graph g = cp::capture(s, [&] { y = cp::ndarray<float>(x * 3.0f); });
  g.launch();
  CHECK(host(y) == std::vector<float>(500, 6.0f));
  // the same call on other arrays and scalars: an update in place where CUDA allows it
  (void)g.update(cp::capture(s, [&] { y2 = cp::ndarray<float>(x2 * 4.0f); }));
  g.launch();
  CHECK(host(y2) == std::vector<float>(500, 40.0f));
  CHECK(host(y) == std::vector<float>(500, 6.0f)); // the old output is left as it was
  // another topology (two kernels): replaced, with the same effect
  cp::ndarray<float> z;
  CHECK_FALSE(g.update(cp::capture(s, [&] {
    z = cp::ndarray<float>(x + 1.0f);
    z += 1.0f;
  })));
  g.launch();
  CHECK(host(z) == std::vector<float>(500, 4.0f));
  cp::graph empty = std::move(g);
  CHECK_THROWS_AS(g.launch(), cp::value_error); // NOLINT(bugprone-use-after-move): on purpose
}
