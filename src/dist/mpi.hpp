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

/// A communicator of cupp's own over MPI_COMM_WORLD's processes (the program's messages and
/// error handler stay its own), returning errors rather than aborting.
inline MPI_Comm mpi_world_copy() {
  MPI_Comm c{};
  mpi_check(MPI_Comm_dup(MPI_COMM_WORLD, &c), "MPI_Comm_dup");
  mpi_check(MPI_Comm_set_errhandler(c, MPI_ERRORS_RETURN), "MPI_Comm_set_errhandler");
  return c;
}

/// Frees a communicator mpi_world_copy made, unless MPI has been finalised.
inline void mpi_free(MPI_Comm& c) {
  int finalised = 0;
  MPI_Finalized(&finalised);
  if (!finalised && c != MPI_COMM_NULL) MPI_Comm_free(&c);
  c = MPI_COMM_NULL;
}

/// Finalises MPI if `started_here` and nobody has.
inline void mpi_end(bool started_here) {
  int finalised = 0;
  MPI_Finalized(&finalised);
  if (started_here && !finalised) MPI_Finalize();
}

} // namespace cupp::detail::comm
