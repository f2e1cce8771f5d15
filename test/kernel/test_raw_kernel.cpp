// Raw kernels and modules from CUDA source (cupp::rtc::raw_kernel / raw_module, CuPy's RawKernel
// and RawModule): launches, argument checks, shared memory, streams, name expressions and the
// disk cache on the CUDA backend; the backend error on the host backend.
#include "kernel/rtc_testing.hpp"

#include <cupp/core/context.hpp>
#include <cupp/core/error.hpp>
#include <cupp/kernel/raw.hpp>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>

using namespace cupp_test;
namespace cp = cupp;

namespace {

const char* const add_source = R"(
extern "C" __global__ void add(const float* x, const float* y, float* z, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) z[i] = x[i] + y[i];
}
)";

} // namespace

TEST_CASE("raw kernels launch with grid, block and arguments", "[kernel][raw]") {
  SKIP_UNLESS_NVRTC(cp::rtc::raw_kernel(add_source, "add"));
  const cp::rtc::raw_kernel add(add_source, "add");
  CHECK(add.name() == "add");
  const int n = GENERATE(1, 255, 256, 1000);
  const auto x = device_values<float>({n}, 1);
  const auto y = device_values<float>({n}, 2);
  auto z = cp::zeros<float>({n});
  add((n + 127) / 128, 128, x, y, z, n);
  const auto hx = host(x), hy = host(y);
  std::vector<float> expected;
  for (std::size_t i = 0; i < hx.size(); ++i)
    expected.push_back(hx[i] + hy[i]);
  CHECK(host(z) == expected);
  const cp::ndarray<float> foreign(x.data(), x.shape(), x.strides(), x.owner(), cp::device_count());
  CHECK_THROWS_WITH_WORDS(add(1, 128, foreign, y, z, n), cp::value_error,
                          "Array device must be same as the current device");
}

TEST_CASE("raw kernels check the arguments against the parameters", "[kernel][raw]") {
  SKIP_UNLESS_NVRTC(cp::rtc::raw_kernel(add_source, "add"));
  const cp::rtc::raw_kernel add(add_source, "add");
  const auto x = cp::ones<float>({4});
  auto z = cp::zeros<float>({4});
  CHECK_THROWS_WITH_WORDS(add(1, 4, x, x, z), cp::type_error,
                          "kernel 'add' takes 4 argument(s), got 3");
  CHECK_THROWS_WITH_WORDS(add(1, 4, x, x, z, std::int64_t{4}), cp::type_error,
                          "argument 3 of kernel 'add' has 8 bytes, but the parameter has 4");
  CHECK_THROWS_WITH_WORDS(cp::rtc::raw_kernel(add_source, "nope"), cp::value_error,
                          "no kernel named 'nope'");
  CHECK_THROWS_WITH_WORDS(add(0, 4, x, x, z, 4), cp::cuda_error, "cudaLaunchKernel");
}

TEST_CASE("raw modules: several kernels and template instances", "[kernel][raw]") {
  const char* source = R"(
template <class T> __global__ void scale(T* v, T factor, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] *= factor;
}
extern "C" __global__ void fill(float* v, float value, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] = value;
}
)";
  SKIP_UNLESS_NVRTC(cp::rtc::raw_module(source));
  const cp::rtc::raw_module mod(source, {}, {"scale<float>", "scale<double>"});
  auto f = cp::zeros<float>({5});
  mod.get_function("fill")(1, 32, f, 2.5f, 5);
  mod.get_function("scale<float>")(1, 32, f, 2.0f, 5);
  CHECK(host(f) == std::vector<float>(5, 5.0f));
  auto d = cp::ones<double>({3});
  mod.get_function("scale<double>")(1, 32, d, -4.0, 3);
  CHECK(host(d) == std::vector<double>(3, -4.0));
}

TEST_CASE("raw kernels with dynamic shared memory, 2-D blocks and streams", "[kernel][raw]") {
  const char* source = R"(
extern "C" __global__ void block_sums(const float* x, float* sums) {
  extern __shared__ float buf[];
  const int t = threadIdx.y * blockDim.x + threadIdx.x;
  const int threads = blockDim.x * blockDim.y;
  buf[t] = x[blockIdx.x * threads + t];
  __syncthreads();
  for (int s = threads / 2; s > 0; s /= 2) {
    if (t < s) buf[t] += buf[t + s];
    __syncthreads();
  }
  if (t == 0) sums[blockIdx.x] = buf[0];
}
extern "C" __global__ void big_shared(float* out, int words) {
  extern __shared__ float buf[];
  for (int i = threadIdx.x; i < words; i += blockDim.x) buf[i] = i;
  __syncthreads();
  if (threadIdx.x == 0) out[0] = buf[words - 1];
}
)";
  SKIP_UNLESS_NVRTC(cp::rtc::raw_module(source));
  const cp::rtc::raw_module mod(source);
  const auto x = cp::ones<float>({3 * 256});
  auto sums = cp::zeros<float>({3});
  mod.get_function("block_sums").launch(3, {16, 16}, 256 * sizeof(float), x, sums);
  CHECK(host(sums) == std::vector<float>(3, 256.0f));

  // over the default 48 KiB: opted into on the way
  const int words = 64 * 1024 / 4;
  auto out = cp::zeros<float>({1});
  mod.get_function("big_shared").launch(1, 256, words * sizeof(float), out, words);
  CHECK(out.item() == float(words - 1));

  cp::stream s;
  auto on_stream = cp::zeros<float>({3});
  {
    const cp::stream_guard guard(s.native());
    mod.get_function("block_sums").launch(3, {16, 16}, 256 * sizeof(float), x, on_stream);
  }
  s.synchronize();
  CHECK(host(on_stream) == std::vector<float>(3, 256.0f));
}

TEST_CASE("NVRTC compile errors of raw kernels carry the log", "[kernel][raw]") {
  const char* source = "extern \"C\" __global__ void broken(float* v) { v[0] = undefined_name; }";
  SKIP_UNLESS_NVRTC(cp::rtc::raw_kernel(source, "broken"));
  CHECK_THROWS_WITH_WORDS(cp::rtc::raw_kernel(source, "broken"), cp::rtc::compile_error,
                          "NVRTC could not compile 'broken'", "undefined_name",
                          "--gpu-architecture=");
}

TEST_CASE("compiled modules are stored in the disk cache", "[kernel][raw]") {
  const auto dir = std::filesystem::temp_directory_path() / "cupp_test_kernel_cache";
  std::filesystem::remove_all(dir);
  const char* previous = std::getenv("CUPP_CACHE_DIR");
  const std::string saved = previous ? previous : "";
  ::setenv("CUPP_CACHE_DIR", dir.c_str(), 1);
  // a source no earlier run has compiled, so that this process compiles and stores it
  const std::string source =
      std::string(add_source) + "// " +
      std::to_string(std::filesystem::file_time_type::clock::now().time_since_epoch().count());
  auto restore = [&] {
    if (previous)
      ::setenv("CUPP_CACHE_DIR", saved.c_str(), 1);
    else
      ::unsetenv("CUPP_CACHE_DIR");
  };
  if (!has_nvrtc()) {
    CHECK_THROWS_WITH_WORDS(cp::rtc::raw_kernel(source, "add"), cp::error, "need the CUDA backend");
    restore();
    return;
  }
  const cp::rtc::raw_kernel add(source, "add");
  restore();
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    CHECK(entry.path().extension() == ".cubin");
    ++files;
  }
  CHECK(files == 1);
  std::filesystem::remove_all(dir);
}
