// CUDA backend of runtime compilation: NVRTC compiles a module for the device's architecture, the
// runtime's library API (cudaLibrary*, CUDA 12+: no direct link to the driver API) loads it, and
// loaded modules stay for the life of the process, found again by their source in memory and
// across runs on disk (detail/kernel_cache.hpp).
#define CUPP_HOST_ONLY_TU
#include <cupp/core/context.hpp>
#include <cupp/core/error.hpp>
#include <cupp/detail/check.hpp>
#include <cupp/detail/cuda/launch_driver.hpp>
#include <cupp/detail/kernel_cache.hpp>
#include <cupp/detail/rtc.hpp>
#include <cupp/kernel/compile_error.hpp>

#include <cuda_runtime_api.h>
#include <nvrtc.h>

#include <algorithm>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

/// Checks an NVRTC call that is not a compilation (whose failure is a compile_error).
#define CUPP_NVRTC_CHECK(call)                                                                     \
  do {                                                                                             \
    const nvrtcResult cupp_nvrtc_status_ = (call);                                                 \
    if (cupp_nvrtc_status_ != NVRTC_SUCCESS)                                                       \
      throw ::cupp::cuda_error(::cupp::detail::api_name(#call),                                    \
                               static_cast<int>(cupp_nvrtc_status_),                               \
                               nvrtcGetErrorString(cupp_nvrtc_status_), __FILE__, __LINE__);       \
  } while (0)

/// Checks a runtime call whose failure is not sticky (a refused load or launch): the error is also
/// cleared from cudaGetLastError, so that the next launch check does not report it again.
#define CUPP_RTC_CHECK(call)                                                                       \
  do {                                                                                             \
    const cudaError_t cupp_rtc_status_ = (call);                                                   \
    if (cupp_rtc_status_ != cudaSuccess) {                                                         \
      (void)cudaGetLastError();                                                                    \
      ::cupp::detail::throw_cuda_error(static_cast<int>(cupp_rtc_status_),                         \
                                       cudaGetErrorString(cupp_rtc_status_), #call, __FILE__,      \
                                       __LINE__);                                                  \
    }                                                                                              \
  } while (0)

namespace cupp::detail::rtc {

namespace {

struct loaded_module {
  cudaLibrary_t library{};
  std::vector<std::pair<std::string, std::string>> lowered; // name expression -> symbol
};

std::string nvrtc_version() {
  int major = 0, minor = 0;
  CUPP_NVRTC_CHECK(nvrtcVersion(&major, &minor));
  return std::to_string(major) + "." + std::to_string(minor);
}

/// NVRTC's target for `device`: its own sm_XY (a CUBIN) when NVRTC knows it, else PTX of the
/// newest architecture NVRTC knows that the device runs (the driver finishes the compilation).
std::string architecture(int device) {
  int major = 0, minor = 0;
  CUPP_CUDA_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device));
  CUPP_CUDA_CHECK(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device));
  const int cc = major * 10 + minor;
  int n = 0;
  CUPP_NVRTC_CHECK(nvrtcGetNumSupportedArchs(&n));
  std::vector<int> archs(static_cast<std::size_t>(n));
  CUPP_NVRTC_CHECK(nvrtcGetSupportedArchs(archs.data()));
  if (std::find(archs.begin(), archs.end(), cc) != archs.end()) return "sm_" + std::to_string(cc);
  int best = 0;
  for (const int a : archs)
    if (a <= cc) best = std::max(best, a);
  if (best == 0)
    throw error("NVRTC " + nvrtc_version() + " cannot compile for device " +
                std::to_string(device) + " (sm_" + std::to_string(cc) + ")");
  return "compute_" + std::to_string(best);
}

bool names_architecture(const std::string& option) {
  return option.rfind("-arch", 0) == 0 || option.rfind("--gpu-architecture", 0) == 0;
}

kernel_cache::entry compile(const module_source& src, const std::vector<std::string>& options) {
  nvrtcProgram prog = nullptr;
  CUPP_NVRTC_CHECK(
      nvrtcCreateProgram(&prog, src.code.c_str(), (src.name + ".cu").c_str(), 0, nullptr, nullptr));
  struct destroy { // nothing can be done about a failed cleanup, so its status is not checked
    nvrtcProgram* p;
    ~destroy() { nvrtcDestroyProgram(p); }
  } guard{&prog};
  for (const auto& e : src.name_expressions)
    CUPP_NVRTC_CHECK(nvrtcAddNameExpression(prog, e.c_str()));
  std::vector<const char*> opts;
  for (const auto& o : options)
    opts.push_back(o.c_str());
  const nvrtcResult status = nvrtcCompileProgram(prog, static_cast<int>(opts.size()), opts.data());
  std::size_t log_size = 0;
  CUPP_NVRTC_CHECK(nvrtcGetProgramLogSize(prog, &log_size));
  std::string log(log_size, '\0');
  CUPP_NVRTC_CHECK(nvrtcGetProgramLog(prog, log.data()));
  while (!log.empty() && (log.back() == '\0' || log.back() == '\n'))
    log.pop_back();
  if (status != NVRTC_SUCCESS) {
    std::string message =
        "NVRTC could not compile '" + src.name + "' (" + nvrtcGetErrorString(status) + "; options:";
    for (const auto& o : options)
      message += " " + o;
    throw cupp::rtc::compile_error(message + "):", log);
  }

  kernel_cache::entry e;
  std::size_t size = 0;
  // a CUBIN exists for real architectures (sm_XY) only; for virtual ones the PTX is the binary
  if (nvrtcGetCUBINSize(prog, &size) == NVRTC_SUCCESS && size > 0) {
    e.image.resize(size);
    CUPP_NVRTC_CHECK(nvrtcGetCUBIN(prog, e.image.data()));
  } else {
    CUPP_NVRTC_CHECK(nvrtcGetPTXSize(prog, &size));
    e.image.resize(size); // with the terminating NUL the loader needs
    CUPP_NVRTC_CHECK(nvrtcGetPTX(prog, e.image.data()));
  }
  for (const auto& expression : src.name_expressions) {
    const char* symbol = nullptr;
    CUPP_NVRTC_CHECK(nvrtcGetLoweredName(prog, expression.c_str(), &symbol));
    e.lowered.emplace_back(expression, symbol);
  }
  return e;
}

/// The module of `src` for `device`: from memory, from disk, or compiled. Modules are never
/// unloaded: kernels may be in flight until the process ends, and unloading during static
/// destruction would race the runtime's own teardown.
const loaded_module& module_for(const module_source& src, int device) {
  std::vector<std::string> options = src.options;
  if (std::none_of(options.begin(), options.end(), names_architecture))
    options.push_back("--gpu-architecture=" + architecture(device));
  std::string key = "nvrtc " + nvrtc_version() + "\n";
  for (const auto& o : options)
    key += "option " + o + "\n";
  for (const auto& e : src.name_expressions)
    key += "name " + e + "\n";
  key += "source\n" + src.code;

  static std::mutex mutex;
  static auto* const modules = new std::unordered_map<std::string, const loaded_module*>();
  const std::lock_guard<std::mutex> lock(mutex);
  if (const auto it = modules->find(key); it != modules->end()) return *it->second;

  cudaLibrary_t library = nullptr;
  std::optional<kernel_cache::entry> e = kernel_cache::load(key);
  if (e && cudaLibraryLoadData(&library, e->image.data(), nullptr, nullptr, 0, nullptr, nullptr,
                               0) != cudaSuccess) {
    (void)cudaGetLastError(); // a cached binary the driver refuses is compiled again
    e.reset();
  }
  if (!e) {
    e = compile(src, options);
    kernel_cache::store(key, *e);
    CUPP_RTC_CHECK(
        cudaLibraryLoadData(&library, e->image.data(), nullptr, nullptr, 0, nullptr, nullptr, 0));
  }
  const auto* m = new loaded_module{library, std::move(e->lowered)};
  modules->emplace(std::move(key), m);
  return *m;
}

} // namespace

void load_module(const module_source& source, int device) { (void)module_for(source, device); }

function load_function(const module_source& source, const std::string& name, int device,
                       parameters params) {
  const loaded_module& m = module_for(source, device);
  std::string symbol = name;
  for (const auto& [expression, lowered] : m.lowered)
    if (expression == name) symbol = lowered;
  cudaKernel_t kernel = nullptr;
  const cudaError_t status = cudaLibraryGetKernel(&kernel, m.library, symbol.c_str());
  if (status != cudaSuccess) {
    (void)cudaGetLastError(); // not sticky: the next launch check must not see it
    if (status == cudaErrorSymbolNotFound || status == cudaErrorInvalidDeviceFunction)
      throw value_error("no kernel named '" + name +
                        "' in the module (a kernel needs extern \"C\", or its C++ name among the "
                        "module's name expressions)");
    throw_cuda_error(static_cast<int>(status), cudaGetErrorString(status), "cudaLibraryGetKernel",
                     __FILE__, __LINE__);
  }
  function f;
  f.handle = static_cast<const void*>(kernel);
  f.name = name;
  // the parameters' sizes, for the argument checks; the runtime reports "invalid value" past the
  // last parameter, and other errors where the driver predates the query (checks are then off)
  for (std::size_t i = 0; params == parameters::checked; ++i) {
    std::size_t offset = 0, size = 0;
    const cudaError_t s = cudaFuncGetParamInfo(f.handle, i, &offset, &size);
    if (s != cudaSuccess) {
      (void)cudaGetLastError();
      f.sizes_known = s == cudaErrorInvalidValue;
      break;
    }
    f.param_sizes.push_back(size);
  }
  return f;
}

void launch(const function& f, const unsigned grid[3], const unsigned block[3],
            std::size_t shared_mem, void** args) {
  constexpr std::size_t default_shared = 48 * 1024; // more must be opted into per kernel
  const dim3 g(grid[0], grid[1], grid[2]), b(block[0], block[1], block[2]);
  // the driver's launch of the kernel handle (detail/cuda/launch_driver.hpp): the runtime's
  // cudaLaunchKernel resolves the handle again on each call
  if (shared_mem <= default_shared &&
      driver_launch(f.handle, g, b, args, shared_mem, current_stream()))
    return;
  if (shared_mem > default_shared)
    CUPP_RTC_CHECK(cudaFuncSetAttribute(f.handle, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                        static_cast<int>(shared_mem)));
  CUPP_RTC_CHECK(cudaLaunchKernel(f.handle, g, b, args, shared_mem, current_stream()));
}

} // namespace cupp::detail::rtc
