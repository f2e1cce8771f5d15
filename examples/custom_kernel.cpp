// The seed's custom kernel, y = x * a + b, three ways: a device lambda (cupp::elementwise_kernel),
// CUDA source compiled at run time (cupp::rtc::elementwise_kernel, CuPy's ElementwiseKernel) and
// a raw kernel (cupp::rtc::raw_kernel, CuPy's RawKernel). The last two need the CUDA backend.
#include <cupp/cupp.hpp>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

namespace cp = cupp;

int main(int argc, char** argv) {
  const std::int64_t n = argc > 1 ? std::atoll(argv[1]) : 1'000'000;
  const auto x = cp::linspace<float>(0, 1, n);

  // a device lambda: broadcasts its operands like a ufunc, fuses like x * a + b
  auto axpb = cp::elementwise_kernel<float>(
      [] CUPP_DEVICE(float x, float a, float b) { return x * a + b; });
  cp::ndarray<float> y = axpb(x, 2.0f, 1.0f);

  float err = cp::max(cp::abs(y - (x * 2.0f + 1.0f))).item();
  std::cout << "n = " << n << " (backend: " << cp::backend_name << ")\n";
  std::cout << "functor kernel:     max error " << err << "\n";

  if (std::string(cp::backend_name) == "cuda") {
    const cp::rtc::elementwise_kernel<float> source_axpb("float32 x, float32 a, float32 b",
                                                         "float32 y", "y = x * a + b", "axpb");
    y = source_axpb(x, 2.0f, 1.0f);
    const float err2 = cp::max(cp::abs(y - (x * 2.0f + 1.0f))).item();
    std::cout << "ElementwiseKernel:  max error " << err2 << "\n";

    const cp::rtc::raw_kernel raw_axpb(R"(
      extern "C" __global__ void axpb(const float* x, float a, float b, float* y, long long n) {
        const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
        if (i < n) y[i] = x[i] * a + b;
      })",
                                       "axpb");
    raw_axpb(static_cast<unsigned>((n + 255) / 256), 256, x, 2.0f, 1.0f, y,
             static_cast<long long>(n));
    const float err3 = cp::max(cp::abs(y - (x * 2.0f + 1.0f))).item();
    std::cout << "RawKernel:          max error " << err3 << "\n";
    err = std::max({err, err2, err3});
  } else {
    std::cout << "(runtime-compiled kernels need the CUDA backend)\n";
  }
  return err <= 1e-6f ? 0 : 1; // the same float operations; a fused multiply-add may round once
}
