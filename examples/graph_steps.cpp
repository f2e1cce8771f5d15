// Many tiny steps as one CUDA graph: a small simulation (x <- x + v * dt, v <- v * damping, a
// running energy sum) captured once and launched every step, against the same steps enqueued op by
// op; the host time per step of each, and the final state checked against a CPU loop.
#include <cupp/cupp.hpp>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <vector>

namespace cp = cupp;

int main(int argc, char** argv) {
  const int steps = argc > 1 ? std::atoi(argv[1]) : 2000;
  const cp::index_t n = 1000; // tiny arrays: the host's cost of enqueuing is what counts
  const float dt = 0.01f, damping = 0.999f;
  cp::stream s;
  cp::stream_guard on(s);

  auto run = [&](bool graphed) {
    auto x = cp::linspace<float>(0.0f, 1.0f, n);
    auto v = cp::ones<float>({n});
    auto energy = cp::zeros<float>({});
    auto step = [&] {
      x += v * dt;
      v *= damping;
      energy += cp::sum(v * v);
    };
    cp::synchronize();
    const auto t0 = std::chrono::steady_clock::now();
    if (graphed) {
      const cp::graph g = cp::capture(s, step); // x, v and energy change in place each launch
      for (int i = 0; i < steps; ++i)
        g.launch(s);
    } else {
      for (int i = 0; i < steps; ++i)
        step();
    }
    const double host_us =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
    cp::synchronize();
    std::cout << (graphed ? "graph:  " : "eager:  ") << host_us / steps
              << " us of host time per step\n";
    return std::vector<float>{cp::sum(x).item(), energy.item()};
  };
  const auto eager = run(false);
  const auto graphed = run(true);

  // the CPU, step by step alike (the sums differ from the GPU's in their last bits)
  std::vector<double> x(static_cast<std::size_t>(n)), v(static_cast<std::size_t>(n), 1.0);
  for (cp::index_t i = 0; i < n; ++i)
    x[static_cast<std::size_t>(i)] = static_cast<double>(i) / static_cast<double>(n - 1);
  double energy = 0;
  for (int k = 0; k < steps; ++k) {
    double e = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
      x[i] += v[i] * dt;
      v[i] *= damping;
      e += v[i] * v[i];
    }
    energy += e;
  }
  double sum_x = 0;
  for (double e : x)
    sum_x += e;
  std::cout << "sum(x) = " << graphed[0] << " (eager " << eager[0] << ", CPU " << sum_x << ")\n"
            << "energy = " << graphed[1] << " (eager " << eager[1] << ", CPU " << energy << ")\n";
  auto close = [](double a, double b) { return std::abs(a - b) <= 1e-3 * std::abs(b); };
  return close(graphed[0], sum_x) && close(graphed[1], energy) && graphed == eager ? 0 : 1;
}
