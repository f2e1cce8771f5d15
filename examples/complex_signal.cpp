// Complex numbers on the GPU: a tone e^{i w t} is mixed down by the conjugate of a reference tone
// (one fused kernel: exp, conj, multiply), its mean gives the phase offset, and the CPU computes
// the same with std::complex to check the result. Timing without the transfers.
#include <cupp/cupp.hpp>

#include <chrono>
#include <cmath>
#include <complex>
#include <cstdlib>
#include <iostream>
#include <vector>

namespace cp = cupp;
using clock_type = std::chrono::steady_clock;
using namespace std::complex_literals;

int main(int argc, char** argv) {
  const std::int64_t n = argc > 1 ? std::atoll(argv[1]) : 20'000'000;
  const double w = 0.001, phase = 0.75;

  auto t0 = clock_type::now();
  std::complex<double> acc = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    const double t = static_cast<double>(i);
    acc += std::exp(1i * (w * t + phase)) * std::conj(std::exp(1i * (w * t)));
  }
  const std::complex<double> cpu = acc / static_cast<double>(n);
  const double t_cpu = std::chrono::duration<double>(clock_type::now() - t0).count();

  const auto t = cp::arange<double>(n);
  auto mixed = [&] { return cp::exp((t * w + phase) * 1.0i) * cp::conj(cp::exp(t * w * 1.0i)); };
  cp::complex128 mean = cp::mean(mixed()).item(); // warm-up: loads the kernels
  t0 = clock_type::now();
  mean = cp::mean(mixed()).item(); // the expression fuses into the reduction
  const double t_gpu = std::chrono::duration<double>(clock_type::now() - t0).count();

  const double got_phase = cp::ndarray<double>(cp::angle(cp::asarray({mean})))(0).item();
  const double err = std::abs(std::complex<double>(mean.real(), mean.imag()) - cpu);
  std::cout << "n = " << n << " complex128 (backend: " << cp::backend_name << ")\n";
  std::cout << "mean of the mixed tone: " << cp::repr(mean) << " (CPU " << cpu << ")\n";
  std::cout << "phase: " << got_phase << " (set " << phase << ")\n";
  std::cout << "CPU time:  " << t_cpu << " s\n";
  std::cout << "cupp time: " << t_gpu << " s\n";
  std::cout << "max error: " << err << "\n";
  return err < 1e-9 && std::abs(got_phase - phase) < 1e-9 ? 0 : 1;
}
