// The GPU self-check of the course's first lesson, in C++: version, device count, name, memory,
// and a small array with the device it lives on.
#include <cupp/cupp.hpp>

#include <iostream>

namespace cp = cupp;

int main() {
  std::cout << "cupp version: " << cp::version << " (backend: " << cp::backend_name << ")\n";
  const int count = cp::device_count();
  if (std::string(cp::backend_name) == "cuda") {
    std::cout << "CUDA runtime " << cp::runtime_version() / 1000 << "."
              << cp::runtime_version() % 1000 / 10 << ", driver supports CUDA "
              << cp::driver_version() / 1000 << "." << cp::driver_version() % 1000 / 10 << "\n";
  }
  std::cout << "devices available: " << count << "\n";
  if (count == 0) {
    std::cout
        << "No GPU found: check nvidia-smi, the driver, and that this user may access the GPU.\n";
    return 1;
  }
  cp::device_guard use(0); // cupy.cuda.Device(0).use()
  const auto props = cp::get_device_properties(0);
  std::cout << "device name: " << props.name << "\n";
  std::cout << "total memory (GB): "
            << static_cast<double>(props.total_memory) / (1024.0 * 1024 * 1024) << "\n";
  if (props.major > 0)
    std::cout << "compute capability: " << props.major << "." << props.minor << "\n";

  const auto a = cp::arange(5);
  std::cout << "a = " << a << "\n";
  std::cout << "a lives on device " << a.device() << " ("
            << (std::string(cp::backend_name) == "cuda" ? "CUDA device memory"
                                                        : "host memory, host backend")
            << ")\n";
  return cp::sum(a).item() == 10 ? 0 : 1;
}
