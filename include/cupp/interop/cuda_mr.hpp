#pragma once
/// \file
/// cupp's resources (memory/) as libcu++'s `cuda::mr` resources: on the CUDA backend each one has
/// the `get_property` overloads of its accessibility (`device_accessible`, `host_accessible`) and
/// is checked at compile time against `cuda::mr::async_resource` with those properties, so that it
/// can go wherever a `cuda::mr::resource_ref` is taken. Nothing on the host backend (the concepts
/// need the CUDA runtime's stream type).

#include <cupp/detail/cuda_mr.hpp>
#include <cupp/memory/adaptors.hpp>
#include <cupp/memory/pool.hpp>
#include <cupp/memory/upstream.hpp>
