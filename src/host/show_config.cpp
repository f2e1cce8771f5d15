// Host backend's lines of cupp::show_config(): OpenMP and the BLAS library it calls (OpenBLAS).
#define CUPP_HOST_ONLY_TU
#include <cupp/detail/config_info.hpp>

#include <omp.h>

#include <string>

// OpenBLAS's own queries. Declared here rather than through <cblas.h>: on Debian that header is
// an alternative that may be another vendor's, while the library CMake links is OpenBLAS.
extern "C" char* openblas_get_config(void);
extern "C" int openblas_get_num_threads(void);

namespace cupp::detail {

namespace {

// _OPENMP is the date of the specification: 201511 -> "4.5 (201511)"
std::string openmp_version() {
  const int v = _OPENMP;
  const char* name = v >= 202111   ? "5.2"
                     : v >= 202011 ? "5.1"
                     : v >= 201811 ? "5.0"
                     : v >= 201511 ? "4.5"
                     : v >= 201307 ? "4.0"
                                   : "before 4.0";
  return std::string(name) + " (" + std::to_string(v) + ")";
}

} // namespace

std::vector<config_row> backend_config() {
  const char* blas = openblas_get_config();
  return {
      {"CUDA Runtime Version", "none (host backend)"},
      {"CUDA Driver Version", "none (host backend)"},
      {"OpenMP Version", openmp_version()},
      {"OpenMP Threads", std::to_string(omp_get_max_threads())},
      {"BLAS Library", blas ? blas : "OpenBLAS"},
      {"BLAS Threads", std::to_string(openblas_get_num_threads())},
  };
}

} // namespace cupp::detail
