// Random benchmarks (issue 17): random and standard_normal of 256M float32, standard_normal of
// 256M float64, integers of 256M int32 in [0, 1000), standard_exponential of 64M float64, all
// written into a preallocated array (NumPy's out=, CuPy's are new arrays from its pool; both
// are pool allocations when warm). Bandwidth counts the bytes written.
// perf/cupy_bench.py runs the same cases in CuPy.
#include "harness.hpp"

#include <cupp/random/random.hpp>

#include <vector>

int main(int argc, char** argv) {
  const auto opt = perf::parse_options(argc, argv, "perf_random.json");
  using cupp::index_t;
  std::vector<perf::result> rs;
  auto rng = cupp::random::default_rng(1234);
  const index_t big = (index_t{256} << 20) / opt.scale, mid = (index_t{64} << 20) / opt.scale;
  auto add = [&](const char* name, double bytes, auto fn) {
    perf::result r{name};
    r.device_ms = perf::median_ms(fn);
    r.host_us = perf::host_us_per_call(fn, 200);
    r.bytes = bytes;
    rs.push_back(r);
  };
  cupp::ndarray<float> f({big}), src({big});
  // the write ceiling: a device-to-device copy of 256M float32 (read + write)
  const double ceiling_ms =
      perf::median_ms([&] { perf::raw_copy(f.data(), src.data(), 4 * std::size_t(big)); });
  {
    add("random 256M f32", 4.0 * big, [&] { rng.random(f); });
    add("standard_normal 256M f32", 4.0 * big, [&] { rng.standard_normal(f); });
  }
  {
    cupp::ndarray<double> d({big});
    add("standard_normal 256M f64", 8.0 * big, [&] { rng.standard_normal(d); });
  }
  add("integers 256M i32 [0,1000)", 4.0 * big,
      [&] { (void)rng.integers<std::int32_t>(0, 1000, {big}); });
  {
    cupp::ndarray<double> e({mid});
    add("standard_exponential 64M f64", 8.0 * mid, [&] { rng.standard_exponential(e); });
  }
  const double copy_tbs = 2.0 * 4.0 * static_cast<double>(big) / (ceiling_ms * 1e-3) / 1e12;
  return perf::report(rs, opt.json, copy_tbs);
}
