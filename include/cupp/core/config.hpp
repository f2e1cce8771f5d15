#pragma once
/// \file
/// Backend selection and the few macros every header needs.
///
/// The backend is fixed when the library is configured: `CUPP_BACKEND_CUDA` (nvcc, the product) or
/// `CUPP_BACKEND_HOST` (g++ with OpenMP and Thrust's OMP device system). Code outside detail/ never
/// tests these macros; it calls the one backend interface of each facility.

#include <cstddef>
#include <cstdint>

#if !defined(CUPP_BACKEND_CUDA) && !defined(CUPP_BACKEND_HOST)
#if defined(__CUDACC__)
#define CUPP_BACKEND_CUDA 1
#else
#define CUPP_BACKEND_HOST 1
#endif
#endif

#if defined(CUPP_BACKEND_CUDA) && !defined(__CUDACC__)
// Sources that include cupp on the CUDA backend compile as CUDA (nvcc), as with Thrust. The
// compiled part of the library (src/) is the exception: it only includes headers marked host-only.
#if !defined(CUPP_HOST_ONLY_TU)
#error "cupp's CUDA backend headers must be compiled by nvcc (make the source LANGUAGE CUDA)"
#endif
#endif

#if defined(__CUDACC__)
#define CUPP_HD __host__ __device__
#define CUPP_DEVICE __device__
/// Keeps a function a call in device code: for code that many call sites of one kernel would
/// otherwise inline into a body larger than the instruction cache.
#define CUPP_NOINLINE __noinline__
#else
#define CUPP_HD
#define CUPP_DEVICE
#define CUPP_NOINLINE
#endif

/// Asks nvcc to unroll the next loop in device code (host compilers would warn about the pragma).
#if defined(__CUDA_ARCH__)
#define CUPP_UNROLL _Pragma("unroll")
#else
#define CUPP_UNROLL
#endif

#if defined(CUPP_BACKEND_HOST) && !defined(THRUST_DEVICE_SYSTEM)
#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_OMP
#endif

/// cupp's version (also `cupp::version`); CMakeLists.txt's project(VERSION) must agree.
#define CUPP_VERSION_MAJOR 0
#define CUPP_VERSION_MINOR 1
#define CUPP_VERSION_PATCH 0

namespace cupp {

/// cupp's version, "major.minor.patch" (CuPy's `cupy.__version__`).
inline constexpr const char* version = "0.1.0";

/// Signed 64-bit index type used for every size, index and stride (arrays over 2^31 elements work).
using index_t = std::int64_t;

/// Most dimensions an array may have (NumPy 1.x's limit; NumPy 2 allows 64).
inline constexpr int max_dims = 32;

/// The backend this build of cupp runs on, as a word for messages and the self-check.
#if defined(CUPP_BACKEND_CUDA)
inline constexpr const char* backend_name = "cuda";
#else
inline constexpr const char* backend_name = "host";
#endif

} // namespace cupp
