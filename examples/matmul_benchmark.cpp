// The matrix-multiplication benchmark of the seed article: a 5000x5000 float32 product on the CPU
// and with cupp (data already on the device), the speed-up, and a check of the result.
#include <cupp/cupp.hpp>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <random>
#include <vector>

namespace cp = cupp;
using clock_type = std::chrono::steady_clock;

namespace {
// A plain cache-blocked, OpenMP-parallel CPU product: the CPU baseline (not a tuned BLAS).
void cpu_matmul(const std::vector<float>& a, const std::vector<float>& b, std::vector<float>& c,
                std::int64_t n) {
  constexpr std::int64_t bs = 64;
#pragma omp parallel for schedule(dynamic)
  for (std::int64_t ii = 0; ii < n; ii += bs)
    for (std::int64_t kk = 0; kk < n; kk += bs)
      for (std::int64_t i = ii; i < std::min(ii + bs, n); ++i)
        for (std::int64_t k = kk; k < std::min(kk + bs, n); ++k) {
          const float aik = a[i * n + k];
          const float* brow = &b[k * n];
          float* crow = &c[i * n];
          for (std::int64_t j = 0; j < n; ++j)
            crow[j] += aik * brow[j];
        }
}
} // namespace

int main(int argc, char** argv) {
  const std::int64_t n = argc > 1 ? std::atoll(argv[1]) : 5000;
  std::mt19937 gen(1);
  std::uniform_real_distribution<float> dist(0.0f, 1.0f);
  std::vector<float> a(n * n), b(n * n), c(n * n, 0.0f);
  for (auto& v : a)
    v = dist(gen);
  for (auto& v : b)
    v = dist(gen);

  auto t0 = clock_type::now();
  cpu_matmul(a, b, c, n);
  const double t_cpu = std::chrono::duration<double>(clock_type::now() - t0).count();

  const auto ad = cp::asarray(a.data(), {n, n});
  const auto bd = cp::asarray(b.data(), {n, n});
  auto cd = cp::dot(ad, bd); // warm-up: library handle creation and kernel selection
  cp::synchronize();

  t0 = clock_type::now();
  cd = cp::dot(ad, bd);
  cp::synchronize();
  const double t_gpu = std::chrono::duration<double>(clock_type::now() - t0).count();

  // relative error of the whole product against the CPU result
  const auto diff = cp::max(cp::abs(cd - cp::asarray(c.data(), {n, n}))).item();
  const auto scale = cp::max(cp::abs(cd)).item();
  std::cout << n << "x" << n << " float32 matmul (backend: " << cp::backend_name << ")\n";
  std::cout << "CPU time: " << t_cpu << " s, cupp time: " << t_gpu << " s ("
            << 2.0 * n * n * n / t_gpu / 1e12 << " TFLOP/s)\n";
  std::cout << "speed-up: " << t_cpu / t_gpu << "x\n";
  std::cout << "max |GPU - CPU| / max |C|: " << diff / scale << "\n";
  return diff / scale < 1e-4 ? 0 : 1;
}
