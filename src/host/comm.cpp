// MPI backend of the communication facility (detail/comm.hpp): the host backend's device memory
// is host memory and its work has run when a call returns, so MPI's blocking collectives on the
// arrays' own buffers keep cupp's order. MPI counts are ints: larger transfers go in pieces.
#define CUPP_HOST_ONLY_TU
#include <cupp/core/error.hpp>
#include <cupp/detail/comm.hpp>

#include <algorithm>
#include <climits>
#include <cstring>
#include <string>
#include <vector>

#include "../dist/mpi.hpp"

namespace cupp::detail::comm {

namespace {

// MPI's predefined type of a dtype, or MPI_DATATYPE_NULL (float16, bfloat16)
MPI_Datatype mpi_type(dtype d) {
  switch (d) {
  case dtype::bool_:
    return MPI_C_BOOL;
  case dtype::int8:
    return MPI_INT8_T;
  case dtype::int16:
    return MPI_INT16_T;
  case dtype::int32:
    return MPI_INT32_T;
  case dtype::int64:
    return MPI_INT64_T;
  case dtype::uint8:
    return MPI_UINT8_T;
  case dtype::uint16:
    return MPI_UINT16_T;
  case dtype::uint32:
    return MPI_UINT32_T;
  case dtype::uint64:
    return MPI_UINT64_T;
  case dtype::float32:
    return MPI_FLOAT;
  case dtype::float64:
    return MPI_DOUBLE;
  case dtype::complex64:
    return MPI_C_FLOAT_COMPLEX;
  case dtype::complex128:
    return MPI_C_DOUBLE_COMPLEX;
  default:
    return MPI_DATATYPE_NULL;
  }
}

// The operation MPI defines for a type (MPI 4.0, 6.9.2): bool has only the logical ones (max is
// or, min is and; sum and prod of bools are not a bool), complex has no order.
MPI_Op mpi_op(dtype d, reduce_op op) {
  if (d == dtype::bool_) {
    if (op == reduce_op::max) return MPI_LOR;
    if (op == reduce_op::min) return MPI_LAND;
    return MPI_OP_NULL;
  }
  const bool complex = dtype_kind(d) == 'c';
  switch (op) {
  case reduce_op::sum:
    return MPI_SUM;
  case reduce_op::prod:
    return MPI_PROD;
  case reduce_op::max:
    return complex ? MPI_OP_NULL : MPI_MAX;
  case reduce_op::min:
    return complex ? MPI_OP_NULL : MPI_MIN;
  }
  return MPI_OP_NULL;
}

constexpr std::size_t piece_bytes = std::size_t{1} << 30; // below INT_MAX, whole elements

class mpi_endpoint final : public endpoint {
public:
  mpi_endpoint() : comm_(mpi_world_copy()) {
    mpi_check(MPI_Comm_rank(comm_, &rank_), "MPI_Comm_rank");
    mpi_check(MPI_Comm_size(comm_, &size_), "MPI_Comm_size");
  }
  ~mpi_endpoint() override { close(); }
  mpi_endpoint(const mpi_endpoint&) = delete;
  mpi_endpoint& operator=(const mpi_endpoint&) = delete;
  void close() override { mpi_free(comm_); }
  [[nodiscard]] int rank() const override { return rank_; }
  [[nodiscard]] int size() const override { return size_; }
  [[nodiscard]] bool reduces(dtype d, reduce_op op) const override {
    return mpi_type(d) != MPI_DATATYPE_NULL && mpi_op(d, op) != MPI_OP_NULL;
  }
  void allreduce(const void* send, void* recv, std::size_t count, dtype d, reduce_op op) override {
    if (!reduces(d, op)) throw value_error(std::string("MPI does not reduce ") + dtype_name(d));
    const std::size_t item = dtype_size(d), per_call = piece_bytes / item;
    for (std::size_t done = 0; done < count; done += per_call) {
      const int n = static_cast<int>(std::min(per_call, count - done));
      char* out = static_cast<char*>(recv) + done * item;
      const void* in = send == recv ? MPI_IN_PLACE : static_cast<const char*>(send) + done * item;
      mpi_check(MPI_Allreduce(in, out, n, mpi_type(d), mpi_op(d, op), comm()), "MPI_Allreduce");
    }
  }
  void broadcast(void* buf, std::size_t bytes, int root) override {
    for (std::size_t done = 0; done < bytes; done += piece_bytes) {
      const int n = static_cast<int>(std::min(piece_bytes, bytes - done));
      mpi_check(MPI_Bcast(static_cast<char*>(buf) + done, n, MPI_BYTE, root, comm()), "MPI_Bcast");
    }
  }
  void allgather(const void* send, void* recv, std::size_t bytes) override {
    if (bytes <= piece_bytes) {
      const int n = static_cast<int>(bytes);
      mpi_check(MPI_Allgather(send, n, MPI_BYTE, recv, n, MPI_BYTE, comm()), "MPI_Allgather");
      return;
    }
    const std::vector<std::size_t> offsets = strided(bytes, 0), counts(size_, bytes);
    alltoallv(send, counts, std::vector<std::size_t>(size_, 0), recv, counts, offsets);
  }
  void alltoallv(const void* send, const std::vector<std::size_t>& send_bytes,
                 const std::vector<std::size_t>& send_offsets, void* recv,
                 const std::vector<std::size_t>& recv_bytes,
                 const std::vector<std::size_t>& recv_offsets) override {
    // point-to-point in pieces: MPI_Alltoallv's counts and displacements are ints
    std::vector<MPI_Request> requests;
    for (int r = 0; r < size_; ++r) {
      char* to = static_cast<char*>(recv) + recv_offsets[r];
      if (r == rank_) {
        if (recv_bytes[r] != send_bytes[r])
          throw value_error("alltoallv: a rank sends itself " + std::to_string(send_bytes[r]) +
                            " bytes but receives " + std::to_string(recv_bytes[r]));
        if (recv_bytes[r])
          std::memmove(to, static_cast<const char*>(send) + send_offsets[r], recv_bytes[r]);
        continue;
      }
      for (std::size_t done = 0, piece = 0; done < recv_bytes[r]; done += piece_bytes, ++piece)
        post(requests,
             MPI_Irecv(to + done, count(recv_bytes[r], done), MPI_BYTE, r, static_cast<int>(piece),
                       comm(), &requests.emplace_back()),
             "MPI_Irecv");
    }
    for (int r = 0; r < size_; ++r) {
      if (r == rank_) continue;
      const char* from = static_cast<const char*>(send) + send_offsets[r];
      for (std::size_t done = 0, piece = 0; done < send_bytes[r]; done += piece_bytes, ++piece)
        post(requests,
             MPI_Isend(from + done, count(send_bytes[r], done), MPI_BYTE, r,
                       static_cast<int>(piece), comm(), &requests.emplace_back()),
             "MPI_Isend");
    }
    mpi_check(MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE),
              "MPI_Waitall");
  }
  void barrier() override { mpi_check(MPI_Barrier(comm()), "MPI_Barrier"); }
  [[nodiscard]] std::string engine() const override {
    char text[MPI_MAX_LIBRARY_VERSION_STRING];
    int length = 0;
    MPI_Get_library_version(text, &length);
    std::string v(text, length);
    v = v.substr(0, v.find_first_of(",\n")); // "Open MPI v4.1.4, package: ..." -> its first part
    return "MPI (" + v + ")";
  }

private:
  [[nodiscard]] std::vector<std::size_t> strided(std::size_t step, std::size_t first) const {
    std::vector<std::size_t> v(size_);
    for (int r = 0; r < size_; ++r)
      v[r] = first + r * step;
    return v;
  }
  static int count(std::size_t total, std::size_t done) {
    return static_cast<int>(std::min(piece_bytes, total - done));
  }
  // a failed post leaves its slot unused: drop it before waiting on the others
  static void post(std::vector<MPI_Request>& requests, int code, const char* call) {
    if (code == MPI_SUCCESS) return;
    requests.pop_back();
    MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE);
    mpi_check(code, call);
  }

  // the communicator, while the environment lasts
  [[nodiscard]] MPI_Comm comm() const {
    if (comm_ == MPI_COMM_NULL) throw value_error("cupp::dist: the environment has ended");
    return comm_;
  }

  MPI_Comm comm_;
  int rank_ = 0, size_ = 1;
};

std::shared_ptr<endpoint> world_endpoint;
bool initialised_here = false;

} // namespace

std::shared_ptr<endpoint> start(int* argc, char*** argv) {
  if (world_endpoint) return world_endpoint;
  initialised_here = mpi_start(argc, argv);
  world_endpoint = std::make_shared<mpi_endpoint>();
  return world_endpoint;
}

std::shared_ptr<endpoint> world() {
  if (!world_endpoint)
    throw value_error("cupp::dist: no communicator yet: make a cupp::dist::environment first");
  return world_endpoint;
}

std::vector<std::shared_ptr<endpoint>> local_group(int n) {
  throw value_error("cupp::dist: one process driving " + std::to_string(n) +
                    " devices needs NCCL (the CUDA backend); on the host backend each rank is "
                    "a process (mpirun -np " +
                    std::to_string(n) + ")");
}

void stop() {
  if (world_endpoint) world_endpoint->close();
  world_endpoint.reset();
  mpi_end(initialised_here);
  initialised_here = false;
}

} // namespace cupp::detail::comm
