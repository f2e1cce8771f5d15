#pragma once
/// \file
/// Status checks for CUDA runtime and library calls, active in every build type.

#include <cupp/core/error.hpp>

#include <string>

namespace cupp::detail {

/// Throws the matching cupp exception for a failed call; `expr` is the call's source text.
[[noreturn]] void throw_cuda_error(int code, const char* message, const char* expr,
                                   const char* file, int line);

/// The API name of a call's source text: everything before the first '('.
[[nodiscard]] inline std::string api_name(const char* expr) {
  std::string s(expr);
  return s.substr(0, s.find('('));
}

} // namespace cupp::detail

#if defined(CUPP_BACKEND_CUDA)
#include <cuda_runtime_api.h>
/// Checks a CUDA runtime call; throws `cupp::cuda_error` (or `out_of_memory`) naming the call.
#define CUPP_CUDA_CHECK(call)                                                                      \
  do {                                                                                             \
    const cudaError_t cupp_status_ = (call);                                                       \
    if (cupp_status_ != cudaSuccess)                                                               \
      ::cupp::detail::throw_cuda_error(static_cast<int>(cupp_status_),                             \
                                       cudaGetErrorString(cupp_status_), #call, __FILE__,          \
                                       __LINE__);                                                  \
  } while (0)
#endif
