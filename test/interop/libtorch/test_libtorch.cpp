// DLPack with libtorch, PyTorch's C++ library (issue 18's real client): cupp arrays become torch
// tensors and torch tensors cupp arrays, both ways without a copy (the data pointers are equal and
// a write on one side is seen on the other), every dtype both have, views with strides, the
// versioned and legacy structs, and lifetimes: memory stays alive while the other side holds it
// and is released when both are gone. CPU tensors on the host backend, CUDA tensors on the CUDA
// backend. Built with -DCUPP_LIBTORCH_DIR=<torch's package directory> (docs/interop.md).
#include <ATen/DLConvertor.h> // torch's dlpack.h first: cupp's DLPack structs are then its own
#include <torch/torch.h>
#include <torch/version.h>

#include "testing.hpp"

#include <cupp/array.hpp>
#include <cupp/creation.hpp>
#include <cupp/interop/dlpack.hpp>

#include <optional>
#include <string_view>
#include <type_traits>
#include <vector>

namespace {

// at::toDLPackVersioned / fromDLPackVersioned: PyTorch 2.9 and later
constexpr bool torch_versioned = TORCH_VERSION_MAJOR > 2 || TORCH_VERSION_MINOR >= 9;

const torch::Device torch_device = cupp::backend_name == std::string_view("cuda")
                                       ? torch::Device(torch::kCUDA, 0)
                                       : torch::Device(torch::kCPU);

// cupp's values in C order as float64 (complex: the real parts), through the host
std::vector<double> values(const cupp::array& a) { return a.astype<double>().get(); }
std::vector<double> values(const torch::Tensor& x) {
  const torch::Tensor r =
      (x.is_complex() ? torch::real(x) : x).to(torch::kCPU).to(torch::kFloat64).contiguous();
  return {r.data_ptr<double>(), r.data_ptr<double>() + r.numel()};
}

torch::Tensor import_to_torch(const cupp::array& a, bool versioned) {
  if constexpr (torch_versioned) {
    if (versioned) return at::fromDLPackVersioned(cupp::to_dlpack_versioned(a));
  }
  return at::fromDLPack(cupp::to_dlpack(a));
}
cupp::array import_to_cupp(const torch::Tensor& x, bool versioned) {
  if constexpr (torch_versioned) {
    if (versioned) return cupp::from_dlpack(at::toDLPackVersioned(x));
  }
  return cupp::from_dlpack(at::toDLPack(x));
}

// both structs where this libtorch has DLPack 1.0's functions, else the legacy one
std::vector<bool> modes() {
  return torch_versioned ? std::vector{true, false} : std::vector{false};
}

struct pair_of {
  const char* cupp;
  torch::ScalarType torch;
};
const pair_of dtypes[] = {{"bool", torch::kBool},
                          {"int8", torch::kInt8},
                          {"uint8", torch::kUInt8},
                          {"int16", torch::kInt16},
                          {"int32", torch::kInt32},
                          {"int64", torch::kInt64},
                          {"float16", torch::kFloat16},
                          {"bfloat16", torch::kBFloat16},
                          {"float32", torch::kFloat32},
                          {"float64", torch::kFloat64},
                          {"complex64", torch::kComplexFloat},
                          {"complex128", torch::kComplexDouble}};

} // namespace

TEST_CASE("cupp arrays become torch tensors without a copy", "[libtorch]") {
  for (const bool versioned : modes()) {
    INFO((versioned ? "DLPack 1.0" : "legacy DLPack"));
    for (const auto& [name, scalar] : dtypes) {
      INFO(name);
      const cupp::array a =
          cupp::array(cupp::arange<double>(12.0)).astype(*cupp::dtype_from_name(name));
      const torch::Tensor x = import_to_torch(a.reshape({3, 4}), versioned);
      cupp::synchronize(); // torch reads on its own stream
      CHECK(x.scalar_type() == scalar);
      CHECK(x.device() == torch_device);
      CHECK(x.data_ptr() == a.data());
      CHECK(x.sizes().vec() == std::vector<std::int64_t>{3, 4});
      CHECK(values(x) == values(a));
    }
    // a transposed view keeps its strides
    const cupp::array a = cupp::array(cupp::arange<double>(6.0)).astype(cupp::dtype::float32);
    const torch::Tensor t = import_to_torch(a.reshape({2, 3}).transpose(), versioned);
    cupp::synchronize();
    CHECK(t.strides().vec() == std::vector<std::int64_t>{1, 3});
    CHECK(values(t) == std::vector<double>{0, 3, 1, 4, 2, 5});
    // torch writes into cupp's memory
    t.mul_(2);
    cupp::device_synchronize();
    CHECK(values(a) == std::vector<double>{0, 2, 4, 6, 8, 10});
  }
}

TEST_CASE("torch tensors become cupp arrays without a copy", "[libtorch]") {
  for (const bool versioned : modes()) {
    INFO((versioned ? "DLPack 1.0" : "legacy DLPack"));
    for (const auto& [name, scalar] : dtypes) {
      INFO(name);
      const torch::Tensor x =
          torch::arange(12, torch::TensorOptions().device(torch_device)).to(scalar).reshape({3, 4});
      const cupp::array c = import_to_cupp(x, versioned);
      CHECK(std::string(c.dtype_name()) == name);
      CHECK(c.data() == x.data_ptr());
      CHECK(c.shape() == cupp::shape_t{3, 4});
      CHECK(values(c) == values(x));
    }
    // a strided view (every other column of the transpose): cupp sees its strides and writes in it
    const torch::Tensor base =
        torch::arange(24, torch::TensorOptions().dtype(torch::kFloat64).device(torch_device))
            .reshape({4, 6});
    const torch::Tensor view = base.t().slice(0, 0, 6, 2); // 3 x 4, strides (2, 6)
    const cupp::array c = import_to_cupp(view, versioned);
    CHECK(c.data() == view.data_ptr());
    CHECK(c.strides() == cupp::shape_t{2, 6});
    CHECK(values(c) == values(view));
    c.visit([](auto v) {
      using T = typename decltype(v)::value_type;
      if constexpr (std::is_same_v<T, double>) v *= 2.0;
    });
    cupp::synchronize();
    torch::Tensor expected =
        torch::arange(24, torch::TensorOptions().dtype(torch::kFloat64)).reshape({4, 6});
    expected.t().slice(0, 0, 6, 2).mul_(2);
    CHECK(values(base) == values(expected));
  }
}

TEST_CASE("memory shared through DLPack lives while either side holds it", "[libtorch]") {
  for (const bool versioned : modes()) {
    INFO((versioned ? "DLPack 1.0" : "legacy DLPack"));
    // torch's tensor gone, cupp's view still reads its values; cupp's release drops torch's storage
    cupp::array c;
    std::optional<c10::weak_intrusive_ptr<c10::StorageImpl>> storage;
    {
      const torch::Tensor x = torch::full({1000}, 7.0, torch::TensorOptions().device(torch_device));
      storage.emplace(x.storage().getWeakStorageImpl());
      c = import_to_cupp(x, versioned);
    }
    CHECK_FALSE(storage->expired());
    CHECK(values(c) == std::vector<double>(1000, 7.0));
    c = cupp::array();
    CHECK(storage->expired()); // the deleter ran once, with cupp's last view
    // cupp's array gone, torch's tensor still reads it
    torch::Tensor x;
    {
      const cupp::array a = cupp::array(cupp::full<float>({500}, 3.0f));
      x = import_to_torch(a, versioned);
      cupp::synchronize();
    }
    CHECK(values(x) == std::vector<double>(500, 3.0));
  }
}
