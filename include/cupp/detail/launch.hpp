#pragma once
/// \file
/// The kernel-launch facility: the only place that chooses between the CUDA and host backends for
/// elementwise work. Both implementations provide, in namespace cupp::detail:
///
///   launch_transform(n, T* out, F f)   out[i] = f(i) for i in [0, n), on the current stream
///   launch_for_each(n, F f)            f(i) for i in [0, n), on the current stream
///
/// `f` is a `__host__ __device__` functor taken by value.

#include <cupp/core/config.hpp>

#if defined(CUPP_BACKEND_CUDA)
#include <cupp/detail/cuda/launch.cuh>
#else
#include <cupp/detail/host/launch.hpp>
#endif
