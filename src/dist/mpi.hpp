#pragma once
// MPI as both engines use it (src/host/comm.cpp: the host backend's collectives; src/cuda/comm.cpp:
// NCCL's bootstrap): the C API only, every call checked, and MPI started and ended only by the
// one who started it (a program may have called MPI_Init itself).
#include <cupp/detail/comm.hpp>

// not the deprecated C++ bindings Open MPI and MPICH would add
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>

#include <string>

namespace cupp::detail::comm {

/// Throws comm_error naming the call and MPI's words for a failed MPI call.
inline void mpi_check(int code, const char* call) {
  if (code == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(code, text, &length);
  throw comm_error(std::string(call) + " failed: " + std::string(text, length));
}

/// Initialises MPI unless the program has (cupp calls it from the thread that made the
/// environment; its OpenMP threads never do); whether it did.
inline bool mpi_start(int* argc, char*** argv) {
  int initialised = 0;
  mpi_check(MPI_Initialized(&initialised), "MPI_Initialized");
  if (initialised) return false;
  int provided = 0;
  mpi_check(MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided), "MPI_Init_thread");
  return true;
}

/// Finalises MPI if `started_here` and nobody has.
inline void mpi_end(bool started_here) {
  int finalised = 0;
  MPI_Finalized(&finalised);
  if (started_here && !finalised) MPI_Finalize();
}

} // namespace cupp::detail::comm
