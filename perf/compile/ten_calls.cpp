// The build-time benchmark of issue 12: a user's translation unit that includes cupp/cupp.hpp and
// calls ten different functions. scripts/build_times.sh compiles it with nvcc (sm_90) and with g++
// (host backend) and reports the seconds; it also runs as a small program.
#include <cupp/cupp.hpp>

#include <cstdio>

namespace cp = cupp;

int main() {
  auto x = cp::linspace<float>(0.0, 1.0, 1000);          // 1 linspace
  auto o = cp::ones<float>({1000});                      // 2 ones
  cp::ndarray<float> y = cp::sqrt(x * x + o);            // 3 a fused expression
  const float total = cp::sum(y).item();                 // 4 sum
  auto row_max = cp::max(y.reshape({10, 100}), 1);       // 5 max over an axis
  const float v = cp::var(y).item();                     // 6 var
  auto sorted = cp::sort(y);                             // 7 sort
  auto both = cp::concatenate({x, y});                   // 8 concatenate
  cp::ndarray<float> picked = cp::where(x > 0.5f, x, o); // 9 where
  auto running = cp::cumsum(x);                          // 10 cumsum
  std::printf("sum %.3f var %.5f max[0] %.4f sorted[0] %.4f len %lld where[999] %.1f cumsum %.1f\n",
              total, v, row_max(0).item(), sorted(0).item(), static_cast<long long>(both.size()),
              picked(999).item(), running(999).item());
}
