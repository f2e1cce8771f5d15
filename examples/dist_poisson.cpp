// A program that runs unchanged on one device and on N ranks (mpirun -np N): the periodic Poisson
// equation  lap u = f  on an n x n grid of [0, 2 pi)^2, solved spectrally with cupp::dist. The grid
// is split by rows; f is made in place (each rank its rows), fft2 is the slab FFT (two
// all-to-alls), the division by -|k|^2 is elementwise against replicated wave numbers, and the
// error against the exact solution sin(x) sin(2y) is one allreduce. Rank 0 prints the time of the
// solve (after a warm-up) and the error.
#include <cupp/cupp.hpp>
#include <cupp/dist.hpp>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <numbers>

namespace cp = cupp;
namespace dist = cupp::dist;

int main(int argc, char** argv) {
  const dist::environment env(argc, argv);
  const dist::communicator world = env.world();
  const cp::index_t n = argc > 1 ? std::atoll(argv[1]) : 1024;
  const double h = 2 * std::numbers::pi / static_cast<double>(n);

  // the grid's coordinates and wave numbers, small and replicated: a column (n, 1) and a row (n,)
  const cp::ndarray<double> x = cp::arange<double>(n) * h;
  const cp::ndarray<double> x_col = x.reshape(n, 1);
  const cp::ndarray<double> k = cp::fft::fftfreq(n, 1.0 / static_cast<double>(n));
  const cp::ndarray<double> k_col = k.reshape(n, 1);

  // f = lap(sin(x) sin(2y)) = -5 sin(x) sin(2y), on the rank's rows only
  const dist::array<double> rows = dist::zeros<double>(world, {n, n}, dist::sharding{0});
  auto source = [&] {
    return dist::transform([](const auto& z, const auto& xc,
                              const auto& y) { return z - 5.0 * cp::sin(xc) * cp::sin(2.0 * y); },
                           rows, x_col, x);
  };
  auto solve = [&](const dist::array<double>& f) {
    const auto f_hat = dist::fft::fft2(f);
    // u_hat = -f_hat / (kx^2 + ky^2); the mean (k = 0) is 0, and 1 there avoids 0 / 0
    auto u_hat = dist::transform(
        [](const auto& fh, const auto& kx, const auto& ky) {
          return -fh / cp::where(kx * kx + ky * ky == 0.0, 1.0, kx * kx + ky * ky);
        },
        f_hat, k_col, k);
    return dist::transform([](const auto& u) { return cp::real(u); }, dist::fft::ifft2(u_hat));
  };

  const dist::array<double> f = source();
  (void)solve(f); // warm-up: FFT plans, the pool
  world.barrier();
  const auto t0 = std::chrono::steady_clock::now();
  const dist::array<double> u = solve(f);
  world.barrier(); // the solve is done on every rank
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  const double err = dist::max(dist::transform(
                                   [](const auto& v, const auto& xc, const auto& y) {
                                     return cp::abs(v - cp::sin(xc) * cp::sin(2.0 * y));
                                   },
                                   u, x_col, x))
                         .local()
                         .item();
  if (world.rank() == 0)
    std::cout << "poisson " << n << " x " << n << " on " << world.size() << " rank(s) ("
              << world.engine() << "): solve " << seconds * 1e3 << " ms, max error " << err << "\n";
  return err < 1e-10 ? 0 : 1;
}
