// Random numbers on the device: pi by Monte Carlo from cupp::random, checked against the CPU on the
// same numbers (copied back), and the promise that a seed gives the same values on every backend
// and GPU: the estimate printed for a seed is the same number on the host build and on the GPU.
#include <cupp/cupp.hpp>

#include <cstdint>
#include <cstdlib>
#include <iomanip>
#include <iostream>

namespace cp = cupp;

int main(int argc, char** argv) {
  const std::int64_t n = argc > 1 ? std::atoll(argv[1]) : 100'000'000;
  auto rng = cp::random::default_rng(2026);
  const auto x = rng.random<float>({n}); // numpy: rng.random(n, dtype=np.float32)
  const auto y = rng.random<float>({n});
  const auto inside = cp::count_nonzero(x * x + y * y <= 1.0f).item(); // one fused reduction
  const double pi = 4.0 * static_cast<double>(inside) / static_cast<double>(n);

  // the CPU on the same numbers: the same count, but for points on the circle's edge, where
  // the GPU's fused multiply-add of x*x + y*y may round the other way
  const auto hx = x.get(), hy = y.get();
  std::int64_t host_inside = 0;
  for (std::int64_t i = 0; i < n; ++i)
    host_inside += hx[i] * hx[i] + hy[i] * hy[i] <= 1.0f;

  // a sample without replacement and a permutation: distinct items, every order equally likely
  const auto picked = rng.choice(n, 5, false).get();
  const auto order = rng.permutation(10).get();

  std::cout << "n = " << n << " (backend: " << cp::backend_name << ")\n"
            << std::setprecision(10) << "pi ~ " << pi << " (" << inside << " inside)\n"
            << "the CPU counts " << host_inside << " on the same numbers\n"
            << "5 of " << n << ":";
  for (auto v : picked)
    std::cout << ' ' << v;
  std::cout << "\na permutation of 10:";
  for (auto v : order)
    std::cout << ' ' << v;
  std::cout << '\n';
  const std::int64_t apart = host_inside > inside ? host_inside - inside : inside - host_inside;
  return apart <= 10 + n / 1'000'000 ? 0 : 1;
}
