// CUDA backend's lines of cupp::show_config(): the toolkit cupp was built with, the runtime and
// driver it finds, and the libraries it calls (cuBLAS, NVRTC).
#define CUPP_HOST_ONLY_TU
#include <cupp/core/context.hpp>
#include <cupp/detail/config_info.hpp>

#include <cublas_v2.h>
#include <cuda_runtime_api.h>
#include <nvrtc.h>

#include <exception>
#include <string>

namespace cupp::detail {

namespace {

// 13000 -> "13.0 (13000)": CUDA's encoding, and the number a bug report can search for
std::string cuda_version_text(int v) {
  if (v == 0) return "none";
  return std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10) + " (" + std::to_string(v) +
         ")";
}

template <class Query> std::string or_error(Query query) {
  try {
    return query();
  } catch (const std::exception& e) {
    return std::string("error: ") + e.what();
  }
}

std::string cublas_version() {
  int major = 0, minor = 0, patch = 0;
  if (cublasGetProperty(MAJOR_VERSION, &major) != CUBLAS_STATUS_SUCCESS ||
      cublasGetProperty(MINOR_VERSION, &minor) != CUBLAS_STATUS_SUCCESS ||
      cublasGetProperty(PATCH_LEVEL, &patch) != CUBLAS_STATUS_SUCCESS)
    return "error: cublasGetProperty failed";
  return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
}

std::string nvrtc_version() {
  int major = 0, minor = 0;
  if (nvrtcVersion(&major, &minor) != NVRTC_SUCCESS) return "error: nvrtcVersion failed";
  return std::to_string(major) + "." + std::to_string(minor);
}

} // namespace

std::vector<config_row> backend_config() {
  return {
      {"CUDA Build Version", cuda_version_text(CUDART_VERSION)},
      {"CUDA Runtime Version", or_error([] { return cuda_version_text(runtime_version()); })},
      // 0 when no driver is installed: the runtime loads, but no kernel can run
      {"CUDA Driver Version", or_error([] { return cuda_version_text(driver_version()); })},
      {"cuBLAS Version", cublas_version()},
      {"NVRTC Version", nvrtc_version()},
  };
}

} // namespace cupp::detail
