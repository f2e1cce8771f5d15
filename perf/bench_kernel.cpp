// Custom-kernel benchmarks: y = x * a + b as a functor kernel, as a runtime-compiled elementwise
// kernel and as a raw kernel. The 1000-element cases measure the host cost of a call once the
// kernel is compiled and cached (what a loop of small launches pays); the 20M cases the device
// time against the built-in expression x * a + b (the same fused kernel for the functor).
// perf/cupy_bench.py runs the same cases with cupy.ElementwiseKernel and cupy.RawKernel.
#include "harness.hpp"

#include <cupp/creation.hpp>
#include <cupp/detail/launch.hpp>
#include <cupp/kernel/elementwise.hpp>
#include <cupp/kernel/raw.hpp>
#include <cupp/kernel/rtc_elementwise.hpp>
#include <cupp/math/arithmetic.hpp>

#include <string>
#include <vector>

namespace {

struct noop {
  CUPP_HD void operator()(cupp::index_t) const {}
};

#if defined(CUPP_BACKEND_CUDA)
__global__ void empty_kernel() {}
#endif

struct axpb_fn {
  CUPP_HD float operator()(float x, float a, float b) const { return x * a + b; }
};

const char* const raw_source = R"(
extern "C" __global__ void axpb(const float* x, float a, float b, float* y, long long n) {
  const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i] * a + b;
}
)";

} // namespace

int main(int argc, char** argv) {
  const auto opt = perf::parse_options(argc, argv, "perf_kernel.json");
  using cupp::index_t;
  const index_t big = 20'000'000 / opt.scale;
  std::vector<perf::result> rs;
  const auto src = cupp::linspace<float>(0, 1, big);
  auto dst = cupp::empty<float>({big});
  const double ceiling_ms =
      perf::median_ms([&] { perf::raw_copy(dst.data(), src.data(), big * sizeof(float)); });
  const double copy_tbs = 2.0 * big * sizeof(float) / (ceiling_ms * 1e-3) / 1e12;

  const auto functor = cupp::elementwise_kernel<float>(axpb_fn{});
  const bool rtc = std::string(cupp::backend_name) == "cuda"; // NVRTC needs the CUDA backend
  for (const index_t n : {index_t{1000}, big}) {
    const auto x = src(cupp::slice(n));
    auto y = cupp::empty<float>({n});
    const std::string size = n == 1000 ? "1000" : "20M";
    const int calls = n == 1000 ? 20000 : 200;
    auto add = [&](const std::string& name, auto fn, const std::string& baseline,
                   double baseline_ms) {
      perf::result r{"kernel " + name + " " + size + " f32"};
      r.device_ms = perf::median_ms(fn);
      r.host_us = perf::host_us_per_call(fn, calls);
      r.bytes = n == 1000 ? 0.0 : 2.0 * n * sizeof(float);
      r.baseline = baseline;
      r.baseline_ms = baseline_ms;
      rs.push_back(r);
    };
    const double expression_ms = perf::median_ms([&] { y = x * 2.0f + 1.0f; });
    add(
        "functor x*a+b", [&] { y = functor(x, 2.0f, 1.0f); }, "x * a + b", expression_ms);
    if (!rtc) continue;
    const cupp::rtc::elementwise_kernel<float> ew("float32 x, float32 a, float32 b", "float32 y",
                                                  "y = x * a + b", "axpb");
    add(
        "ElementwiseKernel", [&] { y = ew(x, 2.0f, 1.0f); }, "x * a + b", expression_ms);
    const cupp::rtc::raw_kernel raw(raw_source, "axpb");
    const auto blocks = static_cast<unsigned>((n + 255) / 256);
    add(
        "RawKernel", [&] { raw(blocks, 256, x, 2.0f, 1.0f, y, static_cast<long long>(n)); },
        "x * a + b", expression_ms);
  }
  // the floor of every host figure above: an empty kernel launched through cupp
  perf::result floor{"  empty kernel launch"};
  floor.host_us = perf::host_us_per_call([] { cupp::detail::launch_for_each(1, noop{}); }, 20000);
  rs.push_back(floor);
#if defined(CUPP_BACKEND_CUDA)
  // the same through the runtime's `<<<>>>`: what the driver launch above saves
  perf::result runtime_floor{"  empty kernel <<<>>> (runtime)"};
  runtime_floor.host_us =
      perf::host_us_per_call([] { empty_kernel<<<1, 256, 0, cupp::current_stream()>>>(); }, 20000);
  rs.push_back(runtime_floor);
#endif
  return perf::report(rs, opt.json, copy_tbs);
}
