#pragma once
// CUB's two-phase calls in one place: the first call asks how much scratch the algorithm needs,
// the second runs it with that scratch from the current memory resource on the current stream.

#include <cupp/core/context.hpp>
#include <cupp/detail/check.hpp>
#include <cupp/detail/scratch.hpp>

#include <cstddef>

namespace cupp::detail {

/// Runs `call(void* scratch, std::size_t& bytes, cudaStream_t stream)` (a CUB device algorithm)
/// twice as CUB asks; a failure raises cuda_error naming `what`, the algorithm.
template <class Call> void cub_call(const char* what, Call&& call) {
  const cudaStream_t s = current_stream();
  std::size_t bytes = 0;
  cudaError_t status = call(nullptr, bytes, s);
  if (status == cudaSuccess) {
    scratch tmp(bytes);
    status = call(tmp.data(), bytes, s);
  }
  if (status != cudaSuccess)
    throw_cuda_error(static_cast<int>(status), cudaGetErrorString(status), what, __FILE__,
                     __LINE__);
}

} // namespace cupp::detail
