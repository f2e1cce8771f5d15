// DLPack with libtorch (issue 18): the host time of one exchange each way, a 1024x1024 float32
// array made a torch tensor and a torch tensor made a cupp array (the tensor's or array's release
// included), against CuPy's torch.from_dlpack / cp.from_dlpack in perf/cupy_bench.py (same names).
// Built with -DCUPP_LIBTORCH_DIR (test/CMakeLists.txt's note).
#include <ATen/DLConvertor.h> // torch's dlpack.h before cupp's
#include <torch/torch.h>

#include "harness.hpp"

#include <cupp/array.hpp>
#include <cupp/creation.hpp>
#include <cupp/interop/dlpack.hpp>

#include <string_view>

int main(int argc, char** argv) {
  const auto opt = perf::parse_options(argc, argv, "perf_libtorch.json");
  std::vector<perf::result> rs;
  const cupp::array a = cupp::zeros<float>({1024, 1024});
  const torch::Tensor t = torch::zeros(
      {1024, 1024}, torch::TensorOptions().device(cupp::backend_name == std::string_view("cuda")
                                                      ? torch::Device(torch::kCUDA, 0)
                                                      : torch::Device(torch::kCPU)));
  perf::result to{"dlpack_to_torch_host"};
  to.host_us = perf::host_us_per_call_batched([&] { (void)at::fromDLPack(cupp::to_dlpack(a)); },
                                              20000, 1000);
  rs.push_back(to);
  perf::result from{"dlpack_from_torch_host"};
  from.host_us = perf::host_us_per_call_batched([&] { (void)cupp::from_dlpack(at::toDLPack(t)); },
                                                20000, 1000);
  rs.push_back(from);
  return perf::report(rs, opt.json, 0.0);
}
