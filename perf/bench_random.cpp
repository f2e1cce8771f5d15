// Random benchmarks (issue 17): random and standard_normal of 256M float32, standard_normal of
// 256M float64, integers of 256M int32 in [0, 1000), standard_exponential and standard_gamma of
// 64M float64 (written into a preallocated array, NumPy's out=; CuPy's are new arrays from its
// pool), poisson and binomial of 64M, permutation of 16M and a sample of 1M of 16M without
// replacement (new arrays, from the pool when warm). Bandwidth counts the bytes of the result.
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
  const auto add = [&](const char* name, double bytes, auto fn) {
    perf::add_case(rs, name, bytes, fn);
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
    add("standard_gamma 64M k=2", 8.0 * mid, [&] { rng.standard_gamma(2.0, e); });
  }
  add("poisson 64M lam=10", 8.0 * mid, [&] { (void)rng.poisson(10.0, mid); });
  add("binomial 64M n=20 p=0.3", 8.0 * mid, [&] { (void)rng.binomial(20.0, 0.3, mid); });
  const index_t pop = (index_t{16} << 20) / opt.scale;
  // sorts: several launches per call, so 200 calls back to back can fill the launch queue and time
  // the device (permutation: 559 us of host time per call on 2026-12-05, CuPy's 144 us, timed
  // call by call); batches of 10 with an untimed sync between them time the host's own work
  perf::add_batched_case(
      rs, "permutation 16M", 8.0 * pop, [&] { (void)rng.permutation(pop); }, 200, 10);
  perf::add_batched_case(
      rs, "choice 1M of 16M, no replace", 8.0 * (pop / 16),
      [&] { (void)rng.choice(pop, pop / 16, false); }, 200, 10);
  const double copy_tbs = 2.0 * 4.0 * static_cast<double>(big) / (ceiling_ms * 1e-3) / 1e12;
  return perf::report(rs, opt.json, copy_tbs);
}
