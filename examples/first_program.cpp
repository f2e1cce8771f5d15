// The course's first program: sqrt(x**2 + y**2) over 20M float32 values on the CPU and with cupp,
// timing the computation without the transfers, and checking the maximum error.
#include <cupp/cupp.hpp>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <random>
#include <vector>

namespace cp = cupp;
using clock_type = std::chrono::steady_clock;

int main(int argc, char** argv) {
  const std::int64_t n = argc > 1 ? std::atoll(argv[1]) : 20'000'000;
  std::mt19937 gen(42);
  std::uniform_real_distribution<float> dist(0.0f, 1.0f);
  std::vector<float> x(n), y(n), z(n);
  for (auto& v : x)
    v = dist(gen);
  for (auto& v : y)
    v = dist(gen);

  auto t0 = clock_type::now();
  for (std::int64_t i = 0; i < n; ++i)
    z[i] = std::sqrt(x[i] * x[i] + y[i] * y[i]);
  const double t_cpu = std::chrono::duration<double>(clock_type::now() - t0).count();

  const auto xd = cp::asarray(x); // host -> device copies stay outside the timing
  const auto yd = cp::asarray(y);
  cp::ndarray<float> zd = cp::sqrt(xd * xd + yd * yd); // warm-up: loads the kernel
  cp::synchronize();

  t0 = clock_type::now();
  zd = cp::sqrt(xd * xd + yd * yd); // one fused kernel, no temporaries
  cp::synchronize();                // the kernel is asynchronous: wait before reading the clock
  const double t_gpu = std::chrono::duration<double>(clock_type::now() - t0).count();

  const float err = cp::max(cp::abs(zd - cp::asarray(z))).item();
  std::cout << "n = " << n << " float32 (backend: " << cp::backend_name << ")\n";
  std::cout << "CPU time:  " << t_cpu << " s\n";
  std::cout << "cupp time: " << t_gpu << " s\n";
  std::cout << "speed-up:  " << t_cpu / t_gpu << "x\n";
  std::cout << "max error: " << err << "\n";
  return err < 1e-5f ? 0 : 1;
}
