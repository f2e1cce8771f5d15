// Reduction benchmarks: axis sums of a 16384 x 16384 float32 matrix (the reduced axis outer and
// inner), var over the inner axis, sums of the expression m * m (over rows and whole), argmax and
// cumsum of 256M float32. Bandwidth counts the bytes read once (cumsum: read and written); sort
// and argsort of 64M float32.
// perf/cupy_bench.py runs the same cases in CuPy.
#include "harness.hpp"

#include <cupp/creation.hpp>
#include <cupp/reduction/reduce.hpp>
#include <cupp/reduction/scan.hpp>
#include <cupp/sorting/sort.hpp>

#include <string>
#include <vector>

int main(int argc, char** argv) {
  const auto opt = perf::parse_options(argc, argv, "perf_reduction.json");
  const std::int64_t scale = opt.scale;
  using cupp::index_t;
  const index_t big = (index_t{256} << 20) / scale;
  std::vector<perf::result> rs;
  const auto src = cupp::linspace<float>(0, 1, big);
  auto dst = cupp::empty<float>({big});
  const double ceiling_ms =
      perf::median_ms([&] { perf::raw_copy(dst.data(), src.data(), big * sizeof(float)); });

  const index_t n = 16384 / (scale == 1 ? 1 : 16);
  const auto m = src(cupp::slice(n * n)).reshape({n, n});
  auto add = [&](const char* name, auto fn) {
    perf::result r{name};
    r.device_ms = perf::median_ms(fn);
    r.host_us = perf::host_us_per_call(fn, 200);
    r.bytes = 1.0 * n * n * sizeof(float);
    rs.push_back(r);
  };
  add("sum axis=0 16384^2 f32", [&] { (void)cupp::sum(m, 0); });
  add("sum axis=1 16384^2 f32", [&] { (void)cupp::sum(m, 1); });
  add("var axis=1 16384^2 f32", [&] { (void)cupp::var(m, 1); });
  add("mean axis=0 16384^2 f32", [&] { (void)cupp::mean(m, 0); });
  // an expression reduced without a temporary (CuPy evaluates m * m first)
  add("sum m*m axis=1 16384^2 f32", [&] { (void)cupp::sum(m * m, 1); });
  add("sum m*m 16384^2 f32", [&] { (void)cupp::sum(m * m); });
  {
    perf::result r{"argmax 256M f32"};
    r.device_ms = perf::median_ms([&] { (void)cupp::argmax(src); });
    r.host_us = perf::host_us_per_call([&] { (void)cupp::argmax(src); }, 200);
    r.bytes = 1.0 * big * sizeof(float);
    rs.push_back(r);
  }
  {
    perf::result r{"cumsum 256M f32"};
    r.device_ms = perf::median_ms([&] { (void)cupp::cumsum(src); });
    r.host_us = perf::host_us_per_call([&] { (void)cupp::cumsum(src); }, 200);
    r.bytes = 2.0 * big * sizeof(float); // read and written
    rs.push_back(r);
  }
  { // sort / argsort of 64M float32 (linspace reversed: every element moves)
    const index_t m64 = (index_t{64} << 20) / scale;
    const auto keys = cupp::linspace<float>(1, 0, m64);
    perf::result s{"sort 64M f32"}, as{"argsort 64M f32"};
    s.device_ms = perf::median_ms([&] { (void)cupp::sort(keys); }, 10);
    s.host_us = perf::host_us_per_call([&] { (void)cupp::sort(keys); }, 20);
    as.device_ms = perf::median_ms([&] { (void)cupp::argsort(keys); }, 10);
    as.host_us = perf::host_us_per_call([&] { (void)cupp::argsort(keys); }, 20);
    rs.push_back(s);
    rs.push_back(as);
  }
  const double copy_tbs = 2.0 * big * sizeof(float) / (ceiling_ms * 1e-3) / 1e12;
  return perf::report(rs, opt.json, copy_tbs);
}
