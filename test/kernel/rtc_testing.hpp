#pragma once
// Runtime compilation needs the CUDA backend; on the host backend the tests of compiled kernels
// check the error that replaces them instead.
#include "common/testing.hpp"

#include <cupp/core/config.hpp>

#include <string>

namespace cupp_test {
inline bool has_nvrtc() { return std::string(cupp::backend_name) == "cuda"; }
} // namespace cupp_test

/// On the host backend: checks that `expr` raises the "needs the CUDA backend" error, and ends the
/// test case. On the CUDA backend: does nothing.
#define SKIP_UNLESS_NVRTC(expr)                                                                    \
  do {                                                                                             \
    if (!cupp_test::has_nvrtc()) {                                                                 \
      CHECK_THROWS_WITH_WORDS(expr, cupp::error, "need the CUDA backend");                         \
      return;                                                                                      \
    }                                                                                              \
  } while (0)
