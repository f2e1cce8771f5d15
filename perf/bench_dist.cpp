// cupp::dist's cases of the multi-GPU issue, each against the baseline it names, measured in the
// same run: run with `mpirun -np N bench_dist` (one GPU per rank). Times are wall-clock from a
// barrier to a barrier (the slowest rank's), medians of 10.
// - sum of a split float32 array vs (the local sum + one allreduce of the partial): the cost of the
//   distributed reduction's own steps;
// - matmul and fft2 on N ranks vs the same call on one device (rank 0 alone, the whole array);
// - reshard of a split float32 array vs the engine's all-to-all of the same bytes.
// The table and the JSON come from rank 0; `--scale k` divides the sizes (the host backend).
#include "harness.hpp"

#include <cupp/dist.hpp>
#include <cupp/fft/fft.hpp>
#include <cupp/linalg/products.hpp>
#include <cupp/reduction/reduce.hpp>

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

namespace {

namespace dist = cupp::dist;
using cupp::index_t;

// median wall time of fn over all ranks (a barrier on each side: the slowest rank's time)
template <class F> double median_ms(const dist::communicator& c, F&& fn, int reps = 10) {
  fn(); // warm-up: plans, the pool
  std::vector<double> v;
  for (int i = 0; i < reps; ++i) {
    c.barrier();
    const auto t0 = std::chrono::steady_clock::now();
    fn();
    c.barrier();
    v.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

} // namespace

int main(int argc, char** argv) {
  const dist::environment env(argc, argv);
  const dist::communicator c = env.world();
  const auto opt = perf::parse_options(argc, argv, "perf_dist.json");
  const int p = c.size();
  const std::string ranks = " on " + std::to_string(p) + " ranks";
  std::vector<perf::result> rs;

  { // sum of p x 16 GiB of float32 (4G elements a rank at scale 1)
    const index_t per_rank = (index_t{4} << 30) / opt.scale;
    const auto a = dist::full<float>(c, {per_rank * p}, 1.0f);
    perf::result r{"dist sum f32 " + std::to_string(per_rank * 4 >> 20) + " MiB a rank" + ranks};
    r.device_ms = median_ms(c, [&] { (void)dist::sum(a).local(); });
    r.bytes = 4.0 * per_rank; // each rank reads its block
    r.baseline = "local sum + allreduce";
    r.baseline_ms = median_ms(c, [&] {
      const cupp::ndarray<float> part = cupp::sum(a.local());
      (void)dist::allreduce(c, part, dist::reduce_op::sum);
    });
    rs.push_back(r);
  }
  { // matmul of 32768^2 float32 split by rows, against one device's
    const index_t n = 32768 / opt.scale;
    const auto a = dist::full<float>(c, {n, n}, 0.5f), b = dist::full<float>(c, {n, n}, 0.25f);
    perf::result r{"dist matmul f32 " + std::to_string(n) + "^2" + ranks};
    r.device_ms = median_ms(
        c, [&] { (void)dist::matmul(a, b); }, 5);
    r.flops = 2.0 * n * n * n;
    r.baseline = "one device";
    if (c.rank() == 0) {
      const auto x = cupp::full<float>({n, n}, 0.5f), y = cupp::full<float>({n, n}, 0.25f);
      r.baseline_ms = perf::median_ms([&] { (void)cupp::matmul(x, y); }, 5, 1);
    }
    rs.push_back(r);
  }
  { // fft2 of 16384^2 complex64 (slabs), against one device's
    const index_t n = 16384 / opt.scale;
    const auto z = dist::full<cupp::complex64>(c, {n, n}, cupp::complex64(1, 2));
    perf::result r{"dist fft2 c64 " + std::to_string(n) + "^2" + ranks};
    r.device_ms = median_ms(
        c, [&] { (void)dist::fft::fft2(z); }, 5);
    r.baseline = "one device";
    if (c.rank() == 0) {
      const auto x = cupp::full<cupp::complex64>({n, n}, cupp::complex64(1, 2));
      r.baseline_ms = perf::median_ms([&] { (void)cupp::fft::fft2(x); }, 5, 1);
    }
    rs.push_back(r);
  }
  { // reshard (rows to columns) of p x 8 GiB of float32, against the engine's all-to-all
    const index_t side = static_cast<index_t>(std::sqrt(double(index_t{2} << 30) * p / opt.scale));
    const auto a = dist::full<float>(c, {side, side}, 1.0f, dist::sharding{0});
    perf::result r{"dist reshard f32 " + std::to_string(side) + "^2 rows->cols" + ranks};
    r.device_ms = median_ms(
        c, [&] { (void)dist::reshard(a, dist::sharding{1}); }, 5);
    r.bytes = 4.0 * a.local().size() * (p - 1) / p; // what leaves each rank
    r.baseline = "engine all-to-all";
    const std::size_t bytes = 4 * static_cast<std::size_t>(a.local().size());
    const auto send = cupp::empty<std::uint8_t>({static_cast<index_t>(bytes)});
    auto recv = cupp::empty<std::uint8_t>({static_cast<index_t>(bytes)});
    std::vector<std::size_t> counts(p, bytes / p), offsets(p);
    for (int k = 0; k < p; ++k)
      offsets[k] = k * (bytes / p);
    r.baseline_ms = median_ms(
        c,
        [&] { c.endpoint().alltoallv(send.data(), counts, offsets, recv.data(), counts, offsets); },
        5);
    rs.push_back(r);
  }
  if (c.rank() != 0) return 0;
  return perf::report(rs, opt.json, 0.0);
}
