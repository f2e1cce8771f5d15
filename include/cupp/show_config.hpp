#pragma once
/// \file
/// `cupp::show_config()`: what this build of cupp is and what it runs on, for bug reports and
/// for checking a machine (CuPy's `cupy.show_config()`).

#include <iosfwd>

namespace cupp {

/// Prints cupp's version and backend, the compiler and CCCL it was built with, the CUDA build,
/// runtime and driver versions, the libraries it calls (cuBLAS and NVRTC on the CUDA backend,
/// OpenBLAS and OpenMP on the host backend), every device (name, compute capability, memory,
/// multiprocessors), the default memory pools (limit, held and used bytes) and the environment
/// variables cupp reads, one `name : value` line each (CuPy's `cupy.show_config()`).
///
/// Queries that fail (a CUDA build on a machine without a GPU) print their error in place of the
/// value instead of throwing, so the report still shows what is there. Creates the current
/// device's default pool (as the first array would), so it reports a pool without allocating.
void show_config(std::ostream& out);

/// show_config() to `std::cout`.
void show_config();

} // namespace cupp
