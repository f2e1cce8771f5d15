#pragma once
/// \file
/// cupp's memory resources as libcu++'s `cuda::mr` resources (interop/cuda_mr.hpp): on the CUDA
/// backend, detail/cuda/cuda_mr.hpp gives each resource the `get_property` overloads of the
/// accessibility it has and checks every one against `cuda::mr::async_resource`. The host backend
/// has nothing here: the concepts need the CUDA runtime's stream type.

#include <cupp/core/config.hpp>

#if defined(CUPP_BACKEND_CUDA)
#include <cupp/detail/cuda/cuda_mr.hpp>
#endif
