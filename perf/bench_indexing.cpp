// Indexing and layout benchmarks: the transposed copy (tiled kernel), concatenate/stack against the
// copy ceiling, boolean-mask extraction, an integer-array gather, and the host cost of a basic
// slice (a view: nothing is launched). perf/cupy_bench.py runs the same cases in CuPy.
#include "harness.hpp"

#include <cupp/creation.hpp>
#include <cupp/indexing/advanced.hpp>
#include <cupp/manipulation/join.hpp>
#include <cupp/manipulation/views.hpp>

#include <string>
#include <vector>

int main(int argc, char** argv) {
  const auto opt = perf::parse_options(argc, argv, "perf_indexing.json");
  const std::int64_t scale = opt.scale;
  using cupp::index_t;
  const index_t big = (index_t{256} << 20) / scale;
  std::vector<perf::result> rs;

  const auto src = cupp::ones<float>({big});
  auto dst = cupp::empty<float>({big});
  const double ceiling_ms =
      perf::median_ms([&] { perf::raw_copy(dst.data(), src.data(), big * sizeof(float)); });

  { // ascontiguousarray(a.T) of 16384 x 16384 float32: 1 GiB read and 1 GiB written
    const index_t n = 16384 / (scale == 1 ? 1 : 16);
    const auto a = cupp::arange<float>(n * n).reshape({n, n});
    perf::result r{"transpose copy 16384^2 f32"};
    r.device_ms = perf::median_ms([&] { (void)cupp::ascontiguousarray(a.transpose()); });
    r.host_us = perf::host_us_per_call([&] { (void)cupp::ascontiguousarray(a.transpose()); }, 100);
    r.bytes = 2.0 * n * n * sizeof(float);
    r.baseline = "copy of the same bytes";
    r.baseline_ms = ceiling_ms * (n * n) / big;
    rs.push_back(r);
  }
  { // concatenate / stack of two 128M float32 arrays: 1 GiB read and written
    const std::vector<cupp::ndarray<float>> ab{cupp::full<float>({big / 2}, 1.0f),
                                               cupp::full<float>({big / 2}, 2.0f)};
    perf::result c{"concatenate 2 x 128M f32"}, s{"stack 2 x 128M f32"};
    c.device_ms = perf::median_ms([&] { (void)cupp::concatenate(ab); });
    c.host_us = perf::host_us_per_call([&] { (void)cupp::concatenate(ab); }, 100);
    s.device_ms = perf::median_ms([&] { (void)cupp::stack(ab); });
    s.host_us = perf::host_us_per_call([&] { (void)cupp::stack(ab); }, 100);
    c.bytes = s.bytes = 2.0 * big * sizeof(float);
    c.baseline = s.baseline = "cudaMemcpy";
    c.baseline_ms = s.baseline_ms = ceiling_ms;
    rs.push_back(c);
    rs.push_back(s);
  }
  { // a[mask] on 256M float32 with every other element selected (the count is a sync point)
    auto mask = cupp::zeros<bool>({big});
    mask(cupp::slice(cupp::none, cupp::none, 2)).fill(true);
    perf::result r{"mask extract 256M f32 (half true)"};
    r.device_ms = perf::median_ms([&] { (void)cupp::ndarray<float>(src(mask)); });
    r.bytes = big * (sizeof(float) + 1.0 + sizeof(float) / 2.0); // values, mask, half written
    rs.push_back(r);
  }
  { // a[idx] with 16M int64 indices into 256M float32 (a strided pattern: 7 apart, wrapping)
    const index_t m = (index_t{16} << 20) / scale;
    std::vector<index_t> host(static_cast<std::size_t>(m));
    for (index_t i = 0; i < m; ++i)
      host[static_cast<std::size_t>(i)] = i * 7 % big;
    const auto indices = cupp::asarray(host);
    perf::result r{"take 16M of 256M f32 (a[idx])"};
    r.device_ms = perf::median_ms([&] { (void)cupp::ndarray<float>(src(indices)); });
    r.host_us = perf::host_us_per_call([&] { (void)cupp::ndarray<float>(src(indices)); }, 100);
    r.bytes = m * (sizeof(index_t) + 2.0 * sizeof(float));
    rs.push_back(r);
  }
  { // a[1:, ::2] on a 2-D array: host time only
    const auto a = cupp::empty<float>({1000, 1000});
    perf::result r{"basic slice a[1:, ::2] (host)"};
    r.host_us = perf::host_us_per_call(
        [&] { (void)a(cupp::slice(1, cupp::none), cupp::slice(cupp::none, cupp::none, 2)); },
        100000);
    rs.push_back(r);
  }
  const double copy_tbs = 2.0 * big * sizeof(float) / (ceiling_ms * 1e-3) / 1e12;
  return perf::report(rs, opt.json, copy_tbs);
}
